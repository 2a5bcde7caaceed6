"""Time the per-order results of Réveil: histogram (optimal play) and clairvoyant value, per level.

Run: ``python3 benchmarks/orders.py``. Speed targets live here, never in tests.
Targets (issue 9), on a 2-core machine: the per-order histogram of one level under
60 s; the clairvoyant figure (exact here, not sampled) under 10 minutes using both
cores. It also measures what 2 Dask workers buy over one process, with the work
cut by set-up and mode (the default) and by order prefix (``--split 1``).
"""

from __future__ import annotations

import sys
import time

from songe.games.reveil import per_order
from songe.games.reveil.setup import setups
from songe.spec.reveil import load
from songe.tasks import run_tasks

HISTOGRAM_TARGET = 60.0
CLAIRVOYANT_TARGET = 600.0


def timed(spec, levels, clairvoyant: bool, workers: int, split: int = 0) -> tuple[float, list]:
    start = time.perf_counter()
    work = per_order.jobs(spec, levels, clairvoyant, split)
    results = per_order.gather(spec, run_tasks(per_order.run_job, work, workers=workers))
    per_order.forget()
    return time.perf_counter() - start, results


def main() -> int:
    spec = load()
    every = setups(spec, None)
    missed = 0
    print("one process, optimal play only (solve + histogram), per level:")
    for st in every:
        took, (lv,) = timed(spec, [st], clairvoyant=False, workers=0)
        h = lv.optimal.histogram
        missed += took > HISTOGRAM_TARGET
        print(f"  {st.level:<10} {h.orders:,} orders, mean {h.mean} (matches solver: {lv.matches_solver}), "
              f"{took:.1f} s")
    print("clairvoyant value of every level, exact:")
    one_process = 0.0  # set by the first pass (no workers), read by the second
    for workers in (0, 2):
        took, levels = timed(spec, every, clairvoyant=True, workers=workers)
        where = "one process" if not workers else f"{workers} Dask workers"
        if workers:
            missed += took > CLAIRVOYANT_TARGET
            base = one_process
            print(f"  {where}: {took:.1f} s (speed-up {base / took:.2f}x over one process)")
        else:
            one_process = took
            print(f"  {where}: {took:.1f} s")
        for lv in levels if not workers else []:
            c = lv.clairvoyant.histogram
            print(f"    {lv.setup.level:<10} clairvoyant {c.mean} ≈ {float(c.mean):.4f}, doomed {c.sure_losses:,}")
    for split in (1,):
        took, _ = timed(spec, every[:1], clairvoyant=True, workers=2, split=split)
        single, _ = timed(spec, every[:1], clairvoyant=True, workers=0)
        print(f"  level {every[0].level}, split by prefixes of {split}: 2 Dask workers {took:.1f} s, "
              f"one process {single:.1f} s (speed-up {single / took:.2f}x)")
    print(f"targets missed: {missed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
