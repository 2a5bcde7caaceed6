"""Jekyll vs Hyde's events as one line of French or English.

Cards are written in their notation (O3, P2) and colours by the spec's names,
which the events carry: no card data lives here, only the vocabulary.

>>> from songe.games.plugin import Lang
>>> render_event(TrickWon(1, "O3", "P3", "steal", ("O",), "a tie at 3: the potion's '+' wins it"), Lang.FR)
'Mr. Hyde remporte le pli (O3, P3) ; effet : vol d’un pli'
>>> render_event(RoundEnded(1, (6, 4), 2, 2), Lang.EN)
'end of round 1: tricks 6 (Jekyll) to 4 (Hyde), the marker moves 2 to space 2'
"""

from __future__ import annotations

from songe.games.jekyll_hyde.state import (
    Dealt,
    Followed,
    GameEnded,
    Gave,
    Led,
    Named,
    RoundEnded,
    Stolen,
    TrickWon,
)
from songe.games.plugin import Lang

_SIDE = {Lang.FR: ("Dr. Jekyll", "Mr. Hyde"), Lang.EN: ("Jekyll", "Hyde")}
_EFFECT = {Lang.FR: {"steal": "vol d’un pli", "exchange": "échange de cartes",
                     "reset": "ordre des couleurs réinitialisé"},
           Lang.EN: {"steal": "a trick is stolen", "exchange": "cards are exchanged",
                     "reset": "the colour order is reset"}}


def render_event(event: object, lang: Lang) -> str:
    """One line saying what happened."""
    fr = lang is Lang.FR
    side = _SIDE[lang]
    if isinstance(event, Dealt):
        if event.side is None:
            return f"{event.card} est mis de côté" if fr else f"{event.card} is set aside"
        return (f"{event.card} est distribuée à {side[event.side]}" if fr
                else f"{event.card} is dealt to {side[event.side]}")
    if isinstance(event, Gave):
        cards = ", ".join(event.cards)
        if fr:
            return f"{side[event.side]} donne {cards}" + (" (potion verte)" if event.green else "")
        return f"{side[event.side]} gives {cards}" + (" (green potion)" if event.green else "")
    if isinstance(event, Led):
        return f"{side[event.side]} entame {event.card}" if fr else f"{side[event.side]} leads {event.card}"
    if isinstance(event, Named):
        return (f"{side[event.side]} annonce {event.name} ({event.suit})" if fr
                else f"{side[event.side]} names {event.name} ({event.suit})")
    if isinstance(event, Followed):
        return f"{side[event.side]} joue {event.card}" if fr else f"{side[event.side]} follows with {event.card}"
    if isinstance(event, TrickWon):
        head = (f"{side[event.winner]} remporte le pli ({event.lead}, {event.follow})" if fr
                else f"{side[event.winner]} wins the trick ({event.lead}, {event.follow})")
        if event.effect is None:
            return head
        return head + (" ; effet : " if fr else "; effect: ") + _EFFECT[lang][event.effect]
    if isinstance(event, Stolen):
        trick = ", ".join(event.trick)
        return (f"{side[event.thief]} vole le pli ({trick})" if fr
                else f"{side[event.thief]} steals the trick ({trick})")
    if isinstance(event, RoundEnded):
        j, h = event.tricks
        if fr:
            return (f"fin de la manche {event.round} : {j} plis (Jekyll) contre {h} (Hyde), le marqueur avance de "
                    f"{event.difference} jusqu’à la case {event.marker}")
        return (f"end of round {event.round}: tricks {j} (Jekyll) to {h} (Hyde), the marker moves "
                f"{event.difference} to space {event.marker}")
    if isinstance(event, GameEnded):
        return (f"{side[event.winner]} gagne (marqueur sur la case {event.marker})" if fr
                else f"{side[event.winner]} wins (marker on space {event.marker})")
    raise TypeError(f"not a Jekyll vs Hyde event: {event!r}")
