"""From user choices (spec file, level, overrides, readings) to a ready game."""

from __future__ import annotations

from dataclasses import dataclass

from songe.errors import OptionError
from songe.games.reveil.machine import ReveilGame
from songe.spec.reveil import MAX_HAND, MAX_LUCIDITY, ClaimKind, ReveilSpec


@dataclass(frozen=True)
class Setup:
    """A level's set-up as actually played (after overrides)."""

    level: str
    lucidity: int
    hand_limit: int


def setups(spec: ReveilSpec, level: str | None, lucidity: int | None = None,
           hand_limit: int | None = None) -> list[Setup]:
    """The named level (or all levels), with --lucidity / --hand-limit applied."""
    levels = [spec.level(level)] if level else list(spec.levels)
    if lucidity is not None and not 1 <= lucidity <= MAX_LUCIDITY:
        raise OptionError(f"--lucidity must be between 1 and {MAX_LUCIDITY}, got {lucidity}")
    if hand_limit is not None and not 0 <= hand_limit <= MAX_HAND:
        raise OptionError(f"--hand-limit must be between 0 and {MAX_HAND}, got {hand_limit}")
    return [Setup(lv.id, lucidity if lucidity is not None else lv.lucidity,
                  hand_limit if hand_limit is not None else lv.hand_limit) for lv in levels]


def by_difficulty(spec: ReveilSpec, todo: list[Setup]) -> list[Setup]:
    """The set-ups from easiest to hardest where the spec's text orders its levels (a ladder claim),
    the others after them as listed; as given when it does not (tables list levels so)."""
    ladder = next((c.order for c in spec.claims if c.kind is ClaimKind.LADDER), ())
    rank = {level: i for i, level in enumerate(ladder)}
    return sorted(todo, key=lambda st: rank.get(st.level, len(rank)))


def make_game(spec: ReveilSpec, setup: Setup) -> ReveilGame:
    """The game for one set-up."""
    return ReveilGame(spec, setup.lucidity, setup.hand_limit)
