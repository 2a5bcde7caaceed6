"""Réveil on the compiled path, behind the shared game interface: states are packed kernel keys.

:class:`PackedReveil` is the machine's game (:class:`~songe.games.reveil.machine.ReveilGame`)
with its transitions run by the numba kernels and its states packed into short
``bytes`` (:func:`songe.games.reveil.fast_search.pack`): equal exactly when the
machine's states are, a few dozen bytes each, so memos over them stay small.
Anything written against :class:`~songe.engine.interface.Game` — the per-order
vectors, the explorer, the exports — runs on it unchanged and at compiled speed.

It records no events (ask the machine for a narrated line), and it holds only
what a successful compiled solve has shown the layout holds: :func:`packed_game`
solves first and says None (the caller keeps the machine) otherwise.

>>> from songe.spec.reveil import load
>>> from songe.games.reveil import ReveilGame
>>> from songe.solve.expectimax import make_solver
>>> from songe.solve.order_values import OrderValues
>>> game = ReveilGame(load(), lucidity=2, hand_limit=1)
>>> packed = packed_game(game)
>>> packed.solver.solve().value == make_solver(game).solve().value
True
>>> OrderValues(packed, 12).histogram() == OrderValues(game, 12).histogram()  # clairvoyant, every order
True
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from songe.engine.explore import Edge, Node
from songe.engine.interface import CHANCE, TERMINAL, GameInfo, NodeKind
from songe.errors import BudgetError, IllegalMoveError
from songe.games.reveil import machine
from songe.games.reveil.fast import Compiled, FastSolver, compile_game, fast_solver, to_state, to_work
from songe.games.reveil.state import State
from songe.solve.expectimax import DEFAULT_MAX_STATES, Solver
from songe.spec.reveil import Strategy

_WON, _LOST = (Fraction(1),), (Fraction(0),)


class PackedReveil:
    """The game of a :class:`~songe.games.reveil.machine.ReveilGame` on packed states and compiled transitions."""

    def __init__(self, game: machine.ReveilGame, compiled: Compiled, memo: dict, max_states: int) -> None:
        from songe.games.reveil import fast_core, fast_search

        self.machine, self.compiled = game, compiled
        #: Optimal play's solver on packed states; ``memo`` holds the compiled table it shares.
        self.solver = FastSolver(self, compiled, None, max_states, memo)
        self.spec = game.spec
        self._k, self._n = fast_search, compiled.n
        self._step, self._draw = fast_core.STEP, fast_core.DRAW
        self._outcomes: dict[tuple[int, ...], tuple[tuple[int, Fraction], ...]] = {}
        self._last_state: bytes = b""
        self._last_node: tuple[NodeKind, bool, tuple[int, ...], tuple[int, ...]] = (NodeKind.TERMINAL, False, (), ())

    # ------------------------------------------------------------ interface

    @property
    def info(self) -> GameInfo:
        """The machine's: one player, chance explicit, nothing hidden."""
        return self.machine.info

    def initial_state(self) -> bytes:
        return self.pack(self.machine.initial_state())

    def pack(self, s: Any) -> bytes:
        """A machine state, packed."""
        return bytes(self._k.pack(to_work(self.compiled, s), self.compiled.P).tobytes())

    def _node(self, s: bytes) -> tuple[NodeKind, bool, tuple[int, ...], tuple[int, ...]]:
        """(kind, whether a chance node is a draw, hand, unseen), read from the packed state.

        The kind is the tag, then the next op of the innermost dream. The last
        state read is kept: a walk asks several questions of each state in a row.
        """
        if s == self._last_state:
            return self._last_node
        key = np.frombuffer(s, np.int16)
        zones = key[4:4 + self._n].astype(np.int64) & 0xFFFF
        hand, unseen = tuple((zones & 15).tolist()), tuple(((zones >> 4) & 15).tolist())
        if key[0] != self._k.PACK_RUNNING:
            kind, draw = NodeKind.TERMINAL, False
        elif key[3] == 0:
            kind, draw = NodeKind.CHANCE, True
        else:
            op = int(key[-1]) & 7
            kind, draw = (NodeKind.DECISION if op == self._step else NodeKind.CHANCE), op == self._draw
        self._last_state, self._last_node = s, (kind, draw, hand, unseen)
        return self._last_node

    def node_kind(self, s: bytes) -> NodeKind:
        return self._node(s)[0]

    def current_player(self, s: bytes) -> int:
        kind = self._node(s)[0]
        return 0 if kind is NodeKind.DECISION else CHANCE if kind is NodeKind.CHANCE else TERMINAL

    def legal_actions(self, s: bytes) -> tuple[int, ...]:
        """PASS first, then each distinct thought in hand in spec order (the machine's order)."""
        kind, _, hand, _ = self._node(s)
        if kind is not NodeKind.DECISION:
            return ()
        return (machine.PASS,) + tuple(i for i, n in enumerate(hand) if n)

    def is_draw(self, s: bytes) -> bool:
        """Whether a chance node reveals the next card (else it removes a thought at random)."""
        return self._node(s)[1]

    def deck(self, s: bytes) -> tuple[int, ...]:
        """The unseen deck, as counts per card type."""
        return self._node(s)[3]

    def chance_outcomes(self, s: bytes) -> tuple[tuple[int, Fraction], ...]:
        kind, draw, hand, unseen = self._node(s)
        if kind is not NodeKind.CHANCE:
            return ()
        pool = unseen if draw else hand
        out = self._outcomes.get(pool)
        if out is None:
            total = sum(pool)
            out = self._outcomes[pool] = tuple((i, Fraction(n, total)) for i, n in enumerate(pool) if n)
        return out

    def returns(self, s: bytes) -> tuple[Fraction]:
        return _WON if np.frombuffer(s, np.int16)[0] == self._k.PACK_WON else _LOST

    def observation(self, s: bytes, player: int = 0) -> bytes:
        return s

    def action_label(self, s: bytes, action: int) -> str:
        cards = self.spec.cards
        return "none" if action == machine.PASS else cards[action].name if 0 <= action < len(cards) else str(action)

    def apply(self, s: bytes, action: int, events: list | None = None) -> bytes:
        """The next packed state; events are the machine's to record (this path keeps none)."""
        if events is not None:
            raise ValueError("the compiled path records no events: replay the line on the machine to narrate it")
        c = self.compiled
        status, out = self._k.advance(np.frombuffer(s, np.int16), c.P, c.T, c.size, action)
        if status == 1:
            if self._node(s)[0] is NodeKind.TERMINAL:
                raise IllegalMoveError("the game is over")
            legal = self.legal_actions(s) or tuple(o for o, _ in self.chance_outcomes(s))
            raise IllegalMoveError(f"{self.action_label(s, action)!r} is not possible here; possible: "
                                   + ", ".join(self.action_label(s, a) for a in legal))
        if status:  # never after the solve that vouched for this game: every state it reaches was held
            raise RuntimeError("a state outgrew the compiled layout")
        return bytes(out.tobytes())

    # ------------------------------------------------------------ what the kernels add

    def state(self, s: bytes) -> State:
        """The machine's state a packed state stands for."""
        return to_state(self.compiled, self.unpack(s))

    def features(self, s: bytes) -> dict[str, int | bool]:
        """The machine's features of the state (what exports label states with)."""
        return self.machine.features(self.state(s))

    def unpack(self, s: bytes) -> np.ndarray:
        """A running packed state's work array (for the kernels)."""
        return self._k.unpack(np.frombuffer(s, np.int16), self.compiled.P, self.compiled.size)

    def strategy_policy(self, strategy: Strategy) -> Callable[[bytes, tuple[int, ...]], int]:
        """A spec's named strategy as a policy over packed states, decided by the compiled rules."""
        from songe.games.reveil import fast_core

        c = compile_game(self.machine, strategy, self.solver.max_states)

        def play(s: bytes, legal: tuple[int, ...]) -> int:
            return int(fast_core.choose(self.unpack(s), c.P, c.T))
        play.strategy = strategy  # type: ignore[attr-defined]  # as strategies.policy does: it says its rules
        return play

    def _graph(self, max_states: int) -> tuple[np.ndarray, ...] | None:
        """The graph kernel's arrays (after its status): :class:`BudgetError` past ``max_states``, None if a
        state outgrew the compiled layout."""
        from songe.games.reveil import fast_graph

        c = self.compiled
        status, *arrays = fast_graph.graph(np.frombuffer(self.initial_state(), np.int16), c.P, c.T, c.size,
                                           max_states)
        if status == fast_graph.BUDGET:
            raise BudgetError.passed(max_states, "explore a smaller game")
        return tuple(arrays) if status == fast_graph.OK else None

    def walk_all(self, max_states: int = DEFAULT_MAX_STATES) -> list[Node[bytes]] | None:
        """Every reachable state, as :func:`songe.engine.explore.walk` lists them, walked by one kernel call."""
        from songe.games.reveil import fast_core as core

        arrays = self._graph(max_states)
        if arrays is None:
            return None
        arena, off, length, order, kind, start, action, weight, child = arrays
        states = [arena[o:o + n].tobytes() for o, n in zip(off.tolist(), length.tolist(), strict=True)]
        players = {core.K_DECISION: 0, core.K_DRAW: CHANCE, core.K_REMOVE: CHANCE, core.K_TERMINAL: TERMINAL}
        action, weight, child, start = action.tolist(), weight.tolist(), child.tolist(), start.tolist()
        shares: dict[tuple[int, int], Fraction] = {}
        nodes = []
        for k, (e, kd) in enumerate(zip(order.tolist(), kind.tolist(), strict=True)):
            lo, hi = start[k], start[k + 1]
            total = sum(weight[lo:hi])
            edges = []
            for i in range(lo, hi):
                p = None
                if total:
                    p = shares.get((weight[i], total))
                    if p is None:
                        p = shares[weight[i], total] = Fraction(weight[i], total)
                edges.append(Edge(action[i], p, states[child[i]]))
            nodes.append(Node(states[e], players[kd], tuple(edges)))
        return nodes

    def flat_graph(self, max_states: int = DEFAULT_MAX_STATES) -> Any:
        """The whole graph as :class:`~songe.solve.flat.FlatGraph` arrays (the same walk as :meth:`walk_all`),
        its features read from the packed states by one kernel call: no object per state."""
        from songe.games.reveil import fast_core as core
        from songe.games.reveil import fast_graph
        from songe.solve.flat import FlatGraph, segment_sums

        arrays = self._graph(max_states)
        if arrays is None:
            return None
        arena, off, length, order, kind, start, action, weight, child = arrays
        rank = np.empty(order.shape[0], np.int64)
        rank[order] = np.arange(order.shape[0])
        players = np.zeros(4, np.int64)
        players[[core.K_DECISION, core.K_DRAW, core.K_REMOVE, core.K_TERMINAL]] = (0, CHANCE, CHANCE, TERMINAL)
        player = players[kind]
        total = segment_sums(weight, start)
        acts = np.unique(action)
        label = np.searchsorted(acts, action)
        c = self.compiled
        f = fast_graph.figures(arena, off, length, order, c.P, c.size)
        features = self.machine.feature_values(f[:, 0], f[:, 1], f[:, 2], f[:, 3], f[:, 4] == 1, f[:, 5])
        ret = np.where(player == TERMINAL, np.where(f[:, 4] == 0, 1, 0), -1)  # returns[1] won, [0] lost
        return FlatGraph(self.info, player, start, action, label, tuple(self.action_label(b"", a) for a in acts.tolist()),
                         rank[child], weight, total, features, ret, (_LOST, _WON))

    def fast_solver(self, policy: Callable | None = None, max_states: int = DEFAULT_MAX_STATES,
                    memo: dict | None = None) -> Solver | None:
        """Optimal play on the compiled kernels, sharing this game's table (other policies: the reference)."""
        if policy is not None:
            return None
        return self.solver if memo is None else FastSolver(self, self.compiled, None, max_states, memo)


def packed_game(game: machine.ReveilGame, max_states: int = DEFAULT_MAX_STATES) -> PackedReveil | None:
    """The game on the compiled path with its optimal values solved, or None if the kernels cannot hold it."""
    solver = fast_solver(game, max_states=max_states)
    made = None if solver is None else twin(game, solver)
    return None if made is None else made[0]


def twin(game: machine.ReveilGame, solver: Solver | None = None) -> tuple[PackedReveil, FastSolver] | None:
    """The packed game and its solver, sharing the values of ``solver`` (a fast solver of optimal play; a new
    one if None), or None where the kernels cannot hold the game.

    The whole game is solved first (cheap once ``solver`` has): the kernels have
    then held every reachable state, so no move of the packed game can overflow.
    """
    if solver is None:
        solver = fast_solver(game)
    if not isinstance(solver, FastSolver) or solver.policy is not None or solver.game is not game:
        return None
    solver.solve()
    if solver.fell_back:
        return None
    packed = PackedReveil(game, solver.compiled, solver.memo, solver.max_states)
    return packed, packed.solver
