"""Dread Draw as a plugin."""

from __future__ import annotations

from songe.games.plugin import Capability, Family, Setup
from songe.spec.dread_draw import load

_CLI = "songe.cli"

FAMILY = Family(
    id="dread-draw",
    title="Dread Draw (2+ players, incomplete text)",
    spec_file="dread_draw.toml",
    load_spec=lambda path, readings: load(path, readings),
    setups=lambda spec: [Setup("standard")],
    make_game=None,
    render_event=None,
    verbs={
        Capability.SIMULATE: f"{_CLI}.dread_draw:simulate_dread_draw",
        Capability.GAPS: f"{_CLI}.dread_draw:gaps_dread_draw",
        Capability.AMBIGUITIES: f"{_CLI}.dread_draw:ambiguities_dread_draw",
        Capability.RULEBOOK: f"{_CLI}.rulebook:rulebook_any",
        Capability.PROVE: f"{_CLI}.prove:prove_game",
    },
)
