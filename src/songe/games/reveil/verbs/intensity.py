"""``intensity N``: change the current intensity of the dream in resolution by a signed amount.

Two switches of the spec shape it: ``intensity_floor`` (floored at 0 after
every change, or only at the loss step) and ``chain`` (only this dream's
intensity, or every dream in resolution — a misreading kept as a mutant).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from songe.games.reveil.state import EventKind
from songe.games.reveil.verbs.base import Effect, Emit, Int, Sym, VerbDef, floor, term
from songe.games.reveil.work import Work, WorkFrame
from songe.lazy import Lazy
from songe.spec.vocabulary.reveil import MAX_INTENSITY, Chain, IntensityFloor, Rules, Verb

if TYPE_CHECKING:
    import z3
else:
    z3 = Lazy("z3")  # only the proofs build terms


def changed(value: int, delta: int, rule: IntensityFloor) -> int:
    """One intensity after one change (engine side).

    >>> changed(1, -3, IntensityFloor.EACH_STEP), changed(1, -3, IntensityFloor.NET)
    (0, -2)
    """
    raw = value + delta
    return max(0, raw) if rule is IntensityFloor.EACH_STEP else raw


def changed_term(value: Int, delta: Int, rule: IntensityFloor) -> z3.ArithRef:
    """One intensity after one change (z3 side): the same as :func:`changed`."""
    raw = term(value) + delta
    return floor(raw) if rule is IntensityFloor.EACH_STEP else raw


def _effect(card: int, amount: int, rules: Rules, emit: Emit) -> Effect:
    floor_rule, shared = rules.intensity_floor, rules.chain is Chain.SHARED_INTENSITY

    def act(w: Work, f: WorkFrame) -> None:
        for g in w.stack if shared else (f,):
            g.intensity = changed(g.intensity, amount, floor_rule)
            emit(w, EventKind.INTENSITY, g.card, g.intensity)
    return act


def _term(s: Sym, amount: Int, rules: Rules) -> Sym:
    rule = rules.intensity_floor
    outer = s.outer
    if rules.chain is Chain.SHARED_INTENSITY:
        outer = tuple(changed_term(v, amount, rule) for v in outer)
    return s.with_(intensity=changed_term(s.intensity, amount, rule), outer=outer)


INTENSITY = VerbDef(
    Verb.INTENSITY, (-MAX_INTENSITY, MAX_INTENSITY), _effect, _term,
    en=lambda n: f"current {{t.intensity}} {n:+d}",
    fr=lambda n: f"{{T.intensity}} en cours {n:+d}",
)
