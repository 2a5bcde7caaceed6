"""A composed rulebook as plain blocks, and its reStructuredText writer.

The composer builds a :class:`Document` once; every output (the Sphinx page,
the PDF) and every check (typography lint, coverage) reads the same blocks, so
what is checked is what is printed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from songe.rulebook.figure import Figure, figure_rst
from songe.rulebook.rst import escape, heading


@dataclass(frozen=True)
class Heading:
    """A section title (level 1) or sub-title (level 2)."""

    text: str
    level: int = 1
    section: str = ""
    """the book section a level-1 heading opens (its figures are placed by it, whatever its number or title)"""


@dataclass(frozen=True)
class Para:
    """A paragraph, with its rule number if it is a rule, or a label set in bold (« Lecture retenue : »)."""

    text: str
    number: str = ""
    rule: str = ""
    label: str = ""
    keep: bool = False
    """printed on the page of the block after it (a question with the room for its answer, on paper)"""


@dataclass(frozen=True)
class TableBlock:
    """A table: title, header, rows of cells."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Lines:
    """Preformatted lines (the dossier's commands); a worked example is :class:`Steps`."""

    lines: tuple[str, ...]


@dataclass(frozen=True)
class Steps:
    """Numbered steps in the book's typeface, after an optional lead in italics: a worked example as a
    publisher prints it (the situation at the start, then what happens; the engine's replay that backs it is
    pinned by the tests, not printed), or a short list of advice."""

    lead: str
    steps: tuple[str, ...]


@dataclass(frozen=True)
class QA:
    """A question and its answer (the FAQ)."""

    question: str
    answer: str


@dataclass(frozen=True)
class FigureBlock:
    """A figure drawn from the spec (:mod:`songe.rulebook.figure`), with its caption."""

    figure: Figure


Block = Heading | Para | TableBlock | Lines | Steps | QA | FigureBlock


@dataclass(frozen=True)
class Document:
    """A rulebook in one language: its title and blocks."""

    title: str
    lang: str
    blocks: tuple[Block, ...] = field(default_factory=tuple)
    #: a line at the foot of every page (the player aid's edition line), or ""
    footer: str = ""

    def texts(self) -> Iterator[str]:
        """Every text a reader sees, one string at a time (for the lint and the checks)."""
        yield self.title
        for b in self.blocks:
            if isinstance(b, Heading):
                yield b.text
            elif isinstance(b, Para):
                yield f"{b.number} {b.label}{b.text}".strip()
            elif isinstance(b, TableBlock):
                yield b.title
                yield from b.header
                for row in b.rows:
                    yield from row
            elif isinstance(b, Lines):
                yield from b.lines
            elif isinstance(b, Steps):
                yield b.lead
                yield from b.steps
            elif isinstance(b, FigureBlock):
                yield from b.figure.texts()
            else:
                yield b.question
                yield b.answer


#: A table with this many columns of long text (a cell over :data:`LONG` characters) is prose laid out in a grid:
#: the page's style stacks its cells on a phone, where three such columns cannot fit side by side.
PROSE_COLUMNS, LONG = 2, 30


def to_rst(doc: Document) -> str:
    """The document as a Sphinx page (classes for ``docs/_static/rulebook.css``: page, prose tables, lines)."""
    out = [".. rst-class:: rulebook\n\n", heading(escape(doc.title), 0)]
    for b in doc.blocks:
        if isinstance(b, Heading):
            out.append(heading(escape(b.text), b.level))
        elif isinstance(b, Para):  # a paragraph that starts « 1. » is text, not a list item
            text = re.sub(r"^(\d+)\.", r"\1\\.", escape(b.text))
            label = f"**{escape(b.label.rstrip())}** " if b.label else ""
            out.append((f"**{b.number}** " if b.number else "") + label + text + "\n\n")
        elif isinstance(b, TableBlock):
            out.append(_table(b))
        elif isinstance(b, Lines):
            out.append(".. code-block:: text\n   :class: replay\n\n" + "".join(f"   {x}\n" for x in b.lines) + "\n")
        elif isinstance(b, Steps):
            out.append(_steps(b))
        elif isinstance(b, FigureBlock):
            out.append(figure_rst(b.figure))
        else:
            out.append(f"**{escape(b.question)}**\n\n   {escape(b.answer)}\n\n")
    return "".join(out)


def _steps(e: Steps) -> str:
    """The lead in italics, then an enumerated list (each step a paragraph of the book's text)."""
    head = f"*{escape(e.lead)}*\n\n" if e.lead else ""
    return head + "".join(f"{k}. {escape(step)}\n" for k, step in enumerate(e.steps, 1)) + "\n"


def _table(t: TableBlock) -> str:
    rows = (t.header,) + t.rows
    long = sum(max(len(r[k]) for r in rows) > LONG for k in range(len(t.header)))
    lines = [f".. list-table:: {escape(t.title)}".rstrip(), "   :header-rows: 1"]
    lines += ["   :class: prose", ""] if long >= PROSE_COLUMNS else [""]
    for row in rows:
        for k, cell in enumerate(row):
            text = re.sub(r"^(\d+)\.", r"\1\\.", escape(cell))  # « 1. Joue … »: a cell's text, not a list
            lines.append(f"   {'* -' if k == 0 else '  -'} {text or '—'}")
    return "\n".join(lines) + "\n\n"
