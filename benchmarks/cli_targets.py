"""Time the two whole-catalogue commands of issue 18 as a user runs them, against their targets.

Run: ``python3 benchmarks/cli_targets.py``. Each command runs in a fresh process
(imports and numba's cached kernels included), one after the other:

- ``songe ambiguities reveil`` (every reading, every level, witnesses): under 60 s;
- ``songe orders reveil`` (all four levels, optimal and clairvoyant, all 19,958,400
  orders each, on a local cluster of one worker per core): under 60 s on 2 cores.

Speed targets live here, never in tests.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

TARGETS = {("ambiguities", "reveil"): 60.0, ("orders", "reveil"): 60.0}


def main() -> int:
    missed = 0
    print(f"{os.cpu_count()} cores")
    for args, target in TARGETS.items():
        start = time.perf_counter()
        run = subprocess.run([sys.executable, "-m", "songe.cli.main", *args], capture_output=True, text=True)
        took = time.perf_counter() - start
        if run.returncode != 0:
            print(f"songe {' '.join(args)}: exit {run.returncode}\n{run.stderr[-2000:]}")
            return 1
        missed += took >= target
        print(f"songe {' '.join(args):<20} {took:6.1f} s (target < {target:.0f} s)", flush=True)
    print(f"targets missed: {missed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
