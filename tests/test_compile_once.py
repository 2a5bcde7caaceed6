"""A real compile of the compiled path is said once on stderr, with its seconds, and only when it happens."""

from __future__ import annotations

import logging

import numpy as np
from numba import njit

from songe.games.reveil.fast import prepare_kernels


@njit
def _double(a):
    return a * 2


def test_a_compile_is_said_once_then_the_kernel_is_ready(caplog) -> None:
    calls = ((_double, (np.int64(3),)),)
    with caplog.at_level(logging.WARNING, logger="songe.games.reveil.fast"):
        assert prepare_kernels(calls) > 0  # compiled here, before any clock of a solve
        assert prepare_kernels(calls) == 0  # ready: nothing said, nothing timed
        assert _double(np.int64(4)) == 8
    said = [r.getMessage() for r in caplog.records if "compiling the exact solver, once" in r.getMessage()]
    assert len(said) == 1 and said[0].endswith(" s")
    assert len(_double.overloads) == 1  # the call ran the prepared kernel, not a second compile
