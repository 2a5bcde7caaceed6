"""Dread Draw for 2..N players on a user's card list, under the rules spec's readings.

Every random draw and every decision goes through one :class:`Chooser`, so the
same engine is played by agents with a seeded generator (``songe simulate``)
and explored choice by choice (``songe gaps``). Places where the text does not
settle what happens call :meth:`Game.gap`, which records them and applies the
reading the spec proposes.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

from songe.errors import IllegalMoveError
from songe.spec.dread_draw import Action, ApresCoup, CardList, DreadDrawSpec, Keyword

#: A game longer than this many summons is stopped and reported (termination is not given by the text).
MAX_TURNS = 5000


class Chooser(Protocol):
    """Decides everything: chance (``player`` None, with weights) and every player's choices."""

    def choose(self, kind: str, player: int | None, options: list[Any], game: Game) -> Any:
        """One of ``options``."""


@dataclass
class Gap:
    """A situation the text does not settle (or settles only by a reading), met during a game."""

    id: str
    detail: str
    turn: int


class StuckError(Exception):
    """The rules (under the chosen readings) give no move, or the game does not end.

    ``no_move`` tells the two apart, so callers never read the message.
    """

    def __init__(self, message: str, no_move: bool) -> None:
        super().__init__(message)
        self.no_move = no_move


@dataclass
class Game:
    """One game in play (mutable)."""

    spec: DreadDrawSpec
    cards: CardList
    chooser: Chooser
    life: list[list[int]] = field(default_factory=list)
    reserves: list[list[int]] = field(default_factory=list)
    rows: list[list[int]] = field(default_factory=list)
    in_round: list[bool] = field(default_factory=list)
    defeated: list[bool] = field(default_factory=list)
    draw: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    current: int = 0
    round: int = 0
    turns: int = 0
    gaps: list[Gap] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    next_choice: int | None = None
    limbo: list[int] = field(default_factory=list)
    round_ends: list[int] = field(default_factory=list)
    winner: int | None = None
    """the winner's seat once played to the end (None while playing, or if the game got stuck)"""

    @property
    def n(self) -> int:
        """Number of players."""
        return self.cards.players or 2

    def name(self, card: int) -> str:
        """A card's name."""
        return self.cards.cards[card].name

    def strength(self, card: int) -> int:
        """A card's strength."""
        return self.cards.cards[card].strength

    def gap(self, gap_id: str, detail: str) -> None:
        """Record a gap of the text (the reading named in the spec then decides)."""
        self.gaps.append(Gap(gap_id, detail, self.turns))
        self.log.append(f"GAP {gap_id}: {detail}")

    def zones(self) -> Counter[int]:
        """Every card, wherever it is (for conservation checks)."""
        out: Counter[int] = Counter(self.draw) + Counter(self.discard) + Counter(self.limbo)
        for p in range(self.n):
            out += Counter(self.life[p]) + Counter(self.reserves[p]) + Counter(self.rows[p])
        return out

    # ------------------------------------------------------------ set-up and rounds

    def play(self) -> int:
        """Play to the end; the winner's seat. StuckError if the rules give no move."""
        deck = list(self.cards.deck)
        self.limbo = deck
        self.life, self.reserves, self.rows = [[] for _ in range(self.n)], [[] for _ in range(self.n)], \
            [[] for _ in range(self.n)]
        order = self.chooser.choose("shuffle", None, [deck], self)
        self.limbo = []
        n, life = self.n, self.spec.life_cards
        self.life = [list(order[i * life:(i + 1) * life]) for i in range(n)]
        self.draw = list(order[n * life:])  # hole draw_deck = "rest": the cards not dealt
        self.defeated = [False] * n
        self.current = self.chooser.choose("first_player", None, list(range(n)), self)
        self.log.append(f"player {self.current} starts")
        while True:
            self.round += 1
            self.in_round = [not d for d in self.defeated]
            winner = self._round()
            self.round_ends.append(sum(self.in_round))
            self._damage(winner)
            alive = [p for p in range(n) if not self.defeated[p]]
            if len(alive) == 1:
                self.log.append(f"player {alive[0]} wins the game")
                return alive[0]
            self.current = winner

    def _round(self) -> int:
        while sum(self.in_round) > 1:
            self.turns += 1
            if self.turns > MAX_TURNS:
                self.gap("no_termination", f"more than {MAX_TURNS} summons")
                raise StuckError(f"the game did not end within {MAX_TURNS} summons", no_move=False)
            ended = self._turn(self.current)
            if ended is not None:
                return ended
            if sum(self.in_round) > 1:
                self.current = self._next_player(self.current)
        return self.in_round.index(True)

    # ------------------------------------------------------------ a turn

    def legal(self, p: int) -> list[tuple[str, int | None]]:
        """The summons open to ``p``: the draw deck, or a reserve card strong enough."""
        last = self.strength(self.rows[p][-1]) if self.rows[p] else None
        out: list[tuple[str, int | None]] = [("draw", None)]
        for t in sorted(set(self.reserves[p])):
            if self._beats(self.strength(t), last):
                out.append(("reserve", t))
        return out

    def _beats(self, strength: int, last: int | None) -> bool:
        if last is None:
            return self.spec.first_summon == "always_succeeds" or strength > 0
        return strength > last

    def _turn(self, p: int) -> int | None:
        options = self.legal(p)
        move = self.chooser.choose("summon", p, options, self)
        if move not in options:
            raise IllegalMoveError(f"player {p} cannot summon {move!r}; legal: {options}")
        if not self.rows[p]:
            self.gap("first_summon", f"player {p} summons with no previous card this round")
        if move[0] == "reserve":
            self.reserves[p].remove(move[1])
            self.rows[p].append(move[1])
            self.log.append(f"player {p} summons {self.name(move[1])} from the reserves")
            self._abilities(p, move[1], Keyword.INVOCATION)
            return None
        if not self.draw and self.discard:
            self._reshuffle()
        if not self.draw:
            self.gap("no_cards_to_draw", f"player {p} must draw: the draw deck and the discard are empty")
            if self.spec.void_round:
                for q in range(self.n):
                    if self.in_round[q]:
                        self._eliminate(q)
                return p
            if self.spec.no_cards_to_draw == "round_ends":
                return self._highest(p)
            self._eliminate(p)
            return None
        card = self.draw.pop()
        last = self.strength(self.rows[p][-1]) if self.rows[p] else None
        if self._beats(self.strength(card), last):
            self.rows[p].append(card)
            self.log.append(f"player {p} summons {self.name(card)} ({self.strength(card)})")
            self._abilities(p, card, Keyword.INVOCATION)
        else:
            self.log.append(f"player {p} reveals {self.name(card)} ({self.strength(card)}): eliminated")
            if self.spec.failed_card == "discard":
                self.discard.append(card)
            self._eliminate(p)
        return None

    def _highest(self, p: int) -> int:
        best = max(sum(self.strength(c) for c in self.rows[q]) for q in range(self.n) if self.in_round[q])
        for k in range(self.n):
            q = (p + k) % self.n
            if self.in_round[q] and sum(self.strength(c) for c in self.rows[q]) == best:
                for r in range(self.n):
                    if r != q and self.in_round[r]:
                        self._eliminate(r)
                return q
        raise AssertionError("a player is in the round")

    def _eliminate(self, p: int) -> None:
        self.in_round[p] = False
        row, self.rows[p] = self.rows[p], []
        self.discard += row
        if self.cards.apres_coup is ApresCoup.WHEN_DISCARDED_FROM_ROW:
            for c in row:
                self._abilities(p, c, Keyword.APRES_COUP)

    def _reshuffle(self) -> None:
        pile = sorted(self.discard)
        self.discard, self.limbo = [], pile
        self.draw = list(self.chooser.choose("shuffle", None, [pile], self))
        self.limbo = []
        self.log.append(f"the discard ({len(pile)} cards) is shuffled into a new draw deck")

    def _next_player(self, current: int) -> int:
        """The turn-passing rule; where reading it over all players would differ, a gap is recorded."""
        if self.next_choice is not None:
            nxt, self.next_choice = self.next_choice, None
            return nxt
        literal = self._lowest(current, [q for q in range(self.n) if not self.defeated[q]])
        proposed = self._lowest(current, [q for q in range(self.n) if self.in_round[q]])
        if literal != proposed:
            self.gap("turn_candidates", f"over all players the turn would pass to player {literal}, out of the "
                                        f"round; over players in the round, to player {proposed}")
        nxt = literal if self.spec.turn_candidates == "all_players" else proposed
        if not self.in_round[nxt]:
            raise StuckError(f"the turn passes to player {nxt}, who is out of the round: no move", no_move=True)
        return nxt

    def _lowest(self, current: int, pool: list[int]) -> int:
        totals = {q: sum(self.strength(c) for c in self.rows[q]) for q in pool}
        low = min(totals.values())
        tied = [q for q in pool if totals[q] == low]
        if current in tied:
            return current
        return next((current + k) % self.n for k in range(1, self.n + 1) if (current + k) % self.n in tied)

    # ------------------------------------------------------------ abilities and damage

    def _abilities(self, p: int, card: int, keyword: Keyword) -> None:
        for ab in self.cards.cards[card].abilities:
            if ab.keyword is not keyword:
                continue
            if not self.chooser.choose("use", p, [True, False], self):
                continue
            if ab.action is Action.GAIN_LIFE:
                self._gain_life(p, ab.amount)
            elif ab.action is Action.CHOOSE_NEXT:
                others = [q for q in range(self.n) if self.in_round[q]]
                if others:
                    self.next_choice = self.chooser.choose("choose_next", p, others, self)
            self.log.append(f"player {p} uses {self.name(card)}: {ab.action.value} {ab.amount}")

    def _gain_life(self, p: int, amount: int) -> None:
        if len(self.draw) < amount:
            self.gap("life_gain_short", f"player {p} gains {amount} life with {len(self.draw)} cards in the deck")
            if self.spec.life_gain_short == "reshuffle" and self.discard:
                top = self.draw
                self._reshuffle()
                self.draw = self.draw + top
        for _ in range(min(amount, len(self.draw))):
            self.life[p].append(self.draw.pop())

    def _damage(self, winner: int) -> None:
        dmg = sum(self.cards.cards[c].damage for c in self.rows[winner])
        self.log.append(f"player {winner} wins round {self.round} with {dmg} damage")
        for k in range(1, self.n):
            q = (winner + k) % self.n
            if self.defeated[q] or dmg == 0:
                continue
            if not self.life[q]:
                self.defeated[q] = True
                self.log.append(f"player {q} takes damage with an empty life deck: defeated")
                continue
            if dmg > len(self.life[q]):
                self.gap("damage_exceeds_life", f"player {q} takes {dmg} damage with {len(self.life[q])} life cards "
                                                f"(the text: draw what there is, stay in the game)")
            drawn = [self.life[q].pop() for _ in range(min(dmg, len(self.life[q])))]
            self.limbo = drawn
            keep = self.chooser.choose("keep", q, sorted(set(drawn)), self)
            self.limbo = []
            drawn.remove(keep)
            self.reserves[q].append(keep)
            self.discard += drawn
            self._abilities(q, keep, Keyword.RESERVE)
        row, self.rows[winner] = self.rows[winner], []
        self.discard += row
        if self.cards.apres_coup is ApresCoup.WHEN_DISCARDED_FROM_ROW:
            for c in row:
                self._abilities(winner, c, Keyword.APRES_COUP)


@dataclass
class RandomPlay:
    """Chance from a seeded generator; decisions from per-player agents."""

    rng: random.Random
    agents: list[Any]

    def choose(self, kind: str, player: int | None, options: list[Any], game: Game) -> Any:
        if kind == "shuffle":
            pile = list(options[0])
            self.rng.shuffle(pile)
            return pile
        if player is None:
            return self.rng.choice(options)
        return self.agents[player].decide(kind, player, options, game)
