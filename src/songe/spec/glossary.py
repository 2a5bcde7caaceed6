"""A game's own words, read from its spec's ``[glossary]`` table: one place for every term.

Engine text, the CLI and the books write "Lucidité", "Rêve" or "pli" through a
:class:`Term`, never as a literal, so a re-themed copy of a spec prints its own
words everywhere. A term knows its word in each language as written inside a
sentence (its capitals are the game's), its plural, its gender, and the articles
French grammar asks of it.

>>> g = of_raw({"glossary": {"lucidity": {
...     "fr": {"word": "Lucidité", "plural": "Lucidité", "gender": "f"},
...     "en": {"word": "Lucidity", "plural": "Lucidity", "gender": "n"}}}})
>>> t = g["lucidity"]
>>> t.name("fr"), t.name("en"), t.gender("fr").value
('Lucidité', 'Lucidity', 'f')
>>> t.the("fr"), t.the("en"), t.a("fr", capital=True), t.of("fr")
('la Lucidité', 'the Lucidity', 'Une Lucidité', 'de la Lucidité')
>>> t.count(3, "fr")
'3 Lucidité'
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from songe.errors import OptionError

#: The languages every term has.
LANGS = ("fr", "en")

#: Letters before which French elides le/la/de (a word starting with h says so itself, with ``elide``).
_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæ")


class Gender(enum.Enum):
    """A term's grammatical gender."""

    MASCULINE = "m"
    """le, un"""
    FEMININE = "f"
    """la, une"""
    NONE = "n"
    """English words"""


def lang_code(lang: object) -> str:
    """'fr' or 'en' from a language given as a code or as an enum whose value is the code.

    >>> lang_code("en")
    'en'
    """
    code = getattr(lang, "value", lang)
    if code not in LANGS:
        raise OptionError(f"unknown language {code!r}; valid: {', '.join(LANGS)}")
    return str(code)


def capitalise(text: str) -> str:
    """The text with its first letter in capitals (the rest untouched: 'l’Intensité' → 'L’Intensité')."""
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Word:
    """A term in one language."""

    singular: str
    plural: str
    gender: Gender
    elide: bool

    def __post_init__(self) -> None:
        if not self.singular or not self.plural:
            raise ValueError(f"a word needs its singular and plural, got {self.singular!r}, {self.plural!r}")


@dataclass(frozen=True)
class Term:
    """One game term in every language: the only way engine and book text names it."""

    id: str
    words: tuple[tuple[str, Word], ...]

    def word(self, lang: object) -> Word:
        """The term's word record in a language."""
        code = lang_code(lang)
        for key, w in self.words:
            if key == code:
                return w
        raise OptionError(f"term {self.id!r} has no {code!r} word")

    def name(self, lang: object, plural: bool = False, capital: bool = False) -> str:
        """The word as written in a sentence; ``capital`` for the start of one."""
        w = self.word(lang)
        text = w.plural if plural else w.singular
        return capitalise(text) if capital else text

    def gender(self, lang: object) -> Gender:
        """The word's grammatical gender in a language."""
        return self.word(lang).gender

    def capitalised(self, lang: object) -> bool:
        """Whether the game writes the word with a capital inside a sentence (a card type, a resource)."""
        return self.word(lang).singular[:1].isupper()

    def count(self, n: int, lang: object, space: str = " ") -> str:
        """A number and the word it counts ('3 Lucidité', '1 Thought', '2 Thoughts'); French: plural from 2."""
        many = n >= 2 if lang_code(lang) == "fr" else n != 1
        return f"{n}{space}{self.name(lang, plural=many)}"

    def the(self, lang: object, plural: bool = False, capital: bool = False) -> str:
        """The word with its definite article: 'la Lucidité', 'l’Intensité', 'les Pensées', 'the dream'."""
        w, text = self.word(lang), self.name(lang, plural)
        if lang_code(lang) == "en":
            out = f"the {text}"
        elif plural:
            out = f"les {text}"
        elif w.elide:
            out = f"l’{text}"
        else:
            out = f"{'la' if w.gender is Gender.FEMININE else 'le'} {text}"
        return capitalise(out) if capital else out

    def _with(self, lang: object, en: str, fr: str, plural: bool, capital: bool) -> str:
        """The word after a determiner, English or French by ``lang``."""
        out = f"{en if lang_code(lang) == 'en' else fr} {self.name(lang, plural)}"
        return capitalise(out) if capital else out

    def a(self, lang: object, capital: bool = False) -> str:
        """The word with its indefinite article: 'une Pensée', 'un Rêve', 'a dream', 'an intensity'."""
        female = self.word(lang).gender is Gender.FEMININE
        return self._with(lang, "an" if self.name(lang)[:1].lower() in "aeiou" else "a", "une" if female else "un",
                          False, capital)

    def your(self, lang: object, plural: bool = False, capital: bool = False) -> str:
        """The word with the possessive the players are addressed by: 'ta main', 'ton Rêve', 'your hand'."""
        w = self.word(lang)
        own = "tes" if plural else "ta" if w.gender is Gender.FEMININE and not w.elide else "ton"
        return self._with(lang, "your", own, plural, capital)

    def no(self, lang: object, capital: bool = False) -> str:
        """The word with 'no': 'aucune Pensée', 'aucun Rêve', 'no thought'."""
        return self._with(lang, "no", "aucune" if self.word(lang).gender is Gender.FEMININE else "aucun", False, capital)

    def pronoun(self, lang: object, capital: bool = False) -> str:
        """The subject pronoun standing for the word: 'il' (un Rêve), 'elle' (une Pensée), 'it'."""
        out = "it" if lang_code(lang) == "en" else "elle" if self.gender(lang) is Gender.FEMININE else "il"
        return capitalise(out) if capital else out

    def to(self, lang: object, plural: bool = False) -> str:
        """'to' and the definite article: 'à la défausse', 'au joueur', 'à l’Intensité', 'aux joueurs', 'to the player'."""
        if lang_code(lang) == "en":
            return f"to {self.the(lang, plural)}"
        the = self.the(lang, plural)
        return "aux" + the[3:] if plural else "au" + the[2:] if the.startswith("le ") else f"à {the}"

    def of(self, lang: object, plural: bool = False) -> str:
        """'of' and the definite article: 'de la Lucidité', 'du Rêve', 'de l’Intensité', 'des Pensées', 'of the dream'."""
        if lang_code(lang) == "en":
            return f"of {self.the(lang, plural)}"
        w, text = self.word(lang), self.name(lang, plural)
        if plural:
            return f"des {text}"
        if w.elide:
            return f"de l’{text}"
        return f"de la {text}" if w.gender is Gender.FEMININE else f"du {text}"


@dataclass(frozen=True)
class Glossary:
    """A game's terms, by id; a missing id is one clear error naming the spec's terms."""

    terms: tuple[Term, ...]
    file: str = ""

    def __getitem__(self, term_id: str) -> Term:
        for t in self.terms:
            if t.id == term_id:
                return t
        raise OptionError(f"{self.file or 'the spec'} has no glossary term {term_id!r}; "
                          f"its terms: {', '.join(self.ids) or 'none'}")

    def __contains__(self, term_id: object) -> bool:
        return any(t.id == term_id for t in self.terms)

    def __iter__(self) -> Iterator[Term]:
        return iter(self.terms)

    @property
    def ids(self) -> tuple[str, ...]:
        """The term ids, in the spec's order."""
        return tuple(t.id for t in self.terms)

    def translate(self, word: str, lang: object) -> str:
        """A French word of the spec (a suit, a role, a colour) in ``lang``: the term whose French word
        (singular or plural, any capitals) it is, else the word unchanged (a card's printed name stays)."""
        low = word.lower()
        for t in self.terms:
            fr = t.word("fr")
            if low == fr.singular.lower():
                return t.name(lang)
            if low == fr.plural.lower():
                return t.name(lang, plural=True)
        return word


class _Forms:
    """One form of every term, for a template field such as ``{the.dream}``."""

    def __init__(self, glossary: Glossary, lang: str, form: str) -> None:
        self._glossary, self._lang, self._form = glossary, lang, form

    def __getattr__(self, term_id: str) -> str:
        if term_id.startswith("_"):
            raise AttributeError(term_id)
        term, capital = self._glossary[term_id], self._form[:1].isupper()
        form, lang = self._form.lower(), self._lang
        if form == "t":
            return term.name(lang, capital=capital)
        if form == "pl":
            return term.name(lang, plural=True, capital=capital)
        if form == "the":
            return term.the(lang, capital=capital)
        if form == "thepl":
            return term.the(lang, plural=True, capital=capital)
        if form == "a":
            return term.a(lang, capital=capital)
        if form == "your":
            return term.your(lang, capital=capital)
        if form == "no":
            return term.no(lang, capital=capital)
        if form == "it":
            return term.pronoun(lang, capital=capital)
        if form == "to":
            text = term.to(lang)
            return capitalise(text) if capital else text
        text = term.of(lang)
        return capitalise(text) if capital else text


#: The forms a template can ask of a term: ``{t.X}`` the word, ``{pl.X}`` its plural, ``{the.X}``,
#: ``{thepl.X}``, ``{a.X}``, ``{your.X}``, ``{no.X}``, ``{it.X}`` (its pronoun), ``{of.X}``, ``{to.X}``; a capital
#: first letter (``{The.X}``) starts a sentence.
FORMS = ("t", "pl", "the", "thepl", "a", "your", "no", "it", "of", "to")


@dataclass(frozen=True)
class Register:
    """How French text addresses the players, « tu » or « vous »: a template writes both forms of a verb,
    ``{you:perds|perdez}``, and the register picks one (English has one form; its templates need none).

    >>> format(Register("tu"), "perds|perdez"), format(Register("vous"), "perds|perdez")
    ('perds', 'perdez')
    """

    value: str = "tu"

    def __post_init__(self) -> None:
        if self.value not in ("tu", "vous"):
            raise ValueError(f"a French register is 'tu' or 'vous', not {self.value!r}")

    def __format__(self, forms: str) -> str:
        tu, bar, vous = forms.partition("|")
        return (tu if self.value == "tu" else vous) if bar else forms


@dataclass(frozen=True)
class _ByGender:
    gender: Gender

    def __format__(self, forms: str) -> str:
        masculine, bar, feminine = forms.partition("|")
        return feminine if bar and self.gender is Gender.FEMININE else masculine


class _Agreement:
    """A word that agrees with a term's gender: ``{agree.dream:précédent|précédente}`` (English: the first)."""

    def __init__(self, glossary: Glossary, lang: str) -> None:
        self._glossary, self._lang = glossary, lang

    def __getattr__(self, term_id: str) -> _ByGender:
        if term_id.startswith("_"):
            raise AttributeError(term_id)
        return _ByGender(self._glossary[term_id].gender(self._lang))


def _fill_values(glossary: Glossary, lang: str) -> dict[str, object]:
    forms: dict[str, object] = {name: _Forms(glossary, lang, name) for form in FORMS for name in (form, capitalise(form))}
    return {**forms, "you": Register(), "agree": _Agreement(glossary, lang)}


def literal(text: str) -> str:
    """Spec text (a card name) made safe to splice into a template: its braces are printed, never read as fields."""
    return text.replace("{", "{{").replace("}", "}}")


def fill(glossary: Glossary, template: str, lang: object, **values: object) -> str:
    """A template with its game terms taken from the glossary and its other fields from ``values``
    (``you``, the :class:`Register` a verb's two French forms are chosen by: « tu » unless given; ``agree``, a
    word agreeing with a term's gender: ``{agree.dream:précédent|précédente}``).

    >>> g = of_raw({"glossary": {"dream": {"fr": {"word": "Rêve", "plural": "Rêves", "gender": "m"},
    ...                                    "en": {"word": "dream", "plural": "dreams", "gender": "n"}}}})
    >>> fill(g, "{The.dream} {card} : {n} {pl.dream}", "fr", card="Chute", n=2)
    'Le Rêve Chute : 2 Rêves'
    >>> fill(g, "{a.dream}, {card}", "en", card="Chute")
    'a dream, Chute'
    >>> fill(g, "{the.dream} {agree.dream:précédent|précédente}", "fr")
    'le Rêve précédent'
    """
    return template.format_map({**_fill_values(glossary, lang_code(lang)), **values})


def name_word(glossary: Glossary, term_id: str, name: str) -> Word:
    """A name's French record: its glossary entry's (``term_id``), else a masculine word that elides as French
    does before a vowel (a card with no entry yet: its gender matters to no determiner « de » takes).

    >>> name_word(Glossary(()), "echo", "Écho").elide
    True
    """
    return glossary[term_id].word("fr") if term_id in glossary else _word({"word": name, "plural": name, "gender": "m"})


def _word(raw: Mapping[str, Any]) -> Word:
    singular = str(raw["word"])
    elide = raw.get("elide")
    return Word(singular, str(raw["plural"]), Gender(raw["gender"]),
                bool(elide) if elide is not None else singular[:1].lower() in _VOWELS)


@lru_cache(maxsize=64)
def _parse(table_json: str, file: str) -> Glossary:
    table = json.loads(table_json)
    terms = tuple(Term(key, tuple((lang, _word(entry[lang])) for lang in LANGS)) for key, entry in table.items())
    return Glossary(terms, file)


def counted(text: str, term: Term, lang: object = "fr") -> list[int]:
    """The numbers a text puts before a term, in any of its forms, directly or through one word of measure
    (« 7 Rêves », « 6 points de Lucidité », « 6 jetons de Lucidité », "6 tokens of Lucidity"): the figures a
    sentence states, to be checked against the spec's.

    >>> g = of_raw({"glossary": {"dream": {"fr": {"word": "Rêve", "plural": "Rêves", "gender": "m"},
    ...                                    "en": {"word": "dream", "plural": "dreams", "gender": "n"}}}})
    >>> counted("7 Rêves, dont 1 Rêve en plus ; 3 cartes ; 2 piles de Rêves", g["dream"])
    [7, 1, 2]
    """
    w = term.word(lang)
    forms = "|".join(re.escape(f) for f in sorted({w.singular, w.plural}, key=len, reverse=True))
    return [int(n) for n in re.findall(rf"(?<![\d,.])(\d+)\s+(?:[^\W\d]+\s+(?:de|of)\s+|[^\W\d]+\s+d[’'])?"
                                       rf"(?:{forms})(?!\w)", text, re.IGNORECASE)]


def say(spec: Any, table: Mapping[str, Mapping[str, str]], key: str, lang: object, **values: object) -> str:
    """``table[key]`` in ``lang``, filled by :func:`fill` with ``spec``'s glossary: a family's sentences are a
    wording table (key -> language -> template), and this one function reads them all."""
    code = lang_code(lang)
    return fill(of(spec), table[key][code], code, **values)


def of_raw(raw: Mapping[str, Any], file: str = "") -> Glossary:
    """The glossary of a spec's raw data (validated by its family's schema; an absent table: no terms)."""
    return _parse(json.dumps(raw.get("glossary") or {}, ensure_ascii=False), file)


def of(spec: Any) -> Glossary:
    """The glossary of a loaded spec (any family: every spec keeps its raw data and file name)."""
    return of_raw(spec.raw, getattr(spec, "file", ""))
