"""Lucidité: the verbs ``extra_loss N`` and ``gain N``, the loss step and the defeat check.

The loss step is not a verb, but it is where ``extra_loss`` and ``cancel``
take effect, so its engine function and its z3 term stand here side by side:
the loss from the current intensity (floored at 0), capped by ``loss_cap``
under the ``loss_cap_scope`` reading, plus the extra loss; nothing for a
cancelled dream. The defeat check ends the game at ``lucidity <= defeat_at``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from songe.games.reveil.state import EventKind
from songe.games.reveil.verbs.base import Effect, Emit, Int, Sym, VerbDef, floor, term
from songe.games.reveil.work import Work, WorkFrame
from songe.lazy import Lazy
from songe.spec.vocabulary.reveil import MAX_INTENSITY, LossCapScope, Rules, Verb

if TYPE_CHECKING:
    import z3
else:
    z3 = Lazy("z3")  # only the proofs build terms


def lost(intensity: int, extra_loss: int, cancelled: bool, rules: Rules) -> int:
    """What the loss step takes (engine side).

    >>> from songe.spec.reveil import load
    >>> rules = load().rules
    >>> rules.loss_cap, rules.loss_cap_scope.value, lost(5, 1, False, rules), lost(-2, 1, False, rules)
    (2, 'intensity', 3, 1)
    """
    if cancelled:
        return 0
    base = max(0, intensity)
    if rules.loss_cap_scope is LossCapScope.INTENSITY:
        return min(base, rules.loss_cap) + extra_loss
    return min(base + extra_loss, rules.loss_cap)


def lost_term(intensity: Int, extra_loss: Int, cancelled: z3.BoolRef | bool, rules: Rules) -> z3.ArithRef:
    """What the loss step takes (z3 side): the same as :func:`lost`."""
    base, cap = floor(intensity), rules.loss_cap
    if rules.loss_cap_scope is LossCapScope.INTENSITY:
        taken = z3.If(base < cap, base, cap) + extra_loss
    else:
        total = base + extra_loss
        taken = z3.If(total < cap, total, cap)
    return z3.If(cancelled, 0, taken)


def loss_step(w: Work, f: WorkFrame, rules: Rules) -> int:
    """The loss step on the working state: Lucidité goes down, the dream remembers what it took."""
    f.lost = taken = lost(f.intensity, f.extra_loss, f.cancelled, rules)
    w.lucidity -= taken
    return taken


def loss_step_term(s: Sym, rules: Rules) -> tuple[Sym, z3.ArithRef]:
    """The loss step over z3: the picture after it, and what it took."""
    taken = lost_term(s.intensity, s.extra_loss, s.cancelled, rules)
    return s.with_(lucidity=s.lucidity - taken), taken


def defeated(lucidity: int, rules: Rules) -> bool:
    """Whether the defeat check ends the game (engine side)."""
    return lucidity <= rules.defeat_at


def defeated_term(lucidity: Int, rules: Rules) -> z3.BoolRef:
    """Whether the defeat check ends the game (z3 side)."""
    return term(lucidity) <= rules.defeat_at


def _extra(card: int, amount: int, rules: Rules, emit: Emit) -> Effect:
    def act(w: Work, f: WorkFrame) -> None:
        f.extra_loss += amount
    return act


def _extra_term(s: Sym, amount: Int, rules: Rules) -> Sym:
    return s.with_(extra_loss=s.extra_loss + amount)


def _gain(card: int, amount: int, rules: Rules, emit: Emit) -> Effect:
    def act(w: Work, f: WorkFrame) -> None:
        w.lucidity += amount
        emit(w, EventKind.GAIN, card, amount)
    return act


def _gain_term(s: Sym, amount: Int, rules: Rules) -> Sym:
    return s.with_(lucidity=s.lucidity + amount)


EXTRA_LOSS = VerbDef(
    Verb.EXTRA_LOSS, (1, MAX_INTENSITY), _extra, _extra_term,
    en=lambda n: f"lose {n} more {{t.lucidity}}",
    fr=lambda n: f"{{you:perds|perdez}} {n} {{t.lucidity}} de plus",
)
GAIN = VerbDef(
    Verb.GAIN, (1, MAX_INTENSITY), _gain, _gain_term,
    en=lambda n: f"gain {n} {{t.lucidity}}",
    fr=lambda n: f"{{you:gagne|gagnez}} {n} {{t.lucidity}}",
)
