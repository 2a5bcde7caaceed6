"""Tables fit 80 columns: titles wrap, no name or figure is cut; levels in the text's order of difficulty."""

from __future__ import annotations

import os
import subprocess
import sys

from hypothesis import assume, given, settings
from hypothesis import strategies as hs
from rich.console import Console
from rich.table import Table

from songe.cli.tables import fit
from songe.games.reveil.setup import by_difficulty, setups
from songe.spec.reveil import load

WORD = hs.text(alphabet="abcdefghijklmnopqrstuvwxyzé0123456789/,.", min_size=1, max_size=12)


def shown(table: Table, width: int) -> str:
    console = Console(width=width, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
    console.print(fit(table, width))
    return console.export_text()


@settings(max_examples=60, deadline=None)
@given(titles=hs.lists(hs.lists(WORD, min_size=1, max_size=3).map(" ".join), min_size=1, max_size=7),
       cells=hs.lists(WORD, min_size=1, max_size=7))
def test_no_cell_is_cut_when_the_cells_fit(titles: list[str], cells: list[str]) -> None:
    n = min(len(titles), len(cells))
    assume(sum(len(c) for c in cells[:n]) + 3 * n + 1 <= 80)  # the cells themselves fit, with the usual borders
    table = Table()
    for t in titles[:n]:
        table.add_column(t)
    table.add_row(*cells[:n])
    out = shown(table, 80)
    assert "…" not in out
    for c in cells[:n]:
        assert any(c in line for line in out.splitlines()), (c, out)


def solve_like_table() -> Table:
    """A table shaped like ``songe solve``'s: seven columns, a long exact fraction."""
    table = Table()
    for col in ("level", "Lucidité", "hand", "P(win)", "decimal", "states", "seconds"):
        table.add_column(col)
    table.add_row("cauchemar", "5", "2", "17783587/39916800", "0.445516", "178,612", "0.34")
    return table


def test_a_long_title_wraps_instead_of_cutting_a_name() -> None:
    table = solve_like_table()
    out = shown(table, 80)
    assert "cauchemar" in out and "17783587/39916800" in out and "0.445516" in out and "…" not in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_levels_follow_the_texts_order_of_difficulty() -> None:
    spec = load()
    ladder = next(c.order for c in spec.claims if c.kind.value == "ladder")
    assert [st.level for st in by_difficulty(spec, setups(spec, None))] == list(ladder)
    assert [lv.id for lv in spec.levels] != list(ladder)  # the check can fail: the listed order differs


def test_solve_table_at_80_columns() -> None:
    env = {**os.environ, "COLUMNS": "80"}
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "solve", "reveil", "--lucidity", "1",
                        "--hand-limit", "0"], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    assert "…" not in r.stdout and max(len(line) for line in r.stdout.splitlines()) <= 80
    rows = [line.split()[1] for line in r.stdout.splitlines() if line.startswith("│")]
    assert rows == list(next(c.order for c in load().claims if c.kind.value == "ladder"))


def test_cells_too_wide_for_the_terminal_move_to_a_second_table_whole() -> None:
    table = solve_like_table()
    out = shown(table, 36)
    assert max(len(line) for line in out.splitlines()) <= 36 and "…" not in out
    for cell in ("17783587/39916800", "0.445516", "178,612", "0.34"):
        assert any(cell in line for line in out.splitlines()), (cell, out)
    assert out.count("cauchemar") >= 2  # each part repeats the row's name
