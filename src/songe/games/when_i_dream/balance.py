"""Role balance, computed exactly: every night outcome and every leftover role card enumerated.

Model of a night: n cards are revealed; on each the dreamer is right with
probability p, wrong with q, and passes otherwise (a pass goes where the
reading dreamer_pass says). The dreamer remembers all yellow cards with
probability m. Roles are dealt from the player count's row of the role table,
one card left face down uniformly at random.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from songe.errors import OptionError
from songe.games.when_i_dream.scoring import Board, dreamer_score, role_score
from songe.spec.when_i_dream import DreamerPass, WhenIDreamSpec

#: The dreamer, as a role name in balance tables.
DREAMER = "dreamer"
MAX_CARDS = 40


def parse_probability(text: str, name: str) -> Fraction:
    """'0.6' or '3/5' → Fraction(3, 5), exactly; outside [0, 1] is an error.

    Only ASCII digits, and no exponent: ``Fraction("1e-999999999")`` would build a huge integer.
    """
    if not re.fullmatch(r"[0-9]{1,12}(/[0-9]{1,12})?|[0-9]{0,12}\.[0-9]{1,12}", text.strip()):
        raise OptionError(f"--{name} must be a probability such as 0.6 or 3/5, got {text!r}")
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise OptionError(f"--{name} must be a probability such as 0.6 or 3/5, got {text!r}") from None
    if not 0 <= value <= 1:
        raise OptionError(f"--{name} must be between 0 and 1, got {text!r}")
    return value


def boards(spec: WhenIDreamSpec, n: int, p: Fraction, q: Fraction) -> dict[Board, Fraction]:
    """The exact distribution of the board after a night of n cards."""
    r = 1 - p - q
    if r < 0:
        raise OptionError(f"p + q must be at most 1, got {p} + {q}")
    if r > 0 and spec.dreamer_pass is DreamerPass.NOT_ALLOWED:
        raise OptionError("passes have probability 1 - p - q > 0, but this reading does not allow them")
    if not 0 <= n <= MAX_CARDS:
        raise OptionError(f"--cards must be between 0 and {MAX_CARDS}, got {n}")
    out: dict[Board, Fraction] = {}
    for y in range(n + 1):
        for w in range(n - y + 1):
            k = n - y - w
            prob = comb(n, y) * comb(n - y, w) * p ** y * q ** w * r ** k
            if prob:
                b = Board(y, w + k)  # passes go to the blue side (the only reading that allows them)
                out[b] = out.get(b, Fraction(0)) + prob
    return out


@dataclass(frozen=True)
class RoleBalance:
    """For a player holding a role: expected round score and share of the round's top score."""

    role: str
    expected_score: Fraction
    win_share: Fraction
    top_or_tied: Fraction
    giver_share: Fraction | None  # top share among clue-givers only (None for the dreamer)


def balance(spec: WhenIDreamSpec, players: int, p: Fraction, q: Fraction, n: int,
            remember: Fraction = Fraction(1)) -> list[RoleBalance]:
    """Each role's (and the dreamer's) expected score and chance of the top round score, exactly."""
    if players not in spec.table:
        raise OptionError(f"no role table row for {players} players; rows: {', '.join(map(str, sorted(spec.table)))}")
    cards = Counter({r: c for r, c in spec.table[players].items() if c})
    dist = boards(spec, n, p, q)
    memory = [(True, remember), (False, 1 - remember)]
    out = []
    for me in [DREAMER, *sorted(cards, key=list(spec.table[players]).index)]:
        exp = share = top = giver = Fraction(0)
        # Who else plays: the table's cards (minus mine) dealt to the others, one left face down.
        rest = cards.copy()
        if me != DREAMER:
            rest[me] -= 1
        pool = list(rest.elements())
        leftovers = Counter(pool)
        for left, lcount in leftovers.items():
            p_left = Fraction(lcount, len(pool))
            present = rest.copy()
            present[left] -= 1
            for b, pb in dist.items():
                for mem, pm in memory:
                    weight = p_left * pb * pm
                    if not weight:
                        continue
                    scores = [role_score(spec, role, b) for role in present.elements()]
                    d = dreamer_score(spec, b, mem)
                    mine = d if me == DREAMER else role_score(spec, me, b)
                    others = scores + ([] if me == DREAMER else [d])
                    best = max(others + [mine])
                    exp += weight * mine
                    if mine == best:
                        tied = 1 + sum(1 for s in others if s == best)
                        share += weight / tied
                        top += weight
                    if me != DREAMER and mine == max(scores + [mine]):
                        giver += weight / (1 + sum(1 for s in scores if s == mine))
        out.append(RoleBalance(me, exp, share, top, None if me == DREAMER else giver))
    return out
