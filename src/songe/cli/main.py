"""``songe VERB GAME [options] [--json]``: the command line.

Bad input of any kind (a :class:`~songe.errors.SongeError`) prints one line
on stderr and exits 2, without a traceback.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import importlib
import logging
import os
import signal
import sys
from typing import NoReturn

from songe.cli.interrupt import install, interrupted
from songe.errors import SongeError

try:
    import click
    from click.utils import make_default_short_help
except ImportError:  # the command line's own toolkit is missing (a broken install): one line still, as for any other
    from songe.optional import install_hint

    sys.stderr.write(f"songe: error: songe needs the Python package 'click', which is missing or broken here: "
                     f"{install_hint('click')}\n")
    raise SystemExit(2) from None

#: Each verb: the command it runs (``module:name``, imported only when the verb runs or its own help is
#: asked) and its one-line summary for ``songe --help``, so that listing the verbs imports none of them.
#: (``tests/test_startup.py`` checks each summary against its command's own help.)
VERBS: dict[str, tuple[str, str]] = {
    "advise": ("songe.cli.play:advise",
               "Exact advice for a real table: each option's win probability, best first."),
    "ambiguities": ("songe.cli.analysis:ambiguities",
                    "Every ambiguity of GAME: each reading's measured impact, and a witness (or how none can exist)."),
    "balance": ("songe.cli.when_i_dream:balance",
                "Each role's exact expected round score and share of the round's top score, per player count."),
    "check": ("songe.cli.interop:check",
              "Check a PCTL property of GAME with Storm's exact engine; the value as a fraction."),
    "claims": ("songe.cli.analysis:claims",
               "The rulebook's checkable statements of GAME, measured, with a verdict each."),
    "coverage": ("songe.cli.coverage:coverage_command",
                 "Every sentence of GAME's source texts with its disposition; exit 1 unless 100% are accounted for."),
    "export": ("songe.cli.interop:export",
               "Write GAME's model for Storm (every label and reward model); --json prints what was written."),
    "gaps": ("songe.cli.dread_draw:gaps",
             "Find where GAME's encoded rules give no move or two rules give different moves."),
    "graph": ("songe.cli.generic:graph",
              "Write GAME's whole state graph for one set-up (default: the first) as GraphML."),
    "lint": ("songe.cli.lint:lint",
             "What is valid but suspicious in SPEC (a spec file or a game's name), one line each."),
    "new": ("songe.cli.new:new",
            "Write FILE, a clean starting spec for your own game, drafted from GAME's shipped spec."),
    "orders": ("songe.cli.orders:orders",
               "Win probability of every distinct deck order of GAME: an exact histogram per level."),
    "play": ("songe.cli.play:play",
             "Play GAME in the terminal; the exact solver shows hints, or what each choice gave up."),
    "prove": ("songe.cli.prove:prove",
              "Run the proof obligations of GAME (default: every game). Exit 1 unless every one is proved."),
    "rulebook": ("songe.cli.rulebook:rulebook",
                 "Generate GAME's clarified rulebook: numbered rules, readings resolved inline, computed figures."),
    "schema": ("songe.cli.schema:schema",
               "The JSON Schema of FORMAT (a spec family, the Dread Draw card list, the When I Dream record)."),
    "score": ("songe.cli.when_i_dream:score",
              "Score a recorded game of GAME (TOML or JSON; see docs/examples/when_i_dream_game.toml)."),
    "simulate": ("songe.cli.generic:simulate",
                 "Play many seeded games of GAME between named policies; each figure with its 95% interval."),
    "solve": ("songe.cli.solve:solve",
              "Exact win probability of GAME for each level, under optimal play (or a baseline)."),
    "strategies": ("songe.cli.strategies:strategies",
                   "Each named strategy of GAME's spec, evaluated exactly (policy evaluation), against optimal play."),
    "trace": ("songe.cli.trace:trace",
              "Replay GAME move by move (Réveil: one deck order): every event, and the end."),
    "trick": ("songe.cli.jekyll_hyde:trick",
              "Resolve one trick of GAME from a given colour order."),
    "tune": ("songe.cli.tune:tune",
             "Search GAME's set-ups (Lucidité, hand limit, with --cards the copies of each card) "
             "for the exact optimal win probability nearest --target (by default, the figure the spec's own "
             "text claims)."),
}

#: The longest error line (a message quoting a huge bad value is cut).
MAX_MESSAGE = 400


class LazyGroup(click.Group):
    """A group whose verbs are imported when they run (click's documented ``LazyGroup`` pattern).

    ``songe --help`` lists the verbs from :data:`VERBS` alone, so it imports no
    solver, prover, analysis or schema; ``songe VERB ...`` imports that verb's module only.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*VERBS, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands:  # one added the usual way (add_command) is already imported
            return self.commands[cmd_name]
        if cmd_name not in VERBS:
            return None
        module, _, name = VERBS[cmd_name][0].partition(":")
        command = getattr(importlib.import_module(module), name)
        _imports_done()
        if not isinstance(command, click.Command):  # pragma: no cover - a wrong table entry is a bug
            raise TypeError(f"{VERBS[cmd_name][0]} is not a click command")
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The verbs and their summaries, as click writes them, without importing a verb."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(n) for n in names)
        rows = [(n, make_default_short_help(VERBS[n][1], limit) if n in VERBS
                 else self.commands[n].get_short_help_str(limit)) for n in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="songe")
def cli() -> None:
    """songe: formal rules, exact odds and verified rulebooks for card games."""


def _with_budget(exc: Exception) -> str:
    """The error's line; a budget error says how the default budget was set (the measured bytes a state)."""
    from songe.errors import DEFAULT_BUDGET_NOTE, BudgetError

    if (isinstance(exc, BudgetError) or "(--max-states)" in str(exc)) and DEFAULT_BUDGET_NOTE:
        return f"{exc} ({DEFAULT_BUDGET_NOTE[0]})"
    return str(exc)


#: Whether :func:`main` paused the cyclic garbage collector for start-up (see :func:`_imports_done`).
_PAUSED: list[bool] = []


def _imports_done() -> None:
    """After a verb's imports: keep what they built out of every later collection, and collect again.

    Importing a verb (numba, pydantic, the schemas) builds hundreds of thousands
    of objects that live as long as the process; with the collector on, the
    collections they trigger scan them over and over (about 0.1 s of a 1.2 s
    ``songe solve``). :func:`main` pauses the collector until here, and
    ``gc.freeze`` leaves those objects out of every later scan, as Python's
    documentation advises for long-lived start-up state.
    """
    if _PAUSED:
        _PAUSED.clear()
        gc.freeze()
        gc.enable()


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI; any failure of the input is one line on stderr, never a traceback.

    Bad input (a :class:`SongeError` or a usage error) exits 2, Ctrl-C exits 130; an output that cannot be
    written (stdout on a full disk) is one line, exit 2, too. As the process's own command line (``argv``
    None) it ends the process itself (:func:`_leave`); called with ``argv`` it returns, or raises SystemExit.
    """
    if argv is not None:
        _run(argv)
        return
    _one_blas_thread()
    from songe.jit_runtime import plain_counts_in_this_process

    plain_counts_in_this_process()  # no thread of this process runs compiled code beside another
    try:
        _run(None)
    except SystemExit as exc:
        _leave(exc.code)
    _leave(0)


#: The variables OpenBLAS reads for its thread count, in its order.
_BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")


def _one_blas_thread() -> None:
    """Have numpy's OpenBLAS start no threads of its own, unless the user chose a number.

    OpenBLAS starts a thread per core when numpy is imported, and they spin
    waiting for work songe never gives them (no command multiplies large
    matrices): about 0.14 s of CPU of each ``songe solve``, taken from the
    other core. Set before numpy's import, for the process and the workers it forks.
    """
    if not any(os.environ.get(name) for name in _BLAS_THREADS):
        os.environ["OPENBLAS_NUM_THREADS"] = "1"


def _leave(code: object) -> NoReturn:
    """End the process now that the command is done: its output flushed, Python's teardown skipped.

    Tearing down the interpreter frees every object one by one, numba's compiled
    code and LLVM's state among them: about 0.1 s of a 1.2 s ``songe solve``, for
    nothing a finished command needs. Everything songe writes is closed by then
    (files are written whole, worker processes are joined), so only the standard
    streams and the log handlers are left to flush. ``code`` is SystemExit's:
    None, a status, or a message (printed, status 1).
    """
    status = code if isinstance(code, int) else 0 if code is None else 1
    if not isinstance(code, (int, type(None))):
        sys.stderr.write(f"{code}\n")
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # `songe ... | head`: the reader left; nothing to say
        status = status or 1
    except OSError as exc:  # the last of the output could not be written: said, as inside the command
        _say(_unwritten(exc))
        status = 2
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()
    logging.shutdown()
    os._exit(status)


def _run(argv: list[str] | None) -> None:
    """The command line itself (see :func:`main`)."""
    previous = install()
    if gc.isenabled():  # start-up allocates, and frees nothing worth a collection (see _imports_done)
        gc.disable()
        _PAUSED.append(True)
    from songe.errors import DEFAULT_BUDGET_NOTE

    DEFAULT_BUDGET_NOTE.clear()  # this run's
    _escape_unencodable()
    try:
        cli.main(args=argv, prog_name="songe", standalone_mode=False)
    except SongeError as exc:
        from songe.cli.output import caused_by_interrupt

        if caused_by_interrupt(exc):
            interrupted()
        _fail(_with_budget(exc), 2)
    except (click.exceptions.Abort, KeyboardInterrupt):
        interrupted()
    except click.UsageError as exc:
        path = exc.ctx.command_path if exc.ctx is not None else "songe"
        _fail(f"{exc.format_message()} (see '{path} --help')", 2)
    except click.ClickException as exc:
        _fail(exc.format_message(), 2 if exc.exit_code == 2 else exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except RecursionError:  # a bound an input slipped past: still one line, still bad input
        _fail("input nested too deeply to process", 2)
    except BrokenPipeError:  # `songe ... | head`: the reader left; nothing to say
        sys.stderr.close()
        sys.exit(1)
    except ImportError as exc:  # a package songe needs is missing or broken (an install's fault, not a bug)
        top = _package_of(exc)
        if top is None:
            raise
        from songe.optional import install_hint

        _fail(f"songe needs the Python package {top!r}, which is missing or broken here: {install_hint(top)}", 2)
    except OSError as exc:
        _fail(_unwritten(exc), 2)
    except Exception as exc:  # Ctrl-C inside a worker arrives wrapped (a KilledWorker, a SystemError, …)
        from songe.cli.output import caused_by_interrupt

        if caused_by_interrupt(exc):
            interrupted()
        raise
    finally:
        if _PAUSED:  # no verb was imported (--help, a usage error): the collector as it was
            _PAUSED.clear()
            gc.enable()
        if previous is not None and argv is not None:  # called in-process (tests): leave the caller's handler
            signal.signal(signal.SIGINT, previous)
            gc.unfreeze()  # and the caller's objects collectable again


#: A write to stdout that fails for want of room or a device: said in one line (files have their own rule).
_WRITE_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG}


def _package_of(exc: ImportError) -> str | None:
    """The package that is missing, or that failed to import (its shared library, say); None for songe's own."""
    top = (exc.name or "").split(".")[0]
    if not top:  # raised inside the package (no name): the module of the innermost frame
        tb = exc.__traceback__
        while tb is not None and tb.tb_next is not None:
            tb = tb.tb_next
        top = str(tb.tb_frame.f_globals.get("__name__", "")).split(".")[0] if tb is not None else ""
    return None if top in ("", "songe", "__main__", "importlib") else top


def _escape_unencodable() -> None:
    """Stdout and stderr in an encoding that lacks a character (ASCII, Latin-1) show its escape, not a crash."""
    for stream in (sys.stdout, sys.stderr):
        if getattr(stream, "errors", None) == "strict" and hasattr(stream, "reconfigure"):
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="backslashreplace")


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so that the exit's flush of what could not be written raises nothing more."""
    with contextlib.suppress(ValueError, OSError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _unwritten(exc: OSError) -> str:
    """The line for an output that could not be written (stdout dropped, so its last flush raises nothing
    more); any other OSError is raised again, as the bug or the input fault it is."""
    if exc.filename is not None or exc.errno not in _WRITE_ERRORS:  # not a failed write of the output
        raise exc
    _drop_stdout()
    return f"cannot write the output: {exc.strerror}"


def _say(message: str) -> None:
    """One line on stderr: line breaks folded, controls visible, at most MAX_MESSAGE characters."""
    from songe.cli.plain import visible  # no Rich: the line must work when Rich is what is missing

    text = visible(" ".join(message.split()))
    if len(text) > MAX_MESSAGE:
        text = text[:MAX_MESSAGE] + f"… ({len(text) - MAX_MESSAGE:,} more characters)"
    click.echo(f"songe: error: {text}", err=True)


def _fail(message: str, status: int) -> None:
    """One line on stderr (:func:`_say`), then exit."""
    _say(message)
    sys.exit(status)


if __name__ == "__main__":  # pragma: no cover
    main()
