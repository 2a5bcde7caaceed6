"""Pointers from one rule of a book to another, said the way a publisher's book says them.

The player's book numbers its sections, not its sentences. A rule text may still point to another rule by the
number it would have as the k-th rule of section n (« voir 4.13 », « (4.10) », « en 4.21 », « see 4.16 to 4.20 »):
the composer knows every rule's place, so such a pointer is printed as the section and the first words of the
rule it means (« voir section 4, « Une couleur annoncée… » »). A pointer to no rule is left as written (the
book's test finds it).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

#: A pointer to the k-th rule of section n: its lead-in (a parenthesis, « voir », « en »…), one number or a range.
POINTER = re.compile(r"(?P<pre>\((?:voir |see )?|\b(?:voir|see|comme en|as in|en|in) )"
                     r"(?P<a>\d+\.\d+)(?: (?:à|to) (?P<b>\d+\.\d+))?(?=[\s).,;:]|$)")
#: Most words of a rule's opening quoted when it has no short lead-in before a colon.
LEAD_WORDS = 5


@dataclass(frozen=True)
class Place:
    """Where a rule is printed: its section's number and its opening words."""

    section: int
    lead: str


def lead(text: str) -> str:
    """A rule's opening words as a pointer quotes them: its lead-in before a colon when short
    (« Piocher »), else its first words and an ellipsis.

    >>> lead("Piocher\u00a0: quand une carte te demande de piocher, retourne la carte du dessus.")
    'Piocher'
    >>> lead("Si la carte entamée est une Potion, celui qui l'a entamée annonce une couleur.")
    'Si la carte entamée est une Potion…'
    >>> lead("Une Potion porte le symbole « + » : elle se joue à part.")
    'Une Potion porte le symbole…'
    """
    text = re.split(r"\s*[«“\"(]", text, maxsplit=1)[0]  # a quotation inside a quotation: cut before it
    head = text.split(":", 1)[0].strip(" \u00a0\u202f")
    if ":" in text and len(head.split()) <= LEAD_WORDS + 1:
        return head
    clause = text.split(",", 1)[0]
    if "," in text and 2 <= len(clause.split()) <= LEAD_WORDS + 2:  # « Le Rêve précédent, qu’Écho… »
        return clause + "…"
    return " ".join(text.split()[:LEAD_WORDS]).rstrip(",;:.\u00a0") + "…"


def _quoted(words: str, lang: str) -> str:
    return f"«\u00a0{words}\u00a0»" if lang == "fr" else f"“{words}”"


def resolve(text: str, places: Mapping[str, Place], lang: str) -> str:
    """``text`` with every pointer to a known rule said as its section and opening words.

    >>> p = {"4.13": Place(4, "Ordre des couleurs"), "4.16": Place(4, "x"), "4.20": Place(4, "y")}
    >>> resolve("Elle n’y entre pas (voir 4.13) : rien.", p, "fr")
    'Elle n’y entre pas (voir section 4, «\\xa0Ordre des couleurs\\xa0») : rien.'
    >>> resolve("resolve it first (see 4.16 to 4.20); it is explained in 4.13.", p, "en")
    'resolve it first (see section 4); it is explained in section 4 (“Ordre des couleurs”).'
    >>> resolve("(voir 4.16 à 4.17)", {"4.16": Place(4, "Potions"), "4.17": Place(4, "Potions")}, "fr")
    '(voir section 4, «\\xa0Potions\\xa0»)'
    >>> resolve("71.44 (voir 9.9)", p, "fr")
    '71.44 (voir 9.9)'
    """
    fr = lang == "fr"

    def say(m: re.Match[str]) -> str:
        a, b = places.get(m["a"]), places.get(m["b"]) if m["b"] else None
        if a is None or (m["b"] and b is None):
            return m[0]
        pre = m["pre"].strip()
        if b is not None and b != a:  # a range: the sections it spans
            where = f"section {a.section}" if a.section == b.section else \
                f"sections {a.section} {'à' if fr else 'to'} {b.section}"
            words = where
        else:
            where = f"section {a.section}"
            words = f"{where}, {_quoted(a.lead, lang)}"
        if pre.startswith("("):
            return f"({'voir' if fr else 'see'} {words}"
        if pre in ("voir", "see"):
            return f"{pre} {words}"
        told = where if b is not None and b != a else f"{where} ({_quoted(a.lead, lang)})"
        if pre in ("en", "comme en"):
            return f"{pre[:-2]}à la {told}".lstrip()
        return f"{pre} {told}"  # « in », « as in »

    return POINTER.sub(say, text)
