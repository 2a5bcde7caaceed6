"""Tables that fit the terminal: a column title may wrap, a name or a figure is never cut.

Rich shrinks a table that is too wide by cutting cells ("diffici…") or folding
them letter by letter. Before a table is printed, :func:`fit` gives every column
at least the width of its widest cell and lets the titles give way instead:
first a long title wraps between its words, then it folds inside a word. If the
cells alone are still too wide, the padding goes (the rules between cells
stay); if even that is too wide, the last columns move to a second table that
repeats the first column (the row's name), so every figure stays whole.
"""

from __future__ import annotations

from dataclasses import replace

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Column, Table
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


def _widths(table: Table, width: int) -> list[int]:
    """Column widths with every cell whole, the titles wrapped or folded as far as ``width`` needs."""
    columns = table.columns
    cells = [max((_widest(_text(c)) for c in col._cells), default=0) for col in columns]
    titles = [_widest(_text(col.header)) for col in columns]
    widths = [max(c, t) for c, t in zip(cells, titles, strict=True)]
    # Titles give way: first to their longest word, then down to the cells' width (at least 3 columns).
    words = [max(c, min(t, _longest_word(_text(col.header)))) for c, t, col in zip(cells, titles, columns, strict=True)]
    floor = [max(c, min(3, t)) for c, t in zip(cells, titles, strict=True)]
    for target in (words, floor):
        room = width - _chrome(table, len(columns))
        for i in sorted(range(len(widths)), key=lambda i: widths[i] - target[i], reverse=True):
            excess = sum(widths) - room
            if excess <= 0:
                break
            widths[i] = max(target[i], widths[i] - excess)
    return widths


def _fits(table: Table, width: int) -> bool:
    return sum(_widths(table, width)) + _chrome(table, len(table.columns)) <= width


def _apply(table: Table, width: int) -> Table:
    for col, w in zip(table.columns, _widths(table, width), strict=True):
        col.width = w
        col.min_width = None
        col.max_width = None
        col.no_wrap = False
        col.overflow = "fold"  # only a title is ever wider than its column
    return table


def _part(table: Table, columns: list[Column], title: bool) -> Table:
    """A table of some of ``table``'s columns, with its look (box, padding, styles)."""
    part = Table(*[replace(col) for col in columns], title=table.title if title else None, box=table.box,
                 padding=table.padding, show_edge=table.show_edge, pad_edge=table.pad_edge,
                 show_header=table.show_header, header_style=table.header_style, title_style=table.title_style)
    part.rows = list(table.rows)  # the rows' styles and section ends; the cells live in the columns
    return part


def _split(table: Table, width: int) -> list[Table]:
    """The table in parts that fit, each after the first repeating the first column (the row's name)."""
    key, rest = table.columns[0], list(table.columns[1:])
    parts: list[Table] = []
    while rest:
        taken = [rest.pop(0)]  # one column per part at least: a cell wider than the terminal cannot be helped
        while rest and _fits(_part(table, [key, *taken, rest[0]], False), width):
            taken.append(rest.pop(0))
        parts.append(_part(table, [key, *taken], not parts))
    return parts


def fit(table: Table, width: int) -> RenderableType:
    """``table``, sized so that no cell is cut or split at ``width`` terminal columns.

    Each column is as wide as its widest cell; titles wider than that wrap, then
    fold, as far as needed. Then the padding goes; then the table is split in
    parts that each repeat the first column. The cells' text is not changed.

    >>> t = Table(); t.add_column("a long title"); t.add_column("n"); t.add_row("cauchemar", "12")
    >>> _ = fit(t, 18); [c.width for c in t.columns]
    [9, 2]
    """
    if not table.columns:
        return table
    if _fits(table, width):
        return _apply(table, width)
    table.padding = (0, 0, 0, 0)  # the rules between cells stay: a figure's edges stay visible
    if _fits(table, width) or len(table.columns) < 3:
        return _apply(table, width)
    return Group(*[_apply(part, width) for part in _split(table, width)])
