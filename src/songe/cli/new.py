"""``songe new GAME FILE``: a clean starting spec for a designer's own game, from a shipped one.

The copy keeps the shipped file's layout and comments (it is edited as text,
table by table) and changes what would go stale: its id and name come from
FILE's name, its quotes are marked as the designer's own text (``[game]
quotes = "own"``, so no source text is checked), the shipped game's worked
examples are left out (they replay the shipped deck), and the stated counts
are computed from the cards. The result is loaded by the family's own loader
before it is written; an existing FILE is never overwritten.
"""

from __future__ import annotations

import re
import tempfile
from collections import Counter
from pathlib import Path

import click

from songe.cli.options import TEXT
from songe.cli.output import echo
from songe.cli.types import OutFile, command
from songe.errors import OptionError, SongeError, SpecError
from songe.files import atomic_write, check_output
from songe.games.registry import find_family
from songe.spec.lint import OWN
from songe.spec.sources import spec_dir

#: Tables of a shipped spec left out of a new game: they replay the shipped deck card by card.
DROPPED = ("examples",)
_HEADER = re.compile(r"^\[\[?\s*([A-Za-z0-9_.]+)\s*\]\]?")


def blocks(text: str) -> list[tuple[str, list[str]]]:
    """A TOML text as (table name, lines) blocks, each from its header line to the next ('' before the first).

    >>> [(n, len(lines)) for n, lines in blocks("a = 1\\n[game]\\nid = 'x'\\n[[cards]]\\nid = 'y'\\n")]
    [('', 1), ('game', 2), ('cards', 2)]
    """
    out: list[tuple[str, list[str]]] = [("", [])]
    for line in text.splitlines():
        m = _HEADER.match(line)
        if m:
            out.append((m.group(1), []))
        out[-1][1].append(line)
    return out


def _set(lines: list[str], key: str, value: str) -> list[str]:
    """The block with ``key = ...`` set to ``value`` (a TOML literal), added after the header if absent."""
    pat = re.compile(rf"^{re.escape(key)}\s*=")
    if any(pat.match(line) for line in lines):
        return [f"{key} = {value}" if pat.match(line) else line for line in lines]
    return lines[:1] + [f"{key} = {value}"] + lines[1:]


def _trim_comments(lines: list[str]) -> list[str]:
    """A block without its trailing comment and blank lines (they introduce the block that followed)."""
    end = len(lines)
    while end > 1 and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
        end -= 1
    return lines[:end] + [""]


def _without_source_notes(lines: list[str]) -> list[str]:
    """The file's opening comments without the paragraphs about its source text (a new game has none)."""
    out: list[str] = []
    para: list[str] = []
    for line in [*lines, "#"]:
        if line.strip() in ("#", ""):
            if not any("sources/" in p or "quote" in p for p in para):
                out.extend(para)
            para = []
            out.append(line)
        else:
            para.append(line)
    return out[:-1]


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def draft(shipped: str, game_id: str, name: str, counts: Counter[str] | None, family_file: str,
          file_name: str = "FILE.toml") -> str:
    """The text of a new game's spec from a shipped spec's text (see the module's docstring)."""
    out: list[str] = [f"# {name}: a new game drafted by `songe new` from the shipped {family_file}.",
                      f"# Its quotes are your own text ([game] quotes = \"{OWN}\"): rewrite them as your rules say;",
                      f"# `songe lint` lists what looks stale. Run any verb on this file: songe solve {file_name}",
                      ""]
    kept: list[tuple[str, list[str]]] = []
    for table, lines in blocks(shipped):
        if not table:
            lines = _without_source_notes(lines)
        if table in DROPPED:
            if kept:
                kept[-1] = (kept[-1][0], _trim_comments(kept[-1][1]))
            continue
        if table == "game":
            lines = [line for line in lines if not re.match(r"^source\s*=", line)]
            lines = _set(_set(_set(lines, "id", _toml_string(game_id)), "name", _toml_string(name)),
                         "quotes", _toml_string(OWN))
        if table == "stated" and counts is not None:
            for key, value in counts.items():
                lines = _set(lines, key, str(value))
        kept.append((table, lines))
    for _, lines in kept:
        out.extend(lines)
    return "\n".join(out).rstrip("\n") + "\n"


def _ident(stem: str) -> str:
    ident = re.sub(r"[^a-z0-9_]+", "_", stem.casefold()).strip("_")
    return ident if ident[:1].isalpha() else f"game_{ident}".rstrip("_")


@command()
@click.argument("game", metavar="GAME", type=TEXT)
@click.argument("out", metavar="FILE", type=OutFile(".toml"))
@click.option("--title", "--name", "name", type=TEXT, default=None,
              help="The new game's title, printed on its books, tables and traces ([game] name in FILE) "
                   "[default: from FILE's name, my_game.toml: « My game »].")
def new(game: str, out: str, name: str | None) -> None:
    """Write FILE, a clean starting spec for your own game, drafted from GAME's shipped spec.

    Its quotes are marked as your own text, the shipped worked examples are left out, the stated
    counts are computed from the cards; FILE must not exist. Its title is --title (later: [game] name
    in FILE). Then: songe lint FILE, songe solve FILE.
    """
    family = find_family(game)
    path = check_output(out, "FILE", suffix=".toml")
    if path.exists():
        raise OptionError(f"{out}: exists; songe new never overwrites a file (choose another name)")
    shipped = spec_dir() / family.spec_file
    spec = family.load_spec(shipped, {})
    counts = _counts(spec)
    stem = Path(out).stem
    title = name or stem.replace("_", " ").capitalize()
    text = draft(shipped.read_text(encoding="utf-8"), _ident(stem), title, counts, family.spec_file, path.name)
    with tempfile.TemporaryDirectory() as tmp:  # the family's loader must accept the draft before it is written
        trial = Path(tmp) / path.name
        trial.write_text(text, encoding="utf-8")
        try:
            family.load_spec(trial, {})
        except SongeError as exc:
            why = f"{exc.where}: {exc.problem}" if isinstance(exc, SpecError) else str(exc)
            raise OptionError(f"songe new {family.id}: its spec format cannot mark quotes as your own yet "
                              f"(its loader says: {why})") from None
    atomic_write(path, text)
    echo(f"{path}: {title}, drafted from {family.id} "
         f"({family.spec_file}); next: songe lint {path.name}")


def _counts(spec: object) -> Counter[str] | None:
    """The stated counts computed from the cards (a family whose spec states counts: dreams, thoughts, total)."""
    cards = getattr(spec, "cards", None)
    if getattr(spec, "stated", None) is None or cards is None:
        return None
    kinds = Counter(f"{c.kind.value}s" for c in cards for _ in range(c.copies))
    return Counter({**kinds, "total": sum(kinds.values())})
