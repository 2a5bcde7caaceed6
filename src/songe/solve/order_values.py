"""Per-order values: the win probability of every deck order at once, as integer vectors.

A state's *vector* lists, for each distinct order of its unseen deck (orders of
a multiset, in lexicographic order of card index), the win probability of that
order from the state, times a common ``scale`` so that it is an exact integer.
Vectors are memoized by state, so all the orders that reach one position share
one computation: a draw concatenates its children's vectors, a decision takes
the policy's child (or, for a clairvoyant player who knows the order, the
elementwise maximum over children), and any other chance event (a random
removal, which the order does not decide) averages its children exactly.

The game must say which chance nodes are draws and what its unseen deck is
(:class:`DeckGame`). An order prefix restricts the work to the orders that
start with it, which is how the work splits into independent tasks.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, TypeVar

import numpy as np

from songe.engine.explore import DEFAULT_MAX_STATES
from songe.engine.interface import Game, NodeKind, node_kind
from songe.errors import BudgetError
from songe.solve.expectimax import Policy, deep_recursion, fraction_text

#: Default bound on the distinct orders one computation may cover (--max-orders).
DEFAULT_MAX_ORDERS = 100_000_000

Counts = tuple[int, ...]
S = TypeVar("S", bound=Hashable)


class DeckGame(Game[S], Protocol[S]):
    """A game whose main chance is a shuffled deck."""

    def is_draw(self, state: S) -> bool:
        """Whether a chance node reveals the next card of the deck."""

    def deck(self, state: S) -> Counts:
        """The unseen deck as counts per card type."""


def arrangements(counts: Sequence[int]) -> int:
    """The number of distinct orders of a multiset given as counts.

    >>> arrangements((1, 2, 1))  # A B B C: 4!/2!
    12
    """
    return math.factorial(sum(counts)) // math.prod(math.factorial(n) for n in counts)


def rank(counts: Sequence[int], order: Sequence[int]) -> int:
    """The index of an order among the multiset's orders, lexicographic by card index.

    >>> rank((1, 2, 1), (0, 1, 1, 2)), rank((1, 2, 1), (2, 1, 1, 0))
    (0, 11)
    """
    left, index = list(counts), 0
    for card in order:
        for smaller in range(card):
            if left[smaller]:
                left[smaller] -= 1
                index += arrangements(left)
                left[smaller] += 1
        if not left[card]:
            raise ValueError(f"card {card} is not left in {tuple(left)}")
        left[card] -= 1
    return index


def unrank(counts: Sequence[int], index: int) -> tuple[int, ...]:
    """The order at an index (the inverse of :func:`rank`).

    >>> unrank((1, 2, 1), 11)
    (2, 1, 1, 0)
    """
    if not 0 <= index < arrangements(counts):
        raise ValueError(f"index {index} out of range for {tuple(counts)}")
    left, order = list(counts), []
    for _ in range(sum(counts)):
        for card, n in enumerate(left):
            if not n:
                continue
            left[card] -= 1
            block = arrangements(left)
            if index < block:
                order.append(card)
                break
            index -= block
            left[card] += 1
    return tuple(order)


def prefixes(counts: Sequence[int], length: int) -> list[tuple[int, ...]]:
    """Every distinct order prefix of a given length, in lexicographic order.

    >>> prefixes((1, 2, 1), 2)
    [(0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1)]
    """
    if length == 0 or not sum(counts):
        return [()]
    out = []
    for card, n in enumerate(counts):
        if n:
            rest = list(counts)
            rest[card] -= 1
            out += [(card, *p) for p in prefixes(rest, length - 1)]
    return out


def check_orders(counts: Sequence[int], max_orders: int, where: str = "") -> int:
    """The deck's number of distinct orders, or a budget error past ``max_orders`` (--max-orders).

    >>> check_orders((1, 2, 1), 12)
    12
    """
    n = arrangements(counts)
    if n > max_orders:
        raise BudgetError(f"{where}the deck has {n:,} distinct orders, over --max-orders {max_orders:,}; "
                          "raise the bound or use --sample")
    return n


@dataclass(frozen=True)
class Histogram:
    """How many orders have each win probability: ``counts[k]`` orders win with ``k/scale``.

    >>> h = Histogram(2, (1, 0, 3))
    >>> h.orders, h.mean, h.sure_wins, h.sure_losses, h.as_dict()
    (4, Fraction(3, 4), 3, 1, {'0/1': 1, '1/1': 3})
    """

    scale: int
    counts: tuple[int, ...]

    @staticmethod
    def of(vector: np.ndarray, scale: int) -> Histogram:
        """Count a vector's values."""
        return Histogram(scale, tuple(int(n) for n in np.bincount(vector, minlength=scale + 1)))

    def __add__(self, other: Histogram) -> Histogram:
        if self.scale != other.scale:
            raise ValueError("histograms of different scales")
        return Histogram(self.scale, tuple(a + b for a, b in zip(self.counts, other.counts, strict=True)))

    @property
    def orders(self) -> int:
        return sum(self.counts)

    @property
    def mean(self) -> Fraction:
        """The order-weighted mean, exact (orders are equally likely)."""
        return Fraction(sum(k * n for k, n in enumerate(self.counts)), self.scale * self.orders)

    @property
    def sure_wins(self) -> int:
        return self.counts[-1]

    @property
    def sure_losses(self) -> int:
        return self.counts[0]

    def as_dict(self) -> dict[str, int]:
        """Probability 'p/q' → number of orders, for the values that occur, ascending."""
        return {fraction_text(Fraction(k, self.scale)): n for k, n in enumerate(self.counts) if n}


class OrderValues:
    """Vectors of per-order values under a policy, or for clairvoyant play (``policy=None``).

    >>> from songe.spec.reveil import load
    >>> from songe.games.reveil import ReveilGame
    >>> from songe.solve.expectimax import first_action
    >>> game = ReveilGame(load(), lucidity=6, hand_limit=3)
    >>> never = OrderValues(game, scale=12, policy=first_action)
    >>> never.histogram().as_dict()  # never playing a thought loses every order
    {'0/1': 19958400}
    """

    def __init__(self, game: DeckGame[Any], scale: int, policy: Policy[Any] | None = None,
                 max_states: int = DEFAULT_MAX_STATES, max_orders: int = DEFAULT_MAX_ORDERS) -> None:
        self.game, self.scale, self.policy = game, scale, policy
        self.max_states, self.max_orders = max_states, max_orders
        self.dtype = np.min_scalar_type(scale)
        self._memo: dict[Hashable, np.ndarray] = {}
        self._prefixed: dict[tuple[Hashable, tuple[int, ...]], np.ndarray] = {}

    @property
    def states(self) -> int:
        """Distinct states whose vector has been computed."""
        return len(self._memo)

    def histogram(self, prefix: tuple[int, ...] = (), state: Hashable | None = None) -> Histogram:
        """The histogram of the orders that start with ``prefix`` (from the initial state by default)."""
        start = self.game.initial_state() if state is None else state
        check_orders(self.game.deck(start), self.max_orders)
        deep_recursion()
        return Histogram.of(self.vector(start, prefix), self.scale)

    def vector(self, state: Hashable, prefix: tuple[int, ...] = ()) -> np.ndarray:
        """Scaled values of the orders of the state's deck that start with ``prefix``."""
        if prefix:
            key = (state, prefix)
            v = self._prefixed.get(key)
            if v is None:
                v = self._prefixed[key] = self._compute(state, prefix)
            return v
        v = self._memo.get(state)
        if v is None:
            v = self._compute(state, ())
            if len(self._memo) >= self.max_states:
                raise BudgetError.passed(self.max_states, "solve a smaller game", "per-order search")
            self._memo[state] = v
        return v

    def _compute(self, s: Hashable, prefix: tuple[int, ...]) -> np.ndarray:
        game = self.game
        kind = node_kind(game, s)
        if kind is NodeKind.TERMINAL:
            value = game.returns(s)[0] * self.scale
            if value.denominator != 1:
                raise ValueError(f"scale {self.scale} cannot hold the terminal value {game.returns(s)[0]}")
            left = list(game.deck(s))
            for card in prefix:
                left[card] -= 1
            return np.full(arrangements(left), int(value), dtype=self.dtype)
        if kind is NodeKind.DECISION:
            legal = tuple(game.legal_actions(s))
            if self.policy is not None:
                return self.vector(game.apply(s, self.policy(s, legal)), prefix)
            best: np.ndarray = np.maximum.reduce([self.vector(game.apply(s, a), prefix) for a in legal])
            return best
        if game.is_draw(s):
            if prefix:
                return self.vector(game.apply(s, prefix[0]), prefix[1:])
            return np.concatenate([self.vector(game.apply(s, o)) for o, _ in game.chance_outcomes(s)])
        return self._average(s, prefix)

    def _average(self, s: Hashable, prefix: tuple[int, ...]) -> np.ndarray:
        """An exact weighted mean of the children of a chance node the order does not decide."""
        outcomes = self.game.chance_outcomes(s)
        den = math.lcm(*(p.denominator for _, p in outcomes))
        total: np.ndarray = np.sum([(p.numerator * (den // p.denominator))
                                    * self.vector(self.game.apply(s, o), prefix).astype(np.int64)
                                    for o, p in outcomes], axis=0)
        if np.any(total % den):
            raise ValueError(f"scale {self.scale} is too small for a chance event with denominator {den}")
        return (total // den).astype(self.dtype)
