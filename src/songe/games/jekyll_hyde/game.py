"""The two-player game: deal, exchange, ten tricks a round, potion effects, the marker, three rounds.

A :class:`Round` holds the hidden hands and is advanced by check/apply pairs
(``can_lead`` / ``lead``, ``can_follow`` / ``follow``): a move that breaks the
rules raises :class:`~songe.errors.IllegalMoveError` saying why. Agents see a
:class:`View` (their own hand and the public table), never the other hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from songe.errors import IllegalMoveError
from songe.games.jekyll_hyde.trick import Ranking, is_potion, legal_follows, resolve
from songe.spec.jekyll_hyde import Effect, JekyllHydeSpec, StealWithoutTrick

JEKYLL, HYDE = 0, 1
SIDES = ("jekyll", "hyde")


@dataclass(frozen=True)
class View:
    """What one player knows when deciding."""

    side: int
    hand: tuple[str, ...]
    ranking: Ranking
    tricks: tuple[int, int]
    trick_number: int
    round_number: int
    marker: int
    played: tuple[str, ...]
    given: tuple[str, ...]
    lead: str | None = None
    named: str | None = None


class Agent(Protocol):
    """A player: every decision of the game, seeing only its :class:`View`."""

    name: str

    def exchange(self, spec: JekyllHydeSpec, view: View, count: int, must_potion: bool) -> list[str]:
        """Cards to give at the start of a round."""

    def lead(self, spec: JekyllHydeSpec, view: View) -> tuple[str, str | None]:
        """The card to lead, and the colour named if it is a potion."""

    def follow(self, spec: JekyllHydeSpec, view: View) -> str:
        """The card to follow with."""

    def green(self, spec: JekyllHydeSpec, view: View, count: int) -> list[str]:
        """Cards to give when a green potion effect fires."""


@dataclass
class Round:
    """One round in play (mutable; ``copy`` gives an independent one for search)."""

    spec: JekyllHydeSpec
    hands: list[list[str]]
    aside: list[str]
    leader: int
    round_number: int
    marker: int
    ranking: Ranking = ()
    piles: list[list[tuple[str, str]]] = field(default_factory=lambda: [[], []])
    pending_steal: list[int] = field(default_factory=lambda: [0, 0])
    played: list[str] = field(default_factory=list)
    given: list[list[str]] = field(default_factory=lambda: [[], []])
    trick_number: int = 1
    effects: dict[str, int] = field(default_factory=dict)

    def copy(self) -> Round:
        """An independent copy (for a search that plays ahead)."""
        return Round(self.spec, [list(h) for h in self.hands], list(self.aside), self.leader, self.round_number,
                     self.marker, self.ranking, [list(p) for p in self.piles], list(self.pending_steal),
                     list(self.played), [list(g) for g in self.given], self.trick_number, dict(self.effects))

    def view(self, side: int, lead: str | None = None, named: str | None = None) -> View:
        """What ``side`` sees."""
        return View(side, tuple(self.hands[side]), self.ranking, (len(self.piles[0]), len(self.piles[1])),
                    self.trick_number, self.round_number, self.marker, tuple(self.played),
                    tuple(c for c in self.given[side] if c not in self.played), lead, named)

    @property
    def over(self) -> bool:
        """Whether all tricks of the round are played."""
        return self.trick_number > self.spec.tricks

    def can_lead(self, card: str, named: str | None) -> str | None:
        """Why the leader may not lead this (None: it may)."""
        if card not in self.hands[self.leader]:
            return f"{card!r} is not in {SIDES[self.leader]}'s hand"
        if is_potion(card) and named not in [s.id for s in self.spec.suits]:
            return f"a potion lead names a colour ({', '.join(s.id for s in self.spec.suits)}), got {named!r}"
        if not is_potion(card) and named is not None:
            return f"a colour is named only with a potion lead, not with {card!r}"
        return None

    def can_follow(self, lead: str, named: str | None, card: str) -> str | None:
        """Why the follower may not play this (None: it may)."""
        hand = self.hands[1 - self.leader]
        if card not in hand:
            return f"{card!r} is not in {SIDES[1 - self.leader]}'s hand"
        legal = legal_follows(hand, lead, named)
        if card not in legal:
            asked = named if is_potion(lead) else lead[0]
            return (f"{card!r} does not follow: colour {asked!r} was asked and the hand has it; "
                    f"legal: {', '.join(legal)}")
        return None

    def play_trick(self, lead: str, named: str | None, follow: str,
                   green: Callable[[Round, int], tuple[list[str], list[str]]] | None = None,
                   ) -> tuple[int, Effect | None]:
        """Play one trick; if an exchange effect fires, ``green(round, count)`` gives each side's cards
        (default: each side's weakest)."""
        why = self.can_lead(lead, named) or self.can_follow(lead, named, follow)
        if why:
            raise IllegalMoveError(why)
        leader = self.leader
        self.hands[leader].remove(lead)
        self.hands[1 - leader].remove(follow)
        self.played += [lead, follow]
        result = resolve(self.spec, lead, follow, self.ranking, named)
        winner = leader if result.winner == "lead" else 1 - leader
        if result.effect is Effect.EXCHANGE:
            k = self.green_count()
            self._exchange(green(self, k) if green and k else None)
        self.piles[winner].append((lead, follow) if winner == leader else (follow, lead))
        if result.effect is Effect.STEAL:
            self.pending_steal[winner] += 1
        self._steal()
        if result.effect is not None:
            self.effects[result.effect.value] = self.effects.get(result.effect.value, 0) + 1
        self.ranking = result.ranking_after
        self.leader = winner
        self.trick_number += 1
        return winner, result.effect

    def green_count(self) -> int:
        """Cards each side gives when a green effect fires now (2, or 1 with a single card left)."""
        return min(self.spec.green_exchange, len(self.hands[0]), len(self.hands[1]))

    def _exchange(self, green: tuple[list[str], list[str]] | None) -> None:
        """Both sides give ``k`` cards at once (the green potion effect)."""
        k = self.green_count()
        if k == 0:
            return
        picks = green or tuple(sorted(h, key=_weak)[:k] for h in self.hands)
        for side in (0, 1):
            if len(picks[side]) != k or not all(c in self.hands[side] for c in picks[side]):
                raise IllegalMoveError(f"{SIDES[side]} must give {k} cards of its hand, got {picks[side]}")
        self.swap(picks)

    def swap(self, picks: Sequence[Sequence[str]]) -> None:
        """Both sides give the picked cards at once, face down (checked by the caller)."""
        for side in (0, 1):
            for c in picks[side]:
                self.hands[side].remove(c)
        for side in (0, 1):
            self.hands[side] += picks[1 - side]
            self.given[side] += picks[side]

    def _steal(self) -> None:
        deferred = self.spec.steal_without_trick is StealWithoutTrick.DEFERRED
        for thief in (0, 1):
            while self.pending_steal[thief] and self.piles[1 - thief]:
                self.piles[thief].append(self.piles[1 - thief].pop())
                self.pending_steal[thief] -= 1
            if not deferred:
                self.pending_steal[thief] = 0


def _weak(card: str) -> tuple[int, int]:
    return (int(card[1:]), 1 if is_potion(card) else 0)


@dataclass(frozen=True)
class GameResult:
    """How one game went."""

    hyde_won: bool
    marker: int
    rounds_played: int
    trick_differences: tuple[int, ...]
    effects: dict[str, int]


def deal_round(spec: JekyllHydeSpec, rng: random.Random, round_number: int, marker: int) -> Round:
    """Shuffle all cards and deal two hands and the set-aside; the marker decides who leads."""
    deck = list(spec.deck)
    rng.shuffle(deck)
    h = spec.hand
    leader = JEKYLL if marker < spec.jekyll_side else HYDE
    return Round(spec, [deck[:h], deck[h:2 * h]], deck[2 * h:], leader, round_number, marker)


def exchange(spec: JekyllHydeSpec, rnd: Round, agents: tuple[Agent, Agent]) -> None:
    """The simultaneous face-down exchange at the start of a round (with the forced potion rule)."""
    count = spec.exchange_per_round[rnd.round_number - 1]
    picks = []
    for side in (0, 1):
        hand = rnd.hands[side]
        must = sum(1 for c in hand if is_potion(c)) >= spec.forced_potion_at
        give = agents[side].exchange(spec, rnd.view(side), count, must)
        if len(give) != count or len(set(give)) != count or not all(c in hand for c in give):
            raise IllegalMoveError(f"{agents[side].name} must give {count} distinct cards of its hand, got {give}")
        if must and not any(is_potion(c) for c in give):
            raise IllegalMoveError(f"{agents[side].name} received {spec.forced_potion_at}+ potions: "
                                   f"the exchange must include one, got {give}")
        picks.append(give)
    rnd.swap(picks)


def play_round(spec: JekyllHydeSpec, rnd: Round, agents: tuple[Agent, Agent]) -> None:
    """Play the tricks of a round to the end, agents deciding."""
    while not rnd.over:
        leader = rnd.leader
        lead, named = agents[leader].lead(spec, rnd.view(leader))
        follow = agents[1 - leader].follow(spec, rnd.view(1 - leader, lead, named))
        rnd.play_trick(lead, named, follow,
                       lambda r, k: (agents[0].green(spec, r.view(0), k), agents[1].green(spec, r.view(1), k)))


def play_game(spec: JekyllHydeSpec, agents: tuple[Agent, Agent], rng: random.Random) -> GameResult:
    """A whole game: rounds until Hyde reaches the last space or the rounds run out."""
    marker = 0
    diffs = []
    effects: dict[str, int] = {}
    for number in range(1, spec.rounds + 1):
        rnd = deal_round(spec, rng, number, marker)
        exchange(spec, rnd, agents)
        play_round(spec, rnd, agents)
        diff = abs(len(rnd.piles[0]) - len(rnd.piles[1]))
        diffs.append(diff)
        for k, v in rnd.effects.items():
            effects[k] = effects.get(k, 0) + v
        marker = min(marker + diff, spec.last_space)
        if marker == spec.last_space:
            return GameResult(True, marker, number, tuple(diffs), effects)
    return GameResult(False, marker, spec.rounds, tuple(diffs), effects)
