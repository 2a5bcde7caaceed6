"""Time Dread Draw behind the game interface: the tiny list's state graph, seeded games, the gap search.

Run: ``python3 benchmarks/dread_draw.py``. Speed targets live here, never in tests.
Targets on a 2-core machine: the state graph of proofs/dread_draw_tiny_cards.toml
(one life card each) under 1 s; 200 games of the synthetic example list (3 seats)
under 15 s in one process; the gap search on the example list (400 playouts) under 20 s.
"""

from __future__ import annotations

import copy
import sys
import time
from pathlib import Path

from songe.games.dread_draw.game import DreadDrawGame
from songe.games.dread_draw.gaps import find_gaps
from songe.games.dread_draw.simulate import simulate
from songe.solve.graph import backward_induction, state_graph
from songe.spec.dread_draw import from_raw, load, load_cards

ROOT = Path(__file__).resolve().parents[1]
TARGETS = {"graph": 1.0, "simulate": 15.0, "gaps": 20.0}


def main() -> int:
    spec = load()
    raw = copy.deepcopy(dict(spec.raw))
    raw["life"]["cards"] = 1
    small = from_raw(raw, spec.file, {}, spec.base_dir)
    example = load_cards(ROOT / "docs/examples/dread_draw_cards.toml", spec)
    took = {}
    start = time.perf_counter()
    g, root = state_graph(DreadDrawGame(small, load_cards(ROOT / "proofs/dread_draw_tiny_cards.toml", small)))
    value = backward_induction(g, root)
    took["graph"] = time.perf_counter() - start
    print(f"tiny list: {g.number_of_nodes()} states, {g.number_of_edges()} edges, values {value}: "
          f"{took['graph']:.2f} s")
    start = time.perf_counter()
    s = simulate(spec, example, 200, ["random", "cautious", "random"], seed=3)
    took["simulate"] = time.perf_counter() - start
    print(f"200 games, example list: wins {s.wins}, mean summons {s.mean_summons:.1f}: {took['simulate']:.2f} s")
    start = time.perf_counter()
    found, how = find_gaps(spec, example)
    took["gaps"] = time.perf_counter() - start
    print(f"gap search, example list: {len(found)} gaps ({how}): {took['gaps']:.2f} s")
    missed = [k for k, t in took.items() if t > TARGETS[k]]
    for k in missed:
        print(f"MISSED {k}: {took[k]:.2f} s > {TARGETS[k]} s")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
