"""A whole game's state graph as flat integer arrays, and its GraphML written from them in chunks.

A game with a compiled walk offers the graph this way (a ``flat_graph(max_states)``
method on its compact twin's class, None where it cannot): no Python object
per state, so that ``songe graph`` and ``songe export`` of hundreds of
thousands of states hold a few arrays, not a networkx graph or a tuple of
choices per state. States are numbered in the explorer's order
(:func:`~songe.engine.explore.walk`'s yield order, 0 the start); the writers
give the same bytes as :func:`~songe.solve.graph.write_graphml` and
:func:`~songe.interop.storm.drn_lines` on the shared walk (a test compares
them), which stay the reference and the path of games without the offer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import numpy as np

from songe.engine.explore import DEFAULT_MAX_STATES, walk_all
from songe.engine.interface import CHANCE, TERMINAL, GameInfo, NodeKind
from songe.solve.expectimax import compact_twin, fraction_text

#: What XML escapes in an attribute beyond ``&<>`` (as ElementTree does).
_ATTR = {'"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#09;"}
#: States per chunk of text: the text of one chunk is all that is held at a time.
CHUNK = 1 << 13


@dataclass(frozen=True, eq=False)
class FlatGraph:
    """The game's ``info`` (not the game: its solver's table is let go before the writing); states
    ``0..n-1`` in the walk's order; the edges of state ``k`` are ``start[k]:start[k + 1]``.

    An edge has the game's ``action``, its label's index in ``labels``, the
    ``child``'s number and, from a chance node, ``weight``: the outcome's
    probability is ``weight / total[k]``. ``features`` holds one column per
    feature of the game (bool columns for flags), ``ret[k]`` indexes
    ``returns`` at a terminal state (-1 elsewhere).
    """

    info: GameInfo
    player: np.ndarray
    start: np.ndarray
    action: np.ndarray
    label: np.ndarray
    labels: tuple[str, ...]
    child: np.ndarray
    weight: np.ndarray
    total: np.ndarray
    features: Mapping[str, np.ndarray]
    ret: np.ndarray
    returns: tuple[tuple[Fraction, ...], ...]

    @property
    def size(self) -> int:
        """The number of states."""
        return int(self.player.shape[0])

    @property
    def edges(self) -> int:
        return int(self.child.shape[0])

    def owner(self) -> np.ndarray:
        """Each edge's state."""
        return np.repeat(np.arange(self.size), np.diff(self.start))

    def duplicated(self) -> np.ndarray:
        """The states two of whose edges lead to one child (rare: two outcomes, one state)."""
        if not self.edges:
            return np.zeros(0, np.int64)
        pair = self.owner() * self.size + self.child
        values, counts = np.unique(pair, return_counts=True)
        return np.unique(values[counts > 1] // self.size)

    def probability_text(self, i: int | np.ndarray, k: int | np.ndarray) -> Any:
        """(numerators, denominators) of the edges ``i``'s probabilities (their states ``k``), reduced."""
        g = np.maximum(np.gcd(self.weight[i], self.total[k]), 1)  # decisions: 0/0, never printed
        return self.weight[i] // g, self.total[k] // g


def walked(game: Any, max_states: int = DEFAULT_MAX_STATES,
           progress: Callable[[int], None] | None = None) -> FlatGraph | None:
    """The arrays of the shared walk (:func:`~songe.engine.explore.walk_all`, on the compact twin), for a game
    with no compiled offer; None if its states do not all have the same features (the reference model then)."""
    twin = compact_twin(game)[0]
    nodes = walk_all(twin, max_states=max_states, progress=progress)
    ids = {node.state: i for i, node in enumerate(nodes)}
    feat_of = getattr(twin, "features", None)
    feats = [dict(feat_of(node.state)) if feat_of is not None else {} for node in nodes]
    if any(list(f) != list(feats[0]) for f in feats):
        return None
    labels: dict[str, int] = {}
    returns: dict[tuple[Fraction, ...], int] = {}
    start, action, label, child, weight, total, ret = [0], [], [], [], [], [], []
    for node in nodes:
        lcm = math.lcm(*(e.probability.denominator for e in node.edges if e.probability is not None))
        for e in node.edges:
            action.append(e.action)
            label.append(labels.setdefault(twin.action_label(node.state, e.action), len(labels)))
            child.append(ids[e.child])
            weight.append(0 if e.probability is None else int(e.probability * lcm))
        start.append(len(child))
        total.append(lcm if node.player == CHANCE else 0)
        ret.append(returns.setdefault(tuple(twin.returns(node.state)), len(returns)) if node.player == TERMINAL
                   else -1)
    columns = {k: np.array([f[k] for f in feats]) for k in (feats[0] if feats else {})}  # flags: bool columns
    i64 = np.int64
    return FlatGraph(twin.info, np.array([node.player for node in nodes], i64), np.array(start, i64),
                     np.array(action, i64), np.array(label, i64), tuple(labels), np.array(child, i64),
                     np.array(weight, i64), np.array(total, i64), columns, np.array(ret, i64), tuple(returns))


def exported(game: Any, max_states: int = DEFAULT_MAX_STATES,
             progress: Callable[[int], None] | None = None) -> FlatGraph | None:
    """The game's arrays: its compiled offer (:func:`flat_graph`), else the shared walk's (:func:`walked`)."""
    twin = compact_twin(game)[0]  # once: a twin is its own
    return flat_graph(twin, max_states) or walked(twin, max_states, progress)


def segment_sums(values: np.ndarray, start: np.ndarray) -> np.ndarray:
    """The sum of ``values[start[k] - start[0]:start[k + 1] - start[0]]`` for each ``k`` (0 for an empty slice).

    >>> segment_sums(np.array([1, 2, 3]), np.array([0, 2, 2, 3])).tolist()
    [3, 0, 3]
    """
    cs = np.concatenate([np.zeros(1, values.dtype), np.cumsum(values)])
    sums: np.ndarray = cs[start[1:] - start[0]] - cs[start[:-1] - start[0]]
    return sums


def flat_graph(game: Any, max_states: int = DEFAULT_MAX_STATES) -> FlatGraph | None:
    """The game's graph as arrays from its compact twin's compiled walk, or None where it has none."""
    twin = compact_twin(game)[0]
    offer = getattr(type(twin), "flat_graph", None)
    made: FlatGraph | None = offer(twin, max_states) if offer is not None else None
    return made


def _kind(player: int) -> str:
    if player == TERMINAL:
        return NodeKind.TERMINAL.value
    return NodeKind.CHANCE.value if player == CHANCE else NodeKind.DECISION.value


def _text(x: Any) -> str:
    return escape(str(x))


def _column(values: np.ndarray, head: str, tail: str) -> np.ndarray:
    """``head + str(value) + tail`` for every value, formatted once per distinct value."""
    uniq, inv = np.unique(values, return_inverse=True)
    table = np.array([f"{head}{_text(int(v))}{tail}" for v in uniq.tolist()] + [""], dtype=object)
    return table[inv.reshape(-1)]


def write_chunks(path: Path, chunks: Iterable[str]) -> None:
    """Write text chunks to ``path`` in UTF-8, one chunk held at a time."""
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for chunk in chunks:
            out.write(chunk)


def node_ids(flat: FlatGraph) -> tuple[np.ndarray, np.ndarray]:
    """(the state of each GraphML node id, the node id of each state): ids as states first appear
    in the walk (a state, then its children), as :func:`~songe.solve.graph.state_graph` numbers them."""
    n = flat.size
    seq = np.empty(n + flat.edges, np.int64)
    seq[flat.start[:-1] + np.arange(n)] = np.arange(n)
    seq[np.arange(flat.edges) + flat.owner() + 1] = flat.child
    _, first = np.unique(seq, return_index=True)
    by_id = np.argsort(first, kind="stable")
    gid = np.empty(n, np.int64)
    gid[by_id] = np.arange(n)
    return by_id, gid


def graph_facts(flat: FlatGraph) -> tuple[int, int, dict[str, int]]:
    """(nodes, edges, nodes per kind in the order kinds first appear): what ``songe graph`` says it wrote."""
    owner = flat.owner()
    pairs = np.unique(owner * flat.size + flat.child).shape[0] if flat.edges else 0
    kinds: dict[str, int] = {}
    for p in flat.player[node_ids(flat)[0]].tolist():
        kind = _kind(p)
        kinds[kind] = kinds.get(kind, 0) + 1
    return flat.size, pairs, kinds


def graphml_chunks(flat: FlatGraph) -> Iterator[str]:
    """The GraphML text :func:`~songe.solve.graph.write_graphml` writes for the same walk, chunk by chunk.

    networkx numbers nodes as they first appear (a state, then its children)
    and keeps one edge per (state, child), with the last outcome's data; so does this.
    """
    n, feats = flat.size, list(flat.features.items())
    by_id, gid = node_ids(flat)
    terminal = flat.player == TERMINAL
    keys: list[tuple[str, str, str]] = [("node", "kind", "string"), ("node", "player", "long")]
    ends = [("node", "returns", "string"), ("node", "value", "string")] if terminal.any() else []
    cols = [("node", name, "long") for name, _ in feats]
    keys += ends + cols if n and terminal[by_id[0]] else cols + ends
    if flat.edges:
        keys.append(("edge", "action", "string"))
        if (flat.player[flat.owner()] == CHANCE).any():
            keys.append(("edge", "probability", "string"))
    key_id = {name: f"d{i}" for i, (_, name, _) in enumerate(keys)}
    yield ("<?xml version='1.0' encoding='utf-8'?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
           "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"http://graphml.graphdrawing"
           ".org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n")
    yield "".join(f"  <key id=\"d{i}\" for=\"{what}\" attr.name=\"{escape(name, _ATTR)}\" attr.type=\"{kind}\" />\n"
                  for i, (what, name, kind) in reversed(list(enumerate(keys))))
    yield "  <graph edgedefault=\"directed\">\n"
    data = "      <data key=\"{}\">"
    returns = [(f"{data.format(key_id.get('returns'))}{' '.join(fraction_text(x) for x in r)}</data>\n"
                f"{data.format(key_id.get('value'))}{fraction_text(r[0])}</data>\n") for r in flat.returns]
    for lo in range(0, n, CHUNK):
        states = by_id[lo:lo + CHUNK]
        ids = np.arange(lo, lo + states.shape[0])
        text = _column(ids, "    <node id=\"", "\">\n")
        players = flat.player[states]
        text = text + np.array([f"{data.format('d0')}{_kind(p)}</data>\n{data.format('d1')}{p}</data>\n"
                                for p in players.tolist()], dtype=object)
        ends_text = np.array([returns[r] if r >= 0 else "" for r in flat.ret[states].tolist()], dtype=object)
        body = np.full(states.shape[0], "", dtype=object)
        for name, col in feats:
            body = body + _column(col[states].astype(np.int64), data.format(key_id[name]), "</data>\n")
        text = text + ends_text + body + "    </node>\n"
        yield "".join(text.tolist())
    yield from _graphml_edges(flat, by_id, gid, key_id)
    yield "  </graph>\n</graphml>\n"


def _graphml_edges(flat: FlatGraph, by_id: np.ndarray, gid: np.ndarray, key_id: dict[str, str]) -> Iterator[str]:
    labels = np.array([f"      <data key=\"{key_id.get('action')}\">{_text(x)}</data>\n" for x in flat.labels],
                      dtype=object)
    dup = set(flat.duplicated().tolist())
    prob = "      <data key=\"{}\">{}/{}</data>\n"
    num, den = flat.probability_text(np.arange(flat.edges), flat.owner())
    num, den, child, label, ids = num.tolist(), den.tolist(), flat.child.tolist(), flat.label.tolist(), gid.tolist()
    for lo in range(0, flat.size, CHUNK):
        out: list[str] = []
        for k in by_id[lo:lo + CHUNK].tolist():
            a, b = int(flat.start[k]), int(flat.start[k + 1])
            chance = flat.player[k] == CHANCE
            edges: Any = zip(child[a:b], range(a, b), strict=True)
            if k in dup:  # one edge per child, the last outcome's data (networkx's DiGraph)
                edges = {v: i for v, i in edges}.items()
            for v, i in edges:
                out.append(f"    <edge source=\"{ids[k]}\" target=\"{ids[v]}\">\n{labels[label[i]]}")
                if chance:
                    out.append(prob.format(key_id["probability"], num[i], den[i]))
                out.append("    </edge>\n")
        yield "".join(out)
