"""Figures as data: boxes, arrows and labels on a plane, drawn as SVG (the web page) and Typst (the PDF).

A family computes a :class:`Figure` from its spec (how many spaces, which steps in which order,
how many cards); this module knows no game. Coordinates are in points, y downwards, at the
figure's own width; each writer scales the whole figure to the width it is given. Texts are the
book's words: escaped for XML in SVG, written as Typst string literals in the PDF, never markup.

>>> f = Figure(100, 40, (Box(0, 0, 100, 40, "A < B"),), "c")
>>> "A &lt; B" in to_svg(f)
True
>>> '"A < B"' in to_typst(f, 200)
True
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from xml.sax.saxutils import escape

#: The labels' size in figure units (points at the figure's own width).
LABEL_SIZE = 9.0
#: The average width of a character, as a share of the font size (a sans-serif face): used to wrap labels.
CHAR_WIDTH = 0.52
LINE_HEIGHT = 1.2


class Tone(enum.Enum):
    """What a box stands for, drawn as a fill colour (the same in SVG and Typst)."""

    PLAIN = "plain"
    """a step, a space, a zone"""
    ACCENT = "accent"
    """the thing the figure is about (the start, the winning card)"""
    SIDE_A = "side_a"
    """the first of two sides (Jekyll's, the yellow side)"""
    SIDE_B = "side_b"
    """the second of two sides (Hyde's, the blue side)"""
    CARD = "card"
    """a card face up"""
    HIDDEN = "hidden"
    """a card or a pile face down"""
    NOTE = "note"
    """a side remark, no frame"""


#: Tone -> (fill, stroke) as hex colours: light fills that print well in grey too.
COLOURS: dict[Tone, tuple[str, str]] = {
    Tone.PLAIN: ("#ffffff", "#444444"), Tone.ACCENT: ("#fde7b0", "#8a5a00"),
    Tone.SIDE_A: ("#dbe8fb", "#2c5aa0"), Tone.SIDE_B: ("#f6d8d8", "#9b2c2c"),
    Tone.CARD: ("#f7f3ea", "#444444"), Tone.HIDDEN: ("#c9cfd8", "#3b4452"), Tone.NOTE: ("#ffffff", "#ffffff"),
}


_HEX = re.compile(r"#[0-9a-fA-F]{6}")


class Anchor(enum.Enum):
    """Where a free label's point is, along its line."""

    START = "start"
    MIDDLE = "middle"
    END = "end"


@dataclass(frozen=True)
class Box:
    """A rectangle with a centred label (wrapped to its width), and a small line under it (``sub``)."""

    x: float
    y: float
    w: float
    h: float
    label: str
    tone: Tone = Tone.PLAIN
    sub: str = ""
    bold: bool = False
    #: (fill, stroke) as ``#rrggbb``, over the tone's, for a box whose colour is the game's own (a card's suit)
    paint: tuple[str, str] | None = None

    def __post_init__(self) -> None:
        if self.w <= 0 or self.h <= 0:
            raise ValueError(f"a box needs a positive size, got {self.w!r} × {self.h!r} for {self.label!r}")
        if self.paint is not None and not all(_HEX.fullmatch(c) for c in self.paint):
            raise ValueError(f"a box's paint is two #rrggbb colours, got {self.paint!r} for {self.label!r}")

    @property
    def colours(self) -> tuple[str, str]:
        """(fill, stroke): the paint if the box has one, else its tone's."""
        return self.paint or COLOURS[self.tone]


@dataclass(frozen=True)
class Arrow:
    """A polyline from its first point to its last, with a head at the end and an optional label at its middle."""

    points: tuple[tuple[float, float], ...]
    label: str = ""
    dashed: bool = False

    def __post_init__(self) -> None:
        if len(self.points) < 2:
            raise ValueError(f"an arrow needs two points or more, got {self.points!r}")


@dataclass(frozen=True)
class Label:
    """A free line of text, its baseline at (x, y)."""

    x: float
    y: float
    text: str
    anchor: Anchor = Anchor.MIDDLE
    bold: bool = False
    size: float = LABEL_SIZE


Item = Box | Arrow | Label


@dataclass(frozen=True)
class Figure:
    """A drawing: its size in points, its items (drawn in order), its caption in the book's language."""

    width: float
    height: float
    items: tuple[Item, ...]
    caption: str
    after: int = 0
    """in a book, the figure closes its section's sub-section number ``after`` (1 is the first), where the reader
    meets what it draws; 0 (the default) closes the whole section"""

    def retexted(self, f: Callable[[str], str]) -> Figure:
        """The same figure with ``f`` applied to every text (the book's typography)."""
        def one(i: Item) -> Item:
            if isinstance(i, Box):
                return replace(i, label=f(i.label), sub=f(i.sub))
            return replace(i, label=f(i.label)) if isinstance(i, Arrow) else replace(i, text=f(i.text))
        return replace(self, items=tuple(one(i) for i in self.items), caption=f(self.caption))

    def texts(self) -> tuple[str, ...]:
        """Every word the figure prints (for the lint and the checks): its caption and each label."""
        out = [self.caption]
        for i in self.items:
            if isinstance(i, Box):
                out += [i.label, i.sub]
            else:
                out.append(i.label if isinstance(i, Arrow) else i.text)
        return tuple(t for t in out if t)


def wrap(text: str, width: float, size: float = LABEL_SIZE) -> list[str]:
    """The text broken at spaces into lines no wider than ``width`` (estimated), never splitting a word.

    >>> wrap("Perte de Lucidité", 50)
    ['Perte de', 'Lucidité']
    """
    most = max(1, int(width / (size * CHAR_WIDTH)))
    lines: list[str] = []
    for word in filter(None, text.split(" ")):  # only ordinary spaces: a no-break space holds its words together
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def head(points: tuple[tuple[float, float], ...], size: float = 6.0) -> tuple[tuple[float, float], ...]:
    """The three corners of an arrow's head at its last point, pointing along its last segment."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    a = math.atan2(y1 - y0, x1 - x0)
    return ((x1, y1), (x1 - size * math.cos(a - 0.4), y1 - size * math.sin(a - 0.4)),
            (x1 - size * math.cos(a + 0.4), y1 - size * math.sin(a + 0.4)))


def label_place(points: tuple[tuple[float, float], ...]) -> tuple[float, float, Anchor]:
    """Where an arrow's label goes: above the middle of its longest segment, or beside it if it is upright
    (left of a downward one, right of an upward one, so two arrows side by side keep their labels apart)."""
    segs = list(zip(points, points[1:], strict=False))
    (x0, y0), (x1, y1) = max(segs, key=lambda s: math.dist(*s))
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    if abs(x1 - x0) >= abs(y1 - y0):
        return mx, my - 3, Anchor.MIDDLE
    return (mx - 4, my + 3, Anchor.END) if y1 > y0 else (mx + 4, my + 3, Anchor.START)


def _box_lines(b: Box) -> list[tuple[str, float, bool]]:
    """(text, size, bold) of each line a box prints, centred together."""
    lines = [(t, LABEL_SIZE, b.bold) for t in wrap(b.label, b.w - 6)]
    lines += [(t, LABEL_SIZE * 0.85, False) for t in wrap(b.sub, b.w - 6, LABEL_SIZE * 0.85) if b.sub]
    return lines


def _line_tops(b: Box) -> list[tuple[str, float, bool, float]]:
    """Each line of a box with the y of its baseline, the block centred vertically in the box."""
    lines = _box_lines(b)
    total = sum(s * LINE_HEIGHT for _, s, _ in lines)
    y = b.y + (b.h - total) / 2
    out = []
    for t, s, bold in lines:
        y += s * LINE_HEIGHT
        out.append((t, s, bold, y - s * 0.28))
    return out


def to_svg(fig: Figure) -> str:
    """The figure as an inline SVG element as wide as its container (its labels then near the page's type size)."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {fig.width:g} {fig.height:g}" '
           f'style="width:100%;height:auto" role="img" aria-label="{escape(fig.caption, _Q)}" '
           f'font-family="sans-serif" font-size="{LABEL_SIZE:g}">']
    for i in fig.items:
        if isinstance(i, Box):
            fill, stroke = i.colours
            out.append(f'<rect x="{i.x:g}" y="{i.y:g}" width="{i.w:g}" height="{i.h:g}" rx="3" fill="{fill}" '
                       f'stroke="{stroke}" stroke-width="0.8"/>')
            for t, s, bold, y in _line_tops(i):
                out.append(f'<text x="{i.x + i.w / 2:.1f}" y="{y:.1f}" text-anchor="middle" font-size="{s:g}"'
                           f'{_BOLD if bold else ""}>{escape(t)}</text>')
        elif isinstance(i, Arrow):
            pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in i.points)
            dash = ' stroke-dasharray="3 2"' if i.dashed else ""
            out.append(f'<polyline points="{pts}" fill="none" stroke="#333333" stroke-width="1"{dash}/>')
            out.append('<polygon points="' + " ".join(f"{x:.1f},{y:.1f}" for x, y in head(i.points))
                       + '" fill="#333333"/>')
            if i.label:
                x, y, anchor = label_place(i.points)
                out.append(f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor.value}" '
                           f'font-size="{LABEL_SIZE * 0.85:g}" font-style="italic">{escape(i.label)}</text>')
        else:
            out.append(f'<text x="{i.x:.1f}" y="{i.y:.1f}" text-anchor="{i.anchor.value}" font-size="{i.size:g}"'
                       f'{_BOLD if i.bold else ""}>{escape(i.text)}</text>')
    out.append("</svg>")
    return "\n".join(out)


_Q = {'"': "&quot;"}
_BOLD = ' font-weight="bold"'


#: A hyphenated word (« garde-t-il », « ci-dessous », a game term) never breaks at a line end (Typst;
#: the book and the aid both set it).
NO_BREAK_AT_HYPHEN = '#show regex("\\p{L}+(-\\p{L}+)+"): box'


def typst_string(text: str) -> str:
    """A Typst string literal (no character of a label, a book's or an aid's text, is read as markup).

    >>> typst_string('a "b" \\\\ c')
    '"a \\\\"b\\\\" \\\\\\\\ c"'
    """
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def to_typst(fig: Figure, width: float, floor: float = 0.0, caption: float = 8.5) -> str:
    """The figure as a Typst block ``width`` points wide (its texts scale with it, never under ``floor``
    points), with its caption (``caption`` points) under it."""
    k = width / fig.width
    pt = lambda v: f"{v * k:.2f}pt"  # noqa: E731
    body = []
    for i in fig.items:
        if isinstance(i, Box):
            fill, stroke = i.colours
            body.append(f"place(dx: {pt(i.x)}, dy: {pt(i.y)}, rect(width: {pt(i.w)}, height: {pt(i.h)}, "
                        f"radius: {pt(3)}, fill: rgb(\"{fill}\"), stroke: {0.8 * k:.2f}pt + rgb(\"{stroke}\")))")
            for t, s, bold, y in _line_tops(i):
                body.append(_typst_text(i.x + i.w / 2, y, t, s, bold, Anchor.MIDDLE, k, floor))
        elif isinstance(i, Arrow):
            dash = ', dash: "dashed"' if i.dashed else ""
            for (x0, y0), (x1, y1) in zip(i.points, i.points[1:], strict=False):
                body.append(f"place(line(start: ({pt(x0)}, {pt(y0)}), end: ({pt(x1)}, {pt(y1)}), "
                            f"stroke: (thickness: {k:.2f}pt, paint: rgb(\"#333333\"){dash})))")
            body.append("place(polygon(fill: rgb(\"#333333\"), "
                        + ", ".join(f"({pt(x)}, {pt(y)})" for x, y in head(i.points)) + "))")
            if i.label:
                x, y, anchor = label_place(i.points)
                body.append(_typst_text(x, y, i.label, LABEL_SIZE * 0.85, False, anchor, k, floor, italic=True))
        else:
            body.append(_typst_text(i.x, i.y, i.text, i.size, i.bold, i.anchor, k, floor))
    return (f"#block(breakable: false, width: {width:.2f}pt)[#box(width: {width:.2f}pt, height: "
            f"{fig.height * k:.2f}pt)[" + "\n".join("#" + b for b in body) + "]\n"
            f"#align(center)[#text(size: {caption}pt, style: \"italic\")[#{typst_string(fig.caption)}]]]")


def _typst_text(x: float, y: float, text: str, size: float, bold: bool, anchor: Anchor, k: float,
                floor: float = 0.0, italic: bool = False) -> str:
    """One line of text whose baseline sits at (x, y), aligned on x as its anchor says (an unbreakable box)."""
    weight = ', weight: "bold"' if bold else ""
    style = ', style: "italic"' if italic else ""
    # A zero-size box at the anchor point: the text's baseline at y, its start, middle or end at x.
    align = {Anchor.START: "left", Anchor.MIDDLE: "center", Anchor.END: "right"}[anchor]
    span = 400 * k
    dx = {Anchor.START: 0.0, Anchor.MIDDLE: -span / 2, Anchor.END: -span}[anchor]
    return (f"place(dx: {x * k + dx:.2f}pt, dy: {y * k:.2f}pt, box(width: {span:.2f}pt, height: 0pt, "
            f"align({align} + bottom, box(text(size: {max(size * k, floor):.2f}pt, top-edge: \"ascender\", "
            f"bottom-edge: \"baseline\"{weight}{style})[#{typst_string(text)}]))))")


def figure_rst(fig: Figure) -> str:
    """The figure on a Sphinx page: its SVG inline, in a ``figure`` element with its caption (HTML only)."""
    html = (f'<figure class="drawing">\n{to_svg(fig)}\n<figcaption>{escape(fig.caption)}</figcaption>\n'
            "</figure>")
    return ".. raw:: html\n\n" + "".join(f"   {line}\n" for line in html.splitlines()) + "\n"
