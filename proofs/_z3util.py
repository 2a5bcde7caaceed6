"""Helpers shared by the z3 obligations: run a negated property, read a model.

The game's semantics is not restated here: Réveil's obligations use the terms
of :mod:`songe.games.reveil.verbs`.
"""

from __future__ import annotations

from typing import Any

import z3

from songe.prove import Verdict


def refute(negated: z3.BoolRef, *facts: z3.BoolRef, rule: str) -> Verdict:
    """Assert the facts and the negated property in a fresh solver: unsat proves it."""
    s = z3.Solver()
    s.set("timeout", 20_000)
    s.add(*facts)
    s.add(negated)
    answer = s.check()
    if answer == z3.unsat:
        return Verdict(True)
    if answer == z3.unknown:
        return Verdict(False, None, stopped=f"z3 gave no answer for {rule!r} ({s.reason_unknown()})")
    m = s.model()
    values: dict[str, Any] = {"rule": rule}
    for d in sorted(m.decls(), key=lambda d: d.name()):
        v = m[d]
        values[d.name()] = v.as_long() if z3.is_int_value(v) else z3.is_true(v) if z3.is_bool(v) else str(v)
    return Verdict(False, values)

