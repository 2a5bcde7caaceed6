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

from songe.games.reveil.lint import stale_readings
from songe.rulebook.trim import cut as cut
from songe.spec.reveil import ReveilSpec, load


def gone_names(spec: ReveilSpec) -> list[str]:
    """The names of the shipped game's cards that the spec no longer has (by id), longest first."""
    mine = {c.id for c in spec.cards}
    return sorted((c.name for c in load().cards if c.id not in mine), key=len, reverse=True)


def left_out_points(spec: ReveilSpec) -> dict[str, str]:
    """The open points the books leave out: their wording names a card the spec left out (id → the card)."""
    return stale_readings(spec, "open point")


def left_out_notes(spec: ReveilSpec, lang: str) -> list[str]:
    """One sentence per open point the books leave out, for the dossier's « à relire »."""
    return [(f"Le point ouvert « {pid} » est laissé de côté : il parle de {card}, carte absente de la spec ; "
             f"réécris-le pour ce jeu ou supprime-le (voir songe lint)." if lang == "fr" else
             f"The open point “{pid}” is left out: it speaks of {card}, a card not in the spec; rewrite it for "
             f"this game or delete it (see songe lint).") for pid, card in left_out_points(spec).items()]
