"""Contradictions found from the inventory: two places stating one rule with different content.

Two places state the same rule when the inventory says a sentence restates
others (``same_as``), or when one spec entry quotes sentences of two texts of
the game (When I Dream's two versions). The words of both sides are compared
once each text's declared OCR fixes are applied (``[text] ocr``); the words
only one side has are the witness of the difference. Reported:

- across two texts, any difference of words (a condition, a moment, a
  threshold worded differently is exactly what two versions disagree on);
- inside one text, a restatement that states a number its targets do not (a
  summary may reword, but not change a count or a threshold), or one that a
  reading of the spec quotes together with its target (the spec already
  names the difference).

Sentences that bear on one engine decision are paired too, inside one text as
well as across texts: two sentences quoted together by one reading or one open
point of the spec (the decision it names) are compared like restatements.

A pair whose two sides are quoted by one reading, one open point or one recorded
difference of the spec is *settled* by it, and says what differs in substance
(the difference's own classification; a number, or a rule, for a reading or a
point). A restatement whose inventory entry says ``wording`` differs in wording
only: it is marked so and leaves the open list. The others are open.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from songe.analysis.coverage import GameCoverage, SentenceCoverage
from songe.spec.inventory import Entry

#: The substance of a pair (or a recorded difference) that differs in words only: marked, never open.
WORDING = "wording"

_WORD = re.compile(r"\w+(?:['’-]\w+)*")
_NUMBER = re.compile(r"^\d+$")
_LIST_MARK = re.compile(r"(?:^\s*[•\-–]\s*|(?:^\s*|(?<=:)\s*)\d{1,2}\s?[.\-]\s)")
_SETTLING = ("reading", "difference", "point")


def words(text: str, ocr: Mapping[str, str] = {}) -> list[str]:
    """The words of a sentence: list marks dropped (at the start, or a number after a colon), OCR fixes applied
    (whole words or phrases, case-sensitive), apostrophes unified, lower-cased.

    >>> words("3 - Il y a l carte", {"l carte": "1 carte"})
    ['il', 'y', 'a', '1', 'carte']
    """
    text = _LIST_MARK.sub(" ", text.replace("’", "'"))
    for wrong, right in ocr.items():
        text = re.sub(rf"(?<!\w){re.escape(wrong)}(?!\w)", right, text)
    return [w.casefold() for w in _WORD.findall(text)]


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
    substance: str = ""
    why: str = ""

    @property
    def open(self) -> bool:
        """Neither settled by the spec nor marked as a difference of wording only."""
        return not self.settled_by and self.substance != WORDING

    @property
    def numbers_differ(self) -> bool:
        """Whether a number (a count, a threshold) is on one side only."""
        return any(_NUMBER.match(w) for w in self.only_a + self.only_b)

    def as_json(self) -> dict[str, Any]:
        """Plain data."""
        return {"a": self.a, "b": self.b, "quote_a": self.quote_a, "quote_b": self.quote_b,
                "only_a": list(self.only_a), "only_b": list(self.only_b), "via": self.via,
                "numbers_differ": self.numbers_differ, "settled_by": list(self.settled_by),
                "substance": self.substance or None, "why": self.why or None, "open": self.open}


def substances(spec: Any) -> dict[str, tuple[str, str]]:
    """Each recorded difference of a spec (When I Dream's two texts): its substance and what changes in play."""
    return {d["id"]: (d.get("substance", ""), d.get("changes", "") or d.get("note", ""))
            for d in getattr(spec, "differences", ())}


def contradictions(cov: GameCoverage, recorded: Mapping[str, tuple[str, str]] = {}) -> tuple[Contradiction, ...]:
    """Every pair stating one rule with different content (module rules), open ones first.

    ``recorded`` gives each recorded difference's substance and effect in play (:func:`substances`).
    """
    by_id: dict[str, SentenceCoverage] = {}
    text_of: dict[str, str] = {}
    ocr: dict[str, Mapping[str, str]] = {}
    for t in cov.texts:
        for s in t.sentences:
            by_id[s.entry.id] = s
            text_of[s.entry.id] = t.inventory.text_id
            ocr[s.entry.id] = t.inventory.ocr
    pairs: dict[tuple[str, ...], tuple[str, tuple[str, ...]]] = {}
    for sid, s in by_id.items():
        targets = tuple(x for x in s.entry.same_as if x in by_id)
        if targets:
            pairs.setdefault((sid,) + targets, ("same_as", targets))
    quoting: dict[str, list[str]] = {}
    decisions = {sid: {_decision(r) for r in s.quoted_by} for sid, s in by_id.items()}
    for sid in by_id:
        for ref in decisions[sid]:
            quoting.setdefault(ref, []).append(sid)
    for ref, ids in quoting.items():
        decision = ref.split(" ", 1)[0] in ("reading", "point")
        for x, y in combinations(ids, 2):
            if (text_of[x] != text_of[y] or decision) and (x, y) not in pairs and (y, x) not in pairs:
                pairs[_key(x, y)] = (f"both quoted by {ref}", (y,) if _key(x, y)[0] == x else (x,))
    out = []
    for key, (via, targets) in pairs.items():
        x = key[0]
        other_text = " ".join(by_id[t].entry.unit.text for t in targets)
        wx = Counter(words(by_id[x].entry.unit.text, ocr[x]))
        wy = Counter(w for t in targets for w in words(by_id[t].entry.unit.text, ocr[t]))
        only_x, only_y = wx - wy, wy - wx
        cross = any(text_of[t] != text_of[x] for t in targets)
        if cross and not (only_x or only_y):
            continue
        common = decisions[x].intersection(*(decisions[t] for t in targets))
        settled = tuple(sorted(r for r in common if r.split(" ", 1)[0] in _SETTLING))
        marked = by_id[x].entry.wording or by_id[x].entry.differs
        if not cross and not settled and not marked and not any(_NUMBER.match(w) for w in only_x):
            continue
        found = Contradiction(x, "+".join(targets), by_id[x].entry.unit.text, other_text,
                              tuple(sorted(only_x.elements())), tuple(sorted(only_y.elements())), via, settled)
        out.append(_classified(found, by_id[x].entry, recorded))
    return tuple(sorted(out, key=lambda c: (not c.open, _order(c.a), _order(c.b.split("+")[0]))))


def _classified(c: Contradiction, entry: Entry, recorded: Mapping[str, tuple[str, str]]) -> Contradiction:
    """What differs in substance: the recorded difference's class, a rule for a reading or an open point, or
    for a restatement the inventory says settled by a stated rule (``differs``), wording only when the
    inventory says so (``wording``); nothing (open) otherwise."""
    for ref in c.settled_by:
        kind, _, rest = ref.partition(" ")
        if kind == "difference":
            did = rest.split("'")[1]
            substance, why = recorded.get(did, ("", ""))
            return replace(c, substance=substance or "rule", why=why)
    if c.settled_by:
        return replace(c, substance="rule",
                       why="the decision " + " and ".join(c.settled_by) + " names")
    if entry.differs:
        return replace(c, substance="rule", why=entry.differs, settled_by=("stated",))
    if entry.wording:
        return replace(c, substance=WORDING, why=entry.wording)
    return c


def _decision(ref: str) -> str:
    """The spec entry a quote reference belongs to: a recorded difference's two sides are one entry.

    >>> _decision("difference 'x', short")
    "difference 'x'"
    """
    return ref.rsplit(", ", 1)[0] if ref.startswith("difference ") else ref


def _order(sid: str) -> tuple[str, int]:
    text, _, n = sid.rpartition(":")
    return text, int(n)


def _key(x: str, y: str) -> tuple[str, str]:
    a, b = sorted((x, y), key=_order)
    return a, b
