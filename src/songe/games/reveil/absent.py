"""What a designer's spec no longer has, kept out of its books: the shipped game's cards it left out.

The book's authored texts and the spec's open points were written for the shipped
game. A text naming a card the spec left out would print a card the players do not
have, so the book prints it without the clause that names it (:func:`cut`, listed
« à relire » in the dossier with the reason), and an open point whose wording names
one is left out whole, said in one line (:func:`left_out_notes`), as the shipped
readings about such cards are: its question, readings and quotes argue about that
card, and no clause of them can be cut safely. ``songe lint`` names both.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from songe.games.reveil.lint import stale_readings
from songe.spec.reveil import ReveilSpec, load


def gone_names(spec: ReveilSpec) -> list[str]:
    """The names of the shipped game's cards that the spec no longer has (by id), longest first."""
    mine = {c.id for c in spec.cards}
    return sorted((c.name for c in load().cards if c.id not in mine), key=len, reverse=True)


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
    """An authored text without what it says of the named cards: in a sentence naming one, the clause that names
    it (from the comma or semicolon before it to the next one or the sentence's end), or the whole sentence when
    its first clause does.

    >>> cut("Oui : tu peux compter, y compris la Pensée que Visage flou retire (ta main, dit-elle). Les chances.",
    ...     ["Visage flou"])
    'Oui : tu peux compter. Les chances.'
    >>> cut("Visage flou retire une Pensée, au hasard. Reste.", ["Visage flou"])
    'Reste.'
    >>> cut("Rien à couper.", ["Visage flou"])
    'Rien à couper.'
    """
    if not names or not _names(text, names):
        return text
    kept = []
    for sentence in re.split(r"(?<=[.!?])\s+", text.strip()):
        if not _names(sentence, names):
            kept.append(sentence)
            continue
        body, end = re.fullmatch(r"(.*?)([.!?…]*)", sentence, flags=re.S).groups()  # type: ignore[union-attr]
        clauses = _clauses(body)
        if _names(clauses[0], names):
            continue
        kept.append("".join(c for c in clauses if not _names(c, names)).rstrip() + end)
    return " ".join(kept)


def left_out_points(spec: ReveilSpec) -> dict[str, str]:
    """The open points the books leave out: their wording names a card the spec left out (id → the card)."""
    return stale_readings(spec, "open point")


def left_out_notes(spec: ReveilSpec, lang: str) -> list[str]:
    """One sentence per open point the books leave out, for the dossier's « à relire »."""
    return [(f"Le point ouvert « {pid} » est laissé de côté : il parle de {card}, carte absente de la spec ; "
             f"réécris-le pour ce jeu ou supprime-le (voir songe lint)." if lang == "fr" else
             f"The open point “{pid}” is left out: it speaks of {card}, a card not in the spec; rewrite it for "
             f"this game or delete it (see songe lint).") for pid, card in left_out_points(spec).items()]
