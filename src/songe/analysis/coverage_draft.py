"""Drafting an inventory file: the text's units, ``encodes`` resolved from the spec, the rest carried over.

Used when a source text, the splitter or the spec's quotes change: the draft
renumbers the units, recomputes ``encodes``, keeps the hand-written
dispositions of every unit whose text is unchanged, and marks an exact repeat
of an earlier unit as ``same_as`` it. A unit left with no disposition stays
unaccounted for, so ``songe coverage`` fails until someone decides.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from songe.analysis.coverage import resolve, spec_quotes
from songe.spec.fields import read_toml
from songe.spec.inventory import Entry, Inventory, units_of

_CARRIED = ("example", "hole", "gap", "flavour", "same_as", "note", "wording", "differs")
_HEADER = """# Sentence inventory of {source} (see songe.spec.inventory for the format and
# songe.spec.sentences for how the text is cut). `encodes` is resolved from the
# spec's quotes and checked by `songe coverage {game}`; the other dispositions
# are decisions, each with its reason.
"""


def _s(value: str) -> str:
    """A TOML basic string (JSON escapes are valid TOML escapes)."""
    return json.dumps(value, ensure_ascii=False)


def draft(path: Path | str, spec: Any) -> str:
    """The inventory file at ``path``, redrafted against its source and the spec."""
    p = Path(path)
    raw = read_toml(p)
    units = units_of(p)
    text = raw["text"]
    source = (p.parent / text["source"]).resolve()
    bare = Inventory(str(p), text["id"], text["game"], source, tuple(Entry(u) for u in units))
    quoted, _ = resolve([bare], spec_quotes(spec))
    old: dict[str, list[dict[str, Any]]] = {}
    for e in raw.get("sentences", []):
        old.setdefault(e.get("text", ""), []).append(e)
    first_of: dict[str, str] = {}
    lines = [_HEADER.format(source=Path(text["source"]).name, game=text["game"]), "[text]"]
    for key in ("id", "source", "game"):
        lines.append(f"{key} = {_s(text[key])}")
    if text.get("abbreviations"):
        lines.append("abbreviations = [" + ", ".join(_s(a) for a in text["abbreviations"]) + "]")
    if text.get("tables"):
        lines.append("tables = [" + ", ".join(
            f"{{ line = {t['line']}, columns = {t['columns']}, rows = {t['rows']} }}" for t in text["tables"]) + "]")
    if text.get("ocr"):
        lines.append("ocr = { " + ", ".join(f"{_s(k)} = {_s(v)}" for k, v in text["ocr"].items()) + " }")
    for u in units:
        candidates = old.get(u.text, [])
        pick = next((c for c in candidates if c.get("id") == u.id), candidates[0] if candidates else {})
        if pick in candidates:
            candidates.remove(pick)
        refs = quoted.get(u.id, ())
        lines += ["", "[[sentences]]", f"id = {_s(u.id)}", f"text = {_s(u.text)}"]
        if refs:
            lines.append("encodes = [" + ", ".join(_s(r) for r in refs) + "]")
        carried = {k: pick[k] for k in _CARRIED if pick.get(k)}
        if not refs and not carried and u.text in first_of:
            carried["same_as"] = [first_of[u.text]]
        for k in _CARRIED:
            if k in carried:
                v = carried[k]
                lines.append(f"{k} = " + ("[" + ", ".join(_s(x) for x in v) + "]" if isinstance(v, list) else _s(v)))
        first_of.setdefault(u.text, u.id)
    return "\n".join(lines) + "\n"
