"""An authored text without the passages that say given words: what a spec no longer has stays out of its book.

A designer's spec can leave out a card the authored book names, and its game has no
« original » for the book's editorial asides to speak of. Rather than print such a
passage stale, the book prints the sentence without it (the dossier lists it « à relire »).
"""

from __future__ import annotations

import re
from collections.abc import Sequence


def _names(text: str, names: Sequence[str]) -> bool:
    return any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text) for n in names)


def _clauses(sentence: str) -> list[str]:
    """A sentence cut before each comma or semicolon outside parentheses and quotes (each clause keeps the mark
    that opens it)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(sentence):
        depth += ch in "(«“"
        depth -= ch in ")»”"
        if ch in ",;" and depth <= 0 and i > start:
            while i > start and sentence[i - 1] in " \u00a0\u202f":  # a French space before « ; » goes with it
                i -= 1
            out.append(sentence[start:i])
            start = i
    return out + [sentence[start:]]


def cut(text: str, names: Sequence[str]) -> str:
    """An authored text without what it says of ``names`` (cards a spec left out, words about an original a
    designer's game does not have): in a sentence saying one, the parenthesis that says it, else the clause (from
    the comma or semicolon before it to the next one or the sentence's end), else the whole sentence when its
    first clause does.

    >>> cut("Oui : tu peux compter, y compris la Pensée que la Brume retire (ta main, dit-elle). Les chances.",
    ...     ["la Brume"])
    'Oui : tu peux compter. Les chances.'
    >>> cut("la Brume retire une Pensée, au hasard. Reste.", ["la Brume"])
    'Reste.'
    >>> cut("Donne le même dos (l’original permettait deux dos, mais non). Reste.", ["l’original"])
    'Donne le même dos. Reste.'
    >>> cut("Rien à couper.", ["la Brume"])
    'Rien à couper.'
    """
    if not names or not _names(text, names):
        return text
    kept = []
    for sentence in re.split(r"(?<=[.!?])\s+", text.strip()):
        if not _names(sentence, names):
            kept.append(sentence)
            continue
        sentence = re.sub(r"\s*\([^()]*\)", lambda m: "" if _names(m[0], names) else m[0], sentence)
        if not _names(sentence, names):
            kept.append(sentence)
            continue
        body, end = re.fullmatch(r"(.*?)([.!?…]*)", sentence, flags=re.S).groups()  # type: ignore[union-attr]
        clauses = _clauses(body)
        if _names(clauses[0], names):
            continue
        kept.append("".join(c for c in clauses if not _names(c, names)).rstrip() + end)
    return " ".join(kept)
