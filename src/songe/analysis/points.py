"""Every open point of a spec in one list: the measured readings (switches) and the points out of the model.

A point of the text is a switch (``[[readings]]``, measured by ``songe ambiguities``) or a question the
engine does not model (``[[open_points]]``: word judgement, table talk, memory), listed with its readings
in words so that the book settles it in words. Points that arise only from invented example cards or from
an engine convenience (``origin``) are listed apart: they are not questions of the text.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from songe.spec.readings import OpenPoint, Reading

#: The JSON key of the points that are not questions of the text.
ELSEWHERE = "not_of_the_text"


def _switch(r: Reading) -> dict[str, Any]:
    return {"id": r.id, "status": "switch", "stated": r.stated, "kind": r.kind or None, "origin": r.origin,
            "quotes": list(r.quotes), "question": r.question, "question_fr": r.question_fr,
            "readings": list(r.option_ids), "adopted": r.default,
            "impact": "measured: see this reading under 'ambiguities'"}


def _out_of_model(p: OpenPoint) -> dict[str, Any]:
    return {"id": p.id, "status": "out_of_model", "stated": False, "kind": p.kind, "origin": p.origin,
            "quotes": list(p.quotes), "question": p.question, "question_fr": p.question_fr,
            "readings": list(p.readings), "readings_fr": list(p.readings_fr), "adopted": p.readings[0],
            "why_not_modelled": p.why_not_modelled, "impact": p.impact}


def catalogue(spec: Any) -> dict[str, Any]:
    """The open points of a spec (readings, then points out of the model), the text's apart from the others,
    with their counts by status."""
    rows = [_switch(r) for r in spec.readings] + [_out_of_model(p) for p in spec.open_points]
    text = [r for r in rows if r["origin"] == "text"]
    other = [r for r in rows if r["origin"] != "text"]
    counts = Counter("stated_switch" if r["status"] == "switch" and r["stated"] else
                     "unstated_switch" if r["status"] == "switch" else "out_of_model" for r in text)
    return {"open_points": text, ELSEWHERE: other,
            "point_counts": {k: counts.get(k, 0) for k in ("stated_switch", "unstated_switch", "out_of_model")}
            | {ELSEWHERE: len(other)}}
