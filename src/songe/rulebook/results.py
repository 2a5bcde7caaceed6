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


#: The top-level entries of a results file (what :func:`reveil_results` returns).
KEYS = ("claims", "game", "levels", "orders", "variants", "witness_level", "witnesses")


def read(path: Path) -> dict[str, Any]:
    """Read a results file: bounded JSON (:func:`songe.files.parse_json`) of the shape :func:`reveil_results` writes."""
    from songe.errors import InputError
    from songe.files import parse_json

    data = parse_json(path)
    if not isinstance(data, dict) or any(k not in data for k in KEYS):
        raise InputError(str(path), f"not a results file (a JSON object with {', '.join(KEYS)}); "
                                    f"write one with songe rulebook reveil --write-results")
    return data
