"""``songe coverage GAME``: every sentence of the game's texts and what accounts for it."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from songe.analysis.contradictions import WORDING, contradictions, substances
from songe.analysis.coverage import GameCoverage, coverage, percent
from songe.analysis.coverage import as_json as coverage_json
from songe.analysis.coverage_draft import draft
from songe.cli.common import load_game_spec
from songe.cli.options import game_argument, json_option
from songe.cli.output import echo, json_text
from songe.cli.types import InFile, OutDir, command
from songe.files import atomic_folder
from songe.games.registry import find_family
from songe.spec.fields import read_toml
from songe.spec.inventory import inventory_dir, load_game

_WIDTH = 90


@command("coverage")
@game_argument
@click.option("--spec", "spec_file", type=InFile(), default=None,
              help="Check against a modified copy of the game's spec file.")
@click.option("--inventory", "folder", type=InFile(folder=True), default=None,
              help="Read the inventories from this folder instead of the shipped ones.")
@click.option("--summary", is_flag=True, help="Counts and problems only, not every sentence.")
@click.option("--draft", "draft_dir", type=OutDir(new=True), default=None,
              help="Write redrafted inventory files (encodes recomputed, decisions kept) into this new folder.")
@json_option
def coverage_command(game: str, spec_file: str | None, folder: str | None, summary: bool, draft_dir: str | None,
                     as_json: bool) -> None:
    """Every sentence of GAME's source texts with its disposition; exit 1 unless 100% are accounted for.

    A disposition says what accounts for a sentence: the spec entries that
    quote it (encodes), a golden test (example), a measured claim, a hole of
    the text, a restatement (same-as), or no rule (flavour, with the reason).
    Contradictions lists sentences that state one rule in different words.
    """
    spec = load_game_spec(game, spec_file, ())
    entry = find_family(game)
    source = Path(folder) if folder else inventory_dir()
    if draft_dir:
        _write_drafts(entry.id, source, Path(draft_dir), spec)
        return
    cov = coverage(entry.id, load_game(entry.id, source), spec)
    found = contradictions(cov, substances(spec))
    if as_json:
        echo(json_text(coverage_json(cov, found)))
    else:
        _print(cov, found, summary)
    sys.exit(0 if cov.complete else 1)


def _write_drafts(game: str, source: Path, out: Path, spec: object) -> None:
    files = [p for p in sorted(source.glob("*.toml")) if read_toml(p).get("text", {}).get("game") == game]
    texts = {p.name: draft(p, spec) for p in files}
    def fill(tmp: Path) -> None:
        for name, body in texts.items():
            (tmp / name).write_text(body, encoding="utf-8")

    atomic_folder(out, fill)  # the whole folder or none of it, in a folder that exists (checked with the option)
    for name in texts:
        echo(f"wrote {out / name}")


def _print(cov: GameCoverage, found: tuple, summary: bool) -> None:
    for t in cov.texts:
        gaps = t.holding().get("gap", 0)
        echo(f"{t.inventory.source.name}: {t.accounted}/{t.total} sentences accounted for "
                   f"({percent(t.share)}); {gaps} of them recorded as gaps (a rule the spec does not encode yet)")
        echo("  by primary disposition: " + ", ".join(f"{k} {v}" for k, v in t.counts().items()))
        echo("  holding each:           " + ", ".join(f"{k} {v}" for k, v in t.holding().items()))
        for s in t.sentences:
            if summary and s.accounted and "gap" not in s.dispositions:
                continue
            text = s.entry.unit.text
            text = text if len(text) <= _WIDTH else text[:_WIDTH - 1] + "…"
            mark = "  " if s.accounted else "!!"
            echo(f"{mark} {s.entry.id:<30} {'+'.join(s.dispositions) or 'NONE':<16} {text}")
            if s.entry.same_as and not summary:
                echo(f"     same as {', '.join(s.entry.same_as)}")
            if s.entry.gap:
                echo(f"     gap: {s.entry.gap}")
            for p in s.problems:
                echo(f"     problem: {p}")
        echo("")
    for q in cov.unmapped:
        echo(f"!! quote of {q.ref} falls on no sentence: {q.text!r}")
    wording = sum(1 for c in found if not c.settled_by and c.substance == WORDING)
    echo(f"contradictions: {len(found)} pairs state one rule or one decision in different words "
               f"({sum(1 for c in found if c.open)} open, {sum(1 for c in found if c.settled_by)} "
               f"settled by a reading, an open point, a recorded difference or a stated rule, "
               f"{wording} wording only)")
    for c in found:
        state = ("settled by " + ", ".join(c.settled_by) if c.settled_by else
                 "wording only" if c.substance == WORDING else "OPEN")
        if c.substance and c.substance != WORDING:
            state += f"; differs in {c.substance}"
        echo(f"  {c.a} ~ {c.b} ({c.via}; {state}{'; numbers differ' if c.numbers_differ else ''})")
        echo(f"    « {c.quote_a} »")
        echo(f"    « {c.quote_b} »")
        echo(f"    only in {c.a}: {' '.join(c.only_a) or '-'} | only in {c.b}: {' '.join(c.only_b) or '-'}")
        if c.why:
            echo(f"    {c.why}")
