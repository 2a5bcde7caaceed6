"""``songe rulebook``: write a game's clarified rulebook (reStructuredText for Sphinx)."""

from __future__ import annotations

from pathlib import Path

import click

from songe.cli.common import emit_json, game_argument, json_option, load_game_spec, progress, refuse_given
from songe.errors import OptionError
from songe.games.registry import find_game
from songe.files import atomic_write, check_output, check_output_dir, read_bounded
from songe.rulebook.build import GAMES, rulebook as write_page
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
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True)
@json_option
def rulebook(game, lang, out, results, write_results, jobs, as_json):
    """Generate GAME's clarified rulebook: numbered rules, readings resolved inline, computed figures."""
    entry = find_game(game)
    if entry.id not in GAMES:
        raise click.UsageError(f"no rulebook for {entry.id!r} yet; games with one: {', '.join(GAMES)}")
    load_game_spec(game, None, (), ("reveil", "when_i_dream", "jekyll_hyde", "dread_draw"))  # validates the spec
    if results is not None:
        if entry.id != "reveil":
            raise OptionError("--results is for Réveil (the other games compute their figures quickly)")
        if write_results:
            raise OptionError("--results and --write-results: give one (read the figures, or solve them afresh)")
        read_bounded(results)  # a missing or special file fails now, in one line, never a silent recompute
    if write_results:
        check_output(write_results, "--write-results")
    else:
        refuse_given({"jobs": "--jobs"}, "without --write-results (nothing is solved)")
    check_output_dir(out, "--out")
    if write_results:
        if entry.id != "reveil":
            raise click.UsageError("--write-results is for Réveil (the other games compute their figures quickly)")
        from songe.spec.reveil import load

        with progress("solving every reading at every level", total=None) as advance:
            figures = reveil_results(load(), jobs=jobs, tick=lambda what: advance(0, f"solving {what}"))
            atomic_write(write_results, lambda tmp: write(figures, tmp))
        results = write_results
    default = spec_dir().parent / "docs" / "results" / "reveil.json"
    source = None
    if entry.id == "reveil":
        source = Path(results) if results else (default if default.exists() else None)
    with progress(f"writing the {entry.title} rulebook ({lang})") as advance:
        page = write_page(entry.id, lang, Path(out), source)
    if as_json:
        emit_json({"game": entry.id, "lang": lang, "page": str(page),
                   "results": str(source) if source else "computed fresh"})
    else:
        click.echo(f"{page} ({'figures from ' + str(source) if source else 'figures computed fresh'})")
