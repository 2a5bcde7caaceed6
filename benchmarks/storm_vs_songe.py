"""Storm's time and songe's time, side by side, for Pmax[F win] of every Réveil level (issues 17, 18).

Run: ``python3 benchmarks/storm_vs_songe.py [--json]``. For each level: songe's
fast exact solve (exploration included) and its interpreted reference solve
(value and seconds), then Storm's side split into songe's export (the walk that
numbers every state), Storm's parse of the DRN, and Storm's exact check; the
values must be one fraction. Target (issue 18): songe's fast solve takes less
time than Storm's exact check of the same model. Speed targets live here, never in tests.
"""

from __future__ import annotations

import json
import sys

from songe.games.reveil.setup import make_game, setups
from songe.interop.storm import check_game
from songe.solve.expectimax import Solver, make_solver
from songe.spec.reveil import load


def main() -> None:
    spec = load()
    rows = []
    for st in setups(spec, None):
        game = make_game(spec, st)
        fast = make_solver(game).solve()
        songe = Solver(game).solve()
        storm = check_game(game, 'Pmax=? [F "win"]')
        rows.append({"level": st.level, "value": f"{songe.value.numerator}/{songe.value.denominator}",
                     "same": storm.value == songe.value == fast.value, "states": storm.states,
                     "songe_fast_s": round(fast.seconds, 3), "faster_than_storm_check": fast.seconds < storm.check_seconds,
                     "songe_solve_s": round(songe.seconds, 2), "export_s": round(storm.export_seconds, 2),
                     "storm_build_s": round(storm.storm_build_seconds, 2),
                     "storm_check_s": round(storm.check_seconds, 2)})
        if "--json" not in sys.argv:
            r = rows[-1]
            print(f"{r['level']:10} {r['value']:>22} same={r['same']} states={r['states']:,} "
                  f"songe fast {r['songe_fast_s']:.3f} s (reference {r['songe_solve_s']:.1f} s) | songe export {r['export_s']:.1f} s, "
                  f"Storm build {r['storm_build_s']:.1f} s, Storm check {r['storm_check_s']:.1f} s", flush=True)
    if "--json" in sys.argv:
        print(json.dumps(rows, indent=2))
    if not all(r["same"] for r in rows):
        sys.exit(1)
    if "--json" not in sys.argv:
        missed = sum(not r["faster_than_storm_check"] for r in rows)
        print(f"target missed: {missed} (songe's fast solve faster than Storm's exact check, per level)")


if __name__ == "__main__":
    main()
