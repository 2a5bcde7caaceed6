"""The game interface every engine implements (OpenSpiel style).

A state is immutable and always stands at a node: a decision (the player picks
one of ``legal_actions``), a chance event (``chance_outcomes`` lists each
outcome with its exact probability), or a terminal (``returns``). Solvers and
analyses see games only through this interface.
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import Hashable, Protocol, Sequence, TypeVar

S = TypeVar("S", bound=Hashable)


class NodeKind(enum.Enum):
    """What happens at a state."""

    DECISION = "decision"
    """the player chooses an action"""
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


class Game(Protocol[S]):
    """What a solver needs of a game."""

    def initial_state(self) -> S:
        """The state before the first chance event or decision."""

    def node_kind(self, state: S) -> NodeKind:
        """Whether the state is a decision, chance or terminal node."""

    def legal_actions(self, state: S) -> Sequence[int]:
        """The actions of a decision node, in a fixed order (ties are broken by it)."""

    def chance_outcomes(self, state: S) -> Sequence[tuple[int, Fraction]]:
        """The outcomes of a chance node with probabilities summing to 1."""

    def apply(self, state: S, action: int, events: list | None = None) -> S:
        """The next node after an action or outcome (events appended if a list is given)."""

    def returns(self, state: S) -> Fraction:
        """The value of a terminal state (1 for a win, 0 for a loss)."""

    def action_label(self, state: S, action: int) -> str:
        """A readable name for an action or outcome at that state."""
