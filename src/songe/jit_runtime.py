"""numba's runtime, started by songe: with plain reference counts when songe is the process's command line.

numba counts every array reference its compiled code passes between kernels
(tens of counts a transition of the exact solver) with atomic instructions,
in case two threads share an array: about a sixth of a Réveil solve. In
songe's own process no two threads ever run compiled code at once (no kernel
is ``nogil`` or ``parallel``, so each holds the GIL; ``tests/test_startup.py``
checks both), so a plain add and store is exact there. numba's own switch
for this (``nrtdynmod._disable_atomicity``, "to measure the overhead") returns
the count *before* a decrement, so a count never reaches zero and no array is
ever freed; songe defines the two counting functions itself instead, with
numba's contract (the count after the change).

Only :func:`songe.cli.main.main`, as the process's own command line, asks for
plain counts; a library caller (a test, a notebook, an application with threads
of its own) keeps numba's atomic ones. Either way the counts are decided once,
when numba first builds its runtime: a runtime already built is left as it is.
"""

from __future__ import annotations

from typing import Any

_PLAIN: list[bool] = []


def plain_counts_in_this_process() -> None:
    """Have the runtime, when it is built, count references with plain adds (the command line's choice)."""
    _PLAIN[:] = [True]


def start(target_context: Any) -> None:
    """Build numba's runtime for ``target_context`` if it is not built yet (plain counts if asked)."""
    from numba.core.runtime import nrt

    if _PLAIN and not nrt.rtsys._init:
        _define_plain_counts()
    nrt.rtsys.initialize(target_context)


def _define_plain_counts() -> None:
    """Make numba's runtime builder define ``nrt_atomic_add``/``_sub`` as a plain load, change and store."""
    from llvmlite import ir  # type: ignore[import-untyped]
    from numba.core.runtime import nrtdynmod

    word = nrtdynmod._word_type

    def define(module: ir.Module, op: str, ordering: str) -> ir.Function:  # numba's signature
        fn = ir.Function(module, ir.FunctionType(word, [word.as_pointer()]), name=f"nrt_atomic_{op}")
        [ptr] = fn.args
        b = ir.IRBuilder(fn.append_basic_block())
        changed = getattr(b, op)(b.load(ptr), ir.Constant(word, 1))
        b.store(changed, ptr)
        b.ret(changed)  # the count after the change, as numba's atomic version returns
        return fn

    nrtdynmod._define_atomic_inc_dec = define
