"""Dread Draw's state, its pending work, its events and the gaps of the text, as frozen records.

Cards nobody has seen are not given an identity until they are revealed: the
deal puts face-down *slots* in the life decks and the draw deck, each tagged
with the shuffle (*source*) it came from, and each source keeps the multiset of
its cards not yet revealed. Revealing a slot is a chance node over that
multiset (count over total). The cards of one shuffle are exchangeable, so
this is exact, and a state holds nothing a player could not know: the game has
perfect information (see :class:`~songe.games.dread_draw.game.DreadDrawGame`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple


class Op(enum.IntEnum):
    """Kinds of pending work; an op is a tuple ``(Op, arg, arg)``, the front of ``State.work`` runs next."""

    FIRST_PLAYER = 0
    """chance: who starts the opening round (the card list's first_player)"""
    TURN = 1
    """the current player's turn begins, if the round goes on: ``(TURN,)``"""
    SUMMON = 2
    """decision: draw or a reserve card: ``(SUMMON, player)``"""
    REVEAL = 3
    """chance: the top slot of the draw deck is revealed for a summon: ``(REVEAL, player)``"""
    USE = 4
    """decision: play an optional ability or not: ``(USE, player, card, ability index)``"""
    CHOOSE = 5
    """decision: the next summoner: ``(CHOOSE, player)``"""
    AFTER_TURN = 6
    """the turn passes, or the round ends: ``(AFTER_TURN,)``"""
    ROUND_END = 7
    """the round is won: damage follows: ``(ROUND_END, winner)``"""
    DAMAGE = 8
    """one opponent takes the winner's damage: ``(DAMAGE, player, amount)``"""
    LIFE_DRAW = 9
    """chance: the top slot of a life deck is drawn for damage: ``(LIFE_DRAW, player, cards left to draw)``"""
    KEEP = 10
    """decision: which drawn life card goes to the reserves: ``(KEEP, player)``"""
    WINNER_DISCARD = 11
    """the winner discards the summoned row: ``(WINNER_DISCARD, winner)``"""
    NEXT_ROUND = 12
    """the game ends, or the winner starts the next round: ``(NEXT_ROUND, winner)``"""
    ELIMINATE = 13
    """a player leaves the round, the row to the discard, Après-Coup abilities follow: ``(ELIMINATE, player)``"""


#: Ops at which the game waits for a decision.
DECISION_OPS = frozenset({Op.SUMMON, Op.USE, Op.CHOOSE, Op.KEEP})
#: Ops at which chance acts.
CHANCE_OPS = frozenset({Op.FIRST_PLAYER, Op.REVEAL, Op.LIFE_DRAW})


class GapKind(enum.Enum):
    """A situation the text does not settle, met in play; the value is its id, ``source`` the spec entry behind it.

    A gap the spec settles by a reading is an event and play goes on; a gap
    where the rules give no move ends the game with that reason.
    """

    FIRST_SUMMON = "first_summon"
    """a summon with no previous card this round (reading first_summon)"""
    NO_CARDS_TO_DRAW = "no_cards_to_draw"
    """a summon from an empty draw deck with an empty discard (reading no_cards_to_draw)"""
    LIFE_GAIN_SHORT = "life_gain_short"
    """a life gain larger than the draw deck (reading life_gain_short)"""
    TURN_CANDIDATES = "turn_candidates"
    """the two readings of 'le joueur ayant la force totale la plus faible' name different players"""
    DAMAGE_EXCEEDS_LIFE = "damage_exceeds_life"
    """more damage than life cards (rule defeat: draw what there is)"""
    RESHUFFLE_WHEN = "reshuffle_when"
    """the draw deck runs out while the discard holds cards (reading reshuffle_when)"""
    CHOICE_AFTER_ROUND = "choice_after_round"
    """a round ends with a player named for the next turn (reading choice_after_round)"""
    EMPTY_LIFE_DEFEAT = "empty_life_defeat"
    """a player eliminated with an empty life deck takes 0 damage (reading empty_life_defeat)"""
    NO_MOVE = "no_move"
    """the turn passes to a player out of the round, who has no move (ends the game)"""
    NO_TERMINATION = "no_termination"
    """the game passed the spec's bound on summons (ends the game)"""

    @property
    def source(self) -> str:
        """Where the spec speaks of it: ``reading ID`` or ``rule ID``."""
        return _SOURCES[self]

    @property
    def ends_game(self) -> bool:
        """Whether the rules give no move there (a terminal with this reason)."""
        return self in (GapKind.NO_MOVE, GapKind.NO_TERMINATION)


_SOURCES = {GapKind.FIRST_SUMMON: "reading first_summon", GapKind.NO_CARDS_TO_DRAW: "reading no_cards_to_draw",
            GapKind.LIFE_GAIN_SHORT: "reading life_gain_short", GapKind.TURN_CANDIDATES: "reading turn_candidates",
            GapKind.DAMAGE_EXCEEDS_LIFE: "rule defeat", GapKind.RESHUFFLE_WHEN: "reading reshuffle_when",
            GapKind.CHOICE_AFTER_ROUND: "reading choice_after_round",
            GapKind.EMPTY_LIFE_DEFEAT: "reading empty_life_defeat", GapKind.NO_MOVE: "rule turn_passing",
            GapKind.NO_TERMINATION: "rule round"}


@dataclass(frozen=True, slots=True)
class End:
    """How a game ended: a winner, or a gap where the rules give no move (then ``winner`` is None)."""

    winner: int | None
    gap: GapKind | None = None

    def __post_init__(self) -> None:
        if (self.winner is None) == (self.gap is None):
            raise ValueError(f"a game ends with a winner or a gap, not {self!r}")


class State(NamedTuple):
    """A whole position (immutable; a named tuple, hashed in C).

    Zones of seen cards are counts per card type (``discard``, ``reserves``,
    ``limbo``: life cards drawn for damage, not yet kept) or sequences
    (``rows``, in summon order). Face-down zones are source tags, bottom
    first (``life``, ``draw``); ``pools[k]`` counts the unrevealed cards of
    source ``k``. ``current`` is -1 before the first player is drawn.
    """

    life: tuple[tuple[int, ...], ...]
    draw: tuple[int, ...]
    pools: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    reserves: tuple[tuple[int, ...], ...]
    rows: tuple[tuple[int, ...], ...]
    limbo: tuple[int, ...]
    in_round: tuple[bool, ...]
    defeated: tuple[bool, ...]
    current: int
    next_choice: int | None
    round: int
    summons: int
    work: tuple[tuple[int, ...], ...]
    end: End | None = None


class EventKind(enum.Enum):
    """What a trace line reports."""

    FIRST_PLAYER = "first_player"
    """the player drawn at random starts (player)"""
    SUMMON = "summon"
    """a card is summoned from the draw deck (player, card, amount: strength)"""
    SUMMON_RESERVE = "summon_reserve"
    """a card is summoned from the reserves (player, card, amount: strength)"""
    FAIL = "fail"
    """a revealed card does not beat the last one: eliminated (player, card, amount: strength)"""
    ELIMINATED = "eliminated"
    """a player leaves the round without a revealed card (player)"""
    RESHUFFLE = "reshuffle"
    """the discard becomes a new draw deck (amount: cards)"""
    ABILITY = "ability"
    """an optional ability is played (player, card, action, amount)"""
    DECLINE = "decline"
    """an optional ability is not played (player, card, action)"""
    CHOOSE_NEXT = "choose_next"
    """the next summoner is named (player, other: the one named)"""
    ROUND_WON = "round_won"
    """a round ends (player: winner, amount: damage, other: players left in the round)"""
    DEFEATED = "defeated"
    """damage with an empty life deck: out of the game (player)"""
    KEEP = "keep"
    """a life card drawn for damage goes to the reserves, the others to the discard (player, card, amount: discarded)"""
    GAME_WON = "game_won"
    """the last player in the game wins (player)"""
    GAP = "gap"
    """a gap of the text is met (gap, detail)"""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened; card names come from the card list, never from code."""

    kind: EventKind
    player: int | None = None
    card: str | None = None
    amount: int | None = None
    other: int | None = None
    action: str | None = None
    gap: GapKind | None = None
    detail: tuple[int, ...] = ()
