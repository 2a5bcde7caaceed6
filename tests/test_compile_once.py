"""A real compile of the compiled path is said once on stderr, with its seconds, and only when it happens."""

from __future__ import annotations

import logging

import numpy as np
from numba import njit

from songe.games.reveil.kernels import prepare_kernels


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


def _kernel_calls_with_one_compile_each() -> list[str]:
    """Calls in the compiled path's kernels that would compile a helper once more: a constant argument (numba
    types it as its value, so each constant is a compile of its own), or max, min, np.full (an overload each)."""
    import ast
    import importlib
    import inspect

    modules = [importlib.import_module(f"songe.games.reveil.{name}") for name in ("fast_core", "fast_search",
                                                                                   "fast_graph")]
    core = modules[0]
    constants = {name for name, value in vars(core).items() if type(value) is int}
    kernels = {name for m in modules for name, value in vars(m).items() if hasattr(value, "py_func")}
    found = []
    for module in modules:
        for node in ast.walk(ast.parse(inspect.getsource(module))):
            if not (isinstance(node, ast.FunctionDef) and node.name in kernels):
                continue
            for call in (c for c in ast.walk(node) if isinstance(c, ast.Call)):
                f = call.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                where = f"{module.__name__}.{node.name} line {call.lineno}: {name}"
                if name in ("max", "min", "full"):
                    found.append(where)
                elif name in kernels and any(isinstance(a, ast.Constant) or isinstance(a, ast.Name)
                                             and a.id in constants for a in call.args):
                    found.append(where + " with a constant argument")
    return found


def test_each_helper_is_compiled_once_per_argument_types() -> None:
    assert _kernel_calls_with_one_compile_each() == []


_SPLIT = '''
import json, sys
from numba import njit
sys.path.insert(0, sys.argv[1])
from songe.games.reveil.kernels import prepare_kernels

@njit(cache=True)
def aside(x):
    return x + 1

@njit(cache=True)
def beside(x):
    return x * 2

@njit(cache=True)
def top(x):
    return aside(x) + beside(x)

seconds = prepare_kernels(((top, (3,)),), aside=((aside, (3,)),), beside=((beside, (3,)),))
print(json.dumps({"value": int(top(3)), "said": seconds > 0,
                  "aside": [sum(aside.stats.cache_hits.values()), sum(aside.stats.cache_misses.values())],
                  "beside": [sum(beside.stats.cache_hits.values()), sum(beside.stats.cache_misses.values())]}))
'''


def test_a_first_compile_splits_the_callees_over_two_processes(tmp_path) -> None:
    """On an empty cache the ``aside`` callee is compiled by a forked process (so here it is a cache hit)
    while this one compiles ``beside``; the result is the same kernel."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    from songe.tasks import can_fork

    if not can_fork():
        import pytest

        pytest.skip("the split needs fork (Linux) and two cores")
    (tmp_path / "split.py").write_text(_SPLIT)
    src = str(Path(__file__).resolve().parents[1] / "src")
    run = subprocess.run([sys.executable, str(tmp_path / "split.py"), src], capture_output=True, text=True,
                         env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}, check=True)
    out = json.loads(run.stdout)
    assert out == {"value": 10, "said": True, "aside": [1, 0], "beside": [0, 1]}
    assert run.stderr.count("compiling the exact solver, once") == 1
