"""Exact values of a spec at its levels, sharing work between levels that can share it."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from songe.engine.explore import DEFAULT_MAX_STATES
from songe.games.reveil.setup import Setup, make_game
from songe.solve.expectimax import Solver
from songe.spec.reveil import ReveilSpec


def level_values(spec: ReveilSpec, setups: list[Setup], max_states: int = DEFAULT_MAX_STATES,
                 tick: Callable[[], None] | None = None) -> dict[str, Fraction]:
    """Optimal win probability per level. Levels with the same hand limit share one memo:
    a state (Lucidité included) has the same value whatever Lucidité the game started with."""
    memos: dict[int, dict] = {}
    out = {}
    for st in setups:
        memo = memos.setdefault(st.hand_limit, {})
        out[st.level] = Solver(make_game(spec, st), max_states=max_states, memo=memo).solve().value
        if tick:
            tick()
    return out
