"""Policies for Jekyll vs Hyde: each sees only its observation and the legal actions.

- ``random``: a uniformly random legal action at every decision.
- ``greedy``: plays for its goal trick by trick. Jekyll wants the round's trick
  counts even (the marker moves by their difference); Hyde wants them apart.
  So Jekyll wants the trick when he has no more tricks than Hyde, Hyde when he
  has at least as many (:func:`wants_trick`); each plays the cheapest card that
  gets the wanted result, or its cheapest legal card when none does. It gives
  away its cheapest cards (a potion first when the forced-potion rule holds).
- ``search``: determinized sampling. At each lead, colour named or follow it
  samples the other hand a few times from the cards it has not seen (keeping
  the cards it gave away, if unplayed) — a full state built from the
  observation alone — plays each legal move out to the end of the round with
  greedy play on both sides, and picks the move with the best total for its
  side (Jekyll: smallest final difference; Hyde: largest).

A policy is built by a :data:`~songe.games.plugin.PolicyMaker` from the game and
the game's generator, so seeded games repeat.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from songe.engine.explore import Policy
from songe.engine.interface import Game
from songe.errors import OptionError
from songe.games.jekyll_hyde.machine import JekyllHydeGame
from songe.games.jekyll_hyde.state import JEKYLL, Observation, Phase, RoundEnded, State


def wants_trick(obs: Observation) -> bool:
    """Jekyll wants to win when he has no more tricks than Hyde; Hyde when he has at least as many."""
    mine, theirs = len(obs.piles[obs.player]), len(obs.piles[1 - obs.player])
    return mine <= theirs if obs.player == JEKYLL else mine >= theirs


def _jh(game: Game) -> JekyllHydeGame:
    if not isinstance(game, JekyllHydeGame):
        raise OptionError(f"a Jekyll vs Hyde policy needs a Jekyll vs Hyde game, got {type(game).__name__}")
    return game


def random_policy(game: Game, rng: random.Random) -> Policy:
    """A uniformly random legal action."""
    def policy(obs: Hashable, legal: tuple[int, ...]) -> int:
        return rng.choice(legal)
    return policy


class Greedy:
    """Trick-by-trick play for its side's goal (see the module docstring); picklable, deterministic."""

    def __init__(self, game: Game) -> None:
        self.game = _jh(game)

    def cheap(self, card: int) -> tuple[int, int]:
        """Cheapest first: by value, a Lutte card before a potion of the same value."""
        return (self.game.worth[card], int(self.game.potion[card]))

    def __call__(self, obs: Hashable, legal: tuple[int, ...]) -> int:
        assert isinstance(obs, Observation)
        if len(legal) == 1:
            return legal[0]
        phase = obs.phase
        if phase is Phase.EXCHANGE or phase is Phase.GREEN:
            return self.give(obs, legal)
        if phase is Phase.LEAD:
            return self.lead(obs)
        if phase is Phase.NAME:
            return self.name(obs, legal)
        return self.follow(obs, legal)

    def give(self, obs: Observation, legal: tuple[int, ...]) -> int:
        """The next card (in the deck's order) of the cheapest set it can give."""
        g = self.game
        count = self._count(obs)
        order = sorted(obs.hand, key=self.cheap)
        if obs.must_potion:  # the round-start exchange, or a green one under forced_potion_scope
            potion = min((c for c in obs.hand if g.potion[c]), key=self.cheap)
            want = [potion] + [c for c in order if c != potion][: count - 1]
        else:
            want = order[:count]
        todo = sorted(c for c in want if c not in obs.picks)
        return todo[0] if todo and todo[0] in legal else legal[0]

    def _count(self, obs: Observation) -> int:
        g = self.game
        if obs.phase is Phase.EXCHANGE:
            return g.spec.exchange_per_round[obs.round - 1]
        return g.green_count(len(obs.hand), obs.other_hand_size)

    def strength(self, obs: Observation, card: int) -> tuple[int, int]:
        suit = self.game.suit[card]
        return (obs.ranking.index(suit) if suit in obs.ranking else -1, self.game.worth[card])

    def lead(self, obs: Observation) -> int:
        g = self.game
        hand = sorted(obs.hand, key=self.cheap)
        lutte = [c for c in hand if not g.potion[c]]
        if wants_trick(obs):
            return max(lutte, key=lambda c: self.strength(obs, c)) if lutte else hand[-1]
        return min(lutte, key=lambda c: self.strength(obs, c)) if lutte else hand[0]

    def name(self, obs: Observation, legal: tuple[int, ...]) -> int:
        """The colour least played this round."""
        g = self.game
        played = [g.suit[c] for pile in obs.piles for t in pile for c in t]
        return min(legal, key=lambda a: played.count(g.suits[a - len(g.cards)]))

    def follow(self, obs: Observation, legal: tuple[int, ...]) -> int:
        g = self.game
        assert obs.lead is not None
        want = wants_trick(obs)
        ordered = sorted(legal, key=self.cheap)
        good = [c for c in ordered
                if (g.resolve(obs.lead, c, obs.ranking, obs.named).winner == "follow")
                == want]
        return (good or ordered)[0]


def greedy_policy(game: Game, rng: random.Random) -> Policy:
    """The greedy player (deterministic: ``rng`` is not used)."""
    return Greedy(game)


def determinize(game: JekyllHydeGame, obs: Observation, rng: random.Random) -> State:
    """A full state consistent with an observation: the other hand sampled from the unseen cards.

    Built from the observation alone: the cards this side gave away and has not
    seen since are in the other hand; the rest of it is drawn from the cards
    neither in this hand, played, nor known. The set-aside takes what is left.
    """
    me = obs.player
    played = {c for pile in obs.piles for t in pile for c in t} | ({obs.lead} if obs.lead is not None else set())
    known = list(obs.known)
    unseen = [c for c in range(len(game.cards)) if c not in obs.hand and c not in played and c not in known]
    rng.shuffle(unseen)
    take = max(0, obs.other_hand_size - len(known))
    other = tuple(sorted(known + unseen[:take]))
    hands = (obs.hand, other) if me == JEKYLL else (other, obs.hand)
    given = (obs.known, ()) if me == JEKYLL else ((), obs.known)
    return State(obs.round, obs.marker, obs.phase, (), hands, tuple(sorted(unseen[take:])), obs.piles, obs.ranking,
                 obs.leader, obs.lead, obs.named, given=given, trick=obs.trick, steals=obs.steals)


class Search:
    """Determinized sampling with greedy play-outs to the end of the round."""

    def __init__(self, game: Game, rng: random.Random, samples: int = 6) -> None:
        self.game, self.rng, self.samples = _jh(game), rng, samples
        self.greedy = Greedy(game)

    def __call__(self, obs: Hashable, legal: tuple[int, ...]) -> int:
        assert isinstance(obs, Observation)
        if len(legal) == 1 or obs.phase in (Phase.EXCHANGE, Phase.GREEN):
            return self.greedy(obs, legal)
        scores = dict.fromkeys(legal, 0)
        for _ in range(self.samples):
            state = determinize(self.game, obs, self.rng)
            for a in legal:
                scores[a] += self._value(state, a, obs.player)
        return max(legal, key=lambda a: (scores[a], -self.greedy.cheap(a)[0] if a < len(self.game.cards) else 0))

    def _value(self, state: State, action: int, side: int) -> int:
        """The round's final difference after ``action`` and greedy play (negated for Jekyll).

        After a potion lead, the colour named is the one whose play-out scores best.
        """
        g = self.game
        events: list = []
        s = g.apply(state, action, events)
        if s.phase is Phase.NAME:
            return max(self._playout(g.apply(s, n), state.round, side, list(events)) for n in g.legal_actions(s))
        return self._playout(s, state.round, side, events)

    def _playout(self, s: State, number: int, side: int, events: list) -> int:
        g, greedy = self.game, self.greedy
        while s.round == number and s.phase is not Phase.OVER:
            p = g.current_player(s)
            s = g.apply(s, greedy(g.observation(s, p), g.legal_actions(s)), events)
        diff = next(e.difference for e in events if isinstance(e, RoundEnded))
        return -diff if side == JEKYLL else diff


def search_policy(game: Game, rng: random.Random) -> Policy:
    """Determinized sampling (6 samples a decision) with greedy play-outs."""
    return Search(game, rng)


#: The named players (``PolicyMaker(game, rng) -> Policy``).
POLICIES = {"random": random_policy, "greedy": greedy_policy, "search": search_policy}

#: The names the CLI offers (kept for ``songe.cli.jekyll_hyde``).
AGENTS = POLICIES


def make_policy(name: str, game: Game, rng: random.Random) -> Policy:
    """A policy by name, or an error listing the names."""
    if name not in POLICIES:
        raise OptionError(f"unknown agent {name!r}; valid: {', '.join(POLICIES)}")
    return POLICIES[name](game, rng)
