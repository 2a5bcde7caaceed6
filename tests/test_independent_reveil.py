"""The independent plain recursive solver (benchmarks/independent_reveil.py) still agrees with songe.

It is issue 28's yardstick for songe's whole-process speed: if it broke (a rule misread, a
lost chained dream), the ratio the benchmark prints would be measured against a wrong solve.
A small set-up keeps this to seconds: Lucidité 2 with a hand of 1, where thoughts are
played, dreams chain and the win probability is neither 0 nor 1.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

BENCHMARK = Path(__file__).resolve().parents[1] / "benchmarks" / "independent_reveil.py"
LUCIDITY, HAND_LIMIT = 2, 1


def test_independent_solver_equals_songe_on_a_small_setup() -> None:
    spec = importlib.util.spec_from_file_location("independent_reveil", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    win, _ = module.solve(LUCIDITY, HAND_LIMIT)
    run = subprocess.run([sys.executable, "-m", "songe", "solve", "reveil", "--level", "normal",
                          "--lucidity", str(LUCIDITY), "--hand-limit", str(HAND_LIMIT), "--json"],
                         capture_output=True, text=True, check=True)
    (result,) = json.loads(run.stdout)["results"]
    assert (result["lucidity"], result["hand_limit"]) == (LUCIDITY, HAND_LIMIT)
    assert 0 < win < 1
    assert win == Fraction(result["win_probability"])
