"""Réveil's state: zones as per-card counts, and a stack of dreams in resolution.

The unseen deck is a multiset (counts per card type), not an order: an unseen
shuffled deck is exchangeable, so the solver merges every order that reaches
the same position. Cards are referred to by their index in the spec.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple

from songe.engine.interface import Outcome


class Op(enum.IntEnum):
    """Kinds of pending work in a frame; an op is a tuple ``(Op, arg, arg)``."""

    STEP = 0
    """a resolution step: ``(STEP, step index in spec order)``"""
    ROW = 1
    """a card's row, condition checked when run: ``(ROW, card, row)``"""
    ACT = 2
    """a row's action, condition already checked: ``(ACT, card, row)``"""
    DRAW = 3
    """reveal one card for an effect: ``(DRAW, card whose row draws)``"""
    REMOVE = 4
    """remove a random thought from the hand: ``(REMOVE,)``"""
    RELEASE = 5
    """the played thought frees its hand slot: ``(RELEASE,)``"""
    CHECK = 6
    """the defeat check, when delayed after rows: ``(CHECK,)``"""


#: What a frame still has to do, front first.
Ops = tuple[tuple[int, ...], ...]


class Frame(NamedTuple):
    """One dream in resolution, with its own intensity and pending steps.

    A named tuple rather than a dataclass: the solver hashes millions of
    states, and tuple hashing and equality run in C.
    """

    card: int
    intensity: int
    ops: Ops
    thought: int = -1
    holding: bool = False
    ignored: bool = False
    cancelled: bool = False
    extra_loss: int = 0
    lost: int = -1
    origin: int = -1
    snapshot: tuple[int | None, tuple[int, ...]] | tuple[int | None, tuple[int, ...], tuple[int, ...]] | None = None
    """at reveal, when a row reads it then: the previous dream, the discard, and (if a row reads it) the hand"""


class State(NamedTuple):
    """A whole position (immutable; a named tuple for fast hashing, like Frame).

    Card zones are counts indexed like the spec's cards.

    ``previous`` is the printed intensity of the last discarded dream (None
    before the first). ``stack`` holds the dreams in resolution, outermost
    first. ``outcome`` is set once the game is over.
    """

    lucidity: int
    hand: tuple[int, ...]
    unseen: tuple[int, ...]
    discard: tuple[int, ...]
    removed: tuple[int, ...]
    previous: int | None
    stack: tuple[Frame, ...]
    outcome: Outcome | None = None


class EventKind(enum.Enum):
    """What a trace line reports."""

    REVEAL = "reveal"
    """a dream is revealed and starts resolving"""
    TO_HAND = "to_hand"
    """a thought goes to the hand"""
    HAND_FULL = "hand_full"
    """a thought is drawn with the hand full and leaves the game"""
    PLAY = "play"
    """a thought is played against the dream"""
    PASS = "pass"
    """no thought is played against the dream"""
    ROW = "row"
    """a card's row applies"""
    INTENSITY = "intensity"
    """the current intensity changes"""
    SKIP_EFFECT = "skip_effect"
    """the dream's effect is ignored or cancelled"""
    LOSS = "loss"
    """Lucidité lost at the loss step"""
    GAIN = "gain"
    """Lucidité gained"""
    DRAW_NOTHING = "draw_nothing"
    """a draw with an empty deck (or at 0 Lucidité) does nothing"""
    REMOVE = "remove"
    """a thought is removed from the hand at random"""
    DISCARD = "discard"
    """the dream goes to the discard"""
    DEFEAT = "defeat"
    """Lucidité at or below the defeat threshold at the end of a dream"""
    VICTORY = "victory"
    """the deck is empty, all resolved, with enough Lucidité"""
    CHAIN_START = "chain_start"
    """a drawn dream interrupts the one below; detail: that dream's (intensity, thought, steps)"""
    CHAIN_END = "chain_end"
    """a chained dream is done; detail: the interrupted dream's (intensity, thought, steps) now"""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, with the state figures a reader needs."""

    kind: EventKind
    card: str | None
    amount: int | None
    depth: int
    lucidity: int
    detail: tuple | None = None
