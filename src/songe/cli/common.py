"""What every command shares: game lookup, spec loading, the state budget, progress.

Options are in :mod:`songe.cli.options`, printing in :mod:`songe.cli.output`.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click
from click.core import ParameterSource
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from songe.cli.output import assemble, bold, console, visible
from songe.cli.types import MAX_STATES
from songe.errors import DEFAULT_BUDGET_NOTE, OptionError
from songe.games.registry import find_family
from songe.solve.expectimax import DEFAULT_MAX_STATES
from songe.solve.expectimax import fraction_text as frac  # noqa: F401  (shared by the commands)
from songe.spec.readings import parse_assignments
from songe.spec.reveil import ReveilSpec
from songe.spec.sources import spec_dir

err_console = console(stderr=True)


#: Bytes one stored state costs at the peak, per search path, measured (benchmarks/memory.py prints them again
#: and flags a drift): the compiled solver's table (cauchemar), and the whole process at the reference
#: solver's peak per state (a 34-card variant the kernels cannot hold: 1,305 from 20,000 to 120,000 states).
BYTES_PER_STATE = {"compiled": 164, "reference": 1_300}
#: The path the default budget is set for: the dearest a state, since a compiled search falls back to it
#: for a spec the kernels cannot hold (a common denominator past 64 bits), with the same budget.
BUDGET_PATH = "reference"
#: The smallest default budget (a few MB: below it memory is not what stops a search).
MIN_STATES = 10_000
#: The share of the available memory the default budget may use.
MEMORY_SHARE = 0.5


def available_memory() -> int | None:
    """Bytes of memory available now (Linux /proc/meminfo; else the free pages the system reports), or None."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        return None


def default_max_states() -> int:
    """The default state budget: what half the available memory holds at the measured bytes a state of
    :data:`BUDGET_PATH`, at most the solver's default; how it was set is kept for :func:`budget_note`.

    ``SONGE_MAX_STATES`` in the environment fixes it (tests, shared machines), so a run is reproducible;
    it takes what ``--max-states`` takes, and a value that is not one is refused, never replaced by the default.
    """
    DEFAULT_BUDGET_NOTE.clear()
    fixed = os.environ.get("SONGE_MAX_STATES", "").strip()
    if fixed:
        try:
            value = int(MAX_STATES.convert(fixed, None, None))
        except click.BadParameter as exc:
            raise OptionError(f"SONGE_MAX_STATES in the environment: {exc.message}") from None
        DEFAULT_BUDGET_NOTE.append("the default budget, from SONGE_MAX_STATES")
        return value
    per_state = BYTES_PER_STATE[BUDGET_PATH]
    free = available_memory()
    if free is None:
        DEFAULT_BUDGET_NOTE.append(f"the default budget; the memory available is unknown (at {per_state:,} bytes a state "
                             f"it takes {DEFAULT_MAX_STATES * per_state / 1e9:.1f} GB)")
        return DEFAULT_MAX_STATES
    held = int(free * MEMORY_SHARE) // per_state
    bound = " (the most it allows)" if held > DEFAULT_MAX_STATES else " (the least it allows)" if held < MIN_STATES \
        else ""
    size = f"{free / 1e9:.1f} GB" if free >= 1e9 else f"{free / 1e6:.0f} MB"
    DEFAULT_BUDGET_NOTE.append(f"the default budget{bound}: half of the {size} available holds {held:,} states at "
                         f"{per_state:,} bytes a state, as measured on the {BUDGET_PATH} path")
    return min(DEFAULT_MAX_STATES, max(MIN_STATES, held))


def budget_note() -> str | None:
    """How the default budget of this run was set, or None if the user gave --max-states."""
    return DEFAULT_BUDGET_NOTE[0] if DEFAULT_BUDGET_NOTE else None


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


#: Seconds before the first progress line when stderr is not a terminal, and between lines.
HEARTBEAT = (10.0, 60.0)


@contextmanager
def progress(description: str, total: float | None = None) -> Iterator[Callable[..., None]]:
    """A transient rich progress bar on stderr; yields ``advance(n=1, description=None)``.

    When stderr is not a terminal (a log, a CI job), a long run prints one
    line of progress now and then instead, so that it is not taken for a hang.
    """
    tty = sys.stderr.isatty()
    bar = Progress(SpinnerColumn(), TextColumn("{task.description}", markup=False), BarColumn(), TimeElapsedColumn(),
                   console=err_console, transient=True, disable=not tty)
    stop = threading.Event()
    label = [description]  # for the progress lines
    with bar:
        task = bar.add_task(visible(description), total=total)

        def advance(n: float = 1, description: str | None = None) -> None:
            if description is not None:
                label[0] = description
                bar.update(task, description=visible(description))
            bar.advance(task, n)

        def heartbeat() -> None:
            start, wait = time.monotonic(), HEARTBEAT[0]
            while not stop.wait(wait):
                t = bar.tasks[0]
                done = f" ({t.completed:,.0f}/{t.total:,.0f})" if t.total else f" ({t.completed:,.0f})" if t.completed else ""
                print(f"songe: {visible(label[0])}{done}, {time.monotonic() - start:.0f} s",  # noqa: T201
                      file=sys.stderr, flush=True)
                wait = HEARTBEAT[1]

        beat = None if tty else threading.Thread(target=heartbeat, daemon=True)
        if beat:
            beat.start()
        try:
            yield advance
        finally:
            stop.set()


def print_points(cat: dict[str, Any]) -> None:
    """The points out of the model and those not of the text (``songe.analysis.points.catalogue``)."""
    term = console()
    oom = [p for p in cat["open_points"] if p["status"] == "out_of_model"]
    for title, rows in (("Open points out of the model (the book settles them in words)", oom),
                        ("Not questions of the text (invented example cards, engine conveniences)",
                         cat["not_of_the_text"])):
        if not rows:
            continue
        term.print(bold(title))
        for p in rows:
            term.print(assemble(bold(p["id"]), f" ({p['kind']}, {p['status']}, {p['origin']}): {p['question']}"))
            for q in p["quotes"]:
                term.print(f"  « {q} »")
            for k, r in enumerate(p["readings"]):
                term.print(f"  {'adopted' if k == 0 else 'other'}: {r}", soft_wrap=True)
            term.print(f"  impact: {p['impact']}", soft_wrap=True)
        term.print()
