"""Agents for Dread Draw: random legal play, and a cautious one.

The cautious agent summons from its reserves when a reserve card beats its last
summon (the weakest such card: a sure success that keeps its total low, so the
turn comes back), and draws otherwise; it always uses abilities; it keeps the
strongest card when damaged; when it chooses the next summoner, it names the
player in the round with the highest total (the one most likely to fail next).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from songe.errors import OptionError


@dataclass
class RandomAgent:
    """Uniformly random legal decisions."""

    rng: random.Random
    name: str = "random"

    def decide(self, kind: str, player: int, options: list[Any], game) -> Any:
        return self.rng.choice(options)


@dataclass
class CautiousAgent:
    """See the module docstring."""

    rng: random.Random
    name: str = "cautious"

    def decide(self, kind: str, player: int, options: list[Any], game) -> Any:
        if kind == "summon":
            reserve = [o for o in options if o[0] == "reserve"]
            return min(reserve, key=lambda o: game.strength(o[1])) if reserve else options[0]
        if kind == "use":
            return True
        if kind == "keep":
            return max(options, key=game.strength)
        if kind == "choose_next":
            return max(options, key=lambda q: (sum(game.strength(c) for c in game.rows[q]), -q))
        return options[0]


AGENTS = {"random": RandomAgent, "cautious": CautiousAgent}


def make_agent(name: str, rng: random.Random):
    """An agent by name, or an error listing the names."""
    if name not in AGENTS:
        raise OptionError(f"unknown agent {name!r}; valid: {', '.join(AGENTS)}")
    return AGENTS[name](rng)
