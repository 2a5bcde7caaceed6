"""The condition and action language of spec rows, parsed by hand.

Spec files are untrusted, so a row's ``if`` and ``do`` texts are tokenised and
parsed by a small recursive-descent parser into frozen syntax trees; nothing is
ever evaluated as Python. Every tree prints back to the text it came from, so a
mutated rule (see ``songe.analysis``) can be shown and written to a spec.

>>> c = parse_condition("not thought_played and discard[some_card] >= 1")
>>> str(c)
'not thought_played and discard[some_card] >= 1'
>>> parse_action("intensity -2")
Action(verb='intensity', amount=-2)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from songe.errors import ExprError

#: A condition or action longer than this is refused (untrusted input).
MAX_EXPR_CHARS = 400
#: Nesting deeper than this is refused.
MAX_DEPTH = 20


class CmpOp(enum.Enum):
    """A comparison between two integer terms."""

    GE = ">="
    """at least"""
    LE = "<="
    """at most"""
    GT = ">"
    """more than"""
    LT = "<"
    """less than"""
    EQ = "=="
    """equal"""
    NE = "!="
    """different"""

    def holds(self, a: int, b: int) -> bool:
        """Compare two integers with this operator."""
        return _CMP[self](a, b)


_CMP: dict[CmpOp, Callable[[int, int], bool]] = {
    CmpOp.GE: lambda a, b: a >= b,
    CmpOp.LE: lambda a, b: a <= b,
    CmpOp.GT: lambda a, b: a > b,
    CmpOp.LT: lambda a, b: a < b,
    CmpOp.EQ: lambda a, b: a == b,
    CmpOp.NE: lambda a, b: a != b,
}


@dataclass(frozen=True)
class Num:
    """An integer literal."""

    value: int

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Var:
    """A named integer of the state, optionally indexed by a card id."""

    name: str
    key: str | None = None

    def __str__(self) -> str:
        return self.name if self.key is None else f"{self.name}[{self.key}]"


Term = Num | Var


@dataclass(frozen=True)
class Compare:
    """``left op right``; false when a side is undefined (e.g. no previous dream)."""

    left: Term
    op: CmpOp
    right: Term

    def __str__(self) -> str:
        return f"{self.left} {self.op.value} {self.right}"


@dataclass(frozen=True)
class Flag:
    """A named yes/no fact of the state."""

    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Not:
    """Negation."""

    item: Condition

    def __str__(self) -> str:
        inner = str(self.item)
        return f"not {inner}" if isinstance(self.item, (Flag, Not)) else f"not ({inner})"


@dataclass(frozen=True)
class And:
    """All of several conditions."""

    items: tuple[Condition, ...]

    def __str__(self) -> str:
        return " and ".join(_wrap(i, Or) for i in self.items)


@dataclass(frozen=True)
class Or:
    """Any of several conditions."""

    items: tuple[Condition, ...]

    def __str__(self) -> str:
        return " or ".join(str(i) for i in self.items)


Condition = Compare | Flag | Not | And | Or


def _wrap(item: Condition, kind: type) -> str:
    return f"({item})" if isinstance(item, kind) else str(item)


@dataclass(frozen=True)
class Action:
    """A verb with an optional integer amount, e.g. ``draw 2``."""

    verb: str
    amount: int | None = None

    def __str__(self) -> str:
        if self.amount is None:
            return self.verb
        sign = "+" if self.verb in SIGNED_VERBS and self.amount > 0 else ""
        return f"{self.verb} {sign}{self.amount}"


#: Verbs whose amount is written with a sign (a change, not a count).
SIGNED_VERBS = frozenset({"intensity"})

_TOKEN = re.compile(r"\s*(?:(?P<num>[+-]?[0-9]{1,9})|(?P<name>[a-z_][a-z0-9_]*)|(?P<op>>=|<=|==|!=|>|<)|(?P<punct>[()\[\]]))")


def _tokens(text: str) -> Iterator[tuple[str, str]]:
    if len(text) > MAX_EXPR_CHARS:
        raise ExprError(f"expression longer than {MAX_EXPR_CHARS} characters")
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ExprError(f"unexpected character {text[pos:].strip()[:1]!r} at position {pos}")
        pos = m.end()
        kind = m.lastgroup
        assert kind is not None
        yield kind, m.group(kind)


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = list(_tokens(text))
        self.i = 0
        self.depth = 0

    def peek(self) -> tuple[str, str] | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, kind: str | None = None, value: str | None = None) -> tuple[str, str]:
        tok = self.peek()
        if tok is None or (kind and tok[0] != kind) or (value and tok[1] != value):
            want = value or kind or "more"
            got = "end of text" if tok is None else repr(tok[1])
            raise ExprError(f"expected {want!r}, got {got}")
        self.i += 1
        return tok

    def at(self, value: str) -> bool:
        tok = self.peek()
        return tok is not None and tok[1] == value and tok[0] in ("name", "punct")

    def condition(self) -> Condition:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExprError(f"nesting deeper than {MAX_DEPTH}")
        items = [self.conjunction()]
        while self.at("or"):
            self.take()
            items.append(self.conjunction())
        self.depth -= 1
        return items[0] if len(items) == 1 else Or(tuple(items))

    def conjunction(self) -> Condition:
        items = [self.negation()]
        while self.at("and"):
            self.take()
            items.append(self.negation())
        return items[0] if len(items) == 1 else And(tuple(items))

    def negation(self) -> Condition:
        if self.at("not"):
            self.take()
            return Not(self.negation())
        return self.primary()

    def primary(self) -> Condition:
        if self.at("("):
            self.take()
            inner = self.condition()
            self.take("punct", ")")
            return inner
        left = self.term()
        tok = self.peek()
        if tok is not None and tok[0] == "op":
            self.take()
            return Compare(left, CmpOp(tok[1]), self.term())
        if isinstance(left, Var) and left.key is None:
            return Flag(left.name)
        raise ExprError(f"{left} is not a condition: compare it with >=, <=, ==, !=, > or <")

    def term(self) -> Term:
        if self.peek() is None:
            raise ExprError("expected a number or a name, got end of text")
        kind, value = self.take()
        if kind == "num":
            return Num(int(value))
        if kind != "name" or value in ("and", "or", "not"):
            raise ExprError(f"expected a number or a name, got {value!r}")
        if self.at("["):
            self.take()
            key = self.take("name")[1]
            self.take("punct", "]")
            return Var(value, key)
        return Var(value)

    def done(self) -> None:
        tok = self.peek()
        if tok is not None:
            raise ExprError(f"unexpected {tok[1]!r} after a complete expression")


def parse_condition(text: str) -> Condition:
    """Parse a row's ``if`` text into a syntax tree.

    >>> parse_condition("previous >= 3")
    Compare(left=Var(name='previous', key=None), op=<CmpOp.GE: '>='>, right=Num(value=3))
    >>> parse_condition("hand >=")
    Traceback (most recent call last):
    ...
    songe.errors.ExprError: expected a number or a name, got end of text
    """
    p = _Parser(text)
    if p.peek() is None:
        raise ExprError("empty condition")
    cond = p.condition()
    p.done()
    return cond


def parse_action(text: str) -> Action:
    """Parse a row's ``do`` text: a verb and an optional integer."""
    toks = list(_tokens(text))
    if not toks or toks[0][0] != "name":
        raise ExprError("an action starts with a verb")
    if len(toks) > 2 or (len(toks) == 2 and toks[1][0] != "num"):
        raise ExprError("an action is a verb followed by at most one integer")
    return Action(toks[0][1], int(toks[1][1]) if len(toks) == 2 else None)


def walk(cond: Condition) -> Iterator[Condition | Term]:
    """Every node of a condition, depth first (for validation and mutation)."""
    yield cond
    if isinstance(cond, Compare):
        yield cond.left
        yield cond.right
    elif isinstance(cond, Not):
        yield from walk(cond.item)
    elif isinstance(cond, (And, Or)):
        for item in cond.items:
            yield from walk(item)


Env = Callable[[str, str | None], int | bool | None]


def evaluate(cond: Condition, env: Env) -> bool:
    """Evaluate a condition; ``env(name, key)`` gives a state value or None."""
    if isinstance(cond, Compare):
        a = _term(cond.left, env)
        b = _term(cond.right, env)
        return a is not None and b is not None and cond.op.holds(a, b)
    if isinstance(cond, Flag):
        return bool(env(cond.name, None))
    if isinstance(cond, Not):
        return not evaluate(cond.item, env)
    if isinstance(cond, And):
        return all(evaluate(i, env) for i in cond.items)
    return any(evaluate(i, env) for i in cond.items)


def _term(term: Term, env: Env) -> int | None:
    if isinstance(term, Num):
        return term.value
    value = env(term.name, term.key)
    return None if value is None else int(value)
