"""``songe solve`` and ``songe graph``: exact optimal odds and the state graph."""

from __future__ import annotations

import click
from rich.table import Table

from songe.cli.common import frac, load_game_spec, non_default, progress
from songe.cli.dispatch import dispatch
from songe.cli.options import budget_option, game_argument, json_option, level_options, spec_options
from songe.cli.output import console, emit_json
from songe.cli.tables import fit
from songe.cli.types import Pick, command
from songe.errors import budget_at
from songe.games.plugin import Capability
from songe.games.reveil.setup import Setup, by_difficulty, make_game, setups
from songe.solve.expectimax import Solver, first_action, make_solver
from songe.spec import glossary
from songe.tasks import run_forked

POLICIES = {"optimal": None, "never": first_action}


@command()
@game_argument
@level_options()
@click.option("--policy", type=Pick(list(POLICIES)), default="optimal", show_default=True,
              help="optimal: best play; never: never play a thought (baseline).")
@spec_options
@budget_option
@json_option
def solve(game, **options):
    """Exact win probability of GAME for each level, under optimal play (or a baseline)."""
    dispatch(Capability.SOLVE, game, **options)


def solve_reveil(game, level, lucidity, hand_limit, policy, spec_file, readings, max_states, as_json):
    """Exact win probability of GAME for each level, under optimal play (or a baseline)."""
    spec = load_game_spec(game, spec_file, readings)
    chosen = dict(spec.chosen)
    todo = by_difficulty(spec, setups(spec, level, lucidity, hand_limit))

    def solver(st: Setup) -> Solver:
        return make_solver(make_game(spec, st), POLICIES[policy], max_states)

    def one(k: int) -> dict:  # by index: a forked worker gets its set-up pickled, and level 1's solver inherited
        st = todo[k]
        with budget_at(f"level {st.level}"):
            res = (first if k == 0 else solver(st)).solve()
        return {"level": st.level, "lucidity": st.lucidity, "hand_limit": st.hand_limit, "policy": policy,
                "readings": chosen, "win_probability": frac(res.value), "win_probability_decimal": float(res.value),
                "states": res.states, "seconds": round(res.seconds, 3)}

    with progress(f"solving {spec.name}, {len(todo)} level{'s' if len(todo) > 1 else ''}", total=len(todo)) as done:
        with budget_at(f"level {todo[0].level}"):  # compiled once here, not once per level's process
            first = solver(todo[0])
            first.prepare()
        results = run_forked(one, range(len(todo)), done=lambda _: done())
    if as_json:
        emit_json({"game": spec.id, "spec": spec.file, "results": results})
        return
    table = Table(title=f"{spec.name}: win probability, {policy} play")
    resource = glossary.of(spec)["lucidity"].name("en")
    for col in ("level", resource, "hand", "P(win)", "decimal", "states", "seconds"):  # fit() keeps every cell whole
        table.add_column(col, justify="left" if col == "level" else "right")
    for r in results:
        table.add_row(r["level"], str(r["lucidity"]), str(r["hand_limit"]), r["win_probability"],
                      f"{r['win_probability_decimal']:.6f}", f"{r['states']:,}", f"{r['seconds']:.2f}")
    term = console()
    term.print(fit(table, term.width))
    changed = non_default(spec)
    term.print("readings: " + (", ".join(f"{k}={v}" for k, v in changed.items()) if changed else "all defaults"))
