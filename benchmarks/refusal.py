"""A spec too big for the default budget, refused within 30 s by every verb that solves it (issue 27, item 6).

Run: ``python3 benchmarks/refusal.py``. The spec is the shipped Réveil with three
times every card's copies (33 cards), a user's edit as issue 27 made it: its common
denominator (33!) passes the kernels' 64-bit integers, so its values can only be
computed by the reference solver, which reached the 2,000,000-state default budget
after about 560 s and 2.8 GB. The compiled path now counts the states first
(:mod:`songe.games.reveil.fast_count`). Each command runs in a fresh process at the
default budget (``SONGE_MAX_STATES`` unset), waited for 120 s at most; it must end
with one line, exit 2 (``tune`` skips the set-up instead and exits 0). ``graph`` and
``export`` walk the game rather than solve it: the same count comes first.

Speed targets live here, never in tests.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time

TARGET = 30.0
COMMANDS = (("solve", "--level", "normal"), ("ambiguities", "--level", "normal"), ("claims",),
            ("tune", "--lucidity", "6", "--hand-limit", "3"), ("graph", "--level", "normal", "--out", "{out}/g.graphml"),
            ("export", "--level", "normal", "--out", "{out}/m.drn"))


def big_spec(folder: str) -> str:
    """The shipped spec with three times every card's copies, its source texts beside it."""
    import shutil

    from songe.spec.sources import spec_dir

    text = (spec_dir() / "reveil.toml").read_text(encoding="utf-8")
    shutil.copytree(spec_dir() / "sources", os.path.join(folder, "sources"), dirs_exist_ok=True)
    path = os.path.join(folder, "big.toml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(re.sub(r"(?m)^copies = (\d+)$", lambda m: f"copies = {3 * int(m.group(1))}", text))
    return path


def main() -> int:
    env = {k: v for k, v in os.environ.items() if k != "SONGE_MAX_STATES"}
    missed = 0
    with tempfile.TemporaryDirectory() as out:
        spec = big_spec(out)
        for verb, *args in COMMANDS:
            args = [a.format(out=out) for a in args]
            cmd = [sys.executable, "-m", "songe.cli.main", verb, "reveil", "--spec", spec, *args]
            start = time.perf_counter()
            try:
                run = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env)
                took, code = time.perf_counter() - start, run.returncode
                lines = [ln for ln in run.stderr.splitlines() if ln.startswith("songe: error")] \
                    or run.stdout.splitlines() or run.stderr.splitlines()
            except subprocess.TimeoutExpired:
                took, code, lines = time.perf_counter() - start, None, ["(not refused yet)"]
            missed += took >= TARGET
            print(f"songe {verb} {' '.join(args)}: {took:.1f} s, exit {code} (target < {TARGET:.0f} s)"
                  f"{'' if took < TARGET else '  MISSED'}\n  {lines[-1] if lines else ''}", flush=True)
    print(f"targets missed: {missed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
