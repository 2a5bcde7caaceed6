"""What every command shares: game lookup, spec loading, options, output, progress."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click
from click.core import ParameterSource
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from songe.cli.specfile import accepts_spec_path
from songe.errors import OptionError
from songe.games.registry import find_family
from songe.solve.expectimax import DEFAULT_MAX_STATES
from songe.solve.expectimax import fraction_text as frac  # noqa: F401  (shared by the commands)
from songe.spec.readings import parse_assignments
from songe.spec.reveil import ReveilSpec
from songe.spec.sources import spec_dir

err_console = Console(stderr=True)


def game_argument(f: Callable) -> Callable:
    """The GAME argument: a game's name or a spec file (left out, the family of --spec)."""
    return click.argument("game", metavar="GAME", required=False)(accepts_spec_path(f))


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


#: Bytes one stored state costs the solver, measured (about 1-1.5 GB per million states).
BYTES_PER_STATE = 1_500
#: The share of the available memory the default budget may use.
MEMORY_SHARE = 0.5


def available_memory() -> int | None:
    """Bytes of memory available now (Linux /proc/meminfo), or None where unknown."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def default_max_states() -> int:
    """The default state budget: what half the available memory holds, at most the solver's default.

    ``SONGE_MAX_STATES`` in the environment fixes it (tests, shared machines), so a run is reproducible.
    """
    fixed = os.environ.get("SONGE_MAX_STATES", "")
    if fixed.isascii() and fixed.isdigit() and 0 < len(fixed) < 12 and int(fixed) > 0:
        return int(fixed)
    free = available_memory()
    if free is None:
        return DEFAULT_MAX_STATES
    return max(10_000, min(DEFAULT_MAX_STATES, int(free * MEMORY_SHARE) // BYTES_PER_STATE))


def budget_option(f: Callable) -> Callable:
    """--max-states: the bound on an exhaustive search (default: from the memory available)."""
    return click.option("--max-states", type=click.IntRange(1, None), default=None, callback=_budget,
                        help=f"Stop with an error past this many distinct states [default: what half the "
                             f"available memory holds, at most {DEFAULT_MAX_STATES:,}; SONGE_MAX_STATES sets it].")(f)


def _budget(ctx: click.Context, param: click.Parameter, value: int | None) -> int:
    return default_max_states() if value is None else value


def markup(text: object) -> str:
    """User text (a card name, a quote, a player) made safe to embed in Rich markup.

    >>> print(markup("[/]"))
    \\[/]
    """
    return escape(str(text))


def refuse_given(names: dict[str, str], why: str) -> None:
    """Refuse options the user gave that this combination would ignore (param name → option).

    A silently ignored option is a wrong answer to the question the user asked.
    """
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return
    given = [opt for param, opt in names.items()
             if ctx.get_parameter_source(param) not in (None, ParameterSource.DEFAULT)]
    if given:
        raise OptionError(f"{', '.join(given)}: not used {why}")


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


#: Seconds before the first progress line when stderr is not a terminal, and between lines.
HEARTBEAT = (10.0, 60.0)


@contextmanager
def progress(description: str, total: float | None = None) -> Iterator[Callable[..., None]]:
    """A transient rich progress bar on stderr; yields ``advance(n=1, description=None)``.

    When stderr is not a terminal (a log, a CI job), a long run prints one
    line of progress now and then instead, so that it is not taken for a hang.
    """
    tty = sys.stderr.isatty()
    bar = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(),
                   console=err_console, transient=True, disable=not tty)
    stop = threading.Event()
    label = [description]  # the plain text, for the progress lines (the bar's copy is escaped markup)
    with bar:
        task = bar.add_task(markup(description), total=total)

        def advance(n: float = 1, description: str | None = None) -> None:
            if description is not None:
                label[0] = description
                bar.update(task, description=markup(description))
            bar.advance(task, n)

        def heartbeat() -> None:
            start, wait = time.monotonic(), HEARTBEAT[0]
            while not stop.wait(wait):
                t = bar.tasks[0]
                done = f" ({t.completed:,.0f}/{t.total:,.0f})" if t.total else f" ({t.completed:,.0f})" if t.completed else ""
                print(f"songe: {label[0]}{done}, {time.monotonic() - start:.0f} s",  # noqa: T201
                      file=sys.stderr, flush=True)
                wait = HEARTBEAT[1]

        beat = None if tty else threading.Thread(target=heartbeat, daemon=True)
        if beat:
            beat.start()
        try:
            yield advance
        finally:
            stop.set()
