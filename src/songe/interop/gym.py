"""A one-player songe game as a Gymnasium environment, with action masks.

Chance events are sampled exactly (songe's integer sampler, seeded from the
environment's generator), so an agent only ever sees its own decisions. The
observation is a dict: ``observation`` (the game's fixed-size vector, see
:mod:`songe.interop.vectors`) and ``action_mask`` (1 for each legal action
id); the mask is also in ``info``. The reward is the game's return at the
end, 0 before. An action the mask forbids ends the episode with the game's
minimum return and ``info["illegal"]`` set: Gymnasium's checker steps with
random actions, and an illegal move is the agent's loss, not a silent repair.
A game can end before its player's first decision (chance alone decides
it): ``reset`` then shows an all-zero mask, and the next step, whatever
the action, ends the episode with the game's return.
Gymnasium is optional (the ``songe[rl]`` extra).
"""

from __future__ import annotations

import random
from typing import Any

from songe.engine.explore import sample_outcome
from songe.engine.interface import CHANCE, TERMINAL, Game
from songe.errors import OptionError
from songe.interop.vectors import ActionCodec, vector_observer

try:
    import gymnasium
    import numpy as np
except ImportError as exc:  # pragma: no cover - the extra is missing
    from songe.errors import SongeError

    raise SongeError("this needs Gymnasium: pip install 'songe[rl]' (or: pip install gymnasium)") from exc

#: Bound of observation vector entries (Box spaces need one).
BOUND = 2**31 - 1


class SongeEnv(gymnasium.Env):
    """One songe game per episode; ``state`` is the songe state (for songe's own policies)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: Game, codec: ActionCodec, render_mode: str | None = None) -> None:
        if game.info.num_players != 1:
            raise OptionError(f"a Gymnasium environment takes one-player games; this one has "
                              f"{game.info.num_players} (use songe.interop.pettingzoo)")
        self.game, self.codec, self.render_mode = game, codec, render_mode
        size, self._vector = vector_observer(game)
        n = codec.num_distinct_actions
        self.action_space = gymnasium.spaces.Discrete(n)
        self.observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-BOUND, BOUND, (size,), np.int64),
            "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8)})
        self.state: Any = None
        self._ended = False
        self._rng = random.Random(0)

    def _advance(self) -> None:
        """Play chance events until a decision or the end."""
        while self.game.current_player(self.state) == CHANCE:
            outcome, _ = sample_outcome(self.game.chance_outcomes(self.state), self._rng)
            self.state = self.game.apply(self.state, outcome)

    def action_mask(self) -> Any:
        """1 for each legal action id now (all 0 at the end)."""
        mask = np.zeros(self.codec.num_distinct_actions, np.int8)
        if self.game.current_player(self.state) >= 0:
            for a in self.game.legal_actions(self.state):
                mask[self.codec.to_spiel(a)] = 1
        return mask

    def _obs(self) -> dict[str, Any]:
        return {"observation": np.asarray(self._vector(self.state, 0), np.int64), "action_mask": self.action_mask()}

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        """A new game, played by chance up to the first decision (or its end)."""
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(2**63)))
        self.state, self._ended = self.game.initial_state(), False
        self._advance()
        obs = self._obs()
        return obs, {"action_mask": obs["action_mask"]}

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        """Play one action id; chance plays on to the next decision; the reward comes at the end."""
        if self.state is None or self._ended:
            raise RuntimeError("step() after the episode ended: call reset()")
        if self.game.current_player(self.state) == TERMINAL:  # over before any decision: this step reports it
            self._ended = True
            obs = self._obs()
            return obs, float(self.game.returns(self.state)[0]), True, False, {"action_mask": obs["action_mask"]}
        a = int(action)
        legal = self.game.legal_actions(self.state)
        if not 0 <= a < self.codec.num_distinct_actions or self.codec.to_songe(a) not in legal:
            self._ended = True
            obs = self._obs()
            return obs, float(self.game.info.min_return), True, False, {"action_mask": obs["action_mask"],
                                                                         "illegal": True}
        self.state = self.game.apply(self.state, self.codec.to_songe(a))
        self._advance()
        done = self._ended = self.game.current_player(self.state) == TERMINAL
        reward = float(self.game.returns(self.state)[0]) if done else 0.0
        obs = self._obs()
        return obs, reward, done, False, {"action_mask": obs["action_mask"]}

    def render(self) -> str | None:
        """The songe state, as text (render mode ``ansi``)."""
        if self.render_mode == "ansi":
            return repr(self.state)
        return None
