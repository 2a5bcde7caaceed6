"""Ctrl-C anywhere: "songe: interrupted", exit 130, no traceback, no partial output file.

The handler stops the process where it stands instead of raising
KeyboardInterrupt: raised, it would surface inside a compiled kernel's return
(numba reports it as a SystemError, or crashes boxing the result), in an
import, or in a worker's clean-up, each with a traceback. Before exiting it
removes the temporary files of outputs being written (:mod:`songe.files`), so
an interrupted write leaves the old file, or nothing.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from typing import Any

#: A copy of the user's stderr taken when the handler is installed: the line still reaches the user while
#: stderr is pointed elsewhere for a moment (Dask's start-up noise is sent to /dev/null).
_STDERR: int | None = None


def interrupted() -> None:
    """One line on stderr, the pending temporary outputs removed, exit 130 (exit hooks skipped)."""
    files = sys.modules.get("songe.files")  # never imported here: the signal may come in the middle of an import
    discard = getattr(files, "discard_pending", None)
    if discard is not None:
        discard()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, RuntimeError):  # a closed pipe, or a write the signal cut short
            pass
    os.write(2 if _STDERR is None else _STDERR, b"\nsonge: interrupted\n")
    os._exit(130)  # skip exit hooks: Dask's would close a cluster already closing, with a traceback


def _on_interrupt(signum: int, frame: Any) -> None:
    interrupted()


def install() -> Any:
    """Handle Ctrl-C as above from now on (in the main thread); returns the previous handler, or None."""
    global _STDERR
    if threading.current_thread() is not threading.main_thread():
        return None
    if _STDERR is None:
        try:
            _STDERR = os.dup(2)
        except OSError:  # no stderr at all: the line goes nowhere either way
            pass
    return signal.signal(signal.SIGINT, _on_interrupt)
