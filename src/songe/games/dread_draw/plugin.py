"""Dread Draw as a family plugin: its spec loader, set-ups, game factory, players, events and scripts.

A game needs a card list (``options["cards"]``): the text has none, and the
card list fills the holes the text leaves. Each verb it supports names its handler in ``verbs``.

>>> FAMILY.id, [s.id for s in FAMILY.setups(None)][:3]
('dread-draw', ['default', '2p', '3p'])
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from songe.errors import OptionError
from songe.games.dread_draw.agents import POLICIES
from songe.games.dread_draw.game import DreadDrawGame
from songe.games.dread_draw.render import render_event
from songe.games.dread_draw.script import parse_script
from songe.games.plugin import Capability, Family, Setup, verb_table
from songe.spec.dread_draw import MAX_PLAYERS, DreadDrawSpec, load, load_cards


def load_spec(path: Path | str, readings: Mapping[str, str]) -> DreadDrawSpec:
    """The rules spec under readings."""
    return load(path, readings)


def setups(spec: Any) -> tuple[Setup, ...]:
    """'default' (the card list's player count), then one per player count."""
    return (Setup("default"),) + tuple(Setup(f"{n}p", {"players": n}) for n in range(2, MAX_PLAYERS + 1))


def make_game(spec: DreadDrawSpec, setup: Setup, options: Mapping[str, Any]) -> DreadDrawGame:
    """The game on ``options["cards"]`` (required), with ``options["max_summons"]`` if given."""
    cards = options.get("cards")
    if cards is None:
        holes = ", ".join(h.id for h in spec.text_holes())
        raise OptionError(f"Dread Draw needs a card list (--cards FILE): the text leaves these holes open: {holes} "
                          f"(an example: docs/examples/dread_draw_cards.toml)")
    players = setup.params.get("players", options.get("players"))
    return DreadDrawGame(spec, load_cards(cards, spec, players), options.get("max_summons"))


_CLI = "songe.cli"

FAMILY: Family[DreadDrawGame] = Family(
    id="dread-draw",
    title="Dread Draw (2+ players, incomplete text)",
    spec_file="dread_draw.toml",
    load_spec=load_spec,
    setups=setups,
    make_game=make_game,
    render_event=render_event,
    policies=lambda spec: POLICIES,
    parse_script=parse_script,
    figures="songe.games.dread_draw.figures:figures",  # [figures hook]
    worked="songe.games.dread_draw.worked:worked_examples",
    book="songe.games.dread_draw.book",
    verbs=verb_table({
        Capability.SIMULATE: f"{_CLI}.dread_draw:simulate_dread_draw",
        Capability.GRAPH: f"{_CLI}.generic:graph_explicit",
        Capability.GAPS: f"{_CLI}.dread_draw:gaps_dread_draw",
        Capability.AMBIGUITIES: f"{_CLI}.dread_draw:ambiguities_dread_draw",
    }, playable=True),
)
