"""The figures of a book drafted for any Réveil spec: which results file fits it, else the figures solved afresh.

``docs/results/reveil.json`` holds the shipped spec's figures (minutes to solve, with every reading variant
and every deck order). A user's spec gets its own: a results file is used only when it was written for a spec
equal to this one (same cards, rules, levels and glossary), never silently for another; otherwise the level
odds are solved exactly here (the solver needs no enumeration of orders, so a 13-card deck is seconds).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from songe.analysis import claims as claims_mod
from songe.analysis.values import level_values
from songe.games.reveil.exact import KIT
from songe.games.reveil.setup import make_game, setups
from songe.rulebook.document import Block, Lines, Para
from songe.rulebook.typography import dress, number, percent
from songe.solve.expectimax import first_action, fraction_text, make_solver
from songe.spec import glossary
from songe.spec.reveil import ReveilSpec, load

#: The key a results file written by ``--write-results`` keeps its spec's digest under.
DIGEST_KEY = "spec_digest"


def _game_only(spec: ReveilSpec) -> ReveilSpec:
    """The spec without what a results file does not depend on: where it was read from, its chosen readings
    (a results file holds every reading's figures)."""
    base = spec.with_readings({r.id: r.default for r in spec.readings})
    return replace(base, file="", source=None if base.source is None else Path(base.source.name), chosen=())


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


def fits(spec: ReveilSpec, results: Mapping[str, Any]) -> bool:
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
            "variants": {values_key(spec): {lv: fraction_text(v) for lv, v in values.items()}}, "claims": claims}


def values_key(spec: ReveilSpec) -> str:
    """The results file's key for the spec's readings ('defaults' or 'reading=option')."""
    changed = [f"{r}={o}" for r, o in spec.chosen if spec.reading(r).default != o]
    return "defaults" if not changed else ",".join(changed)


#: Orders sampled per level when the deck has too many to enumerate, and the sample's seed (same seed, same
#: sample): about ±5 points of 95 % interval on a share, in minutes on a 13-card deck.
ORDER_SAMPLE = 400
ORDER_SEED = 0


def sampled_orders(spec: ReveilSpec, jobs: int = 1, size: int = ORDER_SAMPLE) -> dict[str, Any]:
    """Per level, the per-order figures estimated on a uniform sample of deck orders, each order valued exactly:
    the mean win probability with the best play, the shares of orders won and lost for sure, the clairvoyant
    mean; each as ``{"estimate", "ci95", "sample"}``, beside the number of orders and ``"sampled": true``."""
    from songe.games.reveil.order_sample import gather_sample, run_sample, sample_jobs
    from songe.tasks import run_tasks

    work = sample_jobs(spec, setups(spec, None), size, ORDER_SEED)
    found = gather_sample(spec, run_tasks(run_sample, work, workers=jobs if jobs > 1 else 0))
    return {lv.setup.level: {"sampled": True, "orders": lv.orders, "sample": lv.sample,
                             "mean": lv.optimal.as_dict(), "sure_wins": lv.sure_wins.as_dict(),
                             "sure_losses": lv.sure_losses.as_dict(),
                             "clairvoyant": lv.clairvoyant.as_dict() if lv.clairvoyant else None,
                             "doomed": lv.doomed.as_dict() if lv.doomed else None} for lv in found}


def _share(est: dict[str, Any], lang: str) -> str:
    """A sampled share and its 95 % interval, in percent to one place (a sample says no more)."""
    low, high = (percent(Fraction(x).limit_denominator(10**6), lang, 1) for x in est["ci95"])
    value = percent(Fraction(est["estimate"]).limit_denominator(10**6), lang, 1)
    return f"{value} ({low} – {high})"


def sampled_blocks(spec: ReveilSpec, results: Mapping[str, Any], lang: str) -> list[Block]:
    """The dossier's per-order figures when they were estimated on a sample of orders: per level, the sample
    size among all orders, and each figure with its 95 % interval (the player's book states none of them)."""
    orders = results.get("orders") or {}
    if not any(o.get("sampled") for o in orders.values()):
        return []
    fr = lang == "fr"
    out: list[Block] = []
    head = ("Par ordre du paquet, estimé sur un échantillon d’ordres tirés au hasard (chaque ordre tiré est "
            "calculé exactement ; entre parenthèses, l’intervalle de confiance à 95 %) :" if fr else
            "Per deck order, estimated on a sample of orders drawn at random (each order drawn is computed "
            "exactly; in brackets, the 95 % confidence interval):")
    out.append(Para(dress(head, lang)))
    lines = []
    for level, o in orders.items():
        if not o.get("sampled"):
            continue
        n, total = number(o["sample"], lang), number(o["orders"], lang)
        seer = f"; {'en connaissant l’ordre' if fr else 'knowing the order'} {_share(o['clairvoyant'], lang)}" \
            if o.get("clairvoyant") else ""
        lines.append(dress(
            f"{level} : {n} ordres sur {total} ; meilleur jeu {_share(o['mean'], lang)} ; gagnés à coup sûr "
            f"{_share(o['sure_wins'], lang)} ; perdus à coup sûr {_share(o['sure_losses'], lang)}{seer}" if fr else
            f"{level}: {n} orders of {total}; best play {_share(o['mean'], lang)}; won for sure "
            f"{_share(o['sure_wins'], lang)}; lost for sure {_share(o['sure_losses'], lang)}{seer}", lang))
    return out + [Lines(tuple(lines))]
