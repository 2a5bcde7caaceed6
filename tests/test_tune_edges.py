"""``songe tune``: a candidate past the budget is skipped and reported; a best value on the edge says so."""

from __future__ import annotations

from fractions import Fraction

from songe.games.reveil.setup import Setup, make_game
from songe.games.reveil.tune import edges, search
from songe.solve.expectimax import make_solver
from songe.spec.reveil import load

SPEC = load()


def _states(lucidity: int, hand: int) -> int:
    return make_solver(make_game(SPEC, Setup("t", lucidity, hand))).solve().states


def test_a_candidate_past_the_budget_is_skipped_not_the_search() -> None:
    small, big = _states(1, 1), _states(3, 1)
    assert small < big
    found = search(SPEC, Fraction(1, 2), [1, 3], [1], max_states=small + 1)
    assert [(c.lucidity, c.hand_limit) for c in found.candidates] == [(1, 1)]
    assert [(c.lucidity, c.hand_limit) for c in found.over_budget] == [(3, 1)]
    assert f"passed {small + 1:,} states" in found.over_budget[0].why


def test_the_best_on_the_edge_of_the_range_proposes_a_wider_one() -> None:
    found = search(SPEC, Fraction(1, 2), [1, 2], [1])  # far below one half: more Lucidité is nearer
    wider = edges(found, [1, 2], [1])
    assert [(e.option, e.value, e.wider) for e in wider] == [("--lucidity", 2, "1-4"), ("--hand-limit", 1, "1-3")]
    # a hand of 0 is never proposed: it holds no thought, and its player never chooses
    assert "try --lucidity 1-4" in str(wider[0])
    exact = search(SPEC, found.candidates[0].value, [1, 2], [1])  # the target met exactly: nothing to widen
    assert edges(exact, [1, 2], [1]) == []
