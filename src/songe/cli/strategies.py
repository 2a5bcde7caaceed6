"""``songe strategies``: named simple policies evaluated exactly, against optimal play."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import click
from rich.table import Table

from songe.cli.common import frac, load_game_spec, progress
from songe.cli.dispatch import dispatch
from songe.cli.options import TEXT, budget_option, game_argument, json_option, level_options, plot_option, spec_options
from songe.cli.output import console, echo, emit_json
from songe.cli.tables import fit
from songe.cli.types import Bounded, OutFile, command
from songe.files import atomic_write
from songe.games.plugin import Capability
from songe.games.reveil.setup import by_difficulty, make_game, setups
from songe.games.reveil.strategies import policy
from songe.optional import require
from songe.rulebook.plots import probability_bars
from songe.solve.expectimax import make_solver


@command()
@game_argument
@level_options()
@plot_option
@click.option("--learn", is_flag=True, help="Learn short strategies from the exact solution: the best found with "
              "1, 2, … rules (the frontier), each evaluated exactly.")
@click.option("--rules", "max_rules", type=Bounded(1, 12), default=5, show_default=True, help="With --learn: most rules.")
@click.option("--costs", type=Bounded(1, 10_000), default=None, metavar="N",
              help="The N costliest positions where a strategy departs from optimal play (the one --strategy "
              "names, else the learned one of --rules rules).")
@click.option("--strategy", "strategy_id", type=TEXT, default=None, help="With --costs: a strategy of the spec, by id.")
@click.option("--out", type=OutFile(".toml"), default=None,
              help="With --learn: write a copy of the spec with the learned strategies added (a new file).")
@click.option("--write", type=OutFile(".json"), default=None,
              help="With --learn: write the frontier and the book's advice as JSON (the book reads "
              "docs/results/reveil_strategies.json).")
@spec_options
@budget_option
@json_option
def strategies(game, **options):
    """Each named strategy of GAME's spec, evaluated exactly (policy evaluation), against optimal play."""
    dispatch(Capability.STRATEGIES, game, **options)


def strategies_reveil(game, level, lucidity, hand_limit, plot, spec_file, readings, max_states, as_json,
                      learn=False, max_rules=5, costs=None, strategy_id=None, out=None, write=None):
    """Each named strategy of GAME's spec, evaluated exactly (policy evaluation), against optimal play."""
    spec = load_game_spec(game, spec_file, readings)
    if (out or write) and not learn:
        raise click.UsageError("--out and --write go with --learn")
    if plot and (learn or costs is not None):
        raise click.UsageError("--plot draws the named strategies; it does not go with --learn or --costs")
    if costs is not None:
        from songe.cli.learn import costs_reveil

        todo = setups(spec, level, lucidity, hand_limit)
        if len(todo) != 1:
            raise click.UsageError("--costs looks at one level: give --level")
        if costs < 1:
            raise click.UsageError(f"--costs must be at least 1, got {costs}")
        chosen = spec.strategy(strategy_id) if strategy_id else None
        return costs_reveil(spec, todo[0], chosen, max_rules, costs, max_states, as_json)
    if strategy_id:
        raise click.UsageError("--strategy goes with --costs")
    if learn:
        from songe.cli.learn import learn_reveil

        return learn_reveil(spec, setups(spec, level, lucidity, hand_limit), max_rules, out, write, max_states,
                            as_json)
    if plot:
        require("matplotlib", "--plot")  # before the work
    todo = by_difficulty(spec, setups(spec, level, lucidity, hand_limit))
    rows = []
    with progress("evaluating strategies", total=len(todo) * (len(spec.strategies) + 1)) as advance:
        for st in todo:
            g = make_game(spec, st)
            optimal = make_solver(g, max_states=max_states).solve().value
            advance(1, f"{st.level}: optimal")
            row = {"level": st.level, "lucidity": st.lucidity, "hand_limit": st.hand_limit,
                   "optimal": frac(optimal), "strategies": {}}
            for strat in spec.strategies:
                v = make_solver(g, policy(g, strat), max_states).solve().value
                row["strategies"][strat.id] = frac(v)
                advance(1, f"{st.level}: {strat.id}")
            rows.append(row)
    if plot:
        _plot(rows, Path(plot))
    if as_json:
        emit_json({"game": spec.id, "strategies": [{"id": s.id, "description": s.description}
                                                   for s in spec.strategies], "levels": rows})
        return
    table = Table(title=f"{spec.name}: win probability of each strategy (exact)")
    table.add_column("strategy")
    for r in rows:
        table.add_column(r["level"], justify="right")
    table.add_row("optimal", *(f"{float(Fraction(r['optimal'])):.4f}" for r in rows))
    for s in spec.strategies:
        table.add_row(s.id, *(f"{float(Fraction(r['strategies'][s.id])):.4f}" for r in rows))
    term = console()
    term.print(fit(table, term.width))
    for s in spec.strategies:
        echo(f"  {s.id}: {s.description}")


def _plot(rows: list[dict], path: Path) -> None:
    names = ["optimal", *rows[0]["strategies"]]
    series = {n: [float(Fraction(r["optimal"] if n == "optimal" else r["strategies"][n])) for r in rows]
              for n in names}
    atomic_write(path, lambda tmp: probability_bars([r["level"] for r in rows], series, "P(win)", tmp))
