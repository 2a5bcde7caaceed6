"""``songe rulebook``: write a game's clarified rulebook, or with ``--dossier`` its editor's dossier.

The dossier is a flag of this verb, not a verb of its own: it is made from the same data under the same
options (language, readings, results file, format), so one set of options and one dispatch serve both.
"""

from __future__ import annotations

from pathlib import Path

import click

from songe.cli.common import load_game_spec, progress, refuse_given
from songe.cli.dispatch import dispatch
from songe.cli.options import game_argument, jobs_option, json_option, reading_option
from songe.cli.output import echo, emit_json
from songe.cli.types import InFile, OutDir, OutFile, Pick, command
from songe.errors import InputError, OptionError
from songe.files import atomic_write
from songe.games.plugin import Capability
from songe.games.registry import find_family
from songe.games.reveil.results import reveil_results
from songe.games.reveil.spec_figures import DIGEST_KEY, digest, fits, is_shipped
from songe.optional import require
from songe.rulebook.build import rulebook as write_page
from songe.rulebook.results import read, write
from songe.spec.sources import spec_dir


@command()
@game_argument
@click.option("--lang", type=Pick(["fr", "en"]), default="fr", show_default=True)
@click.option("--out", type=OutDir(), default="rulebook", show_default=True,
              help="Folder to write the page (and its pictures) into.")
@click.option("--results", type=InFile(), default=None,
              help="Réveil: read the figures from this results file instead of solving (docs/results/reveil.json).")
@click.option("--write-results", type=OutFile(), default=None,
              help="Réveil: solve every figure afresh and write the results file.")
@jobs_option(None, "Réveil: worker processes for --write-results.")
@click.option("--format", "fmt", type=Pick(["rst", "pdf", "aid"]), default="rst", show_default=True,
              help="rst: the Sphinx page; pdf: a print-ready PDF (Typst, no TeX); aid: the one-page player aid (PDF).")
@reading_option("Write the book of this reading of an unclear rule (repeatable); others keep their default.")
@click.option("--spec", "spec_file", type=InFile(), default=None,
              help="Draft the book of this copy of the game's spec: its own cards, terms and figures (authored "
                   "wording kept only where it still matches).")
@click.option("--dossier", is_flag=True,
              help="Write the editor's dossier instead of the player's book: each open point with its readings and "
                   "measured effect, what changed, corrections, claims, coverage, outside facts (rst or pdf).")
@json_option
def rulebook(game, **options):
    """Generate GAME's clarified rulebook: numbered rules, readings resolved inline, computed figures."""
    dispatch(Capability.RULEBOOK, game, **options)


def rulebook_any(game, lang, out, fmt, readings, dossier, as_json, spec_file=None):
    """A rulebook composed from its authored data under the chosen readings."""
    spec = load_game_spec(game, spec_file, readings)
    _write(find_family(game), lang, out, None, as_json, spec, fmt, dossier)


def rulebook_reveil(game, lang, out, results, write_results, jobs, fmt, readings, dossier, as_json, spec_file=None):
    """Réveil's rulebook under the chosen readings: its figures read from a results file that fits the spec
    (minutes afresh for the shipped spec; a user's spec gets its level odds solved here)."""
    family = find_family(game)
    spec = load_game_spec(game, spec_file, readings)
    if results is not None:
        if write_results:
            raise OptionError("--results and --write-results: give one (read the figures, or solve them afresh)")
        read(Path(results))  # a missing, special or misshapen file fails now, in one line, never a silent recompute
    if not write_results:
        refuse_given({"jobs": "--jobs"}, "without --write-results (nothing is solved)")
    if write_results:
        with progress("solving every reading at every level", total=None) as advance:
            figures = reveil_results(spec, jobs=jobs or 1, tick=lambda what: advance(0, f"solving {what}"))
            if not is_shipped(spec):  # a later book of another spec will not take these figures (the shipped
                figures[DIGEST_KEY] = digest(spec)  # file stays a fresh computation's, as tests/test_rulebook.py asks)
            atomic_write(write_results, lambda tmp: write(figures, tmp))
        results = write_results
    default = spec_dir().parent / "docs" / "results" / "reveil.json"
    source = Path(results) if results else (default if default.exists() else None)
    if source is not None and not fits(spec, read(source)):
        if results:
            raise OptionError(f"--results {results}: its figures were computed for another spec than "
                              f"{spec.file}; drop --results to solve them for this spec")
        source = None  # the docs' figures are the shipped game's: solve this spec's own
    _write(family, lang, out, source, as_json, spec, fmt, dossier)


def _write(family, lang, out, source, as_json, spec, fmt, dossier) -> None:
    if dossier and fmt == "aid":
        raise OptionError("--dossier and --format aid: the player aid has no dossier (use rst or pdf)")
    if fmt != "rst":
        require("typst", f"--format {fmt}")  # before the work
    what = "dossier" if dossier else "rulebook"
    with progress(f"writing the {family.title} {what} ({lang}, {fmt})"):
        try:
            page = write_page(family.id, lang, Path(out), source, spec, fmt, dossier)
        except (KeyError, TypeError, IndexError, ValueError, AttributeError) as exc:
            if source is None:
                raise
            # a results file of the right outline whose entries do not fit this book: one line, never a traceback
            raise InputError(str(source), f"its figures do not fit this spec's book ({type(exc).__name__}: "
                                          f"{str(exc)[:80]}); write a fresh one with --write-results") from None
    if as_json:
        emit_json({"game": family.id, "lang": lang, "format": fmt, "dossier": dossier, "page": str(page),
                   "results": str(source) if source else None})
    else:
        echo(f"{page}" + (f" (figures from {source})" if source else ""))
