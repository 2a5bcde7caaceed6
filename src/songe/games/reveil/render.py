"""Trace events as readable lines (English; card names and quotes stay French)."""

from __future__ import annotations

from songe.games.reveil.state import Event, EventKind
from songe.spec.reveil import ReveilSpec


def describe(event: Event, spec: ReveilSpec) -> str:
    """One line for an event, indented by chain depth by the caller.

    >>> from songe.spec.reveil import load
    >>> describe(Event(EventKind.LOSS, None, 3, 1, 3), load())
    'lose 3 Lucidité (Lucidité 3)'
    """
    k, card, n = event.kind, event.card, event.amount
    if k is EventKind.REVEAL:
        return f"reveal {card} (intensity {n})"
    if k is EventKind.TO_HAND:
        return f"{card} goes to the hand"
    if k is EventKind.HAND_FULL:
        return f"{card} drawn with a full hand: removed from the game"
    if k is EventKind.PLAY:
        return f"play {card}"
    if k is EventKind.PASS:
        return f"no thought against {card}"
    if k is EventKind.ROW:
        row = next(c for c in spec.cards if c.name == card).effects[n or 0]
        return f"{card}: « {row.quote} » → {row.action}"
    if k is EventKind.INTENSITY:
        return f"current intensity of {card}: {n}"
    if k is EventKind.SKIP_EFFECT:
        return f"effect of {card} does not apply (ignored or cancelled)"
    if k is EventKind.LOSS:
        return f"lose {n} Lucidité (Lucidité {event.lucidity})"
    if k is EventKind.GAIN:
        return f"gain {n} Lucidité (Lucidité {event.lucidity})"
    if k is EventKind.DRAW_NOTHING:
        return "draw: nothing happens (empty deck or no Lucidité left)"
    if k is EventKind.REMOVE:
        return f"{card} is removed from the hand at random"
    if k is EventKind.DISCARD:
        return f"{card} goes to the discard"
    if k is EventKind.CHAIN_START:
        return f"{card} is interrupted by a chained dream"
    if k is EventKind.CHAIN_END:
        return f"back to {card}"
    if k is EventKind.DEFEAT:
        return f"DEFEAT with {event.lucidity} Lucidité"
    return f"VICTORY with {event.lucidity} Lucidité"
