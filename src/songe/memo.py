"""A disk memo for a result that takes seconds to minutes and is a function of its inputs and of songe's code.

Jekyll vs Hyde's paired simulations are run by ``songe ambiguities``, by the
dossier and by the docs, often in several processes at once. Each result is
kept as JSON under a key made of what it was computed from (``repr`` of the
inputs) and a digest of every source file of the installed package (its path,
size and modification time), so a
changed spec, count, seed or line of code is a new key: a kept result can
never be stale. The value is always returned as JSON gives it back, so a
first run and a remembered one hand the caller the same object.

The folder is ``$SONGE_CACHE_DIR``, else ``$XDG_CACHE_HOME/songe`` (``~/.cache/songe``);
``SONGE_CACHE_DIR=`` (empty) turns the memo off. A folder that cannot be written
costs only the time: the result is computed and returned.

>>> import tempfile
>>> here, calls = Path(tempfile.mkdtemp()), []
>>> remembered("doc", (1, "a"), lambda: calls.append(1) or {"x": (1, 2)}, where=here)
{'x': [1, 2]}
>>> remembered("doc", (1, "a"), lambda: calls.append(1) or {"x": (1, 2)}, where=here), len(calls)
({'x': [1, 2]}, 1)
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any


@cache
def code_digest() -> str:
    """A digest of every Python source file of the package: its path, size and modification time.

    Python's own bytecode cache trusts the same two stamps; reading every
    file's bytes instead cost 17 ms of each command that loads a spec.
    """
    root = Path(__file__).resolve().parent
    h = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        st = path.stat()
        h.update(f"{path.relative_to(root)}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def folder() -> Path | None:
    """Where results are kept, or None when the memo is off."""
    chosen = os.environ.get("SONGE_CACHE_DIR")
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "songe"


def remembered(kind: str, key: Any, compute: Callable[[], Any], where: Path | None = None) -> Any:
    """``compute()`` as JSON gives it back, kept under ``kind`` and ``repr(key)`` with the code's digest
    (in ``where``, by default :func:`folder`)."""
    where = where or folder()
    digest = hashlib.sha256(f"{code_digest()}\n{key!r}".encode()).hexdigest()
    path = where / kind / f"{digest}.json" if where is not None else None
    if path is not None:
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):  # not kept yet, or a damaged file: computed again
            pass
    text = json.dumps(compute())
    if path is not None:
        _keep(path, text)
    return json.loads(text)


def _keep(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (another process may be reading it)."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
