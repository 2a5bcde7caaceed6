"""Time Réveil's witness searches, one reading option at a time, at a level (default: the first, as the CLI does).

Run: ``python3 benchmarks/witness.py [LEVEL] [READING=OPTION ...]`` (default: every option).
Each variant is solved first (timed apart): ``songe ambiguities`` shares those
solvers with the witness search, so the search itself is what it adds.
Target (issue 14): no more than a small factor over the side-by-side walk it
replaced (1.6 s CPU for played_thought, 31 s for defeat_timing at level normal).
"""

from __future__ import annotations

import sys
import time

from songe.analysis.witness import find
from songe.games.reveil.setup import make_game, setups
from songe.games.reveil.trace import deck
from songe.solve.expectimax import Solver
from songe.spec.reveil import load


def main(argv: list[str]) -> None:
    spec = load()
    defaults = {r.id: r.default for r in spec.readings}
    base = spec.with_readings(defaults)
    st = setups(base, argv[0] if argv else None)[0]
    asked = [a.split("=", 1) for a in argv[1:]] or [[r.id, o] for r in spec.readings for o in r.option_ids[1:]]
    a = make_game(base, st)
    sa = Solver(a)
    c = time.process_time()
    sa.solve()
    print(f"level {st.level}: default solved in {time.process_time() - c:.1f} s CPU")
    for rid, option in asked:
        b = make_game(spec.with_readings(defaults | {rid: option}), st)
        sb = Solver(b)
        c = time.process_time()
        sb.solve()
        solved = time.process_time() - c
        c = time.process_time()
        s = find(a, b, (defaults[rid], option), deck(a), (sa, sb))
        print(f"{rid}={option}: solve {solved:.1f} s, witness search {time.process_time() - c:.2f} s CPU — "
              f"{s.note()[:100]}")


if __name__ == "__main__":
    main(sys.argv[1:])
