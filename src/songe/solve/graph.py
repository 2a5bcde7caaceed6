"""The state graph of a game as a networkx DiGraph, and backward induction over it.

Backward induction in topological order is an independent check of the
recursive solver: both must give the same Fraction.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Callable, Hashable

import networkx as nx

from songe.engine.nodes import Game, NodeKind
from songe.errors import BudgetError
from songe.solve.expectimax import DEFAULT_MAX_STATES, expectation, fraction_text


def state_graph(game: Game, max_states: int = DEFAULT_MAX_STATES,
                progress: Callable[[int], None] | None = None) -> tuple[nx.DiGraph, int]:
    """Every state reachable from the start, numbered from 0 (the root).

    Nodes carry ``kind`` and (in memory only) ``state``; terminal nodes carry
    ``value``. Edges carry ``action`` (a label) and, from chance nodes,
    ``probability`` as a Fraction.
    """
    g = nx.DiGraph()
    ids: dict[Hashable, int] = {}
    root = game.initial_state()
    ids[root] = 0
    g.add_node(0, kind=game.node_kind(root).value, state=root)
    todo = [root]
    while todo:
        s = todo.pop()
        u = ids[s]
        kind = game.node_kind(s)
        if kind is NodeKind.TERMINAL:
            g.nodes[u]["value"] = game.returns(s)
            continue
        if kind is NodeKind.CHANCE:
            moves = [(o, p) for o, p in game.chance_outcomes(s)]
        else:
            moves = [(a, None) for a in game.legal_actions(s)]
        for a, p in moves:
            t = game.apply(s, a)
            v = ids.get(t)
            if v is None:
                if len(ids) >= max_states:
                    raise BudgetError(f"the state graph passed {max_states:,} states (--max-states)")
                v = ids[t] = len(ids)
                g.add_node(v, kind=game.node_kind(t).value, state=t)
                todo.append(t)
                if progress is not None and v % 10_000 == 0:
                    progress(v)
            attrs = {"action": game.action_label(s, a)}
            if p is not None:
                attrs["probability"] = p
            g.add_edge(u, v, **attrs)
    return g, 0


def backward_induction(g: nx.DiGraph, root: int = 0) -> Fraction:
    """The root's value computed over the graph, leaves first (topological order)."""
    value: dict[int, Fraction] = {}
    for u in reversed(list(nx.topological_sort(g))):
        kind = g.nodes[u]["kind"]
        if kind == NodeKind.TERMINAL.value:
            value[u] = g.nodes[u]["value"]
        elif kind == NodeKind.CHANCE.value:
            value[u] = expectation([(d["probability"], value[v]) for _, v, d in g.out_edges(u, data=True)])
        else:
            value[u] = max(value[v] for v in g.successors(u))
    return value[root]


def write_graphml(g: nx.DiGraph, path: Path) -> None:
    """Write the graph with GraphML-safe attributes (fractions as 'p/q', no state objects)."""
    out = nx.DiGraph()
    for u, d in g.nodes(data=True):
        attrs = {"kind": d["kind"]}
        if "value" in d:
            attrs["value"] = fraction_text(d["value"])
        state = d.get("state")
        if state is not None and hasattr(state, "lucidity"):
            attrs["lucidity"] = int(state.lucidity)
        out.add_node(u, **attrs)
    for u, v, d in g.edges(data=True):
        attrs = {"action": d["action"]}
        if "probability" in d:
            attrs["probability"] = fraction_text(d["probability"])
        out.add_edge(u, v, **attrs)
    nx.write_graphml(out, path)
