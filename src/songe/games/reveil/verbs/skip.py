"""Verbs that skip steps of the dream: ``ignore_effect`` and ``cancel``.

They set a mark on the dream's frame; the effect and loss steps read it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from songe.games.reveil.verbs.base import Effect, Emit, Int, Sym, VerbDef
from songe.games.reveil.work import Work, WorkFrame
from songe.lazy import Lazy
from songe.spec.vocabulary.reveil import Rules, Verb

if TYPE_CHECKING:
    import z3
else:
    z3 = Lazy("z3")  # only the proofs build terms


def _ignore(card: int, amount: int, rules: Rules, emit: Emit) -> Effect:
    def act(w: Work, f: WorkFrame) -> None:
        f.ignored = True
    return act


def _ignore_term(s: Sym, amount: Int, rules: Rules) -> Sym:
    return s.with_(ignored=z3.BoolVal(True))


def _cancel(card: int, amount: int, rules: Rules, emit: Emit) -> Effect:
    def act(w: Work, f: WorkFrame) -> None:
        f.cancelled = True
    return act


def _cancel_term(s: Sym, amount: Int, rules: Rules) -> Sym:
    return s.with_(cancelled=z3.BoolVal(True))


IGNORE_EFFECT = VerbDef(
    Verb.IGNORE_EFFECT, None, _ignore, _ignore_term,
    en=lambda n: "ignore the {t.dream}'s effect",
    fr=lambda n: "{you:ignore|ignorez} l’effet {of.dream}",
)
CANCEL = VerbDef(
    Verb.CANCEL, None, _cancel, _cancel_term,
    en=lambda n: "cancel the {t.dream}: no effect, no loss (it is still discarded)",
    fr=lambda n: "{you:annule|annulez} {the.dream} : ni effet ni perte ({it.dream} va tout de même dans {the.discard})",
)
