"""Jekyll vs Hyde's spec vocabulary: the closed words, bounds and rule switches of its format.

Both the loader (:mod:`songe.spec.jekyll_hyde`, which re-exports every name) and the
declared schema (:mod:`songe.spec.schemas.jekyll_hyde`) build on this module, so
neither imports the other back.
"""

from __future__ import annotations

import enum

#: The prefix of potion cards in the card notation (O1..E7, P2..P5).
POTION = "P"


class Effect(enum.Enum):
    """What a potion does, keyed by the colour of the other card."""

    STEAL = "steal"
    """the trick's winner steals a trick from the opponent"""
    EXCHANGE = "exchange"
    """both players exchange cards from their hands, simultaneously"""
    RESET = "reset"
    """the colour order is reset"""


class StealWithoutTrick(enum.Enum):
    """A steal when the opponent has no trick."""

    NOTHING = "nothing"
    """nothing happens"""
    DEFERRED = "deferred"
    """the steal waits for the opponent's next trick this round"""


class NamedColourRanks(enum.Enum):
    """Whether a colour named with a potion lead takes its rank."""

    NO = "no"
    """only played Lutte cards rank their colour"""
    YES = "yes"
    """the named colour ranks as if played"""


class StealTarget(enum.Enum):
    """Which of the opponent's tricks a steal takes."""

    LAST = "last"
    """the trick the opponent won most recently"""
    FIRST = "first"
    """the trick the opponent won first this round"""


class RedResetScope(enum.Enum):
    """What the red reset leaves of the colour order."""

    NEXT_CARD = "next_card"
    """nothing: the next Lutte card played ranks weakest"""
    KEEP_TRICK = "keep_trick"
    """the red card of the resetting trick ranks weakest at once"""


class ForcedPotionScope(enum.Enum):
    """Which exchanges the forced-potion rule binds."""

    ROUND_START = "round_start"
    """only the exchange at the start of a round, for a hand dealt that many potions"""
    EVERY_EXCHANGE = "every_exchange"
    """the green potion's exchange too, for a hand holding that many potions when it starts"""


class GreenShortfall(enum.Enum):
    """The green exchange when a hand holds fewer cards than it asks for."""

    WHAT_IS_LEFT = "what_is_left"
    """each side gives as many as it can (1 when one card is left, none when none)"""
    SKIP = "skip"
    """no exchange unless each side can give the full count"""


class PotionColourRanks(enum.Enum):
    """Whether a Lutte card played in a trick with a potion ranks its colour."""

    YES = "yes"
    """it is a Lutte card played: its colour appears"""
    NO = "no"
    """a potion trick ranks no colour"""


class ExpertSpeed(enum.Enum):
    """How the expert match's 'le plus rapidement' is measured when both Hydes reach the last space."""

    ROUNDS = "rounds"
    """fewer rounds played to reach it"""
    NONE = "none"
    """no measure: the match is a tie"""
