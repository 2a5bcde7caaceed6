"""``songe VERB GAME [options] [--json]``: the command line.

Bad input of any kind (a :class:`~songe.errors.SongeError`) prints one line
on stderr and exits 2, without a traceback.
"""

from __future__ import annotations

import os
import sys

import click

from songe.cli.analysis import ambiguities, claims
from songe.cli.coverage import coverage_command
from songe.cli.dread_draw import gaps
from songe.cli.generic import graph, simulate
from songe.cli.interop import check, export
from songe.cli.jekyll_hyde import trick
from songe.cli.lint import lint
from songe.cli.new import new
from songe.cli.orders import orders
from songe.cli.play import advise, play
from songe.cli.prove import prove
from songe.cli.rulebook import rulebook
from songe.cli.schema import schema
from songe.cli.solve import solve
from songe.cli.strategies import strategies
from songe.cli.trace import trace
from songe.cli.tune import tune
from songe.cli.when_i_dream import balance, score
from songe.errors import SongeError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="songe")
def cli() -> None:
    """songe: formal rules, exact odds and verified rulebooks for card games."""


cli.add_command(solve)
cli.add_command(trace)
cli.add_command(orders)
cli.add_command(graph)
cli.add_command(prove)
cli.add_command(ambiguities)
cli.add_command(claims)
cli.add_command(play)
cli.add_command(advise)
cli.add_command(score)
cli.add_command(balance)
cli.add_command(simulate)
cli.add_command(trick)
cli.add_command(rulebook)
cli.add_command(gaps)
cli.add_command(strategies)
cli.add_command(coverage_command)
cli.add_command(schema)
cli.add_command(check)
cli.add_command(export)
cli.add_command(tune)
cli.add_command(lint)
cli.add_command(new)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI; any failure of the input is one line on stderr, never a traceback.

    Bad input (a :class:`SongeError` or a usage error) exits 2, Ctrl-C exits 130.
    """
    try:
        cli.main(args=argv, prog_name="songe", standalone_mode=False)
    except SongeError as exc:
        _fail(str(exc), 2)
    except (click.exceptions.Abort, KeyboardInterrupt):
        click.echo("songe: interrupted", err=True)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)  # skip exit hooks: Dask's would close a cluster already closing, with a traceback
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


def _fail(message: str, status: int) -> None:
    """One line on stderr (line breaks in a message folded), then exit."""
    click.echo(f"songe: error: {' '.join(message.split())}", err=True)
    sys.exit(status)


if __name__ == "__main__":  # pragma: no cover
    main()
