"""``songe ambiguities --discover`` as text a reader follows at 80 columns: one entry per misreading that changes
the odds (rank, P(win), impact, what is misread and the sentence), then each witness told in words (the deck order,
the thoughts played, how the game ends as written and misread), the game's terms from its glossary."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from songe.spec import glossary

#: The rank, P(win) and impact columns, then the text: its indent.
_HEAD = f"{'rank':>4}  {'P(win)':>6}  {'impact':>7}  "


def _wrap(text: str, width: int, first: str, indent: int) -> list[str]:
    """``text`` wrapped to ``width`` (a no-break space holds a card's name on one line, printed as a space)."""
    lines = textwrap.wrap(text, max(width, 40), initial_indent=first, subsequent_indent=" " * indent,
                          break_on_hyphens=False) or [first.rstrip()]
    return [line.replace("\xa0", " ") for line in lines]


def _names(names: Sequence[str]) -> str:
    return ", ".join(n.replace(" ", "\xa0") for n in names)


def _ends(side: Sequence[Mapping[str, Any]], resource: str) -> str:
    """How one reading's game ends on the witness: « loss, Serenity 0 », each chance branch with its odds."""
    told = [f"{b['outcome']}, {resource} {b['lucidity']}" for b in side]
    if len(side) == 1 and Fraction(side[0]["probability"]) == 1:
        return told[0]
    return "; ".join(f"{b['probability']}: {t}" for b, t in zip(side, told, strict=True))


def witness_text(row: Mapping[str, Any], spec: Any, width: int) -> list[str]:
    """A witness in words (or why there is none), indented under its rank."""
    g = glossary.of(spec)
    resource = g["lucidity"].name("en", capital=True) if "lucidity" in g else "resource"
    thoughts = g["thought"].name("en", plural=True) if "thought" in g else "choices"
    w, pad = row["witness"], 6
    if not w:
        return _wrap(f"no witness: {row['witness_note']}", width, " " * pad, pad) if row["witness_note"] else []
    res = w["results"]
    return (_wrap(f"order: {_names(w['order'])}", width, " " * pad, pad + 7)
            + _wrap(f"{thoughts} played: {_names(w['choices']) or 'none'}", width, " " * pad, pad + 2)
            + _wrap(f"as written: {_ends(res['spec'], resource)}; misread: {_ends(res['mutation'], resource)}",
                    width, " " * pad, pad + 2))


def discover_report(spec: Any, at: str, base: float, rows: Sequence[Mapping[str, Any]], width: int) -> str:
    """The ranked misreadings and their witnesses, wrapped to ``width``; ``at``: the set-up measured, in words
    (its level and any override of it)."""
    shown = [r for r in rows if r["kept"] or r["error"]]
    indent = len(_HEAD)
    out = _wrap(f"{spec.name}, {at}: what each misreading of a sentence changes (base P(win) {base:.4f})",
                width, "", 0) + [_HEAD + "misreading, and the sentence misread"]
    for k, row in enumerate(shown, 1):
        impact = "error" if row["impact"] is None else f"{float(Fraction(row['impact'])):+.4f}"
        p = "-" if row["win_probability"] is None else f"{float(Fraction(row['win_probability'])):.4f}"
        out += _wrap(row["description"], width, f"{k:>4}  {p:>6}  {impact:>7}  ", indent)
        out += _wrap(f"« {row['quote']} »", width, " " * indent, indent + 2)
        if row["error"]:
            out += _wrap(row["error"], width, " " * indent, indent)
    out.append(f"{len(rows) - len(shown)} more perturbations change nothing at this set-up (--json lists them)")
    if any(r["witness"] or r["witness_note"] for r in shown):
        out += ["", *_wrap("Witnesses: a deck order on which the text as written and the misreading end "
                           "differently", width, "", 0)]
        for k, row in enumerate(shown, 1):
            if row["witness"] or row["witness_note"]:
                out += _wrap(row["description"], width, f"{k:>4}  ", 6) + witness_text(row, spec, width)
    return "\n".join(out)
