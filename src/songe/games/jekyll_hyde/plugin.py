"""Jekyll vs Hyde as a plugin: the one :class:`~songe.games.plugin.Family` object the registry finds.

>>> FAMILY.id, [s.id for s in FAMILY.setups(FAMILY.load_spec(None, {}))]
('jekyll-hyde', ['standard'])
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from songe.games.jekyll_hyde.agents import POLICIES
from songe.games.jekyll_hyde.machine import JekyllHydeGame
from songe.games.jekyll_hyde.render import render_event
from songe.games.jekyll_hyde.script import parse_script
from songe.games.plugin import Capability, Family, Setup
from songe.spec.jekyll_hyde import JekyllHydeSpec, load


def load_spec(path: Path | str | None, readings: Mapping[str, str]) -> JekyllHydeSpec:
    """The spec file (default: the shipped one) under readings."""
    return load(path, readings)


def setups(spec: JekyllHydeSpec) -> Sequence[Setup]:
    """One set-up: the standard game (the spec describes no other; the text's expert variant, a return match
    of two games with roles swapped, is not encoded)."""
    return (Setup("standard"),)


def make_game(spec: JekyllHydeSpec, setup: Setup, options: Mapping[str, Any]) -> JekyllHydeGame:
    """The game of a set-up."""
    return JekyllHydeGame(spec)


_CLI = "songe.cli"

FAMILY = Family(
    id="jekyll-hyde",
    title="Jekyll vs Hyde (2 players)",
    spec_file="jekyll_hyde.toml",
    load_spec=load_spec,
    setups=setups,
    make_game=make_game,
    render_event=lambda event, spec, lang: render_event(event, lang),
    policies=lambda spec: POLICIES,
    parse_script=parse_script,
    verbs={
        Capability.SIMULATE: f"{_CLI}.jekyll_hyde:simulate_jekyll_hyde",
        Capability.TRACE: f"{_CLI}.generic:trace_script",
        Capability.TRICK: f"{_CLI}.jekyll_hyde:trick_jekyll_hyde",
        Capability.AMBIGUITIES: f"{_CLI}.analysis:ambiguities_jekyll_hyde",
        Capability.RULEBOOK: f"{_CLI}.rulebook:rulebook_any",
        Capability.PROVE: f"{_CLI}.prove:prove_game",
    },
)
