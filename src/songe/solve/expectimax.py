"""Exact expectimax: the optimal win probability of any state, as a Fraction.

Values are memoized by state, so every deck order that reaches the same
position shares one computation. The same solver evaluates a fixed policy
(``policy=...``) instead of maximising, which is how baselines are solved.
"""

from __future__ import annotations

import logging
import math
import sys
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar, overload

from songe.engine.explore import DEFAULT_MAX_STATES as DEFAULT_MAX_STATES  # re-exported: the solvers' default
from songe.engine.explore import offer
from songe.engine.interface import CHANCE, TERMINAL, Game
from songe.errors import BudgetError, OptionError

S = TypeVar("S", bound=Hashable)

Policy = Callable[[S, tuple[int, ...]], int]


@dataclass(frozen=True)
class Result:
    """The value of a game's initial state and what it cost to compute."""

    value: Fraction
    states: int
    seconds: float


class Solver(Generic[S]):
    """Memoized expectimax over a one-player :class:`~songe.engine.interface.Game`.

    >>> from songe.spec.reveil import load
    >>> from songe.games.reveil import ReveilGame
    >>> never = Solver(ReveilGame(load(), lucidity=6, hand_limit=3), policy=first_action)
    >>> never.solve().value  # the never-play baseline always loses
    Fraction(0, 1)
    """

    def __init__(self, game: Game[S], policy: Policy[S] | None = None, max_states: int = DEFAULT_MAX_STATES,
                 memo: dict[S, Fraction] | None = None) -> None:
        if game.info.num_players != 1:
            raise OptionError(f"exact expectimax solves one-player games; this one has {game.info.num_players}")
        self.game = game
        self.policy = policy
        self.max_states = max_states
        # A memo may be shared by games whose states mean the same thing (same spec,
        # readings, hand limit and policy, other starting Lucidité): values carry over.
        self._values: dict[S, Fraction] = {} if memo is None else memo

    @property
    def states(self) -> int:
        """Distinct states whose value has been computed."""
        return len(self._values)

    def prepare(self) -> None:
        """Make ready before any clock starts (a compiled solver compiles here); the reference one has nothing to do."""

    def solve(self) -> Result:
        """The value of the initial state."""
        start = time.perf_counter()
        value = self.value(self.game.initial_state())
        return Result(value, self.states, time.perf_counter() - start)

    def value(self, state: S) -> Fraction:
        """The optimal (or policy) win probability from a state."""
        deep_recursion()
        return self._value(state)

    def _value(self, state: S) -> Fraction:
        cached = self._values.get(state)
        if cached is not None:
            return cached
        game = self.game
        player = game.current_player(state)
        if player == TERMINAL:
            return game.returns(state)[0]  # not cached: cheap, and not a position to count
        if player == CHANCE:
            v = expectation([(p, self._value(game.apply(state, o))) for o, p in game.chance_outcomes(state)])
        else:
            actions = tuple(game.legal_actions(state))
            if self.policy is not None:
                v = self._value(game.apply(state, self.policy(state, actions)))
            else:
                v = max(self._value(game.apply(state, a)) for a in actions)
        if len(self._values) >= self.max_states:
            raise BudgetError.passed(self.max_states, "solve a smaller game")
        self._values[state] = v
        return v

    def options(self, state: S) -> list[tuple[int, Fraction]]:
        """Every legal action of a decision state with its value, in the game's order."""
        return [(a, self._value(self.game.apply(state, a))) for a in self.game.legal_actions(state)]

    def best(self, state: S) -> int:
        """The optimal action; ties go to the first in the game's order (for Réveil: none first)."""
        if self.policy is not None:
            return self.policy(state, tuple(self.game.legal_actions(state)))
        best_action, best_value = None, None
        for a, v in self.options(state):
            if best_value is None or v > best_value:
                best_action, best_value = a, v
        assert best_action is not None, "best() needs a decision state"
        return best_action


_log = logging.getLogger(__name__)
_fallbacks_said: set[tuple[str, bool]] = set()


def make_solver(game: Game[S], policy: Policy[S] | None = None, max_states: int = DEFAULT_MAX_STATES,
                memo: dict[Any, Any] | None = None) -> Solver[S]:
    """The game's own fast exact solver when it offers one for this policy, else the reference :class:`Solver`.

    A game offers one by a ``fast_solver(policy, max_states, memo)`` method (or a ``"module:function"`` name) on its
    class (looked up on the type, so a wrapper forwarding attributes to a game does
    not borrow the wrapped game's solver) returning an object with this API, or
    None. Falling back is said once per game type and policy, as a warning of the
    ``songe.solve.expectimax`` logger (on stderr unless logging is configured).

    >>> from songe.spec.reveil import load
    >>> from songe.games.reveil import ReveilGame
    >>> game = ReveilGame(load(), lucidity=2, hand_limit=1)
    >>> make_solver(game).solve().value == Solver(game).solve().value
    True
    """
    fast_offer = offer(game, "fast_solver")
    if fast_offer is not None:
        fast: Solver[S] | None = fast_offer(game, policy=policy, max_states=max_states, memo=memo)
        if fast is not None:
            return fast
        said = (type(game).__name__, policy is None)
        if said not in _fallbacks_said:
            _fallbacks_said.add(said)
            _log.warning("%s", fallback_notice(policy is None))
    return Solver(game, policy, max_states, memo)


def fallback_notice(optimal: bool) -> str:
    """The line a user reads when the fast solver does not cover a game or a way of playing: what happens and what
    it costs, in the user's words (no class or function of the code).

    >>> fallback_notice(False).split("; ")[0]
    'songe: the fast solver does not cover this way of playing (a strategy, not optimal play)'
    """
    what = "optimal play in this game" if optimal else "this way of playing (a strategy, not optimal play)"
    return f"songe: the fast solver does not cover {what}; solving with the reference solver instead (the same exact " \
           "fractions, slower)"


@overload
def compact_twin(game: Game[S], solver: Solver[S]) -> tuple[Game[Any], Solver[Any]]: ...


@overload
def compact_twin(game: Game[S], solver: None = None) -> tuple[Game[Any], Solver[Any] | None]: ...


def compact_twin(game: Game[S], solver: Solver[S] | None = None) -> tuple[Game[Any], Solver[Any] | None]:
    """The game over compact states, with a solver sharing ``solver``'s values, if the game offers one.

    A game offers it by a ``compact_twin(solver)`` method on its class returning
    ``(twin, twin_solver)`` or None (``solver`` None: the twin makes its own).
    The twin has the same moves, players, observations (compared for equality)
    and values, state for state, on states that are cheaper to store and to
    step: long walks (witness searches, exports) run on it. Without an offer,
    the game and solver themselves.

    >>> from songe.spec.reveil import load
    >>> from songe.games.reveil import ReveilGame
    >>> game = ReveilGame(load(), lucidity=2, hand_limit=1)
    >>> twin, solver = compact_twin(game, make_solver(game))
    >>> solver.value(twin.initial_state()) == make_solver(game).solve().value
    True
    """
    twin_offer = offer(game, "compact_twin")
    made = twin_offer(game, solver) if twin_offer is not None else None
    return (game, solver) if made is None else made


def deep_recursion(limit: int = 10_000) -> None:
    """Raise Python's recursion limit for a memoized search (each chain of draws and decisions nests)."""
    if sys.getrecursionlimit() < limit:
        sys.setrecursionlimit(limit)


def expectation(terms: list[tuple[Fraction, Fraction]]) -> Fraction:
    """Σ p·v over exact terms, normalised once instead of after every product.

    >>> expectation([(Fraction(1, 3), Fraction(1, 2)), (Fraction(2, 3), Fraction(1, 4))])
    Fraction(1, 3)
    """
    den = 1
    for p, v in terms:
        den = math.lcm(den, p.denominator * v.denominator)
    num = sum(p.numerator * v.numerator * (den // (p.denominator * v.denominator)) for p, v in terms)
    return Fraction(num, den)


def fraction_text(x: Fraction) -> str:
    """A fraction as 'p/q', always with its denominator (stable in JSON and GraphML).

    >>> fraction_text(Fraction(1))
    '1/1'
    """
    return f"{x.numerator}/{x.denominator}"


def first_action(state: object, actions: tuple[int, ...]) -> int:
    """The policy that always takes the first legal action (for Réveil: never play)."""
    return actions[0]
