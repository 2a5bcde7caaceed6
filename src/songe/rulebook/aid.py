"""The one-page player aid composed from ``spec/rulebook/<game>.aid.toml`` and what the game computes.

Its lines are authored for the aid (:mod:`songe.spec.aid`); its tables are the game's (card tables with
their effects, levels, roles), filled from the spec under the chosen readings. An effect that points to
a section of the book is refused: the aid has no such section, so its own wording is required.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from songe.errors import SpecError
from songe.rulebook import books
from songe.rulebook.compose import GameFacts, rule_text
from songe.rulebook.document import Block, Document, FigureBlock, Heading, Para, Steps, TableBlock
from songe.rulebook.terms import english
from songe.rulebook.typography import dress
from songe.spec.aid import Aid, AidLine, aid_of
from songe.spec.book import Book, Wording, fill

#: A pointer to a numbered section of the book: "(voir 4.7)", "(5.1)", "(see 4.2 to 4.6)", "voir 6", "section 5".
SECTION_REF = re.compile(r"\((?:voir |see )\d+(?:\.\d+)?[^)]*\)|\(\d+\.\d+(?: (?:à|to) \d+\.\d+)?\)"
                         r"|\b(?:voir|see|section) \d+(?:\.\d+)?\b")
#: An exact fraction after a percentage, "(9 504 977/13 305 600)": the book's, not the aid's.
EXACT = re.compile(r" \([\d\u202f\u00a0 ,]+/[\d\u202f\u00a0 ,]+\)")
BULLET = "•"
#: The aid's edition line, at the foot of its page: it belongs to the clarified edition, whose book is complete.
FOOTER = {"fr": "Aide de jeu de l'édition clarifiée : la règle complète est dans le livre de règles.",
          "en": "Clarified edition player aid: full rules in the rulebook."}


def document(game: str, spec: Any, results: Mapping[str, Any] | None, lang: str) -> Document:
    """The aid of ``game`` in ``lang`` under the spec's readings: sections, short lines, tables."""
    book = books.book_of(game, spec)
    facts = books._facts(game, spec, results, lang, None)  # noqa: SLF001  [aid hook] the book's own facts
    aid = aid_of(books.COMPOSED[game])
    chosen = {r.id: facts.chosen.get(r.id, r.default) for r in facts.readings}
    _check_when(aid, {r.id: {o.id for o in r.options} for r in facts.readings})

    def text(w: Wording) -> str:
        return dress(fill(w.in_lang(lang), facts.context, aid.file), lang)

    def shown(lines: tuple[AidLine, ...]) -> list[str]:
        return [text(x.wording) for x in lines if x.shown(chosen)]

    blocks: list[Block] = [Para(text(aid.goal))]
    for s in aid.sections:  # unnumbered: the book's sections are numbered otherwise
        blocks.append(Heading(text(s.title)))
        blocks += [Para(t, f"{k}.") for k, t in enumerate(shown(s.steps), 1)]
        if s.table:
            blocks += _computed(s.table, book, facts, aid, text, chosen)
        if s.header:
            blocks.append(TableBlock("", tuple(text(h) for h in s.header),
                                     tuple(tuple(text(c) for c in r) for r in s.rows)))
        blocks += [Para(t, BULLET) for t in shown(s.lines)]
    if lang == "en":  # the game's terms in English, the French name at first use, as in the book
        blocks = list(english(blocks, facts.glossary, facts.names, first_use=aid.french_names))
    if aid.figure:
        from songe.rulebook import drawings

        drawn = drawings.figures(game, spec, lang, books.COMPOSED[game])
        if aid.figure > len(drawn):
            raise SpecError(aid.file, "field 'figure'", f"the book has {len(drawn)} figure(s), not {aid.figure}")
        blocks.append(FigureBlock(drawn[aid.figure - 1][1]))
    doc = Document(f"{spec.name} — {text(aid.title)}", lang, tuple(blocks), dress(FOOTER[lang], lang))
    for t in doc.texts():
        if m := SECTION_REF.search(t):
            raise SpecError(aid.file, "", f"the aid points to a section it does not have ({m.group(0)!r} in {t[:60]!r})")
    return doc


def _computed(name: str, book: Book, facts: GameFacts, aid: Aid, text: Any, chosen: dict[str, str]) -> list[Block]:
    """A table the game computes: a card table (the aid's effect wording where it gives one), or a block's
    tables (levels, roles) with the exact fractions left to the book."""
    if name in facts.card_headers:
        rows = []
        for r in book.rules:
            if r.card and facts.card_table.get(r.card) == name:
                own = aid.effect(r.card, chosen)
                effect = text(own) if own else rule_text(r, facts, book.file)
                rows.append(tuple(facts.card_cells[r.card]) + (effect,))
        title = next((dress(r.title.in_lang(facts.lang), facts.lang) for r in book.rules
                      if r.block == name and r.title), "")
        return [TableBlock(title, tuple(facts.card_headers[name]), tuple(rows))]
    if name in facts.blocks:
        def cell(c: str) -> str:
            return aid.term(EXACT.sub("", c), facts.lang)

        out: list[Block] = []
        for b in facts.blocks[name]():
            if isinstance(b, TableBlock):
                out.append(TableBlock(b.title, tuple(cell(h) for h in b.header),
                                      tuple(tuple(cell(c) for c in row) for row in b.rows)))
            elif isinstance(b, Steps):  # a block's numbered advice, as the aid's numbered lines
                out += [Para(x, f"{k}.") for k, x in enumerate(b.steps, 1)]
        return out
    raise SpecError(aid.file, "", f"unknown table {name!r}; this game computes: "
                    f"{', '.join(sorted(set(facts.card_headers) | set(facts.blocks)))}")


def _check_when(aid: Aid, options: Mapping[str, set[str]]) -> None:
    """Refuse a line kept for a reading or option the game does not have (it would never be printed)."""
    lines = [x for s in aid.sections for x in s.steps + s.lines] + [x for v in aid.effects.values() for x in v]
    for x in lines:
        for r, o in x.when:
            if o not in options.get(r, set()):
                known = ", ".join(f"{k}={v}" for k in sorted(options) for v in sorted(options[k]))
                raise SpecError(aid.file, "", f"a line is kept for {r}={o}, which this game does not have; "
                                f"valid: {known}")
