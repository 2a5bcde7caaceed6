"""The compiled path's one-time compile: said once on stderr, never timed as solving, split over two cores.

A fresh install has no numba cache, and compiling the search (its transition
function with it) takes seconds of numba's typing and LLVM, one kernel after
another. Independent callees can compile apart: a forked process compiles
one group into numba's on-disk cache while this one compiles the rest, then
the caller's compile finds them there. Any failure of the helper process only
costs the parallelism, never the result: what it did not cache is compiled
here as before.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import time
from typing import Any

from songe.tasks import can_fork

log = logging.getLogger("songe.games.reveil.fast")

Calls = tuple[tuple[Any, tuple[Any, ...]], ...]


def prepare_kernels(calls: Calls, aside: Calls = (), beside: Calls = ()) -> float:
    """Compile each kernel for the types of its example arguments, unless this process has it already.

    A kernel found in numba's cache is only loaded. A real compile says so
    once on stderr with its seconds, so that it never counts in a level's
    solving time. When the first call is not cached and two cores are there,
    a second process compiles the callees ``aside`` while this one compiles
    the callees ``beside`` (groups that share no callee of weight), then
    ``calls`` find both in the cache. Returns the seconds of a real compile (0
    when nothing was compiled).
    """
    start = time.perf_counter()
    compiled = 0
    todo = [(kernel, signature) for kernel, signature in _typed(calls) if signature not in kernel.overloads]
    helper = _fork_compile(aside) if aside and todo and not _cached(*todo[0]) else None
    try:
        for kernel, signature in _typed(beside) if helper else []:
            compiled += _compile(kernel, signature)
        if helper:  # its kernels are in the cache now (or compile here after all)
            _join(helper)
            helper = None
        for kernel, signature in todo:
            compiled += _compile(kernel, signature)
    finally:
        if helper is not None:
            _stop(helper)
    if not compiled:
        return 0.0
    seconds = time.perf_counter() - start
    log.warning("songe: compiling the exact solver, once: %.1f s", seconds)
    return seconds


def _compile(kernel: Any, signature: tuple[Any, ...]) -> int:
    """Compile (or load) one kernel; the number of real compiles it took (0: it came from the cache)."""
    if _load(kernel, signature):
        return 0
    misses = sum(kernel.stats.cache_misses.values())
    kernel.compile(signature)
    return sum(kernel.stats.cache_misses.values()) - misses


def _load(kernel: Any, signature: tuple[Any, ...]) -> bool:
    """Load a kernel from numba's cache without refreshing numba's registries first; whether it was there.

    numba's own load refreshes its typing and lowering registries before it
    reads the cache: about 0.15 s of every command, for a kernel that is
    already machine code and needs only numba's runtime. This is numba's load
    (``Dispatcher.compile``'s cache branch) with the runtime started instead;
    a compile, for this kernel or any other, still refreshes them itself. When
    numba's internals differ, or the kernel is not cached, nothing is loaded
    here and :func:`_compile` takes numba's path.
    """
    if signature in kernel.overloads:
        return True
    try:
        from numba.core.compiler_lock import global_compiler_lock

        from songe import jit_runtime

        cache = kernel._cache
        with global_compiler_lock:
            jit_runtime.start(kernel.targetctx)
            with cache._guard_against_spurious_io_errors():
                cres = cache._load_overload(signature, kernel.targetctx)
            if cres is None or cres.objectmode:
                return False
            kernel._cache_hits[signature] += 1
            kernel.targetctx.insert_user_function(cres.entry_point, cres.fndesc, [cres.library])
            kernel.add_overload(cres)
    except Exception:  # noqa: BLE001 - numba internals: when they differ, numba's own path below
        return False
    return True


def _typed(calls: Calls) -> list[tuple[Any, tuple[Any, ...]]]:
    """Each kernel with the numba types of its example arguments (a kernel compiles for types, not values)."""
    import numba

    return [(kernel, tuple(numba.typeof(a) for a in args)) for kernel, args in calls]


def _cached(kernel: Any, signature: tuple[Any, ...]) -> bool:
    """Whether numba's on-disk cache holds ``kernel`` for ``signature`` (read from its index, nothing loaded).

    Unknown (an uncached kernel, another numba's layout) counts as cached, so
    that nothing is forked on a guess.
    """
    try:
        cache = kernel._cache
        key = cache._index_key(signature, kernel.targetctx.codegen())
        return key in cache._cache_file._load_index()
    except Exception:  # noqa: BLE001 - numba internals: when they differ, compile in one process as before
        return True


def _fork_compile(aside: Calls) -> int | None:
    """A forked process compiling ``aside`` into numba's cache; its pid, or None where forking is not for us."""
    import numba

    if not can_fork() or getattr(numba.config, "DISABLE_JIT", False):
        return None
    signatures = _typed(aside)
    try:
        pid = os.fork()
    except OSError:
        return None
    if pid:
        return pid
    status = 1  # the child: compile, write the cache, leave without running the parent's clean-up
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        for kernel, signature in signatures:
            kernel.compile(signature)
        status = 0
    finally:
        os._exit(status)


def _join(pid: int) -> None:
    """Wait for the helper process (its kernels then load from the cache)."""
    os.waitpid(pid, 0)


def _stop(pid: int) -> None:
    """End a helper that was not waited for (an error or Ctrl-C here), so none is left behind."""
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
