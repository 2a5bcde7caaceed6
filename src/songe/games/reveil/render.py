"""A card's rules in words (English; the French is the card's own quote), their terms from the spec's glossary.

The events of a game are worded in :mod:`songe.games.reveil.wording`.
"""

from __future__ import annotations

from songe.games.reveil.verbs import REGISTRY
from songe.spec import glossary
from songe.spec.expr import And, Compare, Condition, Flag, Not, Num, Var
from songe.spec.reveil import ReveilSpec, Row, Trigger

_NAMES = {"intensity": "the current {t.intensity}", "printed": "its printed {t.intensity}",
          "hand": "the number of {pl.thought} in {t.hand}",
          "lucidity": "{t.lucidity}", "deck": "the {pl.card} left in the {t.deck}",
          "previous": "the previous {t.dream}'s printed {t.intensity}", "lost": "the {t.lucidity} it took"}
_OPS = {">=": "is at least", "<=": "is at most", ">": "is more than", "<": "is less than", "==": "is", "!=": "is not"}
_WHEN = {Trigger.PLAY: "When played", Trigger.EFFECT: "Effect", Trigger.AFTER_LOSS: "After the loss step",
         Trigger.DRAWN_RESOLVED: "When the {t.dream} it drew is resolved"}


def _term(t: Num | Var, spec: ReveilSpec) -> str:
    if isinstance(t, Num):
        return str(t.value)
    if t.key is not None:
        where = "in the {t.discard}" if t.name == "discard" else "in {t.hand}"
        return f"the number of {glossary.literal(spec.card(t.key).name)} {where}"
    return _NAMES.get(t.name, t.name)


def _en(template: str, spec: ReveilSpec) -> str:
    return glossary.fill(glossary.of(spec), template, "en")


def condition_en(cond: Condition, spec: ReveilSpec) -> str:
    """A condition in English words.

    >>> from songe.spec.reveil import load
    >>> from songe.spec.expr import parse_condition
    >>> condition_en(parse_condition("intensity >= 3"), load())
    'the current intensity is at least 3'
    """
    if isinstance(cond, Compare):
        return _en(f"{_term(cond.left, spec)} {_OPS[cond.op.value]} {_term(cond.right, spec)}", spec)
    if isinstance(cond, Flag):
        return _en("{a.thought} was played against it", spec)
    if isinstance(cond, Not):
        return _en("{no.thought} was played against it", spec) if isinstance(cond.item, Flag) else \
            f"not ({condition_en(cond.item, spec)})"
    joiner = " and " if isinstance(cond, And) else " or "
    return joiner.join(condition_en(c, spec) for c in cond.items)


def action_en(row: Row, spec: ReveilSpec) -> str:
    """A row's action in English words (the verb's own, from the registry; terms from the glossary)."""
    return _en(REGISTRY[row.verb].en(row.action.amount or 0), spec)


def action_fr(row: Row, spec: ReveilSpec, register: str = "tu") -> str:
    """A row's action in French words (the verb's own, from the registry; terms from the glossary), the
    players addressed in ``register`` (« tu » or « vous »: the book's).

    >>> from songe.spec.reveil import load
    >>> action_fr(load().cards[0].effects[0], load()), action_fr(load().cards[0].effects[0], load(), "vous")
    ('perds 1 Lucidité de plus', 'perdez 1 Lucidité de plus')
    """
    return glossary.fill(glossary.of(spec), REGISTRY[row.verb].fr(row.action.amount or 0), "fr",
                         you=glossary.Register(register))


def row_en(row: Row, spec: ReveilSpec) -> str:
    """A card row in English: when, if, what."""
    cond = f"if {condition_en(row.condition, spec)}, " if row.condition is not None else ""
    snap = {"reveal": _en(" (read when the {t.dream} was revealed)", spec),
            "end": _en(" (at the end of the {t.dream}, just before its loss step)", spec)}.get(row.at.value, "")
    if row.frame.value == "chain":
        snap += _en(" ({a.thought} played against {a.dream} it was chained from counts too)", spec)
    return f"{_en(_WHEN[row.when], spec)}: {cond}{action_en(row, spec)}{snap}."
