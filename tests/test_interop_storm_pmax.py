"""Storm reproduces songe's exact Pmax for every level and, at normal, for every reading.

A file of its own (apart from tests/test_interop_storm.py) so that the test
workers share the two halves: each model here is a whole level, built and
checked once. songe's side is its solver (``conftest.solved``).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest
from conftest import solved

from songe.games.reveil import ReveilGame
from songe.interop.storm import check_game
from songe.spec.reveil import load

pytest.importorskip("stormpy")

LEVELS = {lv.id: (lv.lucidity, lv.hand_limit) for lv in load().levels}
NON_DEFAULT = [(r.id, o.id) for r in load().readings for o in r.options if o.id != r.default]


# ------------------------------------------------------------------ Pmax against songe's solver


@cache
def _pmax(readings: tuple[tuple[str, str], ...], lucidity: int, hand_limit: int) -> Fraction:
    game = ReveilGame(load(readings=dict(readings)), lucidity, hand_limit)
    return check_game(game, 'Pmax=? [F "win"]').value  # from the compiled arrays, as `songe check` does


@pytest.mark.parametrize("level", list(LEVELS))
def test_storm_pmax_equals_songe_for_every_level(level: str) -> None:
    lucidity, hand = LEVELS[level]
    assert _pmax((), lucidity, hand) == solved((), lucidity, hand)[0]


@pytest.mark.parametrize("reading", NON_DEFAULT, ids=[f"{r}={o}" for r, o in NON_DEFAULT])
def test_storm_pmax_equals_songe_for_every_reading_at_normal(reading: tuple[str, str]) -> None:
    lucidity, hand = LEVELS["normal"]
    assert _pmax((reading,), lucidity, hand) == solved((reading,), lucidity, hand)[0]
