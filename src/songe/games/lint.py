"""The checks of a spec file, by family: what ``songe lint`` reports and the one-line hint of every verb
given a user's spec. Below the CLI, so the verbs' option layer and the lint command share them without
importing each other."""

from __future__ import annotations

from pathlib import Path

from songe.games.plugin import Capability
from songe.games.registry import find_family
from songe.spec.fields import read_toml
from songe.spec.lint import Finding, source_findings


def cheap_findings(game: str, spec_file: str) -> list[Finding]:
    """The cheap checks of a spec file (no solving): the family's own, else the generic source checks."""
    return findings(game, spec_file, None)[0]


def findings(game: str, spec_file: str, exact_states: int | None) -> tuple[list[Finding], list[str]]:
    """The findings and notes of a spec file: the family's checks (exact ones within ``exact_states``,
    none if None) where it has them, else the generic checks of the source and quotes."""
    family = find_family(game)
    if Capability.LINT in family.capabilities:
        return family.handler(Capability.LINT)(game=game, spec_file=spec_file, max_states=exact_states)
    path = Path(spec_file)
    return source_findings(spec_file, read_toml(path), path.parent), []
