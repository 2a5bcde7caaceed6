"""The clarified books composed from ``spec/rulebook/<game>.toml``: load, compose, write.

Two documents per game and language, from the same data: the player's book
(:func:`document`) and the editor's dossier (:func:`dossier`). What a family's
book computes (Réveil's odds, Jekyll vs Hyde's simulated effects, When I
Dream's role table) comes from the module its plugin names (``Family.book``);
this layer names no family.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from songe.errors import OptionError, SongeError
from songe.games.registry import family_book, find_family
from songe.rulebook.compose import GameFacts, compose, placed
from songe.rulebook.document import Block, Document, Heading, Para, Steps, to_rst
from songe.rulebook.own_text import own_text_of
from songe.rulebook.trim import cut
from songe.rulebook.typography import dress, number
from songe.spec import glossary
from songe.spec.book import Book, book_dir, load, load_corrections
from songe.spec.facts import outside_facts
from songe.spec.inventory import load_game
from songe.spec.sources import spec_dir

#: Games whose book is composed from authored data (their book file's name in ``spec/rulebook/``).
COMPOSED = {"reveil": "reveil.toml", "dread-draw": "dread_draw.toml", "jekyll-hyde": "jekyll_hyde.toml",
            "when-i-dream": "when_i_dream.toml"}


def _facts(game: str, spec: Any, results: Mapping[str, Any] | None, lang: str, games: int | None) -> GameFacts:
    own = family_book(game)
    facts = generic_facts(spec, lang) if own is None else own.facts(spec, results, lang, games)
    return dataclasses.replace(facts, examples=lambda: worked(game, spec, lang),
                               open_points=tuple(p for p in getattr(spec, "open_points", ()) if p.id not in facts.left_out))


def _own_game(book: Book, spec: Any, facts: GameFacts) -> GameFacts:
    """A designer's own game (its quotes its own text, as ``songe new`` marks them) clarifies no original: its
    book's title and edition line say none, and an authored sentence about the original (the book's
    ``original`` words) is printed without the passage that says them."""
    if not getattr(spec, "own_quotes", False):
        return facts
    restate = facts.restate
    return dataclasses.replace(facts, own_game=True, restate=lambda text: restate(cut(text, book.original)))


def worked(game: str, spec: Any, lang: str) -> list[Block]:
    """The family's printed worked examples (narrated by its engine), each a sub-title, its note, then its
    situation and numbered steps."""
    out: list[Block] = []
    try:
        examples = find_family(game).worked_examples(spec)
    except SongeError:  # an example that cannot happen under this book's readings (a pass where none is allowed)
        return out
    own = getattr(family_book(game), "restate", None)  # a family whose spec may rename its terms

    def restate(text: str) -> str:
        return own(spec, text, lang) if own is not None else text

    for ex in (e for e in examples if e.printed):  # a title and note are the spec's text, with the shipped terms
        out.append(Heading(dress(restate(ex.title(lang)), lang), 2))
        if ex.note(lang):
            out.append(Para(dress(restate(ex.note(lang)), lang)))
        out.append(Steps(dress(ex.situation(lang), lang), tuple(dress(x, lang) for x in ex.text(lang))))
    return out


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
    return GameFacts(lang=lang, chosen=dict(spec.chosen), context=context, readings=spec.readings,
                     glossary=glossary.of(spec))


def book_of(game: str, spec: Any) -> Book:
    """The game's book data, its placeholders checked against what the game computes."""
    if game not in COMPOSED:
        raise OptionError(f"no clarified book data for {game!r}; written for: {', '.join(COMPOSED)}")
    path = book_dir() / COMPOSED[game]
    own = family_book(game)
    names = own.names(spec) if own is not None and hasattr(own, "names") else set(generic_facts(spec, "fr").context)
    return load(path, names)


def document(game: str, spec: Any, results: Mapping[str, Any] | None, lang: str,
             games: int | None = None) -> Document:
    """The player's book of ``game`` in ``lang`` under the spec's readings: rules and figures, stated as facts.

    ``games``: games per simulated measure (Jekyll vs Hyde), for the dossier's figures; None, the CLI's default.
    """
    book = book_of(game, spec)
    doc = compose(book, _own_game(book, spec, _facts(game, spec, results, lang, games)))
    from songe.rulebook import drawings  # the family's figures, each closing its section

    return drawings.place(doc, drawings.figures(game, spec, lang, COMPOSED[game]))


def dossier(game: str, spec: Any, results: Mapping[str, Any] | None, lang: str,
            games: int | None = None) -> Document:
    """The editor's dossier of ``game`` in ``lang``: open points and their measures, what changed, sources.

    ``games``: games per simulated measure (Jekyll vs Hyde); None, the CLI's default count, so the dossier's
    figures are those of the command it names.
    """
    from songe.rulebook.dossier import dossier as compose_dossier

    book = book_of(game, spec)
    inventories = load_game(game)
    corrections = [c for c in load_corrections() if any(c.sentence.startswith(i.text_id + ":") for i in inventories)]
    outside = outside_facts(book.title.fr.split(" — ")[0], lang=lang)
    facts = placed(book, _facts(game, spec, results, lang, games))  # a quoted rule's pointers as the book says them
    facts = dataclasses.replace(_own_game(book, spec, facts),  # its authored reasons speak of no original either
                                own_text=own_text_of(spec, _shipped(game, spec), inventories,
                                                     {f"point {p!r}" for p in facts.left_out}))
    return compose_dossier(book, facts, inventories, corrections, outside)


def _shipped(game: str, spec: Any) -> Any:
    """The shipped spec a designer's spec was drafted from (None for a published text's own spec)."""
    if not getattr(spec, "own_quotes", False):
        return None
    family = find_family(game)
    return family.load_spec(spec_dir() / family.spec_file, {})


def write_rst(doc: Document, game: str, out: Path, kind: str = "") -> Path:
    """Write ``<game>.<lang>.rst`` (``kind``: ``<game>.<kind>.<lang>.rst``) into ``out`` atomically; its path."""
    out.mkdir(parents=True, exist_ok=True)
    page = out / f"{game.replace('-', '_')}{'.' + kind if kind else ''}.{doc.lang}.rst"
    tmp = page.with_suffix(".rst.tmp")
    tmp.write_text(to_rst(doc), encoding="utf-8")
    tmp.replace(page)
    return page
