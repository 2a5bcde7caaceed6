"""Memory per state on each path (issue 27, item 6), against the targets.

Run: ``python3 benchmarks/memory.py``. Each measure is a fresh process; its peak
is the operating system's (``ru_maxrss`` of the finished child):

- bytes per state of the compiled solver's memo and of the interpreted
  reference solver (Python's own allocation count, ``tracemalloc``);
- ``songe graph reveil --level cauchemar`` and ``songe export reveil --level
  cauchemar``: peak under 500 MB each.

Speed and memory targets live here, never in tests.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

PER_STATE = """
import tracemalloc
from songe.spec.reveil import load
from songe.games.reveil.setup import setups, make_game
from songe.solve.expectimax import make_solver, Solver
spec = load()
s = make_solver(make_game(spec, setups(spec, "cauchemar")[0]), None, 10**7)
r = s.solve()
held = sum(a.nbytes for a in s._table.arrays)
print(f"compiled solver: {held / r.states:.0f} bytes a state ({r.states:,} states, {held / 1e6:.0f} MB held)")
game = make_game(spec, setups(spec, "cauchemar", 3, 2)[0])
tracemalloc.start()
r = Solver(game, None, 10**7).solve()
now, peak = tracemalloc.get_traced_memory()
print(f"reference solver: {peak / r.states:.0f} bytes a state at its peak ({r.states:,} states, Lucidite 3)")
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


def main() -> int:
    print(subprocess.run([sys.executable, "-c", PER_STATE], capture_output=True, text=True, check=True).stdout, end="")
    missed = 0
    with tempfile.TemporaryDirectory() as out:
        for verb, name in (("graph", "g.graphml"), ("export", "m.drn")):
            took, mb = peak_of([sys.executable, "-m", "songe.cli.main", verb, "reveil", "--level", "cauchemar",
                                "--out", os.path.join(out, name)])
            missed += mb >= 500
            print(f"songe {verb} reveil --level cauchemar: {took:6.1f} s, peak {mb:6.0f} MB (target < 500 MB)"
                  f"{'' if mb < 500 else '  MISSED'}", flush=True)
    print(f"targets missed: {missed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
