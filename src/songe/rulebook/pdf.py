"""Print-ready PDF of a composed rulebook, through Typst (no TeX): same blocks as the web page.

Every text goes into the Typst source as a string literal (``#"…"``), never as
markup, so no character of a rule can be read as Typst syntax.
"""

from __future__ import annotations

from pathlib import Path

from songe.errors import OptionError
from songe.rulebook.document import QA, Document, Heading, Lines, Para, TableBlock


def _s(text: str) -> str:
    """A Typst string literal.

    >>> _s('a "b" \\\\ c')
    '"a \\\\"b\\\\" \\\\\\\\ c"'
    """
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _cell(text: str) -> str:
    return f"[#{_s(text)}]"


def to_typst(doc: Document, paper: str = "a4", aid: bool = False) -> str:
    """The Typst source of a book: A4, numbered pages, the book's language for hyphenation.

    ``aid``: the one-page player aid (two columns, small type, same margins).
    """
    page = 'columns: 2, numbering: none' if aid else 'numbering: "1"'
    out = [f'#set page(paper: "{paper}", margin: (x: 1.8cm, y: 1.5cm), {page})',
           f'#set text(lang: "{doc.lang}", size: {"7pt" if aid else "10pt"})',
           "#set par(justify: true)",
           "#set table(stroke: 0.4pt + gray, inset: 4pt)",
           "#show heading: set block(above: 1.2em, below: 0.6em)",
           f"#align(center)[#text(size: {'11pt' if aid else '18pt'}, weight: \"bold\")[#{_s(doc.title)}]]", ""]
    for b in doc.blocks:
        if isinstance(b, Heading):
            out.append(f"#heading(level: {b.level})[#{_s(b.text)}]")
        elif isinstance(b, Para):
            number = f"#strong({_s(b.number)}) " if b.number else ""
            out.append(f"#par[{number}#{_s(b.text)}]")
        elif isinstance(b, TableBlock):
            # Short columns take their width; long ones share what is left (an ``auto`` column of long text
            # would push the table past the margin).
            longest = [max(len(r[k]) for r in (b.header,) + b.rows) for k in range(len(b.header))]
            widths = ", ".join("auto" if n <= 30 else "1fr" for n in longest)
            if "fr" not in widths:
                widths = ", ".join(["auto"] * (len(longest) - 1) + ["1fr"])
            cells = [f"table.header({', '.join('[#strong(' + _s(h) + ')]' for h in b.header)})"]
            cells += [_cell(c) for row in b.rows for c in row]
            caption = f"#text(weight: \"bold\")[#{_s(b.title)}]\n" if b.title else ""
            out.append(f"{caption}#table(columns: ({widths},), {', '.join(cells)})")
        elif isinstance(b, Lines):
            out.append(f"#block(inset: 6pt, fill: luma(245), width: 100%)[#text(size: 8.5pt)[#raw(block: true, "
                       f"{_s(chr(10).join(b.lines))})]]")
        elif isinstance(b, QA):
            out.append(f"#par[#strong({_s(b.question)})]\n#pad(left: 1.2em)[#{_s(b.answer)}]")
        out.append("")
    return "\n".join(out)


def write_pdf(doc: Document, path: Path, aid: bool = False) -> Path:
    """Compile the book (or the player aid) to ``path`` (written atomically); returns the path.

    Typst is a base dependency (a wheel, no toolchain); an install that lacks it is told so in one line.
    """
    try:
        import typst
    except ImportError:
        raise OptionError("PDF output needs the typst package (a base dependency of songe): "
                          "python3 -m pip install 'typst>=0.13'") from None

    path.parent.mkdir(parents=True, exist_ok=True)
    src = path.with_suffix(".typ")
    src.write_text(to_typst(doc, aid=aid), encoding="utf-8")
    tmp = path.with_suffix(".pdf.tmp")
    tmp.write_bytes(typst.compile(str(src)))
    tmp.replace(path)
    return path
