"""Réveil's exact figures, pinned: every level, every reading at normal, and the never-play baseline.

These run through the fast path (seconds), and the reference engine is checked
against the fast path on a small set-up here too, so a semantic change to
either engine fails this file early in the suite (conftest.py runs it first).
Changing a golden is a deliberate act, in a commit of its own, saying why.

How each value was confirmed (all also appear in docs/results/reveil.json):
- levels: the reference solver (``songe.solve.expectimax.Solver``; ``levels.*.optimal``)
  and, independently, the mean of the per-order histogram of ``songe orders`` over all
  19,958,400 orders (``orders.*.mean``, with ``matches_solver`` true);
- readings at normal: the reference solver, one reading changed at a time (``variants``);
- never-play: the reference solver with ``first_action`` (``levels.*.never``).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from songe.games.reveil import ReveilGame
from songe.games.reveil.fast import FastSolver
from songe.solve.expectimax import Solver, first_action, make_solver
from songe.spec.reveil import load

SPEC = load()

#: Optimal win probability per level (reference solver, and the per-order histogram mean of `songe orders`).
LEVELS = {
    "normal": Fraction(9504977, 13305600),
    "facile": Fraction(25722199, 29937600),
    "difficile": Fraction(637771, 1209600),
    "cauchemar": Fraction(17783587, 39916800),
}

#: Optimal win probability at normal under each non-default reading option (reference solver).
READINGS_AT_NORMAL = {
    ("loss_cap", "whole_dream"): Fraction(48835907, 59875200),
    ("played_thought", "stays_until_resolved"): Fraction(4748837, 6652800),
    ("souvenir_gain", "before_defeat_check"): Fraction(14308853, 19958400),
    ("previous_dream", "at_reveal"): Fraction(4067453, 5702400),
    ("previous_dream", "outer_for_chain"): Fraction(42391247, 59875200),
    ("recurrent_check", "at_reveal"): Fraction(791179, 1108800),
    ("intensity_floor", "net"): Fraction(28622257, 39916800),
    ("defeat_timing", "immediate"): Fraction(9504977, 13305600),  # no order tells it apart (see the witnesses)
    ("victory_condition", "last_card_reached"): Fraction(9773521, 13305600),
    # The two readings added with the sentence inventory: fast and reference solvers agree (same fraction and
    # state count: 451,764 and 240,077), and docs/results/reveil.json's variants hold the same values.
    ("previous_dream", "next_card_only"): Fraction(28629947, 39916800),
    ("defeat_scope", "turn_card"): Fraction(14308853, 19958400),
}

#: Never playing a thought (reference solver with first_action): Réveil cannot be won that way.
NEVER = {"normal": Fraction(0), "facile": Fraction(0), "difficile": Fraction(0), "cauchemar": Fraction(0)}


def fast(game: ReveilGame, policy=None) -> FastSolver:
    solver = make_solver(game, policy)
    assert isinstance(solver, FastSolver), "the shipped spec must take the fast path"
    return solver


@pytest.mark.parametrize("level", list(LEVELS))
def test_each_level(level) -> None:
    lv = SPEC.level(level)
    assert fast(ReveilGame(SPEC, lv.lucidity, lv.hand_limit)).solve().value == LEVELS[level]


@pytest.mark.parametrize("reading", list(READINGS_AT_NORMAL), ids=lambda r: f"{r[0]}={r[1]}")
def test_each_reading_at_normal(reading) -> None:
    lv = SPEC.level("normal")
    game = ReveilGame(SPEC.with_readings(dict([reading])), lv.lucidity, lv.hand_limit)
    assert fast(game).solve().value == READINGS_AT_NORMAL[reading]


@pytest.mark.parametrize("level", list(NEVER))
def test_never_playing(level) -> None:
    lv = SPEC.level(level)
    assert fast(ReveilGame(SPEC, lv.lucidity, lv.hand_limit), first_action).solve().value == NEVER[level]


def test_every_level_is_pinned() -> None:
    assert set(LEVELS) == set(NEVER) == {lv.id for lv in SPEC.levels}
    assert {r for r, _ in READINGS_AT_NORMAL} == {r.id for r in SPEC.readings}


@pytest.mark.parametrize("lucidity", [2, 3])
def test_the_reference_engine_agrees_on_a_small_setup(lucidity) -> None:
    """The goldens bind the fast path; this binds the interpreted engine to it (about a second each)."""
    game = ReveilGame(SPEC, lucidity, 1)
    want, got = Solver(game).solve(), fast(game).solve()
    assert (got.value, got.states) == (want.value, want.states)
