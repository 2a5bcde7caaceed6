"""Gymnasium and PettingZoo: their checkers pass, songe's optimal policy scores its exact value, hands stay hidden."""

from __future__ import annotations

import math

import numpy as np
import pytest
from kuhn_poker import KuhnPoker

from songe.engine.explore import walk
from songe.errors import OptionError
from songe.games.reveil import PASS, ReveilGame
from songe.interop.vectors import ActionCodec
from songe.solve.expectimax import make_solver
from songe.spec.reveil import load

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from songe.interop.gym import SongeEnv  # noqa: E402
from songe.interop.pettingzoo import SongeAECEnv  # noqa: E402

KUHN_CODEC = ActionCodec((0, 1), 3)


def reveil_env(lucidity: int = 5, hand_limit: int = 2) -> SongeEnv:
    game = ReveilGame(load(), lucidity, hand_limit)
    n = len(game.spec.cards)
    return SongeEnv(game, ActionCodec((PASS, *range(n)), n))


def test_reveil_env_passes_gymnasium_check_env() -> None:
    from gymnasium.utils.env_checker import check_env

    check_env(reveil_env(), skip_render_check=True)


def _episodes(env: SongeEnv, policy, n: int) -> list[float]:
    out = []
    for i in range(n):
        obs, info = env.reset(seed=i)
        done, reward = False, 0.0
        while not done:
            if not obs["action_mask"].any():  # chance alone ended the game: one step reports it
                obs, reward, done, truncated, info = env.step(0)
                assert done
                break
            obs, reward, done, truncated, info = env.step(policy(env, obs))
            assert not info.get("illegal")
        out.append(reward)
    return out


def test_random_and_optimal_agents_play_and_the_optimum_is_within_its_interval() -> None:
    env = reveil_env()
    rng = np.random.default_rng(0)
    random_returns = _episodes(env, lambda e, obs: int(rng.choice(np.flatnonzero(obs["action_mask"]))), 200)
    solver = make_solver(env.game)  # the compiled path (equal to the reference: tests/test_fast.py)
    exact = solver.solve().value
    optimal = _episodes(env, lambda e, obs: e.codec.to_spiel(solver.best(e.state)), 400)
    mean, p = sum(optimal) / len(optimal), float(exact)
    half = 3.29 * math.sqrt(p * (1 - p) / len(optimal))  # 99.9 % normal interval around the exact value
    assert abs(mean - p) <= half, (mean, p, half)
    assert set(random_returns) <= {0.0, 1.0} and sum(random_returns) / 200 < p


def test_an_illegal_action_ends_the_episode_as_a_loss() -> None:
    env = reveil_env()
    seed = 0
    obs, _ = env.reset(seed=seed)
    while not obs["action_mask"].any():
        seed += 1
        obs, _ = env.reset(seed=seed)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert done and reward == 0.0 and info["illegal"]


def test_kuhn_poker_passes_pettingzoo_api_test() -> None:
    from pettingzoo.test import api_test

    api_test(SongeAECEnv(KuhnPoker(), KUHN_CODEC), num_cycles=200, verbose_progress=False)


def test_pettingzoo_games_end_with_zero_sum_rewards() -> None:
    env = SongeAECEnv(KuhnPoker(), KUHN_CODEC)
    rng = np.random.default_rng(1)
    for seed in range(30):
        env.reset(seed=seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            totals[agent] += reward
            env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert sum(totals.values()) == 0 and any(totals.values())


def test_no_observation_reveals_a_card_its_player_may_not_know() -> None:
    """Every state, every player: changing only what the player may not know changes nothing they observe."""
    game = KuhnPoker()
    env = SongeAECEnv(game, KUHN_CODEC)
    states = [n.state for n in walk(game)]
    by_view: dict = {}
    for s in states:
        for p in range(2):
            env.state = s
            seen = env.observe(f"player_{p}")["observation"].tolist()
            mine = (s.cards[p] if len(s.cards) > p else None, s.history)  # what player p knows, from the rules
            by_view.setdefault((p, mine), set()).add(tuple(seen))
            for card in game.hidden(s, p):
                assert not _reveals(seen, card, s, p)
    assert all(len(views) == 1 for views in by_view.values())  # the vector depends on the player's knowledge only
    assert len(by_view) > 2 * 3  # and it does tell apart what they know


def _reveals(vector: list[int], card: int, s, player: int) -> bool:
    """Whether the card one-hot block shows a card other than the player's own."""
    own = s.cards[player] if len(s.cards) > player else None
    return vector[card] == 1 and card != own


def test_gym_refuses_multiplayer_games() -> None:
    with pytest.raises(OptionError, match="PettingZoo|pettingzoo"):
        SongeEnv(KuhnPoker(), KUHN_CODEC)
