"""Storm's time and songe's time, side by side, for Pmax[F win] of every Réveil level (issue 17).

Run: ``python3 benchmarks/storm_vs_songe.py [--json]``. For each level: songe's
solver (value and seconds), then Storm's side split into songe's export (the
walk that numbers every state), Storm's parse of the DRN, and Storm's exact
check; the two values must be the same fraction. Speed targets live here,
never in tests.
"""

from __future__ import annotations

import json
import sys

from songe.games.reveil.setup import make_game, setups
from songe.interop.storm import check_game
from songe.solve.expectimax import Solver
from songe.spec.reveil import load


def main() -> None:
    spec = load()
    rows = []
    for st in setups(spec, None):
        game = make_game(spec, st)
        songe = Solver(game).solve()
        storm = check_game(game, 'Pmax=? [F "win"]')
        rows.append({"level": st.level, "value": f"{songe.value.numerator}/{songe.value.denominator}",
                     "same": storm.value == songe.value, "states": storm.states,
                     "songe_solve_s": round(songe.seconds, 2), "export_s": round(storm.export_seconds, 2),
                     "storm_build_s": round(storm.storm_build_seconds, 2),
                     "storm_check_s": round(storm.check_seconds, 2)})
        if "--json" not in sys.argv:
            r = rows[-1]
            print(f"{r['level']:10} {r['value']:>22} same={r['same']} states={r['states']:,} "
                  f"songe solve {r['songe_solve_s']:.1f} s | songe export {r['export_s']:.1f} s, "
                  f"Storm build {r['storm_build_s']:.1f} s, Storm check {r['storm_check_s']:.1f} s", flush=True)
    if "--json" in sys.argv:
        print(json.dumps(rows, indent=2))
    if not all(r["same"] for r in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
