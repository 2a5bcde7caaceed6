"""Run independent tasks here, on a local Dask cluster, or on a user's Dask scheduler.

Work that splits (per set-up, per mode, per order prefix) goes through
``dask.distributed`` so that a user with a cluster scales out by passing its
address; on one machine a local cluster of worker processes uses every core.
``workers=0`` runs the tasks one after another in this process, which shares
memos between tasks and is what tests and small runs use.
"""

from __future__ import annotations

import logging
import os
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any, TypeVar

from songe.errors import OptionError, SongeError

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class _Failed:
    """A task's input error, returned (not raised) from a worker so Dask logs nothing and ships no traceback."""

    error: SongeError


@dataclass(frozen=True)
class _Quiet:
    """``fn`` as a task whose :class:`SongeError` comes back as a value (picklable when ``fn`` is)."""

    fn: Callable

    def __call__(self, x: Any) -> Any:
        try:
            return self.fn(x)
        except SongeError as exc:
            return _Failed(exc)


@contextmanager
def _workers_quiet() -> Iterator[None]:
    """Start worker processes with their stderr on /dev/null (a child keeps the descriptor it was
    started with): a Ctrl-C reaches every process of the terminal's group, and each worker would
    print its own traceback. Their results and input errors come back to this process as values."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no real descriptor 2 (captured in a test): nothing to hide
        yield
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def run_tasks(fn: Callable[[T], R], items: Iterable[T], *, workers: int = 0, scheduler: str | None = None,
              done: Callable[[R], None] | None = None) -> list[R]:
    """``[fn(x) for x in items]``, in that order, run where asked; ``done`` sees each result as it lands.

    >>> run_tasks(abs, [-2, 3])
    [2, 3]
    """
    items = list(items)
    if scheduler is None and workers == 0:
        out: list[Any] = []
        for x in items:
            out.append(fn(x))  # in this process an error is raised as is
            if done:
                done(out[-1])
        return out
    from songe.optional import require

    distributed = require("dask.distributed", "work on several processes (--jobs, --workers or --scheduler)")
    Client, LocalCluster, as_completed = distributed.Client, distributed.LocalCluster, distributed.as_completed
    cluster = None
    try:
        if scheduler is not None:
            client = Client(scheduler, timeout="5s")
        else:
            with _workers_quiet(), warnings.catch_warnings():
                warnings.simplefilter("ignore")  # "port 8787 in use" and the like: not the user's concern
                cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=logging.CRITICAL)
            client = Client(cluster)
    except (OSError, TimeoutError, ValueError) as exc:
        where = f"the Dask scheduler at {scheduler!r}" if scheduler else f"a local Dask cluster of {workers} workers"
        raise OptionError(f"cannot reach {where}: {exc}") from None
    interrupted = False
    try:
        futures = client.map(_Quiet(fn), items, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        out = [None] * len(items)
        for future in as_completed(futures):
            result = future.result()
            if isinstance(result, _Failed):  # a budget error, say: raised here, as one line
                raise result.error
            out[index[future.key]] = result
            if done:
                done(result)
        return out
    except KeyboardInterrupt:
        interrupted = True
        raise
    finally:
        if interrupted:  # Ctrl-C: stop the workers quickly and quietly; the CLI says "interrupted"
            logging.getLogger("distributed").setLevel(logging.CRITICAL)
            with suppress(BaseException):
                client.close(timeout=2)
            if cluster is not None:
                with suppress(BaseException):
                    cluster.close(timeout=2)
        else:
            client.close()
            if cluster is not None:
                cluster.close()


def can_fork() -> bool:
    """Whether forked copies of this process may share the work: Linux (a fork elsewhere may meet system
    libraries that do not survive it) with two cores or more."""
    return hasattr(os, "fork") and sys.platform.startswith("linux") and (os.cpu_count() or 1) >= 2


_FORKED: list[Callable[[Any], Any]] = []  # the function run_forked's children call (inherited, never pickled)


def _forked_call(x: Any) -> Any:
    return _FORKED[-1](x)


def run_forked(fn: Callable[[T], R], items: Iterable[T], *, workers: int = 2,
               done: Callable[[R], None] | None = None) -> list[R]:
    """``[fn(x) for x in items]``, in that order, on forked copies of this process; ``done`` sees each result.

    For a few short jobs (a solve per level), where a worker that imports
    songe again, or a Dask cluster, would cost more than the jobs: a fork
    inherits the loaded spec and compiled kernels. ``fn`` need not pickle;
    the items and results must. One core, one item or no fork
    (:func:`can_fork`): in this process, as :func:`run_tasks` does with no workers.

    >>> run_forked(abs, [-2, 3])
    [2, 3]
    """
    items = list(items)
    workers = min(workers, len(items), os.cpu_count() or 1)
    if workers < 2 or not can_fork():
        return run_tasks(fn, items, done=done)
    import multiprocessing

    _FORKED.append(_Quiet(fn))
    try:
        with _workers_quiet():  # the workers start (fork) here, with their stderr on /dev/null
            pool = multiprocessing.get_context("fork").Pool(workers)
        with pool:
            out = []
            for result in pool.imap(_forked_call, items):
                if isinstance(result, _Failed):  # a budget error, say: raised here, as one line
                    raise result.error
                out.append(result)
                if done:
                    done(result)
            return out
    finally:
        _FORKED.pop()
