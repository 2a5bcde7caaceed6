"""The player aid printed on one A4 page: a title band, then two columns filled down the page.

Each section's band is its title (a table's own caption is the book's, not repeated here); a table row
never splits across the columns.

The type size is fitted: the largest size from :data:`MIN_SIZE` up (in quarter points) at which the
whole aid still fits one page, so the second column ends near the foot of the page instead of a third
of the way down. An aid that does not fit at :data:`MIN_SIZE` is refused (cut lines, not the type).
Texts are Typst string literals, never markup.
"""

from __future__ import annotations

import json
from pathlib import Path

from songe.errors import SpecError
from songe.rulebook.document import Document, FigureBlock, Heading, Para, TableBlock
from songe.rulebook.figure import NO_BREAK_AT_HYPHEN
from songe.rulebook.figure import to_typst as figure_typst
from songe.rulebook.figure import typst_string as _s

#: The smallest body size of the aid, in points (what a player reads at arm's length across a table).
MIN_SIZE, MAX_SIZE, STEP = 9.0, 13.0, 0.25
#: The page's layout in centimetres, and the gutter between its columns.
MARGIN_X, MARGIN_Y, GUTTER, COLUMNS = 1.2, 1.1, 0.7, 2
#: The colour of the section bands.
BAND = "#1f3b5c"
#: Labels queried in the source: the last page, each section's height, the top of the figure (points).
LAST_PAGE, HEIGHT, FIGURE_TOP = "songe-last-page", "songe-h", "songe-figure-top"
#: The shorter column of a split aid must reach this share of the taller one; else the sections flow.
BALANCE = 0.8


def to_typst(doc: Document, size: float, split: int | None = None, measure: bool = False) -> str:
    """The aid's Typst source at a body size of ``size`` points.

    ``split``: the section that opens the second column, each section whole; None: the sections flow
    down the columns, a section breaking between two lines. ``measure``: instead of the page, each
    section's height at the column's width (queried as ``<songe-h>``, to choose the split)."""
    out = [f'#set page(paper: "a4", margin: (x: {MARGIN_X}cm, y: {MARGIN_Y}cm), columns: {COLUMNS}, numbering: none)',
           f"#set columns(gutter: {GUTTER}cm)",
           *([f'#set page(footer: align(center, text(size: 0.8em, style: "italic")[#{_s(doc.footer)}]))']
             if doc.footer else []),
           f'#set text(lang: "{doc.lang}", size: {size}pt)',
           "#set par(justify: false, leading: 0.45em, spacing: 0.5em)", NO_BREAK_AT_HYPHEN,
           '#set table(stroke: 0.4pt + luma(150), inset: (x: 4pt, y: 3.5pt), fill: (_, y) => '
           'if y == 0 { luma(228) })',
           "#set table.cell(breakable: false)",
           "#let step(n, body) = grid(columns: (1.5em, 1fr), column-gutter: 0.15em, strong(n), body)",
           f'#let band(body) = block(fill: rgb("{BAND}"), inset: (x: 4pt, y: 3pt), width: 100%, above: 0.9em, '
           f'below: 0.45em, sticky: true, text(fill: white, weight: "bold", body))']
    goal = [b for b in doc.blocks[:1] if isinstance(b, Para) and not b.number]
    head = f'#text(size: {size * 1.75:.2f}pt, weight: "bold")[#{_s(doc.title)}]'
    if goal:
        head += f'\n#v(0.1em)\n#text(style: "italic")[#{_s(goal[0].text)}]'
    out.append('#place(top + center, scope: "parent", float: true, clearance: 0.7em)[#block(width: 100%, '
               f'stroke: (bottom: 1.2pt + rgb("{BAND}")), inset: (bottom: 0.45em))[{head}]]')
    sections: list[list[str]] = []
    for b in doc.blocks[len(goal):]:
        if isinstance(b, Heading) or not sections:
            sections.append([])
        if isinstance(b, Heading):
            sections[-1].append(f"#band[#{_s(b.text)}]")
        elif isinstance(b, Para):
            sections[-1].append(f"#step({_s(b.number)})[#{_s(b.text)}]" if b.number else f"#par[#{_s(b.text)}]")
        elif isinstance(b, TableBlock):
            sections[-1].append(_table(b))
        elif isinstance(b, FigureBlock):  # across both columns at the foot of the page, its words at body size
            width = (21.0 - 2 * MARGIN_X) / 2.54 * 72
            out.append('#place(bottom + center, scope: "parent", float: true, clearance: 1em)['
                       f"#context [#metadata(here().position().y.pt()) <{FIGURE_TOP}>]"
                       + figure_typst(b.figure, width, floor=MIN_SIZE, caption=size) + "]")
    if measure:
        column = ((21.0 - 2 * MARGIN_X - GUTTER) / 2) / 2.54 * 72
        out += [f"#context [#metadata(measure(block(width: {column:.2f}pt)[\n{chr(10).join(x)}\n]).height.pt()) "
                f"<{HEIGHT}>]" for x in sections]
        return "\n".join(out) + "\n"
    for k, x in enumerate(sections):
        brk = "#colbreak()\n" if k == split and k else ""
        out.append(f"{brk}#block(breakable: {'false' if split is not None else 'true'}, width: 100%, spacing: 0.85em)"
                   f"[\n{chr(10).join(x)}\n]")
    out.append(f"#context [#metadata(here().page()) <{LAST_PAGE}>]")
    return "\n".join(out) + "\n"


#: A last column whose longest text is longer than this is prose (a card's effect): set under the row's name.
PROSE = 40
#: A column whose cells are all this short holds figures: centred.
FIGURE = 10


def _table(b: TableBlock) -> str:
    """A table; one whose last column is prose (a card's effect) sets it after the name in bold and a dash, in
    one cell headed by both titles, the short columns (an intensity) first, beside the name (a narrow
    column cannot hold a name, a number and a sentence side by side)."""
    rows = [list(r) for r in b.rows]
    header = [f"#strong({_s(h)})" for h in b.header]
    cells: list[list[str]] = [[f"#{_s(c)}" for c in r] for r in rows]
    name = 0  # the column of names, never centred
    if len(b.header) >= 2 and max(len(r[-1]) for r in rows) > PROSE:
        name = len(b.header) - 2
        rows = [[*r[1:-1], r[0] + " " + r[-1]] for r in rows]
        header = [*header[1:-1], f"{header[0]} — {header[-1]}"]  # a dash keeps name and prose apart
        cells = [[f"#{_s(c)}" for c in r[1:-1]] + [f"#strong({_s(r[0])}) — #{_s(r[-1])}"] for r in b.rows]
        widths = ["auto"] * (len(b.header) - 2) + ["1fr"]
    elif all(c and not any(ch.isalpha() for ch in c) for r in rows for c in r):  # figures only: equal columns
        widths = ["1fr"] * len(b.header)
    else:  # the column of the longest texts takes what is left
        longest = [max(len(r[k]) for r in [list(b.header)] + rows) for k in range(len(b.header))]
        widths = ["1fr" if k == longest.index(max(longest)) else "auto" for k in range(len(longest))]
        if all(len(r[k]) <= FIGURE for r in rows for k in range(1, len(longest))):  # figures beside a name: an
            widths = ["auto"] + ["1fr"] * (len(longest) - 1)  # equal share each, no header squeezed to a word a line
    body = [f"table.header({', '.join('[' + h + ']' for h in header)})"] + [f"[{c}]" for r in cells for c in r]
    # Figures (a count, a value, a percentage) centred under their header; words from the left.
    figures = [k for k in range(len(widths)) if k != name and all(len(r[k]) <= FIGURE for r in rows)]
    align = "(" + ", ".join("center" if k in figures else "left" for k in range(len(widths))) + ",)"
    return (f"#block(above: 0.5em, below: 0.5em)[#table(columns: ({', '.join(widths)},), align: {align}, "
            f"{', '.join(body)})]")


def _query(src: Path, label: str) -> list[float]:
    import typst

    return [float(x) for x in json.loads(typst.query(str(src), f"<{label}>", field="value"))]


def _largest(doc: Document, src: Path, split: int | None) -> float | None:
    """The largest size (a multiple of :data:`STEP`) at which the aid fits one page in this layout, or None."""
    def fits(step: int) -> bool:
        src.write_text(to_typst(doc, step * STEP, split), encoding="utf-8")
        return _query(src, LAST_PAGE) == [1.0]

    low, high = round(MIN_SIZE / STEP), round(MAX_SIZE / STEP)
    if not fits(low):
        return None
    while low < high:  # invariant: low fits
        mid = (low + high + 1) // 2
        low, high = (mid, high) if fits(mid) else (low, mid - 1)
    return low * STEP


def _heights(doc: Document, src: Path, size: float) -> list[float]:
    """Each section's height at the column's width, in points, at ``size``."""
    src.write_text(to_typst(doc, size, measure=True), encoding="utf-8")
    return _query(src, HEIGHT)


def _share(h: list[float], k: int) -> float:
    """How far the shorter column reaches down the taller one when section ``k`` opens the second."""
    a, b = sum(h[:k]), sum(h[k:])
    return min(a, b) / max(a, b) if max(a, b) else 0.0


def fitted(doc: Document, src: Path) -> tuple[float, int | None]:
    """The aid's size and layout, its source left in ``src``: two columns of whole sections, balanced,
    at the largest size that fits; if no split balances them within :data:`BALANCE`, flowing sections."""
    h = _heights(doc, src, MIN_SIZE)
    size: float | None = None
    split: int | None = None
    # the best split at the smallest size, then the runner-up: lines wrap differently at the size that fits, so
    # the one that balances there may be the second
    for k in sorted(range(1, len(h)), key=lambda k: _share(h, k), reverse=True)[:2]:
        size = _largest(doc, src, k)
        if size is not None and _share(_heights(doc, src, size), k) >= BALANCE:
            split = k
            break
        size = None
    if size is None:
        split = None
        size = _largest(doc, src, None)
    if size is None:
        raise SpecError(doc.title, "", f"the player aid does not fit one page at {MIN_SIZE:g} pt: shorten its lines")
    src.write_text(to_typst(doc, size, split), encoding="utf-8")
    return size, split


def write_aid(doc: Document, path: Path) -> Path:
    """Compile the aid to ``path`` (atomically) at its fitted size; its Typst source stays beside it."""
    import typst

    path.parent.mkdir(parents=True, exist_ok=True)
    src = path.with_suffix(".typ")
    fitted(doc, src)
    tmp = path.with_suffix(".pdf.tmp")
    tmp.write_bytes(typst.compile(str(src)))
    tmp.replace(path)
    return path
