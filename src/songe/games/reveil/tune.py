"""Set-ups whose exact optimal win probability is nearest a target: the fix a false claim of the text gets.

« Avec une bonne stratégie, tu gagnes environ une partie sur deux » fails at the
normal level; this search says which starting Lucidité and hand limit would make
it true. Every candidate is solved exactly; set-ups with the same hand limit
share one memo (a state's value does not depend on the Lucidité the game
started with), so a range of Lucidité costs about one solve per hand limit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from songe.errors import OptionError
from songe.games.reveil.setup import Setup, make_game
from songe.solve.expectimax import DEFAULT_MAX_STATES, fraction_text, make_solver
from songe.spec.reveil import MAX_HAND, MAX_LUCIDITY, ReveilSpec

#: A search bigger than this many set-ups is refused (each may be a full solve).
MAX_CANDIDATES = 64


@dataclass(frozen=True)
class Candidate:
    """One set-up with its exact optimal win probability and its distance to the target."""

    lucidity: int
    hand_limit: int
    value: Fraction
    distance: Fraction

    def as_json(self) -> dict[str, object]:
        """JSON-ready (fractions as 'p/q')."""
        return {"lucidity": self.lucidity, "hand_limit": self.hand_limit, "value": fraction_text(self.value),
                "distance": fraction_text(self.distance)}


def search(spec: ReveilSpec, target: Fraction, lucidity: Sequence[int], hand_limit: Sequence[int],
           max_states: int = DEFAULT_MAX_STATES, tick: Callable[[str], None] | None = None) -> list[Candidate]:
    """Every set-up of the grid, nearest the target first (ties: fewer changes from the spec's set-up).

    >>> from songe.spec.reveil import load
    >>> best = search(load(), Fraction(1, 2), [1], [0])[0]
    >>> (best.lucidity, best.hand_limit, best.value)
    (1, 0, Fraction(0, 1))
    """
    if not 0 <= target <= 1:
        raise OptionError(f"--target must be a probability between 0 and 1, got {target}")
    for name, values, top in (("--lucidity", lucidity, MAX_LUCIDITY), ("--hand-limit", hand_limit, MAX_HAND)):
        if not values or any(not (0 if name == "--hand-limit" else 1) <= v <= top for v in values):
            raise OptionError(f"{name} values must lie in {0 if name == '--hand-limit' else 1}..{top}, got {list(values)}")
    if len(lucidity) * len(hand_limit) > MAX_CANDIDATES:
        raise OptionError(f"{len(lucidity) * len(hand_limit)} set-ups to solve; at most {MAX_CANDIDATES}")
    memos: dict[int, dict] = {}
    out = []
    for h in hand_limit:
        for luc in lucidity:
            if tick:
                tick(f"Lucidité {luc}, hand {h}")
            setup = Setup("tune", luc, h)
            value = make_solver(make_game(spec, setup), max_states=max_states, memo=memos.setdefault(h, {})).solve().value
            out.append(Candidate(luc, h, value, abs(value - target)))
    base = (spec.setup.lucidity, spec.setup.hand_limit)
    return sorted(out, key=lambda c: (c.distance, (c.lucidity != base[0]) + (c.hand_limit != base[1]),
                                      abs(c.lucidity - base[0]) + abs(c.hand_limit - base[1])))


def parse_range(text: str, option: str) -> list[int]:
    """'3-7' or '2,3' or '5' as a list of integers.

    >>> parse_range("3-5", "--lucidity")
    [3, 4, 5]
    """
    try:
        if "-" in text:
            low, high = (int(x) for x in text.split("-", 1))
            return list(range(low, high + 1))
        return [int(x) for x in text.split(",")]
    except ValueError:
        raise OptionError(f"{option}: {text!r} is not a range like 3-7 or a list like 2,3") from None
