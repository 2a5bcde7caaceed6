"""Fixed-size observations and action ids, which OpenSpiel and learning environments need.

A game may give its own with the optional :class:`VectorObservation`
methods: ``observation_vector(state, player)`` and ``observation_size``.
The vector must be a function of ``observation(state, player)`` alone, so it
reveals nothing the player may not know (the PettingZoo tests check this).
A one-player perfect-information game without them gets its ``features``
in the order of its initial state's features (every state must have the
same keys): it hides nothing, as its observation is the whole state.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from songe.engine.interface import Game, Information
from songe.errors import OptionError


@runtime_checkable
class VectorObservation(Protocol):
    """What a game adds to be observed as fixed-size integer vectors."""

    observation_size: int

    def observation_vector(self, state: Any, player: int) -> Sequence[int]:
        """``observation_size`` integers: what ``player`` may know at ``state``, and nothing else."""


def vector_observer(game: Game) -> tuple[int, Callable[[Hashable, int], list[int]]]:
    """The size of a game's observation vectors and the function that makes them."""
    if isinstance(game, VectorObservation):
        return game.observation_size, lambda s, p: [int(x) for x in game.observation_vector(s, p)]
    features = getattr(game, "features", None)
    if features is None or game.info.information is not Information.PERFECT or game.info.num_players != 1:
        raise OptionError("a learning environment needs fixed-size observations: give the game "
                          "observation_vector(state, player) and observation_size")
    keys = tuple(features(game.initial_state()))

    def vector(s: Hashable, player: int) -> list[int]:
        f = features(s)
        if tuple(f) != keys:
            raise OptionError(f"features change keys between states ({sorted(set(f) ^ set(keys))}): "
                              "they cannot make a fixed-size vector")
        return [int(v) for v in f.values()]

    return len(keys), vector


@dataclass(frozen=True)
class ActionCodec:
    """songe's decision actions in OpenSpiel's order (ids 0..n-1), and the bound on chance outcome ids.

    >>> c = ActionCodec((-1, 0, 1, 2), 11)
    >>> c.to_spiel(-1), c.to_songe(3), c.num_distinct_actions
    (0, 2, 4)
    """

    actions: tuple[int, ...]
    max_chance_outcomes: int
    _index: dict[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(set(self.actions)) != len(self.actions):
            raise ValueError(f"an action is listed twice in {self.actions!r}")
        object.__setattr__(self, "_index", {a: i for i, a in enumerate(self.actions)})

    @property
    def num_distinct_actions(self) -> int:
        return len(self.actions)

    def to_spiel(self, action: int) -> int:
        return self._index[action]

    def to_songe(self, spiel_action: int) -> int:
        return self.actions[spiel_action]
