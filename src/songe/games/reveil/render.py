"""Trace events as readable lines (English; card names and quotes stay French)."""

from __future__ import annotations

import re

from songe.games.reveil.state import Event, EventKind
from songe.games.reveil.verbs import REGISTRY
from songe.spec.expr import And, Compare, Condition, Flag, Not, Num, Var
from songe.spec.reveil import Card, ReveilSpec, Row, Trigger


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


def card_text(card: Card) -> str:
    """A card's printed text: its quoted line without the name, copies and intensity."""
    text = card.quote[len(card.name):] if card.quote.startswith(card.name) else card.quote
    return re.sub(r"^\s*(\(×\d+\))?\s*(\d+\s)?", "", text).strip()


_NAMES = {"intensity": "the current intensity", "printed": "its printed intensity",
          "hand": "the number of thoughts in hand",
          "lucidity": "Lucidité", "deck": "the cards left in the deck",
          "previous": "the previous dream's printed intensity", "lost": "the Lucidité it took"}
_OPS = {">=": "is at least", "<=": "is at most", ">": "is more than", "<": "is less than", "==": "is", "!=": "is not"}
_WHEN = {Trigger.PLAY: "When played", Trigger.EFFECT: "Effect", Trigger.AFTER_LOSS: "After the loss step",
         Trigger.DRAWN_RESOLVED: "When the dream it drew is resolved"}


def _term(t: Num | Var, spec: ReveilSpec) -> str:
    if isinstance(t, Num):
        return str(t.value)
    if t.key is not None:
        where = "in the discard" if t.name == "discard" else "in hand"
        return f"the number of {spec.card(t.key).name} {where}"
    return _NAMES.get(t.name, t.name)


def condition_en(cond: Condition, spec: ReveilSpec) -> str:
    """A condition in English words.

    >>> from songe.spec.reveil import load
    >>> from songe.spec.expr import parse_condition
    >>> condition_en(parse_condition("intensity >= 3"), load())
    'the current intensity is at least 3'
    """
    if isinstance(cond, Compare):
        return f"{_term(cond.left, spec)} {_OPS[cond.op.value]} {_term(cond.right, spec)}"
    if isinstance(cond, Flag):
        return "a thought was played against it"
    if isinstance(cond, Not):
        return "no thought was played against it" if isinstance(cond.item, Flag) else \
            f"not ({condition_en(cond.item, spec)})"
    joiner = " and " if isinstance(cond, And) else " or "
    return joiner.join(condition_en(c, spec) for c in cond.items)


def action_en(row: Row) -> str:
    """A row's action in English words (the verb's own, from the registry)."""
    return REGISTRY[row.verb].en(row.action.amount or 0)


def action_fr(row: Row) -> str:
    """A row's action in French words (the verb's own, from the registry).

    >>> from songe.spec.reveil import load
    >>> action_fr(load().cards[0].effects[0])
    'perdez 1 Lucidité de plus'
    """
    return REGISTRY[row.verb].fr(row.action.amount or 0)


def row_en(row: Row, spec: ReveilSpec) -> str:
    """A card row in English: when, if, what."""
    cond = f"if {condition_en(row.condition, spec)}, " if row.condition is not None else ""
    snap = " (read when the dream was revealed)" if row.at.value == "reveal" else ""
    return f"{_WHEN[row.when]}: {cond}{action_en(row)}{snap}."
