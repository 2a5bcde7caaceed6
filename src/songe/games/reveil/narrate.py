"""Trace events in French (the source's language) or English, for traces and examples."""

from __future__ import annotations

from songe.games.plugin import Lang
from songe.games.reveil.render import describe
from songe.games.reveil.state import Event, EventKind
from songe.spec.reveil import ReveilSpec


def narrate(event: Event, spec: ReveilSpec, lang: Lang = Lang.FR) -> str:
    """One line for an event in ``lang`` (card names and quotes stay as printed).

    >>> from songe.spec.reveil import load
    >>> narrate(Event(EventKind.LOSS, None, 3, 1, 3), load())
    'tu perds 3 Lucidité (Lucidité 3)'
    >>> narrate(Event(EventKind.LOSS, None, 3, 1, 3), load(), Lang.EN)
    'lose 3 Lucidité (Lucidité 3)'
    """
    if lang is Lang.EN:
        return describe(event, spec)
    k, card, n, luc = event.kind, event.card, event.amount, event.lucidity
    if k is EventKind.ROW:
        row = next(c for c in spec.cards if c.name == card).effects[n or 0]
        return f"{card} : « {row.quote} »"
    return {
        EventKind.REVEAL: f"tu révèles {card} (intensité {n})",
        EventKind.TO_HAND: f"{card} va dans ta main",
        EventKind.HAND_FULL: f"{card} piochée main pleine : retirée du jeu",
        EventKind.PLAY: f"tu joues {card}",
        EventKind.PASS: f"aucune Pensée contre {card}",
        EventKind.INTENSITY: f"intensité actuelle de {card} : {n}",
        EventKind.SKIP_EFFECT: f"l'effet de {card} ne s'applique pas (ignoré ou annulé)",
        EventKind.LOSS: f"tu perds {n} Lucidité (Lucidité {luc})",
        EventKind.GAIN: f"tu gagnes {n} Lucidité (Lucidité {luc})",
        EventKind.DRAW_NOTHING: "pioche : rien ne se passe (paquet vide ou plus de Lucidité)",
        EventKind.REMOVE: f"{card} est retirée de ta main au hasard",
        EventKind.DISCARD: f"{card} va dans la défausse",
        EventKind.CHAIN_START: f"{card} est interrompu par un rêve enchaîné",
        EventKind.CHAIN_END: f"retour à {card}",
        EventKind.DEFEAT: f"DÉFAITE avec {luc} Lucidité",
        EventKind.VICTORY: f"VICTOIRE avec {luc} Lucidité",
    }[k]
