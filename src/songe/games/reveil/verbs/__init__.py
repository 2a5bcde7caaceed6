"""Réveil's effect verbs, one registry line each (DESIGN.md, example 14).

A new verb is one module (its amounts, its effect on the engine, its words,
its z3 term, as a :class:`~songe.games.reveil.verbs.base.VerbDef`), one
member of :class:`songe.spec.reveil.Verb`, and one line here.

>>> sorted(v.value for v in REGISTRY) == sorted(v.value for v in Verb)
True
>>> REGISTRY[Verb.EXTRA_LOSS].en(1)
'lose 1 more {t.lucidity}'
"""

from __future__ import annotations

from songe.games.reveil.verbs import cards, intensity, lucidity, skip
from songe.games.reveil.verbs.base import Sym, VerbDef
from songe.spec.vocabulary.reveil import Verb

REGISTRY: dict[Verb, VerbDef] = {
    Verb.INTENSITY: intensity.INTENSITY,
    Verb.DRAW: cards.DRAW,
    Verb.EXTRA_LOSS: lucidity.EXTRA_LOSS,
    Verb.GAIN: lucidity.GAIN,
    Verb.IGNORE_EFFECT: skip.IGNORE_EFFECT,
    Verb.CANCEL: skip.CANCEL,
    Verb.REMOVE_RANDOM_THOUGHT: cards.REMOVE_RANDOM_THOUGHT,
}


def refuse(verb: str, amount: int | None) -> str | None:
    """Why a row cannot give the verb of that name that amount, or None (the spec loader's check)."""
    return REGISTRY[Verb(verb)].refuse(amount)


__all__ = ["REGISTRY", "Sym", "VerbDef", "refuse"]
