"""Réveil without thoughts: never playing one loses on every deck order, at every level.

z3 bounds the total loss over every deck order: each dream's rows may fire
or not in any combination (an over-approximation of every order), and even
the smallest total sinks every level's Lucidité. The exact solve of the
never-play policy must then be 0 at every level, and is checked too.
"""

from __future__ import annotations

import z3

from songe.games.reveil import ReveilGame
from songe.games.reveil.verbs import REGISTRY
from songe.games.reveil.verbs.lucidity import loss_step_term
from songe.proofs._z3util import refute
from songe.proofs.reveil_loss import dream_start
from songe.prove import Mutant, Obligation, Verdict
from songe.solve.expectimax import Solver, first_action
from songe.spec.reveil import Card, CardKind, ReveilSpec, Trigger


def _dream_net_loss(model: ReveilSpec, card: Card, k: int) -> z3.ArithRef:
    """One copy's loss minus gains: its rows through their verbs' terms, each firing or not (a free boolean),
    the loss step's term between the rows before it and the after-loss rows."""
    s = dream_start(f"{card.id}#{k}.").with_(intensity=z3.IntVal(card.intensity or 0))
    for after in (False, True):
        if after:
            s, _ = loss_step_term(s, model.rules)
        for j, row in enumerate(card.effects):
            if (row.when is Trigger.AFTER_LOSS) is after:
                fired = z3.Bool(f"{card.id}#{k}.row{j}") if row.condition is not None else z3.BoolVal(True)
                s = REGISTRY[row.verb].term(s, row.action.amount or 0, model.rules).where(fired, s)
    return -s.lucidity


def never_play_loses(spec: ReveilSpec, model: ReveilSpec) -> Verdict:
    total: z3.ArithRef = z3.IntVal(0)
    for card in model.cards:
        if card.kind is CardKind.DREAM:
            for k in range(card.copies):
                total = total + _dream_net_loss(model, card, k)
    for level in spec.levels:
        v = refute(level.lucidity - total > model.rules.defeat_at, rule=f"never play, level {level.id}")
        if not v.holds:
            return Verdict(False, dict(v.counterexample or {}, level=level.id, lucidity=level.lucidity))
        exact = Solver(ReveilGame(model, level.lucidity, level.hand_limit), first_action).solve().value
        if exact != 0:
            return Verdict(False, {"rule": "exact never-play solve", "level": level.id, "value": str(exact)},
                           method="z3 + exact solve")
    return Verdict(True, None, method="z3 + exact solve")


def _strongest_dream(spec: ReveilSpec) -> str:
    """The id of the dream printed highest (the first such in the spec): the mutant removes it."""
    return max((c for c in spec.cards if c.kind is CardKind.DREAM), key=lambda c: c.intensity or 0).id


OBLIGATIONS = [
    Obligation(
        id="reveil.never_play_loses", game="reveil",
        statement="never playing a thought loses on every deck order at every level (the smallest total loss "
                  "exceeds the starting Lucidité), and the exact never-play solve is 0",
        check=never_play_loses,
        mutant=Mutant("no_strongest_dream", "the deck without its dream of highest printed intensity",
                      sets_for=lambda spec: ((f"cards.{_strongest_dream(spec)}.copies", 0),)),
    ),
]
