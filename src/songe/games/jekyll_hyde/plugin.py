"""Jekyll vs Hyde as a plugin."""

from __future__ import annotations

from songe.games.plugin import Capability, Family, Setup
from songe.spec.jekyll_hyde import load

_CLI = "songe.cli"

FAMILY = Family(
    id="jekyll-hyde",
    title="Jekyll vs Hyde (2 players)",
    spec_file="jekyll_hyde.toml",
    load_spec=lambda path, readings: load(path, readings),
    setups=lambda spec: [Setup("standard")],
    make_game=None,
    render_event=None,
    verbs={
        Capability.SIMULATE: f"{_CLI}.jekyll_hyde:simulate_jekyll_hyde",
        Capability.TRICK: f"{_CLI}.jekyll_hyde:trick_jekyll_hyde",
        Capability.AMBIGUITIES: f"{_CLI}.analysis:ambiguities_jekyll_hyde",
        Capability.RULEBOOK: f"{_CLI}.rulebook:rulebook_any",
        Capability.PROVE: f"{_CLI}.prove:prove_game",
    },
)
