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


def _stopper(spoils: Callable[[Event], bool] | None) -> Callable[[object, Sequence[Step[State]]], bool]:
    """A replay's ``stop`` that reads each step's events once: it holds once the game has gone far enough (a
    round won, then a summon from the reserves and the next turn, or a second round won), or, with ``spoils``
    (fed each event in turn), as soon as the game can no longer make a good example."""
    read, phase, done = [0], [0], [False]  # phase: 0 before a round is won, 1 after, 2 after a reserve summon

    def stop(state: object, steps: Sequence[Step[State]]) -> bool:
        for s in steps[read[0]:]:
            for e in s.events:
                if spoils is not None and spoils(e):
                    done[0] = True
                if e.kind is EventKind.ROUND_WON:
                    done[0] = done[0] or phase[0] > 0
                    phase[0] = max(phase[0], 1)
                elif e.kind is EventKind.SUMMON_RESERVE and phase[0] == 1:
                    phase[0] = 2
                elif phase[0] == 2 and (e.kind in TURN_OPENERS or e.kind is EventKind.ELIMINATED):
                    done[0] = True
        read[0] = len(steps)
        return done[0]
    return stop


def spoiler(cards: CardList) -> Callable[[Event], bool]:
    """Fed a game's events in turn, whether they already fail a part of :func:`score` that later events cannot
    mend (an Après-Coup ability, a card met twice, a player naming themselves): the search gives such a
    seed up early."""
    seen: set[str | None] = set()

    def spoils(e: Event) -> bool:
        if e.kind in (EventKind.SUMMON, EventKind.FAIL, EventKind.KEEP):
            if e.card in seen:
                return True
            seen.add(e.card)
        return (e.kind is EventKind.CHOOSE_NEXT and e.other == e.player) or uses_apres_coup([e], cards)
    return spoils


def opening(game: DreadDrawGame, policy: str, seed: int, spoils: Callable[[Event], bool] | None = None) -> list[Event]:
    """A game's events from its start through its first round's damage and, in the next round, to the end of
    the first turn that summons from the reserves (to the end of that round if none does); gaps included
    (the narration skips them: it tells the book's answer). ``spoils``: stop as soon as it holds."""
    rng = random.Random(seed)
    (line,) = replay(game, Actions(()), [POLICIES[policy](game, rng)] * game.n, rng=rng,
                     stop=_stopper(spoils))
    events = [e for step in line.steps for e in step.events]
    won = next((i for i, e in enumerate(events) if e.kind is EventKind.ROUND_WON), None)
    if won is None:
        return events
    end = len(events)
    summon = next((i for i in range(won, len(events)) if events[i].kind is EventKind.SUMMON_RESERVE), None)
    if summon is not None:
        end = next((i for i in range(summon + 1, len(events))
                    if events[i].kind in (*TURN_OPENERS, EventKind.ELIMINATED, EventKind.ROUND_WON)), end)
    return events[:end]


def uses_apres_coup(events: Sequence[Event], cards: CardList) -> bool:
    """Whether an Après-Coup ability is used or declined in these events (a moment the text leaves unknown)."""
    by_name = {c.name: c for c in cards.cards}
    return any(e.kind in (EventKind.ABILITY, EventKind.DECLINE) and e.card in by_name
               and any(a.keyword is Keyword.APRES_COUP and a.action.value == e.action for a in by_name[e.card].abilities)
               for e in events)


def score(events: Sequence[Event], cards: CardList) -> tuple[bool, ...]:
    """What an opening shows, most needed first: a round won; no Après-Coup ability; a
    summon from the reserves; a Réserve ability used; each card seen once (copies never met twice); a player
    who names the next summoner names someone else (naming oneself teaches nothing)."""
    shown = [e.card for e in events if e.kind in (EventKind.SUMMON, EventKind.FAIL, EventKind.KEEP)]
    reserve_ability = any(e.kind is EventKind.ABILITY and i and events[i - 1].kind is EventKind.KEEP
                          for i, e in enumerate(events))
    return (any(e.kind is EventKind.ROUND_WON for e in events), not uses_apres_coup(events, cards),
            any(e.kind is EventKind.SUMMON_RESERVE for e in events),
            reserve_ability, len(shown) == len(set(shown)),
            not any(e.kind is EventKind.CHOOSE_NEXT and e.other == e.player for e in events))


def round_example(spec: DreadDrawSpec, cards: Path | str | None = None, policy: str = "cautious") -> WorkedExample:
    """The start of a game on the example cards, told step by step: the first seed whose opening shows all
    :func:`score` asks for (else the best seen, the first of equals)."""
    card_list = load_cards(cards or example_cards(), spec)
    game = DreadDrawGame(spec, card_list)
    found = next((events for seed in range(SEEDS)
                  if all(score(events := opening(game, policy, seed, spoiler(card_list)), card_list))),
                 None)
    if found is None:  # no seed shows everything: the best one, each played as far as the example goes
        found = max((opening(game, policy, seed) for seed in range(SEEDS)), key=lambda ev: score(ev, card_list))
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
