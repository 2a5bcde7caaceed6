"""Dread Draw's worked example: the start of a game on the example cards, told move by move.

The text has no card list: the game is played on the synthetic list shipped as
``docs/examples/dread_draw_cards.toml``, and the example's note lists the cards it shows.
Moves the text leaves to the players are taken by a named policy with a seed, so the
example is the same at every run. The seed is the first whose opening shows what a
player must learn and nothing the text leaves unsaid: a round won and its damage, then,
in the next round, a card summoned from the reserves; a Réserve ability used; every card
a different one (no copy read twice as the same card); no Après-Coup ability (its timing
is cut off) and no gap of the text met; no player naming themselves to play next.
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


def _far_enough(kinds: Sequence[EventKind]) -> bool:
    """Whether a replay has gone far enough: a round won, then a summon from the reserves and the next turn, or a
    second round won."""
    if EventKind.ROUND_WON not in kinds:
        return False
    later = kinds[kinds.index(EventKind.ROUND_WON) + 1:]
    if EventKind.ROUND_WON in later:
        return True
    if EventKind.SUMMON_RESERVE not in later:
        return False
    return any(k in TURN_OPENERS or k is EventKind.ELIMINATED for k in later[later.index(EventKind.SUMMON_RESERVE) + 1:])


def _stopper() -> Callable[[object, Sequence[Step[State]]], bool]:
    """A replay's ``stop`` that reads each step's events once."""
    kinds: list[EventKind] = []
    read = [0]

    def stop(state: object, steps: Sequence[Step[State]]) -> bool:
        kinds.extend(e.kind for s in steps[read[0]:] for e in s.events)
        read[0] = len(steps)
        return _far_enough(kinds)
    return stop


def opening(game: DreadDrawGame, policy: str, seed: int) -> list[Event]:
    """A game's events from its start through its first round's damage and, in the next round, to the end of
    the first turn that summons from the reserves (to the end of that round if none does); gaps included
    (the choice of a seed avoids them; the narration skips them)."""
    rng = random.Random(seed)
    (line,) = replay(game, Actions(()), [POLICIES[policy](game, rng)] * game.n, rng=rng,
                     stop=_stopper())
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
    """What an opening shows, most needed first: a round won; no gap of the text; no Après-Coup ability; a
    summon from the reserves; a Réserve ability used; each card seen once (copies never met twice); a player
    who names the next summoner names someone else (naming oneself teaches nothing)."""
    shown = [e.card for e in events if e.kind in (EventKind.SUMMON, EventKind.FAIL, EventKind.KEEP)]
    reserve_ability = any(e.kind is EventKind.ABILITY and i and events[i - 1].kind is EventKind.KEEP
                          for i, e in enumerate(events))
    return (any(e.kind is EventKind.ROUND_WON for e in events), not any(e.kind is EventKind.GAP for e in events),
            not uses_apres_coup(events, cards), any(e.kind is EventKind.SUMMON_RESERVE for e in events),
            reserve_ability, len(shown) == len(set(shown)),
            not any(e.kind is EventKind.CHOOSE_NEXT and e.other == e.player for e in events))


def round_example(spec: DreadDrawSpec, cards: Path | str | None = None, policy: str = "cautious") -> WorkedExample:
    """The start of a game on the example cards, told step by step: the first seed whose opening shows all
    :func:`score` asks for (else the best seen, the first of equals)."""
    card_list = load_cards(cards or example_cards(), spec)
    game = DreadDrawGame(spec, card_list)
    best: tuple[tuple[bool, ...], list[Event]] | None = None
    for seed in range(SEEDS):
        events = opening(game, policy, seed)
        got = score(events, card_list)
        if best is None or got > best[0]:
            best = (got, events)
        if all(got):
            break
    assert best is not None
    shown = [e for e in best[1] if e.kind is not EventKind.GAP]
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
