"""``songe schema FORMAT``: print (or write) the JSON Schema of an input format."""

from __future__ import annotations

import click

from songe.cli.options import out_option
from songe.cli.output import echo
from songe.cli.types import Pick, command
from songe.files import atomic_write
from songe.spec.schemas import FORMATS, schema_text


@command()
@click.argument("format_name", metavar="FORMAT", type=Pick(sorted(FORMATS)))
@out_option("Write the schema to this file.")
def schema(format_name: str, out: str | None) -> None:
    """The JSON Schema of FORMAT (a spec family, the Dread Draw card list, the When I Dream record).

    The same declaration validates the files songe reads; an editor with
    Taplo / Even Better TOML uses it for completion and checking.
    """
    text = schema_text(format_name)
    if out is None:
        click.echo(text, nl=False)
        return
    atomic_write(out, text)  # --out was checked with the option
    echo(out)
