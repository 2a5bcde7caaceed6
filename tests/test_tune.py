"""``songe tune``: the search for the set-up nearest a target win probability (tiny grids only here)."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from songe.errors import OptionError
from songe.games.reveil.setup import Setup, make_game
from songe.games.reveil.tune import search
from songe.solve.expectimax import Solver
from songe.spec.reveil import load


def test_the_search_ranks_exact_values_by_distance_to_the_target() -> None:
    spec = load()
    found = search(spec, Fraction(1, 10), [4, 6], [1])  # one shared memo: about one solve
    assert [c.distance for c in found] == sorted(c.distance for c in found)
    assert all(c.distance == abs(c.value - Fraction(1, 10)) for c in found)
    assert found[0].value < found[1].value  # here the nearer set-up is the harder one
    best = found[0]  # the shared memo gives what a fresh solver gives for that set-up alone
    assert best.value == Solver(make_game(spec, Setup("x", best.lucidity, best.hand_limit))).solve().value


def test_bad_search_is_refused_in_one_line() -> None:
    with pytest.raises(OptionError, match="between 0 and 1"):
        search(load(), Fraction(3, 2), [1], [0])
    with pytest.raises(OptionError, match="--hand-limit"):
        search(load(), Fraction(1, 2), [1], [99])


def test_tune_command_gives_json_and_writes_the_cache(tmp_path) -> None:
    out = tmp_path / "tune.json"
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "tune", "reveil", "--target", "1/10", "--lucidity",
                        "1-2", "--hand-limit", "0", "--json", "--write", str(out)], capture_output=True, text=True,
                       check=False)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data == json.loads(out.read_text(encoding="utf-8"))
    assert data["target"] == "1/10" and len(data["best"]) == 2
    bad = subprocess.run([sys.executable, "-m", "songe.cli.main", "tune", "reveil", "--target", "x"],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "--target" in bad.stderr and "Traceback" not in bad.stderr
