"""Proof obligations: each checks a property of a loaded spec, and has a mutant that breaks it.

An obligation is a function from a spec (the one whose numbers state the
property) and a model (the one whose semantics is checked; the same spec,
except when running the mutant) to a :class:`Verdict`. z3 obligations assert
the negation of the property in a fresh solver: unsat is a proof, sat a
counterexample. Every obligation also runs on its mutant, a small named change
of the spec or a reading, and must be refuted there; one that is not is
*vacuous* and fails, since it could not have failed.

The obligations themselves live in the top-level ``proofs/`` folder (shipped
as ``songe.proofs``); each module there lists them in ``OBLIGATIONS``.
"""

from __future__ import annotations

import copy
import enum
import importlib
import pkgutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from songe.errors import BudgetError, OptionError
from songe.spec import from_raw_for
from songe.spec import readings as readings_mod
from songe.spec.fields import Table


class Status(enum.Enum):
    """What running an obligation concluded."""

    PROVED = "proved"
    """the property holds, and its mutant was refuted"""
    REFUTED = "refuted"
    """the property does not hold: a counterexample was found"""
    VACUOUS = "vacuous"
    """the property holds but its mutant was not refuted: the check cannot fail"""
    UNKNOWN = "unknown"
    """the search stopped before an answer (a state budget, a solver's time limit): neither proved nor refuted"""


@dataclass(frozen=True)
class Verdict:
    """One check's answer: does the property hold, and if not, why not."""

    holds: bool
    counterexample: dict[str, Any] | None = None
    method: str = "z3"
    stopped: str | None = None
    """why the search stopped before an answer (then ``holds`` is False but nothing was refuted)"""


@dataclass(frozen=True)
class Mutant:
    """A named small change under which the property must fail."""

    name: str
    description: str
    sets: tuple[tuple[str, Any], ...] = ()
    readings: tuple[tuple[str, str], ...] = ()
    sets_for: Callable[[Any], tuple[tuple[str, Any], ...]] | None = None
    """the assignments computed from the spec (a card chosen by its data, so a renamed deck still has one)"""

    def apply(self, spec: Any) -> Any:
        """The spec with this change made (raw assignments, then readings)."""
        raw = copy.deepcopy(dict(spec.raw))
        sets = self.sets + (self.sets_for(spec) if self.sets_for else ())
        readings_mod.assign(raw, sets, Table(raw, spec.file, f"mutant {self.name!r}"), self.name)
        chosen = dict(spec.chosen) | dict(self.readings)
        return from_raw_for(spec)(raw, spec.file, chosen, spec.base_dir)


#: (spec whose numbers state the property, spec whose semantics is checked) → verdict; any family.
Check = Callable[[Any, Any], Verdict]


@dataclass(frozen=True)
class Obligation:
    """A property of a game's spec with the mutant that must refute it."""

    id: str
    game: str
    statement: str
    check: Check
    mutant: Mutant
    readings: tuple[tuple[str, str], ...] = ()
    statement_for: Callable[[Any], str] | None = None
    """the statement with the spec's own numbers, when it quotes some (``statement`` then says it in general)"""

    def said(self, spec: Any) -> str:
        """The statement for this spec: its own counts, never the shipped file's."""
        return self.statement_for(spec) if self.statement_for is not None else self.statement


@dataclass(frozen=True)
class Report:
    """The outcome of one obligation, as ``songe prove --json`` prints it."""

    obligation: Obligation
    status: Status
    verdict: Verdict
    mutant_verdict: Verdict
    seconds: float
    extra: dict[str, Any] = field(default_factory=dict)
    statement: str = ""
    """the obligation's statement for the spec checked (see :meth:`Obligation.said`)"""

    def as_json(self) -> dict[str, Any]:
        """The issue's JSON shape."""
        o = self.obligation
        return {"id": o.id, "game": o.game, "statement": self.statement or o.statement, "status": self.status.value,
                "method": self.verdict.method, "readings": dict(o.readings),
                "counterexample": self.verdict.counterexample,
                "mutant": {"name": o.mutant.name, "description": o.mutant.description,
                           "counterexample": self.mutant_verdict.counterexample},
                "mutant_refuted": self.mutant_refuted, "stopped": self.verdict.stopped or self.mutant_verdict.stopped,
                "seconds": round(self.seconds, 3)}

    @property
    def mutant_refuted(self) -> bool | None:
        """Whether the mutant was refuted (None: its search stopped before an answer)."""
        return None if self.mutant_verdict.stopped else not self.mutant_verdict.holds


def obligations(game: str | None = None) -> list[Obligation]:
    """Every obligation of every module in ``songe.proofs`` (or of one game)."""
    import songe.proofs as pkg

    found: list[Obligation] = []
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{pkg.__name__}.{info.name}")
        found.extend(getattr(module, "OBLIGATIONS", ()))
    games = sorted({o.game for o in found})
    if game is not None and game not in games:
        raise OptionError(f"no obligations for game {game!r}; games with obligations: {', '.join(games)}")
    return [o for o in found if game is None or o.game == game]


def run(obligation: Obligation, spec: Any) -> Report:
    """Check the property on the spec (under the obligation's readings), then on its mutant."""
    start = time.perf_counter()
    base = spec.with_readings(dict(spec.chosen) | dict(obligation.readings))
    verdict = _check(obligation, base, base)
    mutant_verdict = _check(obligation, base, obligation.mutant.apply(base))
    if verdict.stopped:
        status = Status.UNKNOWN
    elif not verdict.holds:
        status = Status.REFUTED
    elif mutant_verdict.stopped:  # a mutant whose search stopped was not refuted, nor shown vacuous
        status = Status.UNKNOWN
    elif mutant_verdict.holds:
        status = Status.VACUOUS
    else:
        status = Status.PROVED
    return Report(obligation, status, verdict, mutant_verdict, time.perf_counter() - start,
                  statement=obligation.said(base))


def _check(obligation: Obligation, spec: Any, model: Any) -> Verdict:
    """One check; a search stopped by its state budget is an unknown answer, never a refutation."""
    try:
        return obligation.check(spec, model)
    except BudgetError as exc:
        return Verdict(False, None, method="stopped", stopped=str(exc))
