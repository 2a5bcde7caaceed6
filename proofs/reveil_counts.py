"""Réveil's card list: the deck the spec builds has the counts the text states."""

from __future__ import annotations

import re

import z3

from songe.proofs._z3util import refute
from songe.prove import Mutant, Obligation, Verdict
from songe.spec import glossary
from songe.spec.reveil import Card, CardKind, ReveilSpec


def stated_copies(quote: str) -> int:
    """Copies a card's own line states: '(×N)' after its name, else one.

    >>> stated_copies("Nom (×2) 1 Effet."), stated_copies("Nom 2 Aucun effet.")
    (2, 1)
    """
    m = re.search(r"\(×(\d+)\)", quote)
    return int(m.group(1)) if m else 1


def card_counts(spec: ReveilSpec, model: ReveilSpec) -> Verdict:
    """Dreams, thoughts and total as stated in the card list; each card's copies as its line states."""
    stated = spec.stated
    if stated is None:
        return Verdict(False, {"rule": "stated", "problem": "the spec states no counts"})
    copies = {c.id: z3.Int(f"copies[{c.id}]") for c in model.cards}
    facts = [copies[c.id] == c.copies for c in model.cards]
    dreams = z3.Sum([copies[c.id] for c in model.cards if c.kind is CardKind.DREAM] or [z3.IntVal(0)])
    thoughts = z3.Sum([copies[c.id] for c in model.cards if c.kind is CardKind.THOUGHT] or [z3.IntVal(0)])
    per_card = [copies[c.id] == stated_copies(c.quote) for c in spec.cards if c.id in copies]
    prop = z3.And(dreams == stated.dreams, thoughts == stated.thoughts, dreams + thoughts == stated.total, *per_card)
    return refute(z3.Not(prop), *facts, rule="Liste des cartes")


def _statement(spec: ReveilSpec) -> str:
    """The obligation in this spec's numbers: its stated counts and the cards whose lines state several copies."""
    stated = spec.stated
    if stated is None:
        return "the spec states no counts: nothing to check them against"
    several = ", ".join(f"{c.name} ×{c.copies}" for c in spec.cards if c.copies > 1)
    g = glossary.of(spec)  # the game's own words: a re-themed copy states its own kinds
    counts = ", ".join(g[t].count(n, "en") for t, n in (("dream", stated.dreams), ("thought", stated.thoughts),
                                                         ("card", stated.total)))
    return (f"the deck has the stated {counts}, and each card the copies its line states"
            + (f" ({several})" if several else "") + ", numbers read from the spec")


def _several(spec: ReveilSpec) -> Card:
    """The first card with several copies (else the first card): the mutant takes one away."""
    return next((c for c in spec.cards if c.copies > 1), spec.cards[0])


OBLIGATIONS = [
    Obligation(
        id="reveil.card_counts", game="reveil",
        statement="the deck has the dreams, thoughts and cards the text states, and each card the copies its line "
                  "states, numbers read from the spec",
        check=card_counts,
        mutant=Mutant("one_copy_fewer", "the first card with several copies, with one fewer",
                      sets_for=lambda spec: ((f"cards.{_several(spec).id}.copies", _several(spec).copies - 1),)),
        statement_for=_statement,
    ),
]
