"""Each trick rule once: the engine's Python function and its z3 term side by side.

:func:`~songe.games.jekyll_hyde.trick.resolve` and
:func:`~songe.games.jekyll_hyde.trick.legal_follows` call the Python functions;
the proof obligations (``proofs/jekyll_hyde_rules.py``) are built from the z3
terms; :func:`mismatches` checks every term against its function over the
whole of its small domain (every card, colour order and named colour of a
spec's deck), so changing one side alone fails a test.

A card is encoded as ``potion`` (bool), ``suit`` (the suit's index in the
spec, -1 for a potion) and ``value``; a colour order as one position per
suit (0 is the weakest, -1 not ranked yet); a potion effect as its index in
:data:`EFFECTS` (-1: none). Terms take z3 expressions in the same order (a
colour order as a list of z3 integers). z3 is imported only by the terms.

>>> appear((-1, -1, -1), 0), appear((0, -1, -1), 2)
((0, -1, -1), (0, 2, 1))
>>> potion_lead_wins(True, False, 3, 3, True), potion_lead_wins(True, False, 3, 3, False)
(True, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from songe.spec.jekyll_hyde import Effect, JekyllHydeSpec

#: Potion effects in code order.
EFFECTS = tuple(Effect)
#: The code of "no effect".
NO_EFFECT = -1

Positions = tuple[int, ...]


# ------------------------------------------------------------------ follow


def may_follow(lead_potion: bool, asked: int, has_asked: bool, potion: bool, suit: int) -> bool:
    """The asked colour; with a colour led a potion instead; anything without the colour asked."""
    return (not has_asked) or (suit == asked and not potion) or (potion and not lead_potion)


def may_follow_term(lead_potion: Any, asked: Any, has_asked: Any, potion: Any, suit: Any) -> Any:
    import z3
    return z3.Or(z3.Not(has_asked), z3.And(suit == asked, z3.Not(potion)), z3.And(potion, z3.Not(lead_potion)))


# ------------------------------------------------------------------ colour order


def register(pos: Positions, suit: int) -> Positions:
    """A colour appears: it takes the weakest free rank (a potion, -1, has no colour)."""
    if suit < 0 or pos[suit] >= 0:
        return pos
    k = sum(p >= 0 for p in pos)
    return tuple(k if i == suit else p for i, p in enumerate(pos))


def register_term(pos: Sequence[Any], suit: Any) -> list[Any]:
    import z3
    k = z3.Sum([z3.If(p >= 0, 1, 0) for p in pos])
    return [z3.If(z3.And(suit == i, p < 0), k, p) for i, p in enumerate(pos)]


def complete(pos: Positions) -> Positions:
    """Once all colours but one are ranked, the last one is the best."""
    n = len(pos)
    if sum(p >= 0 for p in pos) != n - 1:
        return pos
    return tuple(n - 1 if p < 0 else p for p in pos)


def complete_term(pos: Sequence[Any]) -> list[Any]:
    import z3
    n = len(pos)
    k = z3.Sum([z3.If(p >= 0, 1, 0) for p in pos])
    return [z3.If(z3.And(k == n - 1, p < 0), n - 1, p) for p in pos]


def appear(pos: Positions, suit: int) -> Positions:
    """A colour appears, then the order completes (the engine's one step)."""
    return complete(register(pos, suit))


def appear_term(pos: Sequence[Any], suit: Any) -> list[Any]:
    return complete_term(register_term(pos, suit))


# ------------------------------------------------------------------ comparison


def same_colour_lead_wins(lead_value: int, follow_value: int) -> bool:
    """Same colour: the higher value wins."""
    return lead_value > follow_value


def same_colour_lead_wins_term(lead_value: Any, follow_value: Any) -> Any:
    return lead_value > follow_value


def stronger_colour_lead_wins(lead_rank: int, follow_rank: int) -> bool:
    """Different colours: the stronger colour (later in the order) wins, whatever the values."""
    return lead_rank > follow_rank


def stronger_colour_lead_wins_term(lead_rank: Any, follow_rank: Any) -> Any:
    return lead_rank > follow_rank


def potion_lead_wins(lead_potion: bool, follow_potion: bool, lead_value: int, follow_value: int,
                     wins_ties: bool) -> bool:
    """A potion played: the higher value wins; a tie goes to the one potion's '+', else the lead keeps it."""
    if lead_value != follow_value:
        return lead_value > follow_value
    if wins_ties and lead_potion != follow_potion:
        return lead_potion
    return True


def potion_lead_wins_term(lead_potion: Any, follow_potion: Any, lead_value: Any, follow_value: Any,
                          wins_ties: Any) -> Any:
    import z3
    return z3.If(lead_value != follow_value, lead_value > follow_value,
                 z3.If(z3.And(wins_ties, lead_potion != follow_potion), lead_potion, True))


# ------------------------------------------------------------------ potion effects


def effect_code(lead_potion: bool, follow_potion: bool, lead_suit: int, follow_suit: int,
                table: Sequence[int]) -> int:
    """One potion: the effect of the other card's colour (``table``: effect code per suit); two or none: no effect."""
    if lead_potion == follow_potion:
        return NO_EFFECT
    return table[follow_suit if lead_potion else lead_suit]


def effect_code_term(lead_potion: Any, follow_potion: Any, lead_suit: Any, follow_suit: Any,
                     table: Sequence[int]) -> Any:
    import z3
    other = z3.If(lead_potion, follow_suit, lead_suit)
    by_suit = NO_EFFECT
    for i, code in enumerate(table):
        by_suit = z3.If(other == i, code, by_suit)
    return z3.If(lead_potion == follow_potion, NO_EFFECT, by_suit)


def after_effect(pos: Positions, effect: int, keep: int = -1) -> Positions:
    """The red effect resets the colour order; ``keep`` (a suit index, -1: none) then appears at once
    (reading ``red_reset_scope = keep_trick``: the resetting trick's red card ranks weakest)."""
    if effect != EFFECTS.index(Effect.RESET):
        return pos
    return appear(tuple(-1 for _ in pos), keep)


def after_effect_term(pos: Sequence[Any], effect: Any, keep: Any = -1) -> list[Any]:
    import z3
    fresh = appear_term([z3.IntVal(-1) for _ in pos], keep)
    return [z3.If(effect == EFFECTS.index(Effect.RESET), f, p) for f, p in zip(fresh, pos, strict=True)]


# ------------------------------------------------------------------ the rules, paired


@dataclass(frozen=True)
class TrickRule:
    """A rule of the trick: where the spec quotes it, the engine's function, its z3 term, its domain."""

    id: str
    quotes: tuple[str, ...]
    python: Callable[..., Any]
    term: Callable[..., Any]
    domain: Callable[[JekyllHydeSpec], Iterator[tuple[Any, ...]]]


def _cards(spec: JekyllHydeSpec) -> list[tuple[bool, int, int]]:
    return [(False, i, v) for i in range(len(spec.suits)) for v in spec.values] + [(True, -1, v) for v in spec.potions]


def rankings(n: int) -> list[Positions]:
    """Every colour order a round can hold (and the n-1 ones not yet completed)."""
    out = []
    for k in range(n + 1):
        for order in itertools.permutations(range(n), k):
            out.append(tuple(order.index(i) if i in order else -1 for i in range(n)))
    return out


def effect_table(spec: JekyllHydeSpec) -> tuple[int, ...]:
    """Each suit's potion effect, as codes."""
    return tuple(EFFECTS.index(s.effect) for s in spec.suits)


def _follow_domain(spec: JekyllHydeSpec) -> Iterator[tuple]:
    for lead_potion, has_asked in itertools.product((False, True), repeat=2):
        for asked in range(len(spec.suits)):
            for potion, suit, _ in _cards(spec):
                yield lead_potion, asked, has_asked, potion, suit


def _suits(spec: JekyllHydeSpec) -> range:
    return range(-1, len(spec.suits))


RULES: tuple[TrickRule, ...] = (
    TrickRule("follow", ("rule 'follow'", "rule 'potion_lead'"), may_follow, may_follow_term, _follow_domain),
    TrickRule("colour_order", ("rule 'colour_order'",), register, register_term,
              lambda spec: ((p, s) for p in rankings(len(spec.suits)) for s in _suits(spec))),
    TrickRule("third_colour", ("rule 'third_colour'",), complete, complete_term,
              lambda spec: ((p,) for p in rankings(len(spec.suits)))),
    TrickRule("compare", ("rule 'compare'",), same_colour_lead_wins, same_colour_lead_wins_term,
              lambda spec: itertools.product(spec.values, repeat=2)),
    TrickRule("stronger_colour", ("rule 'stronger_colour'",), stronger_colour_lead_wins, stronger_colour_lead_wins_term,
              lambda spec: itertools.product(range(len(spec.suits)), repeat=2)),
    TrickRule("potion_value", ("rule 'potion_value'", "potions, ties"), potion_lead_wins, potion_lead_wins_term,
              lambda spec: ((a[0], b[0], a[2], b[2], spec.potion_wins_ties)
                            for a, b in itertools.product(_cards(spec), repeat=2))),
    TrickRule("potion_effect", ("rule 'potion_effect'", "rule 'double_potion'"), effect_code, effect_code_term,
              lambda spec: ((lp, fp, ls, fs, effect_table(spec))
                            for lp, fp in itertools.product((False, True), repeat=2)
                            for ls in _suits(spec) for fs in _suits(spec) if (ls < 0) == lp and (fs < 0) == fp)),
    TrickRule("reset", ("rule 'reset'",), after_effect, after_effect_term,
              lambda spec: ((p, e, k) for p in rankings(len(spec.suits)) for e in range(NO_EFFECT, len(EFFECTS))
                            for k in _suits(spec))),
)


def _z3_value(x: Any) -> Any:
    import z3
    if isinstance(x, bool):
        return z3.BoolVal(x)
    if isinstance(x, int):
        return z3.IntVal(x)
    if isinstance(x, tuple) and x and isinstance(x[0], int) and not isinstance(x[0], bool):
        return [z3.IntVal(v) for v in x]
    return x


def evaluate(term: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """A term on concrete arguments, simplified back to Python (bool, int or a tuple of ints).

    >>> evaluate(potion_lead_wins_term, (True, False, 3, 3, True))
    True
    """
    import z3

    def back(e: Any) -> Any:
        e = z3.simplify(e) if isinstance(e, z3.ExprRef) else e
        if isinstance(e, int):
            return e
        if z3.is_true(e) or z3.is_false(e):
            return z3.is_true(e)
        return e.as_long()

    out = term(*[_z3_value(a) for a in args])
    if isinstance(out, list):
        return tuple(back(x) for x in out)
    return back(out)


def mismatches(spec: JekyllHydeSpec, rules: Sequence[TrickRule] = RULES) -> Iterator[tuple[str, tuple, Any, Any]]:
    """Every (rule, arguments, engine's value, term's value) where a term and its function disagree."""
    for rule in rules:
        for args in rule.domain(spec):
            want, got = rule.python(*args), evaluate(rule.term, args)
            if want != got:
                yield rule.id, args, want, got


# ------------------------------------------------------------------ the whole trick


def trick_term(spec: JekyllHydeSpec, lead: tuple[Any, Any, Any], follow: tuple[Any, Any, Any],
               pos: Sequence[Any], named: Any) -> tuple[Any, Any, list[Any]]:
    """The whole trick from the rules' terms, in :func:`~songe.games.jekyll_hyde.trick.resolve`'s order.

    ``lead`` and ``follow`` are (potion, suit, value) terms; ``named`` the named suit's index (-1: none).
    Returns (the lead wins, the effect code, the positions after).
    """
    import z3

    from songe.spec.jekyll_hyde import NamedColourRanks, PotionColourRanks, RedResetScope

    (lp, ls, lv), (fp, fs, fv) = lead, follow
    if spec.named_colour_ranks is NamedColourRanks.YES:
        pos = appear_term(pos, named)
    played = appear_term(appear_term(pos, ls), fs)
    if spec.potion_colour_ranks is PotionColourRanks.NO:
        pos = [z3.If(z3.Or(lp, fp), p, q) for p, q in zip(pos, played, strict=True)]
    else:
        pos = played

    def rank(s: Any) -> Any:
        return z3.Sum([z3.If(s == i, p, 0) for i, p in enumerate(pos)])

    lead_wins = z3.If(z3.Or(lp, fp), potion_lead_wins_term(lp, fp, lv, fv, z3.BoolVal(spec.potion_wins_ties)),
                      z3.If(ls == fs, same_colour_lead_wins_term(lv, fv),
                            stronger_colour_lead_wins_term(rank(ls), rank(fs))))
    code = effect_code_term(lp, fp, ls, fs, effect_table(spec))
    keep = z3.If(lp, fs, ls) if spec.red_reset_scope is RedResetScope.KEEP_TRICK else z3.IntVal(-1)
    return lead_wins, code, after_effect_term(pos, code, keep)
