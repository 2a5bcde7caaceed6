"""``songe lint SPEC``: what is valid but suspicious in a spec, one line each, then a summary line, all on
stdout; exit 0 clean (or information only), 1 a fault, 2 bad input."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from songe.cli.common import load_game_spec, progress
from songe.cli.options import TEXT, json_option
from songe.cli.output import echo, emit_json
from songe.cli.specfile import resolve
from songe.cli.types import BIG, Bounded, command
from songe.games.lint import findings
from songe.games.registry import find_family
from songe.spec.fields import read_toml
from songe.spec.lint import Finding, Severity
from songe.spec.sources import spec_dir

#: The budget of the exact checks by default: they solve every option of every reading, so only small specs.
EXACT_STATES = 300_000


@command()
@click.argument("spec", metavar="SPEC", type=TEXT)
@click.option("--exact/--cheap", default=True, show_default=True,
              help="Also solve every option of every reading (within --exact-states) to find readings that "
                   "change nothing; --cheap: only the checks that need no solving.")
@click.option("--exact-states", type=Bounded(1, BIG), default=EXACT_STATES, show_default=True,
              help="State budget of one exact solve; a reading past it is reported as not checked.")
@json_option
def lint(spec, exact, exact_states, as_json):
    """What is valid but suspicious in SPEC (a spec file or a game's name), one line each.

    Each line names the file, entry, field and value, and the problem; a last line counts them (faults, lines
    of information). A line marked (information) asks no edit: a question your text raises whose answer
    changes no figure still has to be settled by the books.
    Exit 0 when clean or with information only, 1 with a fault, 2 on bad input."""
    game, spec_file = resolve(spec, None)
    path = spec_file if spec_file is not None else str(spec_dir() / find_family(game).spec_file)
    found, notes = findings(game, path, exact_states if exact else None)
    if as_json:
        emit_json({"spec": path, "findings": [f.as_json() for f in found], "notes": notes})
    else:
        for f in found:
            echo(str(f))
        for n in notes:  # about the run, not the spec: the error stream, as every verb's notes
            echo(f"songe: note: {n}", err=True)
        echo(f"{path}: {_summary(found)}" + (" (cheap checks only)" if not exact else ""))
    if any(f.severity is Severity.FAULT for f in found):
        sys.exit(1)


def _summary(found: list[Finding]) -> str:
    """The report's last line, on the same stream as its findings (so ``songe lint F > lint.txt`` keeps them
    together): the faults, then the lines of information.

    >>> _summary([])
    'no findings'
    """
    faults = sum(f.severity is Severity.FAULT for f in found)
    info = len(found) - faults
    said = f"{info} line{'s' * (info > 1)} of information"
    if not faults:
        return f"no faults ({said})" if info else "no findings"
    return f"{faults} fault{'s' * (faults > 1)}" + (f", {said}" if info else "")


def lint_reveil(game: str, spec_file: str, max_states: int | None) -> tuple[list[Finding], list[str]]:
    """Réveil: the cheap checks, then (within ``max_states``, unless None) readings whose options give
    the same optimal win probability at every level, solved exactly."""
    from songe.games.reveil.lint import cheap, same_value_readings  # noqa: PLC0415

    path = Path(spec_file)
    found = cheap(spec_file, read_toml(path), path.parent)
    notes: list[str] = []
    if max_states is None or any("names card" in f.problem for f in found):
        return found, notes
    from songe.analysis.values import level_values  # noqa: PLC0415  (solving only here)
    from songe.games.reveil.exact import KIT  # noqa: PLC0415

    spec = load_game_spec(game, spec_file, ())
    todo = KIT.setups(spec, None)
    with progress(f"solving the options of {len(spec.readings)} readings"):
        for item in same_value_readings(spec, lambda variant: level_values(variant, todo, KIT, max_states=max_states)):
            if isinstance(item, Finding):
                found.append(item)
            else:
                notes.append(item)
    return found, notes

