"""The tutorial "Make your own variant" (docs/guide/variant.rst) run as a new user would run it.

Its blocks follow one convention, read here and nowhere else:

- ``.. code-block:: console``: every line starting with ``$ `` is a command, run by bash in a fresh
  directory with ``songe`` being this checkout's; the lines after it, up to the next command, must
  each be a whole line of its output (stdout then stderr), in that order, runs of blanks collapsed, so a
  table's layout is checked with its figures; a line ``...`` stands for lines left out, ``...`` inside a
  line for a part of it left out (a time). A command exits 0 unless it ends with ``# exit N``.
- ``.. code-block:: toml`` captioned ``FILE: append``: the text is added at the end of FILE.
- ``.. code-block:: toml`` captioned ``FILE: replace`` then one captioned ``FILE: with``: the first
  text must occur exactly once in FILE and is replaced by the second; ``FILE: delete``: the text is
  removed (it must occur exactly once).

So a tutorial whose starting spec, commands or outputs went stale fails here.

One step runs at a smaller set-up than the reader's, and only that one: ``--write-results`` solves every option
of every reading at every level (about 20 s of one core for the tutorial's deck, long for CI), so the test
runs it with the set-up and every level of the spec cut to a resource of 2 and a hand of 1 (:data:`SMALLER`), the spec restored
at once after; the figures it shows for that step are ``...`` in the tutorial.
"""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import songe.cli.main

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "docs" / "guide" / "variant.rst"


@dataclass(frozen=True)
class Block:
    """One literal block of the tutorial: its language, its caption, its text."""

    lang: str
    caption: str
    text: str


def blocks(rst: str) -> list[Block]:
    """The ``code-block`` directives of an rst text, in order."""
    lines, out, i = rst.splitlines(), [], 0
    while i < len(lines):
        m = re.match(r"\.\. code-block:: (\w+)\s*$", lines[i])
        i += 1
        if not m:
            continue
        caption = ""
        while i < len(lines) and re.match(r"\s+:\w+:", lines[i]):
            key, _, value = lines[i].strip()[1:].partition(":")
            caption = value.strip() if key == "caption" else caption
            i += 1
        body: list[str] = []
        while i < len(lines) and (not lines[i].strip() or lines[i].startswith("   ")):
            body.append(lines[i][3:])
            i += 1
        out.append(Block(m.group(1), caption, "\n".join(body).strip("\n") + "\n"))
    return out


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _line_pattern(line: str) -> re.Pattern[str]:
    """A shown line as a pattern over one output line: blanks collapsed, ``...`` any text."""
    return re.compile(".*?".join(re.escape(part) for part in _squash(line).split("...")))


def _check_output(command: str, shown: list[str], output: str) -> None:
    lines, at = [_squash(x) for x in output.splitlines()], 0
    for line in shown:
        if _squash(line) in ("", "..."):
            continue
        pattern = _line_pattern(line)
        found = next((i for i in range(at, len(lines)) if pattern.fullmatch(lines[i])), None)
        assert found is not None, f"`{command}`: the tutorial shows {line!r}, not a line of the output (from " \
                                  f"there on):\n{output}"
        at = found + 1


def _songe_on_path(where: Path) -> dict[str, str]:
    """An environment whose ``songe`` is this checkout's, as the tutorial's reader has it installed."""
    bin_dir = where / "bin"
    bin_dir.mkdir()
    script = bin_dir / "songe"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -c "from songe.cli.main import main; main()" "$@"\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    src = str(Path(songe.cli.main.__file__).resolve().parents[2])
    return {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "COLUMNS": "100",
            "PYTHONPATH": os.pathsep.join(p for p in (src, os.environ.get("PYTHONPATH", "")) if p)}


#: The options whose command the test runs at a smaller set-up (see the module's docstring): every level's
#: resource and hand (and the set-up's), in the spec the command names.
SMALLER = {"--write-results": {"lucidity": 2, "hand_limit": 1}}


def _smaller(command: str, cwd: Path) -> tuple[Path, str] | None:
    """Cut the levels of the spec a slow command names (see :data:`SMALLER`): (the spec, its text to restore)."""
    small = next((v for option, v in SMALLER.items() if option in command.split()), None)
    spec = next((cwd / word for word in command.split() if word.endswith(".toml")), None)
    if small is None or spec is None:
        return None
    text = spec.read_text(encoding="utf-8")
    cut = text
    for field, value in small.items():
        cut = re.sub(rf"(?m)^{field} = \d+$", f"{field} = {value}", cut)
    assert cut != text, f"`{command}`: no level of {spec.name} to cut to a smaller set-up"
    spec.write_text(cut, encoding="utf-8")
    return spec, text


def _run_console(block: Block, cwd: Path, env: dict[str, str]) -> int:
    commands: list[tuple[str, list[str]]] = []
    for line in block.text.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        else:
            assert commands, f"a console block starts with output, not a command: {line!r}"
            commands[-1][1].append(line)
    for command, shown in commands:
        m = re.search(r"#\s*exit (\d+)\s*$", command)
        restore = _smaller(command, cwd)
        try:
            r = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
        finally:
            if restore is not None:
                restore[0].write_text(restore[1], encoding="utf-8")
        assert r.returncode == (int(m.group(1)) if m else 0), f"`{command}` exited {r.returncode}:\n{r.stderr[-2000:]}"
        _check_output(command, shown, r.stdout + r.stderr)
    return len(commands)


def _edit(block: Block, replacing: Block | None, cwd: Path) -> None:
    file, _, action = block.caption.rpartition(": ")
    path = cwd / file
    text = path.read_text(encoding="utf-8")
    old = (replacing or block).text
    assert text.count(old) == 1, f"{file}: the tutorial's text to {action} occurs {text.count(old)} times:\n{old}"
    path.write_text(text.replace(old, block.text if replacing else ""), encoding="utf-8")


def test_the_tutorial_runs_as_written(tmp_path: Path) -> None:
    env, ran, pending = _songe_on_path(tmp_path), 0, None
    work = tmp_path / "work"
    work.mkdir()
    for block in blocks(TUTORIAL.read_text(encoding="utf-8")):
        action = block.caption.rpartition(": ")[2]
        if block.lang == "console":
            ran += _run_console(block, work, env)
        elif action == "replace":
            pending = block
        elif action == "with":
            assert pending is not None, f"'{block.caption}' follows no 'replace' block"
            _edit(block, pending, work)
            pending = None
        elif action == "delete":
            _edit(block, None, work)
        elif action == "append":
            path = work / block.caption.rpartition(": ")[0]
            path.write_text(path.read_text(encoding="utf-8") + "\n" + block.text, encoding="utf-8")
    assert pending is None, "a 'replace' block has no 'with' block after it"
    assert ran >= 10  # every step of the tutorial is a command: new, lint, solve, discover, rulebook, trace, play
    assert (work / "book").is_dir()


def test_the_convention_catches_a_stale_output() -> None:
    """A shown line the command does not print fails the check (so the tutorial test can fail)."""
    try:
        _check_output("songe x", ["P(win) 1/2", "...", "done"], "P(win) 1/2\nother\n")
    except AssertionError as exc:
        assert "'done'" in str(exc)
    else:
        raise AssertionError("a missing line passed")
    _check_output("songe x", ["P(win)  1/2", "...", "done"], "P(win) 1/2\nother\ndone\n")
    _check_output("songe x", ["│ normal │ 1/2 │ ... │"], "│ normal │ 1/2 │ 0.31 │\n")
    for layout in (["│ normal 1/2 │"], ["normal"], ["│ normal │ 1/3 │ ... │"]):  # cells, a whole line, the figure
        try:
            _check_output("songe x", layout, "│ normal │ 1/2 │ 0.31 │\n")
        except AssertionError:
            continue
        raise AssertionError(f"{layout} passed")


def test_the_tutorial_is_in_the_docs() -> None:
    index = (ROOT / "docs" / "index.rst").read_text(encoding="utf-8")
    assert "guide/variant" in index
