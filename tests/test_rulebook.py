"""The clarified rulebooks and the documentation: built with -W, and every figure a fresh computation."""

from __future__ import annotations

import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

from conftest import solved

from songe.rulebook.results import read, reveil_results
from songe.rulebook.typography import fraction
from songe.spec.reveil import load

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "docs" / "results" / "reveil.json"


def test_results_file_equals_a_fresh_computation() -> None:
    """docs/results/reveil.json is what the spec and the solver give now (regenerate it if this fails)."""
    assert reveil_results(load(), jobs=2) == read(RESULTS)


def test_results_agree_with_the_solver() -> None:
    levels = read(RESULTS)["levels"]
    assert Fraction(levels["cauchemar"]["optimal"]) == solved((), 5, 2)[0]
    assert all(Fraction(d["never"]) == 0 for d in levels.values())


def test_docs_build_with_warnings_as_errors(tmp_path: Path) -> None:
    out = tmp_path / "html"
    r = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(ROOT / "docs"), str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-3000:]
    def text(path: Path) -> str:
        return re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8"))

    index = text(out / "index.html")
    assert "songe solve reveil" in index and "pytest" in index
    page = text(out / "_generated" / "rulebooks" / "reveil.fr.html")
    normal = read(RESULTS)["levels"]["normal"]["optimal"]
    assert fraction(normal, "fr") in page  # the exact fraction, from the results file, grouped the French way
    assert "Annexe" in page and "ce qui a changé" in page
    assert "Le maximum de 2 par Rêve limite-t-il" in page  # the clarifications are in French too
    assert (out / "_generated" / "rulebooks" / "jekyll_hyde.en.html").exists()
    assert (out / "_generated" / "rulebooks" / "when_i_dream.fr.html").exists()
    dread = text(out / "_generated" / "rulebooks" / "dread_draw.en.html")
    assert "Aftermath" in dread and "what changed" in dread
    cli = text(out / "cli.html")
    assert "songe solve" in cli and "--max-states" in cli


def test_rulebook_command_writes_a_page(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "rulebook", "reveil", "--lang", "en", "--out",
                        str(tmp_path), "--results", str(RESULTS)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    text = (tmp_path / "reveil.en.rst").read_text(encoding="utf-8")
    assert "Playing a turn" in text and "Appendix: what changed" in text
