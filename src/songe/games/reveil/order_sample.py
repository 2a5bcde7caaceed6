"""Per-order results on a uniform sample of orders, for decks with too many orders to cover.

Each sampled order gets its exact value (optimal policy, and clairvoyant play);
only the mean over all orders is estimated, with a 95% confidence interval.
The exact method (:mod:`songe.games.reveil.per_order`) is preferred whenever it fits.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from songe.engine.explore import DEFAULT_MAX_STATES
from songe.games.reveil.known_order import known_order
from songe.games.reveil.per_order import context
from songe.games.reveil.setup import Setup
from songe.solve.expectimax import make_solver
from songe.solve.order_values import arrangements, unrank
from songe.spec.reveil import ReveilSpec
from songe.stats import mean_interval, wilson


@dataclass(frozen=True)
class Estimate:
    """A sampled mean (or share) with its 95% confidence interval.

    >>> mean_estimate([Fraction(0), Fraction(1)] * 50).interval()
    '0.5000 [0.4015, 0.5985]'
    """

    value: float
    low: float
    high: float
    n: int

    def interval(self) -> str:
        return f"{self.value:.4f} [{self.low:.4f}, {self.high:.4f}]"

    def as_dict(self) -> dict:
        return {"estimate": self.value, "ci95": [self.low, self.high], "sample": self.n}


def mean_estimate(values: list[Fraction]) -> Estimate:
    """The mean of values in [0, 1], with a normal-approximation interval (clipped to [0, 1])."""
    return Estimate(*mean_interval(values), len(values))


def share_estimate(hits: int, n: int) -> Estimate:
    """A share with its Wilson score interval (sound near 0 and 1, unlike the normal one).

    >>> share_estimate(0, 100).high < 0.04
    True
    """
    return Estimate(hits / n, *wilson(hits, n), n)


@dataclass(frozen=True)
class SampleJob:
    """A batch of sampled orders of one set-up, to value exactly."""

    spec: ReveilSpec
    setup: Setup
    orders: tuple[tuple[int, ...], ...]
    clairvoyant: bool = True
    max_states: int = DEFAULT_MAX_STATES


def sample_jobs(spec: ReveilSpec, setups: list[Setup], size: int, seed: int, clairvoyant: bool = True,
                batch: int = 250, max_states: int = DEFAULT_MAX_STATES) -> list[SampleJob]:
    """Uniform orders (with replacement: independent draws), in batches, per set-up.

    The same seed gives the same sample.
    """
    out, deck = [], spec.deck_counts
    for st in setups:
        rng = random.Random(f"{seed}:{st.level}")
        picks = [unrank(deck, rng.randrange(arrangements(deck))) for _ in range(size)]
        out += [SampleJob(spec, st, tuple(picks[i:i + batch]), clairvoyant, max_states)
                for i in range(0, size, batch)]
    return out


@dataclass(frozen=True)
class SampleResult:
    """The exact values of a batch's orders: (optimal, clairvoyant or None) per order."""

    setup: Setup
    values: tuple[tuple[Fraction, Fraction | None], ...]


def run_sample(job: SampleJob) -> SampleResult:
    """Value each order of a batch exactly (the function a task engine calls)."""
    ctx = context(job.spec, job.setup, job.max_states)
    out = []
    for order in job.orders:
        seen = known_order(ctx.game, order)
        optimal = make_solver(seen, policy=ctx.optimal_policy, max_states=job.max_states).solve().value
        clairvoyant = make_solver(seen, max_states=job.max_states).solve().value if job.clairvoyant else None
        out.append((optimal, clairvoyant))
    return SampleResult(job.setup, tuple(out))


@dataclass(frozen=True)
class SampledLevel:
    """Sampled per-order results of one set-up."""

    setup: Setup
    orders: int
    sample: int
    optimal: Estimate
    sure_wins: Estimate
    sure_losses: Estimate
    clairvoyant: Estimate | None
    doomed: Estimate | None


def gather_sample(spec: ReveilSpec, results: list[SampleResult]) -> list[SampledLevel]:
    """Estimates per set-up, in the order the set-ups first appear."""
    by: dict[Setup, list[tuple[Fraction, Fraction | None]]] = {}
    for r in results:
        by.setdefault(r.setup, []).extend(r.values)
    out = []
    for st, values in by.items():
        n = len(values)
        optimal = [v for v, _ in values]
        seer = [c for _, c in values if c is not None]
        out.append(SampledLevel(
            st, arrangements(spec.deck_counts), n, mean_estimate(optimal),
            share_estimate(sum(v == 1 for v in optimal), n), share_estimate(sum(v == 0 for v in optimal), n),
            mean_estimate(seer) if seer else None, share_estimate(sum(c == 0 for c in seer), n) if seer else None))
    return out
