"""Tables that fit the terminal: a column title may wrap, a name or a figure is never cut.

Rich shrinks a table that is too wide by cutting cells ("diffici…"). Before a
table is printed, :func:`fit` gives every column at least the width of its
widest cell and lets the titles give way instead: first a long title wraps
between its words, then it folds inside a word; only if the cells alone are
wider than the terminal are the table's outer edge and padding dropped.
"""

from __future__ import annotations

from rich import box
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text


def _text(cell: object) -> str:
    """A cell's plain text (cells are strings or rich Text)."""
    return cell.plain if isinstance(cell, Text) else str(cell)


def _widest(lines: str) -> int:
    return max((cell_len(line) for line in lines.splitlines()), default=0)


def _longest_word(title: str) -> int:
    return max((cell_len(w) for w in title.split()), default=0)


def _chrome(table: Table, columns: int) -> int:
    """Cells' surroundings: borders and padding, in columns of the terminal."""
    _, right, _, left = table.padding
    edges = 2 if table.show_edge and table.box is not None else 0
    inner = columns - 1 if table.box is not None else 0
    pads = (left + right) * columns
    if not table.pad_edge:
        pads -= left + right
    return edges + inner + pads


def fit(table: Table, width: int) -> Table:
    """The same table, its columns sized so that no cell is cut at ``width`` terminal columns.

    Each column is as wide as its widest cell; titles wider than that wrap, then
    fold, as far as needed. The table's content is not changed.

    >>> t = Table(); t.add_column("a long title"); t.add_column("n"); t.add_row("cauchemar", "12")
    >>> _ = fit(t, 18); [c.width for c in t.columns]
    [9, 2]
    """
    columns = table.columns
    if not columns:
        return table
    cells = [max((_widest(_text(c)) for c in col._cells), default=0) for col in columns]
    titles = [_widest(_text(col.header)) for col in columns]
    natural = [max(c, t) for c, t in zip(cells, titles, strict=True)]
    if sum(natural) + _chrome(table, len(columns)) <= width:
        return table
    # Titles give way: first to their longest word, then down to the cells' width (at least 3 columns).
    words = [max(c, min(t, _longest_word(_text(col.header)))) for c, t, col in zip(cells, titles, columns, strict=True)]
    floor = [max(c, min(3, t)) for c, t in zip(cells, titles, strict=True)]
    widths = list(natural)
    for target in (words, floor):
        room = width - _chrome(table, len(columns))
        for i in sorted(range(len(widths)), key=lambda i: widths[i] - target[i], reverse=True):
            excess = sum(widths) - room
            if excess <= 0:
                break
            widths[i] = max(target[i], widths[i] - excess)
    if sum(widths) + _chrome(table, len(columns)) > width:  # the cells alone do not fit: lighter chrome
        table.show_edge = False
        table.pad_edge = False
        table.box = box.SIMPLE_HEAD if table.box is not None else None
    for col, w in zip(columns, widths, strict=True):
        col.width = w
        col.min_width = None
        col.max_width = None
        col.no_wrap = False
        col.overflow = "fold"
    return table
