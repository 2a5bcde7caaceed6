"""Exact values of a spec at its set-ups, sharing work between set-ups that can share it."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

from songe.analysis.kit import ExactKit
from songe.errors import budget_at
from songe.solve.expectimax import DEFAULT_MAX_STATES, make_solver


def level_values(spec: Any, setups: list[Any], kit: ExactKit, max_states: int = DEFAULT_MAX_STATES,
                 tick: Callable[[], None] | None = None, memos: dict[Hashable, dict] | None = None,
                 ) -> dict[str, Fraction]:
    """Optimal win probability per set-up. Set-ups the family says alike (``kit.share``: for Réveil the
    hand limit) share one memo: a state's value does not depend on how the game started.
    ``memos`` (optional) is filled for the caller to reuse (witness searches)."""
    memos = {} if memos is None else memos
    out = {}
    for st in setups:
        memo = memos.setdefault(kit.share(st), {})
        with budget_at(f"level {kit.label(st)}"):
            out[kit.label(st)] = make_solver(kit.make_game(spec, st), max_states=max_states, memo=memo).solve().value
        if tick:
            tick()
    return out
