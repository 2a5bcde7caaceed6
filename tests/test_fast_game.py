"""Réveil's packed, compiled game against the machine: same states, same nodes, same per-order vectors.

The per-order analyses (``songe orders``) run on :class:`PackedReveil`; these
tests hold it to the interpreted machine: state by state along random lines
of the shipped spec under any readings and of random small specs, and vector
by vector (optimal play, clairvoyant play, a named strategy) on random small
specs and on a small copy of the shipped deck.
"""

from __future__ import annotations

import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fast import SPEC, small_specs
from test_orders import small_spec_file

from songe.engine.explore import walk, walk_all
from songe.engine.interface import NodeKind
from songe.errors import BudgetError, IllegalMoveError
from songe.games.reveil import ReveilGame
from songe.games.reveil.fast_game import PackedReveil, packed_game
from songe.games.reveil.known_order import value_scale
from songe.games.reveil.strategies import policy as strategy_policy
from songe.solve.expectimax import Solver, first_action
from songe.solve.order_values import OrderValues
from songe.spec.reveil import load

sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))


def same_node(game: ReveilGame, packed: PackedReveil, s, p: bytes) -> None:
    """A machine state and a packed state say the same about their node."""
    assert packed.pack(s) == p
    assert packed.node_kind(p) is game.node_kind(s)
    assert packed.current_player(p) == game.current_player(s)
    assert packed.legal_actions(p) == game.legal_actions(s)
    assert packed.chance_outcomes(p) == game.chance_outcomes(s)
    assert packed.deck(p) == game.deck(s)
    if game.node_kind(s) is NodeKind.CHANCE:  # (the question of a chance node only)
        assert packed.is_draw(p) == game.is_draw(s)
    assert packed.returns(p) == game.returns(s)


def walk_both(game: ReveilGame, data) -> None:
    """Follow one random line in both engines, comparing every node and every move's next state."""
    packed = packed_game(game)
    assert packed is not None
    s, p = game.initial_state(), packed.initial_state()
    while True:
        same_node(game, packed, s, p)
        kind = game.node_kind(s)
        if kind is NodeKind.TERMINAL:
            return
        moves = game.legal_actions(s) if kind is NodeKind.DECISION else [o for o, _ in game.chance_outcomes(s)]
        for a in moves:
            assert packed.apply(p, a) == packed.pack(game.apply(s, a)), (s, a)
        a = data.draw(st.sampled_from(moves))
        s, p = game.apply(s, a), packed.apply(p, a)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(readings=st.fixed_dictionaries({r.id: st.sampled_from(r.option_ids) for r in SPEC.readings}),
       lucidity=st.integers(1, 8), hand_limit=st.integers(0, 3), data=st.data())
def test_random_lines_of_the_shipped_spec_pack_like_the_machine(readings, lucidity, hand_limit, data) -> None:
    walk_both(ReveilGame(SPEC.with_readings(readings), lucidity, hand_limit), data)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=small_specs(), lucidity=st.integers(1, 5), hand_limit=st.integers(0, 3), data=st.data())
def test_random_small_specs_pack_like_the_machine(spec, lucidity, hand_limit, data) -> None:
    game = ReveilGame(spec, lucidity, hand_limit)
    if packed_game(game) is None:  # outside the kernels: the callers keep the machine (tested in test_fast)
        return
    walk_both(game, data)


def vectors(game, scale: int, policy) -> np.ndarray:
    return OrderValues(game, scale, policy).vector(game.initial_state())


def same_vectors(game: ReveilGame) -> None:
    """Optimal, clairvoyant and never-play vectors: identical on both engines, over as many states."""
    packed = packed_game(game)
    assert packed is not None
    scale, reference = value_scale(game), Solver(game)
    assert packed.solver.value(packed.initial_state()) == reference.solve().value
    for ours, theirs in ((lambda s, legal: packed.solver.best(s), lambda s, legal: reference.best(s)),
                         (None, None), (first_action, first_action)):
        a, b = OrderValues(packed, scale, ours), OrderValues(game, scale, theirs)
        assert np.array_equal(a.vector(packed.initial_state()), b.vector(game.initial_state()))
        assert a.states == b.states


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=small_specs(), lucidity=st.integers(1, 5), hand_limit=st.integers(0, 3))
def test_random_small_specs_give_the_machines_vectors(spec, lucidity, hand_limit) -> None:
    game = ReveilGame(spec, lucidity, hand_limit)
    if packed_game(game) is not None:
        same_vectors(game)


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    return load(small_spec_file(tmp_path_factory.mktemp("small")))


@pytest.mark.parametrize("readings", [{}] + [{r.id: r.option_ids[-1]} for r in SPEC.readings],
                         ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()) or "defaults")
def test_the_small_deck_gives_the_machines_vectors(small, readings) -> None:
    """2,520 orders of a user's copy of the spec with fewer cards, under the last option of each reading."""
    same_vectors(ReveilGame(small.with_readings(readings), 3, 2))


def test_named_strategies_decide_as_the_machine(small) -> None:
    game = ReveilGame(small, 4, 2)
    packed = packed_game(game)
    assert packed is not None
    scale = value_scale(game)
    for strategy in small.strategies:
        assert np.array_equal(vectors(packed, scale, packed.strategy_policy(strategy)),
                              vectors(game, scale, strategy_policy(game, strategy)))


def test_the_whole_graph_has_the_machines_size(small) -> None:
    """The explorer walks the packed game through the machine's states, one for one, each with the same moves."""
    game = ReveilGame(small, 3, 2)
    packed = packed_game(game)
    assert packed is not None
    ours = {n.state: [(e.action, e.child) for e in n.edges] for n in walk(packed)}
    theirs = {packed.pack(n.state): [(e.action, packed.pack(e.child)) for e in n.edges] for n in walk(game)}
    assert ours == theirs
    assert len(ours) == sum(1 for _ in walk(game))  # no two of the machine's states pack alike
    assert sum(packed.node_kind(s) is not NodeKind.TERMINAL for s in ours) > 1000


def test_moves_that_cannot_be_made_are_refused() -> None:
    game = ReveilGame(SPEC, 2, 1)
    packed = packed_game(game)
    assert packed is not None
    root = packed.initial_state()
    with pytest.raises(IllegalMoveError, match="not possible here"):
        packed.apply(root, -1)  # no decision at the first draw
    with pytest.raises(IllegalMoveError, match="not possible here"):
        packed.apply(root, len(SPEC.cards))
    with pytest.raises(ValueError, match="records no events"):
        packed.apply(root, 0, events=[])


def test_the_compiled_walk_is_the_explorers(small) -> None:
    """Same nodes, order, players, edges and probabilities as the explorer's walk of the packed game."""
    for readings in ({}, {r.id: r.option_ids[-1] for r in small.readings}):
        packed = packed_game(ReveilGame(small.with_readings(readings), 3, 2))
        assert packed is not None
        assert walk_all(packed) == list(walk(packed))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=small_specs(), lucidity=st.integers(1, 5), hand_limit=st.integers(0, 3))
def test_the_compiled_walk_is_the_explorers_on_random_specs(spec, lucidity, hand_limit) -> None:
    packed = packed_game(ReveilGame(spec, lucidity, hand_limit))
    if packed is not None:
        assert packed.walk_all() == list(walk(packed))


def test_the_compiled_walk_keeps_the_budget(small) -> None:
    packed = packed_game(ReveilGame(small, 3, 2))
    assert packed is not None
    with pytest.raises(BudgetError, match="passed 100 states"):
        walk_all(packed, max_states=100)
    with pytest.raises(BudgetError, match="passed 100 states"):
        list(walk(packed, max_states=100))


def test_per_order_jobs_give_the_same_results_without_the_compiled_path(small, monkeypatch) -> None:
    """Where the kernels cannot hold a spec, songe orders runs on the machine: same histograms, examples, values."""
    from songe.games.reveil import per_order
    from songe.games.reveil.setup import Setup

    def run() -> list:
        out = per_order.gather(small, [per_order.run_job(j) for j in per_order.jobs(small, [Setup("custom", 3, 2)])])
        per_order.forget()
        return [(lv.optimal, lv.clairvoyant, lv.solver_value, lv.matches_solver) for lv in out]

    compiled = run()
    monkeypatch.setattr(per_order, "packed_game", lambda game, max_states: None)
    assert run() == compiled
    assert compiled[0][3]
