"""A one-player game's whole state graph as arrays, and a fixed policy's reach and values on it.

Learning a short strategy (:mod:`songe.solve.learn`) scores many candidate rules;
each score needs, under the current policy, how often each decision state is
reached and what each move there is worth. Under a fixed policy the game is a
Markov chain, so both are two sweeps over the graph grouped by height (the
longest path to the end): parents before children for the reach, children
before parents for the values. These sweeps are floats: they only rank
candidates, whose worth is then computed exactly by a solver.

>>> from songe.spec.reveil import load
>>> from songe.games.reveil import ReveilGame
>>> g = Graph.build(ReveilGame(load(), lucidity=2, hand_limit=1))
>>> reach, values = g.sweep(g.fallback_choice())  # PASS first: never play a thought
>>> float(values[0])
0.0
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from songe.engine.explore import DEFAULT_MAX_STATES, walk_all
from songe.engine.interface import CHANCE, TERMINAL, Game
from songe.errors import OptionError


@dataclass(frozen=True)
class Graph:
    """Every reachable state of a one-player game with explicit chance, as arrays (root is node 0).

    ``decisions`` are the node indices of decision states; an edge of a decision
    node carries probability 0 and its action; ``choice`` arrays give, per
    decision state, the index of the edge taken (into ``edge_*``).
    """

    states: tuple[Hashable, ...]
    decisions: np.ndarray
    edge_parent: np.ndarray
    edge_child: np.ndarray
    edge_action: np.ndarray
    edge_probability: np.ndarray
    edge_fraction: tuple[Fraction | None, ...]
    decision_edges: np.ndarray
    terminal_value: np.ndarray
    levels: tuple[tuple[np.ndarray, np.ndarray], ...]

    @classmethod
    def build(cls, game: Game[Any], max_states: int = DEFAULT_MAX_STATES) -> Graph:
        """Walk the game once (its compiled walk when it offers one)."""
        if game.info.num_players != 1:
            raise OptionError(f"learning a strategy needs a one-player game; this one has {game.info.num_players}")
        nodes = walk_all(game, max_states=max_states)
        index = {n.state: i for i, n in enumerate(nodes)}
        parent, child, action, prob, exact, is_dec = [], [], [], [], [], []
        decisions, terminal = [], np.zeros(len(nodes))
        for i, n in enumerate(nodes):
            if n.player == TERMINAL:
                terminal[i] = float(game.returns(n.state)[0])
                continue
            if n.player != CHANCE:
                decisions.append(i)
            for e in n.edges:
                parent.append(i)
                child.append(index[e.child])
                action.append(e.action)
                prob.append(0.0 if e.probability is None else float(e.probability))
                exact.append(e.probability)
                is_dec.append(n.player != CHANCE)
        edge_parent, edge_child = np.array(parent, np.int64), np.array(child, np.int64)
        dec = np.array(decisions, np.int64)
        dec_edges = np.flatnonzero(np.array(is_dec, bool))
        return cls(tuple(n.state for n in nodes), dec, edge_parent, edge_child, np.array(action, np.int64),
                   np.array(prob), tuple(exact), dec_edges, terminal, _levels(len(nodes), edge_parent, edge_child))

    @property
    def size(self) -> int:
        """Number of states."""
        return len(self.states)

    def decision_states(self) -> list[Any]:
        """The decision states, in :attr:`decisions` order."""
        return [self.states[i] for i in self.decisions.tolist()]

    def edge_of(self, actions: np.ndarray) -> np.ndarray:
        """Per decision state, the index of the edge playing ``actions[j]`` (-1 where it is not legal)."""
        de = self.decision_edges
        dec_of = np.full(self.size, -1, np.int64)
        dec_of[self.decisions] = np.arange(len(self.decisions))
        owner = dec_of[self.edge_parent[de]]
        lo = int(min(self.edge_action[de].min(initial=0), actions.min(initial=0)))
        span = int(max(self.edge_action[de].max(initial=0), actions.max(initial=0))) - lo + 1
        keys = owner * span + (self.edge_action[de] - lo)
        order = np.argsort(keys, kind="stable")
        want = np.arange(len(actions)) * span + (actions - lo)
        at = np.searchsorted(keys[order], want)
        at = np.minimum(at, len(order) - 1)
        found = keys[order][at] == want
        out: np.ndarray = np.where(found, de[order][at], -1)
        return out

    def fallback_choice(self) -> np.ndarray:
        """Per decision state, its first edge (the game's first legal action)."""
        first = np.full(self.size, -1, np.int64)
        de = self.decision_edges[::-1]
        first[self.edge_parent[de]] = de  # the last write wins: the first edge of each parent
        out: np.ndarray = first[self.decisions]
        return out

    def sweep(self, choice: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(reach probability, win probability) of every state when each decision state takes edge ``choice[j]``."""
        weight = self.edge_probability.copy()
        weight[self.decision_edges] = 0.0
        weight[choice] = 1.0
        reach = np.zeros(self.size)
        reach[0] = 1.0
        for edges, _ in reversed(self.levels):  # parents highest first: all their parents are done
            np.add.at(reach, self.edge_child[edges], reach[self.edge_parent[edges]] * weight[edges])
        value = self.terminal_value.copy()
        for edges, parents in self.levels:
            value[parents] = 0.0
            np.add.at(value, self.edge_parent[edges], value[self.edge_child[edges]] * weight[edges])
        return reach, value


    def optimal_values(self) -> np.ndarray:
        """Every state's optimal win probability (floats: for ranking; the solver gives the exact value)."""
        is_dec = np.zeros(len(self.edge_parent), bool)
        is_dec[self.decision_edges] = True
        value = self.terminal_value.copy()
        for edges, parents in self.levels:
            value[parents] = 0.0
            dec, chance = edges[is_dec[edges]], edges[~is_dec[edges]]
            value[self.edge_parent[dec]] = -np.inf
            np.maximum.at(value, self.edge_parent[dec], value[self.edge_child[dec]])
            np.add.at(value, self.edge_parent[chance], value[self.edge_child[chance]] * self.edge_probability[chance])
        return value

def _levels(size: int, parent: np.ndarray, child: np.ndarray) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    """Edges grouped by their parent's height (longest path to a terminal), lowest first, with those parents."""
    height = np.zeros(size, np.int64)
    while True:
        new = height.copy()
        np.maximum.at(new, parent, height[child] + 1)
        if np.array_equal(new, height):
            break
        height = new
    by = np.argsort(height[parent], kind="stable")
    h = height[parent][by]
    cuts = np.flatnonzero(np.diff(h)) + 1
    return tuple((edges, np.unique(parent[edges])) for edges in np.split(by, cuts) if len(edges))


def first_rule_firing(masks: Sequence[np.ndarray], count: int) -> np.ndarray:
    """Per state, the index of the first mask that holds (``len(masks)`` where none does)."""
    out = np.full(count, len(masks), np.int64)
    for i in range(len(masks) - 1, -1, -1):
        out[masks[i]] = i
    return out
