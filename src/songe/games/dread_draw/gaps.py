"""The gap finder: where the encoded rules give no move, or two rules give different moves.

A gap is an event the game emits (or the reason a game ends), never an
exception. Small games are explored exhaustively with the shared explorer's
:func:`~songe.engine.explore.walk` (every reachable state, every edge's events);
each gap is then reproduced by a shortest line from the start (breadth first
over the walked graph). Larger ones are explored by seeded random playouts,
keeping the earliest occurrence (fewest summons) of each gap.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from math import factorial

from songe.engine.explore import Actions, Node, replay, walk
from songe.errors import BudgetError
from songe.games.dread_draw.agents import random_policy
from songe.games.dread_draw.game import DreadDrawGame
from songe.games.dread_draw.render import gap_detail, render_event
from songe.games.dread_draw.state import Event, EventKind, GapKind, State
from songe.spec.dread_draw import CardList, DreadDrawSpec

#: Exhaustive exploration when a shuffle of the whole deck has at most this many outcomes.
EXHAUSTIVE_SHUFFLES = 2000
#: Bound on the states of one exhaustive walk (past it: random playouts).
MAX_STATES = 200_000
#: Seeded random games when the walk is out of reach.
PLAYOUTS = 400


@dataclass(frozen=True)
class Finding:
    """A gap, its shortest (or earliest) reproduction, and where the text speaks of it."""

    id: str
    detail: str
    trace: tuple[str, ...]
    source: str
    how: str


def _shuffles(cards: CardList) -> int:
    total = factorial(len(cards.deck))
    for k in Counter(cards.deck).values():
        total //= factorial(k)
    return total


def find_gaps(spec: DreadDrawSpec, cards: CardList, tick: Callable[[], None] | None = None,
              max_states: int = MAX_STATES) -> tuple[list[Finding], str]:
    """Every gap met, each with its reproduction; and how the search was done."""
    game = DreadDrawGame(spec, cards)
    if _shuffles(cards) <= EXHAUSTIVE_SHUFFLES:
        try:
            return _exhaustive(game, tick, max_states)
        except BudgetError:
            found, how = _playouts(game, tick)
            return found, f"{how} (the exhaustive walk passed {max_states:,} states)"
    return _playouts(game, tick)


def _gaps(events: Sequence[Event]) -> list[tuple[int, GapKind]]:
    return [(i, e.gap) for i, e in enumerate(events) if e.kind is EventKind.GAP and e.gap is not None]


def _walk_graph(game: DreadDrawGame, tick: Callable[[], None] | None,
                max_states: int = MAX_STATES) -> dict[Hashable, Node[State]]:
    nodes: dict[Hashable, Node[State]] = {}
    for node in walk(game, max_states=max_states, progress=(lambda n: tick()) if tick else None):
        nodes[node.state] = node
    return nodes


def _line(game: DreadDrawGame, actions: Sequence[int]) -> list[Event]:
    """The events of the line from the start that makes these moves."""
    events: list[Event] = []
    s = game.initial_state()
    for a in actions:
        s = game.apply(s, a, events)
    return events


def _trace(game: DreadDrawGame, actions: Sequence[int], kind: GapKind) -> tuple[str, ...]:
    events = _line(game, actions)
    cut = next(i for i, e in enumerate(events) if e.kind is EventKind.GAP and e.gap is kind)
    return tuple(render_event(e, game.spec) for e in events[:cut + 1])


def _exhaustive(game: DreadDrawGame, tick: Callable[[], None] | None,
                max_states: int = MAX_STATES) -> tuple[list[Finding], str]:
    nodes = _walk_graph(game, tick, max_states)
    root = game.initial_state()
    path: dict[Hashable, tuple[int, ...]] = {root: ()}
    queue = deque([root])
    found: dict[GapKind, Finding] = {}
    while queue:
        s = queue.popleft()
        for e in nodes[s].edges:
            events: list[Event] = []
            game.apply(s, e.action, events)
            for _, kind in _gaps(events):
                if kind not in found:
                    detail = next(gap_detail(kind, x.detail, game.spec) for x in events if x.gap is kind)
                    found[kind] = Finding(kind.value, detail, _trace(game, path[s] + (e.action,), kind), kind.source,
                                          "exhaustive")
            if e.child not in path:
                path[e.child] = path[s] + (e.action,)
                queue.append(e.child)
    how = f"exhaustive: every shuffle and every decision, {len(nodes):,} states walked"
    return list(found.values()), how


def _playouts(game: DreadDrawGame, tick: Callable[[], None] | None) -> tuple[list[Finding], str]:
    found: dict[GapKind, Finding] = {}
    best: dict[GapKind, int] = {}
    for seed in range(PLAYOUTS):
        rng = random.Random(seed)
        line = replay(game, Actions(()), [random_policy(game, rng)] * game.n, rng=rng)[0]
        events: list[Event] = []
        for step in line.steps:
            for i, kind in _gaps(step.events):
                if kind not in best or step.state.summons < best[kind]:
                    best[kind] = step.state.summons
                    trace = [render_event(x, game.spec) for x in events + list(step.events[:i + 1])]
                    found[kind] = Finding(kind.value, gap_detail(kind, step.events[i].detail, game.spec), tuple(trace),
                                          kind.source, f"random playout, seed {seed}")
            events += step.events
        if tick and seed % 50 == 0:
            tick()
    ordered = [found[k] for k in GapKind if k in found]
    return ordered, f"random playouts: {PLAYOUTS} seeded games, the earliest occurrence of each gap kept"


def check_everywhere(spec: DreadDrawSpec, cards: CardList,
                     check: Callable[[DreadDrawGame, State], str | None],
                     on_move: Callable[[DreadDrawGame, Sequence[Event]], str | None] | None = None,
                     max_states: int = MAX_STATES) -> tuple[str | None, tuple[str, ...], int]:
    """Walk every state of a small card list; ``check`` each state, ``on_move`` the events of each move.

    Returns (the first problem or None, the trace of a line that shows it, the number of states walked).
    """
    game = DreadDrawGame(spec, cards)
    parent: dict[Hashable, tuple[Hashable, int] | None] = {game.initial_state(): None}
    count = 0

    def line_to(s: Hashable) -> list[int]:
        out: list[int] = []
        while parent[s] is not None:
            s, a = parent[s]  # type: ignore[misc]
            out.append(a)
        return out[::-1]

    try:
        for node in walk(game, max_states=max_states):
            count += 1
            problem = check(game, node.state)
            if problem:
                return problem, tuple(render_event(e, game.spec) for e in _line(game, line_to(node.state))), count
            for e in node.edges:
                parent.setdefault(e.child, (node.state, e.action))
                if on_move is not None:
                    events: list[Event] = []
                    game.apply(node.state, e.action, events)
                    problem = on_move(game, events)
                    if problem:
                        actions = line_to(node.state) + [e.action]
                        return problem, tuple(render_event(x, game.spec) for x in _line(game, actions)), count
    except BudgetError:
        return f"not exhaustive: stopped after {max_states:,} states", (), count
    return None, (), count
