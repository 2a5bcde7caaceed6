"""Many games of Dread Draw on a card list: win rates by seat, game length, gaps met.

Played by the shared explorer's seeded :func:`~songe.engine.explore.simulate`,
so a run gives the same figures whatever the number of jobs.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from songe.engine.explore import Playthrough, Policy, Simulation
from songe.engine.explore import simulate as run_games
from songe.games.dread_draw.agents import make_policy
from songe.games.dread_draw.game import DreadDrawGame
from songe.games.dread_draw.state import Event, EventKind, State
from songe.spec.dread_draw import CardList, DreadDrawSpec
from songe.stats import wilson


@dataclass(frozen=True)
class Summary:
    """Aggregates of a run."""

    games: int
    wins: dict[int, int]
    intervals: dict[int, tuple[float, float]]
    stuck: int
    mean_rounds: float
    mean_summons: float
    gaps: dict[str, int]


@dataclass(frozen=True)
class GameRecord:
    """What a run keeps of one game: the winner (None if the rules could not finish it), its length, its gaps."""

    winner: int | None
    rounds: int
    summons: int
    gaps: frozenset[str]


@dataclass(frozen=True)
class Seats:
    """Builds each seat's policy by name for one game (picklable, for worker processes)."""

    names: tuple[str, ...]

    def __call__(self, game: DreadDrawGame, rng: random.Random) -> Sequence[Policy]:
        return [make_policy(name, game, rng) for name in self.names]


def record(game: DreadDrawGame, done: Playthrough[State]) -> GameRecord:
    """The record of a played game (its gaps found by replaying its moves with events)."""
    events: list[Event] = []
    s = game.initial_state()
    for a in done.actions:
        s = game.apply(s, a, events)
    end = done.final.end
    return GameRecord(end.winner if end is not None else None, done.final.round, done.final.summons,
                      frozenset(e.gap.value for e in events if e.kind is EventKind.GAP and e.gap is not None))


def simulate(spec: DreadDrawSpec, cards: CardList, games: int, agents: list[str], seed: int = 0,
             tick: Callable[[int], None] | None = None, jobs: int = 1) -> Summary:
    """Play ``games`` games, seat ``i`` played by ``agents[i]``."""
    game = DreadDrawGame(spec, cards)
    for name in agents:
        make_policy(name, game, random.Random(0))  # an unknown name fails before any game is played
    records: list[GameRecord] = run_games(Simulation(game, Seats(tuple(agents)), record),  # type: ignore[arg-type]
                                          # (Seats and record take only this game; Simulation types them on Game)
                                          games, seed=seed,
                                          jobs=jobs, tick=tick)
    wins: Counter[int] = Counter(r.winner for r in records if r.winner is not None)
    gaps: Counter[str] = Counter(g for r in records for g in r.gaps)
    n = game.n
    return Summary(games, {p: wins[p] for p in range(n)}, {p: wilson(wins[p], games) for p in range(n)},
                   sum(r.winner is None for r in records), sum(r.rounds for r in records) / games,
                   sum(r.summons for r in records) / games, dict(sorted(gaps.items())))
