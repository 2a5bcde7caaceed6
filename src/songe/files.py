"""Bounded reading and safe writing of the files a user passes.

Reading: a path is refused by name unless it is a regular file (a FIFO would
block, ``/dev/zero`` never ends); at most ``max_bytes + 1`` bytes are read; the
text must be UTF-8; before any parser runs, a scan of the text bounds the
nesting depth of arrays/tables and the length of every number, so a hostile
file cannot exhaust the stack or the integer parser. Parsed strings are
normalised to NFC, so ``"Chloé"`` typed with a combining accent names the
same player.

Writing: an output path is checked before the work starts (its folder exists,
it is not a folder, it is not a file the command reads), and written through a
temporary file in the same folder, then renamed, so a failed write leaves the
old file (or nothing) behind.

>>> scan_nesting("a = [[1, 2], {b = 3}]", "x.toml")
>>> scan_nesting("a = " + "[" * 200, "x.toml")
Traceback (most recent call last):
...
songe.errors.InputError: x.toml: nested deeper than 64 levels
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import tempfile
import tomllib
import unicodedata
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from songe.errors import InputError, OutputError

#: Files larger than this are refused before parsing.
MAX_INPUT_BYTES = 1_000_000
#: Arrays/tables/objects nested deeper than this are refused before parsing.
MAX_DEPTH = 64
#: A run of digits longer than this is refused before parsing (no count in a game needs more).
MAX_DIGITS = 30


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def read_bounded(path: Path | str, max_bytes: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; special files are refused before opening."""
    p = Path(path)
    try:
        st = os.stat(p)
    except OSError as exc:
        raise InputError(str(p), f"cannot read: {exc.strerror or exc}") from None
    if not stat.S_ISREG(st.st_mode):
        raise InputError(str(p), f"cannot read {_kind(st.st_mode)}; give a regular file")
    if st.st_size > max_bytes:
        raise InputError(str(p), f"larger than {max_bytes} bytes ({st.st_size})")
    try:
        with open(p, "rb") as f:
            data = f.read(max_bytes + 1)
    except OSError as exc:
        raise InputError(str(p), f"cannot read: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise InputError(str(p), f"larger than {max_bytes} bytes")
    return data


def read_text(path: Path | str, max_bytes: int = MAX_INPUT_BYTES) -> str:
    """A bounded regular file decoded as UTF-8 (one line naming the byte otherwise)."""
    data = read_bounded(path, max_bytes)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(str(path), f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def scan_nesting(text: str, file: str, *, toml: bool = True) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` and numbers longer than :data:`MAX_DIGITS`.

    Strings and comments are skipped (a quote may hold any bracket), so only
    the document's own structure counts. TOML's ``[[a]]`` headers are one level.
    """
    depth, run, i, n = 0, 0, 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if c in "\"'" if toml else c == '"':
            triple = toml and text.startswith(c * 3, i)
            end_mark = c * 3 if triple else c
            j = i + len(end_mark)
            while j < n:
                if c == '"' and text[j] == "\\":
                    j += 2
                    continue
                if text.startswith(end_mark, j):
                    break
                if not triple and text[j] == "\n":
                    break
                j += 1
            i, run, line_start = j + len(end_mark), 0, False
            continue
        if toml and c == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        if c in "[{":
            if not (toml and line_start and depth == 0 and c == "["):  # a [table] header is not nesting
                depth += 1
                if depth > MAX_DEPTH:
                    raise InputError(file, f"nested deeper than {MAX_DEPTH} levels")
        elif c in "]}":
            depth = max(depth - 1, 0)
        if c.isdigit() or c == "_" and run:
            run += 1
            if run > MAX_DIGITS:
                raise InputError(file, f"a number longer than {MAX_DIGITS} digits")
        else:
            run = 0
        if c == "\n":
            line_start = True
        elif not c.isspace() and not (toml and line_start and depth == 0 and c == "["):
            line_start = False
        i += 1


def nfc(value: Any) -> Any:
    """Every string (keys included) of parsed data normalised to NFC.

    >>> nfc({"Chlo\\u0065\\u0301": ["Chlo\\u0065\\u0301"]}) == {"Chloé": ["Chloé"]}
    True
    """
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value)
    if isinstance(value, dict):
        return {nfc(k): nfc(v) for k, v in value.items()}
    if isinstance(value, list):
        return [nfc(v) for v in value]
    return value


def refuse_nul(value: Any, file: str) -> Any:
    """``value`` unchanged, unless one of its strings holds a NUL byte (never text; a path with one cannot open).

    >>> refuse_nul({"a": ["b\\x00"]}, "x.toml")
    Traceback (most recent call last):
    ...
    songe.errors.InputError: x.toml: the string 'b\\x00' holds a NUL byte (\\u0000)
    """
    todo = [value]
    while todo:
        v = todo.pop()
        if isinstance(v, str):
            if "\x00" in v:
                raise InputError(file, f"the string {v[:60]!r} holds a NUL byte (\\u0000)")
        elif isinstance(v, dict):
            todo += [*v.keys(), *v.values()]
        elif isinstance(v, list):
            todo += v
    return value


def parse_toml(path: Path | str) -> dict[str, Any]:
    """A bounded, scanned, NFC-normalised TOML document without a NUL byte."""
    text = read_text(path)
    scan_nesting(text, str(path))
    try:
        data = nfc(tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        raise InputError(str(path), f"TOML syntax error: {exc}") from None
    except (RecursionError, ValueError) as exc:  # a bound the scan missed: still one line
        raise InputError(str(path), f"cannot parse: {type(exc).__name__}") from None
    return refuse_nul(data, str(path))


def parse_json(path: Path | str) -> Any:
    """A bounded, scanned, NFC-normalised JSON document without a NUL byte."""
    text = read_text(path)
    scan_nesting(text, str(path), toml=False)
    try:
        data = nfc(json.loads(text))
    except json.JSONDecodeError as exc:
        raise InputError(str(path), f"JSON syntax error: {exc}") from None
    except (RecursionError, ValueError) as exc:
        raise InputError(str(path), f"cannot parse: {type(exc).__name__}") from None
    return refuse_nul(data, str(path))


#: The longest file name (one path component) most file systems take, in bytes.
MAX_NAME_BYTES = 255
#: The longest path the command line takes, in bytes.
MAX_PATH_BYTES = 4096


def _folder_of(p: Path, option: str) -> Path:
    """The folder a path would be written in: it must exist and be a writable folder (never created)."""
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.exists():
        raise OutputError(f"{option} {str(p)!r}: folder {str(parent)!r} does not exist (it is not created)")
    if not parent.is_dir():
        raise OutputError(f"{option} {str(p)!r}: {str(parent)!r} is a file, not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(f"{option} {str(p)!r}: folder {str(parent)!r} is not writable")
    return parent


def _name_fits(p: Path, option: str) -> None:
    try:
        raw = os.fsencode(p)
    except UnicodeEncodeError:
        raise OutputError(f"{option} {str(p)!r}: the name cannot be encoded for this file system") from None
    if b"\x00" in raw:
        raise OutputError(f"{option} {str(p)!r}: a file name cannot hold a NUL byte")
    if len(raw) > MAX_PATH_BYTES:
        raise OutputError(f"{option}: the path is longer than {MAX_PATH_BYTES} bytes")
    if any(len(part) > MAX_NAME_BYTES for part in raw.split(b"/")):
        raise OutputError(f"{option}: a name in the path is longer than {MAX_NAME_BYTES} bytes")


def check_output(path: Path | str, option: str, reads: Iterable[Path | str | None] = (), *,
                 suffix: str | None = None) -> Path:
    """Check an output path before the work starts; returns it unchanged.

    Its name must fit (:data:`MAX_NAME_BYTES`), its folder must exist (it is
    never created) and be writable, it must not be a folder or a special file,
    it must not be a file the command reads (:func:`refuse_inputs`), and if
    ``suffix`` is given the name must end with it (it is never appended silently).
    """
    p = Path(path)
    _name_fits(p, option)
    if suffix is not None and p.suffix.lower() != suffix:
        raise OutputError(f"{option} {str(p)!r}: the file name must end with {suffix!r}")
    _folder_of(p, option)
    if p.exists() or p.is_symlink():
        if not p.is_file():
            kind = _kind(p.stat().st_mode) if p.exists() else "a dangling link"
            raise OutputError(f"{option} {str(p)!r}: is {kind}, not a file")
        if not os.access(p, os.W_OK) and not os.access(p.parent if str(p.parent) else ".", os.W_OK):
            raise OutputError(f"{option} {str(p)!r}: is not writable")
    refuse_inputs(p, option, reads)
    return p


def refuse_inputs(path: Path | str, option: str, reads: Iterable[Path | str | None]) -> None:
    """Refuse an output that is (by real path) one of the files the command reads, or a folder holding one."""
    out = os.path.realpath(path)
    for r in reads:
        if r is None:
            continue
        try:
            real = os.path.realpath(r)
        except (OSError, ValueError):
            continue
        if out == real:
            raise OutputError(f"{option} {str(path)!r}: is a file this command reads; choose another name")


def check_output_dir(path: Path | str, option: str, *, new: bool = False) -> Path:
    """An output folder: it may be created, but only inside an existing folder, and not over a file.

    ``new``: the folder must not exist yet (its files would be replaced otherwise).
    """
    p = Path(path)
    _name_fits(p, option)
    if p.exists() and not p.is_dir():
        raise OutputError(f"{option} {str(p)!r}: exists and is not a folder")
    if p.exists():
        if new:
            raise OutputError(f"{option} {str(p)!r}: the folder exists; give a new one (files are never overwritten)")
        if not os.access(p, os.W_OK | os.X_OK):
            raise OutputError(f"{option} {str(p)!r}: folder is not writable")
    else:
        _folder_of(p, option)
    return p


#: Temporary files and folders being written now: an interrupted run removes them (:func:`discard_pending`).
_PENDING: set[Path] = set()


def discard_pending() -> None:
    """Remove every temporary file or folder still being written (Ctrl-C: no partial output is left)."""
    for tmp in list(_PENDING):
        if tmp.is_dir() and not tmp.is_symlink():
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            tmp.unlink(missing_ok=True)
        _PENDING.discard(tmp)


def atomic_write(path: Path | str, write: Callable[[Path], object] | bytes | str) -> None:
    """Write ``path`` through a temporary file in its folder, then rename it over ``path``.

    ``write`` is the content, or a function that writes a given temporary path
    (for writers that take a file name, such as GraphML or a figure; what it returns is ignored).
    A write that fails (a full disk) removes the temporary file, leaves the old file as it was,
    and says so in one line (:class:`~songe.errors.OutputError`).
    """
    p = Path(path)
    kept = "the old file is left unchanged" if p.exists() else "nothing was written"
    try:  # a short temporary name, so that any name that fits its folder fits here too
        fd, tmp_name = tempfile.mkstemp(prefix=".songe-", suffix=".tmp" + p.suffix[:16],
                                        dir=p.parent if str(p.parent) else ".")
    except OSError as exc:
        raise OutputError(f"{p}: cannot write ({exc.strerror or exc}); {kept}") from None
    tmp = Path(tmp_name)
    _PENDING.add(tmp)
    try:
        if callable(write):
            os.close(fd)
            write(tmp)
        else:
            with os.fdopen(fd, "wb") as f:
                f.write(write.encode("utf-8") if isinstance(write, str) else write)
        if p.exists():
            os.chmod(tmp, stat.S_IMODE(os.stat(p).st_mode))
        else:
            os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, p)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise OutputError(f"{p}: cannot write ({exc.strerror or exc}); {kept}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    finally:
        _PENDING.discard(tmp)


def atomic_folder(path: Path | str, fill: Callable[[Path], object]) -> None:
    """Create the folder ``path`` whole or not at all: ``fill`` writes a temporary folder beside it, then it is renamed."""
    p = Path(path)
    try:
        tmp = Path(tempfile.mkdtemp(prefix=".songe-", suffix=".tmp", dir=p.parent if str(p.parent) else "."))
    except OSError as exc:
        raise OutputError(f"{p}: cannot write ({exc.strerror or exc}); nothing was written") from None
    _PENDING.add(tmp)
    try:
        fill(tmp)
        os.chmod(tmp, 0o777 & ~_umask())
        os.rename(tmp, p)
    except OSError as exc:
        raise OutputError(f"{p}: cannot write ({exc.strerror or exc}); nothing was written") from None
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
        _PENDING.discard(tmp)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
