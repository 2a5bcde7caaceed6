"""Jekyll vs Hyde: card counts, trick resolution, and where the marker can stand."""

from __future__ import annotations

import itertools
import re

import z3

from songe.games.jekyll_hyde.trick import resolve
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


def trick_total(spec: JekyllHydeSpec, model: JekyllHydeSpec) -> Verdict:
    """Exactly one card wins every trick: z3 over all card pairs and colour orders, then the engine swept.

    Antisymmetry (checked on the engine): once both colours are ranked, or a potion is
    involved, swapping lead and follow does not change which card wins.
    """
    n = len(model.suits)
    lp, fp = z3.Bools("lead_potion follow_potion")
    ls, fs, lv, fv = z3.Ints("lead_suit follow_suit lead_value follow_value")
    rank = [z3.Int(f"rank_{s.id}") for s in model.suits]
    rank_of = lambda s: z3.Sum([z3.If(s == i, rank[i], 0) for i in range(n)])  # noqa: E731

    def card(p, s, v):
        lutte = z3.And(z3.Not(p), s >= 0, s < n, z3.Or([v == x for x in model.values]))
        potion = z3.And(p, s == -1, z3.Or([v == x for x in model.potions]))
        return z3.Or(lutte, potion)

    ties = z3.BoolVal(model.potion_wins_ties)
    any_potion = z3.Or(lp, fp)
    lead_wins = z3.If(any_potion, z3.Or(lv > fv, z3.And(lv == fv, lp, z3.Not(fp), ties)),
                      z3.If(ls == fs, lv > fv, rank_of(ls) > rank_of(fs)))
    follow_wins = z3.If(any_potion, z3.Or(fv > lv, z3.And(lv == fv, fp, z3.Not(lp), ties)),
                        z3.If(ls == fs, fv > lv, rank_of(fs) > rank_of(ls)))
    facts = [card(lp, ls, lv), card(fp, fs, fv), z3.Not(z3.And(lp == fp, ls == fs, lv == fv)),
             z3.Distinct(*rank), *[z3.And(r >= 0, r < n) for r in rank]]
    v = refute(lead_wins == follow_wins, *facts, rule="On compare ensuite les cartes / Double potion / '+'")
    if not v.holds:
        return v
    suits = [s.id for s in model.suits]
    orders = [()] + [o for k in range(1, n) for o in itertools.permutations(suits, k)]
    checked = 0
    for a, b in itertools.permutations(model.deck, 2):
        for order in orders:
            ranking = order + tuple(s for s in suits if s not in order) if len(order) == n - 1 else order
            for named in (suits if a.startswith("P") else [None]):
                r = resolve(model, a, b, ranking, named)
                assert r.winner in ("lead", "follow")
                checked += 1
                both_ranked = len(ranking) == n or a.startswith("P") or b.startswith("P")
                if both_ranked and named is None and not b.startswith("P"):
                    back = resolve(model, b, a, ranking, None)
                    if (r.winner == "lead") != (back.winner == "follow"):
                        return Verdict(False, {"rule": "antisymmetry", "cards": [a, b], "ranking": list(ranking)},
                                       method="z3 + exhaustive")
    return Verdict(True, None, method=f"z3 + exhaustive ({checked:,} tricks on the engine)")


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
        statement="for every pair of distinct cards, colour order and named colour, exactly one card wins the "
                  "trick (potion ties included); and the winner does not depend on who led once colours are ranked",
        check=trick_total,
        mutant=Mutant("no_plus", "potions without the '+' (they do not win ties)",
                      sets=(("potions.wins_ties", False),)),
    ),
    Obligation(
        id="jekyll_hyde.marker_even", game="jekyll-hyde",
        statement="at the end of every round the marker is on an even space (0, 2, 4, 6, 8, 10): Jekyll leads "
                  "from 0, 2 or 4, Hyde from 6 or 8, and the last space (10) is reached exactly",
        check=marker_even,
        mutant=Mutant("twelve_spaces", "a track of 12 spaces (the last one odd)", sets=(("track.spaces", 12),)),
    ),
]
