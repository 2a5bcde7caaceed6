"""Réveil's hand: it never holds more thoughts than its limit.

Inductive over the engine's own hand moves (:mod:`songe.games.reveil.verbs.hand`:
a thought drawn, played, its slot released, a random removal), each through
the z3 term that ``tests/test_verb_terms.py`` ties to the engine.
"""

from __future__ import annotations

import z3

from songe.games.reveil.verbs.hand import HandMove, move_term
from songe.proofs._z3util import refute
from songe.prove import Mutant, Obligation, Verdict
from songe.spec.reveil import ReveilSpec


def hand_within_limit(spec: ReveilSpec, model: ReveilSpec) -> Verdict:
    """For every level's limit and every move: from hand + held <= limit, the move keeps it so.

    ``held`` counts slots of played thoughts whose rows are not done (rule
    played_thought); a thought can be played or removed only from a non-empty
    hand, and a slot released only if one is held.
    """
    h, k = z3.Int("hand"), z3.Int("held")
    possible = {HandMove.DRAW: z3.BoolVal(True), HandMove.PLAY: h > 0, HandMove.RELEASE: k > 0,
                HandMove.REMOVE: h > 0}
    for level in spec.levels:
        lim = level.hand_limit
        for move in HandMove:
            h2, k2 = move_term(move, h, k, lim, model.rules)
            v = refute(z3.Not(z3.And(h2 >= 0, k2 >= 0, h2 + k2 <= lim)), h >= 0, k >= 0, h + k <= lim,
                       possible[move], rule=f"hand limit {lim} (level {level.id})")
            if not v.holds:
                return Verdict(False, dict(v.counterexample or {}, move=move.value))
    return Verdict(True)


OBLIGATIONS = [
    Obligation(
        id="reveil.hand_limit", game="reveil",
        statement="at every level, the hand never holds more thoughts than its limit (a slot held by a "
                  "played thought counts)",
        check=hand_within_limit,
        mutant=Mutant("keep_when_full", "a thought drawn with a full hand is kept",
                      sets=(("rules.full_hand", "keep"),)),
    ),
]
