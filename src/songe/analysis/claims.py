"""The rulebook's checkable statements (the spec's ``[[claims]]``), measured.

Each claim quotes its sentence, says how it is read (the spec's note), gives
the measured value and a verdict: it holds, does not hold, or holds only under
some readings. Every reading variant (all defaults, then each single other
option) is solved at every level.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from songe.analysis.kit import ExactKit
from songe.analysis.values import level_values
from songe.solve.expectimax import fraction_text
from songe.spec import glossary
from songe.spec.reveil import CardKind, ClaimKind, ClaimSpec, ReveilSpec


class Verdict(enum.Enum):
    """What the measurement says of a claim."""

    HOLDS = "holds"
    """under every reading variant"""
    FAILS = "does not hold"
    """under no reading variant"""
    ONLY_UNDER = "holds only under"
    """under some reading variants only (listed)"""


@dataclass(frozen=True)
class Claim:
    """One checked statement."""

    spec: ClaimSpec
    claim: str
    measured: str
    verdict: Verdict
    under: tuple[str, ...] = ()

    def as_json(self) -> dict[str, object]:
        """The issue's JSON shape, plus the note saying how the sentence is read."""
        verdict = self.verdict.value + (" " + ", ".join(self.under) if self.under else "")
        return {"id": self.spec.id, "quote": self.spec.quote, "claim": self.claim, "measured": self.measured,
                "verdict": verdict, "note": self.spec.note}


def variants(spec: ReveilSpec) -> list[tuple[str, ReveilSpec]]:
    """All readings at their default, then each single other option."""
    defaults = {r.id: r.default for r in spec.readings}
    out = [("defaults", spec.with_readings(defaults))]
    out += [(f"{r.id}={o}", spec.with_readings(defaults | {r.id: o})) for r in spec.readings for o in r.option_ids[1:]]
    return out


def _verdict(results: dict[str, bool]) -> tuple[Verdict, tuple[str, ...]]:
    if all(results.values()):
        return Verdict.HOLDS, ()
    if not any(results.values()):
        return Verdict.FAILS, ()
    return Verdict.ONLY_UNDER, tuple(k for k, ok in results.items() if ok)


def check(spec: ReveilSpec, kit: ExactKit, tick: Callable[[str], None] | None = None,
          max_states: int = 2_000_000) -> list[Claim]:
    """Measure every claim of the spec, solving what it needs."""
    values: dict[str, dict[str, Fraction]] = {}
    if any(c.kind is not ClaimKind.COUNTS for c in spec.claims):
        for name, variant in variants(spec):
            if tick:
                tick(name)
            values[name] = level_values(variant, kit.setups(variant, None), kit, max_states)
    return measure(spec, values)


def measure(spec: ReveilSpec, values: dict[str, dict[str, Fraction]]) -> list[Claim]:
    """The claims' verdicts from already solved values (variant name → level → value)."""
    out = []
    for c in spec.claims:
        if c.kind is ClaimKind.WIN_PROBABILITY_NEAR:
            out.append(_near(c, values))
        elif c.kind is ClaimKind.LADDER:
            out.append(_ladder(c, values, spec))
        else:
            out.append(_counts(c, spec))
    return out


def _near(c: ClaimSpec, values: dict[str, dict[str, Fraction]]) -> Claim:
    assert c.level and c.target is not None and c.tolerance is not None
    results = {k: abs(v[c.level] - c.target) <= c.tolerance for k, v in values.items()}
    measured = "; ".join(f"{k}: {fraction_text(v[c.level])} ≈ {float(v[c.level]):.4f}" for k, v in values.items())
    claim = (f"the optimal win probability at level {c.level!r} is within {c.tolerance} of {c.target} "
             f"(between {float(c.target - c.tolerance):.2f} and {float(c.target + c.tolerance):.2f})")
    return Claim(c, claim, measured, *_verdict(results))


def level_figures(c: ClaimSpec, spec: ReveilSpec) -> list[tuple[str, str, int, int]]:
    """(level id, term id, figure said, the level's own) for each figure a ladder claim's sentence that names a
    level gives for it and the level no longer has (« Facile : commence avec 7 Lucidité » when it starts with 8):
    the resource it starts with, the thoughts its hand holds."""
    g, out = glossary.of(spec), []
    for sentence in re.split(r"(?<=[.!?])\s+", c.quote) if c.kind is ClaimKind.LADDER else ():
        for level in spec.levels:
            if re.search(rf"(?<!\w){re.escape(level.id)}(?!\w)", sentence, re.IGNORECASE):
                for term, real in (("lucidity", level.lucidity), ("thought", level.hand_limit)):
                    said = glossary.counted(sentence, g[term]) if term in g else []
                    out += [(level.id, term, n, real) for n in sorted(set(said)) if n != real]
    return out


def _ladder(c: ClaimSpec, values: dict[str, dict[str, Fraction]], spec: ReveilSpec) -> Claim:
    results = {k: all(v[a] > v[b] for a, b in zip(c.order, c.order[1:], strict=False)) for k, v in values.items()}
    measured = "; ".join(f"{k}: " + " > ".join(f"{lv} {float(v[lv]):.4f}" for lv in c.order)
                         for k, v in values.items())
    stale = level_figures(c, spec)
    if stale:  # the sentence gives the levels other figures than the spec: as quoted, it does not hold
        measured += "; the sentence says " + ", ".join(f"{lv} {n} {t}" for lv, t, n, _ in stale) + \
            " where the spec has " + ", ".join(f"{real}" for *_, real in stale)
        results = dict.fromkeys(results, False)
    return Claim(c, f"optimal win probabilities strictly decrease along {' > '.join(c.order)}", measured,
                 *_verdict(results))


def _counts(c: ClaimSpec, spec: ReveilSpec) -> Claim:
    """The stated totals ([stated]) and the figures the claim's own sentence gives (« 7 Rêves », « 11 cartes »,
    by the glossary's words), against the card list: a sentence left stale by a changed deck does not hold."""
    st = spec.stated
    dreams = sum(x.copies for x in spec.cards if x.kind is CardKind.DREAM)
    thoughts = sum(x.copies for x in spec.cards if x.kind is CardKind.THOUGHT)
    if st is None:
        return Claim(c, "the deck has the stated totals", "the spec states no totals", Verdict.FAILS)
    g = glossary.of(spec)
    real = {"dream": dreams, "thought": thoughts, "card": dreams + thoughts}
    said = {t: n for t in real if t in g for n in glossary.counted(c.quote, g[t])}  # the last figure of each
    ok = (st.dreams, st.thoughts, st.total) == (dreams, thoughts, dreams + thoughts) and all(
        n == real[t] for t, n in said.items())
    claim = f"the deck has {st.dreams} dreams, {st.thoughts} thoughts, {st.total} cards"
    if said and any(n != real[t] for t, n in said.items()):
        claim = "the deck has " + ", ".join(f"{n} {g[t].name('en', n != 1)}" for t, n in said.items())
    return Claim(c, claim, f"the card list has {dreams} dreams, {thoughts} thoughts, {dreams + thoughts} cards",
                 Verdict.HOLDS if ok else Verdict.FAILS)
