"""A book's results file: the figures that take minutes to compute, kept as JSON (fractions as 'p/q').

Réveil's (:mod:`songe.games.reveil.results`) are written by ``songe rulebook reveil --write-results`` and
recomputed by ``tests/test_rulebook.py``; the docs build reads them here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def write(results: dict[str, Any], path: Path) -> None:
    """Write a results file (stable key order, one trailing newline)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def read(path: Path) -> dict[str, Any]:
    """Read a results file."""
    return json.loads(path.read_text(encoding="utf-8"))
