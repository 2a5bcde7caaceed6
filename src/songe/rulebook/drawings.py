"""A game's figures placed in its book: each closes the section its family names.

The family draws them (its plugin's ``figures``, ``"module:function"``, imported only here) from its
spec with the words of ``spec/rulebook/<game>.figures.toml``; this module knows no game.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from songe.games.registry import family_book, find_family
from songe.rulebook.document import Block, Document, FigureBlock, Heading
from songe.rulebook.figure import Figure
from songe.rulebook.terms import english_label
from songe.rulebook.typography import dress
from songe.spec import glossary
from songe.spec.book import Section, book_dir
from songe.spec.words import load_words


def figures(game: str, spec: Any, lang: str, book_file: str) -> list[tuple[Section, Figure]]:
    """The game's figures in ``lang`` with their sections (none if its family draws none)."""
    family = find_family(game)
    if not family.figures:
        return []
    module, _, name = family.figures.partition(":")
    words = book_dir() / f"{Path(book_file).stem}.figures.toml"
    drawn: Sequence[tuple[Section, Figure]] = getattr(importlib.import_module(module), name)(
        spec, lang, load_words(words))

    restate = getattr(family_book(game), "restate", None)  # a family whose spec may rename its terms
    if restate is not None:
        drawn = [(s, f.retexted(lambda t: restate(spec, t, lang))) for s, f in drawn]
    if lang == "en":  # the game's terms in English, as the book's text (terms.english) writes them
        terms, names = glossary.of(spec), tuple(c.name for c in getattr(spec, "cards", ()) if hasattr(c, "name"))
        drawn = [(s, f.retexted(lambda t: english_label(t, terms, names))) for s, f in drawn]
    return [(s, f.retexted(lambda t: dress(t, lang))) for s, f in drawn]


def place(doc: Document, placed: Sequence[tuple[Section, Figure]]) -> Document:
    """The document with each figure at the end of its section (found by the section it opens: a book may
    give a section its own title, and a section that says nothing is not printed), or of its sub-section."""
    if not placed:
        return doc
    blocks: list[Block] = []
    current: Section | None = None
    done: set[int] = set()
    sub = 0  # the sub-sections of the current section seen so far

    def close(upto: int | None) -> None:
        """Place the current section's figures that close sub-section ``upto`` (None: all that are left)."""
        for k, (s, f) in enumerate(placed):
            if s is current and k not in done and (upto is None or f.after == upto):
                blocks.append(FigureBlock(f))
                done.add(k)

    for b in doc.blocks:
        if isinstance(b, Heading) and b.level == 1:
            close(None)
            current, sub = next((s for s, _ in placed if b.section == s.value), None), 0
        elif isinstance(b, Heading) and b.level == 2:
            if sub:
                close(sub)
            sub += 1
        blocks.append(b)
    close(None)
    lost = [s.value for s, _ in placed if not any(b.section == s.value for b in doc.blocks
                                                  if isinstance(b, Heading) and b.level == 1)]
    if lost:
        raise ValueError(f"the book {doc.title!r} has no section {', '.join(lost)} for its figures")
    return Document(doc.title, doc.lang, tuple(blocks))
