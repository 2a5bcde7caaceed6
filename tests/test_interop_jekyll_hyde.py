"""Jekyll vs Hyde in the engines game-AI users know: a PettingZoo AEC environment and an OpenSpiel game.

The environment's observation vectors come from the game's observation alone;
permuting every card a player cannot see (the other hand, the set-aside, the
undealt deck) must leave that player's vector unchanged, in every position of
played games. OpenSpiel's own random simulation test and an MCTS bot run on
the real game through the adapter.
"""

from __future__ import annotations

import random

import pytest

from songe.engine.interface import TERMINAL
from songe.games.jekyll_hyde.machine import JekyllHydeGame
from songe.games.jekyll_hyde.plugin import FAMILY, load_spec
from songe.interop.vectors import ActionCodec

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from test_jekyll_hyde import _permute_hidden, random_step  # noqa: E402

SPEC = load_spec(None, {})  # the family's loader, which (unlike the Family contract) reads the shipped spec from None


def _standard_game() -> JekyllHydeGame:
    """The family's game of its first set-up (the standard game), typed as the game the vectors belong to."""
    game = FAMILY.game(SPEC)
    assert isinstance(game, JekyllHydeGame)
    return game


GAME = _standard_game()


def codec(game) -> ActionCodec:
    """Cards by index, then one 'name' action per colour; chance deals card indices."""
    n = len(game.cards)
    return ActionCodec(tuple(range(n + len(game.suits))), n)


def test_vectors_hide_what_the_player_cannot_see() -> None:
    rng = random.Random(5)
    seen = 0
    for _ in range(4):
        s = GAME.initial_state()
        while GAME.current_player(s) != TERMINAL:
            for player in (0, 1):
                v = GAME.observation_vector(s, player)
                assert len(v) == GAME.observation_size
                assert GAME.observation_vector(_permute_hidden(GAME, s, player, rng), player) == v
                seen += 1
            s = random_step(GAME, s, rng)
    assert seen > 300


def test_pettingzoo_api_test() -> None:
    from pettingzoo.test import api_test

    from songe.interop.pettingzoo import SongeAECEnv

    api_test(SongeAECEnv(GAME, codec(GAME)), num_cycles=300, verbose_progress=False)


def test_openspiel_random_simulation_and_an_mcts_bot() -> None:
    from open_spiel.python.algorithms import mcts

    from songe.interop.openspiel import register

    if "songe_jekyll_hyde" not in [g.short_name for g in pyspiel.registered_games()]:
        register("songe_jekyll_hyde", lambda p: GAME, {}, codec=codec)
    game = pyspiel.load_game("songe_jekyll_hyde")
    assert game.num_players() == 2
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    rng = random.Random(3)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=6,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=None), random_state=None)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        elif state.current_player() == 1:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert moves > 10 and sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])
