"""When I Dream's role table and the Sandmen's cases."""

from __future__ import annotations

import z3

from songe.proofs._z3util import refute
from songe.prove import Mutant, Obligation, Verdict
from songe.spec.expr import And, Compare, Condition, Not, Num, Or
from songe.spec.when_i_dream import WhenIDreamSpec


def table_fits(spec: WhenIDreamSpec, model: WhenIDreamSpec) -> Verdict:
    """Each row: one card per player (the dreamer's share is the card left face down), within the box."""
    for n, row in sorted(model.table.items()):
        cards = {r: z3.Int(f"{n}p.{r}") for r in row}
        facts = [cards[r] == c for r, c in row.items()]
        box = {r.id: r.in_box for r in spec.roles}
        prop = z3.And(z3.Sum(list(cards.values())) == n, *[cards[r] <= box[r] for r in cards])
        v = refute(z3.Not(prop), *facts, rule=f"role table, {n} players (box {box})")
        if not v.holds:
            return v
    return Verdict(True)


def _z3(cond: Condition, words: dict[str, z3.ArithRef]) -> z3.BoolRef:
    if isinstance(cond, Compare):
        side = lambda t: z3.IntVal(t.value) if isinstance(t, Num) else words[t.name]  # noqa: E731
        a, b = side(cond.left), side(cond.right)
        return {">=": a >= b, "<=": a <= b, ">": a > b, "<": a < b, "==": a == b, "!=": a != b}[cond.op.value]
    if isinstance(cond, Not):
        return z3.Not(_z3(cond.item, words))
    if isinstance(cond, (And, Or)):
        parts = [_z3(c, words) for c in cond.items]
        return z3.And(*parts) if isinstance(cond, And) else z3.Or(*parts)
    raise AssertionError(f"{cond} is not a board condition")  # Flag/Var alone: refused at load


def sandman_partition(spec: WhenIDreamSpec, model: WhenIDreamSpec) -> Verdict:
    """For every (yellow, blue) with both >= 0, exactly one case applies."""
    y, b = z3.Int("yellow"), z3.Int("blue")
    diff = z3.If(y >= b, y - b, b - y)
    words = {"yellow": y, "blue": b, "diff": diff, "most": z3.If(y >= b, y, b), "least": z3.If(y >= b, b, y)}
    holds = [z3.If(_z3(c.condition, words), 1, 0) for c in model.sandman_cases]
    return refute(z3.Sum(holds) != 1, y >= 0, b >= 0, rule="Marchands de Sable: three cases")


OBLIGATIONS = [
    Obligation(
        id="when_i_dream.role_table", game="when-i-dream",
        statement="each row of the role table has as many cards as players (one per clue-giver, one face "
                  "down) and no more of a role than the box holds (5 Fées, 4 Croque-Mitaines, 2 Marchands)",
        check=table_fits,
        mutant=Mutant("one_more_fee", "one more Fée at 10 players (6: more than the box)",
                      sets=(("role_table.rows.6.fee", 6),)),
    ),
    Obligation(
        id="when_i_dream.sandman_partition", game="when-i-dream",
        statement="the Sandmen's three cases partition all (yellow, blue) pairs: exactly one applies",
        check=sandman_partition,
        mutant=Mutant("one_apart_or_more", "the second case read as '1 or more apart'",
                      sets=(("sandman_cases.1.if", "diff >= 1"),)),
    ),
]


