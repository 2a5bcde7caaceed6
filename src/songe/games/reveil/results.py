"""The figures Réveil's clarified rulebook shows, computed, and kept in a results file.

Réveil's figures (every reading variant solved at every level, witnesses,
claims) take minutes, so the docs read them from ``docs/results/reveil.json``;
``tests/test_rulebook.py`` recomputes them and requires equality, so the file
can never drift from the spec. ``songe rulebook reveil --write-results FILE``
rewrites it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from songe.analysis import claims as claims_mod
from songe.analysis.ambiguities import option_search
from songe.analysis.values import level_values
from songe.analysis.witness import Search, given
from songe.errors import IllegalMoveError, OrderError
from songe.games.reveil import per_order
from songe.games.reveil.exact import KIT
from songe.games.reveil.setup import make_game, setups
from songe.games.reveil.spec_figures import sampled_orders
from songe.games.reveil.trace import parse_choices, parse_order
from songe.solve.expectimax import first_action, fraction_text, make_solver
from songe.solve.order_values import DEFAULT_MAX_ORDERS, arrangements
from songe.spec.reveil import ReveilSpec, load
from songe.tasks import run_tasks


def _variant_values(args: tuple[str | None, dict[str, str]]) -> dict[str, str]:
    path, readings = args
    spec = load(path, readings)
    return {lv: fraction_text(v) for lv, v in level_values(spec, setups(spec, None), KIT).items()}


def _task(item: tuple[str, Any]) -> Any:
    """One unit of the results' work: a reading variant solved at every level, or a per-order job."""
    kind, arg = item
    return _variant_values(arg) if kind == "variant" else per_order.run_job(arg)


def _orders(lv: per_order.LevelOrders) -> dict[str, Any]:
    if lv.clairvoyant is None:
        raise ValueError("the rulebook's per-order results need clairvoyant play")
    h, c = lv.optimal.histogram, lv.clairvoyant.histogram
    return {"orders": lv.orders, "histogram": h.as_dict(), "sure_wins": h.sure_wins, "sure_losses": h.sure_losses,
            "mean": fraction_text(h.mean), "matches_solver": lv.matches_solver,
            "clairvoyant": fraction_text(c.mean), "doomed": c.sure_losses,
            "value_of_information": fraction_text(c.mean - lv.solver_value)}


def reveil_results(spec: ReveilSpec, jobs: int = 1, tick: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Every figure of Réveil's rulebook, as JSON-ready data (fractions as 'p/q')."""
    defaults = {r.id: r.default for r in spec.readings}
    # The defaults' values come from the per-order jobs, whose solver already solves every level.
    names = [f"{r.id}={o}" for r in spec.readings for o in r.option_ids[1:]]
    tasks = [(spec.file, defaults | dict([n.split("=", 1)])) for n in names]
    base = spec.with_readings(defaults)
    # A deck with too many orders to enumerate (a user's 13 cards) gets its per-order figures from a sample.
    sampled = arrangements(base.deck_counts) > DEFAULT_MAX_ORDERS
    order_jobs = [] if sampled else per_order.jobs(base, setups(base, None))
    items = [("variant", x) for x in tasks] + [("orders", j) for j in order_jobs]
    finished = 0

    def done(result: Any) -> None:
        nonlocal finished
        finished += 1
        if tick:
            tick(f"reading variants and per-order jobs, {finished}/{len(items)} done")

    out = run_tasks(_task, items, workers=jobs if jobs > 1 else 0, done=done)
    if sampled:
        values = {"defaults": _variant_values((spec.file, defaults))}
        orders = sampled_orders(base, jobs)
    else:
        gathered = per_order.gather(base, out[len(names):])
        per_order.forget()
        values = {"defaults": {lv.setup.level: fraction_text(lv.solver_value) for lv in gathered}}
        orders = {lv.setup.level: _orders(lv) for lv in gathered}
    values |= dict(zip(names, out[:len(names)], strict=False))
    levels = {}
    for st in setups(base, None):
        never = make_solver(make_game(base, st), first_action).solve().value
        levels[st.level] = {"lucidity": st.lucidity, "hand_limit": st.hand_limit,
                            "optimal": values["defaults"][st.level], "never": fraction_text(never)}
    witness_setup = setups(base, None)[0]
    witnesses = reveil_witnesses(spec, tick)
    as_fractions = {n: {lv: Fraction(v) for lv, v in vals.items()} for n, vals in values.items()}
    claims = [c.as_json() for c in claims_mod.measure(spec, as_fractions)]
    return {"game": spec.id, "witness_level": witness_setup.level, "levels": levels, "variants": values,
            "witnesses": witnesses, "claims": claims, "orders": orders}


def reveil_witnesses(spec: ReveilSpec, tick: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Each reading option's witness against the default at the first level, played optimally after its choices."""
    defaults = {r.id: r.default for r in spec.readings}
    base = spec.with_readings(defaults)
    witness_setup = setups(base, None)[0]
    witnesses = {}
    base_game = make_game(base, witness_setup)
    base_solver = make_solver(base_game)  # shared by every witness search: each plays both variants optimally
    for r in spec.readings:
        for o in r.option_ids[1:]:
            if tick:
                tick(f"witness {r.id}={o}")
            alt = spec.with_readings(defaults | {r.id: o})
            s = _chosen(spec, alt, r.id, o, witness_setup, base_game, base_solver) or option_search(
                alt, r, o, witness_setup, KIT, base_game, base_solver)
            w = s.witness
            witnesses[f"{r.id}={o}"] = {"note": s.note(), "witness": None if w is None else {
                "order": list(w.order), "choices": list(w.choices), "results": w.results}}
    return witnesses


def _chosen(spec: ReveilSpec, alt: ReveilSpec, reading_id: str, option: str, witness_setup: Any, base_game: Any,
            base_solver: Any) -> Search | None:
    """The spec's chosen game for this option, checked (None when it has none, or when the game it gives does not
    part the readings, so that the search's own is told instead)."""
    chosen = next((w for w in spec.witnesses if (w.reading, w.option) == (reading_id, option)), None)
    if chosen is None:
        return None
    alt_game = make_game(alt, witness_setup)
    try:
        order, choices = parse_order(base_game, list(chosen.order)), parse_choices(base_game, list(chosen.choices))
        return given(base_game, alt_game, (spec.reading(reading_id).default, option), order, choices,
                     KIT.deck(base_game), (base_solver, make_solver(alt_game)))
    except (OrderError, IllegalMoveError):
        return None  # a copy of the spec whose cards the chosen game no longer fits: the search finds one
