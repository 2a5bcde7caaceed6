"""Jekyll vs Hyde: card counts, trick resolution, and where the marker can stand."""

from __future__ import annotations

import itertools
import re

import z3

from songe.games.jekyll_hyde import trick_rules
from songe.proofs._z3util import refute
from songe.prove import Mutant, Obligation, Verdict
from songe.spec.jekyll_hyde import JekyllHydeSpec


def _numbers(quote: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", quote)]


def card_counts(spec: JekyllHydeSpec, model: JekyllHydeSpec) -> Verdict:
    """21 Lutte (7 a suit) + 4 potions = 25 = 10 + 10 + 5, the numbers read from the quoted sentences."""
    quotes = dict(spec.quoted)
    lutte, per_suit = _numbers(quotes["lutte"])[0], _numbers(quotes["lutte"])[1:]
    potions = _numbers(quotes["potions"])[0]
    hand, aside = _numbers(quotes["deal"])[:2]
    n_lutte, p, h, a = z3.Ints("lutte potions hand set_aside")
    facts = [n_lutte == len(model.suits) * len(model.values), p == len(model.potions), h == model.hand,
             a == model.set_aside]
    prop = z3.And(n_lutte == lutte, p == potions, n_lutte + p == 2 * h + a, h == hand, a == aside,
                  *[z3.IntVal(len(model.values)) == n for n in per_suit])
    return refute(z3.Not(prop), *facts, rule="MATÉRIEL / Phase de Préparation")


def _card(model: JekyllHydeSpec, card: tuple[z3.BoolRef, z3.ArithRef, z3.ArithRef]) -> z3.BoolRef:
    """The card is one of the model's deck: a Lutte card of a suit, or a potion (suit -1)."""
    p, s, v = card
    lutte = z3.And(z3.Not(p), s >= 0, s < len(model.suits), z3.Or([v == x for x in model.values]))
    potion = z3.And(p, s == -1, z3.Or([v == x for x in model.potions]))
    return z3.Or(lutte, potion)


def _order(pos: list[z3.ArithRef]) -> z3.BoolRef:
    """A colour order a round can hold: ranked colours take 0..k-1, never all but one ranked."""
    n = len(pos)
    k = z3.Sum([z3.If(p >= 0, 1, 0) for p in pos])
    return z3.And(*[z3.And(p >= -1, p < k) for p in pos],
                  *[z3.Or(a < 0, a != b) for a, b in itertools.combinations(pos, 2)], k != n - 1)


def trick_total(spec: JekyllHydeSpec, model: JekyllHydeSpec) -> Verdict:
    """Whoever leads, the same card wins once its colours are ranked (or a potion is played), and exactly
    one potion fires an effect: z3 over the engine's own rule terms (``trick_rules``), after checking
    every term against the engine's function on its whole domain."""
    bad = next(trick_rules.mismatches(model), None)
    if bad is not None:
        rule, args, engine, term = bad
        return Verdict(False, {"rule": rule, "arguments": repr(args), "engine": repr(engine), "term": repr(term)},
                       method="terms against the engine")
    n = len(model.suits)
    a = (z3.Bool("a_potion"), z3.Int("a_suit"), z3.Int("a_value"))
    b = (z3.Bool("b_potion"), z3.Int("b_suit"), z3.Int("b_value"))
    pos = [z3.Int(f"rank_{s.id}") for s in model.suits]
    named = z3.Int("named")
    ab_wins, ab_effect, _ = trick_rules.trick_term(model, a, b, pos, named)
    ba_wins, _, _ = trick_rules.trick_term(model, b, a, pos, named)
    ranked = z3.And(*[z3.Or(s < 0, z3.Sum([z3.If(s == i, p, 0) for i, p in enumerate(pos)]) >= 0)
                      for s in (a[1], b[1])])
    distinct = z3.Not(z3.And(a[0] == b[0], a[1] == b[1], a[2] == b[2]))
    facts = [_card(model, a), _card(model, b), distinct, _order(pos), named >= -1, named < n]
    one_winner = z3.Implies(z3.Or(ranked, a[0], b[0]), ab_wins != ba_wins)
    effect = (ab_effect != trick_rules.NO_EFFECT) == (a[0] != b[0])
    v = refute(z3.Not(z3.And(one_winner, effect)), *facts,
               rule="On compare ensuite les cartes / Double potion / '+'")
    return Verdict(v.holds, v.counterexample, method="z3 on the engine's terms (+ terms checked on the engine)")


def colour_order(spec: JekyllHydeSpec, model: JekyllHydeSpec) -> Verdict:
    """From an empty order, once two colours have appeared every colour is ranked and the third is the best."""
    n = len(model.suits)
    s1, s2 = z3.Ints("first_colour second_colour")
    pos = trick_rules.appear_term(trick_rules.appear_term([z3.IntVal(-1)] * n, s1), s2)
    third = [z3.And(s1 != i, s2 != i) for i in range(n)]
    prop = z3.And(*[p >= 0 for p in pos], z3.Distinct(*pos),
                  *[z3.Implies(t, p == n - 1) for t, p in zip(third, pos, strict=True)])
    return refute(z3.Not(prop), s1 >= 0, s1 < n, s2 >= 0, s2 < n, s1 != s2,
                  rule="Ordre des couleurs: Dès cet instant, la couleur qui n'a pas encore été jouée …")


def marker_even(spec: JekyllHydeSpec, model: JekyllHydeSpec) -> Verdict:
    """Inductive: tricks split between the two (steals move one, keeping the total), so a round moves
    the marker by an even difference; from the first space it stands on even spaces only, and the
    last space is even, so Hyde can land on it exactly."""
    m, j, h = z3.Ints("marker jekyll_tricks hyde_tricks")
    last = model.last_space
    d = z3.If(j >= h, j - h, h - j)
    after = z3.If(m + d < last, m + d, last)
    facts = [m >= 0, m <= last, m % 2 == 0, j >= 0, h >= 0, j + h == model.tricks]
    return refute(after % 2 != 0, *facts, rule="Phase de Progression du Mal")


OBLIGATIONS = [
    Obligation(
        id="jekyll_hyde.card_counts", game="jekyll-hyde",
        statement="21 Lutte cards (7 a suit) and 4 potions make 25 = 10 + 10 + 5, as the text states",
        check=card_counts,
        mutant=Mutant("nine_card_hands", "hands of 9 with 7 set aside",
                      sets=(("deal.hand", 9), ("deal.set_aside", 7), ("tricks.per_round", 9))),
    ),
    Obligation(
        id="jekyll_hyde.trick_total", game="jekyll-hyde",
        statement="for every pair of distinct cards, colour order and named colour, the winner does not depend on "
                  "who led once both colours are ranked or a potion is played (potion ties included), and an effect "
                  "fires exactly when one potion is played (the engine's trick terms, each checked on the engine)",
        check=trick_total,
        mutant=Mutant("no_plus", "potions without the '+' (they do not win ties)",
                      sets=(("potions.wins_ties", False),)),
    ),
    Obligation(
        id="jekyll_hyde.colour_order", game="jekyll-hyde",
        statement="once two colours have appeared in a round every colour is ranked, the one not yet played the "
                  "best (the engine's colour-order terms)",
        check=colour_order,
        mutant=Mutant("four_colours", "four suits of 5 values and 5 potions (the deck still 25 cards)",
                      sets=(("suits", [{"id": "O", "name": "Orgueil", "colour": "violette", "effect": "steal"},
                                       {"id": "C", "name": "Colère", "colour": "rouge", "effect": "reset"},
                                       {"id": "E", "name": "Envie", "colour": "verte", "effect": "exchange"},
                                       {"id": "V", "name": "Vanité", "colour": "bleue", "effect": "steal"}]),
                            ("lutte.values", [1, 2, 3, 4, 5]), ("potions.values", [2, 3, 4, 5, 6]))),
    ),
    Obligation(
        id="jekyll_hyde.marker_even", game="jekyll-hyde",
        statement="at the end of every round the marker is on an even space (0, 2, 4, 6, 8, 10): Jekyll leads "
                  "from 0, 2 or 4, Hyde from 6 or 8, and the last space (10) is reached exactly",
        check=marker_even,
        mutant=Mutant("twelve_spaces", "a track of 12 spaces (the last one odd)", sets=(("track.spaces", 12),)),
    ),
]
