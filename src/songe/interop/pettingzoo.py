"""Any songe game as a PettingZoo AEC environment (agents take turns), with action masks.

Agents are ``player_0`` … ``player_{n-1}``. Chance events are sampled exactly
from the environment's seeded generator between turns. ``observe(agent)``
is a dict: ``observation``, the game's fixed-size vector for that player
(:mod:`songe.interop.vectors`: a function of what the player may know, so
hidden hands stay hidden), and ``action_mask`` (1 for each legal action id
when it is that agent's turn). Rewards are the game's returns, given at the
end. PettingZoo is optional (the ``songe[rl]`` extra).
"""

from __future__ import annotations

import random
from typing import Any

from songe.engine.explore import sample_outcome
from songe.engine.interface import CHANCE, TERMINAL, Game
from songe.errors import IllegalMoveError
from songe.interop.vectors import ActionCodec, vector_observer

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as exc:  # pragma: no cover - the extra is missing
    from songe.errors import SongeError

    raise SongeError("this needs PettingZoo: pip install 'songe[rl]' (or: pip install pettingzoo)") from exc

BOUND = 2**31 - 1


class SongeAECEnv(AECEnv):
    """Players of one songe game taking turns; ``state`` is the songe state."""

    metadata = {"render_modes": ["ansi"], "name": "songe_aec_v0", "is_parallelizable": False}

    def __init__(self, game: Game, codec: ActionCodec, render_mode: str | None = None) -> None:
        super().__init__()
        self.game, self.codec, self.render_mode = game, codec, render_mode
        size, self._vector = vector_observer(game)
        self.possible_agents = [f"player_{i}" for i in range(game.info.num_players)]
        n = codec.num_distinct_actions
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-BOUND, BOUND, (size,), np.int64),
            "action_mask": spaces.Box(0, 1, (n,), np.int8)}) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = random.Random(0)
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space:
        """The agent's observation: its vector and its action mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action ids of the game's codec."""
        return self.action_spaces[agent]

    def _index(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def _advance(self) -> None:
        while self.game.current_player(self.state) == CHANCE:
            outcome, _ = sample_outcome(self.game.chance_outcomes(self.state), self._rng)
            self.state = self.game.apply(self.state, outcome)
        player = self.game.current_player(self.state)
        if player == TERMINAL:
            returns = self.game.returns(self.state)
            for a in self.agents:
                self.rewards[a] = float(returns[self._index(a)])
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[player]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game, played by chance up to the first turn."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.state = self.game.initial_state()
        self.agent_selection = self.agents[0]
        self._advance()
        self._accumulate_rewards()

    def _mask(self, agent: str) -> Any:
        mask = np.zeros(self.codec.num_distinct_actions, np.int8)
        if self.game.current_player(self.state) == self._index(agent):
            for a in self.game.legal_actions(self.state):
                mask[self.codec.to_spiel(a)] = 1
        return mask

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` may know now, as a vector, with its action mask."""
        return {"observation": np.asarray(self._vector(self.state, self._index(agent)), np.int64),
                "action_mask": self._mask(agent)}

    def step(self, action: Any) -> None:
        """The selected agent plays an action id; chance plays on to the next turn."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        a = int(action)
        legal = self.game.legal_actions(self.state)
        if not 0 <= a < self.codec.num_distinct_actions or self.codec.to_songe(a) not in legal:
            raise IllegalMoveError(f"{agent} cannot take action {a} here; legal ids: "
                                   f"{sorted(self.codec.to_spiel(x) for x in legal)}")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {x: 0.0 for x in self.agents}
        self.state = self.game.apply(self.state, self.codec.to_songe(a))
        self._advance()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The songe state, as text (render mode ``ansi``)."""
        return repr(self.state) if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""
