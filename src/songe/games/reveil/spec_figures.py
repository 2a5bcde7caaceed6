"""The figures of a book drafted for any Réveil spec: which results file fits it, else the figures solved afresh.

``docs/results/reveil.json`` holds the shipped spec's figures (minutes to solve, with every reading variant
and every deck order). A user's spec gets its own: a results file is used only when it was written for a spec
equal to this one (same cards, rules, levels and glossary), never silently for another; otherwise the level
odds are solved exactly here (the solver needs no enumeration of orders, so a 13-card deck is seconds).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from fractions import Fraction
from typing import Any

from songe.analysis import claims as claims_mod
from songe.analysis.values import level_values
from songe.games.reveil.exact import KIT
from songe.games.reveil.setup import make_game, setups
from songe.solve.expectimax import first_action, fraction_text, make_solver
from songe.spec import glossary
from songe.spec.reveil import ReveilSpec, load

#: The key a results file written by ``--write-results`` keeps its spec's digest under.
DIGEST_KEY = "spec_digest"


def _game_only(spec: ReveilSpec) -> ReveilSpec:
    """The spec without what does not change a figure: where it was read from, its chosen readings."""
    return replace(spec, file="", source=spec.source.__class__(spec.source.name), chosen=())


def digest(spec: ReveilSpec) -> str:
    """A short digest of everything a figure or a term of the book depends on (cards, rules, levels, glossary).

    >>> digest(load()) == digest(load())
    True
    """
    terms = sorted((t.id, repr(t)) for t in glossary.of(spec))
    text = repr(_game_only(spec)) + json.dumps(terms, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def is_shipped(spec: ReveilSpec) -> bool:
    """Whether the spec is the shipped one (up to its file's place and readings), whose results file the docs hold."""
    return digest(spec) == digest(load())


def fits(spec: ReveilSpec, results: dict[str, Any]) -> bool:
    """Whether a results file was written for this spec: its stored digest, or (a file without one, as the
    docs' own) the spec is the shipped one."""
    stored = results.get(DIGEST_KEY)
    return stored == digest(spec) if stored else is_shipped(spec)


def figures(spec: ReveilSpec) -> dict[str, Any]:
    """The book's figures for this spec under its readings: each level's optimal and never-play odds (exact),
    the original's claims measured on them. The reading variants and witnesses are not solved (minutes):
    the dossier then leaves their measures out."""
    values = level_values(spec, setups(spec, None), KIT)
    levels = {}
    for st in setups(spec, None):
        never = make_solver(make_game(spec, st), first_action).solve().value
        levels[st.level] = {"lucidity": st.lucidity, "hand_limit": st.hand_limit,
                            "optimal": fraction_text(values[st.level]), "never": fraction_text(never)}
    key = "defaults"
    claims = [c.as_json() for c in claims_mod.measure(spec, {key: {lv: Fraction(v) for lv, v in values.items()}})]
    return {"game": spec.id, DIGEST_KEY: digest(spec), "levels": levels,
            "variants": {_key(spec): {lv: fraction_text(v) for lv, v in values.items()}}, "claims": claims}


def _key(spec: ReveilSpec) -> str:
    from songe.games.reveil.book import values_key

    return values_key(spec)
