"""Shared fixtures: the shipped spec, and solved values cached for the session.

Solving a level takes seconds, so each (readings, set-up, policy) is solved
once per test session and shared.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from songe.games.reveil import ReveilGame
from songe.solve.expectimax import Solver, first_action
from songe.spec.reveil import ReveilSpec, load


@pytest.fixture(scope="session")
def spec() -> ReveilSpec:
    return load()


@cache
def solved(readings: tuple[tuple[str, str], ...] = (), lucidity: int = 6, hand_limit: int = 3,
           policy: str = "optimal") -> tuple[Fraction, int]:
    """(value, states) of the shipped Réveil under readings and a set-up."""
    game = ReveilGame(load(readings=dict(readings)), lucidity, hand_limit)
    res = Solver(game, first_action if policy == "never" else None).solve()
    return res.value, res.states
