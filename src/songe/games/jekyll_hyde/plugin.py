"""Jekyll vs Hyde as a plugin: the one :class:`~songe.games.plugin.Family` object the registry finds.

>>> FAMILY.id, [s.id for s in FAMILY.setups(FAMILY.load_spec(None, {}))]
('jekyll-hyde', ['standard', 'expert'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from songe.games.jekyll_hyde.agents import POLICIES
from songe.games.jekyll_hyde.expert import ExpertMatch, ForMatch
from songe.games.jekyll_hyde.machine import JekyllHydeGame
from songe.games.jekyll_hyde.render import render_event
from songe.games.jekyll_hyde.script import parse_script
from songe.games.plugin import Capability, Family, Setup
from songe.spec.jekyll_hyde import JekyllHydeSpec, load


def load_spec(path: Path | str | None, readings: Mapping[str, str]) -> JekyllHydeSpec:
    """The spec file (default: the shipped one) under readings."""
    return load(path, readings)


def setups(spec: JekyllHydeSpec) -> Sequence[Setup]:
    """The standard game; and, when the spec has an ``[expert]`` table, the text's expert variant
    (a return match of two games with roles swapped, :mod:`~songe.games.jekyll_hyde.expert`)."""
    if spec.expert is None:
        return (Setup("standard"),)
    return (Setup("standard"), Setup("expert", {"games": spec.expert.games}))


def make_game(spec: JekyllHydeSpec, setup: Setup, options: Mapping[str, Any]) -> JekyllHydeGame | ExpertMatch:
    """The game of a set-up."""
    return ExpertMatch(spec) if setup.id == "expert" else JekyllHydeGame(spec)


#: The named players, each also able to play the expert match.
MATCH_POLICIES = {name: ForMatch(maker) for name, maker in POLICIES.items()}


_CLI = "songe.cli"

FAMILY = Family(
    id="jekyll-hyde",
    title="Jekyll vs Hyde (2 players)",
    spec_file="jekyll_hyde.toml",
    load_spec=load_spec,
    setups=setups,
    make_game=make_game,
    render_event=render_event,
    policies=lambda spec: MATCH_POLICIES,
    parse_script=parse_script,
    book="songe.games.jekyll_hyde.book",
    worked="songe.games.jekyll_hyde.worked:worked_examples",
    verbs={
        Capability.SIMULATE: f"{_CLI}.jekyll_hyde:simulate_jekyll_hyde",
        Capability.TRACE: f"{_CLI}.generic:trace_script",
        Capability.TRICK: f"{_CLI}.jekyll_hyde:trick_jekyll_hyde",
        Capability.AMBIGUITIES: f"{_CLI}.analysis:ambiguities_jekyll_hyde",
        Capability.RULEBOOK: f"{_CLI}.rulebook:rulebook_any",
        Capability.PROVE: f"{_CLI}.prove:prove_game",
    },
)
