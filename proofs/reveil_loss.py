"""Réveil's loss step: what one dream can take, under each reading of the cap.

Built from the engine's own definitions: every row a dream and the thought
played against it can apply before the loss step goes through its verb's z3
term (each row may fire or not), then the loss step's term
(:func:`songe.games.reveil.verbs.lucidity.loss_step_term`), for any current
intensity. ``tests/test_verb_terms.py`` ties those terms to the engine.
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from songe.games.reveil.verbs import REGISTRY, Sym
from songe.games.reveil.verbs.lucidity import loss_step_term
from songe.proofs._z3util import refute
from songe.prove import Mutant, Obligation, Verdict
from songe.spec.reveil import Card, CardKind, ReveilSpec, Trigger, Verb

#: Rows that can apply to a dream before its loss step (its effect, the thought's play, a drawn dream's end).
BEFORE_LOSS = frozenset({Trigger.EFFECT, Trigger.PLAY, Trigger.DRAWN_RESOLVED})


def max_extra(spec: ReveilSpec) -> int:
    """The most extra loss one dream can get by the spec's numbers: its own rows, plus the largest of any thought's."""
    def extra(c: Card) -> int:
        return sum(r.action.amount or 0 for r in c.effects if r.verb is Verb.EXTRA_LOSS)
    own = max((extra(c) for c in spec.cards if c.kind is CardKind.DREAM), default=0)
    thought = max((extra(c) for c in spec.cards if c.kind is CardKind.THOUGHT), default=0)
    return own + thought


def before_loss(model: ReveilSpec, cards: tuple[Card, ...], start: Sym) -> Sym:
    """The picture after the cards' rows that apply before the loss step, each firing or not (a free boolean)."""
    s = start
    for card in cards:
        for j, row in enumerate(card.effects):
            if row.when in BEFORE_LOSS:
                fired = z3.Bool(f"{card.id}.row{j}")
                s = REGISTRY[row.verb].term(s, row.action.amount or 0, model.rules).where(fired, s)
    return s


def dream_start(prefix: str = "") -> Sym:
    """A dream at its effect step: any current intensity, no extra loss, not cancelled, Lucidité 0 (changes only)."""
    return Sym.fresh(prefix).with_(extra_loss=z3.IntVal(0), lucidity=z3.IntVal(0), ignored=z3.BoolVal(False),
                                   cancelled=z3.BoolVal(False), draws=z3.IntVal(0), removals=z3.IntVal(0))


def _bounded(upper: Callable[[ReveilSpec], int]) -> Callable[[ReveilSpec, ReveilSpec], Verdict]:
    def check(spec: ReveilSpec, model: ReveilSpec) -> Verdict:
        hi = upper(spec)
        thoughts: list[Card | None] = [None, *(c for c in model.cards if c.kind is CardKind.THOUGHT)]
        for dream in (c for c in model.cards if c.kind is CardKind.DREAM):
            for thought in thoughts:
                cards = (dream,) if thought is None else (dream, thought)
                _, lost = loss_step_term(before_loss(model, cards, dream_start()), model.rules)
                v = refute(z3.Not(z3.And(lost >= 0, lost <= hi)), rule=f"Perte de Lucidité: within [0, {hi}]")
                if not v.holds:
                    where = {"dream": dream.id, "thought": thought.id if thought else "none"}
                    return Verdict(False, dict(v.counterexample or {}, **where, lost_at_most=hi))
        return Verdict(True)
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
