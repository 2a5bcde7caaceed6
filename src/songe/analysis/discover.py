"""Mechanical search for sensitive sentences: perturb the rule tables, solve each, rank.

Each perturbation is a plausible misreading of one sentence, made on a copy
of the raw spec so that the ordinary loader validates it:

- a comparison threshold moved by one (``intensity >= 3`` read as ``>= 2`` or ``>= 4``),
  and the numeric thresholds of the rules (defeat at 0 or below, ...);
- two adjacent steps of the resolution swapped;
- a condition read live vs as a snapshot taken when the dream was revealed;
- a condition that looks at another zone (discard vs hand);
- a cap that applies to a part vs the whole (the loss cap's scope);
- a count that includes the card in play (``discard[x]`` on x's own row, ``hand`` on a
  thought's play row): the same edit as a threshold moved by one, named for what it means.

A condition on a dream reads the state at the effect step, after the thought
played; where it reads the discard, the previous dream or the hand, a timing
mutation reads it at reveal instead (before the thought); and every condition of
a play or effect row is also read at the end (``at = "end"``: just before the
loss step, after the effects and the chains before it), except a condition that
reads only the dream's own flag (whether a thought was played against it), set at
the thought step and the same at the end (when the thought step comes before the
effect step); a flag (whether a thought was played)
read in the dream's own frame is also read in the frames it is chained in
(``frame = "chain"``).

Fields that a reading already governs are left to ``songe ambiguities``.
"""

from __future__ import annotations

import copy
import enum
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from songe.errors import BudgetError, SpecError
from songe.spec import readings as readings_mod
from songe.spec.expr import And, Compare, Condition, Flag, Not, Num, Or, Var, walk
from songe.spec.fields import Table
from songe.spec.reveil import FlagScope, ReveilSpec, Step, Timing, Trigger, from_raw

#: Middle steps that may be swapped (``reveal`` stays first and ``end`` last).
_FIXED_ENDS = (Step.REVEAL.value, Step.END.value)
#: Integer rules read as thresholds.
_RULE_THRESHOLDS = ("defeat_at", "stop_drawing_at", "victory_min_lucidity", "loss_cap")
_ZONES = {"discard": "hand", "hand": "discard"}
#: Names whose value a snapshot taken at reveal can change (see Timing in songe.spec.reveil).
_SNAPSHOT_NAMES = ("discard", "previous", "hand")
#: Rows whose condition may also be read at the end (``at = "end"``): they act before the loss step.
_LATE_TRIGGERS = (Trigger.PLAY, Trigger.EFFECT)


class Kind(enum.Enum):
    """Families of misreading."""

    THRESHOLD = "threshold"
    """a comparison or numeric rule moved by one"""
    STEP_SWAP = "step_swap"
    """two adjacent resolution steps in the other order"""
    TIMING = "timing"
    """a condition read live vs at reveal"""
    ZONE = "zone"
    """a condition looking at another zone"""
    SCOPE = "scope"
    """a cap applied to a part vs the whole"""
    COUNT = "count"
    """a count that includes the card in play"""
    FRAME = "frame"
    """a flag read in the frames the card is chained in too"""


@dataclass(frozen=True)
class Mutation:
    """One perturbation: what it changes, the sentence it misreads, and the raw edits."""

    id: str
    kind: Kind
    description: str
    quote: str
    sets: tuple[tuple[str, Any], ...]

    def apply(self, spec: ReveilSpec) -> ReveilSpec:
        """The spec with the edits made (and its readings kept)."""
        raw = copy.deepcopy(dict(spec.raw))
        for path, value in self.sets:
            if path == "steps":
                raw["steps"] = value
            else:
                readings_mod.assign(raw, ((path, value),), Table(raw, spec.file, f"mutation {self.id!r}"), self.id)
        return from_raw(raw, spec.file, dict(spec.chosen), spec.base_dir)


def _governed(spec: ReveilSpec) -> set[str]:
    return {path for r in spec.readings for o in r.options for path, _ in o.sets}


def _replace(cond: Condition, f: Callable[[Any], Any]) -> Condition:
    """Rebuild a condition, passing every term through ``f``."""
    if isinstance(cond, Compare):
        return Compare(f(cond.left), cond.op, f(cond.right))
    if isinstance(cond, Not):
        return Not(_replace(cond.item, f))
    if isinstance(cond, (And, Or)):
        return type(cond)(tuple(_replace(i, f) for i in cond.items))
    return cond


def mutations(spec: ReveilSpec) -> list[Mutation]:
    """Every perturbation of the spec, in a fixed order (discovery is deterministic); one per distinct edit
    (a count that includes the card in play is the threshold moved by one: kept under its own name)."""
    out: list[Mutation] = []
    named = {m.sets: m for m in _counts(spec)}
    for m in _mutations(spec):
        out.append(named.pop(m.sets, m))
    return out + list(named.values())


def _counts(spec: ReveilSpec) -> Iterator[Mutation]:
    """Counts that could include the card in play: ``discard[x]`` on x's own row, ``hand`` on a play row."""
    for c in spec.cards:
        for i, row in enumerate(c.effects):
            if not isinstance(row.condition, Compare) or not isinstance(row.condition.right, Num):
                continue
            left = row.condition.left
            own = isinstance(left, Var) and ((left.name == "discard" and left.key == c.id) or (
                left.name == "hand" and left.key in (None, c.id) and row.when is Trigger.PLAY))
            if not own:
                continue
            new = Compare(left, row.condition.op, Num(row.condition.right.value - 1))
            yield Mutation(f"threshold:{c.id}.{i}:{new}", Kind.COUNT,
                           f"{c.name}, row {i}: '{row.condition}' counts this {c.name} too (as '{new}')",
                           row.quote, ((f"cards.{c.id}.effects.{i}.if", str(new)),))


def _mutations(spec: ReveilSpec) -> list[Mutation]:
    governed = _governed(spec)
    thought_first = spec.steps.index(Step.THOUGHT) < spec.steps.index(Step.EFFECT)
    out: list[Mutation] = []
    for c in spec.cards:
        for i, row in enumerate(c.effects):
            if row.condition is None:
                continue
            base = f"cards.{c.id}.effects.{i}"
            out.extend(_thresholds(c.id, c.name, i, row.condition, row.quote, base))
            reads_snapshot = any(isinstance(n, Var) and n.name in _SNAPSHOT_NAMES for n in walk(row.condition))
            if reads_snapshot and f"{base}.at" not in governed and row.at is not Timing.END:
                other = "reveal" if row.at is Timing.LIVE else "live"
                out.append(Mutation(f"timing:{c.id}.{i}:{other}", Kind.TIMING,
                                    f"{c.name}, row {i}: condition read {other} instead of {row.at.value}",
                                    row.quote, ((f"{base}.at", other),)))
            own_flag_only = row.frame is FlagScope.OWN and not any(isinstance(n, Var) for n in walk(row.condition)) \
                and (row.when is Trigger.PLAY or thought_first)
            if row.when in _LATE_TRIGGERS and f"{base}.at" not in governed and row.at is not Timing.END \
                    and not own_flag_only:  # a dream's own flag is set at the thought step: the end reads the same
                out.append(Mutation(f"timing:{c.id}.{i}:end", Kind.TIMING,
                                    f"{c.name}, row {i}: condition read at the end (just before the loss step, "
                                    f"after the effects and chains before it) instead of {row.at.value}",
                                    row.quote, ((f"{base}.at", Timing.END.value),)))
            reads_flag = any(isinstance(n, Flag) for n in walk(row.condition))
            if reads_flag and f"{base}.frame" not in governed and row.frame is FlagScope.OWN:
                out.append(Mutation(f"frame:{c.id}.{i}:chain", Kind.FRAME,
                                    f"{c.name}, row {i}: '{row.condition}' read in the frames it is chained in "
                                    f"too (frame = chain)", row.quote, ((f"{base}.frame", FlagScope.CHAIN.value),)))
            for zone, other in _ZONES.items():
                if any(isinstance(n, Var) and n.name == zone and n.key for n in walk(row.condition)):
                    def to_other(t: Any, zone: str = zone, other: str = other) -> Any:
                        return Var(other, t.key) if isinstance(t, Var) and t.name == zone and t.key else t
                    new = _replace(row.condition, to_other)
                    out.append(Mutation(f"zone:{c.id}.{i}:{zone}->{other}", Kind.ZONE,
                                        f"{c.name}, row {i}: looks at the {other} instead of the {zone}",
                                        row.quote, ((f"{base}.if", str(new)),)))
    for name in _RULE_THRESHOLDS:
        path = f"rules.{name}"
        if path in governed:
            continue
        value = int(spec.raw["rules"][name]["value"])
        quote = dict(spec.rule_quotes)[name]
        for delta in (-1, 1):
            out.append(Mutation(f"threshold:rules.{name}:{value + delta}", Kind.THRESHOLD,
                                f"rule {name} read as {value + delta} instead of {value}", quote,
                                ((path, value + delta),)))
    steps = [s.value for s in spec.steps]
    for k in range(1, len(steps) - 2):
        a, b = steps[k], steps[k + 1]
        if a in _FIXED_ENDS or b in _FIXED_ENDS:
            continue
        order = steps[:k] + [b, a] + steps[k + 2:]
        raw_steps = {s["id"]: s for s in spec.raw["steps"]}
        out.append(Mutation(f"step_swap:{a}<->{b}", Kind.STEP_SWAP, f"steps '{a}' and '{b}' in the other order",
                            spec.step_quotes[k], (("steps", [raw_steps[x] for x in order]),)))
    if "rules.loss_cap_scope" not in governed:
        scope = spec.rules.loss_cap_scope.value
        other = "dream" if scope == "intensity" else "intensity"
        out.append(Mutation(f"scope:loss_cap:{other}", Kind.SCOPE, f"the loss cap limits the {other}",
                            dict(spec.rule_quotes)["loss_cap_scope"], (("rules.loss_cap_scope", other),)))
    return out


def _thresholds(card: str, name: str, i: int, cond: Condition, quote: str, base: str) -> Iterator[Mutation]:
    nums = [n for n in walk(cond) if isinstance(n, Num)]
    for k, num in enumerate(nums):
        for delta in (-1, 1):
            if num.value >= 0 > num.value + delta:
                continue  # counts and intensities are never negative: no plausible misreading
            seen = iter(range(len(nums)))

            def shift(t: Any, k: int = k, delta: int = delta, seen: Any = seen) -> Any:
                if isinstance(t, Num) and next(seen) == k:
                    return Num(t.value + delta)
                return t

            new = _replace(cond, shift)
            yield Mutation(f"threshold:{card}.{i}:{new}", Kind.THRESHOLD,
                           f"{name}, row {i}: '{cond}' read as '{new}'", quote, ((f"{base}.if", str(new)),))


@dataclass(frozen=True)
class Finding:
    """A solved mutation and its impact at the level searched."""

    mutation: Mutation
    value: Fraction | None
    impact: Fraction | None
    error: str | None = None


def discover(spec: ReveilSpec, value_of: Callable[[ReveilSpec], Fraction], base_value: Fraction,
             tick: Callable[[str], None] | None = None) -> list[Finding]:
    """Solve every mutation; largest impact first (ties by id), unloadable ones last."""
    found = []
    for m in mutations(spec):
        if tick:
            tick(m.id)
        try:
            mutant = m.apply(spec)
            v = value_of(mutant)
        except (SpecError, BudgetError) as exc:  # unloadable, or too big: reported in its row, the rest go on
            found.append(Finding(m, None, None, str(exc)))
            continue
        found.append(Finding(m, v, v - base_value))
    return sorted(found, key=lambda f: (f.impact is None, -abs(f.impact or 0), f.mutation.id))

