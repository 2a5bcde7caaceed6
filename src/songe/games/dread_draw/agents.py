"""Dread Draw's players as policies over (observation, legal actions): random, and a cautious one.

The cautious policy summons from its reserves when a reserve card beats its
last summon (the weakest such card: a sure success that keeps its total low,
so the turn comes back), and draws otherwise; it always uses abilities; it
keeps the strongest card when damaged; when it names the next summoner, it
names the player in the round with the highest total (the one most likely to
fail next).

>>> from songe.spec.dread_draw import load, load_cards
>>> from songe.spec.sources import spec_dir
>>> spec = load()
>>> game = DreadDrawGame(spec, load_cards(spec_dir().parent / "docs/examples/dread_draw_cards.toml", spec))
>>> sorted(POLICIES)
['cautious', 'random']
>>> POLICIES["random"](game, random.Random(0))(game.initial_state(), (7,))
7
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass

from songe.engine.explore import Policy
from songe.errors import OptionError
from songe.games.dread_draw.game import DRAW, USE, DreadDrawGame
from songe.games.dread_draw.state import Op, State
from songe.games.plugin import PolicyMaker


@dataclass(frozen=True)
class RandomPolicy:
    """Uniformly random legal decisions (from the game's own generator, so seeded runs repeat)."""

    rng: random.Random

    def __call__(self, observation: Hashable, legal: tuple[int, ...]) -> int:
        return self.rng.choice(legal)


@dataclass(frozen=True)
class CautiousPolicy:
    """See the module docstring; it reads the observation (the whole state: perfect information)."""

    game: DreadDrawGame

    def __call__(self, observation: Hashable, legal: tuple[int, ...]) -> int:
        s = observation
        assert isinstance(s, State)
        g = self.game
        kind = g.decision(s)
        if kind is Op.SUMMON:
            reserve = [a for a in legal if a != DRAW]
            return min(reserve, key=lambda t: g.strengths[t]) if reserve else DRAW
        if kind is Op.USE:
            return USE
        if kind is Op.KEEP:
            return max(legal, key=lambda t: g.strengths[t])
        if kind is Op.CHOOSE:
            return max(legal, key=lambda q: (g.total(s, q), -q))
        return legal[0]


def random_policy(game: DreadDrawGame, rng: random.Random) -> RandomPolicy:
    """A uniformly random player."""
    return RandomPolicy(rng)


def cautious_policy(game: DreadDrawGame, rng: random.Random) -> CautiousPolicy:
    """The cautious player (deterministic: it does not use ``rng``)."""
    return CautiousPolicy(game)


#: Named players: each builds a policy for one game from that game's generator.
POLICIES: dict[str, PolicyMaker[DreadDrawGame]] = {"random": random_policy, "cautious": cautious_policy}
#: The name the CLI used for them before policies.
AGENTS = POLICIES


def make_policy(name: str, game: DreadDrawGame, rng: random.Random) -> Policy:
    """A policy by name, or an error listing the names."""
    if name not in POLICIES:
        raise OptionError(f"unknown agent {name!r}; valid: {', '.join(POLICIES)}")
    return POLICIES[name](game, rng)
