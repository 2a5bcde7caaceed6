"""How a game's solved odds compare with a win rate its text announced, said in the book's sentence about it.

The authored book answers the source's « environ une partie sur deux » with the exact
figure and how it compares (« plus que l’« environ une partie sur deux » annoncé »). A
designer's variant may win less often than that, or have deleted the claim: the
comparison is computed here, from the spec's claim and its level's value, and is
empty when the spec has no such claim, so the book never prints a comparison that
does not hold.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from songe.rulebook.typography import about
from songe.spec.reveil import ClaimKind, ReveilSpec

_SAID = {"fr": " : {cmp} l’« environ {rate} » annoncé par la règle d’origine",
         "en": ": {cmp} the {rate} the original rules announced"}
#: A designer's own game (``songe new``) has no original rules: its own text announced the rate.
_SAID_OWN = {"fr": " : {cmp} l’« environ {rate} » annoncé par l’auteur", "en": ": {cmp} the {rate} its designer announced"}
_CMP = {"fr": ("moins que", "comme", "plus que"), "en": ("fewer than", "as", "more than")}


def versus(spec: ReveilSpec, values: Mapping[str, Fraction], lang: str, shipped: ReveilSpec) -> dict[str, str]:
    """``versus.<claim id>`` for each win-rate claim of this spec and of the shipped one: how the claim's level's
    optimal odds compare with the rate it announced, as the book's sentence ends ("" when this spec has no such
    claim, or no value for its level).

    >>> from songe.spec.reveil import load
    >>> spec = load()
    >>> versus(spec, {"normal": Fraction(7, 10)}, "fr", spec)["versus.about_one_in_two"]
    ' : plus que l’« environ une partie sur deux » annoncé par la règle d’origine'
    >>> versus(spec, {"normal": Fraction(3, 10)}, "en", spec)["versus.about_one_in_two"]
    ': fewer than the one game in two the original rules announced'
    >>> import dataclasses
    >>> versus(dataclasses.replace(spec, claims=()), {"normal": Fraction(7, 10)}, "fr", spec)
    {'versus.about_one_in_two': ''}
    """
    out = {f"versus.{c.id}": "" for c in shipped.claims if c.kind is ClaimKind.WIN_PROBABILITY_NEAR}
    for c in spec.claims:
        if c.kind is not ClaimKind.WIN_PROBABILITY_NEAR or c.level is None or c.level not in values:
            continue
        assert c.target is not None and c.tolerance is not None
        gap = values[c.level] - c.target
        side = 0 if gap < -c.tolerance else 2 if gap > c.tolerance else 1
        said = _SAID_OWN if spec.own_quotes else _SAID
        out[f"versus.{c.id}"] = said[lang].format(cmp=_CMP[lang][side], rate=about(c.target, lang))
    return out
