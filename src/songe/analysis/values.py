"""Exact values of a spec at its levels, sharing work between levels that can share it."""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

from songe.games.reveil.setup import Setup, make_game
from songe.solve.expectimax import DEFAULT_MAX_STATES, make_solver
from songe.spec.reveil import ReveilSpec


def level_values(spec: ReveilSpec, setups: list[Setup], max_states: int = DEFAULT_MAX_STATES,
                 tick: Callable[[], None] | None = None, memos: dict[int, dict] | None = None,
                 ) -> dict[str, Fraction]:
    """Optimal win probability per level. Levels with the same hand limit share one memo:
    a state (Lucidité included) has the same value whatever Lucidité the game started with.
    ``memos`` (by hand limit, optional) is filled for the caller to reuse (witness searches)."""
    memos = {} if memos is None else memos
    out = {}
    for st in setups:
        memo = memos.setdefault(st.hand_limit, {})
        out[st.level] = make_solver(make_game(spec, st), max_states=max_states, memo=memo).solve().value
        if tick:
            tick()
    return out
