"""A designer's spec against the text it was drafted from: which original sentences still stand for this game.

``songe new`` copies a shipped spec with its quotes marked as the designer's own text
(``[game] quotes = "own"``); the dossier still numbers its sentences by the shipped
game's source text (its inventory). For such a spec, each source sentence is looked
up through the spec entries it encodes (the inventory's ``encodes``, named as the
spec's ``quotes()`` names them):

- every entry it encodes is gone from the spec (a card left out, the worked example
  ``songe new`` drops): the sentence describes nothing of this game, and the dossier
  leaves it out with a one-line note (:data:`GONE`);
- a quote of an entry it encodes was rewritten by the designer: the dossier shows the
  designer's text in its place, marked as theirs;
- otherwise the original sentence still stands as it was written.

A sentence that only restates others (``same_as``, no ``encodes``) follows them. A
spec whose quotes are a published text's (a shipped game) gets no entry at all.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from songe.spec.inventory import Inventory

#: The value of a sentence whose described entries are all gone from the spec.
GONE = None


def _plain(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


def _by_place(quotes: Iterable[Sequence[Any]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for place, text, *_ in quotes:
        out[place].append(str(text))
    return out


def _longest(texts: list[str]) -> list[str]:
    """The texts, each once, without those another one contains (a row's quote inside its card's)."""
    kept: list[str] = []
    for t in sorted(dict.fromkeys(texts), key=len, reverse=True):
        if not any(_plain(t) in _plain(k) for k in kept):
            kept.append(t)
    return sorted(kept, key=texts.index)


def _sentences(text: str) -> list[str]:
    return [t for t in re.split(r"(?<=[.!?])\s+", text.strip()) if t]


def _matching(old: str, new: str, said: str) -> str:
    """The part of a designer's quote that stands for one source sentence (``said``, plain): the sentences at
    the places of those the shipped quote gave it, when both quotes have as many sentences; else the whole quote.

    >>> _matching("Take 6. Hand empty.", "Take 7. Hand empty.", _plain("Take 6."))
    'Take 7.'
    >>> _matching("Take 6.", "Take 7. Then draw.", _plain("Take 6."))
    'Take 7. Then draw.'
    """
    olds, news = _sentences(old), _sentences(new)
    at = [k for k, o in enumerate(olds) if _plain(o) in said or said in _plain(o)]
    return " ".join(news[k] for k in at) if len(olds) == len(news) and at else new


def own_text(mine: Iterable[Sequence[Any]], shipped: Iterable[Sequence[Any]],
             inventories: Sequence[Inventory]) -> dict[str, str | None]:
    """Sentence id -> the designer's text standing for it, or :data:`GONE`; sentences that still stand as written
    are absent. ``mine``, ``shipped``: the two specs' ``quotes()`` (place, text, ...).

    >>> from songe.spec.inventory import Entry
    >>> from songe.spec.sentences import Unit, UnitKind
    >>> def e(n, text, *encodes): return Entry(Unit(f"t:{n}", n, n, UnitKind.SENTENCE, text), encodes=encodes)
    >>> inv = Inventory("", "t", "g", None, (e(1, "Lose 1 Lucidity.", "card 'a'"), e(2, "Gain 1.", "card 'b'"),
    ...                                      e(3, "Draw 1.", "card 'c'")))
    >>> old = [("card 'a'", "Lose 1 Lucidity."), ("card 'b'", "Gain 1."), ("card 'c'", "Draw 1.")]
    >>> own_text([("card 'a'", "Lose 1 Serenity."), ("card 'c'", "Draw 1.")], old, [inv])
    {'t:1': 'Lose 1 Serenity.', 't:2': None}
    """
    now, was = _by_place(mine), _by_place(shipped)
    out: dict[str, str | None] = {}
    entries = [e for inv in inventories for e in inv.entries]
    for e in entries:
        if not e.encodes:
            continue
        if not any(p in now for p in e.encodes):
            out[e.id] = GONE
            continue
        said, changed = _plain(e.unit.text), []
        for p in e.encodes:
            for old, new in zip(was.get(p, ()), now.get(p, ()), strict=False):
                if (_plain(old) in said or said in _plain(old)) and _plain(new) != _plain(old):
                    changed.append(_matching(old, new, said))
        if changed:
            out[e.id] = " ".join(_longest(changed))
    for e in entries:  # a restatement follows the sentences it restates: gone with them, or replaced by their text
        if not e.encodes and e.same_as and all(s in out for s in e.same_as):
            out[e.id] = GONE if all(out[s] is GONE for s in e.same_as) else ""
    return out


def own_text_of(spec: Any, shipped: Any, inventories: Sequence[Inventory],
                left_out: Collection[str] = ()) -> Mapping[str, str | None]:
    """:func:`own_text` for a loaded spec whose quotes are its designer's (else nothing: a published text's
    sentences are its own); ``left_out``: the places (``point 'id'``) the books leave out, as if gone."""
    if not getattr(spec, "own_quotes", False) or not hasattr(spec, "quotes") or shipped is None:
        return {}
    return own_text([q for q in spec.quotes() if q[0] not in left_out], shipped.quotes(), inventories)
