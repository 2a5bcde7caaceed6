"""The deterministic sentence splitter behind the sentence inventory.

A source text is cut into *units* (sentences, headings, list items, table
rows, catalogue fields), each numbered in text order: ``reveil.fr:23`` is the
23rd unit of ``reveil.fr.txt``. The rules, applied in this order:

1. **Lines.** The text is read line by line; blank lines separate nothing
   (they are skipped).
2. **Table rows.** Plain text has no column marks, so a text's tables are
   declared in its inventory file (first line of the header, columns, rows).
   The header's lines make one unit, then every ``columns`` lines make one row
   unit (a name, an intensity and an effect on three lines make one row). Rows are not
   split further.
3. **Catalogue fields.** A line ending in ``: |`` is a field label; it is
   joined with the lines after it up to the first one ending in ``|`` (the
   field's value), and the joined block is then split like any other.
4. **Sentence ends.** Inside a block, a sentence ends after a run of ``. ! ? …``
   (with closing marks ``» ” ) ]`` after it) when white space and then an
   opening character (capital, digit, ``« “ ( [ • - –``) follow, or when a
   capital follows directly after a small letter or ``)`` (a space lost in the
   text's OCR: ``correctes).Chaque``). Not an end: a declared abbreviation
   (``Dr.``), or a list number (1 or 2 digits at the start of a sentence or
   after a colon: ``Nuit: 1. Distribution``).
5. **Kinds.** A row is a ``row``; the first sentence of a field is a
   ``field``; the first sentence of a line opening with a list mark (``•``,
   ``-``, ``–``, ``N.``, ``N-``) is an ``item``; a line that yields one unit
   without final punctuation is a ``heading`` (a title, a caption, or a line
   the text left unpunctuated); everything else is a ``sentence``.
6. A unit with no letter or digit (a lone ``|``) is dropped.

Unit texts are folded (runs of white space to one space), as quotes are.

>>> [u.text for u in split("x", "Titre\\nDr. Jekyll joue. Puis Hyde.\\n", abbreviations=("Dr.",))]
['Titre', 'Dr. Jekyll joue.', 'Puis Hyde.']
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from songe.spec.sources import fold


class UnitKind(enum.Enum):
    """What a unit of a text is."""

    SENTENCE = "sentence"
    """a sentence inside a paragraph"""
    HEADING = "heading"
    """a line without final punctuation: a title, a caption or an unpunctuated line"""
    ITEM = "item"
    """the first sentence of a list item"""
    ROW = "row"
    """a table row (or header), declared in the inventory"""
    FIELD = "field"
    """the first sentence of a catalogue field (``label : | value |``)"""


@dataclass(frozen=True)
class TableLayout:
    """A table of a text: the header's first line (1-based), its columns, its data rows."""

    line: int
    columns: int
    rows: int

    def __post_init__(self) -> None:
        if self.line < 1 or self.columns < 1 or self.rows < 0:
            raise ValueError(f"a table needs line >= 1, columns >= 1, rows >= 0; got {self!r}")


@dataclass(frozen=True)
class Unit:
    """One unit of a text: its stable id, number, first line, kind and folded text."""

    id: str
    number: int
    line: int
    kind: UnitKind
    text: str


_TERMINAL = re.compile(r"[.!?…]+(?:\s?[»”\)\]])*")
_OPENING = re.compile(r"[A-ZÀ-ÖØ-Þ0-9«“(\[•\-–]")
_CAPITAL = re.compile(r"[A-ZÀ-ÖØ-Þ]")
_LIST_MARK = re.compile(r"^(?:[•\-–]\s|\d{1,2}\s?[.\-]\s?)")
_FIELD_LABEL = re.compile(r":\s*\|\s*$")
_LIST_NUMBER = re.compile(r"(?:^|:\s*)\d{1,2}$")
_HAS_WORD = re.compile(r"\w")
_FINAL = re.compile(r"[.!?…;][»”\)\]]*$")


def _ends(block: str, abbreviations: tuple[str, ...]) -> list[int]:
    """Offsets just after each sentence end inside a block (rule 4)."""
    out: list[int] = []
    start = 0
    for m in _TERMINAL.finditer(block):
        e = m.end()
        if e >= len(block):
            continue
        before = block[start:m.start()].strip()
        if m.group().startswith(".") and _LIST_NUMBER.search(before):
            continue
        head = block[:m.start() + 1]
        if any(head.endswith(a) and (len(head) == len(a) or not head[-len(a) - 1].isalnum())
               for a in abbreviations):
            continue
        rest = block[e:]
        if rest[0].isspace():
            nxt = rest.lstrip()
            if not nxt or not _OPENING.match(nxt):
                continue
        elif not (_CAPITAL.match(rest) and (block[m.start() - 1].islower() or block[m.start() - 1] == ")")):
            continue
        out.append(e)
        start = e
    return out


def _sentences(block: str, abbreviations: tuple[str, ...]) -> list[str]:
    cuts = [0, *_ends(block, abbreviations), len(block)]
    return [block[a:b].strip() for a, b in zip(cuts, cuts[1:], strict=False) if block[a:b].strip()]


def split(text_id: str, text: str, *, abbreviations: tuple[str, ...] = (),
          tables: tuple[TableLayout, ...] = ()) -> tuple[Unit, ...]:
    """Cut a text into numbered units by the module's rules; ids are ``text_id:N``.

    A table that runs past the end of the text, or overlaps another, is a
    ``ValueError`` (the inventory loader reports it with its file).
    """
    lines = text.split("\n")
    by_line = {t.line: t for t in tables}
    for t in tables:
        if t.line + t.columns * (t.rows + 1) - 1 > len(lines):
            raise ValueError(f"the table at line {t.line} runs past the end of the text ({len(lines)} lines)")
    blocks: list[tuple[int, str, str]] = []  # (line, kind hint, text)
    i = 0
    while i < len(lines):
        line = lines[i]
        if i + 1 in by_line:
            t = by_line[i + 1]
            for r in range(t.rows + 1):
                first = i + r * t.columns
                blocks.append((first + 1, "row", " ".join(lines[first:first + t.columns])))
            i += t.columns * (t.rows + 1)
            continue
        if _FIELD_LABEL.search(line):
            j = i + 1
            while j < len(lines) and not lines[j].rstrip().endswith("|"):
                j += 1
            blocks.append((i + 1, "field", " ".join(lines[i:j + 1])))
            i = j + 1
            continue
        if line.strip():
            blocks.append((i + 1, "item" if _LIST_MARK.match(line.strip()) else "line", line))
        i += 1
    units: list[Unit] = []
    for line_no, hint, block in blocks:
        block = fold(block)
        if hint == "row":
            parts = [block]
        else:
            parts = _sentences(block, abbreviations)
        parts = [p for p in parts if _HAS_WORD.search(p)]
        for k, part in enumerate(parts):
            if hint == "row":
                kind = UnitKind.ROW
            elif k == 0 and hint == "field":
                kind = UnitKind.FIELD
            elif k == 0 and hint == "item":
                kind = UnitKind.ITEM
            elif hint == "line" and len(parts) == 1 and not _FINAL.search(part):
                kind = UnitKind.HEADING
            else:
                kind = UnitKind.SENTENCE
            n = len(units) + 1
            units.append(Unit(f"{text_id}:{n}", n, line_no, kind, part))
    return tuple(units)
