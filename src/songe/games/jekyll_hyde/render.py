"""Jekyll vs Hyde's events as one line of French or English: one wording per language.

Cards are written in their notation (O3, P2); the sides, tricks, rounds, the marker and
the suits' and colours' names come from the spec's glossary, so a re-themed spec prints
its own words. No card data lives here, only the vocabulary.

>>> from songe.spec.jekyll_hyde import load
>>> spec = load()
>>> show = lambda event, lang: print(render_event(event, spec, lang).replace("\N{NO-BREAK SPACE}", "~"))
>>> card, potion = spec.deck[0], spec.deck[-1]  # a Lutte card and a Potion, in the spec's notation
>>> render_event(TrickWon(1, card, potion, "steal", (), ""), spec, Lang.FR).endswith(f"({card}, {potion}) ; effet : vol d’un pli")
True
>>> show(RoundEnded(1, (6, 4), 2, 2), Lang.EN)
end of round 1: tricks 6 (Dr~Jekyll) to 4 (Mr~Hyde), the Identity marker moves 2 to space 2
>>> suit = spec.suits[0]  # named by the spec's French name, told by the glossary's English one
>>> render_event(Named(0, suit.id, suit.name), spec, Lang.EN).endswith(f"names {glossary.of(spec).translate(suit.name, 'en')} ({suit.id})")
True
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
from songe.spec import glossary
from songe.spec.jekyll_hyde import JekyllHydeSpec

#: Per event type, per language: the line. ``{side}`` is the acting side's term, other fields the event's.
_LINES: dict[str, dict[str, str]] = {
    "aside": {"en": "{card} is set aside", "fr": "{card} est mise de côté"},
    "dealt": {"en": "{card} is dealt to {side}", "fr": "{card} est distribuée à {side}"},
    "gave": {"en": "{side} gives {cards}", "fr": "{side} donne {cards}"},
    "gave_green": {"en": "{side} gives {cards} ({green} potion)", "fr": "{side} donne {cards} (potion {green})"},
    "led": {"en": "{side} leads {card}", "fr": "{side} entame {card}"},
    "named": {"en": "{side} names {name} ({suit})", "fr": "{side} annonce {name} ({suit})"},
    "followed": {"en": "{side} follows with {card}", "fr": "{side} joue {card}"},
    "won": {"en": "{side} wins the {t.trick} ({lead}, {follow})", "fr": "{side} remporte le {t.trick} ({lead}, {follow})"},
    "effect": {"en": "; effect: {effect}", "fr": " ; effet : {effect}"},
    "stolen": {"en": "{side} steals the {t.trick} ({trick})", "fr": "{side} vole le {t.trick} ({trick})"},
    "round": {"en": "end of {t.round} {round}: {pl.trick} {j} ({t.jekyll}) to {h} ({t.hyde}), the {t.marker} moves "
                    "{difference} to {t.space} {marker}",
              "fr": "fin de la {t.round} {round} : {j} {pl.trick} ({t.jekyll}) contre {h} ({t.hyde}), {the.marker} "
                    "avance de {difference} jusqu’à la {t.space} {marker}"},
    "game": {"en": "{side} wins ({t.marker} on {t.space} {marker})",
             "fr": "{side} gagne ({t.marker} sur la {t.space} {marker})"},
}

#: The potion effects, by the spec's effect ids.
_EFFECTS: dict[str, dict[str, str]] = {
    "steal": {"en": "a {t.trick} is stolen", "fr": "vol d’un {t.trick}"},
    "exchange": {"en": "{pl.card} are exchanged", "fr": "échange de {pl.card}"},
    "reset": {"en": "the {t.colour} order is reset", "fr": "ordre des {pl.colour} réinitialisé"},
}

#: The glossary term of each side, by index (Jekyll 0, Hyde 1).
_SIDES = ("jekyll", "hyde")


def render_event(event: object, spec: JekyllHydeSpec, lang: Lang) -> str:
    """One line saying what happened."""
    g, code = glossary.of(spec), lang.value
    say = lambda key, **values: glossary.fill(g, _LINES[key][code], code, **values)  # noqa: E731
    side = lambda index: g[_SIDES[index]].name(code)  # noqa: E731
    if isinstance(event, Dealt):
        return say("aside", card=event.card) if event.side is None else say("dealt", card=event.card,
                                                                             side=side(event.side))
    if isinstance(event, Gave):
        green = next((s.colour for s in spec.suits if s.effect.value == "exchange"), "")
        return say("gave_green" if event.green else "gave", side=side(event.side), cards=", ".join(event.cards),
                   green=g.translate(green, code))
    if isinstance(event, Led):
        return say("led", side=side(event.side), card=event.card)
    if isinstance(event, Named):
        return say("named", side=side(event.side), name=g.translate(event.name, code), suit=event.suit)
    if isinstance(event, Followed):
        return say("followed", side=side(event.side), card=event.card)
    if isinstance(event, TrickWon):
        head = say("won", side=side(event.winner), lead=event.lead, follow=event.follow)
        if event.effect is None:
            return head
        return head + say("effect", effect=glossary.fill(g, _EFFECTS[event.effect][code], code))
    if isinstance(event, Stolen):
        return say("stolen", side=side(event.thief), trick=", ".join(event.trick))
    if isinstance(event, RoundEnded):
        j, h = event.tricks
        return say("round", round=event.round, j=j, h=h, difference=event.difference, marker=event.marker)
    if isinstance(event, GameEnded):
        return say("game", side=side(event.winner), marker=event.marker)
    raise TypeError(f"not a Jekyll vs Hyde event: {event!r}")
