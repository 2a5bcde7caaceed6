"""The documentation site builds with warnings as errors, with the rulebooks' figures from the results file.

A file of its own (apart from tests/test_rulebook.py, which recomputes that
file) so that the test workers share the two slow checks.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from songe.rulebook.results import read
from songe.rulebook.typography import fraction, whole_percent

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "docs" / "results" / "reveil.json"


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
    dossier = text(out / "_generated" / "rulebooks" / "reveil.dossier.fr.html")
    normal = read(RESULTS)["levels"]["normal"]["optimal"]
    assert whole_percent(normal, "fr") in page and fraction(normal, "fr") in dossier  # the results file's, the French way
    assert "Ce qui a changé" in dossier and "Ce qui a changé" not in page  # two documents, separate pages
    assert "Le maximum de 2\u00a0par Rêve inclut-il" in page  # the FAQ is in French too, its number held to its word
    assert (out / "_generated" / "rulebooks" / "jekyll_hyde.en.html").exists()
    assert (out / "_generated" / "rulebooks" / "when_i_dream.fr.html").exists()
    dread = text(out / "_generated" / "rulebooks" / "dread_draw.en.html")
    assert "Aftermath" in dread and "What changed" in text(out / "_generated" / "rulebooks" / "dread_draw.dossier.en.html")
    cli = text(out / "cli.html")
    assert "songe solve" in cli and "--max-states" in cli
