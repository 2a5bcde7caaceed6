"""Réveil's hand: it never holds more thoughts than its limit."""

from __future__ import annotations

import z3

from songe.proofs._z3util import refute
from songe.prove import Mutant, Obligation, Verdict
from songe.spec.reveil import FullHand, ReveilSpec


def hand_within_limit(spec: ReveilSpec, model: ReveilSpec) -> Verdict:
    """Inductive over every move that changes the hand, for every level's limit.

    State: thoughts in hand h, slots held by played thoughts k (rule played_thought).
    Moves: a thought drawn (kept if h + k < limit, else per the full_hand rule), a
    thought played (h-1, k+1 or k), a slot released (k-1), a random removal (h-1).
    """
    keep = model.rules.full_hand is FullHand.KEEP
    for level in spec.levels:
        lim = level.hand_limit
        h, k, move = z3.Int("hand"), z3.Int("held"), z3.Int("move")
        inv = z3.And(h >= 0, k >= 0, k <= 1, h + k <= lim)
        draw_h = z3.If(z3.Or(h + k < lim, z3.BoolVal(keep)), h + 1, h)
        h2 = z3.If(move == 0, draw_h, z3.If(z3.And(move == 1, h > 0), h - 1, z3.If(z3.And(move == 3, h > 0), h - 1, h)))
        k2 = z3.If(z3.And(move == 1, h > 0, k == 0), k + 1, z3.If(move == 2, 0, k))
        post = z3.And(h2 >= 0, k2 >= 0, h2 + k2 <= lim)
        v = refute(z3.Not(post), inv, move >= 0, move <= 3, rule=f"hand limit {lim} (level {level.id})")
        if not v.holds:
            return v
    return Verdict(True)


OBLIGATIONS = [
    Obligation(
        id="reveil.hand_limit", game="reveil",
        statement="at every level, the hand never holds more thoughts than its limit (a slot held by a "
                  "played thought counts)",
        check=hand_within_limit,
        mutant=Mutant("keep_when_full", "a thought drawn with a full hand is kept", sets=(("rules.full_hand", "keep"),)),
    ),
]
