"""What one verb of Réveil's effect vocabulary is: validation, engine effect, words and z3 term together.

A row of a card (``do = "intensity -1"``) names a verb and maybe an amount.
Each verb is defined once, in one module of this package, as a
:class:`VerbDef`; :data:`songe.games.reveil.verbs.REGISTRY` lists them. The
engine runs the verb's :attr:`~VerbDef.effect`, the proofs reason with its
:attr:`~VerbDef.term`, the rulebook and traces print its words, and the spec
loader checks amounts with :meth:`~VerbDef.refuse`; ``tests/test_verb_terms.py``
checks effect and term agree on every small situation.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol, TypeAlias

from songe.games.reveil.state import EventKind
from songe.games.reveil.work import DRAW, REMOVE, Work, WorkFrame
from songe.lazy import Lazy
from songe.spec.vocabulary.reveil import Rules, Verb

if TYPE_CHECKING:
    import z3
else:
    z3 = Lazy("z3")  # only the proofs build terms

#: An integer of the z3 picture: a term, or a plain int where it is known.
Int: TypeAlias = "z3.ArithRef | int"


class Emit(Protocol):
    """Reports a trace event (the engine's; does nothing unless a trace is being recorded)."""

    def __call__(self, w: Work, kind: EventKind, card: int | None = None, amount: int | None = None) -> None: ...


@functools.lru_cache(maxsize=256)  # small values recur; z3 terms are slow to build
def _int(value: int) -> z3.IntNumRef:
    return z3.IntVal(value)

#: A row's effect, bound to its card and amount: changes the working state and the dream it applies to.
Effect = Callable[[Work, WorkFrame], None]


@dataclass(frozen=True)
class Sym:
    """What a verb can change, as z3 terms: the dream the row applies to, the dreams below it, the player.

    ``outer`` are the current intensities of the dreams below, outermost first;
    ``draws`` and ``removals`` count the reveals and random removals the dream
    has queued (the engine's DRAW and REMOVE ops).
    """

    intensity: z3.ArithRef
    outer: tuple[z3.ArithRef, ...]
    extra_loss: z3.ArithRef
    lucidity: z3.ArithRef
    ignored: z3.BoolRef
    cancelled: z3.BoolRef
    draws: z3.ArithRef
    removals: z3.ArithRef

    @classmethod
    def fresh(cls, prefix: str = "", depth: int = 0) -> Sym:
        """Unconstrained z3 constants, with ``depth`` dreams below."""
        i, b = (lambda n: z3.Int(prefix + n)), (lambda n: z3.Bool(prefix + n))
        return cls(i("intensity"), tuple(i(f"outer{k}") for k in range(depth)), i("extra_loss"), i("lucidity"),
                   b("ignored"), b("cancelled"), i("draws"), i("removals"))

    @classmethod
    def of(cls, w: Work, f: WorkFrame) -> Sym:
        """The working state's values as z3 constants (``f`` on top of ``w.stack``)."""
        return cls(_int(f.intensity), tuple(_int(g.intensity) for g in w.stack[:-1]),
                   _int(f.extra_loss), _int(w.lucidity), z3.BoolVal(f.ignored), z3.BoolVal(f.cancelled),
                   _int(sum(1 for op in f.ops if op[0] == DRAW)), _int(sum(1 for op in f.ops if op[0] == REMOVE)))

    def with_(self, **changes: object) -> Sym:
        """A copy with some fields replaced (the functional update a term returns)."""
        return replace(self, **changes)  # type: ignore[arg-type]  # field names checked by dataclasses

    def where(self, cond: z3.BoolRef, other: Sym) -> Sym:
        """``self`` where ``cond`` holds, else ``other`` (a row that may or may not fire)."""
        def pick(a: z3.ExprRef, b: z3.ExprRef) -> z3.ExprRef:
            return z3.If(cond, a, b)
        return Sym(pick(self.intensity, other.intensity), tuple(map(pick, self.outer, other.outer)),
                   pick(self.extra_loss, other.extra_loss), pick(self.lucidity, other.lucidity),
                   pick(self.ignored, other.ignored), pick(self.cancelled, other.cancelled),
                   pick(self.draws, other.draws), pick(self.removals, other.removals))

    def equals(self, other: Sym) -> z3.BoolRef:
        """The relation ``self == other``, field by field."""
        pairs = [(self.intensity, other.intensity), (self.extra_loss, other.extra_loss),
                 (self.lucidity, other.lucidity), (self.ignored, other.ignored),
                 (self.cancelled, other.cancelled), (self.draws, other.draws), (self.removals, other.removals)]
        pairs += list(zip(self.outer, other.outer, strict=True))
        return z3.And([a == b for a, b in pairs])


#: A verb's z3 term: the picture after the row, from the picture before, the amount and the rules.
Term = Callable[[Sym, Int, Rules], Sym]


@dataclass(frozen=True)
class VerbDef:
    """One verb: what amounts it takes, what it does to the engine's state, its words, its z3 term."""

    verb: Verb
    amounts: tuple[int, int] | None
    """the accepted amounts, inclusive (0 never: a row that does nothing is a mistake); None: takes no amount"""
    effect: Callable[[int, int, Rules, Emit], Effect]
    """(card, amount, rules, emit) → the row's effect, built once per row when a game is set up"""
    term: Term
    """the same effect over z3: the picture after, from the picture before"""
    en: Callable[[int], str]
    """the action in English, given the amount (0 for a verb without one): a template whose game terms
    are glossary fields (``{t.lucidity}``), filled by :func:`songe.spec.glossary.fill`"""
    fr: Callable[[int], str]
    """the action in French (a template, as ``en``; a verb addressing the player writes both registers' forms,
    ``{you:perds|perdez}``, for :class:`songe.spec.glossary.Register` to choose)"""

    def refuse(self, amount: int | None) -> str | None:
        """Why a row cannot give this verb that amount, or None when it can.

        >>> from songe.games.reveil.verbs import REGISTRY
        >>> REGISTRY[Verb.DRAW].refuse(0)
        "amount of 'draw' must be non-zero within (1, 5), got 0"
        >>> REGISTRY[Verb.CANCEL].refuse(None) is None
        True
        """
        name = self.verb.value
        if self.amounts is None:
            return None if amount is None else f"{name!r} takes no amount, got {amount}"
        if amount is None:
            return f"{name!r} needs an amount"
        low, high = self.amounts
        if not low <= amount <= high or amount == 0:
            return f"amount of {name!r} must be non-zero within {self.amounts}, got {amount}"
        return None

    def relation(self, before: Sym, after: Sym, amount: Int, rules: Rules) -> z3.BoolRef:
        """The effect as a relation: ``after`` is what the row makes of ``before``."""
        return after.equals(self.term(before, amount, rules))


def term(value: Int) -> z3.ArithRef:
    """A z3 integer term, from a term or a plain int."""
    return z3.IntVal(value) if isinstance(value, int) else value


def floor(value: Int) -> z3.ArithRef:
    """``max(0, value)`` over z3."""
    return z3.If(term(value) < 0, 0, value)
