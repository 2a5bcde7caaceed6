"""Réveil's current intensity: never below 0, whatever rows apply, when floored at each step.

Inductive, over the engine's own definitions: a printed intensity is never
below 0, and no row of any card — each through its verb's z3 term, the one
``tests/test_verb_terms.py`` ties to the engine — takes a dream (or, under a
shared chain, a dream below it) from 0 or more to below 0.
"""

from __future__ import annotations

import z3

from songe.games.reveil.verbs import REGISTRY, Sym
from songe.proofs._z3util import refute
from songe.prove import Mutant, Obligation, Verdict
from songe.spec.reveil import ReveilSpec


def never_below_zero(spec: ReveilSpec, model: ReveilSpec) -> Verdict:
    """Printed intensities are >= 0, and one row from a stack of intensities >= 0 keeps them >= 0."""
    printed = [c.intensity for c in model.cards if c.intensity is not None]
    start = z3.Int("printed")
    init = refute(start < 0, z3.Or([start == p for p in printed]), rule="Intensité imprimée")
    if not init.holds:
        return init
    before = Sym.fresh(depth=1)  # the dream a row applies to, and one dream below it
    now = (before.intensity, *before.outer)
    for card in model.cards:
        for j, row in enumerate(card.effects):
            after = REGISTRY[row.verb].term(before, row.action.amount or 0, model.rules)
            v = refute(z3.Or([x < 0 for x in (after.intensity, *after.outer)]), *(x >= 0 for x in now),
                       rule="sans jamais descendre sous 0")
            if not v.holds:
                return Verdict(False, dict(v.counterexample or {}, card=card.id, row=j, action=str(row.action)))
    return Verdict(True)


OBLIGATIONS = [
    Obligation(
        id="reveil.intensity_floor", game="reveil",
        statement="the current intensity is never below 0 after any sequence of the spec's rows "
                  "(intensity_floor=each_step)",
        check=never_below_zero,
        mutant=Mutant("net_floor", "the floor applies once, at the loss step (reading intensity_floor=net)",
                      readings=(("intensity_floor", "net"),)),
        readings=(("intensity_floor", "each_step"),),
    ),
]
