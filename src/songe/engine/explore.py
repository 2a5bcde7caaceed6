"""The one explorer: walk every state, replay a script, simulate seeded games.

Every caller that needs all reachable states (the state graph, the exhaustive
proofs, the witness search, the interop exports) uses :func:`walk`; every
caller that plays a game forward (traces, the terminal game, witness
completions, simulations) uses :func:`replay` or :func:`play`. A game is seen
only through :class:`~songe.engine.interface.Game`.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar, cast

from songe.engine.interface import CHANCE, TERMINAL, Game
from songe.errors import BudgetError, IllegalMoveError

S = TypeVar("S", bound=Hashable)

#: Default bound on distinct states one exhaustive search may hold (``--max-states``).
DEFAULT_MAX_STATES = 2_000_000

#: Default bound on the lines one replay may split into at unscripted chance nodes.
DEFAULT_MAX_LINES = 10_000

#: A policy picks an action from what its player observes and the legal actions.
Policy = Callable[[Hashable, tuple[int, ...]], int]


@dataclass(frozen=True, slots=True)
class Edge(Generic[S]):
    """One move out of a state: the action (or chance outcome), its probability at chance, the next state.

    ``events`` holds what the move caused, when the walk was asked to record it.
    """

    action: int
    probability: Fraction | None
    child: S
    events: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Node(Generic[S]):
    """A state with who moves there and every move out of it (none at a terminal)."""

    state: S
    player: int
    edges: tuple[Edge[S], ...]


def expand(game: Game[S], state: S, events: bool = False) -> Node[S]:
    """The state's node: its player and its edges in the game's order (with their events if asked)."""
    player = game.current_player(state)
    if player == TERMINAL:
        return Node(state, player, ())
    if player == CHANCE:
        moves: Sequence[tuple[int, Fraction | None]] = game.chance_outcomes(state)
    else:
        moves = [(a, None) for a in game.legal_actions(state)]
    if not events:
        return Node(state, player, tuple(Edge(a, p, game.apply(state, a)) for a, p in moves))
    edges = []
    for a, p in moves:
        caused: list[Any] = []
        child = game.apply(state, a, caused)
        edges.append(Edge(a, p, child, tuple(caused)))
    return Node(state, player, tuple(edges))


def walk(game: Game[S], *, root: S | None = None, max_states: int = DEFAULT_MAX_STATES,
         progress: Callable[[int], None] | None = None, events: bool = False) -> Iterator[Node[S]]:
    """Every state reachable from ``root`` (default: the initial state), each exactly once.

    Depth first, children in the game's order, so the order is deterministic.
    Past ``max_states`` distinct states it raises :class:`~songe.errors.BudgetError`
    instead of eating the machine's memory. ``progress(n)`` is called every
    10,000 states. With ``events``, each edge records what its move caused
    (for checks that follow the game's own account of a move).
    """
    start = game.initial_state() if root is None else root
    seen: set[S] = {start}
    todo = [start]
    while todo:
        node = expand(game, todo.pop(), events)
        yield node
        for e in reversed(node.edges):
            if e.child not in seen:
                if len(seen) >= max_states:
                    raise BudgetError.passed(max_states, "explore a smaller game")
                seen.add(e.child)
                todo.append(e.child)
                if progress is not None and len(seen) % 10_000 == 0:
                    progress(len(seen))


def offer(game: Game[Any], name: str) -> Callable[..., Any] | None:
    """What a game's class offers under ``name``: a method, or a function named ``"module:function"`` (imported
    now, so a family's compiled module may build on its game's module without an import circle; it takes the
    game first), or None. Looked up on the type, so a wrapper forwarding attributes does not borrow them."""
    found = getattr(type(game), name, None)
    if isinstance(found, str):
        module, _, function = found.partition(":")
        return cast(Callable[..., Any], getattr(importlib.import_module(module), function))
    return cast(Callable[..., Any] | None, found)


def walk_all(game: Game[S], *, max_states: int = DEFAULT_MAX_STATES,
             progress: Callable[[int], None] | None = None) -> list[Node[S]]:
    """``list(walk(game))``, from the game's own compiled walk when it offers one.

    A game offers it by a ``walk_all(max_states)`` method on its class (or a ``"module:function"`` name) returning
    the same list (same nodes, order and edges; a test holds each offer to
    :func:`walk`) or None where it cannot. Exports of whole games use this.
    """
    walker = offer(game, "walk_all")
    nodes: list[Node[S]] | None = walker(game, max_states) if walker is not None else None
    if nodes is not None:
        if progress is not None:
            progress(len(nodes))
        return nodes
    return list(walk(game, max_states=max_states, progress=progress))


# ------------------------------------------------------------------ replay


@dataclass(frozen=True)
class Step(Generic[S]):
    """One move of a replayed line, with what it caused."""

    state: S
    player: int
    action: int
    label: str
    scripted: bool
    probability: Fraction | None = None
    events: tuple[Any, ...] = ()
    options: tuple[tuple[str, Fraction], ...] = ()


@dataclass(frozen=True)
class Line(Generic[S]):
    """One way a replay went: its probability (1 unless chance split it), its steps and its end."""

    probability: Fraction
    steps: tuple[Step[S], ...]
    final: S
    returns: tuple[Fraction, ...] | None

    def choices(self) -> tuple[str, ...]:
        """The labels of the decisions taken along the line."""
        return tuple(s.label for s in self.steps if s.player >= 0)


class Script(Protocol[S]):
    """Fixes some moves of a replay; ``None`` leaves a decision to the policy and a chance node to chance."""

    def pick(self, state: S, player: int, history: tuple[Step[S], ...]) -> int | None:
        """The move to make at ``state`` given the line so far, or None."""


@dataclass(frozen=True)
class Actions(Generic[S]):
    """A script that is a full history: every move in order, then none (OpenSpiel's history).

    >>> Actions((3, 1)).pick(None, 0, ())
    3
    """

    actions: tuple[int, ...]

    def pick(self, state: S, player: int, history: tuple[Step[S], ...]) -> int | None:
        return self.actions[len(history)] if len(history) < len(self.actions) else None


def _policy_for(policies: Policy | Sequence[Policy] | None, player: int) -> Policy | None:
    if policies is None or callable(policies):
        return policies
    return policies[player]


def sample_outcome(outcomes: Sequence[tuple[int, Fraction]], rng: random.Random) -> tuple[int, Fraction]:
    """One chance outcome drawn exactly by its probability (integer arithmetic, so seeded draws are stable).

    >>> sample_outcome([(0, Fraction(1, 4)), (1, Fraction(3, 4))], random.Random(1))[0] in (0, 1)
    True
    """
    den = 1
    for _, p in outcomes:
        den = den * p.denominator // _gcd(den, p.denominator)
    r = rng.randrange(den)
    for o, p in outcomes:
        r -= p.numerator * (den // p.denominator)
        if r < 0:
            return o, p
    raise ValueError("chance outcomes sum to less than 1")


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def replay(game: Game[S], script: Script[S], policies: Policy | Sequence[Policy] | None = None, *,
           rng: random.Random | None = None, root: S | None = None,
           option_values: Callable[[S], Sequence[tuple[int, Fraction]]] | None = None,
           max_lines: int = DEFAULT_MAX_LINES,
           stop: Callable[[S, tuple[Step[S], ...]], bool] | None = None) -> list[Line[S]]:
    """Play from ``root`` with the script's moves, then the policies' (one per player, or one for all).

    At a chance node the script does not fix, the replay splits into one line
    per outcome, each with its exact probability, unless ``rng`` is given (then
    one outcome is sampled). A scripted move that is not legal raises
    :class:`~songe.errors.IllegalMoveError` naming the move and the legal ones.
    ``option_values`` (optional) records each option's value at decisions.
    ``stop`` (optional) ends a line early at a state where it holds (its
    ``returns`` is then None): how a search replays a script's prefix only.
    """
    out: list[Line[S]] = []
    start = game.initial_state() if root is None else root
    stack: list[tuple[S, Fraction, tuple[Step[S], ...]]] = [(start, Fraction(1), ())]
    while stack:
        state, prob, steps = stack.pop()
        while True:
            player = game.current_player(state)
            if player == TERMINAL:
                out.append(Line(prob, steps, state, game.returns(state)))
                break
            if stop is not None and stop(state, steps):
                out.append(Line(prob, steps, state, None))
                break
            pick = script.pick(state, player, steps)
            if player == CHANCE:
                outcomes = tuple(game.chance_outcomes(state))
                if pick is None and rng is None:
                    if len(out) + len(stack) + len(outcomes) > max_lines:
                        raise BudgetError(f"the replay split into more than {max_lines:,} lines")
                    for o, p in reversed(outcomes):
                        events: list[Any] = []
                        nxt = game.apply(state, o, events)
                        stack.append((nxt, prob * p, steps + (
                            Step(state, player, o, game.action_label(state, o), False, p, tuple(events)),)))
                    break
                if pick is None:
                    assert rng is not None
                    action, p = sample_outcome(outcomes, rng)
                else:
                    probs = dict(outcomes)
                    if pick not in probs:
                        ok = ", ".join(game.action_label(state, o) for o, _ in outcomes)
                        raise IllegalMoveError(f"move {len(steps) + 1}: outcome {pick!r} cannot happen here; "
                                               f"possible: {ok}")
                    action, p = pick, probs[pick]
                prob *= p
            else:
                legal = tuple(game.legal_actions(state))
                if pick is None:
                    policy = _policy_for(policies, player)
                    if policy is None:
                        raise IllegalMoveError(f"move {len(steps) + 1}: no script move and no policy for "
                                               f"player {player}")
                    action, p = policy(game.observation(state, player), legal), None
                else:
                    action, p = pick, None
                if action not in legal:
                    ok = ", ".join(game.action_label(state, a) for a in legal)
                    raise IllegalMoveError(f"move {len(steps) + 1}: {game.action_label(state, action)!r} is not "
                                           f"legal here; legal: {ok}")
            opts: tuple[tuple[str, Fraction], ...] = ()
            if option_values is not None and player >= 0:
                opts = tuple((game.action_label(state, a), v) for a, v in option_values(state))
            events = []
            nxt = game.apply(state, action, events)
            steps = steps + (Step(state, player, action, game.action_label(state, action), pick is not None, p,
                                  tuple(events), opts),)
            state = nxt
    return out


# ------------------------------------------------------------------ simulation


@dataclass(frozen=True)
class Playthrough(Generic[S]):
    """One simulated game: its final state, returns, and the moves made."""

    final: S
    returns: tuple[Fraction, ...]
    actions: tuple[int, ...] = field(default=())


def play(game: Game[S], policies: Sequence[Policy], rng: random.Random, *,
         max_moves: int = 1_000_000) -> Playthrough[S]:
    """One game to the end: chance sampled exactly from ``rng``, each player by its policy."""
    state = game.initial_state()
    actions: list[int] = []
    while True:
        player = game.current_player(state)
        if player == TERMINAL:
            return Playthrough(state, game.returns(state), tuple(actions))
        if len(actions) >= max_moves:
            raise BudgetError(f"a game passed {max_moves:,} moves without ending")
        if player == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), rng)[0]
        else:
            legal = tuple(game.legal_actions(state))
            action = policies[player](game.observation(state, player), legal)
            if action not in legal:
                raise IllegalMoveError(f"policy of player {player} chose {game.action_label(state, action)!r}, "
                                       "which is not legal")
        actions.append(action)
        state = game.apply(state, action)


def game_rng(seed: int, index: int) -> random.Random:
    """The generator of game ``index`` in a run seeded ``seed``: the same whatever process plays it.

    >>> game_rng(7, 3).random() == game_rng(7, 3).random()
    True
    """
    return random.Random(f"{seed}:{index}")


@dataclass(frozen=True)
class Simulation(Generic[S]):
    """What :func:`simulate` needs to play game ``i`` anywhere: picklable parts only.

    ``make_policies(game, rng)`` builds the players for one game from that
    game's generator; ``record(game, playthrough)`` keeps what the caller wants
    of it (by default its returns).
    """

    game: Game[S]
    make_policies: Callable[[Game[S], random.Random], Sequence[Policy]]
    record: Callable[[Game[S], Playthrough[S]], Any] | None = None

    def run(self, seed: int, index: int) -> Any:
        """Game ``index`` of the run seeded ``seed``."""
        rng = game_rng(seed, index)
        done = play(self.game, self.make_policies(self.game, rng), rng)
        return done.returns if self.record is None else self.record(self.game, done)


def _chunk(args: tuple[Simulation[Any], int, int, int]) -> list[Any]:
    sim, seed, start, stop = args
    return [sim.run(seed, i) for i in range(start, stop)]


def simulate(sim: Simulation[S], games: int, *, seed: int = 0, jobs: int = 1,
             tick: Callable[[int], None] | None = None) -> list[Any]:
    """``games`` seeded games, in order; the result does not depend on ``jobs`` (each game has its own generator)."""
    from songe.tasks import run_tasks  # the task runner: in-process, or Dask workers for jobs > 1

    size = max(1, min(200, games // (max(jobs, 1) * 4) or 1))
    chunks = [(sim, seed, a, min(a + size, games)) for a in range(0, games, size)]
    out: list[Any] = []
    for part in run_tasks(_chunk, chunks, workers=jobs if jobs > 1 else 0,
                          done=(lambda part: tick(len(part))) if tick else None):
        out += part
    return out
