"""The reference solver for a game whose values are too wide for the kernels, its states counted on them first.

A spec with many cards has a common denominator past 64 bits (a 33-card deck:
33! already), so the kernels cannot hold its values
(:class:`~songe.games.reveil.fast.WideValues`) and the reference solver computes
them: about fifty times slower, eight times dearer a state. A game past the
budget was refused only when the reference solver reached it, after minutes and
gigabytes. The kernels can still walk such a game: with a denominator of 0 every
value is 0, so no arithmetic can overflow, and the walk stores exactly the states
the reference solver stores. Counting them first refuses a game past the budget
in seconds; a game within it is then solved by the reference solver, whose
fractions are the only ones reported. Exports and graphs, which walk the game on
the reference engine, count first too (:func:`precount`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from songe.engine.interface import NodeKind, node_kind
from songe.errors import BudgetError
from songe.games.reveil import machine
from songe.games.reveil.fast import (
    Compiled,
    Unsupported,
    WideValues,
    _Table,
    compile_game,
    fast_solver,
    strategy_of,
    to_work,
)
from songe.games.reveil.kernels import prepare_kernels
from songe.games.reveil.state import State
from songe.solve.expectimax import DEFAULT_MAX_STATES, Solver
from songe.spec.reveil import Strategy

log = logging.getLogger(__name__)
_said: set[str] = set()


def solver(game: machine.ReveilGame, policy: Callable | None = None, max_states: int = DEFAULT_MAX_STATES,
           memo: dict | None = None) -> Solver | None:
    """Réveil's offer to :func:`~songe.solve.expectimax.make_solver`: the compiled solver
    (:func:`~songe.games.reveil.fast.fast_solver`); for a game whose values are too wide for it, the reference
    solver counting the states on the kernels first (:class:`CountedSolver`); else None."""
    fast = fast_solver(game, policy, max_states, memo)
    if fast is not None:
        return fast
    try:
        compiled = count_tables(game, strategy_of(policy), max_states)
    except Unsupported:  # a policy the kernels do not play
        return None
    return None if compiled is None else CountedSolver(game, compiled, policy, max_states, memo)


def count_tables(game: machine.ReveilGame, strategy: Strategy | None, max_states: int) -> Compiled | None:
    """The kernels' tables for counting the game's states, if its values (only) are too wide for them; else None."""
    try:
        compile_game(game, strategy, max_states=max_states)
        return None
    except WideValues as exc:
        log.info("songe: no fast exact path for %s: %s", game.spec.file, exc)
    except (Unsupported, ImportError):  # (numba missing: the reference engine needs none)
        return None
    try:
        return compile_game(game, strategy, max_states=max_states, count_only=True)
    except Unsupported:
        return None


class CountedSolver(Solver[State]):
    """The reference :class:`Solver`, which first counts on the kernels the states below the first state asked:
    past the budget, :class:`BudgetError` before any Fraction is computed."""

    def __init__(self, game: machine.ReveilGame, compiled: Compiled, policy: Callable | None, max_states: int,
                 memo: dict | None) -> None:
        super().__init__(game, policy, max_states, memo)
        self._count: Compiled | None = compiled
        self.counted: int | None = None
        """States the kernels counted below the first state asked (None: not counted)."""

    def value(self, state: State) -> Fraction:
        if self._count is not None:
            self.counted = count_states(self._count, self.game, state, self.max_states)  # past the budget: raises
            self._count = None  # (so a game refused once is refused again, never left to the reference solver)
            said = "optimal play" if self.policy is None else "a strategy"
            if said not in _said:  # said once the game is known to fit: a refusal stays one line
                _said.add(said)
                log.warning("songe: no fast exact path under %s (the values are past 64-bit integers); the reference "
                            "solver computes %s states (same fractions, slower)", said,
                            "its" if self.counted is None else f"the {self.counted:,}")
        return super().value(state)


def precount(game: machine.ReveilGame, max_states: int) -> None:
    """Réveil's ``walk_all`` offer (:func:`~songe.engine.explore.walk_all`): no compiled walk of the machine's
    states (its compact twin has one), but a game whose values the kernels cannot hold has its states counted
    on them before the reference walk (an export, a graph): past ``max_states``, which the walk (counting end
    states too) would pass as well, :class:`BudgetError`. Any other game: nothing."""
    compiled = count_tables(game, None, max_states)
    if compiled is not None:
        count_states(compiled, game, game.initial_state(), max_states, "explore")


def count_states(compiled: Compiled, game: Any, state: State, max_states: int, verb: str = "solve") -> int | None:
    """The non-terminal states reachable from ``state``, which a solve stores, walked by the kernels; None if a
    state outgrew the compiled layout. Past ``max_states``: :class:`BudgetError` naming the deck (and ``verb``,
    what was about to be done)."""
    from songe.games.reveil import fast_search as k

    if node_kind(game, state) is NodeKind.TERMINAL:
        return 0
    try:
        W = to_work(compiled, state)
    except Unsupported:
        return None
    table = _Table()
    W0 = np.zeros(compiled.size, np.int64)
    prepare_kernels(((k.solve, (W0, compiled.P, compiled.T, *table.arrays, table.cnt)),),
                    *k.callees(W0, compiled.P, compiled.T, table.arrays, table.cnt))
    status, *_ = k.solve(W, compiled.P, compiled.T, *table.arrays, table.cnt)
    if status == k.BUDGET:
        deck = sum(c.copies for c in game.spec.cards)
        raise BudgetError(f"the game has more than {max_states:,} states (--max-states), counted before {verb[:-1]}ing "
                          f"it; raise the budget or {verb} a smaller game than its {deck}-card deck")
    return int(table.cnt[2]) if status == k.OK else None
