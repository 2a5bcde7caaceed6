"""Dread Draw's spec vocabulary: the closed words, bounds and rule switches of its format.

Both the loader (:mod:`songe.spec.dread_draw`, which re-exports every name) and the
declared schema (:mod:`songe.spec.schemas.dread_draw`) build on this module, so
neither imports the other back.
"""

from __future__ import annotations

import enum

MAX_PLAYERS = 8
MAX_CARD_TYPES = 60
MAX_COPIES = 40
MAX_CARDS = 400


class Keyword(enum.Enum):
    """When an ability is played."""

    INVOCATION = "invocation"
    """when the card is summoned successfully"""
    RESERVE = "reserve"
    """when the card is placed in the reserves"""
    APRES_COUP = "apres_coup"
    """the text is cut off: when the card list's apres_coup_timing says"""


class Action(enum.Enum):
    """What an ability does (the card list's vocabulary)."""

    GAIN_LIFE = "gain_life"
    """put N cards from the draw deck on top of your life deck, unseen"""
    LOOK_TOP = "look_top"
    """look at the top N cards of the draw deck (no change to the state)"""
    CHOOSE_NEXT = "choose_next"
    """you choose the next summoner among the players still in the round (a choice made once the round is over
    lapses: it names no one in the next round)"""


class ApresCoup(enum.Enum):
    """Values a card list may give the hole apres_coup_timing."""

    WHEN_DISCARDED_FROM_ROW = "when_discarded_from_row"
    """when the card leaves your summoned row (elimination or end of round)"""
    NEVER = "never"
    """Après-Coup abilities are not played"""


#: Holes a card list must fill to run a game, and the values each may take.
HOLE_VALUES = {"draw_deck": ("rest",), "first_player": ("uniform",),
               "apres_coup_timing": tuple(x.value for x in ApresCoup)}
