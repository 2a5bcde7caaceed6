"""Time the exact solve of every Réveil level, fast path against the interpreted reference, and its growth.

Run: ``python3 benchmarks/solve_levels.py`` (``--no-reference`` skips the slow
interpreted solves; ``--cold`` also times the fast path's first call in a fresh
process with an empty numba cache, i.e. its compile time). Speed targets live
here, never in tests:

- each level, exploration included, at least 20× faster than the interpreted solver;
- decks of 12, 13 and 14 cards (one more copy of a card each time), the 14-card deck under 10 s.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

from songe.games.reveil import ReveilGame
from songe.games.reveil.fast import FastSolver
from songe.solve.expectimax import Solver, make_solver
from songe.spec.reveil import CardKind, ReveilSpec, from_raw, load

TARGET_RATIO = 20.0
TARGET_14_SECONDS = 10.0


def timed(solver) -> tuple:
    start = time.perf_counter()
    res = solver.solve()
    return res, time.perf_counter() - start


def grown(spec: ReveilSpec, extra: int) -> tuple[ReveilSpec, list[str]]:
    """The spec with `extra` more copies: the most-copied card, then the first thought, then the first other dream."""
    most = max(spec.cards, key=lambda c: c.copies)
    thought = next(c for c in spec.cards if c.kind is CardKind.THOUGHT and c.id != most.id)
    dream = next(c for c in spec.cards if c.kind is CardKind.DREAM and c.id != most.id)
    added = [most.id, thought.id, dream.id][:extra]
    raw = spec.raw
    cards = [dict(c, copies=c["copies"] + added.count(c["id"])) for c in raw["cards"]]
    return from_raw(dict(raw, cards=cards), spec.file, dict(spec.chosen), spec.base_dir), added


def cold_start() -> float:
    """Seconds for the first fast solve in a fresh process with an empty numba cache (compile included)."""
    code = ("import time; t = time.perf_counter();"
            "from songe.games.reveil import ReveilGame; from songe.games.reveil.fast import fast_solver;"
            "from songe.spec.reveil import load;"
            "fast_solver(ReveilGame(load(), 1, 0)).solve(); print(time.perf_counter() - t)")
    with tempfile.TemporaryDirectory() as cache:
        out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, NUMBA_CACHE_DIR=cache),
                             capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-reference", action="store_true", help="skip the interpreted solves")
    parser.add_argument("--cold", action="store_true", help="time a first call with an empty numba cache")
    args = parser.parse_args()
    spec = load()
    misses = 0

    start = time.perf_counter()
    warm = make_solver(ReveilGame(spec, 1, 0))  # loads (or compiles) the kernels
    warm.solve()
    print(f"fast path ready in {time.perf_counter() - start:.2f} s (kernels loaded from the numba cache, "
          f"or compiled on a first run)")
    if args.cold:
        print(f"first call with an empty numba cache (compile included): {cold_start():.1f} s")

    print(f"\n{'level':<10} {'P(win)':>20} {'states':>9} {'fast s':>8} {'states/s':>11} "
          f"{'interp. s':>9} {'states/s':>9} {'ratio':>7}")
    for lv in spec.levels:
        game = ReveilGame(spec, lv.lucidity, lv.hand_limit)
        solver = make_solver(game)
        assert isinstance(solver, FastSolver)
        res, took = timed(solver)
        line = f"{lv.id:<10} {str(res.value):>20} {res.states:>9,} {took:>8.3f} {res.states / took:>11,.0f}"
        if not args.no_reference:
            ref, ref_took = timed(Solver(game))
            assert (ref.value, ref.states) == (res.value, res.states), lv.id
            ratio = ref_took / took
            misses += ratio < TARGET_RATIO
            line += f" {ref_took:>9.2f} {ref.states / ref_took:>9,.0f} {ratio:>6.1f}×"
        print(line)

    print("\ngrowth (level normal, one more copy each time)")
    lv = spec.level("normal")
    for extra in (1, 2, 3):
        variant, added = grown(spec, extra)
        solver = make_solver(ReveilGame(variant, lv.lucidity, lv.hand_limit))
        assert isinstance(solver, FastSolver)
        res, took = timed(solver)
        size = len(variant.deck)
        if size == 14 and took >= TARGET_14_SECONDS:
            misses += 1
        print(f"{size} cards (+{', +'.join(added)}): {res.value} with {res.states:,} states in {took:.2f} s "
              f"({res.states / took:,.0f} states/s)")
    print(f"\ntargets missed: {misses} (ratio >= {TARGET_RATIO:.0f}× per level; 14 cards < {TARGET_14_SECONDS:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
