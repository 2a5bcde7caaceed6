"""What every command shares: game lookup, spec loading, options, output, progress."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from songe.games.registry import find_family
from songe.solve.expectimax import DEFAULT_MAX_STATES
from songe.solve.expectimax import fraction_text as frac  # noqa: F401  (shared by the commands)
from songe.spec.readings import parse_assignments
from songe.spec.reveil import ReveilSpec
from songe.spec.sources import spec_dir

err_console = Console(stderr=True)


def game_argument(f: Callable) -> Callable:
    """The GAME argument."""
    return click.argument("game", metavar="GAME")(f)


def spec_options(f: Callable) -> Callable:
    """--spec and --reading, which every command of a game accepts."""
    f = click.option("--reading", "readings", multiple=True, metavar="ID=OPTION",
                     help="Choose a reading of an unclear rule (repeatable); others keep their default.")(f)
    f = click.option("--spec", "spec_file", type=click.Path(dir_okay=False), default=None,
                     help="Use a modified copy of the game's spec file.")(f)
    return f


def json_option(f: Callable) -> Callable:
    """--json: one JSON object on stdout instead of tables."""
    return click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")(f)


def budget_option(f: Callable) -> Callable:
    """--max-states: the bound on an exhaustive search."""
    return click.option("--max-states", type=click.IntRange(1, None), default=DEFAULT_MAX_STATES,
                        show_default=True, help="Stop with an error past this many distinct states.")(f)


def load_game_spec(game: str, spec_file: str | None, readings: tuple[str, ...]):
    """The game's spec (shipped or a user's copy) under the chosen readings, read by its family's loader."""
    family = find_family(game)
    return family.load_spec(spec_file or spec_dir() / family.spec_file, parse_assignments(readings))


def non_default(spec: ReveilSpec) -> dict[str, str]:
    """The readings that differ from their default."""
    return {rid: opt for rid, opt in spec.chosen if spec.reading(rid).default != opt}


def emit_json(obj: Any) -> None:
    """Print one JSON object."""
    click.echo(json.dumps(obj, ensure_ascii=False, indent=2))


@contextmanager
def progress(description: str, total: float | None = None) -> Iterator[Callable[..., None]]:
    """A transient rich progress bar on stderr; yields ``advance(n=1, description=None)``."""
    bar = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(),
                   console=err_console, transient=True, disable=not sys.stderr.isatty())
    with bar:
        task = bar.add_task(description, total=total)

        def advance(n: float = 1, description: str | None = None) -> None:
            if description is not None:
                bar.update(task, description=description)
            bar.advance(task, n)

        yield advance
