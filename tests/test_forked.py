"""run_forked: a few short jobs on forked copies of this process, in order, errors raised here as one line."""

from __future__ import annotations

import os

import pytest

from songe.errors import OptionError
from songe.tasks import can_fork, run_forked

two_cores = pytest.mark.skipif(not can_fork(), reason="needs fork (Linux) and 2 cores")


@two_cores
def test_results_come_in_order_from_other_processes() -> None:
    seen: list[int] = []
    out = run_forked(lambda x: (x * x, os.getpid()), [3, 1, 2, 5], done=lambda r: seen.append(r[0]))
    assert [r[0] for r in out] == [9, 1, 4, 25] == seen
    assert os.getpid() not in {pid for _, pid in out}  # the closure ran in the forks (it needs no pickling)


@two_cores
def test_an_input_error_in_a_job_is_raised_here() -> None:
    def job(x: int) -> int:
        if x == 2:
            raise OptionError("no level 2")
        return x

    with pytest.raises(OptionError, match="no level 2"):
        run_forked(job, [1, 2, 3])


def test_one_item_runs_here() -> None:
    assert run_forked(lambda _: os.getpid(), [0]) == [os.getpid()]
