"""Many games of Dread Draw on a card list: win rates by seat, game length, gaps met."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from songe.games.dread_draw.agents import make_agent
from songe.games.dread_draw.game import Game, RandomPlay, StuckError
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


def one_game(spec: DreadDrawSpec, cards: CardList, agents: list[str], seed: int, index: int) -> Game:
    """Game ``index`` of the run seeded ``seed`` (played; a stuck game keeps its state and gaps)."""
    rng = random.Random(f"{seed}:{index}")
    game = Game(spec, cards, RandomPlay(rng, [make_agent(a, rng) for a in agents]))
    try:
        game.winner = game.play()
    except StuckError:
        game.winner = None
    return game


def simulate(spec: DreadDrawSpec, cards: CardList, games: int, agents: list[str], seed: int = 0,
             tick: Callable[[int], None] | None = None) -> Summary:
    """Play ``games`` games, seat ``i`` played by ``agents[i]``."""
    wins: Counter[int] = Counter()
    gaps: Counter[str] = Counter()
    stuck = rounds = summons = 0
    for i in range(games):
        g = one_game(spec, cards, agents, seed, i)
        if g.winner is None:
            stuck += 1
        else:
            wins[g.winner] += 1
        rounds += g.round
        summons += g.turns
        gaps.update({x.id for x in g.gaps})
        if tick:
            tick(1)
    n = cards.players or 2
    return Summary(games, {p: wins[p] for p in range(n)}, {p: wilson(wins[p], games) for p in range(n)}, stuck,
                   rounds / games, summons / games, dict(sorted(gaps.items())))
