"""``songe coverage GAME``: every sentence of the game's texts and what accounts for it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from songe.analysis.contradictions import contradictions
from songe.analysis.coverage import GameCoverage, as_json, coverage, percent
from songe.analysis.coverage_draft import draft
from songe.cli.common import game_argument, load_game_spec
from songe.errors import OptionError
from songe.games.registry import find_family
from songe.spec.fields import read_toml
from songe.spec.inventory import inventory_dir, load_game

_WIDTH = 90


@click.command("coverage")
@game_argument
@click.option("--spec", "spec_file", type=click.Path(dir_okay=False), default=None,
              help="Check against a modified copy of the game's spec file.")
@click.option("--inventory", "folder", type=click.Path(file_okay=False), default=None,
              help="Read the inventories from this folder instead of the shipped ones.")
@click.option("--summary", is_flag=True, help="Counts and problems only, not every sentence.")
@click.option("--draft", "draft_dir", type=click.Path(file_okay=False), default=None,
              help="Write redrafted inventory files (encodes recomputed, decisions kept) into this new folder.")
@click.option("--json", "as_json_flag", is_flag=True, help="Print one JSON object instead of tables.")
def coverage_command(game: str, spec_file: str | None, folder: str | None, summary: bool, draft_dir: str | None,
                     as_json_flag: bool) -> None:
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
    found = contradictions(cov)
    if as_json_flag:
        click.echo(json.dumps(as_json(cov, found), ensure_ascii=False, indent=2))
    else:
        _print(cov, found, summary)
    sys.exit(0 if cov.complete else 1)


def _write_drafts(game: str, source: Path, out: Path, spec: object) -> None:
    if out.exists():
        raise OptionError(f"--draft {out}: the folder exists; give a new one (files are never overwritten)")
    files = [p for p in sorted(source.glob("*.toml")) if read_toml(p).get("text", {}).get("game") == game]
    texts = {p.name: draft(p, spec) for p in files}
    out.mkdir(parents=True)
    for name, body in texts.items():
        tmp = out / (name + ".tmp")
        tmp.write_text(body, encoding="utf-8")
        tmp.replace(out / name)
        click.echo(f"wrote {out / name}")


def _print(cov: GameCoverage, found: tuple, summary: bool) -> None:
    for t in cov.texts:
        gaps = t.holding().get("gap", 0)
        click.echo(f"{t.inventory.source.name}: {t.accounted}/{t.total} sentences accounted for "
                   f"({percent(t.share)}); {gaps} of them recorded as gaps (a rule the spec does not encode yet)")
        click.echo("  by primary disposition: " + ", ".join(f"{k} {v}" for k, v in t.counts().items()))
        click.echo("  holding each:           " + ", ".join(f"{k} {v}" for k, v in t.holding().items()))
        for s in t.sentences:
            if summary and s.accounted and "gap" not in s.dispositions:
                continue
            text = s.entry.unit.text
            text = text if len(text) <= _WIDTH else text[:_WIDTH - 1] + "…"
            mark = "  " if s.accounted else "!!"
            click.echo(f"{mark} {s.entry.id:<30} {'+'.join(s.dispositions) or 'NONE':<16} {text}")
            if s.entry.same_as and not summary:
                click.echo(f"     same as {', '.join(s.entry.same_as)}")
            if s.entry.gap:
                click.echo(f"     gap: {s.entry.gap}")
            for p in s.problems:
                click.echo(f"     problem: {p}")
        click.echo("")
    for q in cov.unmapped:
        click.echo(f"!! quote of {q.ref} falls on no sentence: {q.text!r}")
    click.echo(f"contradictions: {len(found)} pairs state one rule in different words "
               f"({sum(1 for c in found if not c.settled_by)} open, {sum(1 for c in found if c.settled_by)} "
               "settled by a reading or recorded difference)")
    for c in found:
        state = "settled by " + ", ".join(c.settled_by) if c.settled_by else "OPEN"
        click.echo(f"  {c.a} ~ {c.b} ({c.via}; {state}{'; numbers differ' if c.numbers_differ else ''})")
        click.echo(f"    « {c.quote_a} »")
        click.echo(f"    « {c.quote_b} »")
        click.echo(f"    only in {c.a}: {' '.join(c.only_a) or '-'} | only in {c.b}: {' '.join(c.only_b) or '-'}")
