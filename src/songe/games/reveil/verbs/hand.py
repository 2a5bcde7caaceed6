"""The moves that change the hand, engine function and z3 term side by side (not row verbs).

The hand's size counts thoughts in hand ``hand`` and slots still held by
played thoughts ``held`` (rule ``played_thought``). A thought drawn goes to the
hand if there is room (rule ``full_hand`` otherwise), a thought played leaves
it (holding a slot until its rows are done, under ``holds_slot``), a slot is
released, a random removal takes one.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from songe.games.reveil.verbs.base import Int, term
from songe.games.reveil.work import Work, WorkFrame
from songe.lazy import Lazy
from songe.spec.vocabulary.reveil import FullHand, PlayedThought, Rules

if TYPE_CHECKING:
    import z3
else:
    z3 = Lazy("z3")  # only the proofs build terms


class HandMove(enum.Enum):
    """The moves that change the hand."""

    DRAW = "draw"
    """a thought is revealed: kept if there is room"""
    PLAY = "play"
    """a thought is played against the dream in resolution"""
    RELEASE = "release"
    """a played thought's rows are done: its slot frees"""
    REMOVE = "remove"
    """a random removal takes a thought"""


def keeps(hand: int, held: int, limit: int, rules: Rules) -> bool:
    """Whether a thought drawn now goes to the hand (engine side)."""
    return hand + held < limit or rules.full_hand is FullHand.KEEP


def held(w: Work) -> int:
    """Slots held by played thoughts whose rows are not done."""
    return sum(1 for f in w.stack if f.holding)


def to_hand(w: Work, card: int, limit: int, rules: Rules) -> bool:
    """A thought revealed: to the hand, or out of the game with a full hand. Whether it was kept."""
    kept = keeps(sum(w.hand), held(w), limit, rules)
    if kept:
        w.hand[card] += 1
    else:
        w.removed[card] += 1
    return kept


def play(w: Work, f: WorkFrame, card: int, rules: Rules) -> None:
    """A thought leaves the hand for the dream ``f``, holding a slot under ``holds_slot``."""
    w.hand[card] -= 1
    w.removed[card] += 1
    f.thought = card
    if rules.played_thought is PlayedThought.HOLDS_SLOT:
        f.holding = True


def release(f: WorkFrame) -> None:
    """The played thought's rows are done: its slot frees."""
    f.holding = False


def remove(w: Work, card: int) -> None:
    """A random removal takes that thought out of the game."""
    w.hand[card] -= 1
    w.removed[card] += 1


def move_term(move: HandMove, hand: Int, held_: Int, limit: int, rules: Rules) -> tuple[z3.ArithRef, z3.ArithRef]:
    """(hand, held) after one move (z3 side), for a move that is possible (a thought in hand to play or remove).

    The same as :func:`to_hand`, :func:`play`, :func:`release` and :func:`remove`
    on the hand's size and the held slots.
    """
    h, k = term(hand), term(held_)
    if move is HandMove.DRAW:
        fits = z3.Or(h + k < limit, z3.BoolVal(rules.full_hand is FullHand.KEEP))
        return z3.If(fits, h + 1, h), k
    if move is HandMove.PLAY:
        return h - 1, k + 1 if rules.played_thought is PlayedThought.HOLDS_SLOT else k
    if move is HandMove.RELEASE:
        return h, k - 1
    return h - 1, k
