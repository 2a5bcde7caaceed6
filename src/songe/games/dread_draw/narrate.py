"""Dread Draw's events told as a player's example: one step per turn and per player hit by damage, each saying
what was revealed, why it succeeds or fails, and why the turn passes where it does (the deciding total only);
players are numbered from 1.

The sentences are authored data (``[example]`` of ``spec/rulebook/dread_draw.figures.toml``); this module
only decides which sentence tells which event, and computes what the rules say the reader should check
(the totals, the player the turn passes to, the cards left in a Life Deck). A turn that passes elsewhere than the rules say is an error,
not a sentence: the example and the book must agree.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from songe.games.dread_draw.state import Event, EventKind
from songe.spec import glossary
from songe.spec.book import book_dir
from songe.spec.dread_draw import CardList, CardType, DreadDrawSpec
from songe.spec.words import Words, load_words

#: Events that open a turn: a summon tried by a player.
TURN_OPENERS = frozenset({EventKind.SUMMON, EventKind.SUMMON_RESERVE, EventKind.FAIL})


def words() -> Words:
    """The example's authored sentences."""
    return load_words(book_dir() / "dread_draw.figures.toml")


@dataclass
class _Table:
    """What the reader keeps track of: each player's row this round, who is still in it, who is out, and how
    many cards each Life Deck holds."""

    n: int
    rows: list[list[CardType]]
    in_round: list[bool]
    defeated: list[bool]
    life: list[int]

    def total(self, p: int) -> int:
        return sum(c.strength for c in self.rows[p])

    def new_round(self) -> None:
        """A round starts: every player still in the game is in it, with an empty row."""
        self.rows = [[] for _ in range(self.n)]
        self.in_round = [not d for d in self.defeated]


@dataclass(frozen=True)
class Narrator:
    """Tells a game's events in one language."""

    spec: DreadDrawSpec
    cards: CardList
    n: int
    lang: str
    w: Words

    def card(self, name: str | None) -> CardType:
        return next(c for c in self.cards.cards if c.name == name)

    def name(self, card: CardType | str | None) -> str:
        """A card's name on a page of this language (the words file's English name, if it gives one)."""
        c = card if isinstance(card, CardType) else self.card(card)
        return self.w.term("card", c.id, c.name, self.lang)

    def say(self, key: str, **values: object) -> str:
        """An authored sentence; each card name also comes as ``of_<name>`` and ``than_<name>`` (French:
        « d’Ombre », « de Spectre », « qu’Ombre », « que Spectre »)."""
        ctx = {k: str(v) for k, v in values.items()}
        ctx |= {f"{w}_{k}": _elided(w, ctx[k], self.lang) for k in ("card", "last") if k in ctx for w in ("of", "than")}
        return self.w.get(f"example.{key}", self.lang, ctx)

    def count(self, n: int) -> str:
        return glossary.of(self.spec)["card"].count(n, self.lang, "\u00a0")

    def dots(self, n: int) -> str:
        return self.say("dots" if n == 1 else "dots_many", n=n)

    def top(self, n: int) -> str:
        """« la carte du dessus du Deck de Pioche », « les 2 cartes du dessus… »."""
        return self.say("top_one" if n == 1 else "top_many", n=n)

    def players(self, ps: Sequence[int]) -> str:
        """« 2 et 3 », « 1, 2 et 3 » (numbered from 1)."""
        names = [str(_no(p)) for p in ps]
        return f"{self.say('list_sep').join(names[:-1])}{self.say('list_and')}{names[-1]}" if len(names) > 1 else names[0]

    def left(self, life: int) -> str:
        return self.say("left", life=self.count(life)) if life else self.say("left_none")

    def steps(self, events: Sequence[Event]) -> tuple[str, ...]:
        """The events as numbered steps' texts (a turn, the end of a round), in order."""
        life = self.spec.life_cards
        t = _Table(self.n, [[] for _ in range(self.n)], [True] * self.n, [False] * self.n, [life] * self.n)
        steps: list[list[str]] = []
        named: int | None = None
        current = -1
        for i, e in enumerate(events):
            if e.kind is EventKind.FIRST_PLAYER:
                steps.append([self.say("start", n=self.n, p=_no(e.player))])
            elif e.kind in TURN_OPENERS or (e.kind is EventKind.ELIMINATED and _opens(events, i)):
                won = _won_before(events, i)
                if won is not None:  # the first turn of a new round: the last one's winner discards and starts
                    steps.append([self.say("next_round", p=_no(events[won].player))])
                    t.new_round()
                current, named = _player(e), None
                steps.append([self._summon(e, t)])
            elif e.kind is EventKind.ELIMINATED:
                t.in_round[_player(e)], t.rows[_player(e)] = False, []
            elif e.kind is EventKind.CHOOSE_NEXT:
                named = e.other
                steps[-1].append(self.say("named", o=_no(e.other), t=t.total(_player_of(e.other))))
            elif e.kind in (EventKind.ABILITY, EventKind.DECLINE):
                steps[-1].append(self._ability(e, t))
            elif e.kind is EventKind.RESHUFFLE:
                steps[-1].append(self.say("reshuffle", count=self.count(e.amount or 0)))
            elif e.kind is EventKind.ROUND_WON:
                steps.append([self._won(e, t)])
            elif e.kind is EventKind.KEEP:
                steps.append([self._keep(e, t)])
            elif e.kind is EventKind.DEFEATED:
                t.defeated[_player(e)] = True
                steps.append([self.say("defeated", q=_no(e.player))])
            elif e.kind is EventKind.GAME_WON:
                steps[-1].append(self.say("game_won", p=_no(e.player)))
            nxt = _next_turn(events, i)
            if nxt is not None and current >= 0:
                steps[-1].append(self._passes(t, current, nxt, named))
        won = _won_before(events, len(events))
        if any(e.kind is EventKind.GAME_WON for e in events):
            pass
        elif won is not None:
            steps.append([self.say("next_round", p=_no(events[won].player))])
        elif events and events[-1].kind is not EventKind.ROUND_WON:
            if named is not None:  # the example stops before the named player's turn: who it is was said
                steps[-1].append(self.say("next_named", q=_no(named)))
            steps.append([self.say("goes_on")])
        return tuple(" ".join(s) for s in steps)

    def _summon(self, e: Event, t: _Table) -> str:
        p = _player(e)
        row = t.rows[p]
        if e.kind is EventKind.ELIMINATED:
            t.in_round[p], t.rows[p] = False, []
            return self.say("out", p=_no(p))
        c = self.card(e.card)
        values = {"p": _no(p), "card": self.name(c), "s": c.strength}
        if row:
            values |= {"last": self.name(row[-1]), "ls": row[-1].strength}
        if e.kind is EventKind.FAIL:
            t.in_round[p], t.rows[p] = False, []
            told = self.say("fail" if "last" in values else "fail_first", **values)
            # a card with an ability that was revealed but not summoned: a reader asks whether it plays
            return f"{told} {self.say('unsummoned', **values)}" if c.abilities else told
        row.append(c)
        if e.kind is EventKind.SUMMON_RESERVE:
            return self.say("reserve" if len(row) > 1 else "reserve_first", **values)
        if len(row) > 1:
            return self.say("beats", **values)
        return self.say("first" if self.spec.first_summon == "always_succeeds" else "first_zero", **values)

    def _ability(self, e: Event, t: _Table) -> str:
        c = self.card(e.card)
        keyword = next((a.keyword for a in c.abilities if a.action.value == e.action), None)
        values = {"card": self.name(c), "keyword": self.w.get(f"keyword.{keyword.value}", self.lang) if keyword else ""}
        if e.kind is EventKind.DECLINE:
            return self.say("decline", **values)
        amount = e.amount or 0
        if e.action == "gain_life":
            t.life[_player(e)] += amount
            return self.say("gain_life" if amount == 1 else "gain_life_many", top=self.top(amount),
                            life=self.count(t.life[_player(e)]), **values)
        if e.action == "look_top":
            return self.say("look_top" if amount == 1 else "look_top_many", top=self.top(amount), **values)
        return self.say(str(e.action), **values)

    def _passes(self, t: _Table, p: int, q: int, named: int | None) -> str:
        """Why the turn passes from ``p`` to ``q``: the named player, else the lowest total (ties: ``p``, then
        the next tied player on ``p``'s left), with the total that decides it."""
        if named is not None:
            if named != q:
                raise ValueError(f"the example's turn passes to player {q}, not to player {named}, who was named")
            return self.say("next_named", q=_no(q))
        alive = [r for r in range(self.n) if t.in_round[r]]
        pool = [r for r in range(self.n) if not t.defeated[r]] if self.spec.turn_candidates == "all_players" else alive
        low = min(t.total(r) for r in pool)
        tied = [r for r in pool if t.total(r) == low]
        rule = p if p in tied else next(r for r in ((p + k) % self.n for k in range(1, self.n)) if r in tied)
        if rule != q:
            raise ValueError(f"the example's turn passes to player {q}; the turn rule names player {rule}")
        if len(tied) == 1:
            return self.say("next_again" if q == p else "next_lowest", q=_no(q), t=low)
        return self.say("next_tie_again" if q == p else "next_tie_left", q=_no(q), p=_no(p), t=low,
                        tied=self.players(tied))

    def _won(self, e: Event, t: _Table) -> str:
        p = _player(e)
        row = t.rows[p]
        dmg = e.amount or 0
        damage = glossary.of(self.spec)["damage"].count(dmg, self.lang, "\u00a0")
        if len(row) == 1:
            return self.say("won_one", p=_no(p), card=self.name(row[0]), dots=self.dots(dmg), damage=damage)
        detail = self.say("dot_sep").join(self.say("dot", card=self.name(c), n=c.damage) for c in row)
        return self.say("won", p=_no(p), dots=self.dots(dmg), detail=detail, damage=damage)

    def _keep(self, e: Event, t: _Table) -> str:
        q = _player(e)
        drawn = (e.amount or 0) + 1
        t.life[q] = max(t.life[q] - drawn, 0)
        key = "keep" if drawn == 1 else "keep_two" if drawn == 2 else "keep_many"
        return self.say(key, q=_no(q), count=self.count(drawn), card=self.name(e.card), left=self.left(t.life[q]))

    def card_note(self, events: Sequence[Event]) -> str:
        """The example cards the game shows, each once, in the order they appear: strength, red dots, ability."""
        names = list(dict.fromkeys(e.card for e in events if e.card))
        told = []
        for c in (self.card(name) for name in names):
            values = {"card": self.name(c), "s": c.strength, "dots": self.dots(c.damage)}
            if c.abilities:
                ab = c.abilities[0]
                action = self.w.get(f"action.{ab.action.value}", self.lang,
                                    {"top": self.top(ab.amount), "points": self.say(
                                        "points" if ab.amount == 1 else "points_many", n=ab.amount)})
                told.append(self.say("ability", keyword=self.w.get(f"keyword.{ab.keyword.value}", self.lang),
                                     action=action, **values))
            else:
                told.append(self.say("card", **values))
        met = [e.card for e in events if e.kind in (EventKind.SUMMON, EventKind.FAIL, EventKind.KEEP)]
        again = [self.name(c) for c in dict.fromkeys(c for k, c in enumerate(met) if c in met[:k])]
        note = self.say("cards", cards=self.say("card_sep").join(told))
        return " ".join([note, *(self.say("again", card=c) for c in again)])


#: French words elided before a vowel sound, by the placeholder prefix that asks for them.
_ELIDED = {"of": "de", "than": "que"}


def _elided(prefix: str, name: str, lang: str) -> str:
    """A name after French « de » or « que », elided before a vowel sound; English: the name."""
    if lang != "fr":
        return name
    word = _ELIDED[prefix]
    first = unicodedata.normalize("NFD", name[:1].lower())[:1]
    return f"{word[:-1]}’{name}" if first in "aeiouy" else f"{word} {name}"


def _no(player: int | None) -> int:
    """A player's number as the book prints it (from 1)."""
    assert player is not None
    return player + 1


def _player(e: Event) -> int:
    assert e.player is not None
    return e.player


def _player_of(p: int | None) -> int:
    assert p is not None
    return p


def _won_before(events: Sequence[Event], i: int) -> int | None:
    """The index of the round won since the last turn before event ``i`` (None: no round ended since)."""
    for k in range(i - 1, -1, -1):
        if events[k].kind is EventKind.ROUND_WON:
            return k
        if events[k].kind in TURN_OPENERS or (events[k].kind is EventKind.ELIMINATED and _opens(events, k)):
            return None
    return None


def _opens(events: Sequence[Event], i: int) -> bool:
    """Whether an elimination opens a turn (nothing to summon), rather than following its player's failed summon."""
    before = events[i - 1] if i else None
    return not (before is not None and before.kind is EventKind.FAIL and before.player == events[i].player)


def _next_turn(events: Sequence[Event], i: int) -> int | None:
    """The player of the next turn if event ``i`` closes a turn and another follows in the same round, else None."""
    if i + 1 >= len(events) or events[i].kind is EventKind.FIRST_PLAYER or _won_before(events, i + 1) is not None:
        return None
    e = events[i + 1]
    if e.kind in TURN_OPENERS or (e.kind is EventKind.ELIMINATED and _opens(events, i + 1)):
        return e.player
    return None
