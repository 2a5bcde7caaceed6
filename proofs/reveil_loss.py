"""Réveil's loss step: what one dream can take, under each reading of the cap."""

from __future__ import annotations

import z3

from songe.proofs._z3util import refute
from songe.prove import Mutant, Obligation, Verdict
from songe.spec.reveil import CardKind, LossCapScope, ReveilSpec, Verb


def max_extra(spec: ReveilSpec) -> int:
    """The most extra loss one dream can get: its own rows, plus the largest of any thought's."""
    own = max((sum(r.action.amount or 0 for r in c.effects if r.verb is Verb.EXTRA_LOSS)
               for c in spec.cards if c.kind is CardKind.DREAM), default=0)
    thought = max((sum(r.action.amount or 0 for r in c.effects if r.verb is Verb.EXTRA_LOSS)
                   for c in spec.cards if c.kind is CardKind.THOUGHT), default=0)
    return own + thought


def loss_formula(model: ReveilSpec, intensity: z3.ArithRef, extra: z3.ArithRef, cancelled: z3.BoolRef) -> z3.ArithRef:
    """The engine's loss step, written from the model's rules."""
    base = z3.If(intensity < 0, 0, intensity)
    cap = model.rules.loss_cap
    if model.rules.loss_cap_scope is LossCapScope.INTENSITY:
        lost = z3.If(base < cap, base, cap) + extra
    else:
        lost = z3.If(base + extra < cap, base + extra, cap)
    return z3.If(cancelled, 0, lost)


def _bounded(upper) -> callable:
    def check(spec: ReveilSpec, model: ReveilSpec) -> Verdict:
        i, e, c = z3.Int("intensity"), z3.Int("extra_loss"), z3.Bool("cancelled")
        lost = loss_formula(model, i, e, c)
        hi = upper(spec)
        return refute(z3.Not(z3.And(lost >= 0, lost <= hi)), e >= 0, e <= max_extra(model),
                      rule=f"Perte de Lucidité: within [0, {hi}]")
    return check


OBLIGATIONS = [
    Obligation(
        id="reveil.loss_bound_intensity_only", game="reveil",
        statement="one dream takes between 0 and loss_cap + the largest extra loss (2 + 1 = 3) Lucidité "
                  "(loss_cap=intensity_only), for any current intensity",
        check=_bounded(lambda s: s.rules.loss_cap + max_extra(s)),
        mutant=Mutant("cap_plus_one", "the loss cap raised by one (3 per dream)", sets=(("rules.loss_cap", 3),)),
        readings=(("loss_cap", "intensity_only"),),
    ),
    Obligation(
        id="reveil.loss_bound_whole_dream", game="reveil",
        statement="one dream takes between 0 and loss_cap (2) Lucidité in all (loss_cap=whole_dream)",
        check=_bounded(lambda s: s.rules.loss_cap),
        mutant=Mutant("cap_on_intensity", "the cap limits only the intensity loss (reading loss_cap=intensity_only)",
                      readings=(("loss_cap", "intensity_only"),)),
        readings=(("loss_cap", "whole_dream"),),
    ),
]
