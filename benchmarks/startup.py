"""Whole-process timings of issue 28 against their targets: start-up, the first run, the warm solve.

Run: ``python3 benchmarks/startup.py [--quick]``. Every command is a fresh process
(imports, numba's cache and the table included), timed from outside:

- ``songe --help``: median of 7 under 0.25 s;
- ``songe solve reveil --level normal``: at least 35x faster than the interpreted
  reference path (:class:`songe.solve.expectimax.Solver`, a whole process too)
  solving the same level in the same run, and about 20x faster than the independent
  plain recursive solver (``benchmarks/independent_reveil.py``, written from the rule
  text without songe's code; the yardstick issue 28 is checked against), timed as a
  whole process in the same run too (both skipped with ``--quick``);
- ``songe solve reveil``, warm: median of 3 under 2.5 s;
- ``songe solve reveil`` on an empty numba cache and an empty memo (a fresh install:
  no kernel compiled, no spec validated yet): under 8 s, the compile said once on
  stderr and not counted in a level's seconds.

The warm runs find the kernels in numba's cache and the spec's validation in
songe's memo (:mod:`songe.spec.checked`), as every run after a user's first does.

Each figure is wall seconds, with the command's CPU seconds (user + system, its
children included) beside it: on a shared machine the CPU seconds say what the
command costs, the wall seconds what the load added. Targets are read on wall
seconds, as a user sees them.

Speed targets live here, never in tests.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SONGE = [sys.executable, "-m", "songe.cli.main"]
REFERENCE = ("from songe.spec.reveil import load; from songe.games.reveil.setup import setups, make_game; "
             "from songe.solve.expectimax import Solver; spec = load(); "
             "print(Solver(make_game(spec, setups(spec, 'normal')[0]), max_states=10**7).solve().value)")
INDEPENDENT = [sys.executable, str(Path(__file__).with_name("independent_reveil.py")), "--level", "normal"]


def cpu_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float, subprocess.CompletedProcess[str]]:
    """Wall and CPU seconds of one run, and the run."""
    cpu, start = cpu_children(), time.perf_counter()
    run = subprocess.run(cmd, capture_output=True, text=True, env=env)
    took = time.perf_counter() - start
    if run.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)}: exit {run.returncode}\n{run.stderr[-2000:]}")
    return took, cpu_children() - cpu, run


def median(cmd: list[str], runs: int) -> tuple[float, float]:
    """Median wall and CPU seconds of ``runs`` runs, after a warm-up (page cache, numba's cache)."""
    timed(cmd)
    times = [timed(cmd)[:2] for _ in range(runs)]
    return statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)


def main() -> int:
    quick = "--quick" in sys.argv
    missed = 0
    print(f"{os.cpu_count()} cores")

    def report(name: str, took: tuple[float, float], target: str, ok: bool) -> None:
        nonlocal missed
        missed += not ok
        print(f"{name:<40} {took[0]:7.2f} s wall {took[1]:6.2f} s CPU  ({target}){'' if ok else '  MISSED'}",
              flush=True)

    t = median([*SONGE, "--help"], 7)
    report("songe --help (median of 7)", t, "target < 0.25 s", t[0] < 0.25)
    t = median([*SONGE, "solve", "reveil"], 3)
    report("songe solve reveil, warm (median of 3)", t, "target < 2.5 s", t[0] < 2.5)
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as memo:
        wall, cpu, run = timed([*SONGE, "solve", "reveil"],
                               {**os.environ, "NUMBA_CACHE_DIR": cache, "SONGE_CACHE_DIR": memo})
        said = [line for line in run.stderr.splitlines() if "compiling the exact solver, once" in line]
        report("songe solve reveil, empty numba cache", (wall, cpu),
               f"target < 8 s; {said[0] if said else 'no compile line'}", wall < 8 and len(said) == 1)
    if not quick:
        fast = median([*SONGE, "solve", "reveil", "--level", "normal"], 3)
        slow = timed([sys.executable, "-c", REFERENCE])[:2]
        report("songe solve reveil --level normal", fast,
               f"reference {slow[0]:.1f} s wall, {slow[1]:.1f} s CPU: {slow[0] / fast[0]:.1f}x wall, "
               f"{slow[1] / fast[1]:.1f}x CPU, target >= 35x", slow[0] / fast[0] >= 35)
        plain = timed(INDEPENDENT)[:2]
        report("songe solve reveil --level normal", fast,
               f"against the independent plain recursive solver: {plain[0] / fast[0]:.1f}x wall, "
               f"{plain[1] / fast[1]:.1f}x CPU (it took {plain[0]:.1f} s wall, {plain[1]:.1f} s CPU), target ~20x",
               plain[0] / fast[0] >= 20)
    print(f"targets missed: {missed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
