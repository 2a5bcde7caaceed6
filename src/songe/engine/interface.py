"""The one game interface every family implements, shaped like OpenSpiel's.

A state is immutable and hashable and always stands at a node: a player's
decision (``current_player`` is that player's index and ``legal_actions``
lists the moves), a chance event (``CHANCE``; ``chance_outcomes`` lists each
outcome with its exact probability), or the end (``TERMINAL``; ``returns``
gives one value per player). ``apply`` is pure: it returns the next state and
leaves the given one alone. ``observation`` is what one player may know, and
policies of imperfect-information games see nothing else.

Solvers, the explorer, analyses and the interop adapters see games only
through this interface (and a family's declared capabilities): none of them
imports a game family.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, TypeVar, runtime_checkable

S = TypeVar("S", bound=Hashable)

#: ``current_player`` at a chance node (OpenSpiel's kChancePlayerId).
CHANCE = -1
#: ``current_player`` at a terminal state (OpenSpiel's kTerminalPlayerId).
TERMINAL = -4


class NodeKind(enum.Enum):
    """What happens at a state (derived from ``current_player``)."""

    DECISION = "decision"
    """a player chooses an action"""
    CHANCE = "chance"
    """an outcome is drawn with known probabilities"""
    TERMINAL = "terminal"
    """the game is over; ``returns`` gives the result"""


class Outcome(enum.Enum):
    """How a one-player game ended."""

    WIN = "win"
    """the player won"""
    LOSS = "loss"
    """the player lost"""


class ChanceMode(enum.Enum):
    """How a game's chance events are given (OpenSpiel's ChanceMode)."""

    EXPLICIT = "explicit"
    """every chance node lists its outcomes with exact probabilities: exact solving applies"""
    SAMPLED = "sampled"
    """chance outcomes are listed but too many to explore: games are simulated, not solved"""


class Information(enum.Enum):
    """Whether a player's observation is the whole state."""

    PERFECT = "perfect"
    """every player sees everything that is decided (an unseen shuffled deck is chance, not hidden)"""
    IMPERFECT = "imperfect"
    """some players hold what others may not see (hidden hands)"""


@dataclass(frozen=True)
class GameInfo:
    """What a caller must know about a game before playing or solving it.

    >>> GameInfo(1, ChanceMode.EXPLICIT, Information.PERFECT).num_players
    1
    >>> GameInfo(0, ChanceMode.EXPLICIT, Information.PERFECT)
    Traceback (most recent call last):
    ...
    ValueError: a game has at least one player, got 0
    """

    num_players: int
    chance: ChanceMode
    information: Information
    min_return: Fraction = Fraction(0)
    max_return: Fraction = Fraction(1)
    zero_sum: bool = False
    max_game_length: int | None = None

    def __post_init__(self) -> None:
        if self.num_players < 1:
            raise ValueError(f"a game has at least one player, got {self.num_players!r}")
        if self.min_return > self.max_return:
            raise ValueError(f"min_return {self.min_return!r} exceeds max_return {self.max_return!r}")


@runtime_checkable
class Game(Protocol[S]):
    """What every algorithm needs of a game (the OpenSpiel shape)."""

    @property
    def info(self) -> GameInfo:
        """Players, chance mode and information of this game."""

    def initial_state(self) -> S:
        """The state before the first chance event or decision."""

    def current_player(self, state: S) -> int:
        """The player to move (0-based), or :data:`CHANCE`, or :data:`TERMINAL`."""

    def legal_actions(self, state: S) -> Sequence[int]:
        """The actions of a decision node, in a fixed order (ties are broken by it)."""

    def chance_outcomes(self, state: S) -> Sequence[tuple[int, Fraction]]:
        """The outcomes of a chance node with exact probabilities summing to 1."""

    def apply(self, state: S, action: int, events: list[Any] | None = None) -> S:
        """The next state after an action or outcome (what happened is appended to ``events`` if given)."""

    def returns(self, state: S) -> tuple[Fraction, ...]:
        """One value per player at a terminal state."""

    def observation(self, state: S, player: int) -> Hashable:
        """Exactly what ``player`` may know at ``state``."""

    def action_label(self, state: S, action: int) -> str:
        """A readable name for an action or outcome at that state."""


def node_kind(game: Game[Any], state: Any) -> NodeKind:
    """Decision, chance or terminal, from ``current_player``."""
    player = game.current_player(state)
    if player == CHANCE:
        return NodeKind.CHANCE
    if player == TERMINAL:
        return NodeKind.TERMINAL
    return NodeKind.DECISION


def check_distribution(outcomes: Sequence[tuple[int, Fraction]]) -> None:
    """Raise if chance outcomes are not a probability distribution (for tests and adapters).

    >>> check_distribution([(0, Fraction(1, 3)), (1, Fraction(2, 3))])
    >>> check_distribution([(0, Fraction(1, 3))])
    Traceback (most recent call last):
    ...
    ValueError: chance outcomes sum to 1/3, not 1
    """
    total = sum((p for _, p in outcomes), Fraction(0))
    if total != 1:
        raise ValueError(f"chance outcomes sum to {total}, not 1")
    if any(p <= 0 for _, p in outcomes):
        raise ValueError("a chance outcome has probability <= 0")
    if len({a for a, _ in outcomes}) != len(outcomes):
        raise ValueError("a chance outcome is listed twice")
