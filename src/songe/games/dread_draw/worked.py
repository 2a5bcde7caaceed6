"""Dread Draw's worked example: one round on the example cards, told move by move.

The text has no card list: the round is played on the synthetic list shipped as
``docs/examples/dread_draw_cards.toml``, and the example says so in its note. Moves
the text leaves to the players are taken by a named policy with a seed, so the
round is the same at every run.
"""

from __future__ import annotations

import random
from pathlib import Path

from songe.engine.explore import Actions, replay
from songe.games.dread_draw.agents import POLICIES
from songe.games.dread_draw.game import DreadDrawGame
from songe.games.dread_draw.render import render_event
from songe.games.dread_draw.state import Event, EventKind
from songe.games.plugin import Lang
from songe.games.worked import WorkedExample
from songe.spec import glossary
from songe.spec.dread_draw import DreadDrawSpec, load_cards
from songe.spec.sources import spec_dir

_TITLE = {"fr": "Une {t.round} avec des {pl.card} d’exemple", "en": "A {t.round} with example {pl.card}"}
_NOTE = {"fr": "{Pl.card} d’exemple : le texte de Dread Draw ne donne aucune liste de {pl.card} ; "
               "celles-ci sont inventées pour montrer les règles, ce ne sont pas celles du jeu publié.",
         "en": "Example {pl.card}: Dread Draw’s text gives no {t.card} list; these are made up to show the "
               "rules, they are not the published game’s."}


def example_cards() -> Path:
    """The shipped synthetic card list the example is played on."""
    return spec_dir().parent / "docs" / "examples" / "dread_draw_cards.toml"


def round_example(spec: DreadDrawSpec, cards: Path | str | None = None, policy: str = "cautious",
                  seed: int = 0) -> WorkedExample:
    """The first round of a game on the example cards, every event told, to the round's winner."""
    game = DreadDrawGame(spec, load_cards(cards or example_cards(), spec))
    rng = random.Random(seed)
    (line,) = replay(game, Actions(()), [POLICIES[policy](game, rng)] * game.n, rng=rng)
    events: list[Event] = []
    for step in line.steps:
        events += step.events
        if any(e.kind is EventKind.ROUND_WON for e in step.events):
            break
    g = glossary.of(spec)
    told = [e for e in events if e.kind is not EventKind.GAP]  # the gaps met are the dossier's, kept in the replay
    lines = tuple((lang.value, tuple(glossary.capitalise(render_event(e, spec, lang)) + "." for e in told))
                  for lang in (Lang.FR, Lang.EN))
    titles = tuple((code, glossary.fill(g, _TITLE[code], code)) for code in ("fr", "en"))
    notes = tuple((code, glossary.fill(g, _NOTE[code], code)) for code in ("fr", "en"))
    return WorkedExample("manche_exemple", titles, lines, tuple(repr(e) for e in events), notes)


def worked_examples(spec: DreadDrawSpec) -> tuple[WorkedExample, ...]:
    """One round on the example cards."""
    return (round_example(spec),)
