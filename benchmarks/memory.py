"""Memory per state on each path (issue 27, item 6), against the targets.

Run: ``python3 benchmarks/memory.py``. Each measure is a fresh process; its peak
is the operating system's (``ru_maxrss`` of the finished child):

- bytes per state of the compiled solver's memo and of the interpreted
  reference solver (Python's own allocation count, ``tracemalloc``);
- ``songe graph`` and ``songe export`` of Réveil at cauchemar and normal: peak under
  500 MB each (they stream from the compiled arrays), and their bytes a state;
- the reference path's bytes a state in a whole process, on a spec the kernels cannot
  hold (the shipped deck with three times the copies; ``benchmarks/refusal.py`` times
  its refusal at the default budget);
- the figures the default budget uses (``songe.cli.common.BYTES_PER_STATE``)
  against these measures: a drift over 25 % is flagged.

Before the streamed writers (same machine, loaded): graph cauchemar 3.2 GB and
116 s, export cauchemar 0.86 GB and 74 s; graph normal 4.1 GB, export normal 1.08 GB.

Speed and memory targets live here, never in tests.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time

from refusal import big_spec  # type: ignore[import-not-found]  # a script beside this one: the same spec

PER_STATE = """
import tracemalloc
from songe.spec.reveil import load
from songe.games.reveil.setup import setups, make_game
from songe.solve.expectimax import make_solver, Solver
spec = load()
s = make_solver(make_game(spec, setups(spec, "cauchemar")[0]), None, 10**7)
r = s.solve()
held = sum(a.nbytes for a in s._table.arrays)
print(f"compiled: {held / r.states:.0f} bytes a state ({r.states:,} states, {held / 1e6:.0f} MB held)")
game = make_game(spec, setups(spec, "cauchemar", 3, 2)[0])
tracemalloc.start()
r = Solver(game, None, 10**7).solve()
now, peak = tracemalloc.get_traced_memory()
print(f"reference: {peak / r.states:.0f} bytes a state at its peak ({r.states:,} states, Lucidite 3; Python's "
      "allocations only, the process's peak is higher)")
"""


#: Runs a command and prints its peak (KB): each measured command gets a parent of its own.
WRAP = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:], capture_output=True); "
        "sys.exit(r.returncode) if r.returncode else print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def peak_of(cmd: list[str]) -> tuple[float, float]:
    """(seconds, peak MB) of a fresh process."""
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-c", WRAP, *cmd], capture_output=True, text=True)
    took = time.perf_counter() - start
    if run.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)}: exit {run.returncode}")
    return took, int(run.stdout) / 1024


#: The reference solver alone on a spec's level facile, to a budget (the command line counts the states on the
#: kernels first, and refuses such a game before the reference solver stores any); prints its peak (KB).
REFERENCE = """
import resource, sys
from songe.errors import BudgetError
from songe.games.reveil.setup import make_game, setups
from songe.solve.expectimax import Solver
from songe.spec.reveil import load
spec = load(sys.argv[1])
try:
    Solver(make_game(spec, setups(spec, "facile")[0]), None, int(sys.argv[2])).solve()
except BudgetError:
    pass
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def reference_slope(spec: str) -> float:
    """Bytes a state of the reference path at the peak of a whole process: two budgets, the difference."""
    peaks = []
    for budget in (20_000, 120_000):
        run = subprocess.run([sys.executable, "-c", REFERENCE, spec, str(budget)], capture_output=True, text=True,
                             check=True)
        peaks.append(int(run.stdout) * 1024)
    return (peaks[1] - peaks[0]) / 100_000


def main() -> int:
    from songe.cli.common import BYTES_PER_STATE

    measured = subprocess.run([sys.executable, "-c", PER_STATE], capture_output=True, text=True, check=True).stdout
    print(measured, end="")
    missed = 0
    with tempfile.TemporaryDirectory() as out:
        slope = reference_slope(big_spec(out))
        print(f"reference, whole process: {slope:.0f} bytes a state (peak RSS, 20,000 to 120,000 states of a "
              "spec the kernels cannot hold)")
        m = re.search(r"^compiled: (\d+) bytes", measured, re.M)
        for path, now in (("compiled", int(m.group(1)) if m else None), ("reference", slope)):
            figure = BYTES_PER_STATE[path]
            if now is not None and abs(now - figure) > figure / 4:
                print(f"  the default budget's figure for {path} ({figure:,}) drifted from this measure: update it")
        for level in ("cauchemar", "normal"):
            for verb, name in (("graph", "g.graphml"), ("export", "m.drn")):
                took, mb = peak_of([sys.executable, "-m", "songe.cli.main", verb, "reveil", "--level", level,
                                    "--out", os.path.join(out, name), "--json"])
                missed += mb >= 500
                print(f"songe {verb} reveil --level {level}: {took:6.1f} s, peak {mb:6.0f} MB (target < 500 MB)"
                      f"{'' if mb < 500 else '  MISSED'}", flush=True)
    print(f"targets missed: {missed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
