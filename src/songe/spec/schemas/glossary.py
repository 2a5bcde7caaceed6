"""The ``[glossary]`` table every family's spec carries: the game's own words in French and English.

Each entry is a term the engine, the CLI and the books write (the resource, the card
kinds, a side of the board): its word in each language as written inside a sentence
(so its capitals are the game's), its plural and its grammatical gender. A family
declares the terms its wording uses; a spec missing one is refused at load, so a
re-themed copy cannot print a word it did not choose.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Annotated

from pydantic import AfterValidator, Field, ValidationInfo

from songe.spec.schemas.base import Doc, Id, Name, fail


class GenderId(enum.Enum):
    """A term's grammatical gender, as the spec writes it."""

    M = "m"
    """masculine (le, un)"""
    F = "f"
    """feminine (la, une)"""
    N = "n"
    """none (English)"""


class WordDoc(Doc):
    """A term in one language."""

    word: Name = Field(description="the singular as written inside a sentence (its capitals are the game's)")
    plural: Name = Field(description="the plural (the same word for a quantity such as 'Lucidité')")
    gender: GenderId
    elide: bool | None = Field(None, description="French: whether le/la/de elide before it (default: it "
                                                 "starts with a vowel); true for a mute h, false for an aspirated one")


class TermDoc(Doc):
    """One game term: its French and English words."""

    fr: WordDoc
    en: WordDoc
    note: Annotated[str, Field(max_length=400)] = ""


def _french_gender(terms: Mapping[str, TermDoc]) -> Mapping[str, TermDoc]:
    for key, term in terms.items():
        if term.fr.gender is GenderId.N:
            raise ValueError(f"term {key!r}: a French word is masculine ('m') or feminine ('f'), not 'n'")
    return terms


#: The table: term id → its words. Which ids a family needs is checked by :func:`require`.
GlossaryDoc = Annotated[dict[Id, TermDoc], Field(max_length=200), AfterValidator(_french_gender)]


def check(info: ValidationInfo, terms: Mapping[str, TermDoc], needed: tuple[str, ...]) -> None:
    """Refuse a glossary missing a term the family's texts use (``needed``)."""
    missing = [t for t in needed if t not in terms]
    if missing:
        raise fail(info, "", "glossary", f"missing term{'s' * (len(missing) > 1)} {', '.join(map(repr, missing))}; "
                                         f"this family's texts use: {', '.join(needed)}")
