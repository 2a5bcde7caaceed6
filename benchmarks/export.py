"""The Storm export streamed from the compiled arrays against the object model it replaced (issue 28, item 4).

Run: ``python3 benchmarks/export.py [LEVEL]`` (default cauchemar). In one
process, after one solve both paths share: the reference
(:func:`songe.interop.explicit.build` then :func:`songe.interop.storm.drn_lines`:
a Choice and Fractions per state) and the streamed writer
(:func:`songe.solve.flat.flat_graph` then :func:`songe.interop.drn.drn`). The
bytes must be equal; target: the streamed export at least 5× faster. The GraphML
writer is timed the same way against networkx (no target). Speed targets live
here, never in tests.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from songe.games.reveil.setup import make_game, setups
from songe.interop.drn import drn
from songe.interop.explicit import build
from songe.interop.storm import drn_text
from songe.solve.expectimax import compact_twin
from songe.solve.flat import FlatGraph, flat_graph, graphml_chunks
from songe.solve.graph import state_graph, write_graphml
from songe.spec.reveil import load

TARGET = 5.0
T = TypeVar("T")


def _timed(f: Callable[[], T]) -> tuple[T, float]:
    start = time.perf_counter()
    out = f()
    return out, time.perf_counter() - start


def main() -> int:
    level = sys.argv[1] if len(sys.argv) > 1 else "cauchemar"
    spec = load()
    game = make_game(spec, setups(spec, level)[0])
    _, solve = _timed(lambda: compact_twin(game))  # the solve both paths start from, and the kernels compiled
    flat_graph(make_game(spec, setups(spec, level, 1, 0)[0]))  # the graph kernels compiled, on a tiny game
    def flat() -> FlatGraph:
        made = flat_graph(game)
        if made is None:
            raise SystemExit(f"level {level}: the kernels cannot hold it")
        return made

    new, t_new = _timed(lambda: "".join(drn(flat())[1]))
    old, t_old = _timed(lambda: drn_text(build(game)))
    same = new == old
    del old
    print(f"export {level}: {len(new) / 1e6:.0f} MB of DRN; solve first {solve:.1f} s; object model {t_old:.1f} s, "
          f"streamed {t_new:.1f} s: {t_old / t_new:.1f}x (target >= {TARGET:.0f}x)"
          f"{'' if t_old / t_new >= TARGET else '  MISSED'}; same bytes: {same}")
    del new
    gml, t_gml = _timed(lambda: "".join(graphml_chunks(flat())))
    with tempfile.TemporaryDirectory() as d:
        def networkx() -> str:
            g, _ = state_graph(game)
            write_graphml(g, Path(d) / "g.graphml")
            return (Path(d) / "g.graphml").read_text(encoding="utf-8")
        ref, t_ref = _timed(networkx)
    print(f"graph {level}: networkx {t_ref:.1f} s, streamed {t_gml:.1f} s: {t_ref / t_gml:.1f}x; "
          f"same bytes: {gml == ref}")
    return 0 if same and gml == ref and t_old / t_new >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
