"""Réveil without thoughts: never playing one loses on every deck order, at every level.

z3 bounds the total loss over every deck order: each dream's rows may fire
or not in any combination (an over-approximation of every order), and even
the smallest total sinks every level's Lucidité. The exact solve of the
never-play policy must then be 0 at every level, and is checked too.
"""

from __future__ import annotations

import z3

from songe.proofs._z3util import floor_step, refute
from songe.games.reveil import ReveilGame
from songe.prove import Mutant, Obligation, Verdict
from songe.solve.expectimax import Solver, first_action
from songe.spec.reveil import CardKind, IntensityFloor, ReveilSpec, Verb
from songe.proofs.reveil_loss import loss_formula


def _dream_net_loss(model: ReveilSpec, card, k: int) -> tuple[z3.ArithRef, list[z3.BoolRef]]:
    """One copy's loss minus gains, with each row's condition a free boolean."""
    each = model.rules.intensity_floor is IntensityFloor.EACH_STEP
    intensity: z3.ArithRef = z3.IntVal(card.intensity)
    extra: z3.ArithRef = z3.IntVal(0)
    gain: z3.ArithRef = z3.IntVal(0)
    cancelled: z3.BoolRef = z3.BoolVal(False)
    fires = []
    for j, row in enumerate(card.effects):
        b = z3.Bool(f"{card.id}#{k}.row{j}") if row.condition is not None else z3.BoolVal(True)
        fires.append(b)
        amount = row.action.amount or 0
        if row.verb is Verb.INTENSITY:
            intensity = z3.If(b, floor_step(intensity, amount, each), intensity)
        elif row.verb is Verb.EXTRA_LOSS:
            extra = extra + z3.If(b, amount, 0)
        elif row.verb is Verb.GAIN:
            gain = gain + z3.If(b, amount, 0)
        elif row.verb is Verb.CANCEL:
            cancelled = z3.Or(cancelled, b)
    return loss_formula(model, intensity, extra, cancelled) - gain, fires


def never_play_loses(spec: ReveilSpec, model: ReveilSpec) -> Verdict:
    total: z3.ArithRef = z3.IntVal(0)
    for card in model.cards:
        if card.kind is CardKind.DREAM:
            for k in range(card.copies):
                net, _ = _dream_net_loss(model, card, k)
                total = total + net
    for level in spec.levels:
        v = refute(level.lucidity - total > model.rules.defeat_at, rule=f"never play, level {level.id}")
        if not v.holds:
            return Verdict(False, dict(v.counterexample or {}, level=level.id, lucidity=level.lucidity))
        exact = Solver(ReveilGame(model, level.lucidity, level.hand_limit), first_action).solve().value
        if exact != 0:
            return Verdict(False, {"rule": "exact never-play solve", "level": level.id, "value": str(exact)},
                           method="z3 + exact solve")
    return Verdict(True, None, method="z3 + exact solve")


OBLIGATIONS = [
    Obligation(
        id="reveil.never_play_loses", game="reveil",
        statement="never playing a thought loses on every deck order at every level (the smallest total loss "
                  "exceeds the starting Lucidité), and the exact never-play solve is 0",
        check=never_play_loses,
        mutant=Mutant("no_chute_infinie", "the deck without Chute infinie", sets=(("cards.chute_infinie.copies", 0),)),
    ),
]
