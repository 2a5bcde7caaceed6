"""When I Dream's spec vocabulary: the closed words, bounds and rule switches of its format.

Both the loader (:mod:`songe.spec.when_i_dream`, which re-exports every name) and the
declared schema (:mod:`songe.spec.schemas.when_i_dream`) build on this module, so
neither imports the other back.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from songe.errors import ExprError

#: Words a score expression or a case condition may use.
BOARD_NAMES = ("yellow", "blue", "most", "least", "diff")
#: The role score that means "by the Sandmen's cases".
SANDMAN = "sandman"
MAX_PLAYERS = 20


class DreamerPass(enum.Enum):
    """What a pass by the dreamer does."""

    BLUE = "blue"
    """the card goes to the blue side (catalogue)"""
    NOT_ALLOWED = "not_allowed"
    """the dreamer cannot pass (the short text has no pass)"""


class EmptyMemoryBonus(enum.Enum):
    """The memory bonus when no card is on the yellow side."""

    NO_BONUS = "no_bonus"
    """nothing to remember, no bonus"""
    BONUS = "bonus"
    """all of nothing was remembered: bonus"""


class SandmanRule(enum.Enum):
    """How the Sandmen score."""

    THREE_CASES = "three_cases"
    """the catalogue's three cases"""
    NONE = "none"
    """no rule (the short text): 0"""


class SandmanEmptyBoard(enum.Enum):
    """The Sandmen's score when both sides of the board are empty (0 yellow, 0 blue)."""

    EQUAL_CASE = "equal_case"
    """0 = 0 is the 'autant' case: 0 points and the bonus of 2"""
    NO_POINTS = "no_points"
    """nothing was compared: 0 points"""


class BlueMentions(enum.Enum):
    """Whether the narration naming a card of the blue side costs the memory bonus."""

    IGNORED = "ignored"
    """only the yellow cards count: naming a blue one costs nothing"""
    COST_BONUS = "cost_bonus"
    """naming a blue card as guessed is a wrong memory: no bonus"""


def board_words(yellow: int, blue: int) -> dict[str, int]:
    """The value of every board word for a board."""
    return {"yellow": yellow, "blue": blue, "most": max(yellow, blue), "least": min(yellow, blue),
            "diff": abs(yellow - blue)}


@dataclass(frozen=True)
class ScoreExpr:
    """A sum of terms, each a board word or a number."""

    terms: tuple[str | int, ...]

    def value(self, yellow: int, blue: int) -> int:
        """The score for a board."""
        words = board_words(yellow, blue)
        return sum(t if isinstance(t, int) else words[t] for t in self.terms)

    def __str__(self) -> str:
        return " + ".join(str(t) for t in self.terms)


def parse_score(text: str) -> ScoreExpr:
    """``"yellow + 2"`` → a :class:`ScoreExpr`; only board words and integers.

    >>> parse_score("yellow + 2").value(3, 3)
    5
    """
    terms: list[str | int] = []
    for part in text.split("+"):
        p = part.strip()
        if re.fullmatch(r"[0-9]{1,3}", p):  # ASCII digits only: "²" or "٣" is not a number here
            terms.append(int(p))
        elif p in BOARD_NAMES:
            terms.append(p)
        else:
            raise ExprError(f"unknown score term {p!r}; valid: {', '.join(BOARD_NAMES)} or a number")
    return ScoreExpr(tuple(terms))
