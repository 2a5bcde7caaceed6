"""A game's one-page player aid as authored data: ``spec/rulebook/<game>.aid.toml``.

The aid is written for the aid: short lines, never the book's paragraphs. Each section has a title and,
in this order on the page, numbered ``steps``, a table (``table``: one the game computes from its spec,
such as a card table or the levels; or an authored ``header`` and ``rows``) and bulleted ``lines``.
A line may hold ``{name}`` placeholders (the book's) and a ``when`` (``["reading=option", …]``): it is
printed only under those readings, so the aid of every reading is composed from data. ``[aid.effects]``
gives a card's effect as the aid prints it, where the book's wording points to a section the aid has not
(one wording, or a list of lines with ``when``: the first that holds is printed). ``figure = N`` puts the
book's N-th figure across the foot of the page. ``[aid.terms]`` gives the English of spec names that a
computed table prints (a cell equal to the French is replaced). ``french_names = false`` keeps the English
aid free of the French names the book gives in parentheses at first use.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from songe.spec.book import Wording, book_dir
from songe.spec.fields import Table, read_toml

MAX_SECTIONS, MAX_LINES = 20, 40


@dataclass(frozen=True)
class AidLine:
    """One authored line, in both languages, and the readings under which it is printed."""

    wording: Wording
    when: tuple[tuple[str, str], ...] = ()

    def shown(self, chosen: dict[str, str]) -> bool:
        """Whether the line belongs to the aid of these readings."""
        return all(chosen.get(r) == o for r, o in self.when)


@dataclass(frozen=True)
class AidSection:
    """A titled part of the aid."""

    title: Wording
    steps: tuple[AidLine, ...] = ()
    table: str = ""
    header: tuple[Wording, ...] = ()
    rows: tuple[tuple[Wording, ...], ...] = ()
    lines: tuple[AidLine, ...] = ()


@dataclass(frozen=True)
class Aid:
    """A game's player aid: its heading words, its sections, its cards' aid wording."""

    file: str
    title: Wording
    goal: Wording
    sections: tuple[AidSection, ...]
    effects: dict[str, tuple[AidLine, ...]]
    #: which of the book's figures (1 = the first) spans the foot of the page; 0: none
    figure: int = 0
    #: a computed table's cell (a spec name, in French) -> its words on the page
    terms: tuple[Wording, ...] = ()
    #: whether the English aid gives a game term's French name in parentheses at first use, as the book does
    #: (``french_names = false``: a one-page aid has no room for it, the book gives it)
    french_names: bool = True

    def term(self, cell: str, lang: str) -> str:
        """A computed table's cell in ``lang``: the term whose French is exactly the cell, else the cell."""
        return next((t.in_lang(lang) for t in self.terms if t.fr == cell), cell)

    def effect(self, card: str, chosen: dict[str, str]) -> Wording | None:
        """The aid's wording of a card's effect under these readings (the first line shown), if it gives one."""
        return next((x.wording for x in self.effects.get(card, ()) if x.shown(chosen)), None)


def _wording(t: Table, value: Any, where: str) -> Wording:
    w = Table(value if isinstance(value, dict) else {}, t.file, where)
    w.unknown({"fr", "en", "when"})
    return Wording(w.get("fr", str), w.get("en", str))


def _line(t: Table, value: Any, where: str) -> AidLine:
    when = []
    for a in (value.get("when", []) if isinstance(value, dict) else []):
        if not isinstance(a, str) or a.count("=") != 1:
            raise t.fail(where, f"{a!r} is not 'reading=option'")
        r, o = a.split("=")
        when.append((r, o))
    return AidLine(_wording(t, value, where), tuple(when))


def _lines(t: Table, field: str) -> tuple[AidLine, ...]:
    items = t.get(field, list, [], required=False)
    if len(items) > MAX_LINES:
        raise t.fail(field, f"more than {MAX_LINES} lines")
    return tuple(_line(t, v, f"{t.where}, {field} #{i + 1}") for i, v in enumerate(items))


def load_aid(path: Path | str) -> Aid:
    """Read an aid file; every fault is one line naming the section and field."""
    p = Path(path)
    doc = Table(read_toml(p), str(p), "")
    doc.unknown({"aid"})
    head = doc.sub("aid", "table [aid]")
    head.unknown({"title", "goal", "sections", "effects", "figure", "terms", "french_names"})
    sections = []
    for t in head.rows("sections", "section", max_rows=MAX_SECTIONS):
        t.unknown({"title", "steps", "table", "header", "rows", "lines"})
        header = tuple(_wording(t, v, f"{t.where}, header") for v in t.get("header", list, [], required=False))
        rows = []
        for i, r in enumerate(t.get("rows", list, [], required=False)):
            if not isinstance(r, list) or len(r) != len(header):
                raise t.fail("rows", f"row #{i + 1} must be a list of {len(header)} cells, like the header")
            rows.append(tuple(_wording(t, v, f"{t.where}, row #{i + 1}") for v in r))
        if t.get("table", str, "", required=False) and header:
            raise t.fail("table", "give a computed table or an authored header and rows, not both")
        sections.append(AidSection(_wording(t, t.get("title", dict), f"{t.where}, title"), _lines(t, "steps"),
                                   t.get("table", str, "", required=False), header, tuple(rows), _lines(t, "lines")))
    effects = {}
    for k, v in head.get("effects", dict, {}, required=False).items():
        entries = v if isinstance(v, list) else [v]
        effects[k] = tuple(_line(head, x, f"effects.{k} #{i + 1}") for i, x in enumerate(entries))
    return Aid(str(p), _wording(head, head.get("title", dict), "title"), _wording(head, head.get("goal", dict), "goal"),
               tuple(sections), effects, head.int_in("figure", 0, 9, 0),
               tuple(_wording(head, v, f"terms.{k}") for k, v in head.get("terms", dict, {}, required=False).items()),
               head.get("french_names", bool, True, required=False))


def aid_of(book_file: str) -> Aid:
    """The shipped aid of a game (its book file's name)."""
    return load_aid(book_dir() / f"{Path(book_file).stem}.aid.toml")
