"""Agents for Jekyll vs Hyde, all behind one interface (:class:`~songe.games.jekyll_hyde.game.Agent`).

- ``random``: uniformly random legal play.
- ``greedy``: plays for its goal trick by trick. Jekyll wants the round's trick
  counts even (the marker moves by their difference); Hyde wants them apart.
  So Jekyll wants the trick when he has no more tricks than Hyde, Hyde when he
  has at least as many (``wants_trick``); each plays the cheapest card that
  gets the wanted result, or its cheapest legal card when none does.
- ``search``: determinized sampling. At each lead or follow it samples the
  opponent's hand a few times from the cards it has not seen (keeping cards it
  gave away, if unplayed), plays each legal move out to the end of the round
  with greedy play on both sides, and picks the move with the best average
  outcome for its side (Jekyll: smallest final difference; Hyde: largest).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from songe.errors import OptionError
from songe.games.jekyll_hyde.game import JEKYLL, Round, View, play_round
from songe.games.jekyll_hyde.trick import is_potion, legal_follows, resolve, suit_of, value
from songe.spec.jekyll_hyde import JekyllHydeSpec


def _cheap(card: str) -> tuple[int, int]:
    return (value(card), 1 if is_potion(card) else 0)


def wants_trick(view: View) -> bool:
    """Jekyll wants to win when he has no more tricks than Hyde; Hyde when he has at least as many."""
    mine, theirs = view.tricks[view.side], view.tricks[1 - view.side]
    return mine <= theirs if view.side == JEKYLL else mine >= theirs


def _exchange_pick(hand: tuple[str, ...], count: int, must_potion: bool) -> list[str]:
    order = sorted(hand, key=_cheap)
    if must_potion:
        potion = min((c for c in hand if is_potion(c)), key=_cheap)
        return [potion] + [c for c in order if c != potion][: count - 1]
    return order[:count]


@dataclass
class RandomAgent:
    """Uniformly random legal play."""

    rng: random.Random
    name: str = "random"

    def exchange(self, spec, view, count, must_potion):
        while True:
            give = self.rng.sample(list(view.hand), count)
            if not must_potion or any(is_potion(c) for c in give):
                return give

    def lead(self, spec, view):
        card = self.rng.choice(sorted(view.hand))
        return card, (self.rng.choice([s.id for s in spec.suits]) if is_potion(card) else None)

    def follow(self, spec, view):
        return self.rng.choice(sorted(legal_follows(view.hand, view.lead, view.named)))

    def green(self, spec, view, count):
        return self.rng.sample(sorted(view.hand), count)


@dataclass
class GreedyAgent:
    """Trick-by-trick play for its side's goal (see the module docstring)."""

    rng: random.Random
    name: str = "greedy"

    def exchange(self, spec, view, count, must_potion):
        return _exchange_pick(view.hand, count, must_potion)

    def lead(self, spec, view):
        hand = sorted(view.hand, key=_cheap)
        suits = [s.id for s in spec.suits]
        strength = {s: (view.ranking.index(s) if s in view.ranking else -1) for s in suits}
        if wants_trick(view):
            lutte = [c for c in hand if not is_potion(c)]
            if lutte:
                card = max(lutte, key=lambda c: (strength[suit_of(c)], value(c)))
                return card, None
            card = hand[-1]
        else:
            lutte = [c for c in hand if not is_potion(c)]
            card = min(lutte, key=lambda c: (strength[suit_of(c)], value(c))) if lutte else hand[0]
        if is_potion(card):
            named = min(suits, key=lambda s: sum(1 for c in view.played if suit_of(c) == s))
            return card, named
        return card, None

    def follow(self, spec, view):
        legal = sorted(legal_follows(view.hand, view.lead, view.named), key=_cheap)
        want = wants_trick(view)
        good = [c for c in legal
                if (resolve(spec, view.lead, c, view.ranking, view.named).winner == "follow") == want]
        return (good or legal)[0]

    def green(self, spec, view, count):
        return sorted(view.hand, key=_cheap)[:count]


@dataclass
class SearchAgent:
    """Determinized sampling with greedy play-outs to the end of the round."""

    rng: random.Random
    samples: int = 6
    name: str = "search"
    _greedy: GreedyAgent = field(init=False)

    def __post_init__(self) -> None:
        self._greedy = GreedyAgent(self.rng)

    def exchange(self, spec, view, count, must_potion):
        return self._greedy.exchange(spec, view, count, must_potion)

    def green(self, spec, view, count):
        return self._greedy.green(spec, view, count)

    def lead(self, spec, view):
        suits = [s.id for s in spec.suits]
        moves = [(c, n) for c in sorted(view.hand) for n in (suits if is_potion(c) else [None])]
        return self._best(spec, view, moves, leading=True)

    def follow(self, spec, view):
        moves = [(c, None) for c in sorted(legal_follows(view.hand, view.lead, view.named))]
        return self._best(spec, view, moves, leading=False)[0]

    def _best(self, spec, view, moves, leading):
        if len(moves) == 1:
            return moves[0]
        scores = {m: 0 for m in moves}
        for _ in range(self.samples):
            rnd = self._sample(spec, view)
            for m in moves:
                scores[m] += self._playout(spec, rnd.copy(), view, m, leading)
        return max(moves, key=lambda m: (scores[m], -_cheap(m[0])[0]))

    def _sample(self, spec: JekyllHydeSpec, view: View) -> Round:
        """A full round consistent with what this side knows."""
        side = view.side
        other_size = len(view.hand) - (1 if view.lead is not None else 0)
        known = list(dict.fromkeys(c for c in view.given if c not in view.played and c != view.lead
                                   and c not in view.hand))[:other_size]
        unknown = [c for c in spec.deck if c not in view.hand and c not in view.played and c not in known
                   and c != view.lead]
        self.rng.shuffle(unknown)
        other = known + unknown[: max(0, other_size - len(known))]
        hands = [list(view.hand), other] if side == JEKYLL else [other, list(view.hand)]
        leader = 1 - side if view.lead is not None else side
        if view.lead is not None:
            hands[leader].append(view.lead)
        rnd = Round(spec, hands, [], leader, view.round_number, view.marker, view.ranking,
                    [[("", "")] * view.tricks[0], [("", "")] * view.tricks[1]], played=list(view.played),
                    trick_number=view.trick_number)
        return rnd

    def _playout(self, spec, rnd: Round, view: View, move, leading) -> int:
        greedy = (self._greedy, self._greedy)
        if leading:
            follow = self._greedy.follow(spec, rnd.view(1 - view.side, move[0], move[1]))
            rnd.play_trick(move[0], move[1], follow)
        else:
            if view.lead is None:
                raise ValueError("a follower's playout needs the card led")
            rnd.play_trick(view.lead, view.named, move[0])
        play_round(spec, rnd, greedy)
        diff = abs(len(rnd.piles[0]) - len(rnd.piles[1]))
        return -diff if view.side == JEKYLL else diff


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "search": SearchAgent}


def make_agent(name: str, rng: random.Random):
    """An agent by name, or an error listing the names."""
    if name not in AGENTS:
        raise OptionError(f"unknown agent {name!r}; valid: {', '.join(AGENTS)}")
    return AGENTS[name](rng)

