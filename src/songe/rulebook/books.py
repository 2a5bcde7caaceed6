"""The clarified books composed from ``spec/rulebook/<game>.toml``: load, compose, write.

Réveil's facts (odds from the results file) come from
:mod:`songe.rulebook.reveil_book`; the other games' from their spec's settings.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from songe.errors import OptionError
from songe.rulebook.compose import GameFacts, compose
from songe.rulebook.document import Document, TableBlock, to_rst
from songe.rulebook.typography import number
from songe.spec.book import Book, book_dir, load, load_corrections
from songe.spec.inventory import load_game
from songe.spec.sources import spec_dir

#: Games whose book is composed from authored data (their book file's name).
COMPOSED = {"reveil": "reveil.toml", "dread-draw": "dread_draw.toml", "jekyll-hyde": "jekyll_hyde.toml",
            "when-i-dream": "when_i_dream.toml"}


def _facts(game: str, spec: Any, results: Mapping[str, Any] | None, lang: str, games: int | None) -> GameFacts:
    if game == "reveil":
        from songe.rulebook import reveil_book

        tune = spec_dir().parent / "docs" / "results" / "reveil_tune.json"
        cached = json.loads(tune.read_text(encoding="utf-8")) if tune.exists() else None
        return reveil_book.facts(spec, results or {}, lang, cached)
    facts = generic_facts(spec, lang)
    if game == "when-i-dream":
        facts = dataclasses.replace(facts, blocks={"roles": lambda: [_roles_table(spec, lang)]})
    if game == "jekyll-hyde":
        from songe.rulebook import jekyll_hyde_book

        facts = jekyll_hyde_book.facts(facts, spec, lang, games)
    return facts


def _roles_table(spec: Any, lang: str) -> TableBlock:
    """When I Dream's role cards per player count (the spec's table, from the published game)."""
    header = ("Joueurs" if lang == "fr" else "Players",) + tuple(r.name for r in spec.roles)
    rows = tuple((number(n, lang),) + tuple(number(counts.get(r.id, 0), lang) for r in spec.roles)
                 for n, counts in sorted(spec.table.items()))
    return TableBlock("", header, rows)


def generic_facts(spec: Any, lang: str) -> GameFacts:
    """A game without computed figures in its book: its settings as placeholders, its readings.

    An integer field ``hand`` gives ``{hand}``; a tuple of integers ``values`` gives ``{values.count}``,
    ``{values.min}``, ``{values.max}``; a tuple of records ``suits`` gives ``{suits.count}`` and
    ``{suits.0.name}`` (each text or integer attribute).
    """
    context: dict[str, str] = {}
    for f in dataclasses.fields(spec):
        v = getattr(spec, f.name)
        if type(v) is int:
            context[f.name] = number(v, lang)
        elif isinstance(v, tuple) and v and all(type(x) is int for x in v):
            context |= {f"{f.name}.count": number(len(v), lang), f"{f.name}.min": number(min(v), lang),
                        f"{f.name}.max": number(max(v), lang)}
        elif isinstance(v, tuple) and v and all(dataclasses.is_dataclass(x) for x in v) and f.name != "readings":
            context[f"{f.name}.count"] = number(len(v), lang)
            for i, x in enumerate(v):
                for g in dataclasses.fields(x):
                    a = getattr(x, g.name)
                    if isinstance(a, str) or type(a) is int:
                        context[f"{f.name}.{i}.{g.name}"] = a if isinstance(a, str) else number(a, lang)
    return GameFacts(lang=lang, chosen=dict(spec.chosen), context=context, readings=spec.readings)


def book_of(game: str, spec: Any) -> Book:
    """The game's book data, its placeholders checked against what the game computes."""
    if game not in COMPOSED:
        raise OptionError(f"no clarified book data for {game!r}; written for: {', '.join(COMPOSED)}")
    if game == "reveil":
        from songe.rulebook import reveil_book

        names = reveil_book.names(spec)
    else:
        names = set(generic_facts(spec, "fr").context)
    return load(book_dir() / COMPOSED[game], names)


def document(game: str, spec: Any, results: Mapping[str, Any] | None, lang: str,
             with_changes: bool = True, games: int | None = None) -> Document:
    """The composed book of ``game`` in ``lang`` under the spec's readings (and its « what changed » appendix).

    ``games``: games per simulated measure (Jekyll vs Hyde); None, the CLI's default count, so the book's
    figures are those of the command it names.
    """
    book = book_of(game, spec)
    inventories = load_game(game) if with_changes else ()
    corrections = [c for c in load_corrections() if any(c.sentence.startswith(i.text_id + ":") for i in inventories)]
    doc = compose(book, _facts(game, spec, results, lang, games), inventories, corrections)
    from songe.rulebook import drawings  # [figures hook] the family's figures, each closing its section

    return drawings.place(doc, drawings.figures(game, spec, lang, COMPOSED[game]))


def player_aid(game: str, spec: Any, results: Mapping[str, Any] | None, lang: str) -> Document:
    """The one-page player aid, written for the aid (:mod:`songe.rulebook.aid`)."""
    from songe.rulebook import aid  # [aid hook]

    return aid.document(game, spec, results, lang)


def write_rst(doc: Document, game: str, out: Path) -> Path:
    """Write ``<game>.<lang>.rst`` into ``out`` (atomically); returns its path."""
    out.mkdir(parents=True, exist_ok=True)
    page = out / f"{game.replace('-', '_')}.{doc.lang}.rst"
    tmp = page.with_suffix(".rst.tmp")
    tmp.write_text(to_rst(doc), encoding="utf-8")
    tmp.replace(page)
    return page
