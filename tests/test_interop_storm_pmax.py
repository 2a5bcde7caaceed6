"""Storm reproduces songe's exact Pmax for every level, and for every reading on a smaller set-up.

Each level is checked at its own Lucidité and hand limit. Each reading is
checked on its own graph at Lucidité 4, hand 1 (60,301 states, a quarter of
normal's): Storm confirms the solver on every reading's rules at a fifth of the
cost; the readings' figures at normal are goldens confirmed by the reference
solver (tests/test_goldens.py).

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
#: The set-up of the readings' checks (Lucidité, hand limit).
READING_SETUP = (4, 1)
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
def test_storm_pmax_equals_songe_for_every_reading(reading: tuple[str, str]) -> None:
    lucidity, hand = READING_SETUP
    assert _pmax((reading,), lucidity, hand) == solved((reading,), lucidity, hand)[0]
