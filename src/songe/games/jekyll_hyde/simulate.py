"""Many games between two agents: Hyde's win rate with a 95% interval, and what happened.

Game ``i`` of a run with seed ``s`` is played with its own generator seeded
from ``(s, i)``, so results do not depend on how games are split over worker
processes (``jobs``) or on their order.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from songe.games.jekyll_hyde.agents import make_agent
from songe.games.jekyll_hyde.game import GameResult, play_game
from songe.spec.jekyll_hyde import JekyllHydeSpec
from songe.stats import wilson
from songe.tasks import run_tasks

MAX_GAMES = 1_000_000


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


def one_game(spec: JekyllHydeSpec, jekyll: str, hyde: str, seed: int, index: int) -> GameResult:
    """Game ``index`` of the run seeded ``seed`` (deterministic)."""
    rng = random.Random(f"{seed}:{index}")
    return play_game(spec, (make_agent(jekyll, rng), make_agent(hyde, rng)), rng)


def _chunk(args: tuple[JekyllHydeSpec, str, str, int, int, int]) -> list[GameResult]:
    spec, jekyll, hyde, seed, start, stop = args
    return [one_game(spec, jekyll, hyde, seed, i) for i in range(start, stop)]


def simulate(spec: JekyllHydeSpec, games: int, jekyll: str, hyde: str, seed: int = 0, jobs: int = 1,
             tick: Callable[[int], None] | None = None) -> Summary:
    """Play ``games`` games; ``jobs`` > 1 spreads them over processes with the same results."""
    make_agent(jekyll, random.Random(0)), make_agent(hyde, random.Random(0))  # fail early on a bad name
    size = max(1, min(200, games // (jobs * 4) or 1))
    chunks = [(spec, jekyll, hyde, seed, a, min(a + size, games)) for a in range(0, games, size)]
    results: list[GameResult] = []
    for part in run_tasks(_chunk, chunks, workers=jobs if jobs > 1 else 0,
                          done=(lambda part: tick(len(part))) if tick else None):
        results += part
    wins = sum(r.hyde_won for r in results)
    diffs = [d for r in results for d in r.trick_differences]
    effects: Counter[str] = Counter()
    for r in results:
        effects.update(r.effects)
    return Summary(games, wins, wilson(wins, games), dict(sorted(Counter(r.marker for r in results).items())),
                   sum(diffs) / len(diffs), dict(sorted(effects.items())), len(diffs))
