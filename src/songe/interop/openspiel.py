"""songe's games as OpenSpiel (pyspiel) Python games.

:func:`register` turns any game behind songe's interface into a pyspiel game
type, so ``pyspiel.load_game("songe_reveil(level=cauchemar)")`` builds it and
OpenSpiel's algorithms and bots play it. :func:`register_family` does it for a
game family's plugin object (its spec loader, set-ups and factory), the way
every family is reached. OpenSpiel numbers a game's actions 0..n-1: an
:class:`ActionCodec` maps songe's action ids to those (a game may give it as
``action_codec()``; else the caller does). Probabilities and returns become
floats at this boundary, as OpenSpiel requires; songe's side stays exact.
OpenSpiel is optional (the ``songe[openspiel]`` extra).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from functools import lru_cache
from typing import Any

from songe.engine.interface import CHANCE, TERMINAL, Game, Information
from songe.errors import OptionError, SongeError
from songe.interop.vectors import ActionCodec

__all__ = ["ActionCodec", "longest_game", "register", "register_family"]

INSTALL_HINT = "pip install 'songe[openspiel]' (or: pip install open_spiel)"


class OpenSpielMissing(SongeError):
    """open_spiel is not installed: the message says how to install it."""


def pyspiel_module() -> Any:
    """pyspiel, or :class:`OpenSpielMissing` saying how to install it."""
    try:
        import pyspiel
    except ImportError:
        raise OpenSpielMissing(f"this needs OpenSpiel (pyspiel), which is not installed: {INSTALL_HINT}") from None
    return pyspiel


def longest_game(game: Game) -> int:
    """The most moves (decisions and chance events) any game can take: a memoized search over every state."""
    from songe.solve.expectimax import deep_recursion

    deep_recursion()
    memo: dict[Hashable, int] = {}

    def depth(s: Hashable) -> int:
        d = memo.get(s)
        if d is None:
            player = game.current_player(s)
            moves = (() if player == TERMINAL else [o for o, _ in game.chance_outcomes(s)] if player == CHANCE
                     else game.legal_actions(s))
            d = memo[s] = max((1 + depth(game.apply(s, a)) for a in moves), default=0)
        return d

    return depth(game.initial_state())


def register(short_name: str, make_game: Callable[[Mapping[str, Any]], Game], parameters: Mapping[str, Any],
             *, codec: Callable[[Game], ActionCodec] | None = None, long_name: str | None = None,
             max_game_length: Callable[[Game], int] | None = None) -> None:
    """Register a pyspiel game type ``short_name`` whose games ``make_game(params)`` builds.

    ``parameters`` are the defaults (OpenSpiel's parameter specification).
    ``codec`` maps the game's actions (default: the game's ``action_codec()``);
    ``max_game_length`` bounds a game's moves (default: the game's own
    ``info.max_game_length``, else :func:`longest_game`, a full walk).
    """
    pyspiel = pyspiel_module()
    sample = make_game(dict(parameters))
    info = sample.info
    chance = pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    perfect = info.information is Information.PERFECT
    has_tensor = hasattr(sample, "observation_vector")
    game_type = pyspiel.GameType(
        short_name=short_name, long_name=long_name or short_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL, chance_mode=chance,
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION if perfect
                     else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        utility=(pyspiel.GameType.Utility.ZERO_SUM if info.zero_sum else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.num_players, min_num_players=info.num_players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=has_tensor,
        parameter_specification=dict(parameters))

    @lru_cache(maxsize=32)
    def built(key: tuple) -> tuple[Game, ActionCodec, Any]:
        game = make_game(dict(key))
        c = codec(game) if codec is not None else _codec_of(game)
        length = (max_game_length(game) if max_game_length is not None
                  else game.info.max_game_length or longest_game(game))
        gi = pyspiel.GameInfo(num_distinct_actions=c.num_distinct_actions,
                              max_chance_outcomes=c.max_chance_outcomes, num_players=game.info.num_players,
                              min_utility=float(game.info.min_return), max_utility=float(game.info.max_return),
                              utility_sum=0.0 if game.info.zero_sum else None, max_game_length=length)
        return game, c, gi

    # pyspiel is a value here (imported on demand), so its classes reach mypy as Any bases.
    spiel_game: Any = pyspiel.Game
    spiel_state: Any = pyspiel.State

    class SongeSpielGame(spiel_game):
        """A songe game seen by OpenSpiel."""

        def __init__(self, params: Mapping[str, Any] | None = None) -> None:
            merged = {**parameters, **(params or {})}
            unknown = sorted(set(merged) - set(parameters))
            if unknown:
                raise OptionError(f"{short_name}: unknown parameter {', '.join(unknown)}; "
                                  f"parameters: {', '.join(parameters)}")
            self._key = tuple(sorted(merged.items()))  # only picklable data on the instance
            super().__init__(game_type, built(self._key)[2], merged)

        @property
        def songe_game(self) -> Game:
            """The songe game this OpenSpiel game plays."""
            return built(self._key)[0]

        @property
        def codec(self) -> ActionCodec:
            """songe's actions ↔ OpenSpiel's ids."""
            return built(self._key)[1]

        def new_initial_state(self) -> SongeSpielState:
            return SongeSpielState(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SongeObserver:
            return SongeObserver(self, iig_obs_type, params)

    SongeSpielGame.__name__ = f"SongeSpielGame_{short_name}"

    class SongeSpielState(spiel_state):
        """A songe state seen by OpenSpiel: the songe state, replaced by each move (songe's apply is pure)."""

        def __init__(self, spiel_game: SongeSpielGame) -> None:
            super().__init__(spiel_game)
            self._key = spiel_game._key
            self.songe_state = self._game.initial_state()

        @property
        def _game(self) -> Game:
            return built(self._key)[0]

        @property
        def _codec(self) -> ActionCodec:
            return built(self._key)[1]

        def current_player(self) -> int:
            p = self._game.current_player(self.songe_state)
            if p == TERMINAL:
                return int(pyspiel.PlayerId.TERMINAL)
            return int(pyspiel.PlayerId.CHANCE) if p == CHANCE else p

        def _legal_actions(self, player: int) -> list[int]:
            return sorted(self._codec.to_spiel(a) for a in self._game.legal_actions(self.songe_state))

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return [(o, float(p)) for o, p in self._game.chance_outcomes(self.songe_state)]

        def _apply_action(self, action: int) -> None:
            songe_action = action if self.is_chance_node() else self._codec.to_songe(action)
            self.songe_state = self._game.apply(self.songe_state, songe_action)

        def _action_to_string(self, player: int, action: int) -> str:
            songe_action = action if player == int(pyspiel.PlayerId.CHANCE) else self._codec.to_songe(action)
            return self._game.action_label(self.songe_state, songe_action)

        def is_terminal(self) -> bool:
            return self._game.current_player(self.songe_state) == TERMINAL

        def returns(self) -> list[float]:
            if not self.is_terminal():
                return [0.0] * self._game.info.num_players
            return [float(r) for r in self._game.returns(self.songe_state)]

        def __str__(self) -> str:
            return repr(self.songe_state)

    class SongeObserver:
        """OpenSpiel's observer: the game's observation (a string) and, if it has one, its vector."""

        def __init__(self, spiel_game: SongeSpielGame, iig_obs_type: Any, params: Any) -> None:
            if params:
                raise ValueError(f"observation parameters are not supported; passed {params!r}")
            import numpy as np

            self._key = spiel_game._key
            size = getattr(spiel_game.songe_game, "observation_size", 0) if has_tensor else 0
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"observation": self.tensor}

        @property
        def _game(self) -> Game:
            return built(self._key)[0]

        def set_from(self, state: SongeSpielState, player: int) -> None:
            if len(self.tensor):
                self.tensor[:] = self._game.observation_vector(state.songe_state, player)  # type: ignore[attr-defined]

        def string_from(self, state: SongeSpielState, player: int) -> str:
            return repr(self._game.observation(state.songe_state, player))

    pyspiel.register_game(game_type, SongeSpielGame)


def _codec_of(game: Game) -> ActionCodec:
    make = getattr(game, "action_codec", None)
    if make is None:
        raise OptionError("OpenSpiel numbers actions 0..n-1: give register() a codec, or the game an action_codec()")
    return make()


def register_family(family: Any, *, codec: Callable[[Game], ActionCodec] | None = None,
                    max_game_length: Callable[[Game], int] | None = None) -> str:
    """Register a family's games as ``songe_<family id>`` with parameters ``level`` (a set-up id) and ``readings``.

    ``family`` is the family's plugin object (``songe.games.plugin.Family``):
    its ``load_spec``, ``setups`` and ``make_game``. ``readings`` is
    ``id:option+id:option`` (OpenSpiel's game strings reserve ``=`` and ``,``).
    Returns the short name.
    """
    from songe.spec.readings import parse_assignments
    from songe.spec.sources import spec_dir

    path = spec_dir() / family.spec_file
    default_spec = family.load_spec(path, {})
    ids = [s.id for s in family.setups(default_spec)]

    def make(params: Mapping[str, Any]) -> Game:
        pairs = (x.replace(":", "=", 1) for x in str(params["readings"]).split("+") if x)
        chosen = parse_assignments(tuple(pairs))
        spec = family.load_spec(path, chosen)
        setups = {s.id: s for s in family.setups(spec)}
        if params["level"] not in setups:
            raise OptionError(f"unknown level {params['level']!r}; levels: {', '.join(setups)}")
        return family.make_game(spec, setups[params["level"]], {})

    name = f"songe_{family.id}"
    register(name, make, {"level": ids[0], "readings": ""}, codec=codec, long_name=f"songe: {family.title}",
             max_game_length=max_game_length)
    return name
