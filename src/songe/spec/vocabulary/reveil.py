"""Réveil's spec vocabulary: the closed words, bounds and rule switches of its format.

Both the loader (:mod:`songe.spec.reveil`, which re-exports every name) and the
declared schema (:mod:`songe.spec.schemas.reveil`) build on this module, so
neither imports the other back.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

# Bounds on what an untrusted spec can ask of the engine and the solver.
MAX_CARD_TYPES = 30
MAX_COPIES = 10
MAX_DECK = 40
MAX_INTENSITY = 20
MAX_LUCIDITY = 100
MAX_HAND = 10
MAX_DRAW = 5
MAX_ROWS = 10


class CardKind(enum.Enum):
    """The two kinds of card."""

    DREAM = "dream"
    """resolved when revealed: thought, effect, loss, discard"""
    THOUGHT = "thought"
    """goes to the hand; played against a dream"""


class Trigger(enum.Enum):
    """When a card's row applies."""

    PLAY = "play"
    """a thought's rows, when it is played against a dream"""
    EFFECT = "effect"
    """a dream's rows, at the effect step (unless ignored or cancelled)"""
    AFTER_LOSS = "after_loss"
    """after the loss step of the dream (the dream's rows and its thought's)"""
    DRAWN_RESOLVED = "drawn_resolved"
    """after a dream drawn by this card's effect has ended its resolution"""


class Timing(enum.Enum):
    """What state a row's condition reads."""

    LIVE = "live"
    """the state as it is when the row applies"""
    REVEAL = "reveal"
    """the discard, previous dream and hand as they were when the dream was revealed (before the thought)"""
    END = "end"
    """the state at the end of the dream, as late as the row can still act: a play or effect row waits until
    just before the dream's loss step (after its own effect and the dreams chained by it)"""


class FlagScope(enum.Enum):
    """Which frames a row's flag (whether a thought was played) looks at."""

    OWN = "own"
    """the dream's own frame: a thought played against this dream"""
    CHAIN = "chain"
    """this dream's frame and those it is chained in: a thought played against a dream that drew it counts too"""


class Verb(enum.Enum):
    """What a row does. The amount's meaning is given per verb."""

    INTENSITY = "intensity"
    """change the current intensity by a signed amount"""
    DRAW = "draw"
    """reveal that many cards from the deck, one at a time (chain dreams resolve)"""
    EXTRA_LOSS = "extra_loss"
    """lose that much more Lucidité at the loss step"""
    GAIN = "gain"
    """gain that much Lucidité now"""
    IGNORE_EFFECT = "ignore_effect"
    """skip the dream's effect step"""
    CANCEL = "cancel"
    """skip the dream's effect and loss steps (it is still discarded)"""
    REMOVE_RANDOM_THOUGHT = "remove_random_thought"
    """remove one thought of the hand from the game, uniformly at random"""


# What each verb does, which amounts it takes, its words and its z3 term are defined
# once, with the verb, in songe.games.reveil.verbs.


class Step(enum.Enum):
    """The steps of resolving one dream."""

    REVEAL = "reveal"
    """set the current intensity to the printed one"""
    THOUGHT = "thought"
    """the player may play one thought"""
    EFFECT = "effect"
    """the dream's own rows"""
    LOSS = "loss"
    """lose Lucidité from the current intensity, capped"""
    DISCARD = "discard"
    """the dream goes to the discard and becomes the previous dream"""
    END = "end"
    """defeat check, and rows waiting for this dream to be resolved"""


class LossCapScope(enum.Enum):
    """What the loss cap limits."""

    INTENSITY = "intensity"
    """only the loss from intensity; extra losses come on top"""
    DREAM = "dream"
    """everything one dream makes you lose"""


class IntensityFloor(enum.Enum):
    """When the current intensity is kept from going below 0."""

    EACH_STEP = "each_step"
    """after every change"""
    NET = "net"
    """changes add up; the floor applies at the loss step"""


class PlayedThought(enum.Enum):
    """Where a played thought is while its rows apply."""

    LEAVES_HAND = "leaves_hand"
    """out of the hand at once: its slot is free"""
    HOLDS_SLOT = "holds_slot"
    """keeps a slot of the hand until its play rows are done"""


class DrawnResolved(enum.Enum):
    """Order of the end-of-resolution defeat check and drawn_resolved rows."""

    AFTER_DEFEAT_CHECK = "after_defeat_check"
    """defeat check first, then the rows"""
    BEFORE_DEFEAT_CHECK = "before_defeat_check"
    """the rows first, then the defeat check"""


class DefeatScope(enum.Enum):
    """Which cards' ends are defeat checks (the text says "une carte")."""

    EVERY_CARD = "every_card"
    """every card, a chained dream included"""
    TURN_CARD = "turn_card"
    """only the card turned at the start of a turn; a chained dream's end is not a check"""


class DefeatCheck(enum.Enum):
    """When Lucidité at or below the defeat threshold ends the game."""

    END_OF_CARD = "end_of_card"
    """at the end of a card's resolution"""
    IMMEDIATE = "immediate"
    """as soon as it happens, at the loss step"""


class Victory(enum.Enum):
    """When the game is won."""

    DECK_EMPTY = "deck_empty"
    """the deck is empty and everything is resolved"""
    LAST_CARD_REACHED = "last_card_reached"
    """as soon as the last card is revealed, with enough Lucidité"""


class FullHand(enum.Enum):
    """What happens to a thought drawn with a full hand."""

    REMOVE_FROM_GAME = "remove_from_game"
    """it leaves the game (the text's rule)"""
    KEEP = "keep"
    """it is kept anyway (a misreading, kept as a proof mutant)"""


class Chain(enum.Enum):
    """Whose intensity a chained dream's changes touch."""

    OWN_INTENSITY = "own_intensity"
    """only the chained dream's own (the text's rule)"""
    SHARED_INTENSITY = "shared_intensity"
    """every dream in resolution (a misreading, kept as a proof mutant)"""


class PreviousDream(enum.Enum):
    """Which dream is the previous dream of a dream."""

    LAST_DISCARDED = "last_discarded"
    """the latest discarded dream when the condition is read"""
    AT_REVEAL = "at_reveal"
    """the latest discarded dream when this dream was revealed"""
    OUTER_FOR_CHAIN = "outer_for_chain"
    """for a chained dream, the dream it was chained from"""
    NEXT_CARD = "next_card"
    """the dream discarded just before, for the next card revealed only (a thought in between clears it)"""


#: Integer names a condition may read, and the triggers where each is defined.
INT_NAMES: dict[str, frozenset[Trigger]] = {
    "intensity": frozenset(Trigger),
    "printed": frozenset(Trigger),
    "hand": frozenset(Trigger),
    "lucidity": frozenset(Trigger),
    "deck": frozenset(Trigger),
    "previous": frozenset(Trigger),
    "lost": frozenset({Trigger.AFTER_LOSS, Trigger.DRAWN_RESOLVED}),
}
#: Names indexed by a card id: copies of that card in a zone.
INDEXED_NAMES = frozenset({"discard", "hand"})
#: A strategy may also read ``deck[card]``: copies of that card still to come (the discard is face up
#: and the deck's list is known, so a player can count them at the table).
STRATEGY_INDEXED_NAMES = INDEXED_NAMES | {"deck"}
#: Yes/no names.
FLAG_NAMES = frozenset({"thought_played"})

_KIND_TRIGGERS = {
    CardKind.DREAM: {Trigger.EFFECT, Trigger.AFTER_LOSS, Trigger.DRAWN_RESOLVED},
    CardKind.THOUGHT: {Trigger.PLAY, Trigger.AFTER_LOSS, Trigger.DRAWN_RESOLVED},
}


@dataclass(frozen=True)
class Rules:
    """The switches of the resolution procedure."""

    loss_cap: int
    loss_cap_scope: LossCapScope
    intensity_floor: IntensityFloor
    played_thought: PlayedThought
    drawn_resolved: DrawnResolved
    previous_dream: PreviousDream
    thoughts_per_dream: int
    defeat_at: int
    stop_drawing_at: int
    victory_min_lucidity: int
    chain: Chain
    full_hand: FullHand
    defeat_check: DefeatCheck
    victory: Victory
    defeat_scope: DefeatScope


class ClaimKind(enum.Enum):
    """Kinds of checkable statement."""

    WIN_PROBABILITY_NEAR = "win_probability_near"
    """the optimal win probability at a level is within a tolerance of a target"""
    LADDER = "ladder"
    """levels listed from easiest to hardest have strictly decreasing win probabilities"""
    COUNTS = "counts"
    """the stated deck totals match the card list"""
