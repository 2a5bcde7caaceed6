"""Réveil's current intensity: never below 0, whatever changes apply, when floored at each step."""

from __future__ import annotations

import z3

from songe.proofs._z3util import floor_step, refute
from songe.prove import Mutant, Obligation, Verdict
from songe.spec.reveil import IntensityFloor, ReveilSpec, Verb


def intensity_changes(spec: ReveilSpec) -> list[int]:
    """Every intensity change any row of the spec can make."""
    return sorted({r.action.amount or 0 for c in spec.cards for r in c.effects if r.verb is Verb.INTENSITY})


def never_below_zero(spec: ReveilSpec, model: ReveilSpec) -> Verdict:
    """Inductive: printed intensities are >= 0, and one change from any I >= 0 stays >= 0."""
    each = model.rules.intensity_floor is IntensityFloor.EACH_STEP
    changes = intensity_changes(model)
    printed = [c.intensity for c in model.cards if c.intensity is not None]
    start = z3.Int("printed")
    init = refute(start < 0, z3.Or([start == p for p in printed]), rule="Intensité imprimée")
    if not init.holds:
        return init
    i, d = z3.Int("intensity"), z3.Int("change")
    return refute(floor_step(i, d, each) < 0, i >= 0, z3.Or([d == c for c in changes] or [z3.BoolVal(False)]),
                  rule="sans jamais descendre sous 0")


OBLIGATIONS = [
    Obligation(
        id="reveil.intensity_floor", game="reveil",
        statement="the current intensity is never below 0 after any sequence of the spec's intensity changes "
                  "(intensity_floor=each_step)",
        check=never_below_zero,
        mutant=Mutant("net_floor", "the floor applies once, at the loss step (reading intensity_floor=net)",
                      readings=(("intensity_floor", "net"),)),
        readings=(("intensity_floor", "each_step"),),
    ),
]
