"""What When I Dream's clarified book computes: the role cards per player count, from the spec's table.

That table is an outside fact (FACTS.md: one source only), so the book says so
in one short phrase above it, and the dossier lists its source.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from songe.rulebook.books import generic_facts
from songe.rulebook.compose import GameFacts
from songe.rulebook.document import Block, TableBlock
from songe.rulebook.typography import number


def roles_table(spec: Any, lang: str) -> list[Block]:
    """The role cards dealt per player count (the spec's table, from the published game)."""
    header = ("Joueurs" if lang == "fr" else "Players",) + tuple(r.name for r in spec.roles)
    rows = tuple((number(n, lang),) + tuple(number(counts.get(r.id, 0), lang) for r in spec.roles)
                 for n, counts in sorted(spec.table.items()))
    return [TableBlock("", header, rows)]


def facts(spec: Any, results: Mapping[str, Any] | None, lang: str, games: int | None = None) -> GameFacts:
    """The spec's settings as placeholders, and the role table."""
    return dataclasses.replace(generic_facts(spec, lang), blocks={"roles": lambda: roles_table(spec, lang)})
