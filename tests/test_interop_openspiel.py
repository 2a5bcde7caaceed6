"""OpenSpiel plays songe's games: its own checks pass, its value iteration finds songe's value, MCTS plays Kuhn poker."""

from __future__ import annotations

import dataclasses
import random

import pytest
from kuhn_poker import KuhnPoker

from songe.engine.interface import Game
from songe.errors import OptionError
from songe.games.plugin import Family, Setup
from songe.games.reveil import PASS, ReveilGame
from songe.interop.openspiel import ActionCodec, longest_game, register, register_family
from songe.solve.expectimax import Solver
from songe.spec.reveil import load

pyspiel = pytest.importorskip("pyspiel")


def reveil_codec(game: Game) -> ActionCodec:
    """Réveil's decisions: none, then each card (only thoughts are ever legal); chance: each card."""
    assert isinstance(game, ReveilGame)
    n = len(game.spec.cards)
    return ActionCodec((PASS, *range(n)), n)


def small_reveil(params) -> ReveilGame:
    """Réveil cut to its first ``dreams`` dreams and ``thoughts`` thoughts, one copy each (small enough to walk)."""
    spec = load()
    dreams = [c for c in spec.cards if c.kind.value == "dream"]
    thoughts = [c for c in spec.cards if c.kind.value == "thought"]
    keep = dreams[: int(params["dreams"])] + thoughts[: int(params["thoughts"])]
    cards = tuple(dataclasses.replace(c, copies=1) for c in keep)
    return ReveilGame(dataclasses.replace(spec, cards=cards), int(params["lucidity"]), 2)


REVEIL_FAMILY = Family(
    id="reveil", title="Réveil (solo)", spec_file="reveil.toml",
    load_spec=lambda path, readings: load(path, readings=readings),
    setups=lambda spec: [Setup(lv.id, {"lucidity": lv.lucidity, "hand_limit": lv.hand_limit}) for lv in spec.levels],
    make_game=lambda spec, setup, options: ReveilGame(spec, **setup.params),
    render_event=lambda event, spec, lang: str(event))  # the contract's three arguments


def reveil_length(game: Game) -> int:
    """A bound on a Réveil game's moves: three per card of the deck."""
    assert isinstance(game, ReveilGame)
    return 3 * sum(game.spec.deck_counts)


@pytest.fixture(scope="module")
def registered() -> None:
    names = set(pyspiel.registered_names())
    if "songe_reveil" not in names:
        assert register_family(REVEIL_FAMILY, codec=reveil_codec,
                               max_game_length=reveil_length) == "songe_reveil"
    if "songe_small_reveil" not in names:
        register("songe_small_reveil", small_reveil, {"dreams": 3, "thoughts": 2, "lucidity": 4}, codec=reveil_codec)
    if "songe_kuhn_poker" not in names:
        register("songe_kuhn_poker", lambda p: KuhnPoker(), {}, codec=lambda g: ActionCodec((0, 1), 3))


def test_reveil_loads_by_name_with_a_level_and_passes_the_random_simulation_test(registered) -> None:
    game = pyspiel.load_game("songe_reveil(level=cauchemar)")
    assert game.num_players() == 1 and game.get_type().short_name == "songe_reveil"
    assert game.songe_game.hand_limit == 2 and game.songe_game.lucidity == 5
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)
    with pytest.raises(Exception, match="unknown level"):
        pyspiel.load_game("songe_reveil(level=reveur)")


def test_readings_are_a_parameter(registered) -> None:
    game = pyspiel.load_game("songe_reveil(level=normal,readings=loss_cap:whole_dream+defeat_timing:immediate)")
    chosen = dict(game.songe_game.spec.chosen)
    assert chosen["loss_cap"] == "whole_dream" and chosen["defeat_timing"] == "immediate"


def test_serialization_round_trips_a_played_state(registered) -> None:
    game = pyspiel.load_game("songe_reveil(level=difficile)")
    state, rng = game.new_initial_state(), random.Random(3)
    for _ in range(6):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == state.history() and str(again) == str(state)


def test_expectiminimax_reproduces_songe_exact_value(registered) -> None:
    """OpenSpiel's expectiminimax (a tree search, so a small variant) finds the solver's value."""
    from open_spiel.python.algorithms.minimax import expectiminimax

    game = pyspiel.load_game("songe_small_reveil")
    value, best = expectiminimax(game.new_initial_state(), game.max_game_length(), None, 0)
    exact = Solver(game.songe_game).solve().value
    assert 0 < exact < 1  # a real decision problem, not a foregone one
    assert value == pytest.approx(float(exact), abs=1e-12)
    assert game.max_game_length() == longest_game(game.songe_game)


def test_kuhn_poker_passes_openspiel_checks_and_mcts_plays_it(registered) -> None:
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("songe_kuhn_poker")
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=30, serialize=True, verbose=False)
    rng = random.Random(7)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=60,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=None),
                       random_state=None, solve=True)
    total = 0.0
    for _ in range(60):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            elif state.current_player() == 0:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        r = state.returns()
        assert r[0] == -r[1] and abs(r[0]) in (1, 2)
        total += r[0]
    assert total > 0  # MCTS (searching the true state) beats a uniformly random opponent


def test_observation_strings_hide_the_other_card(registered) -> None:
    game = pyspiel.load_game("songe_kuhn_poker")
    state = game.new_initial_state()
    state.apply_action(2)
    state.apply_action(0)
    assert state.observation_string(0) == repr((2, ())) and state.observation_string(1) == repr((0, ()))
    assert list(state.observation_tensor(1))[:3] == [1.0, 0.0, 0.0]


def test_a_game_without_a_codec_is_refused() -> None:
    with pytest.raises(OptionError, match="codec"):
        register("songe_no_codec", lambda p: KuhnPoker(), {})
        pyspiel.load_game("songe_no_codec")
