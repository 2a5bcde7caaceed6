"""Short strategies learned from the exact solution: a beam search over decision lists, scored exactly.

A strategy is a decision list: rules tried in order, each a *scope* and a
*condition* (when it applies: two yes/no tests of a decision state, e.g. which
dream it answers and a figure the player checks) and a *play* (what it plays,
when it can); the first rule that applies and can play decides, and where none
does the game's first legal action is taken. A game's :class:`RuleLanguage`
lists its scopes, conditions and plays and evaluates a list exactly; this
module knows no game.

The search grows lists one rule at a time (inserted at any place), keeping the
``beam`` best. Candidates are ranked by two first-order estimates computed on
the whole state graph (:class:`~songe.solve.chain.Graph`), both weighted by how
often the current list reaches each state:

* *improve*: what the move is worth if the current list plays on afterwards
  (policy improvement: exact for a change at a single state);
* *imitate*: what it is worth if optimal play follows (how far the list is from
  the optimal decisions, where it matters).

Only the best-ranked candidates are then evaluated exactly (Fractions, the
game's solver); the figures reported are those, never the estimates. The
search is deterministic: ties go to the earlier place, scope, condition and play.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

import numpy as np

from songe.engine.interface import Game
from songe.solve.chain import Graph, first_rule_firing
from songe.solve.expectimax import DEFAULT_MAX_STATES, make_solver

#: A rule: (scope, condition, play), indices into the language's lists.
Rule = tuple[int, int, int]
#: The estimates that rank candidates.
ESTIMATES = ("improve", "imitate")


class RuleLanguage(Protocol):
    """What a game's strategy language offers the search."""

    def guard_masks(self, states: Sequence[Any]) -> tuple[np.ndarray, np.ndarray]:
        """Per scope, and per condition, whether it holds at each decision state (bool, scopes × states and
        conditions × states)."""

    def play_actions(self, states: Sequence[Any]) -> tuple[np.ndarray, np.ndarray]:
        """Per play and decision state, the action it plays and whether it can play (plays × states each)."""

    def seeds(self) -> Sequence[tuple[Rule, ...]]:
        """Lists the search must also weigh (a game's named strategies), so it never does worse than they."""

    def evaluate(self, rules: tuple[Rule, ...]) -> Fraction:
        """The exact win probability of a list."""


@dataclass(frozen=True)
class Learned:
    """A list found, its exact worth, and which estimate proposed it ('seed' for a named one)."""

    rules: tuple[Rule, ...]
    value: Fraction
    source: str = "start"


@dataclass(frozen=True)
class Frontier:
    """The best list found with at most k rules, for k = 0, 1, …, and what the search cost."""

    optimal: Fraction
    best: tuple[Learned, ...]
    evaluated: int
    seconds: float
    step_seconds: tuple[float, ...] = field(default=())

    def smallest_within(self, gap: Fraction) -> Learned | None:
        """The shortest list within ``gap`` of optimal play, if any."""
        return next((b for b in self.best if self.optimal - b.value <= gap), None)


@dataclass
class _Context:
    graph: Graph
    scopes: np.ndarray
    conditions: np.ndarray
    edges: np.ndarray
    can: np.ndarray
    fallback: np.ndarray
    optimal_values: np.ndarray
    by_scope: tuple[tuple[np.ndarray, np.ndarray], ...] = ()


def learn(game: Game[Any], language: RuleLanguage, max_rules: int = 5, beam: int = 3, width: int = 12,
          max_states: int = DEFAULT_MAX_STATES, graph: Graph | None = None) -> Frontier:
    """The frontier of short lists for ``game``: up to ``max_rules`` rules, ``width`` exact evaluations per
    estimate and beam entry at each size."""
    start = time.perf_counter()
    solver = make_solver(game, max_states=max_states)
    optimal = solver.solve().value
    ctx = _context(game, language, max_states, graph)
    cache: dict[tuple[Rule, ...], Fraction] = {}

    def worth(rules: tuple[Rule, ...], source: str) -> Learned:
        if rules not in cache:
            cache[rules] = language.evaluate(rules)
        return Learned(rules, cache[rules], source)

    seeds = [worth(tuple(s), "seed") for s in language.seeds()]
    frontier = [worth((), "start")]
    current = [frontier[0]]
    steps = []
    for size in range(1, max_rules + 1):
        t0 = time.perf_counter()
        found: dict[tuple[Rule, ...], Learned] = {}
        for entry in current:
            for rules, source in _proposals(ctx, entry.rules, width):
                if rules not in found:
                    found[rules] = worth(rules, source)
        for s in seeds:
            if len(s.rules) == size:
                found.setdefault(s.rules, s)
        ranked = sorted(found.values(), key=lambda e: -e.value)  # stable: proposal order breaks ties
        current = ranked[:beam] or current
        best = max([frontier[-1], *ranked[:1]], key=lambda e: e.value)  # at most k rules: never worse
        frontier.append(best)
        steps.append(time.perf_counter() - t0)
    return Frontier(optimal, tuple(frontier), len(cache), time.perf_counter() - start, tuple(steps))


def _context(game: Game[Any], language: RuleLanguage, max_states: int,
             graph: Graph | None) -> _Context:
    g = graph if graph is not None else Graph.build(game, max_states)
    states = g.decision_states()
    scopes, conditions = language.guard_masks(states)
    actions, can = language.play_actions(states)
    edges = np.stack([g.edge_of(a) for a in actions]) if len(actions) else np.zeros((0, len(states)), np.int64)
    can = can & (edges >= 0)
    conds = np.asarray(conditions, np.float32)
    # Each scope's states and its conditions there, gathered once: the ranking multiplies them many times.
    by_scope = tuple((idx, np.ascontiguousarray(conds[:, idx])) for idx in (np.flatnonzero(m) for m in scopes))
    return _Context(g, np.asarray(scopes, bool), conds, edges, can, g.fallback_choice(), g.optimal_values(), by_scope)


def choices(ctx: _Context, rules: tuple[Rule, ...]) -> tuple[np.ndarray, np.ndarray]:
    """(index of the rule deciding, edge taken) per decision state under a list (index len(rules): none)."""
    fired = [ctx.scopes[f] & (ctx.conditions[c] > 0) & ctx.can[p] for f, c, p in rules]
    first = first_rule_firing(fired, len(ctx.fallback))
    edge = ctx.fallback.copy()
    for i, (_, _, p) in enumerate(rules):
        here = first == i
        edge[here] = ctx.edges[p][here]
    return first, edge


def _proposals(ctx: _Context, rules: tuple[Rule, ...], width: int) -> list[tuple[tuple[Rule, ...], str]]:
    """The ``width`` best-ranked one-rule insertions into ``rules`` by each estimate."""
    g = ctx.graph
    first, edge = choices(ctx, rules)
    reach, value = g.sweep(edge)
    r = reach[g.decisions]
    plays = len(ctx.can)
    moved = []
    for estimate in ESTIMATES:
        v = value if estimate == "improve" else ctx.optimal_values
        base = v[g.edge_child[edge]]
        moved.append(np.where(ctx.can, v[g.edge_child[np.maximum(ctx.edges, 0)]] - base, 0.0) * r)
    both = np.concatenate(moved)  # (estimate, play) × states
    table = np.stack([_gains(ctx, np.where(first >= place, both, 0.0).astype(np.float32))
                      for place in range(len(rules) + 1)])  # place × scope × condition × (estimate, play)
    out: list[tuple[tuple[Rule, ...], str]] = []
    for k, estimate in enumerate(ESTIMATES):
        part = table[..., k * plays:(k + 1) * plays]
        order = np.argsort(-part, axis=None, kind="stable")
        taken = 0
        for flat in order.tolist():
            place, scope, cond, play = (int(x) for x in np.unravel_index(flat, part.shape))
            if part[place, scope, cond, play] <= 0 or taken >= width:
                break
            rule = (scope, cond, play)
            if rule not in rules:
                out.append((rules[:place] + (rule,) + rules[place:], estimate))
                taken += 1
    return out


def _gains(ctx: _Context, contrib: np.ndarray) -> np.ndarray:
    """scope × condition × column: the sum of ``contrib`` (columns × states) where scope and condition hold."""
    out = np.empty((len(ctx.scopes), len(ctx.conditions), len(contrib)), np.float32)
    for f, (idx, conds) in enumerate(ctx.by_scope):
        out[f] = conds @ contrib[:, idx].T
    return out


def departures(game: Game[Any], graph: Graph, actions: np.ndarray, top: int = 10,
               max_states: int = DEFAULT_MAX_STATES) -> list[Departure]:
    """The decision states where a policy (``actions``: its move per decision state of ``graph``) departs from
    optimal play, the costliest first.

    A departure costs how often the policy reaches the state times what its move
    loses there against the optimal move, optimal play following both: exact
    Fractions (the reach summed over every path the policy takes to the state).
    """
    solver = make_solver(game, max_states=max_states)
    solver.solve()
    g = graph
    edge = g.edge_of(actions)
    if (edge < 0).any():
        raise ValueError("the policy plays an action that is not legal at some state")
    reach, _ = g.sweep(edge)
    r = reach[g.decisions]
    # Floats rank the states the policy reaches; the costliest few are then told exactly.
    optimal = g.optimal_values()
    loss = (optimal[g.decisions] - optimal[g.edge_child[edge]]) * r
    order = [int(j) for j in np.argsort(-loss, kind="stable")[:4 * top] if loss[j] > 1e-15]
    exact_reach = _exact_reach(g, edge, {int(g.decisions[j]) for j in order})
    out = []
    for j in order:
        s = g.states[int(g.decisions[j])]
        options = {a: solver.value(game.apply(s, a)) for a in game.legal_actions(s)}
        played = int(actions[j])
        optimal_move = max(options, key=lambda a: options[a])
        out.append(Departure(s, exact_reach[int(g.decisions[j])], options[optimal_move] - options[played], played,
                             optimal_move))
    out.sort(key=lambda d: -d.cost)
    return out[:top]


@dataclass(frozen=True)
class Departure:
    """A decision state where a list plays ``played`` and optimal play ``optimal``."""

    state: Any
    reach: Fraction
    difference: Fraction
    played: int
    optimal: int

    @property
    def cost(self) -> Fraction:
        """Win probability the departure costs: reach × value difference."""
        return self.reach * self.difference


def _exact_reach(g: Graph, edge: np.ndarray, wanted: set[int]) -> dict[int, Fraction]:
    """The exact probability the list reaches each wanted node (a Fraction sweep, parents before children)."""
    chosen = set(edge.tolist())
    reach: dict[int, Fraction] = {0: Fraction(1)}
    for edges, _ in reversed(g.levels):
        for e in edges.tolist():
            here = reach.get(int(g.edge_parent[e]))
            p = g.edge_fraction[e]
            if not here or (p is None and e not in chosen):
                continue
            c = int(g.edge_child[e])
            reach[c] = reach.get(c, Fraction(0)) + (here if p is None else here * p)
    return {n: reach.get(n, Fraction(0)) for n in wanted}
