"""Run independent tasks here, on a local Dask cluster, or on a user's Dask scheduler.

Work that splits (per set-up, per mode, per order prefix) goes through
``dask.distributed`` so that a user with a cluster scales out by passing its
address; on one machine a local cluster of worker processes uses every core.
``workers=0`` runs the tasks one after another in this process, which shares
memos between tasks and is what tests and small runs use.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from songe.errors import OptionError

T = TypeVar("T")
R = TypeVar("R")


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
            out.append(fn(x))
            if done:
                done(out[-1])
        return out
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:  # pragma: no cover - a dependency, but say so if it is missing
        raise OptionError("--workers/--scheduler need dask.distributed: pip install 'dask[distributed]'") from None
    cluster = None
    try:
        if scheduler is not None:
            client = Client(scheduler, timeout="5s")
        else:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=logging.ERROR)
            client = Client(cluster)
    except (OSError, TimeoutError, ValueError) as exc:
        where = f"the Dask scheduler at {scheduler!r}" if scheduler else f"a local Dask cluster of {workers} workers"
        raise OptionError(f"cannot reach {where}: {exc}") from None
    try:
        futures = client.map(fn, items, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        out = [None] * len(items)
        for future in as_completed(futures):
            result = future.result()  # re-raises a task's error (a budget error, say) here
            out[index[future.key]] = result
            if done:
                done(result)
        return out
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
