"""The figures a clarified rulebook shows, computed, and kept in a results file.

Réveil's figures (every reading variant solved at every level, witnesses,
claims) take minutes, so the docs read them from ``docs/results/reveil.json``;
``tests/test_rulebook.py`` recomputes them and requires equality, so the file
can never drift from the spec. ``songe rulebook reveil --write-results FILE``
rewrites it.
"""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

from songe.analysis import claims as claims_mod
from songe.analysis.values import level_values
from songe.analysis.witness import find
from songe.games.reveil.setup import make_game, setups
from songe.solve.expectimax import Solver, first_action, fraction_text
from songe.spec.reveil import ReveilSpec, load


def _variant_values(args: tuple[str | None, dict[str, str]]) -> dict[str, str]:
    path, readings = args
    spec = load(path, readings)
    return {lv: fraction_text(v) for lv, v in level_values(spec, setups(spec, None)).items()}


def reveil_results(spec: ReveilSpec, jobs: int = 1, tick: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Every figure of Réveil's rulebook, as JSON-ready data (fractions as 'p/q')."""
    defaults = {r.id: r.default for r in spec.readings}
    names = ["defaults"] + [f"{r.id}={o}" for r in spec.readings for o in r.option_ids[1:]]
    tasks = [(spec.file, defaults | dict([n.split("=", 1)])) if n != "defaults" else (spec.file, defaults)
             for n in names]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            values = dict(zip(names, pool.map(_variant_values, tasks)))
    else:
        values = {}
        for n, t in zip(names, tasks):
            if tick:
                tick(n)
            values[n] = _variant_values(t)
    base = spec.with_readings(defaults)
    levels = {}
    for st in setups(base, None):
        never = Solver(make_game(base, st), first_action).solve().value
        levels[st.level] = {"lucidity": st.lucidity, "hand_limit": st.hand_limit,
                            "optimal": values["defaults"][st.level], "never": fraction_text(never)}
    witness_setup = setups(base, None)[0]
    witnesses = {}
    for r in spec.readings:
        for o in r.option_ids[1:]:
            if tick:
                tick(f"witness {r.id}={o}")
            s = find(make_game(base, witness_setup), make_game(spec.with_readings(defaults | {r.id: o}),
                                                              witness_setup), (r.default, o))
            w = s.witness
            witnesses[f"{r.id}={o}"] = {"note": s.note(), "witness": None if w is None else {
                "order": list(w.order), "choices": list(w.choices), "results": w.results}}
    as_fractions = {n: {lv: Fraction(v) for lv, v in vals.items()} for n, vals in values.items()}
    claims = [c.as_json() for c in claims_mod.measure(spec, as_fractions)]
    return {"game": spec.id, "witness_level": witness_setup.level, "levels": levels, "variants": values,
            "witnesses": witnesses, "claims": claims}


def write(results: dict[str, Any], path: Path) -> None:
    """Write a results file (stable key order, one trailing newline)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def read(path: Path) -> dict[str, Any]:
    """Read a results file."""
    return json.loads(path.read_text(encoding="utf-8"))
