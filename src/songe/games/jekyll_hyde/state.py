"""Jekyll vs Hyde's immutable state, the observation a player gets, and the event records.

Cards are referred to by their index in the spec's deck (``spec.deck``); a
zone is a sorted tuple of indices, so two states holding the same cards in the
same zones are equal and hash alike. Every card stands in exactly one zone:
the undealt deck, a hand, the set-aside, the table (the card led), or a pile
of won tricks.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple

#: The players, by index (0 moves first where the rules give no order).
JEKYLL, HYDE = 0, 1
SIDES = ("jekyll", "hyde")


class Phase(enum.IntEnum):
    """Where a round stands; the phase says who moves and what the actions mean."""

    DEAL = 0
    """chance: the next undealt card goes to the next hand slot (Jekyll's hand, then Hyde's)"""
    EXCHANGE = 1
    """the round-start exchange: each side picks its cards one at a time, Jekyll first"""
    LEAD = 2
    """the leader plays a card"""
    NAME = 3
    """the leader of a potion names the colour asked"""
    FOLLOW = 4
    """the other side plays a card"""
    GREEN = 5
    """the green potion effect: each side picks the cards it gives, one at a time, Jekyll first"""
    OVER = 6
    """the game is over"""


#: A won trick: (card led, card followed).
Trick = tuple[int, int]


class State(NamedTuple):
    """A whole position (a named tuple: hashing and equality run in C).

    ``picks`` holds the cards each side has chosen so far in a pending
    exchange (they stay in the hand until both sides have chosen, then swap);
    ``must_potion`` is the forced-potion rule per side for the round-start
    exchange; ``given`` the cards each side has given away this round;
    ``steals`` the steals each side still waits for (the deferred reading).
    ``winner`` is set once the game is over.
    """

    round: int
    marker: int
    phase: Phase
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    aside: tuple[int, ...]
    piles: tuple[tuple[Trick, ...], tuple[Trick, ...]]
    ranking: tuple[str, ...]
    leader: int
    lead: int | None = None
    named: str | None = None
    picks: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    must_potion: tuple[bool, bool] = (False, False)
    given: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    steals: tuple[int, int] = (0, 0)
    trick: int = 1
    winner: int | None = None


class Observation(NamedTuple):
    """What one side may know: its own hand and picks, the public table, the cards it gave away.

    Never the other hand, the other side's picks, the set-aside or the deck.
    ``known`` are cards this side gave away that are neither played nor back
    in its hand: they can only be in the other hand.
    """

    player: int
    to_move: int
    round: int
    marker: int
    phase: Phase
    hand: tuple[int, ...]
    picks: tuple[int, ...]
    must_potion: bool
    known: tuple[int, ...]
    other_hand_size: int
    piles: tuple[tuple[Trick, ...], tuple[Trick, ...]]
    ranking: tuple[str, ...]
    leader: int
    lead: int | None
    named: str | None
    trick: int
    steals: tuple[int, int]


# ------------------------------------------------------------------ events


@dataclass(frozen=True)
class Dealt:
    """A card dealt to a side (``side`` None: set aside)."""

    card: str
    side: int | None


@dataclass(frozen=True)
class Gave:
    """Cards a side gave in an exchange (``green``: the green potion's, else the round start's)."""

    side: int
    cards: tuple[str, ...]
    green: bool


@dataclass(frozen=True)
class Led:
    """A card led."""

    side: int
    card: str


@dataclass(frozen=True)
class Named:
    """The colour named with a potion lead (its letter and the spec's name)."""

    side: int
    suit: str
    name: str


@dataclass(frozen=True)
class Followed:
    """A card followed."""

    side: int
    card: str


@dataclass(frozen=True)
class TrickWon:
    """A trick resolved: who won it, the potion effect that fired (by its value), the colour order after."""

    winner: int
    lead: str
    follow: str
    effect: str | None
    ranking_after: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class Stolen:
    """A trick taken from the other side's pile by the violet effect."""

    thief: int
    trick: tuple[str, str]


@dataclass(frozen=True)
class RoundEnded:
    """A round's tricks per side, their difference and where the marker stands now."""

    round: int
    tricks: tuple[int, int]
    difference: int
    marker: int


@dataclass(frozen=True)
class GameEnded:
    """The winner and the final marker."""

    winner: int
    marker: int
