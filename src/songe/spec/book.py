"""Clarified rulebooks as authored data: ``spec/rulebook/<game>.toml``.

A book is a list of rules, each in one of eight sections (the order players
expect), each written once in French and English by the rules editor, each
naming the inventory sentences it rewrites. Where the text is unclear the
rule gives, per reading option, the wording that option implies, so the book
of any reading is composed from data. Card data is never retyped: a text says
``{deck}`` or ``{card.<id>}`` and the game's context (computed from its spec)
fills it in; a card's row of the card table is a rule with ``card = "id"``.

Placeholders are plain ``{name}`` lookups in a flat table of strings, never
Python formatting (a book file is untrusted input).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from songe.errors import SpecError
from songe.spec.fields import Table, read_toml
from songe.spec.sources import spec_dir

MAX_RULES = 600
LANGS = ("fr", "en")
_PLACEHOLDER = re.compile(r"\{([a-z0-9_.]+)\}")
_SENTENCE = re.compile(r"^[a-z_]+(?:\.[a-z_]+)*:[1-9]\d*$")


class Section(enum.Enum):
    """The eight sections of a clarified rulebook, in reading order."""

    OVERVIEW = "apercu"
    """1 Aperçu et but du jeu"""
    COMPONENTS = "materiel"
    """2 Matériel"""
    SETUP = "mise_en_place"
    """3 Mise en place"""
    TURN = "tour"
    """4 Tour de jeu"""
    END = "fin"
    """5 Fin de partie"""
    LEVELS = "niveaux"
    """6 Niveaux et variantes"""
    EXAMPLE = "exemple"
    """7 Exemple"""
    FAQ = "precisions"
    """8 Précisions (FAQ)"""


@dataclass(frozen=True)
class Wording:
    """One rule's text in both languages."""

    fr: str
    en: str

    def in_lang(self, lang: str) -> str:
        """The text in ``lang`` (``fr`` or ``en``)."""
        return self.fr if lang == "fr" else self.en


@dataclass(frozen=True)
class Variant:
    """The wording a rule takes when every listed reading has the listed option."""

    when: tuple[tuple[str, str], ...]
    wording: Wording


@dataclass(frozen=True)
class BookRule:
    """A clarified rule: where it stands, what it rewrites, what it says under each reading."""

    id: str
    section: Section
    sources: tuple[str, ...]
    wording: Wording
    variants: tuple[Variant, ...] = ()
    readings: tuple[str, ...] = ()
    why: Wording | None = None
    card: str = ""
    block: str = ""
    title: Wording | None = None
    #: a digest of the spec entries the text describes (a card's rows); a spec whose entries no longer give it
    #: gets a drafted text instead, flagged for review (empty: not tied)
    fingerprint: str = ""

    def text(self, lang: str, chosen: Mapping[str, str]) -> str:
        """The rule's text under the chosen readings (the first variant all of whose options are chosen)."""
        for v in self.variants:
            if all(chosen.get(r) == o for r, o in v.when):
                return v.wording.in_lang(lang)
        return self.wording.in_lang(lang)


@dataclass(frozen=True)
class Correction:
    """A typo, OCR error or error of substance of a source sentence, with its fix."""

    sentence: str
    wrong: str
    right: str
    kind: str
    why: str


@dataclass(frozen=True)
class Book:
    """A game's clarified rulebook data."""

    file: str
    game: str
    title: Wording
    intro: Wording
    rules: tuple[BookRule, ...]
    #: the source's form of address in French (« tu » or « vous »), never mixed; "" leaves it unchecked
    register: str = ""
    #: everyday phrases that use a game word in lower case on purpose (« piégé dans un rêve »)
    plain: tuple[str, ...] = ()
    #: a section's own title where the usual one would mislead (a game with no levels: « Variantes »)
    titles: Mapping[Section, Wording] = field(default_factory=dict)
    #: the clarified-edition line in this book's own words (a truncated source cannot be stated in full)
    edition: Wording | None = None
    #: the words that mark this edition's own answers (« (précision de cette édition) »): the dossier shows the
    #: rejected readings without them, as only the adopted reading is this edition's
    ruling: Wording | None = None
    #: why the editor's dossier puts no figure on the open points, in this game's words (else the usual line)
    unmeasured: Wording | None = None
    #: the words by which an authored text speaks of the original it clarifies (« l'original »): a designer's own
    #: game has none, so its book prints those sentences without the passage saying them (songe.rulebook.trim)
    original: tuple[str, ...] = ()

    def in_section(self, section: Section) -> tuple[BookRule, ...]:
        """The rules of one section, in file order."""
        return tuple(r for r in self.rules if r.section is section)


def book_dir() -> Path:
    """The folder of the shipped rulebook data."""
    return spec_dir() / "rulebook"


def _wording(t: Table, field: str, required: bool = True) -> Wording | None:
    value = t.get(field, dict, {}, required=False)
    if not value:
        if required:
            raise t.fail(field, "missing: a table { fr = \"…\", en = \"…\" }")
        return None
    w = Table(value, t.file, f"{t.where}, {field}")
    w.unknown(set(LANGS))
    return Wording(w.get("fr", str), w.get("en", str))


def _placeholders(t: Table, text: str, context: set[str] | None) -> None:
    if context is None:
        return
    for name in _PLACEHOLDER.findall(text):
        if name not in context:
            raise t.fail(None, f"unknown placeholder {{{name}}} in {text[:60]!r}")


def load(path: Path | str, context: set[str] | None = None) -> Book:
    """Load a book file; with ``context`` (the names a game provides), check every placeholder."""
    p = Path(path)
    doc = Table(read_toml(p), str(p), "")
    doc.unknown({"book", "rules"})
    head = doc.sub("book", "table [book]")
    head.unknown({"game", "title", "intro", "register", "plain", "sections", "edition", "ruling", "unmeasured",
                  "original"})
    title, intro = _wording(head, "title"), _wording(head, "intro")
    assert title is not None and intro is not None
    rules: list[BookRule] = []
    seen: set[str] = set()
    for t in doc.rows("rules", "rule", max_rows=MAX_RULES):
        t.unknown({"id", "section", "sources", "fr", "en", "variants", "readings", "why", "card", "block", "title",
                   "fingerprint"})
        rid = t.get("id", str)
        if rid in seen:
            raise t.fail("id", f"{rid!r} is given twice")
        seen.add(rid)
        section = Section(t.choice("section", tuple(s.value for s in Section)))
        sources = tuple(t.get("sources", list, [], required=False))
        for s in sources:
            if not isinstance(s, str) or not _SENTENCE.match(s):
                raise t.fail("sources", f"{s!r} is not a sentence id like 'reveil.fr:23'")
        wording = Wording(t.get("fr", str, "", required=False), t.get("en", str, "", required=False))
        variants = []
        for k, v in enumerate(t.get("variants", list, [], required=False)):
            vt = Table(v if isinstance(v, dict) else {}, t.file, f"{t.where}, variant #{k + 1}")
            vt.unknown({"when", "fr", "en"})
            when = []
            for a in vt.get("when", list):
                if not isinstance(a, str) or a.count("=") != 1:
                    raise vt.fail("when", f"{a!r} is not 'reading=option'")
                r, o = a.split("=")
                when.append((r, o))
            variants.append(Variant(tuple(when), Wording(vt.get("fr", str), vt.get("en", str))))
        readings = tuple(t.get("readings", list, [], required=False))
        for text in [wording.fr, wording.en] + [x for v in variants for x in (v.wording.fr, v.wording.en)]:
            _placeholders(t, text, context)
        rules.append(BookRule(rid, section, sources, wording, tuple(variants), readings, _wording(t, "why", False),
                              t.get("card", str, "", required=False), t.get("block", str, "", required=False),
                              _wording(t, "title", False), t.get("fingerprint", str, "", required=False)))
    register = head.choice("register", ("tu", "vous")) if "register" in head.data else ""
    plain = tuple(str(x) for x in head.get("plain", list, [], required=False))
    named = Table(head.get("sections", dict, {}, required=False), head.file, f"{head.where}, sections")
    named.unknown({s.value for s in Section})
    titles = {Section(k): w for k in named.data if (w := _wording(named, k)) is not None}
    return Book(str(p), head.get("game", str), title, intro, tuple(rules), register, plain, titles,
                _wording(head, "edition", False), _wording(head, "ruling", False), _wording(head, "unmeasured", False),
                tuple(str(x) for x in head.get("original", list, [], required=False)))


def load_corrections(path: Path | str | None = None) -> tuple[Correction, ...]:
    """The sources' typos and OCR errors (``spec/rulebook/corrections.toml``)."""
    p = Path(path) if path else book_dir() / "corrections.toml"
    doc = Table(read_toml(p), str(p), "")
    doc.unknown({"corrections"})
    out = []
    for t in doc.rows("corrections", "correction", max_rows=500):
        t.unknown({"sentence", "wrong", "right", "kind", "why"})
        sid = t.get("sentence", str)
        if not _SENTENCE.match(sid):
            raise t.fail("sentence", f"{sid!r} is not a sentence id")
        out.append(Correction(sid, t.get("wrong", str), t.get("right", str), t.choice("kind", ("typo", "ocr", "grammar", "substance")),
                              t.get("why", str)))
    return tuple(out)


def fill(text: str, context: Mapping[str, str], where: str = "") -> str:
    """Replace each ``{name}`` by its value in ``context``.

    >>> fill("{deck} cartes", {"deck": "11"})
    '11 cartes'
    """
    def one(m: re.Match[str]) -> str:
        if m.group(1) not in context:
            raise SpecError(where or "rulebook", "", f"unknown placeholder {{{m.group(1)}}}")
        return context[m.group(1)]
    return _PLACEHOLDER.sub(one, text)
