"""``songe rulebook``: write a game's clarified rulebook (reStructuredText for Sphinx)."""

from __future__ import annotations

from pathlib import Path

import click

from songe.cli.common import emit_json, game_argument, json_option, load_game_spec, progress
from songe.cli.dispatch import dispatch
from songe.games.plugin import Capability
from songe.games.registry import find_family
from songe.rulebook.build import rulebook as write_page
from songe.rulebook.results import reveil_results, write
from songe.spec.sources import spec_dir


@click.command()
@game_argument
@click.option("--lang", type=click.Choice(["fr", "en"]), default="fr", show_default=True)
@click.option("--out", type=click.Path(file_okay=False), default="rulebook", show_default=True,
              help="Folder to write the page (and its pictures) into.")
@click.option("--results", type=click.Path(dir_okay=False), default=None,
              help="Réveil: read the figures from this results file instead of solving (docs/results/reveil.json).")
@click.option("--write-results", type=click.Path(dir_okay=False), default=None,
              help="Réveil: solve every figure afresh and write the results file.")
@click.option("--jobs", type=click.IntRange(1, 64), default=None, help="Réveil: worker processes for --write-results.")
@json_option
def rulebook(game, **options):
    """Generate GAME's clarified rulebook: numbered rules, readings resolved inline, computed figures."""
    dispatch(Capability.RULEBOOK, game, **options)


def rulebook_any(game, lang, out, as_json):
    """A rulebook whose figures are computed while it is written (they take seconds)."""
    _write(find_family(game), lang, out, None, as_json)


def rulebook_reveil(game, lang, out, results, write_results, jobs, as_json):
    """Réveil's rulebook: its figures read from a results file (minutes to compute afresh)."""
    family = find_family(game)
    spec = load_game_spec(game, None, ())
    if write_results:
        with progress("solving every reading at every level", total=None) as advance:
            write(reveil_results(spec, jobs=jobs or 1, tick=lambda what: advance(0, f"solving {what}")),
                  Path(write_results))
        results = write_results
    default = spec_dir().parent / "docs" / "results" / "reveil.json"
    source = Path(results) if results else (default if default.exists() else None)
    _write(family, lang, out, source, as_json)


def _write(family, lang, out, source, as_json) -> None:
    load_game_spec(family.id, None, ())  # validates the spec
    with progress(f"writing the {family.title} rulebook ({lang})"):
        page = write_page(family.id, lang, Path(out), source)
    if as_json:
        emit_json({"game": family.id, "lang": lang, "page": str(page),
                   "results": str(source) if source else "computed fresh"})
    else:
        click.echo(f"{page} ({'figures from ' + str(source) if source else 'figures computed fresh'})")
