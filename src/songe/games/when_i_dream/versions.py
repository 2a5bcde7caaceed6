"""Where the two texts of When I Dream differ or are silent, and a round that shows it matters.

Each reading of the spec is one such place. For each other option, a witness
round is searched exhaustively over short nights (a fixed small table): the
first round whose scores differ between the adopted reading and the option,
or that one reading accepts and the other rejects. Differences that change no
score are listed from the spec's ``[[differences]]``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from songe.analysis.contradictions import WORDING
from songe.games.when_i_dream.record import RecordError, check
from songe.games.when_i_dream.scoring import round_scores
from songe.spec.sources import quote_found
from songe.spec.when_i_dream import WhenIDreamSpec

#: Longest night tried when searching a witness round.
MAX_NIGHT = 5
NAMES = ("P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10")


def which_texts(spec: WhenIDreamSpec, quote: str) -> list[str]:
    """The texts (source ids) a quote stands in."""
    return [sid for sid, path in spec.sources.items() if quote_found(quote, path)]


def _round(spec: WhenIDreamSpec, events: tuple[str, ...], memory: bool, blue: bool = False) -> dict[str, Any]:
    n = spec.min_players
    players = list(NAMES[:n])
    cards = [r for r, c in spec.table[n].items() for _ in range(c)][: n - 1]
    return {"players": players, "rounds": [{"dreamer": players[0], "roles": dict(zip(players[1:], cards, strict=False)),
                                            "events": list(events), "remembered_all": memory,
                                            **({"mentioned_blue": True} if blue else {})}]}


def _scores(spec: WhenIDreamSpec, data: dict[str, Any]) -> dict[str, int] | str:
    try:
        record = check(data, spec)
    except RecordError as exc:
        return f"rejected: {exc}"
    return round_scores(spec, record.rounds[0])


@dataclass(frozen=True)
class Witness:
    """A round and its scores (or rejection) under two readings."""

    round: dict[str, Any]
    results: dict[str, Any]


def witness(a: WhenIDreamSpec, b: WhenIDreamSpec, labels: tuple[str, str],
            shortest: int = 0) -> tuple[Witness | None, int]:
    """The shortest round of at least ``shortest`` cards scored differently by ``a`` and ``b``, and how many
    rounds were tried (a dossier shows a night with cards where one exists: an empty board tells less)."""
    tried = 0
    for length in range(shortest, MAX_NIGHT + 1):
        for events in itertools.product(("right", "wrong", "pass"), repeat=length):
            for memory, blue in ((True, False), (False, False), (True, True)):
                if blue and not {"wrong", "pass"} & set(events):
                    continue  # a story cannot name a Blue-side card when that side is empty
                tried += 1
                data = _round(a, events + ("timer",), memory, blue)
                ra, rb = _scores(a, data), _scores(b, data)
                if ra != rb:
                    return Witness(data, {labels[0]: ra, labels[1]: rb}), tried
    return None, tried


def report(spec: WhenIDreamSpec) -> dict[str, Any]:
    """The catalogue: each reading with both texts' positions and a witness round, then the other differences
    of substance, then those of wording only (issue 24: they are not open questions)."""
    defaults = {r.id: r.default for r in spec.readings}
    base = spec.with_readings(defaults)
    entries = []
    for r in spec.readings:
        quotes = [{"quote": q, "texts": which_texts(spec, q)} for q in r.quotes]
        silent = sorted(set(spec.sources) - {t for q in quotes for t in q["texts"]})
        witnesses, notes = {}, {}
        for option in r.option_ids[1:]:
            w, tried = witness(base, spec.with_readings(defaults | {r.id: option}), (r.default, option))
            witnesses[option] = None if w is None else {"round": w.round, "results": w.results}
            notes[option] = (f"found among {tried:,} rounds tried" if w else
                             f"no round of up to {MAX_NIGHT} cards scores differently ({tried:,} tried, all of them)")
        first = next((w for w in witnesses.values() if w), None)
        entries.append({"id": r.id, "question": r.question, "quotes": quotes, "silent": silent,
                        "readings": [{"option": o, "default": o == r.default} for o in r.option_ids],
                        "adopted": r.default, "note": r.note, "witness": first, "witnesses": witnesses,
                        "witness_note": notes})
    differences = [dict(d, changes_scores=False) for d in spec.differences]
    return {"game": spec.id, "ambiguities": entries,
            "differences": [d for d in differences if d.get("substance") != WORDING],
            "wording_only": [d for d in differences if d.get("substance") == WORDING]}
