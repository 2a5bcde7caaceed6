"""Jekyll vs Hyde behind the one game interface (:class:`songe.engine.interface.Game`).

Two players, 0 = Jekyll and 1 = Hyde. Every state stands at a node:

- chance (``DEAL``): the deal is explicit, card by card, OpenSpiel-style. Each
  chance node says which undealt card goes to the next slot (Jekyll's hand
  first, then Hyde's), each with probability 1 / (cards left); once both hands
  are full the rest is set aside. Every deal has the same probability.
- decisions, each by the player the rules name:

  - the round-start exchange (``EXCHANGE``): a side gives its cards one at a
    time, in the deck's order (each pick is a card after the previous one), so
    each set of cards is chosen by exactly one sequence; when the side
    received at least ``forced_potion_at`` potions, ``legal_actions`` offers
    only the picks that can still include a potion;
  - the lead (``LEAD``): any card of the leader's hand; a potion lead is
    followed by the leader's naming of a colour (``NAME``, actions
    ``len(deck) + suit index``);
  - the follow (``FOLLOW``): the cards :func:`~songe.games.jekyll_hyde.trick.legal_follows` allows;
  - the green potion's exchange (``GREEN``): picked like the round-start one.

  The text's exchanges are simultaneous and face down. They are modelled as
  sequential decisions, Jekyll first, where Hyde's observation does not show
  Jekyll's picks; the cards swap once both sides have chosen (a stated row of
  docs/guide/audit.rst). What each side sees otherwise (every card played, every
  won trick; the set-aside cards unseen) is the open points won_tricks_seen and
  set_aside_unseen.

Trick resolution, the violet steal (under ``steal_without_trick`` and
``steal_target``), the red reset (``red_reset_scope``) and the green exchange
(``green_shortfall``), the marker, three rounds and Hyde's win exactly
at the track's last space have the semantics of the spec and its switches.
``returns`` is (1, 0) when Jekyll wins and (0, 1) when Hyde wins.

>>> from songe.spec.jekyll_hyde import load
>>> game = JekyllHydeGame(load())
>>> s = game.initial_state()
>>> game.current_player(s) == CHANCE, len(game.chance_outcomes(s))
(True, 25)
"""

from __future__ import annotations

from fractions import Fraction

from songe.engine.interface import CHANCE, TERMINAL, ChanceMode, GameInfo, Information
from songe.errors import IllegalMoveError
from songe.games.jekyll_hyde import vectors
from songe.games.jekyll_hyde.state import (
    HYDE,
    JEKYLL,
    SIDES,
    Dealt,
    Followed,
    GameEnded,
    Gave,
    Led,
    Named,
    Observation,
    Phase,
    RoundEnded,
    State,
    Stolen,
    TrickWon,
)
from songe.games.jekyll_hyde.trick import TrickResult, is_potion, resolve, suit_of, value
from songe.games.jekyll_hyde.trick_rules import may_follow
from songe.spec.jekyll_hyde import (
    Effect,
    ForcedPotionScope,
    GreenShortfall,
    JekyllHydeSpec,
    StealTarget,
    StealWithoutTrick,
)

_WON = {JEKYLL: (Fraction(1), Fraction(0)), HYDE: (Fraction(0), Fraction(1))}
_NONE = (Fraction(0), Fraction(0))
_VERBS = {Phase.DEAL: "deal", Phase.EXCHANGE: "give", Phase.GREEN: "give", Phase.LEAD: "lead",
          Phase.NAME: "name", Phase.FOLLOW: "follow"}


class JekyllHydeGame:
    """One game of Jekyll vs Hyde under a spec (and its readings)."""

    __slots__ = ("spec", "cards", "suits", "potion", "suit", "worth", "_info", "_deck", "_tricks")

    spec: JekyllHydeSpec
    cards: tuple[str, ...]
    suits: tuple[str, ...]
    potion: tuple[bool, ...]
    suit: tuple[str | None, ...]
    worth: tuple[int, ...]

    def __init__(self, spec: JekyllHydeSpec) -> None:
        self.spec = spec
        self.cards = spec.deck
        self.suits = tuple(s.id for s in spec.suits)
        self.potion = tuple(is_potion(c) for c in self.cards)
        self.suit = tuple(suit_of(c) for c in self.cards)
        self.worth = tuple(value(c) for c in self.cards)
        self._deck = tuple(range(len(self.cards)))
        self._tricks: dict[tuple, TrickResult] = {}
        per_round = 2 * spec.hand + 2 * max(spec.exchange_per_round, default=0) + spec.tricks * (
            3 + 2 * spec.green_exchange)
        self._info = GameInfo(2, ChanceMode.EXPLICIT, Information.IMPERFECT,
                              max_game_length=spec.rounds * per_round)

    def __reduce__(self) -> tuple:  # the caches are rebuilt, not pickled
        return (JekyllHydeGame, (self.spec,))

    def __repr__(self) -> str:
        return f"JekyllHydeGame({self.spec.file!r}, readings={dict(self.spec.chosen)!r})"

    # ------------------------------------------------------------ interface

    @property
    def info(self) -> GameInfo:
        """Two players; the deal explicit card by card; hidden hands."""
        return self._info

    def initial_state(self) -> State:
        """Round 1, the marker on the first space, every card undealt."""
        return self._round_start(1, 0)

    def current_player(self, s: State) -> int:
        """The side the phase names, CHANCE while dealing, TERMINAL once over."""
        if s.phase is Phase.OVER:
            return TERMINAL
        if s.phase is Phase.DEAL:
            return CHANCE
        if s.phase is Phase.EXCHANGE or s.phase is Phase.GREEN:
            return JEKYLL if len(s.picks[JEKYLL]) < self.exchange_count(s) else HYDE
        return s.leader if s.phase is not Phase.FOLLOW else 1 - s.leader

    def legal_actions(self, s: State) -> tuple[int, ...]:
        """Card indices (names: ``len(deck)`` + suit index), in the deck's order."""
        phase = s.phase
        if phase is Phase.LEAD:
            return s.hands[s.leader]
        if phase is Phase.NAME:
            return tuple(len(self.cards) + i for i in range(len(self.suits)))
        if phase is Phase.FOLLOW:
            assert s.lead is not None
            return self.follows(s.hands[1 - s.leader], s.lead, s.named)
        if phase is Phase.EXCHANGE or phase is Phase.GREEN:
            return self._picks(s)
        return ()

    def chance_outcomes(self, s: State) -> tuple[tuple[int, Fraction], ...]:
        """Each undealt card, equally likely, for the next slot."""
        if s.phase is not Phase.DEAL:
            return ()
        p = Fraction(1, len(s.deck))
        return tuple((c, p) for c in s.deck)

    def returns(self, s: State) -> tuple[Fraction, Fraction]:
        """(1, 0) if Jekyll won, (0, 1) if Hyde won; (0, 0) before the end."""
        return _WON[s.winner] if s.winner is not None else _NONE

    def observation(self, s: State, player: int) -> Observation:
        """Own hand and picks, the public table, own cards given away and not seen since; nothing hidden."""
        hand = s.hands[player]
        known: tuple[int, ...] = ()
        if s.given[player]:
            played = {c for pile in s.piles for t in pile for c in t}
            if s.lead is not None:
                played.add(s.lead)
            known = tuple(sorted({c for c in s.given[player] if c not in hand and c not in played}))
        return Observation(player, self.current_player(s), s.round, s.marker, s.phase, hand, s.picks[player],
                           s.must_potion[player], known, len(s.hands[1 - player]), s.piles, s.ranking, s.leader,
                           s.lead, s.named, s.trick, s.steals)

    @property
    def observation_size(self) -> int:
        """Length of :meth:`observation_vector` (for OpenSpiel and PettingZoo)."""
        return vectors.observation_size(len(self.cards), len(self.suits))

    def observation_vector(self, s: State, player: int) -> list[int]:
        """The observation as fixed-size integers, built from :meth:`observation` alone."""
        return vectors.encode(self.observation(s, player), len(self.cards), self.suits)

    def action_label(self, s: State, action: int) -> str:
        """'deal O3', 'give G2', 'lead P3', 'name O', 'follow O3'."""
        verb = _VERBS.get(s.phase, "?")
        return f"{verb} {self.action_name(action)}"

    def apply(self, s: State, action: int, events: list | None = None) -> State:
        """The state after an action or a dealt card (what happened is appended to ``events``)."""
        phase = s.phase
        if phase is Phase.OVER:
            raise IllegalMoveError("the game is over")
        if phase is Phase.DEAL:
            if action not in s.deck:
                raise IllegalMoveError(f"card {self.action_name(action)!r} is not left to deal")
            return self._deal(s, action, events)
        if action not in self.legal_actions(s):
            legal = ", ".join(self.action_label(s, a) for a in self.legal_actions(s))
            raise IllegalMoveError(f"{SIDES[self.current_player(s)]} cannot {self.action_label(s, action)!r} here; "
                                   f"legal: {legal}")
        if phase is Phase.LEAD:
            hands = _set(s.hands, s.leader, _without(s.hands[s.leader], action))
            if events is not None:
                events.append(Led(s.leader, self.cards[action]))
            return s._replace(hands=hands, lead=action, phase=Phase.NAME if self.potion[action] else Phase.FOLLOW)
        if phase is Phase.NAME:
            suit = self.suits[action - len(self.cards)]
            if events is not None:
                events.append(Named(s.leader, suit, self.spec.suit(suit).name))
            return s._replace(named=suit, phase=Phase.FOLLOW)
        if phase is Phase.FOLLOW:
            return self._trick(s, action, events)
        side = self.current_player(s)
        picks = _set(s.picks, side, s.picks[side] + (action,))
        if side == JEKYLL or len(picks[HYDE]) < self.exchange_count(s):
            return s._replace(picks=picks)
        return self._swap(s, picks, events)

    # ------------------------------------------------------------ helpers

    def action_name(self, action: int) -> str:
        """The card (or, past the deck, the suit) an action stands for."""
        n = len(self.cards)
        if 0 <= action < n:
            return self.cards[action]
        if n <= action < n + len(self.suits):
            return self.suits[action - n]
        return str(action)

    def parse_action(self, s: State, label: str) -> int:
        """The action a label names at ``s`` ('lead P3', 'name O', or just 'P3'), legal or not."""
        words = label.split()
        if len(words) == 2 and words[0].casefold() in ("deal", "give", "lead", "name", "follow"):
            verb, what = words[0].casefold(), words[1]
            if verb != _VERBS.get(s.phase):
                raise IllegalMoveError(f"move {label!r}: the next move is a {_VERBS.get(s.phase, 'no move')!r}")
        elif len(words) == 1:
            what = words[0]
        else:
            raise IllegalMoveError(f"move {label!r} is not '<verb> <card>' (deal, give, lead, name, follow)")
        what = what.upper()
        if s.phase is Phase.NAME:
            if what not in self.suits:
                raise IllegalMoveError(f"move {label!r}: unknown colour; valid: {', '.join(self.suits)}")
            return len(self.cards) + self.suits.index(what)
        if what not in self.cards:
            raise IllegalMoveError(f"move {label!r}: {what!r} is not a card; cards: {', '.join(self.cards)}")
        return self.cards.index(what)

    def resolve(self, lead: int, follow: int, ranking: tuple[str, ...], named: str | None) -> TrickResult:
        """:func:`~songe.games.jekyll_hyde.trick.resolve` on card indices (remembered: it is pure)."""
        key = (lead, follow, ranking, named)
        out = self._tricks.get(key)
        if out is None:
            out = self._tricks[key] = resolve(self.spec, self.cards[lead], self.cards[follow], ranking, named)
        return out

    def follows(self, hand: tuple[int, ...], lead: int, named: str | None) -> tuple[int, ...]:
        """The cards of ``hand`` that may follow ``lead`` (:func:`~songe.games.jekyll_hyde.trick_rules.may_follow`,
        as :func:`~songe.games.jekyll_hyde.trick.legal_follows` applies it), in the hand's order."""
        potion, suit = self.potion, self.suit
        asked = named if potion[lead] else suit[lead]
        has = any(suit[c] == asked for c in hand)
        return tuple(c for c in hand if may_follow(potion[lead], asked, has, potion[c], suit[c]))  # type: ignore[arg-type]

    def exchange_count(self, s: State) -> int:
        """Cards each side gives in the pending exchange."""
        if s.phase is Phase.EXCHANGE:
            return self.spec.exchange_per_round[s.round - 1]
        return self.green_count(len(s.hands[0]), len(s.hands[1]))

    def green_count(self, jekyll_cards: int, hyde_cards: int) -> int:
        """Cards each side gives in a green exchange from hands of these sizes (reading ``green_shortfall``)."""
        left = min(jekyll_cards, hyde_cards)
        if left < self.spec.green_exchange and self.spec.green_shortfall is GreenShortfall.SKIP:
            return 0
        return min(self.spec.green_exchange, left)

    def green_must_potion(self, hands: tuple[tuple[int, ...], ...]) -> tuple[bool, bool]:
        """Whether each side must give a potion in a green exchange (reading ``forced_potion_scope``)."""
        if self.spec.forced_potion_scope is not ForcedPotionScope.EVERY_EXCHANGE:
            return (False, False)
        return (sum(self.potion[c] for c in hands[0]) >= self.spec.forced_potion_at,
                sum(self.potion[c] for c in hands[1]) >= self.spec.forced_potion_at)

    def _picks(self, s: State) -> tuple[int, ...]:
        side = self.current_player(s)
        count, done = self.exchange_count(s), s.picks[side]
        left = count - len(done) - 1
        need_potion = s.must_potion[side] and not any(self.potion[c] for c in done)
        after = [c for c in s.hands[side] if not done or c > done[-1]]
        out = []
        for i, c in enumerate(after):
            rest = after[i + 1:]
            if len(rest) < left:
                break
            if need_potion and not self.potion[c] and not (left > 0 and any(self.potion[x] for x in rest)):
                continue
            out.append(c)
        return tuple(out)

    def _round_start(self, number: int, marker: int) -> State:
        leader = JEKYLL if marker < self.spec.jekyll_side else HYDE
        return State(number, marker, Phase.DEAL, self._deck, ((), ()), (), ((), ()), (), leader)

    def _deal(self, s: State, card: int, events: list | None) -> State:
        side = JEKYLL if len(s.hands[JEKYLL]) < self.spec.hand else HYDE
        hands = _set(s.hands, side, tuple(sorted(s.hands[side] + (card,))))
        deck = _without(s.deck, card)
        if events is not None:
            events.append(Dealt(self.cards[card], side))
        if len(hands[HYDE]) < self.spec.hand:
            return s._replace(hands=hands, deck=deck)
        if events is not None:
            events.extend(Dealt(self.cards[c], None) for c in deck)
        s = s._replace(hands=hands, deck=(), aside=deck)
        if self.spec.exchange_per_round[s.round - 1] == 0:
            return s._replace(phase=Phase.LEAD)
        must = tuple(sum(self.potion[c] for c in h) >= self.spec.forced_potion_at for h in hands)
        return s._replace(phase=Phase.EXCHANGE, must_potion=must)

    def _swap(self, s: State, picks: tuple[tuple[int, ...], tuple[int, ...]], events: list | None) -> State:
        hands = tuple(tuple(sorted([c for c in s.hands[i] if c not in picks[i]] + list(picks[1 - i])))
                      for i in (0, 1))
        given = (s.given[0] + picks[0], s.given[1] + picks[1])
        green = s.phase is Phase.GREEN
        if events is not None:
            events.extend(Gave(i, tuple(self.cards[c] for c in picks[i]), green) for i in (0, 1))
        s = s._replace(hands=hands, given=given, picks=((), ()), must_potion=(False, False))  # type: ignore[arg-type]
        return self._next_trick(s, events) if green else s._replace(phase=Phase.LEAD)

    def _trick(self, s: State, follow: int, events: list | None) -> State:
        leader, lead = s.leader, s.lead
        assert lead is not None
        hands = _set(s.hands, 1 - leader, _without(s.hands[1 - leader], follow))
        result = self.resolve(lead, follow, s.ranking, s.named)
        winner = leader if result.winner == "lead" else 1 - leader
        if events is not None:
            events.append(Followed(1 - leader, self.cards[follow]))
            events.append(TrickWon(winner, self.cards[lead], self.cards[follow],
                                   result.effect.value if result.effect else None, result.ranking_after,
                                   result.reason))
        steals = list(s.steals)
        if result.effect is Effect.STEAL:
            steals[winner] += 1
        # The effect first (reading potion_timing's adopted order): the winner steals, then gathers the trick over
        # the stolen one; a steal the loser was owed waits for a trick won, so it takes this one once gathered.
        piles, steals = self._steal(s.piles, steals, events, thieves=(winner,))
        piles = _set(piles, winner, piles[winner] + ((lead, follow),))
        piles, steals = self._steal(piles, steals, events, thieves=(1 - winner,))
        s = s._replace(hands=hands, piles=piles, steals=(steals[0], steals[1]), ranking=result.ranking_after,
                       leader=winner, lead=None, named=None, trick=s.trick + 1)
        if result.effect is Effect.EXCHANGE and self.green_count(len(hands[0]), len(hands[1])):
            return s._replace(phase=Phase.GREEN, must_potion=self.green_must_potion(hands))
        return self._next_trick(s, events)

    def _steal(self, piles: tuple, steals: list[int], events: list | None,
               thieves: tuple[int, ...]) -> tuple[tuple, list[int]]:
        deferred = self.spec.steal_without_trick is StealWithoutTrick.DEFERRED
        at = -1 if self.spec.steal_target is StealTarget.LAST else 0
        for thief in thieves:
            while steals[thief] and piles[1 - thief]:
                pile = piles[1 - thief]
                taken = pile[at]
                rest = pile[:-1] if at == -1 else pile[1:]
                piles = _set(_set(piles, 1 - thief, rest), thief, piles[thief] + (taken,))
                steals[thief] -= 1
                if events is not None:
                    events.append(Stolen(thief, (self.cards[taken[0]], self.cards[taken[1]])))
            if not deferred:
                steals[thief] = 0
        return piles, steals

    def _next_trick(self, s: State, events: list | None) -> State:
        if s.trick <= self.spec.tricks:
            return s._replace(phase=Phase.LEAD)
        tricks = (len(s.piles[0]), len(s.piles[1]))
        diff = abs(tricks[0] - tricks[1])
        marker = min(s.marker + diff, self.spec.last_space)  # a larger move stops there (point marker_overshoot)
        if events is not None:
            events.append(RoundEnded(s.round, tricks, diff, marker))
        if marker == self.spec.last_space or s.round == self.spec.rounds:
            winner = HYDE if marker == self.spec.last_space else JEKYLL
            if events is not None:
                events.append(GameEnded(winner, marker))
            return s._replace(marker=marker, phase=Phase.OVER, winner=winner)
        return self._round_start(s.round + 1, marker)


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _set(pair: tuple, i: int, value: object) -> tuple:
    return (value, pair[1]) if i == 0 else (pair[0], value)


def cards_in_zones(s: State) -> list[int]:
    """Every card of the state, zone by zone (the deck, hands, set-aside, table, piles), for conservation checks."""
    out = list(s.deck) + list(s.hands[0]) + list(s.hands[1]) + list(s.aside)
    if s.lead is not None:
        out.append(s.lead)
    return out + [c for pile in s.piles for t in pile for c in t]

