"""``songe prove``: run every proof obligation, each against its mutant too."""

from __future__ import annotations

import sys

import click
from rich.table import Table

from songe.cli.common import load_game_spec, progress
from songe.cli.dispatch import dispatch
from songe.cli.options import TEXT, json_option, reading_option
from songe.cli.output import assemble, bold, console, emit_json
from songe.cli.specfile import resolve
from songe.cli.tables import fit
from songe.cli.types import InFile, command
from songe.games.plugin import Capability
from songe.prove import Status, obligations, run

#: The "mutant refuted" column: yes, no, or unknown (the mutant's search stopped).
_MUTANT = {True: "yes", False: "NO", None: "unknown"}


@command()
@click.argument("game", required=False, metavar="[GAME]", type=TEXT)
@click.option("--spec", "spec_file", type=InFile(), default=None, help="Prove a modified copy of the game's spec.")
@reading_option("Readings for obligations that do not fix their own.")
@json_option
def prove(game, spec_file, readings, as_json):
    """Run the proof obligations of GAME (default: every game). Exit 1 unless every one is proved.

    An obligation is refuted (a counterexample), vacuous (its mutant was not
    refuted), or unknown: its search stopped (a state budget, a solver's time
    limit) before an answer, which is not a refutation.
    """
    if game or spec_file:  # a game, a spec file as GAME, or --spec alone: its [game] family
        game, spec_file = resolve(game, spec_file)
        dispatch(Capability.PROVE, game, spec_file=spec_file, readings=readings, as_json=as_json)
    else:
        prove_game(None, spec_file, readings, as_json)


def prove_game(game, spec_file, readings, as_json):
    """Run one game's obligations (every game's if ``game`` is None)."""
    todo = obligations(game)
    specs = {}
    reports = []
    with progress("proving", total=len(todo)) as advance:
        for o in todo:
            advance(0, description=f"proving {o.id}")
            if o.game not in specs:
                specs[o.game] = load_game_spec(o.game, spec_file, readings)
            reports.append(run(o, specs[o.game]))
            advance()
    failed = [r for r in reports if r.status is not Status.PROVED]
    if as_json:
        emit_json({"obligations": [r.as_json() for r in reports]})
    else:
        table = Table(title="proof obligations")
        for col in ("obligation", "status", "method", "mutant refuted", "seconds"):
            table.add_column(col)
        for r in reports:
            table.add_row(r.obligation.id, r.status.value, r.verdict.method,
                          f"{_MUTANT[r.mutant_refuted]} ({r.obligation.mutant.name})",
                          f"{r.seconds:.2f}")
        term = console()
        term.print(fit(table, term.width))
        for r in failed:
            term.print(assemble(bold(r.obligation.id), f" {r.status.value}: {r.statement or r.obligation.statement}"))
            if r.verdict.counterexample:
                term.print(f"  counterexample: {r.verdict.counterexample}")
            stopped = r.verdict.stopped or r.mutant_verdict.stopped
            if stopped:
                term.print(f"  the search stopped: {stopped}")
    if failed:
        sys.exit(1)
