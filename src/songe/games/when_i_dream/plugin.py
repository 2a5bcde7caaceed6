"""When I Dream as a plugin: scoring recorded games, exact role balance, its two texts compared.

It declares no playable game: its night is a word-guessing conversation that
no rule turns into moves, so songe scores what players record instead.
"""

from __future__ import annotations

from songe.games.plugin import Capability, Family, Setup
from songe.spec.when_i_dream import load

_CLI = "songe.cli"

FAMILY = Family(
    id="when-i-dream",
    title="When I Dream (4-10 players)",
    spec_file="when_i_dream.toml",
    load_spec=lambda path, readings: load(path, readings),
    setups=lambda spec: [Setup("standard")],
    make_game=None,
    render_event=None,
    book="songe.games.when_i_dream.book",
    worked="songe.games.when_i_dream.worked:worked_examples",
    verbs={
        Capability.SCORE: f"{_CLI}.when_i_dream:score_when_i_dream",
        Capability.BALANCE: f"{_CLI}.when_i_dream:balance_when_i_dream",
        Capability.AMBIGUITIES: f"{_CLI}.when_i_dream:ambiguities_when_i_dream",
        Capability.RULEBOOK: f"{_CLI}.rulebook:rulebook_any",
        Capability.PROVE: f"{_CLI}.prove:prove_game",
    },
)
