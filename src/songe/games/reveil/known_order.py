"""Réveil with a known deck order: the clairvoyant game, and the scale of per-order values.

A clairvoyant player knows the whole order but not which thought a random
removal takes; :class:`KnownOrder` is the game they play: every draw has one
outcome (the next card of the order), the removal stays a chance event.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from songe.games.reveil.machine import ReveilGame
from songe.solve.order_values import DeckGame
from songe.spec.reveil import CardKind, Verb


def value_scale(game: ReveilGame) -> int:
    """A denominator every per-order win probability of the game divides.

    A removal picks one of at most T thoughts (T = the thought cards of the
    deck), and happens at most R times (once per copy of each removal row), so
    every value is a multiple of 1 / lcm(1..T)^R.

    >>> from songe.spec.reveil import load
    >>> value_scale(ReveilGame(load(), lucidity=6, hand_limit=3))  # 4 thoughts, one removal row: lcm(1..4)
    12
    """
    cards = game.spec.cards
    thoughts = sum(c.copies for c in cards if c.kind is CardKind.THOUGHT)
    removals = sum(c.copies for c in cards for r in c.effects if r.verb is Verb.REMOVE_RANDOM_THOUGHT)
    return math.lcm(*range(1, thoughts + 1)) ** removals if thoughts else 1


@dataclass(frozen=True)
class KnownOrder:
    """The game once the deck order is known: draws are forced, removals stay random."""

    game: DeckGame[Any]
    order: tuple[int, ...]

    def chance_outcomes(self, s: Any) -> tuple[tuple[int, Fraction], ...]:
        """The next card of the order at a draw (probability 1); a removal's outcomes otherwise."""
        if self.game.is_draw(s) and self.game.chance_outcomes(s):
            return ((self.order[len(self.order) - sum(self.game.deck(s))], Fraction(1)),)
        return tuple(self.game.chance_outcomes(s))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


def known_order(game: DeckGame[Any], order: Sequence[int]) -> KnownOrder:
    """The clairvoyant game of one order (which must be a permutation of the deck)."""
    return KnownOrder(game, tuple(order))
