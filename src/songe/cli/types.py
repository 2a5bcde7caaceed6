"""The types of every command-line value: a bounded integer, a text, an input file, an output path.

Each refuses a bad value in one line that shows at most a cut, visible copy of
it (a 50,000-character value is not echoed whole), before any work starts:

- :class:`Bounded`: an integer in a range (2^63 never reaches a compiled kernel);
- :class:`Words`: text normalised to NFC (a name typed with combining accents
  is the same name), never a NUL byte, never empty where empty means nothing;
- :class:`InFile`: a file the command reads;
- :class:`OutFile` / :class:`OutDir`: a path the command writes, checked by the
  output rule of :mod:`songe.files` (its folder exists, its name fits, it is
  writable); :class:`SongeCommand` adds the rest of the rule before the command
  runs: it is never a file the command reads (the shipped spec included).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

import click

from songe.cli.output import cut
from songe.errors import SongeError

_SURROGATE = re.compile("[\ud800-\udfff]")

#: Longest text option (a deck order of forty names fits many times over).
MAX_TEXT = 4_000


def _text(value: Any, param: click.Parameter | None, ctx: click.Context | None, fail: Any,
          path: bool = False) -> str:
    """A command-line string: no NUL byte, at most :data:`MAX_TEXT` characters, NFC; UTF-8 unless a path
    (a file name may hold any bytes; a name or a number typed with undecodable bytes is refused)."""
    s = value if isinstance(value, str) else str(value)
    if "\x00" in s:
        fail(f"{cut(s)} contains a NUL byte", param, ctx)
    if not path and _SURROGATE.search(s):
        fail(f"{cut(s)} is not UTF-8 text", param, ctx)
    if len(s) > MAX_TEXT:
        fail(f"{cut(s)} is longer than {MAX_TEXT:,} characters", param, ctx)
    return unicodedata.normalize("NFC", s)


class Bounded(click.ParamType):
    """An integer in ``[low, high]``; a value out of range or not an integer is shown cut."""

    name = "integer"

    def __init__(self, low: int, high: int, why: str | None = None) -> None:
        self.low, self.high = low, high
        self.why = f" ({why})" if why else ""
        """why the range differs from the same quantity's elsewhere, said in the refusal"""

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return f"INTEGER {self.low}..{self.high}"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            n = value
        else:
            s = _text(value, param, ctx, self.fail).strip().replace("_", "")
            digits = s.lstrip("+-")
            if not (digits.isascii() and digits.isdigit()) or len(digits) > 30:
                self.fail(f"{cut(value)} is not an integer between {self.low:,} and {self.high:,}{self.why}", param, ctx)
            n = int(s)
        if not self.low <= n <= self.high:
            self.fail(f"{cut(n)} is not between {self.low:,} and {self.high:,}{self.why}", param, ctx)
        return n

    def __repr__(self) -> str:
        return f"Bounded({self.low}, {self.high})"


#: Every integer a count may take on the command line stays far below 2^63 (the compiled kernels' int64).
BIG = 10**12
#: The state budget: ``--max-states`` and ``SONGE_MAX_STATES`` take the same values.
MAX_STATES = Bounded(1, BIG)


class Words(click.ParamType):
    """Text (NFC, no NUL); empty or blank is refused unless ``empty`` says it means something."""

    name = "text"

    def __init__(self, empty: bool = False) -> None:
        self.empty = empty

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        s = _text(value, param, ctx, self.fail)
        if not self.empty and not s.strip():
            self.fail("an empty value means nothing here; leave the option out for its default", param, ctx)
        return s


class Pick(click.Choice):
    """One of fixed names; a wrong value is shown cut."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        s = _text(value, param, ctx, self.fail)
        if s not in self.choices:
            self.fail(f"{cut(s)} is not one of {', '.join(map(str, self.choices))}", param, ctx)
        return s


def _path_text(value: Any, param: click.Parameter | None, ctx: click.Context | None, fail: Any) -> str:
    s = _text(value, param, ctx, fail, path=True) if not isinstance(value, Path) else str(value)
    if not s:
        fail("an empty file name", param, ctx)
    return s


class InFile(click.ParamType):
    """A file (or with ``folder``, a folder) the command reads; named so that no output replaces it."""

    name = "file"

    def __init__(self, folder: bool = False) -> None:
        self.folder = folder

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        s = _path_text(value, param, ctx, self.fail)
        try:  # a name too long, a loop of links, a folder not searchable: refused here, in one line
            is_dir = Path(s).is_dir()
        except OSError as exc:
            self.fail(f"{cut(s)}: cannot read: {exc.strerror or exc}", param, ctx)
        if self.folder and not is_dir:
            self.fail(f"{cut(s)} is not a folder", param, ctx)
        if not self.folder and is_dir:
            self.fail(f"{cut(s)} is a folder; give a file", param, ctx)
        return s


class OutFile(click.ParamType):
    """A file the command writes: the output rule of :func:`songe.files.check_output`, before the work."""

    name = "file"

    def __init__(self, suffix: str | None = None) -> None:
        self.suffix = suffix

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from songe.files import check_output

        s = _path_text(value, param, ctx, self.fail)
        try:
            check_output(s, _opt(param), suffix=self.suffix)
        except SongeError as exc:
            self.fail(str(exc).split(": ", 1)[-1], param, ctx)
        return s


class OutDir(click.ParamType):
    """A folder the command writes into (created only inside an existing folder)."""

    name = "folder"

    def __init__(self, new: bool = False) -> None:
        self.new = new

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from songe.files import check_output_dir

        s = _path_text(value, param, ctx, self.fail)
        try:
            check_output_dir(s, _opt(param), new=self.new)
        except SongeError as exc:
            self.fail(str(exc).split(": ", 1)[-1], param, ctx)
        return s


def _opt(param: click.Parameter | None) -> str:
    """How the user names the parameter: an option by its longest flag, an argument by its metavar (FILE)."""
    if isinstance(param, click.Argument):
        return param.human_readable_name
    return max(param.opts, key=len) if param is not None and param.opts else "output"


class SongeCommand(click.Command):
    """A command whose outputs are checked against its inputs before it runs.

    The inputs are every :class:`InFile` value, an argument naming a file
    (GAME given as a spec file), the source texts beside each, and every
    shipped spec and text (the spec read when ``--spec`` is not given),
    compared by real path.
    """

    def invoke(self, ctx: click.Context) -> Any:
        from songe.files import refuse_inputs

        reads: list[str] = [str(v) for p in self.params if isinstance(p.type, InFile)
                            for v in _values(ctx.params.get(p.name or ""))]
        reads.extend(str(v) for p in self.params  # GAME given as a spec file (an argument the command writes is no input)
                     if isinstance(p, click.Argument) and not isinstance(p.type, OutFile | OutDir)
                     for v in _values(ctx.params.get(p.name or "")) if isinstance(v, str) and _is_file(v))
        reads.extend(_texts_beside(reads))
        reads.extend(_shipped())
        for p in self.params:
            if isinstance(p.type, OutFile | OutDir):
                for v in _values(ctx.params.get(p.name or "")):
                    refuse_inputs(v, _opt(p), reads)
        return super().invoke(ctx)


def _values(v: Any) -> list[Any]:
    return [] if v is None else list(v) if isinstance(v, tuple | list) else [v]


def _is_file(value: str) -> bool:
    try:
        return "\x00" not in value and Path(value).is_file()
    except (OSError, ValueError):  # a name too long to look up is no file
        return False


def _texts_beside(reads: list[str]) -> list[str]:
    """The source texts a spec file quotes (its folder's ``sources/``): inputs too."""
    found: list[str] = []
    for r in reads:
        folder = Path(r).parent / "sources"
        if _is_file(r) and folder.is_dir():
            found.extend(str(p) for p in folder.rglob("*") if p.is_file())
    return found


def _shipped() -> list[str]:
    """Every file of the shipped specs and texts: songe's own data is never an output."""
    from songe.spec.sources import spec_dir

    root = spec_dir()
    return [str(p) for p in root.rglob("*") if p.is_file()]


def command(name: str | None = None, **kwargs: Any) -> Any:
    """``click.command`` with the output rule (:class:`SongeCommand`)."""
    return click.command(name, cls=SongeCommand, **kwargs)
