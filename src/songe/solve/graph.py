"""The state graph of any game as a networkx DiGraph, and backward induction over it.

Built from the shared explorer's :func:`~songe.engine.explore.walk`, so it
works for every game behind the interface. Backward induction in topological
order is an independent check of the recursive solver: both must give the same
Fraction. For several players it computes each player's value where every
player maximises their own return (ties to the first action in the game's
order), which the recursive evaluation of the same rule must match.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import networkx as nx

from songe.engine.explore import DEFAULT_MAX_STATES, walk_all
from songe.engine.interface import CHANCE, TERMINAL, Game, NodeKind
from songe.solve.expectimax import compact_twin, fraction_text


def _kind(player: int) -> str:
    if player == TERMINAL:
        return NodeKind.TERMINAL.value
    return NodeKind.CHANCE.value if player == CHANCE else NodeKind.DECISION.value


def state_graph(game: Game[Any], max_states: int = DEFAULT_MAX_STATES,
                progress: Callable[[int], None] | None = None, compact: bool = True) -> tuple[nx.DiGraph, int]:
    """Every state reachable from the start, numbered in the explorer's order from 0 (the root).

    With ``compact`` the walk runs on the game's compact twin when it offers one
    (:func:`~songe.solve.expectimax.compact_twin`: the same states one for one);
    the game walked is ``g.graph["game"]``, and ``state`` below is its state.
    Nodes carry ``kind``, ``player``, the game's ``features`` of the state if it
    declares any (for GraphML and exports) and, in memory only, ``state``;
    terminal nodes carry ``returns`` (one Fraction per player). Edges carry
    ``action`` (a label), ``index`` (the action's number) and, from chance
    nodes, ``probability`` as a Fraction.
    """
    if compact:
        game = compact_twin(game)[0]
    g = nx.DiGraph(game=game)
    ids: dict[Hashable, int] = {}
    features = getattr(game, "features", None)

    def node_id(state: Hashable) -> int:
        u = ids.get(state)
        if u is None:
            u = ids[state] = len(ids)
        return u

    for node in walk_all(game, max_states=max_states, progress=progress):
        u = node_id(node.state)
        attrs: dict[str, Any] = {"kind": _kind(node.player), "player": node.player, "state": node.state}
        if features is not None:
            attrs["features"] = dict(features(node.state))
        if node.player == TERMINAL:
            attrs["returns"] = tuple(game.returns(node.state))
        g.add_node(u, **attrs)
        for e in node.edges:
            v = node_id(e.child)
            edge = {"action": game.action_label(node.state, e.action), "index": e.action}
            if e.probability is not None:
                edge["probability"] = e.probability
            g.add_edge(u, v, **edge)
    return g, 0


def backward_induction(g: nx.DiGraph, root: int = 0) -> tuple[Fraction, ...]:
    """Each player's value at the root, computed over the graph leaves first (topological order).

    At a decision node the player to move takes the successor best for them,
    the first in edge order among equals.
    """
    value: dict[int, tuple[Fraction, ...]] = {}
    for u in reversed(list(nx.topological_sort(g))):
        d = g.nodes[u]
        if d["kind"] == NodeKind.TERMINAL.value:
            value[u] = d["returns"]
        elif d["kind"] == NodeKind.CHANCE.value:
            terms = [(e["probability"], value[v]) for _, v, e in g.out_edges(u, data=True)]
            value[u] = tuple(sum((p * vals[i] for p, vals in terms), Fraction(0)) for i in range(len(terms[0][1])))
        else:
            best: tuple[Fraction, ...] | None = None
            for v in g.successors(u):
                if best is None or value[v][d["player"]] > best[d["player"]]:
                    best = value[v]
            assert best is not None, f"decision node {u} has no successor"
            value[u] = best
    return value[root]


def _graphml_attrs(d: Mapping[str, Any]) -> dict[str, Any]:
    attrs = {"kind": d["kind"], "player": d["player"]}
    if "returns" in d:
        attrs["returns"] = " ".join(fraction_text(x) for x in d["returns"])
        attrs["value"] = fraction_text(d["returns"][0])
    for k, v in d.get("features", {}).items():
        attrs[k] = int(v) if isinstance(v, bool) else v
    return attrs


def write_graphml(g: nx.DiGraph, path: Path) -> None:
    """Write the graph with GraphML-safe attributes (fractions as 'p/q', no state objects)."""
    out = nx.DiGraph()
    for u, d in g.nodes(data=True):
        out.add_node(u, **_graphml_attrs(d))
    for u, v, d in g.edges(data=True):
        attrs = {"action": d["action"]}
        if "probability" in d:
            attrs["probability"] = fraction_text(d["probability"])
        out.add_edge(u, v, **attrs)
    nx.write_graphml(out, path)
