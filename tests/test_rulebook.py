"""The rulebooks' results file: every figure a fresh computation (the docs build: test_docs_build.py)."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

from conftest import solved

from songe.games.reveil.results import reveil_results
from songe.rulebook.results import read
from songe.spec.reveil import load

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "docs" / "results" / "reveil.json"


def test_results_file_equals_a_fresh_computation() -> None:
    """docs/results/reveil.json is what the spec and the solver give now (regenerate it if this fails).

    In this process (``jobs=1``): the test workers already use both cores, and a Dask cluster's start costs
    more than it saves here; tests/test_orders.py checks that a cluster gives the same results.
    """
    assert reveil_results(load(), jobs=1) == read(RESULTS)


def test_results_agree_with_the_solver() -> None:
    levels = read(RESULTS)["levels"]
    assert Fraction(levels["cauchemar"]["optimal"]) == solved((), 5, 2)[0]
    assert all(Fraction(d["never"]) == 0 for d in levels.values())


def test_rulebook_command_writes_a_page(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "rulebook", "reveil", "--lang", "en", "--out",
                        str(tmp_path), "--results", str(RESULTS)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    text = (tmp_path / "reveil.en.rst").read_text(encoding="utf-8")
    assert "Playing a turn" in text and "What changed" not in text
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "rulebook", "reveil", "--lang", "en", "--out",
                        str(tmp_path), "--results", str(RESULTS), "--dossier"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    dossier = (tmp_path / "reveil.dossier.en.rst").read_text(encoding="utf-8")
    assert "What changed" in dossier and "For the author to confirm" in dossier and "Playing a turn" not in dossier
