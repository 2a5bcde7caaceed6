"""Dread Draw's worked example: the start of a game on the example cards, told move by move.

The text has no card list: the game is played on the synthetic list shipped as
``docs/examples/dread_draw_cards.toml``, and the example's note lists the cards it shows.
Moves the text leaves to the players are taken by a named policy with a seed, so the
example is the same at every run. The seed is the first whose opening shows what a
player must learn and nothing the text leaves unsaid: a round won and its damage, then,
in the next round, a card summoned from the reserves; a Réserve ability used; every card
a different one (no copy read twice as the same card); no Après-Coup ability (its timing
is cut off); no player naming themselves to play next. (Gaps of the text are met at once, by
every first summon of a round: the narration tells the book's answer.)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from pathlib import Path

from songe.engine.explore import Actions, Step, replay
from songe.games.dread_draw.agents import POLICIES
from songe.games.dread_draw.game import DreadDrawGame
from songe.games.dread_draw.narrate import TURN_OPENERS, Narrator, words
from songe.games.dread_draw.state import Event, EventKind, State
from songe.games.worked import WorkedExample
from songe.spec.dread_draw import CardList, DreadDrawSpec, Keyword, load_cards
from songe.spec.sources import spec_dir

#: How many seeds the example tries for an opening that shows everything it should (else the best one seen).
SEEDS = 3000


def example_cards() -> Path:
    """The shipped synthetic card list the example is played on."""
    return spec_dir().parent / "docs" / "examples" / "dread_draw_cards.toml"


class Lessons:
    """What a game's events have shown a reader so far, fed one event at a time: a round won, then a card
    summoned from the reserves in a later round; a successful Escalade (a summon that beats the summoner's
    last card); a tie at the lowest total that includes the player who just played (who then plays again)."""

    def __init__(self, n: int) -> None:
        self.totals, self.rows = [0] * n, [0] * n
        self.out = [False] * n  # out of the round (or of the game)
        self.defeated = [False] * n
        self.shown: set[str] = set()
        self.last: int | None = None  # the player of the last turn this round, unless a card named the next

    def feed(self, e: Event) -> None:
        """Read one event."""
        p = e.player
        if e.kind in TURN_OPENERS and p is not None:
            live = [q for q in range(len(self.totals)) if not self.out[q]]
            low = min((self.totals[q] for q in live), default=0)
            if p == self.last and sum(self.totals[q] == low for q in live) > 1:
                self.shown.add("tie_again")
            self.last = p
        if e.kind in (EventKind.SUMMON, EventKind.SUMMON_RESERVE) and p is not None:
            if self.rows[p]:
                self.shown.add("escalade")
            if e.kind is EventKind.SUMMON_RESERVE and "won" in self.shown:
                self.shown.add("reserve_later")
            self.rows[p] += 1
            self.totals[p] += e.amount or 0
        elif e.kind in (EventKind.FAIL, EventKind.ELIMINATED, EventKind.DEFEATED) and p is not None:
            self.out[p], self.rows[p], self.totals[p] = True, 0, 0
            self.defeated[p] = self.defeated[p] or e.kind is EventKind.DEFEATED
        elif e.kind is EventKind.CHOOSE_NEXT:
            self.last = None
        elif e.kind is EventKind.ROUND_WON:
            self.shown.add("won" if "won" not in self.shown else "won_twice")
            self.rows, self.totals = [0] * len(self.rows), [0] * len(self.totals)
            self.out, self.last = list(self.defeated), None

    @property
    def complete(self) -> bool:
        """Whether everything the example must show has been shown."""
        return {"won", "reserve_later", "escalade", "tie_again"} <= self.shown


def _stopper(n: int, spoils: Callable[[Event], bool] | None) -> Callable[[object, Sequence[Step[State]]], bool]:
    """A replay's ``stop`` that reads each step's events once: it holds once the game has gone far enough
    (everything :class:`Lessons` asks for shown and the turn that showed it over, or a second round won), or,
    with ``spoils`` (fed each event in turn), as soon as the game can no longer make a good example."""
    read, done, shown, lessons = [0], [False], [False], Lessons(n)

    def stop(state: object, steps: Sequence[Step[State]]) -> bool:
        for s in steps[read[0]:]:
            for e in s.events:
                if spoils is not None and spoils(e):
                    done[0] = True
                if shown[0] and e.kind in _CLOSERS:
                    done[0] = True
                lessons.feed(e)
                shown[0] = shown[0] or lessons.complete
                done[0] = done[0] or "won_twice" in lessons.shown
        read[0] = len(steps)
        return done[0]
    return stop


#: Events that close the turn before them.
_CLOSERS = (*TURN_OPENERS, EventKind.ELIMINATED, EventKind.ROUND_WON)
#: How many times the example may show a card again (another copy of a card already met): the note announces
#: it as another copy, but more would blur the example.
REPEATS = 1


def spoiler(cards: CardList) -> Callable[[Event], bool]:
    """Fed a game's events in turn, whether they already fail a part of :func:`score` that later events cannot
    mend (an Après-Coup ability, cards met again more than :data:`REPEATS` times, a player naming themselves):
    the search gives such a seed up early."""
    seen: list[str | None] = []

    def spoils(e: Event) -> bool:
        if e.kind in (EventKind.SUMMON, EventKind.FAIL, EventKind.KEEP):
            seen.append(e.card)
        return (len(seen) - len(set(seen)) > REPEATS or (e.kind is EventKind.CHOOSE_NEXT and e.other == e.player)
                or uses_apres_coup([e], cards))
    return spoils


def opening(game: DreadDrawGame, policy: str, seed: int, spoils: Callable[[Event], bool] | None = None) -> list[Event]:
    """A game's events from its start to the end of the turn in which the last thing :class:`Lessons` asks for
    is shown (else to the end of its second round won, or of what was played); gaps included (the narration
    skips them: it tells the book's answer). ``spoils``: stop as soon as it holds."""
    rng = random.Random(seed)
    (line,) = replay(game, Actions(()), [POLICIES[policy](game, rng)] * game.n, rng=rng,
                     stop=_stopper(game.n, spoils))
    events = [e for step in line.steps for e in step.events]
    lessons = Lessons(game.n)
    for i, e in enumerate(events):
        lessons.feed(e)
        if lessons.complete or "won_twice" in lessons.shown:
            end = next((k for k in range(i + 1, len(events)) if events[k].kind in _CLOSERS), len(events))
            return events[:end] if e.kind is not EventKind.ROUND_WON else events[:i + 1]
    return events


def uses_apres_coup(events: Sequence[Event], cards: CardList) -> bool:
    """Whether an Après-Coup ability is used or declined in these events (a moment the text leaves unknown)."""
    by_name = {c.name: c for c in cards.cards}
    return any(e.kind in (EventKind.ABILITY, EventKind.DECLINE) and e.card in by_name
               and any(a.keyword is Keyword.APRES_COUP and a.action.value == e.action for a in by_name[e.card].abilities)
               for e in events)


def score(events: Sequence[Event], cards: CardList, n: int) -> tuple[bool, ...]:
    """What an opening shows, most needed first: a round won; no Après-Coup ability; a summon from the
    reserves in a later round; a successful Escalade; a tie that includes the player who just played; a
    Réserve ability used; a player who names the next summoner names someone else (naming oneself teaches
    nothing); cards met again (another copy) at most :data:`REPEATS` times."""
    lessons = Lessons(n)
    for e in events:
        lessons.feed(e)
    shown = [e.card for e in events if e.kind in (EventKind.SUMMON, EventKind.FAIL, EventKind.KEEP)]
    reserve_ability = any(e.kind is EventKind.ABILITY and i and events[i - 1].kind is EventKind.KEEP
                          for i, e in enumerate(events))
    return ("won" in lessons.shown, not uses_apres_coup(events, cards), "reserve_later" in lessons.shown,
            "escalade" in lessons.shown, "tie_again" in lessons.shown, reserve_ability,
            not any(e.kind is EventKind.CHOOSE_NEXT and e.other == e.player for e in events),
            len(shown) - len(set(shown)) <= REPEATS)


def round_example(spec: DreadDrawSpec, cards: Path | str | None = None, policy: str = "random") -> WorkedExample:
    """The start of a game on the example cards, told step by step: the first seed whose opening shows all
    :func:`score` asks for (else the best seen, the first of equals)."""
    card_list = load_cards(cards or example_cards(), spec)
    game = DreadDrawGame(spec, card_list)
    found = next((events for seed in range(SEEDS)
                  if all(score(events := opening(game, policy, seed, spoiler(card_list)), card_list, game.n))),
                 None)
    if found is None:  # no seed shows everything: the best one, each played as far as the example goes
        found = max((opening(game, policy, seed) for seed in range(SEEDS)), key=lambda ev: score(ev, card_list, game.n))
    shown = [e for e in found if e.kind is not EventKind.GAP]
    w = words()
    tellers = {code: Narrator(spec, card_list, game.n, code, w) for code in ("fr", "en")}
    lines = tuple((code, t.steps(shown)) for code, t in tellers.items())
    titles = tuple((code, w.get("example.title", code)) for code in ("fr", "en"))
    notes = tuple((code, t.card_note(shown)) for code, t in tellers.items())
    return WorkedExample("manche_exemple", titles, lines, tuple(repr(e) for e in shown), notes)


@functools.lru_cache(maxsize=8)
def worked_examples(spec: DreadDrawSpec) -> tuple[WorkedExample, ...]:
    """The start of a game on the example cards (searched once per spec: the books ask for it in each language)."""
    return (round_example(spec),)
