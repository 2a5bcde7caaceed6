"""Print-ready PDF of a composed rulebook, through Typst (no TeX): same blocks as the web page.

Every text goes into the Typst source as a string literal (``#"…"``), never as
markup, so no character of a rule can be read as Typst syntax.
"""

from __future__ import annotations

import json
from pathlib import Path

from songe.files import atomic_write
from songe.optional import require
from songe.rulebook.document import QA, Document, FigureBlock, Heading, Lines, Para, Steps, TableBlock
from songe.rulebook.figure import NO_BREAK_AT_HYPHEN
from songe.rulebook.figure import to_typst as figure_typst
from songe.rulebook.figure import typst_string as _s

#: The text width of an A4 page within the margins below, in points (a figure is drawn this wide).
TEXT_WIDTH = (21.0 - 2 * 1.8) / 2.54 * 72


def _cell(text: str, breakable: bool = False) -> str:
    return f"table.cell(breakable: true)[#{_s(text)}]" if breakable else f"[#{_s(text)}]"


#: A table of at most this many rows and this many characters in all, a numbered list of at most this many steps,
#: is never split across pages (a longer table breaks between rows: a row is never split).
SHORT_TABLE, SHORT_TEXT, SHORT_LIST = 12, 1000, 6
#: A row whose longest cell has more than this many characters (some eight lines in a third of the page) may break
#: across two pages: kept whole, it would leave the foot of the page before it empty (a dossier's « what changed »
#: rows, its long readings).
LONG_ROW = 250

#: The page's vertical margin, in points (1.5 cm), and A4's height: the text area a last page is measured in.
MARGIN_Y, A4_HEIGHT = 1.5 / 2.54 * 72, 841.89
#: A last page must be at least this full (of its text area); below, the book is set again at another size.
LAST_PAGE = 0.4
#: Body sizes tried, nearest the normal 10 pt first, until the last page is full enough.
SIZES = (10.0, 9.8, 10.2, 9.6, 10.4, 9.4, 10.6, 9.2, 10.8, 9.0)


def to_typst(doc: Document, paper: str = "a4", aid: bool = False, size: float = 10.0) -> str:
    """The Typst source of a book: A4, numbered pages, the book's language for hyphenation, no one-line widow
    or orphan, and a label ``<end>`` after the last block (where the text stops, to measure the last page).

    ``aid``: the one-page player aid (two columns, small type, same margins).
    """
    page = 'columns: 2, numbering: none' if aid else 'numbering: "1"'
    out = [f'#set page(paper: "{paper}", margin: (x: 1.8cm, y: 1.5cm), {page})',
           f'#set text(lang: "{doc.lang}", size: {"7pt" if aid else f"{size}pt"}, '
           'costs: (widow: 1000%, orphan: 1000%), overhang: false)',
           "#set par(justify: true)",
           "#set table(stroke: 0.4pt + gray, inset: 4pt)",
           "#set table.cell(breakable: false)",  # a row is never split across two pages
           "#show table: set par(justify: false)",  # a narrow justified cell would gape between words
           "#show heading: set block(above: 1.2em, below: 0.6em)",
           "#show heading: set text(hyphenate: false)",  # a title is never cut (« Propo-sition »)
           NO_BREAK_AT_HYPHEN,
           f"#align(center)[#text(size: {'11pt' if aid else '18pt'}, weight: \"bold\")[#{_s(doc.title)}]]", ""]
    # the paragraphs that introduce a table or a list (up to two in a row) stay on the page that shows it; not
    # before a long list, which breaks across pages (a sticky lead would carry the whole list to the next page)
    leads = {k for k, b in enumerate(doc.blocks) if isinstance(b, Para) and any(
        isinstance(n, TableBlock) or (isinstance(n, Steps) and len(n.steps) <= SHORT_LIST)
        for n in doc.blocks[k + 1:k + 3]) and isinstance(doc.blocks[k + 1], Para | TableBlock | Steps)}
    for k, b in enumerate(doc.blocks):
        if isinstance(b, Heading):
            out.append(f"#heading(level: {b.level})[#{_s(b.text)}]")
        elif isinstance(b, Para):
            number = f"#strong({_s(b.number)}) " if b.number else ""
            label = f"#strong({_s(b.label)})" if b.label else ""
            par = f"#par[{number}{label}#{_s(b.text)}]"
            out.append(f"#block(sticky: true)[{par}]" if k in leads or b.keep else par)
        elif isinstance(b, TableBlock):
            # Short columns take their width; long ones share what is left (an ``auto`` column of long text
            # would push the table past the margin).
            longest = [max(len(r[k]) for r in (b.header,) + b.rows) for k in range(len(b.header))]
            widths = ", ".join("auto" if n <= 30 else "1fr" for n in longest)
            # a table of short columns only (levels, odds) takes the width of its cells, not the page's
            cells = [f"table.header({', '.join('[#strong(' + _s(h) + ')]' for h in b.header)})"]
            cells += [_cell(c, max(map(len, row)) > LONG_ROW) for row in b.rows for c in row]
            caption = f"#text(weight: \"bold\")[#{_s(b.title)}]\n" if b.title else ""
            table = f"{caption}#table(columns: ({widths},), {', '.join(cells)})"
            # a short table (levels, odds) stays on one page with its caption; a long one may break
            short = len(b.rows) <= SHORT_TABLE and sum(map(len, (c for r in b.rows for c in r))) <= SHORT_TEXT
            out.append(f"#block(breakable: false)[{table}]" if short else table)
        elif isinstance(b, Lines):
            out.append(f"#block(inset: 6pt, fill: luma(245), width: 100%)[#text(size: 8.5pt)[#raw(block: true, "
                       f"{_s(chr(10).join(b.lines))})]]")
        elif isinstance(b, Steps):  # the lead in italics, then numbered steps in the body's type
            lead = f"#par[#emph({_s(b.lead)})]\n" if b.lead else ""
            steps = ", ".join(f"[#{_s(x)}]" for x in b.steps)
            listed = f"{lead}#enum(spacing: 0.7em, {steps})"  # a short list (advice, an example) stays whole
            out.append(f"#block(breakable: false)[{listed}]" if len(b.steps) <= SHORT_LIST else listed)
        elif isinstance(b, FigureBlock):  # [figures hook]
            out.append(figure_typst(b.figure, TEXT_WIDTH))
        elif isinstance(b, QA):
            out.append(f"#block(breakable: false)[#par[#strong({_s(b.question)})]\n#pad(left: 1.2em)[#{_s(b.answer)}]]")
        out.append("")
    out.append("#context [#metadata(here().position()) <end>]")
    return "\n".join(out)


def last_page(src: Path) -> tuple[int, float]:
    """The number of pages of a Typst source and how full its last page is (a share of the text area)."""
    import typst

    where = json.loads(typst.query(str(src), "<end>", field="value", one=True))
    return int(where["page"]), (float(where["y"].removesuffix("pt")) - MARGIN_Y) / (A4_HEIGHT - 2 * MARGIN_Y)


def write_pdf(doc: Document, path: Path, aid: bool = False) -> Path:
    """Compile the book (or the player aid) to ``path`` (written atomically); returns the path.

    The body size is chosen by :func:`_size`: a page saved by a slightly smaller type, else a last page at
    least :data:`LAST_PAGE` full.
    """
    typst = require("typst", "a PDF (--format pdf / aid)")

    if aid:  # [aid hook] one page, two columns, the type fitted to the page
        from songe.rulebook.aid_pdf import write_aid

        return write_aid(doc, path)
    path.parent.mkdir(parents=True, exist_ok=True)
    src = path.with_suffix(".typ")
    src.write_text(to_typst(doc, size=_size(doc, src)), encoding="utf-8")
    atomic_write(path, typst.compile(str(src)))
    return path


def _size(doc: Document, src: Path) -> float:
    """The body size: the largest of :data:`SIZES` that sets the book on fewer pages than the normal size
    with its last page full enough; else the first, nearest the normal size, whose last page is full enough;
    else the normal size."""
    def pages(size: float) -> tuple[int, float]:
        src.write_text(to_typst(doc, size=size), encoding="utf-8")
        return last_page(src)

    normal = pages(SIZES[0])
    if normal[0] > 1 and pages(min(SIZES))[0] < normal[0]:  # a smaller type saves a page: the largest that does
        for size in sorted((x for x in SIZES if x < SIZES[0]), reverse=True):
            n, fill = pages(size)
            if n < normal[0] and (n == 1 or fill >= LAST_PAGE):
                return size
    for size in SIZES:
        n, fill = normal if size == SIZES[0] else pages(size)
        if n == 1 or fill >= LAST_PAGE:
            return size
    return SIZES[0]
