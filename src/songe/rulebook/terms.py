"""The game's words in a book, from its glossary (:mod:`songe.spec.glossary`): one spelling, one language.

An English book says each game term in English, with the French name in
parentheses at its first use when it is a name (a suit, a role; an everyday word such as a colour just
becomes its English word), even where the words come
from the spec's French data (suit names, roles, colours). A card's printed
name and a quotation stay as they are. The checks say where a page still
writes a game term otherwise: a French term in an English book, or a French
term whose capital the glossary gives written in lower case.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Sequence

from songe.rulebook.document import QA, Block, Heading, Lines, Para, Steps, TableBlock
from songe.spec.glossary import Glossary

#: Spans never rewritten: quotations (the source's own words).
_QUOTED = re.compile(r"«[^»]*»|“[^”]*”")


def _pattern(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")


def _french_forms(glossary: Glossary) -> list[tuple[str, str, str]]:
    """(French form, English form, French name) for every term whose English differs, longest first."""
    out = []
    for t in glossary:
        for plural in (False, True):
            fr, en = t.name("fr", plural), t.name("en", plural)
            if fr != en:
                out.append((fr, en, fr))
    return sorted(set(out), key=lambda x: -len(x[0]))


def _protect(text: str, names: Iterable[str]) -> list[tuple[int, int]]:
    spans = [m.span() for m in _QUOTED.finditer(text)]
    for n in names:
        spans += [m.span() for m in _pattern(n).finditer(text)]
    return spans


def _english_text(text: str, forms: Sequence[tuple[str, str, str]], names: Sequence[str], seen: set[str]) -> str:
    for fr, en, name in forms:
        out, last = [], 0
        for m in _pattern(fr).finditer(text):
            said = [(k.start() + len(e) + 1, k.end()) for f, e, _ in forms  # a first use's French name, kept
                    for k in re.finditer(re.escape(f"{e} ({f})"), text)]
            if any(a <= m.start() < b for a, b in _protect(text, names) + said):
                continue
            first = name not in seen and name[:1].isupper()  # a game's name, not an everyday word (purple)
            seen.add(name)
            out.append(text[last:m.start()] + (f"{en} ({fr})" if first else en))
            last = m.end()
        text = "".join(out) + text[last:]
    return text


def english_label(text: str, glossary: Glossary, names: Sequence[str]) -> str:
    """A figure's label or caption with every French game term in English and no French name added: the
    book's text gives it in parentheses at first use, and a label has no room for it."""
    forms = _french_forms(glossary)
    said = {name for _, _, name in forms}
    return _capitals(glossary, ())(_english_text(text, forms, [n for n in names if n not in said], said))


def _capitals(glossary: Glossary, plain: Sequence[str]) -> Callable[[str], str]:
    """An English book's game terms with the capital the game gives them in French (a card kind, a
    resource; the glossary's English is lower case, as the engine's log writes it); an
    everyday phrase (``plain``: "trapped in a dream") and a quotation stay as written."""
    words = sorted({t.name("en", p) for t in glossary for p in (False, True)
                    if t.capitalised("fr") and not t.capitalised("en")}, key=len, reverse=True)

    def up(text: str) -> str:
        keep = [m.span() for m in _QUOTED.finditer(text)]
        keep += [m.span() for p in plain for m in re.finditer(re.escape(p), text)]
        for w in words:
            text = _pattern(w).sub(lambda m: m.group(0) if any(a <= m.start() < b for a, b in keep)
                                   else m.group(0)[:1].upper() + m.group(0)[1:], text)
        return text
    return up


def english(blocks: Sequence[Block], glossary: Glossary, names: Sequence[str],
            plain: Sequence[str] = (), first_use: bool = True) -> tuple[Block, ...]:
    """The blocks of an English book with every French game term in English, the French name in
    parentheses at first use (``first_use``; else never), and the game's capitals (:func:`_capitals`);
    ``names`` (cards' printed names) are left as they are, unless the glossary gives a card's English name."""
    forms = _french_forms(glossary)
    if not forms:
        return tuple(blocks)
    seen: set[str] = set() if first_use else {name for _, _, name in forms}
    names = [n for n in names if n not in {name for _, _, name in forms}]
    capital = _capitals(glossary, plain)

    def say(text: str) -> str:
        return capital(_english_text(text, forms, names, seen))

    out: list[Block] = []
    for b in blocks:
        if isinstance(b, Heading):
            out.append(dataclasses.replace(b, text=say(b.text)))
        elif isinstance(b, Para):
            out.append(Para(say(b.text), b.number, b.rule, say(b.label)))
        elif isinstance(b, TableBlock):
            out.append(TableBlock(say(b.title), tuple(say(h) for h in b.header),
                                  tuple(tuple(say(c) for c in row) for row in b.rows)))
        elif isinstance(b, QA):
            out.append(QA(say(b.question), say(b.answer)))
        elif isinstance(b, Steps):
            out.append(Steps(say(b.lead), tuple(say(x) for x in b.steps)))
        else:
            out.append(b)
    return tuple(out)


def faults(texts: Iterable[str], glossary: Glossary, lang: str, names: Sequence[str] = (),
           plain: Sequence[str] = ()) -> list[str]:
    """Where a page writes a game term otherwise than its glossary: in English, a French term outside the
    parentheses of its first use; in French, a capitalised term in lower case (``plain``: everyday phrases
    that use the word on purpose, like « piégé dans un rêve »). Quotations and card names are not checked."""
    out = []
    for text in texts:
        for phrase in plain:
            text = text.replace(phrase, "")
        spans = _protect(text, names)

        def free(m: re.Match[str], spans: list[tuple[int, int]] = spans) -> bool:
            return not any(a <= m.start() < b for a, b in spans)

        if lang == "en":
            for fr, _, _ in _french_forms(glossary):
                for m in _pattern(fr).finditer(text):
                    if free(m) and not text[max(m.start() - 1, 0):m.start()] == "(":
                        out.append(f"a French game term in English: {fr!r} in {text[max(m.start() - 30, 0):m.end() + 20]!r}")
        else:
            for t in glossary:
                for word in {t.name("fr"), t.name("fr", True)}:
                    if word[:1].isupper():
                        low = word[:1].lower() + word[1:]
                        for m in _pattern(low).finditer(text):
                            if free(m):
                                out.append(f"{word!r} written {low!r}: "
                                           f"{text[max(m.start() - 30, 0):m.end() + 20]!r}")
    return out


def skip_lines(blocks: Iterable[Block]) -> list[str]:
    """Every text of the blocks but the preformatted lines (commands, worded by the tool)."""
    from songe.rulebook.document import Document

    return [t for b in blocks if not isinstance(b, Lines) for t in Document("", "fr", (b,)).texts()]
