"""Dread Draw's worked example: one round on the example cards, told move by move.

The text has no card list: the round is played on the synthetic list shipped as
``docs/examples/dread_draw_cards.toml``, and the example's note lists the cards it shows.
Moves the text leaves to the players are taken by a named policy with a seed, so the
round is the same at every run; the seed is the first whose round needs no Après-Coup
timing, which the text cuts off.
"""

from __future__ import annotations

import random
from pathlib import Path

from songe.engine.explore import Actions, replay
from songe.games.dread_draw.agents import POLICIES
from songe.games.dread_draw.game import DreadDrawGame
from songe.games.dread_draw.narrate import TURN_OPENERS, Narrator, words
from songe.games.dread_draw.state import Event, EventKind
from songe.games.worked import WorkedExample
from songe.spec import glossary
from songe.spec.dread_draw import CardList, DreadDrawSpec, Keyword, load_cards
from songe.spec.sources import spec_dir

_TITLE = {"fr": "Une {t.round} avec des {pl.card} d’exemple", "en": "A {t.round} with example {pl.card}"}
#: How many seeds the example tries for a round that uses no Après-Coup ability (whose timing the text leaves out).
SEEDS = 200


def example_cards() -> Path:
    """The shipped synthetic card list the example is played on."""
    return spec_dir().parent / "docs" / "examples" / "dread_draw_cards.toml"


def first_round(game: DreadDrawGame, policy: str, seed: int) -> list[Event]:
    """A game's events up to the end of its first round's damage (the next round's first turn excluded), gaps
    left out (they are the dossier's); all of them if the game stops before a round is won (a reading that
    leaves a player with no move)."""
    rng = random.Random(seed)
    (line,) = replay(game, Actions(()), [POLICIES[policy](game, rng)] * game.n, rng=rng)
    events = [e for step in line.steps for e in step.events if e.kind is not EventKind.GAP]
    won = next((i for i, e in enumerate(events) if e.kind is EventKind.ROUND_WON), None)
    if won is None:
        return events
    end = next((i for i in range(won, len(events)) if events[i].kind in (*TURN_OPENERS, EventKind.ELIMINATED)),
               len(events))
    return events[:end]


def uses_apres_coup(events: list[Event], cards: CardList) -> bool:
    """Whether an Après-Coup ability is used or declined in these events (a moment the text leaves unknown)."""
    by_name = {c.name: c for c in cards.cards}
    return any(e.kind in (EventKind.ABILITY, EventKind.DECLINE) and e.card in by_name
               and any(a.keyword is Keyword.APRES_COUP and a.action.value == e.action for a in by_name[e.card].abilities)
               for e in events)


def round_example(spec: DreadDrawSpec, cards: Path | str | None = None, policy: str = "cautious") -> WorkedExample:
    """The first round of a game on the example cards, to its damage, told step by step: the first seed whose
    round uses no Après-Coup ability, so the example shows only rules the text states, and is won (a reading
    under which no round is won gets its first such round as far as it goes)."""
    card_list = load_cards(cards or example_cards(), spec)
    game = DreadDrawGame(spec, card_list)
    unfinished: list[Event] | None = None
    for seed in range(SEEDS):
        events = first_round(game, policy, seed)
        if uses_apres_coup(events, card_list):
            continue
        if any(e.kind is EventKind.ROUND_WON for e in events):
            break
        unfinished = unfinished or events
    else:
        if unfinished is None:
            raise ValueError(f"every round of the first {SEEDS} seeds uses an Après-Coup ability on these cards")
        events = unfinished
    g, w = glossary.of(spec), words()
    tellers = {code: Narrator(spec, card_list, game.n, code, w) for code in ("fr", "en")}
    lines = tuple((code, t.steps(events)) for code, t in tellers.items())
    titles = tuple((code, glossary.fill(g, _TITLE[code], code)) for code in ("fr", "en"))
    notes = tuple((code, t.card_note(events)) for code, t in tellers.items())
    return WorkedExample("manche_exemple", titles, lines, tuple(repr(e) for e in events), notes)


def worked_examples(spec: DreadDrawSpec) -> tuple[WorkedExample, ...]:
    """One round on the example cards."""
    return (round_example(spec),)
