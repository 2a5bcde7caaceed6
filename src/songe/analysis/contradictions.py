"""Contradictions found from the inventory: two sentences stating one rule, worded differently.

Two sentences state the same rule when the inventory says one restates the
other (``same_as``), or when one spec entry quotes both and they stand in
different texts of the game (When I Dream's two versions). Such a pair is
reported when their words differ once the text's declared OCR fixes are
applied (``[text] ocr``): the words only one side has are the witness of the
difference. A pair whose two sentences are quoted by one reading or recorded
difference of the spec is *settled* by it; the others are open.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Mapping

from songe.analysis.coverage import GameCoverage, SentenceCoverage

_WORD = re.compile(r"\w+(?:['’-]\w+)*")
_NUMBER = re.compile(r"^\d+$")
_SETTLING = ("reading", "difference")


def words(text: str, ocr: Mapping[str, str] = {}) -> list[str]:
    """The words of a sentence, OCR fixes applied (whole words, case-sensitive), then lower-cased.

    >>> words("Il y a l carte", {"l": "1"})
    ['il', 'y', 'a', '1', 'carte']
    """
    return [ocr.get(w, w).casefold() for w in _WORD.findall(text.replace("’", "'"))]


@dataclass(frozen=True)
class Contradiction:
    """Two sentences stating one rule differently, with the words that differ."""

    a: str
    b: str
    quote_a: str
    quote_b: str
    only_a: tuple[str, ...]
    only_b: tuple[str, ...]
    via: str
    settled_by: tuple[str, ...]

    @property
    def numbers_differ(self) -> bool:
        """Whether a number (a count, a threshold) is on one side only."""
        return any(_NUMBER.match(w) for w in self.only_a + self.only_b)

    def as_json(self) -> dict[str, Any]:
        """Plain data."""
        return {"a": self.a, "b": self.b, "quote_a": self.quote_a, "quote_b": self.quote_b,
                "only_a": list(self.only_a), "only_b": list(self.only_b), "via": self.via,
                "numbers_differ": self.numbers_differ, "settled_by": list(self.settled_by)}


def contradictions(cov: GameCoverage) -> tuple[Contradiction, ...]:
    """Every pair of sentences stating one rule with different words, open ones first."""
    by_id: dict[str, SentenceCoverage] = {}
    text_of: dict[str, str] = {}
    ocr: dict[str, Mapping[str, str]] = {}
    for t in cov.texts:
        for s in t.sentences:
            by_id[s.entry.id] = s
            text_of[s.entry.id] = t.inventory.text_id
            ocr[s.entry.id] = t.inventory.ocr
    pairs: dict[tuple[str, str], str] = {}
    for sid, s in by_id.items():
        if s.entry.same_as in by_id:
            pairs.setdefault(_key(sid, s.entry.same_as), "same_as")
    quoting: dict[str, list[str]] = {}
    for sid, s in by_id.items():
        for ref in s.quoted_by:
            quoting.setdefault(ref, []).append(sid)
    for ref, ids in quoting.items():
        for x, y in combinations(ids, 2):
            if text_of[x] != text_of[y]:
                pairs.setdefault(_key(x, y), f"both quoted by {ref}")
    out = []
    for (x, y), via in pairs.items():
        wx, wy = Counter(words(by_id[x].entry.unit.text, ocr[x])), Counter(words(by_id[y].entry.unit.text, ocr[y]))
        only_x, only_y = wx - wy, wy - wx
        if not only_x and not only_y:
            continue
        common = set(by_id[x].quoted_by) & set(by_id[y].quoted_by)
        settled = tuple(sorted(r for r in common if r.split(" ", 1)[0] in _SETTLING))
        out.append(Contradiction(x, y, by_id[x].entry.unit.text, by_id[y].entry.unit.text,
                                 tuple(sorted(only_x.elements())), tuple(sorted(only_y.elements())), via, settled))
    return tuple(sorted(out, key=lambda c: (bool(c.settled_by), _order(c.a), _order(c.b))))


def _order(sid: str) -> tuple[str, int]:
    text, _, n = sid.rpartition(":")
    return text, int(n)


def _key(x: str, y: str) -> tuple[str, str]:
    a, b = sorted((x, y), key=_order)
    return a, b
