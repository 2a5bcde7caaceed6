"""Learning short strategies (issue 25): time per level and how near optimal play a short strategy gets.

Run: ``python3 benchmarks/learn.py [MAX_RULES]`` (default 5). For each level of the
shipped spec it learns the frontier (the best strategy found with 1, 2, … rules,
each evaluated exactly) and prints, per level:

- the wall time and CPU time of learning plus the exact evaluation of the whole
  frontier (target: under 2 minutes per level on 2 cores);
- each strategy's exact win probability beside optimal play's, and the smallest
  number of rules within 3 percentage points of optimal (the goal: at most 5 at
  every level). When no short strategy gets there, that is the finding.

BLAS is held to one thread: on a small shared machine its threads only wait on each other.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import sys  # noqa: E402
import time  # noqa: E402
from fractions import Fraction  # noqa: E402

from songe.games.reveil.advice import learn_level  # noqa: E402
from songe.games.reveil.setup import setups  # noqa: E402
from songe.games.reveil.words import strategy_words  # noqa: E402
from songe.spec.reveil import load  # noqa: E402

TARGET_SECONDS = 120.0
GAP = Fraction(3, 100)


def main() -> int:
    max_rules = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    spec = load()
    reached, slow = 0, 0
    todo = setups(spec, None)
    for st in todo:
        wall, cpu = time.perf_counter(), time.process_time()
        lf = learn_level(spec, st, max_rules)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        f = lf.frontier
        slow += wall >= TARGET_SECONDS
        print(f"{st.level}: optimal {f.optimal} ({float(f.optimal):.2%}); {f.evaluated} strategies evaluated "
              f"exactly; {wall:.1f} s wall, {cpu:.1f} s CPU (target < {TARGET_SECONDS:.0f} s)", flush=True)
        for b, s in zip(f.best, lf.strategies, strict=True):
            print(f"  {len(b.rules)} rules: {b.value} ({float(b.value):.2%}, "
                  f"{float(f.optimal - b.value) * 100:.1f} points below optimal)  "
                  + " | ".join(strategy_words(s, spec, "en")))
        within = f.smallest_within(GAP)
        reached += within is not None
        print(f"  within 3 points: {'no' if within is None else f'{len(within.rules)} rules'}", flush=True)
    print(f"levels with a strategy of at most {max_rules} rules within 3 points of optimal: {reached}/{len(todo)}; "
          f"levels over the time target: {slow}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
