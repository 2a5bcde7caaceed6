"""``songe VERB GAME [options] [--json]``: the command line.

Bad input of any kind (a :class:`~songe.errors.SongeError`) prints one line
on stderr and exits 2, without a traceback.
"""

from __future__ import annotations

import sys

import click

from songe.cli.analysis import ambiguities, claims
from songe.cli.coverage import coverage_command
from songe.cli.dread_draw import gaps
from songe.cli.generic import graph, simulate
from songe.cli.jekyll_hyde import trick
from songe.cli.orders import orders
from songe.cli.play import advise, play
from songe.cli.prove import prove
from songe.cli.rulebook import rulebook
from songe.cli.solve import solve
from songe.cli.strategies import strategies
from songe.cli.trace import trace
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


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI, turning input errors into one line and exit 2."""
    try:
        cli.main(args=argv, prog_name="songe", standalone_mode=False)
    except SongeError as exc:
        click.echo(f"songe: error: {exc}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("songe: aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2 if exc.exit_code == 2 else exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)


if __name__ == "__main__":  # pragma: no cover
    main()
