"""Outside facts: what the published games add to the rule texts (``spec/sources/FACTS.md``), with their sources.

The editor's dossier lists each fact a game relies on, where it was read, and
how far it is confirmed, from the number of sources and what the file says of
them ("one source only", "disagreement", "not found"); an optional fourth column
says what to ask the author (a fact no source gives, a use the text never states), a fifth
the open point the fact bears on (the decision sheet asks both in one entry).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from pathlib import Path

from songe.spec.sources import spec_dir


class Standing(enum.Enum):
    """How far an outside fact is confirmed."""

    CONFIRMED = "confirmed"
    """two or more independent sources agree"""
    SINGLE = "single"
    """one source only"""
    DISPUTED = "disputed"
    """the sources disagree"""
    MISSING = "missing"
    """searched for and not found"""


@dataclass(frozen=True)
class OutsideFact:
    """One row of FACTS.md."""

    fact: str
    value: str
    sources: str
    standing: Standing
    #: what the editor asks the author for (a fourth column, when a table has one): a fact no source gives, or
    #: a question the fact raises that the text leaves unanswered; "" when nothing is asked
    ask: str = ""
    #: the open point (a reading's or point's id) this fact bears on, when one does (a fifth column): the
    #: decision sheet asks both in one entry, never twice
    point: str = ""


def facts_file(lang: str = "en") -> Path:
    """The shipped facts file (``FACTS.md``); in French, its translation ``FACTS.fr.md`` (the games it covers)."""
    return spec_dir() / "sources" / ("FACTS.fr.md" if lang == "fr" else "FACTS.md")


def _standing(value: str, sources: str) -> Standing:
    """A row's standing from its own words.

    >>> _standing("11", "one source only (x.co.uk): treat as unconfirmed").value
    'single'
    >>> _standing("4 cards", "BGA; trictrac.net. One review says 1+ to 4+ (disagreement)").value
    'disputed'
    >>> _standing("3 suits", "BGA game help page; trictrac.net article; numerama.com review").value
    'confirmed'
    """
    low = f"{value} {sources}".lower()
    if sources.strip() in {"", "—", "-"} or "not found" in value.lower() or "introuvable" in value.lower():
        return Standing.MISSING
    if "disagree" in low or "désaccord" in low:
        return Standing.DISPUTED
    if "unconfirmed" in low or "one source" in low or "une seule source" in low:
        return Standing.SINGLE
    return Standing.CONFIRMED if len([s for s in re.split(r"[;,]", sources) if s.strip()]) > 1 else Standing.SINGLE


def outside_facts(game_title: str, path: Path | None = None, lang: str = "en") -> tuple[OutsideFact, ...]:
    """The facts of the game whose section title starts with ``game_title`` (none if it has no table); in
    French, the translated file's rows when it has the game, else the English ones."""
    if path is None and lang == "fr" and facts_file("fr").is_file():
        found = outside_facts(game_title, facts_file("fr"))
        if found:
            return found
    text = (path or facts_file()).read_text(encoding="utf-8")
    out: list[OutsideFact] = []
    inside = False
    for line in text.splitlines():
        if line.startswith("## "):
            inside = line[3:].strip().casefold().startswith(game_title.casefold())
        elif inside and line.startswith("|") and not re.match(r"^\|[-| ]+\|$", line):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) in (3, 4, 5) and cells[0] not in ("fact", "fait"):
                out.append(OutsideFact(cells[0], cells[1], cells[2], _standing(cells[1], cells[2]),
                                       cells[3] if len(cells) > 3 else "", cells[4] if len(cells) > 4 else ""))
    return tuple(out)
