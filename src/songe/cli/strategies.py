"""``songe strategies``: named simple policies evaluated exactly, against optimal play."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from rich.table import Table

from songe.cli.common import frac, load_game_spec, progress
from songe.cli.dispatch import dispatch
from songe.cli.options import budget_option, game_argument, json_option, level_options, plot_option, spec_options
from songe.cli.output import console, echo, emit_json
from songe.cli.tables import fit
from songe.cli.types import command
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
@spec_options
@budget_option
@json_option
def strategies(game, **options):
    """Each named strategy of GAME's spec, evaluated exactly (policy evaluation), against optimal play."""
    dispatch(Capability.STRATEGIES, game, **options)


def strategies_reveil(game, level, lucidity, hand_limit, plot, spec_file, readings, max_states, as_json):
    """Each named strategy of GAME's spec, evaluated exactly (policy evaluation), against optimal play."""
    spec = load_game_spec(game, spec_file, readings)
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
