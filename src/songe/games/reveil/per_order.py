"""Réveil order by order: per-order histograms under optimal play, and clairvoyant play.

The work is cut into :class:`Job` records (a set-up, what to compute, an order
prefix) that any process can run from data alone, so a task engine can spread
them (:mod:`songe.tasks`). A process keeps the game, solver and vector
memos of the last set-ups it worked on, so jobs of one set-up that land on the
same process share their work, as in a single run.
"""

from __future__ import annotations

import enum
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from songe.engine.explore import DEFAULT_MAX_STATES
from songe.games.reveil.fast_game import packed_game
from songe.games.reveil.known_order import known_order, value_scale
from songe.games.reveil.machine import ReveilGame
from songe.games.reveil.setup import Setup, make_game
from songe.games.reveil.strategies import policy as strategy_policy
from songe.games.reveil.trace import Branch, replay, win_probability
from songe.solve.expectimax import Policy, Solver, make_solver
from songe.solve.order_values import (
    DEFAULT_MAX_ORDERS,
    DeckGame,
    Histogram,
    OrderValues,
    arrangements,
    check_orders,
    prefixes,
    rank,
    unrank,
)
from songe.spec.reveil import ReveilSpec

#: How the optimal policy breaks ties, as reported with its histogram.
TIE_BREAK = ("among options of equal value, the first in the game's order: no thought first, "
             "then the thoughts in the order of the spec's cards")

#: The method, as reported.
METHOD = ("exact: one vector of per-order values per state (orders of its unseen deck, lexicographic), "
          "memoized by state so orders reaching the same position share work; draws concatenate, decisions "
          "take the policy's child (clairvoyant: the elementwise maximum), random removals average exactly")


class Mode(enum.Enum):
    """What a job computes."""

    OPTIMAL = "optimal"
    """per-order values under the optimal policy (which does not know the order)"""
    CLAIRVOYANT = "clairvoyant"
    """per-order values for a player who knows the order (not a random removal's pick)"""
    SOLVER = "solver"
    """the solver's exact value of the whole game, to check the per-order mean against"""
    STRATEGY = "strategy"
    """per-order values under one of the spec's named strategies"""


@dataclass(frozen=True)
class Job:
    """One unit of work: a set-up, a mode, and the order prefix it covers."""

    spec: ReveilSpec
    setup: Setup
    mode: Mode
    prefix: tuple[int, ...] = ()
    max_states: int = DEFAULT_MAX_STATES
    max_orders: int = DEFAULT_MAX_ORDERS
    strategy: str | None = None


@dataclass(frozen=True)
class JobResult:
    """What a job found: a histogram (or the solver's value), an example order per value, its cost."""

    setup: Setup
    mode: Mode
    prefix: tuple[int, ...]
    histogram: Histogram | None
    value: Fraction | None
    examples: dict[int, tuple[int, ...]] = field(default_factory=dict)
    seconds: float = 0.0
    strategy: str | None = None
    #: The histogram of the orders starting with each card (by card index).
    by_first: dict[int, Histogram] = field(default_factory=dict)


class _Context:
    """A process's game, solver and vector memos for one set-up."""

    def __init__(self, spec: ReveilSpec, setup: Setup, max_states: int, max_orders: int) -> None:
        self.machine: ReveilGame = make_game(spec, setup)
        self.scale = value_scale(self.machine)
        packed = packed_game(self.machine, max_states)  # the compiled path, when the kernels hold this spec
        self.packed = packed
        self.game: DeckGame[Any] = self.machine if packed is None else packed
        self.solver: Solver[Any] = make_solver(self.machine, max_states=max_states) if packed is None \
            else packed.solver
        self.spec, self.max_states, self.max_orders = spec, max_states, max_orders
        self._vectors: dict[tuple[Mode, str | None], OrderValues] = {}

    def policy(self, mode: Mode, strategy: str | None) -> Policy | None:
        """The policy a mode plays (None: clairvoyant, the best child for each order)."""
        if mode is Mode.OPTIMAL:
            return self.optimal_policy
        if mode is Mode.STRATEGY:
            if strategy is None:
                raise ValueError("a strategy job must name its strategy")
            chosen = self.spec.strategy(strategy)
            return strategy_policy(self.machine, chosen) if self.packed is None else \
                self.packed.strategy_policy(chosen)
        return None

    def vectors(self, mode: Mode, strategy: str | None = None) -> OrderValues:
        """The vector memo of a mode (and strategy), made on first use."""
        key = (mode, strategy)
        if key not in self._vectors:
            self._vectors[key] = OrderValues(self.game, self.scale, self.policy(mode, strategy),
                                             self.max_states, self.max_orders)
        return self._vectors[key]

    def optimal_policy(self, state, legal: tuple[int, ...]) -> int:
        """The solver's choice (ties: :data:`TIE_BREAK`)."""
        return self.solver.best(state)


#: Set-ups this process has worked on, most recent last (a few: each can hold hundreds of MB).
_CONTEXTS: OrderedDict[tuple, _Context] = OrderedDict()
_KEEP = 2


def context(spec: ReveilSpec, setup: Setup, max_states: int = DEFAULT_MAX_STATES,
            max_orders: int = DEFAULT_MAX_ORDERS) -> _Context:
    """This process's memos for a set-up (made on first use)."""
    key = (spec, setup, max_states, max_orders)
    ctx = _CONTEXTS.pop(key, None) or _Context(spec, setup, max_states, max_orders)
    _CONTEXTS[key] = ctx
    while len(_CONTEXTS) > _KEEP:
        _CONTEXTS.popitem(last=False)
    return ctx


def forget() -> None:
    """Drop this process's memos (after a run)."""
    _CONTEXTS.clear()


def run_job(job: Job) -> JobResult:
    """Run one job in this process (the function a task engine calls)."""
    start = time.perf_counter()
    ctx = context(job.spec, job.setup, job.max_states, job.max_orders)
    game = ctx.game
    if job.mode is Mode.SOLVER:
        solved = ctx.solver.value(game.initial_state())
        return JobResult(job.setup, job.mode, job.prefix, None, solved, seconds=time.perf_counter() - start)
    values = ctx.vectors(job.mode, job.strategy)
    root = game.initial_state()
    histogram = values.histogram(job.prefix)
    vector = values.vector(root, job.prefix)
    rest = list(game.deck(root))
    for card in job.prefix:
        rest[card] -= 1
    examples = {k: job.prefix + unrank(rest, int(np.argmax(vector == k)))
                for k, n in enumerate(histogram.counts) if n}
    by_first = _by_first_card(vector, game.deck(root), job.prefix, ctx.scale)
    value: Fraction | None = None
    if job.mode is Mode.OPTIMAL and not job.prefix:
        value = ctx.solver.value(root)  # the policy's memo already holds it once all orders are done
    elif job.mode is Mode.STRATEGY:  # policy evaluation, to check the strategy's per-order mean against
        value = make_solver(ctx.machine, strategy_policy(ctx.machine, ctx.spec.strategy(job.strategy or "")),
                            job.max_states).solve().value
    return JobResult(job.setup, job.mode, job.prefix, histogram, value, examples, time.perf_counter() - start,
                     job.strategy, by_first)


def _by_first_card(vector: np.ndarray, deck: tuple[int, ...], prefix: tuple[int, ...],
                   scale: int) -> dict[int, Histogram]:
    """Histograms of the blocks of orders that start with each card (the vector is lexicographic)."""
    if prefix:
        return {prefix[0]: Histogram.of(vector, scale)}
    out, start = {}, 0
    for card, n in enumerate(deck):
        if n:
            rest = list(deck)
            rest[card] -= 1
            size = arrangements(rest)
            out[card] = Histogram.of(vector[start:start + size], scale)
            start += size
    return out


def jobs(spec: ReveilSpec, setups: list[Setup], clairvoyant: bool = True, split: int = 0,
         max_states: int = DEFAULT_MAX_STATES, max_orders: int = DEFAULT_MAX_ORDERS,
         strategies: tuple[str, ...] = ()) -> list[Job]:
    """The jobs of a run: per set-up, each mode over each order prefix of length ``split``.

    Named strategies are one job each (no split: a fixed policy visits few states).
    """
    for sid in strategies:
        spec.strategy(sid)  # an unknown id fails here, before any work
    modes = [Mode.OPTIMAL] + ([Mode.CLAIRVOYANT] if clairvoyant else [])
    out = []
    deck = spec.deck_counts
    for st in setups:
        check_orders(deck, max_orders, f"level {st.level}: ")  # before any job is sent out
        for mode in modes:
            out += [Job(spec, st, mode, p, max_states, max_orders) for p in prefixes(deck, split)]
        if split:
            out.append(Job(spec, st, Mode.SOLVER, (), max_states, max_orders))
        out += [Job(spec, st, Mode.STRATEGY, (), max_states, max_orders, sid) for sid in strategies]
    return out


@dataclass(frozen=True)
class ModeSummary:
    """All orders of a set-up under one mode."""

    histogram: Histogram
    examples: dict[int, tuple[int, ...]]
    #: The orders starting with each card (by card index), in card order.
    by_first: dict[int, Histogram] = field(default_factory=dict)


@dataclass(frozen=True)
class LevelOrders:
    """The per-order results of one set-up."""

    setup: Setup
    orders: int
    solver_value: Fraction
    optimal: ModeSummary
    clairvoyant: ModeSummary | None
    seconds: float
    #: Named strategies: their per-order results, and their value by policy evaluation.
    strategies: dict[str, tuple[ModeSummary, Fraction]] = field(default_factory=dict)

    @property
    def matches_solver(self) -> bool:
        """Whether every histogram counts each distinct order once and averages to the solver's value."""
        h = self.optimal.histogram
        return h.orders == self.orders and h.mean == self.solver_value and all(
            s.histogram.orders == self.orders and s.histogram.mean == v for s, v in self.strategies.values())


def gather(spec: ReveilSpec, results: list[JobResult]) -> list[LevelOrders]:
    """Put the jobs' results together, per set-up, in the order the set-ups first appear."""
    by_setup: dict[Setup, list[JobResult]] = {}
    for r in results:
        by_setup.setdefault(r.setup, []).append(r)
    out = []
    for st, rs in by_setup.items():
        optimal = [r for r in rs if r.mode is Mode.OPTIMAL]
        clairvoyant = [r for r in rs if r.mode is Mode.CLAIRVOYANT]
        value = next(r.value for r in rs if r.value is not None and r.mode is not Mode.STRATEGY)
        strategies = {}
        for r in rs:
            if r.mode is Mode.STRATEGY:
                if r.strategy is None or r.value is None:
                    raise ValueError("a strategy job's result names its strategy and its value")
                strategies[r.strategy] = (_merge([r]), r.value)
        out.append(LevelOrders(st, arrangements(spec.deck_counts), value, _merge(optimal),
                               _merge(clairvoyant) if clairvoyant else None, sum(r.seconds for r in rs), strategies))
    return out


def _merge(results: list[JobResult]) -> ModeSummary:
    """The jobs of one mode put together (at least one; each with its histogram)."""
    results = sorted(results, key=lambda r: r.prefix)
    histograms = [r.histogram for r in results if r.histogram is not None]
    if not histograms or len(histograms) != len(results):
        raise ValueError("only jobs with a histogram can be merged, and at least one")
    histogram = sum(histograms[1:], histograms[0])
    examples: dict[int, tuple[int, ...]] = {}
    by_first: dict[int, Histogram] = {}
    for r in results:
        for k, order in r.examples.items():
            examples.setdefault(k, order)
        for card, h in r.by_first.items():
            by_first[card] = by_first[card] + h if card in by_first else h
    return ModeSummary(histogram, examples, dict(sorted(by_first.items())))


@dataclass(frozen=True)
class OneOrder:
    """One deck order under the optimal policy and under clairvoyant play, with both replays."""

    order: tuple[int, ...]
    index: int
    optimal: Fraction
    clairvoyant: Fraction
    optimal_branches: list[Branch]
    clairvoyant_branches: list[Branch]


def one_order(game: ReveilGame, order: tuple[int, ...], max_states: int = DEFAULT_MAX_STATES) -> OneOrder:
    """Replay an order twice: the optimal policy (which does not know it), and a player who does."""
    solver = make_solver(game, max_states=max_states)
    optimal = replay(game, order, lambda s, legal: solver.best(s), values=solver.options)
    seer = make_solver(known_order(game, order), max_states=max_states)
    # KnownOrder stands in for the ReveilGame it wraps (it forwards every attribute it does not change).
    clairvoyant = replay(seer.game, order, lambda s, legal: seer.best(s), values=seer.options)  # type: ignore[arg-type]
    index = rank(game.deck(game.initial_state()), order)
    return OneOrder(order, index, win_probability(optimal), seer.solve().value, optimal, clairvoyant)

