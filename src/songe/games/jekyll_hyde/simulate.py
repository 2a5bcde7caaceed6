"""Many games between two policies through the shared explorer: Hyde's win rate with a 95% interval.

Game ``i`` of a run with seed ``s`` is played by :func:`songe.engine.explore.simulate`
with its own generator, so results do not depend on how games are split over
worker processes (``jobs``) or on their order. Each game is kept as a
:class:`GameResult`, read from the events of its replayed moves.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from songe.engine.explore import Playthrough, Policy, Simulation
from songe.engine.explore import simulate as explore_simulate
from songe.engine.interface import Game
from songe.games.jekyll_hyde.agents import make_policy
from songe.games.jekyll_hyde.machine import JekyllHydeGame
from songe.games.jekyll_hyde.state import HYDE, GameEnded, RoundEnded, TrickWon
from songe.spec.jekyll_hyde import JekyllHydeSpec
from songe.stats import wilson

MAX_GAMES = 1_000_000


@dataclass(frozen=True)
class GameResult:
    """How one game went."""

    hyde_won: bool
    marker: int
    rounds_played: int
    trick_differences: tuple[int, ...]
    effects: dict[str, int]


@dataclass(frozen=True)
class Summary:
    """Aggregates of a run."""

    games: int
    hyde_wins: int
    interval: tuple[float, float]
    markers: dict[int, int]
    mean_trick_difference: float
    effects: dict[str, int]
    rounds: int

    @property
    def hyde_rate(self) -> float:
        """Hyde's share of wins."""
        return self.hyde_wins / self.games


def record(game: Game, done: Playthrough) -> GameResult:
    """A game's result, read from the events of its moves replayed from the start."""
    events: list = []
    state = game.initial_state()
    for a in done.actions:
        state = game.apply(state, a, events)
    diffs = tuple(e.difference for e in events if isinstance(e, RoundEnded))
    end = next(e for e in events if isinstance(e, GameEnded))
    effects = Counter(e.effect for e in events if isinstance(e, TrickWon) and e.effect is not None)
    return GameResult(end.winner == HYDE, end.marker, len(diffs), diffs, dict(effects))


def make_policies(names: tuple[str, str], game: Game, rng: random.Random) -> Sequence[Policy]:
    """Jekyll's and Hyde's policies by name, from the game's generator."""
    return [make_policy(n, game, rng) for n in names]


def simulation(spec: JekyllHydeSpec, jekyll: str, hyde: str) -> Simulation:
    """What the explorer needs to play game ``i`` anywhere (picklable)."""
    for name in (jekyll, hyde):
        make_policy(name, JekyllHydeGame(spec), random.Random(0))  # fail early on a bad name
    return Simulation(JekyllHydeGame(spec), partial(make_policies, (jekyll, hyde)), record)


def one_game(spec: JekyllHydeSpec, jekyll: str, hyde: str, seed: int, index: int) -> GameResult:
    """Game ``index`` of the run seeded ``seed`` (deterministic; the same game :func:`simulate` plays)."""
    return simulation(spec, jekyll, hyde).run(seed, index)


def simulate(spec: JekyllHydeSpec, games: int, jekyll: str, hyde: str, seed: int = 0, jobs: int = 1,
             tick: Callable[[int], None] | None = None) -> Summary:
    """Play ``games`` games; ``jobs`` > 1 spreads them over processes with the same results."""
    results: list[GameResult] = explore_simulate(simulation(spec, jekyll, hyde), games, seed=seed, jobs=jobs,
                                                 tick=tick)
    wins = sum(r.hyde_won for r in results)
    diffs = [d for r in results for d in r.trick_differences]
    effects: Counter[str] = Counter()
    for r in results:
        effects.update(r.effects)
    return Summary(games, wins, wilson(wins, games), dict(sorted(Counter(r.marker for r in results).items())),
                   sum(diffs) / len(diffs), dict(sorted(effects.items())), len(diffs))

