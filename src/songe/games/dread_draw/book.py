"""What Dread Draw's clarified book and dossier compute: its settings as placeholders, and, for the dossier,
what each reading changes in play.

The text has no card list, so no figure of the published game can be measured: a reading's effect is said in
the spec's own words (``impact`` / ``impact_fr`` of each ``[[readings]]`` entry); the measures on a synthetic
list are ``songe ambiguities dread-draw``'s, not a book's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from songe.rulebook.books import generic_facts
from songe.rulebook.compose import GameFacts
from songe.spec.dread_draw import DreadDrawSpec


def facts(spec: DreadDrawSpec, results: Mapping[str, Any] | None, lang: str, games: int | None = None) -> GameFacts:
    """The generic facts (the spec's settings as placeholders, its readings) with each reading's effect in
    words for the dossier."""
    said = {r.id: r.impact_in(lang) for r in spec.readings}
    return dataclasses.replace(generic_facts(spec, lang), impact=lambda reading_id: said.get(reading_id, ""))
