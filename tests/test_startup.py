"""Start-up: ``songe --help`` lists the verbs without importing them (DESIGN.md example 17).

The check reads ``python -X importtime``, the interpreter's own list of every
module a process imported, so an eager import of a verb's module anywhere on
the way to the help text makes it fail.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner
from click.utils import make_default_short_help

from songe.cli.main import VERBS, cli

#: What listing the verbs must not import: solvers, provers, analyses, the schemas and the heavy libraries.
HEAVY = ("numpy", "numba", "networkx", "z3", "pydantic", "scipy", "rich", "stormpy",
         "songe.solve", "songe.analysis", "songe.prove", "songe.spec", "songe.games", "songe.interop",
         "songe.rulebook", "songe.engine")


def imported(*args: str) -> set[str]:
    """Every module a fresh ``songe ARGS`` process imports."""
    r = subprocess.run([sys.executable, "-X", "importtime", "-c",
                        "import sys; from songe.cli.main import main; sys.argv[0] = 'songe'; main()", *args],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    return {line.split("|")[-1].strip() for line in r.stderr.splitlines() if line.startswith("import time:")}


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


def test_help_imports_no_verb_module() -> None:
    modules = imported("--help")
    assert "click" in modules  # the reading works: it sees what was imported
    assert not heavy(modules), f"songe --help imported {heavy(modules)}"


def test_a_verbs_help_imports_its_module() -> None:
    """The check can fail: a verb's own help does import what that verb needs."""
    assert heavy(imported("solve", "--help"))


@pytest.mark.parametrize("verb", sorted(VERBS))
def test_summary_is_the_commands_own(verb: str) -> None:
    """Each verb's line in ``songe --help`` is the one its command would give, at any width."""
    command = cli.get_command(click.Context(cli), verb)
    assert isinstance(command, click.Command) and command.name == verb
    for limit in (30, 45, 80, 400):
        assert make_default_short_help(VERBS[verb][1], limit) == command.get_short_help_str(limit)


def test_help_lists_every_verb() -> None:
    out = CliRunner().invoke(cli, ["--help"], terminal_width=80).output
    for verb in VERBS:
        assert f"  {verb} " in out
    assert CliRunner().invoke(cli, ["solve", "--help"]).exit_code == 0
    assert cli.get_command(click.Context(cli), "nope") is None


def test_a_command_added_the_usual_way_is_listed_too() -> None:
    extra = click.Command("zz-extra", help="An extra verb.", callback=lambda: None)
    cli.add_command(extra)
    try:
        out = CliRunner().invoke(cli, ["--help"], terminal_width=80).output
        assert "zz-extra" in out and "An extra verb." in out
        assert cli.get_command(click.Context(cli), "zz-extra") is extra
    finally:
        cli.commands.pop("zz-extra")


def _scipy_linalg_loaded(guard: bool) -> bool:
    """Whether a fresh process that loads numba's array typing (one tiny kernel) imported scipy.linalg."""
    code = ("import sys\n" + ("import songe.games.reveil.fast_core\n" if guard else "") +
            "import numpy as np\nfrom numba import njit\nnjit(lambda a: a[0])(np.zeros(1))\n"
            "assert 'scipy.linalg.cython_blas' not in sys.modules or sys.modules['scipy.linalg.cython_blas']\n"
            "print('scipy.linalg' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout.split() == ["True"]


def test_the_kernels_load_numba_without_scipys_blas() -> None:
    """numba imports scipy.linalg (about 0.3 s) at its first kernel only to learn if np.dot compiles; the
    solve path's kernels, which use no linear algebra, skip it and leave scipy importable."""
    assert not _scipy_linalg_loaded(guard=True)
    if importlib.util.find_spec("scipy") is not None:  # the check can fail: numba alone imports it
        assert _scipy_linalg_loaded(guard=False)


#: Runs ``songe ARGS`` in a fresh process and prints the collections Python made while the verb was imported,
#: whether the verb's objects were frozen out of later scans, and whether the collector ran again afterwards.
_COLLECTIONS = """
import gc, sys
import songe.cli.main as m
seen = []
done = m._imports_done
made = lambda: sum(s["collections"] for s in gc.get_stats())
def watched():
    seen.append(made() - before)
    done()
    seen.extend([gc.get_freeze_count() > 0, gc.isenabled()])
m._imports_done = watched
sys.argv[0] = "songe"
before = made()
try:
    m.main(sys.argv[1:])
finally:
    print(*seen, gc.isenabled())
"""


def test_a_verbs_imports_run_without_collections_and_stay_out_of_later_ones() -> None:
    """The verb's start-up objects are never scanned by a collection (about 0.1 s of ``songe solve``), and the
    collector is on again for the command itself."""
    r = subprocess.run([sys.executable, "-c", _COLLECTIONS, "solve", "--help"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    collections, frozen, enabled, at_exit = r.stdout.splitlines()[-1].split()
    assert (collections, frozen, enabled, at_exit) == ("0", "True", "True", "True"), r.stdout[-300:]


def test_main_in_process_leaves_the_collector_as_it_found_it() -> None:
    """Called from Python (tests, a notebook), nothing stays frozen or paused."""
    import gc

    from songe.cli.main import main

    main(["solve", "--help"])
    assert gc.isenabled() and gc.get_freeze_count() == 0


def _ended(*args: str) -> subprocess.CompletedProcess[str]:
    """``songe ARGS`` as the process's own command line, with an exit hook that says whether teardown ran."""
    code = ("import atexit, sys; atexit.register(print, 'TEARDOWN'); from songe.cli.main import main; "
            "sys.argv[0] = 'songe'; main()")
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True)


def test_the_command_line_ends_the_process_itself_with_its_output_whole() -> None:
    """Python's teardown (about 0.1 s after a solve) is skipped, and nothing of the output is lost by it."""
    r = _ended("schema", "reveil")
    assert r.returncode == 0, r.stderr[-2000:]
    assert "TEARDOWN" not in r.stdout
    assert r.stdout.rstrip().endswith("}") and r.stdout.count("{") == r.stdout.count("}")


def test_ending_the_process_keeps_each_exit_status() -> None:
    bad = _ended("solve", "nosuch")
    assert (bad.returncode, bad.stderr.count("\n")) == (2, 1) and "TEARDOWN" not in bad.stdout
    helped = _ended("--help")
    assert helped.returncode == 0 and "Commands" in helped.stdout


#: Solves a level in a fresh process (the kernels cached by a first run), then compiles a new kernel there.
_LOADED = """
import sys
import songe.cli.main as m
try:
    m.main(["solve", "reveil", "--level", "cauchemar"])
except SystemExit:
    pass
print("refreshed", "numba.np.polynomial.polynomial_core" in sys.modules)
import numpy as np
from numba import njit
print("compiled", njit(lambda a: a[0] + 1)(np.ones(1)))
print("refreshed", "numba.np.polynomial.polynomial_core" in sys.modules)
"""


def test_cached_kernels_load_without_numbas_registries_and_a_compile_still_gets_them() -> None:
    """numba refreshes every typing and lowering registry before it reads a cached kernel (0.15 s of each
    command); songe loads its cached kernels with the runtime only, and a later compile refreshes them."""
    runs = [subprocess.run([sys.executable, "-c", _LOADED], capture_output=True, text=True) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), runs[-1].stderr[-2000:]
    out = runs[1].stdout.splitlines()
    assert "17783587/39916800" in runs[1].stdout
    assert out[-3:] == ["refreshed False", "compiled 2.0", "refreshed True"]


_THREADS = ("import os, sys\nfrom songe.cli.main import _one_blas_thread\n_one_blas_thread()\nimport numpy\n"
            "print(len(os.listdir('/proc/self/task')), os.environ.get('OPENBLAS_NUM_THREADS'))")


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in /proc")
def test_numpys_blas_starts_no_threads_unless_the_user_asks() -> None:
    """OpenBLAS's spinning threads cost 0.14 s of CPU a solve for no work; a user's own count is kept."""
    clean = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS",
                                                                "OMP_NUM_THREADS")}
    ours = subprocess.run([sys.executable, "-c", _THREADS], capture_output=True, text=True, env=clean)
    theirs = subprocess.run([sys.executable, "-c", _THREADS], capture_output=True, text=True,
                            env={**clean, "OMP_NUM_THREADS": "2"})
    assert ours.stdout.split() == ["1", "1"], ours.stderr[-2000:]
    assert theirs.stdout.split()[1] == "None"


#: In a fresh process: the command line's choice of plain counts (or not), a solve, then numba's runtime and
#: whether a kernel's arrays are freed (numba's allocation statistics: allocations less frees).
_COUNTS = """
import sys
from songe import jit_runtime
if sys.argv[1] == "plain":
    jit_runtime.plain_counts_in_this_process()
from numba.core.runtime import nrt
from songe.games.reveil.setup import make_game, setups
from songe.solve.expectimax import make_solver
from songe.spec.reveil import load
spec = load()
game = make_game(spec, setups(spec, "cauchemar")[0])
for _ in range(3):
    value = make_solver(game).solve().value
stats = nrt.rtsys.get_allocation_stats()
print("atomic" if "atomicrmw" in nrt.rtsys._library.get_llvm_str() else "plain", value,
      stats.alloc - stats.free < 10)
"""


@pytest.mark.parametrize("mode", ["plain", "atomic"])
def test_the_command_line_counts_references_plainly_and_still_frees_every_array(mode: str) -> None:
    """Atomic counts were a sixth of a solve; numba's own plain switch never freed an array (a 22 GB test
    worker), so songe defines the counts itself, and only for its own command line."""
    r = subprocess.run([sys.executable, "-c", _COUNTS, mode], capture_output=True, text=True,
                       env={**os.environ, "NUMBA_NRT_STATS": "1"})
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == [mode, "17783587/39916800", "True"]


def test_no_kernel_lets_go_of_the_gil() -> None:
    """Plain counts are exact only while no two threads run compiled code: no kernel is nogil or parallel."""
    from numba.core.dispatcher import Dispatcher

    from songe.games.reveil import fast_core, fast_graph, fast_search, learn

    kernels = [k for m in (fast_core, fast_graph, fast_search, learn) for k in vars(m).values()
               if isinstance(k, Dispatcher)]
    assert len(kernels) > 20
    assert not [k for k in kernels if k.targetoptions.get("nogil") or k.targetoptions.get("parallel")]
