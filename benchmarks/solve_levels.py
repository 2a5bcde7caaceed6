"""Time the exact solve of every Réveil level (and of the deck with one card fewer or more).

Run: ``python3 benchmarks/solve_levels.py``. Speed targets live here, never in tests.
Target (issue 2): each level well under 2 s on one core.
"""

from __future__ import annotations

import sys
import time

from songe.games.reveil import ReveilGame
from songe.solve.expectimax import Solver
from songe.spec.reveil import load

TARGET_SECONDS = 2.0


def main() -> int:
    spec = load()
    slow = 0
    print(f"{'level':<10} {'P(win)':>22} {'states':>9} {'seconds':>8}")
    for lv in spec.levels:
        start = time.perf_counter()
        res = Solver(ReveilGame(spec, lv.lucidity, lv.hand_limit)).solve()
        took = time.perf_counter() - start
        slow += took > TARGET_SECONDS
        print(f"{lv.id:<10} {str(res.value):>22} {res.states:>9,} {took:>8.2f}")
    # Scaling with deck size: one copy fewer / more of the duplicated card.
    dup = max(spec.cards, key=lambda c: c.copies)
    raw = spec.raw
    for delta in (-1, +1):
        cards = [dict(c, copies=c["copies"] + delta) if c["id"] == dup.id else c for c in raw["cards"]]
        from songe.spec.reveil import from_raw

        variant = from_raw(dict(raw, cards=cards), spec.file, {}, spec.base_dir)
        lv = spec.levels[0]
        start = time.perf_counter()
        res = Solver(ReveilGame(variant, lv.lucidity, lv.hand_limit)).solve()
        print(f"{lv.id} with {len(variant.deck)} cards ({dup.id} ×{dup.copies + delta}): "
              f"{res.states:,} states, {time.perf_counter() - start:.2f} s")
    print(f"levels over the {TARGET_SECONDS} s target: {slow}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
