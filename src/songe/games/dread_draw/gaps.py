"""The gap finder: where the encoded rules give no move, or two rules give different moves.

Small games (few enough ways to shuffle) are explored exhaustively, breadth
first over every shuffle and every decision, by replaying the engine with a
scripted chooser: the first time a gap is met is then its shortest
reproduction. Larger ones are explored by seeded random playouts, keeping the
earliest occurrence of each gap.
"""

from __future__ import annotations

import itertools
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from songe.games.dread_draw.agents import RandomAgent
from songe.games.dread_draw.game import Game, RandomPlay, StuckError
from songe.spec.dread_draw import CardList, DreadDrawSpec

#: Exhaustive exploration when a shuffle of the whole deck has at most this many outcomes.
EXHAUSTIVE_SHUFFLES = 2000
#: Bounds on one exploration.
MAX_RUNS = 40_000
PLAYOUTS = 400

#: The quoted rule (or reading) behind each gap.
SOURCES = {"first_summon": "reading first_summon", "no_cards_to_draw": "reading no_cards_to_draw",
           "life_gain_short": "reading life_gain_short", "turn_candidates": "reading turn_candidates",
           "damage_exceeds_life": "rule defeat", "no_move": "rule turn_passing",
           "no_termination": "rule round"}


class _Broken(Exception):
    """A checked property failed at a choice point."""


class _Branch(Exception):
    def __init__(self, options: list[Any]) -> None:
        self.options = options


@dataclass
class _Script:
    path: tuple[int, ...]
    check: Callable[[Game], str | None] | None = None
    i: int = 0

    def choose(self, kind: str, player: int | None, options: list[Any], game: Game) -> Any:
        if self.check is not None:
            problem = self.check(game)
            if problem:
                raise _Broken(problem)
        if kind == "shuffle":
            options = sorted(set(itertools.permutations(options[0])))
        if self.i < len(self.path):
            pick = options[self.path[self.i]]
            self.i += 1
            return list(pick) if kind == "shuffle" else pick
        raise _Branch(options)


@dataclass(frozen=True)
class Finding:
    """A gap, its shortest (or earliest) reproduction, and where the text speaks of it."""

    id: str
    detail: str
    trace: tuple[str, ...]
    source: str
    how: str


def _shuffles(cards: CardList) -> int:
    from collections import Counter
    from math import factorial

    total = factorial(len(cards.deck))
    for k in Counter(cards.deck).values():
        total //= factorial(k)
    return total


def find_gaps(spec: DreadDrawSpec, cards: CardList,
              tick: Callable[[], None] | None = None) -> tuple[list[Finding], str]:
    """Every gap met, each with its reproduction; and how the search was done."""
    if _shuffles(cards) <= EXHAUSTIVE_SHUFFLES:
        return _exhaustive(spec, cards, tick)
    return _playouts(spec, cards, tick)


def _exhaustive(spec: DreadDrawSpec, cards: CardList, tick) -> tuple[list[Finding], str]:
    found: dict[str, Finding] = {}
    queue: deque[tuple[int, ...]] = deque([()])
    runs = 0
    complete = True
    while queue:
        path = queue.popleft()
        runs += 1
        if runs > MAX_RUNS:
            complete = False
            break
        g = Game(spec, cards, _Script(path))
        try:
            g.play()
        except _Branch as b:
            queue.extend(path + (k,) for k in range(len(b.options)))
        except StuckError as exc:
            if exc.no_move:
                g.gap("no_move", str(exc))
        _record(found, g, "exhaustive")
        if tick and runs % 500 == 0:
            tick()
    how = (f"exhaustive: every shuffle and every decision, {runs:,} partial games replayed" if complete else
           f"bounded: the first {MAX_RUNS:,} partial games of a breadth-first exploration")
    return list(found.values()), how


def _playouts(spec: DreadDrawSpec, cards: CardList, tick) -> tuple[list[Finding], str]:
    found: dict[str, Finding] = {}
    best_turn: dict[str, int] = {}
    for seed in range(PLAYOUTS):
        rng = random.Random(seed)
        g = Game(spec, cards, RandomPlay(rng, [RandomAgent(rng) for _ in range(cards.players or 2)]))
        try:
            g.play()
        except StuckError as exc:
            if exc.no_move:
                g.gap("no_move", str(exc))
        for gap in g.gaps:
            if gap.id not in best_turn or gap.turn < best_turn[gap.id]:
                best_turn[gap.id] = gap.turn
                found.pop(gap.id, None)
                _record(found, g, f"random playout, seed {seed}", only=gap.id)
        if tick and seed % 50 == 0:
            tick()
    return list(found.values()), f"random playouts: {PLAYOUTS} seeded games, the earliest occurrence of each gap kept"


def _record(found: dict[str, Finding], g: Game, how: str, only: str | None = None) -> None:
    for gap in g.gaps:
        if gap.id in found or (only and gap.id != only):
            continue
        cut = next(i for i, line in enumerate(g.log) if line.startswith(f"GAP {gap.id}:"))
        found[gap.id] = Finding(gap.id, gap.detail, tuple(g.log[: cut + 1]), SOURCES.get(gap.id, ""), how)


def check_everywhere(spec: DreadDrawSpec, cards: CardList, check: Callable[[Game], str | None],
                     at_end: Callable[[Game], str | None] | None = None) -> tuple[str | None, tuple[str, ...], int]:
    """Walk every game of a small card list; ``check`` at every choice point, ``at_end`` after each run.

    Returns (the first problem or None, the trace that shows it, the number of partial games replayed).
    """
    queue: deque[tuple[int, ...]] = deque([()])
    runs = 0
    while queue and runs < MAX_RUNS:
        path = queue.popleft()
        runs += 1
        g = Game(spec, cards, _Script(path, check))
        try:
            g.play()
        except _Branch as b:
            queue.extend(path + (k,) for k in range(len(b.options)))
        except _Broken as exc:
            return str(exc), tuple(g.log), runs
        except StuckError:
            pass
        problem = at_end(g) if at_end else None
        if problem:
            return problem, tuple(g.log), runs
    if queue:
        return f"not exhaustive: stopped after {MAX_RUNS:,} partial games", (), runs
    return None, (), runs
