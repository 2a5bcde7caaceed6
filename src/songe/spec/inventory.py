"""Sentence inventories: every unit of a source text with its disposition, as data.

One file per source text, ``spec/inventory/<text>.toml``: a ``[text]`` table
(the source, its game, the layout hints the splitter needs) and one
``[[sentences]]`` entry per unit of :mod:`songe.spec.sentences`, in order,
with the unit's text. The text is stored so that a change of the source or
of the splitter is caught at load time (the ids would otherwise shift
silently). Dispositions of an entry (several may hold):

- ``encodes``: every spec entry whose quote covers the sentence, as the
  spec's ``quotes()`` names it (``"rule 'loss_cap'"``); resolved from the
  quotes and checked against them by :mod:`songe.analysis.coverage`. Entries
  of kind ``claim``, ``example`` and ``hole`` count as those dispositions;
- ``example``: the golden tests that replay it (``tests/file.py::test_name``);
- ``hole``: what the text is missing here;
- ``flavour``: why it carries no rule;
- ``gap``: a rule the text states that the spec does not encode yet (a
  variant, an example no test replays), with what is missing: recorded, so
  accounted for, and listed for whoever encodes it next;
- ``same_as``: the ids of the sentences it restates, together (possibly in
  another text of the same game);
- ``wording``: with ``same_as``, why the restatement differs from its targets in wording only (no rule,
  number or condition): the pair then leaves the open contradictions;
- ``differs``: with ``same_as``, what the restatement changes in substance and which stated rule of the
  spec settles it (a summary that says less than the detailed rule);
- ``note``: a remark, no disposition by itself.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from songe.errors import SpecError
from songe.spec.fields import Table, read_toml
from songe.spec.sentences import TableLayout, Unit, split
from songe.spec.sources import spec_dir

MAX_SENTENCES = 2000
_ID = re.compile(r"^[a-z_]+(?:\.[a-z_]+)*:[1-9]\d*$")
_TEST = re.compile(r"^tests/[\w/]+\.py::\w+$")


@dataclass(frozen=True)
class Entry:
    """A unit of the text with the dispositions the inventory gives it."""

    unit: Unit
    encodes: tuple[str, ...] = ()
    example: tuple[str, ...] = ()
    hole: str = ""
    gap: str = ""
    flavour: str = ""
    same_as: tuple[str, ...] = ()
    note: str = ""
    wording: str = ""
    differs: str = ""

    @property
    def id(self) -> str:
        """The unit's stable id."""
        return self.unit.id


@dataclass(frozen=True)
class Inventory:
    """The inventory of one source text."""

    file: str
    text_id: str
    game: str
    source: Path
    entries: tuple[Entry, ...]
    ocr: Mapping[str, str] = field(default_factory=dict)

    def entry(self, sentence_id: str) -> Entry:
        """The entry of a sentence id (KeyError if none)."""
        for e in self.entries:
            if e.id == sentence_id:
                return e
        raise KeyError(sentence_id)

    def reprints(self) -> tuple[str, ...]:
        """The sentences that restate one sentence of this same text word for word: a text printed twice over
        (a catalogue record that repeats its notice) has each of its sentences once, the copy apart."""
        text = {e.id: e.unit.text for e in self.entries}
        return tuple(e.id for e in self.entries if len(e.same_as) == 1 and text.get(e.same_as[0]) == e.unit.text)

    def once(self) -> Inventory:
        """The inventory without its word-for-word reprints (:meth:`reprints`)."""
        copies = set(self.reprints())
        return replace(self, entries=tuple(e for e in self.entries if e.id not in copies))


def inventory_dir() -> Path:
    """The folder of the shipped inventories."""
    return spec_dir() / "inventory"


def layout(doc: Table) -> tuple[Table, tuple[str, ...], tuple[TableLayout, ...]]:
    """The ``[text]`` table, its abbreviations and its tables."""
    text = doc.sub("text", "table [text]")
    text.unknown({"id", "source", "game", "abbreviations", "tables", "ocr"})
    abbreviations = text.get("abbreviations", list, [], required=False)
    if not all(isinstance(a, str) and a.endswith(".") for a in abbreviations):
        raise text.fail("abbreviations", "must be a list of strings ending with '.'")
    tables = []
    for i, t in enumerate(text.get("tables", list, [], required=False)):
        tt = Table(t if isinstance(t, dict) else {}, doc.file, f"[text] table #{i}")
        tt.unknown({"line", "columns", "rows"})
        tables.append(TableLayout(tt.int_in("line", 1, 100_000), tt.int_in("columns", 1, 20),
                                  tt.int_in("rows", 0, 500)))
    return text, tuple(abbreviations), tuple(tables)


def units_of(path: Path | str) -> tuple[Unit, ...]:
    """The units of the source an inventory file names, split with its layout (entries not read)."""
    p = Path(path)
    doc = Table(read_toml(p), str(p), "")
    text, abbreviations, tables = layout(doc)
    return _split(doc, text, abbreviations, tables, p)[1]


def _split(doc: Table, text: Table, abbreviations: tuple[str, ...], tables: tuple[TableLayout, ...],
           path: Path) -> tuple[Path, tuple[Unit, ...]]:
    source = (path.parent / text.get("source", str)).resolve()
    try:
        raw = source.read_text(encoding="utf-8")
    except OSError as exc:
        raise text.fail("source", f"cannot read {source}: {exc.strerror or exc}") from None
    try:
        return source, split(text.get("id", str), raw, abbreviations=abbreviations, tables=tables)
    except ValueError as exc:
        raise text.fail("tables", str(exc)) from None


def load(path: Path | str) -> Inventory:
    """Load an inventory and check it against its source, unit by unit."""
    p = Path(path)
    doc = Table(read_toml(p), str(p), "")
    doc.unknown({"text", "sentences"})
    text, abbreviations, tables = layout(doc)
    source, units = _split(doc, text, abbreviations, tables, p)
    rows = doc.rows("sentences", "sentence", max_rows=MAX_SENTENCES)
    entries = []
    for k, t in enumerate(rows):
        t.unknown({"id", "text", "encodes", "example", "hole", "gap", "flavour", "same_as", "note", "wording",
                   "differs"})
        sid = t.get("id", str)
        if k >= len(units):
            raise t.fail("id", f"the text has only {len(units)} units; this entry has none (source or splitter "
                               "changed: regenerate with songe coverage GAME --draft DIR)")
        unit = units[k]
        if sid != unit.id:
            raise t.fail("id", f"entry #{k + 1} must be {unit.id!r}")
        if t.get("text", str) != unit.text:
            raise t.fail("text", f"the text now reads {unit.text!r} (source or splitter changed: regenerate "
                                 "with songe coverage GAME --draft DIR)")
        encodes = _strings(t, "encodes")
        example = _strings(t, "example")
        for ex in example:
            if not _TEST.match(ex):
                raise t.fail("example", f"{ex!r} is not a test as 'tests/file.py::test_name'")
        same_as = _strings(t, "same_as")
        for other in same_as:
            if not _ID.match(other) or other == sid:
                raise t.fail("same_as", f"{other!r} is not the id of another sentence ('text.fr:N')")
        entries.append(Entry(unit, encodes, example, t.get("hole", str, "", required=False),
                             t.get("gap", str, "", required=False), t.get("flavour", str, "", required=False), same_as,
                             t.get("note", str, "", required=False), t.get("wording", str, "", required=False),
                             t.get("differs", str, "", required=False)))
        for key in ("wording", "differs"):
            if getattr(entries[-1], key) and not same_as:
                raise t.fail(key, "says how a restatement differs from its targets: it needs 'same_as'")
    if len(entries) < len(units):
        missing = units[len(entries)]
        raise doc.fail("sentences", f"no entry for {missing.id!r} ({missing.text!r}) and after: the inventory must "
                                    "list every unit of the text")
    ocr = text.get("ocr", dict, {}, required=False)
    if not all(isinstance(v, str) for v in ocr.values()):
        raise text.fail("ocr", "must map words to words (the text's OCR misreadings)")
    return Inventory(str(p), text.get("id", str), text.get("game", str), source, tuple(entries), ocr)


def _strings(t: Table, field: str) -> tuple[str, ...]:
    values = t.get(field, list, [], required=False)
    if not all(isinstance(v, str) and v for v in values):
        raise t.fail(field, "must be a list of non-empty strings")
    if len(set(values)) != len(values):
        raise t.fail(field, "lists an entry twice")
    return tuple(values)


def load_game(game: str, folder: Path | None = None) -> tuple[Inventory, ...]:
    """The inventories of one game's texts (by ``[text] game``), in file-name order."""
    folder = folder or inventory_dir()
    mine = [p for p in sorted(folder.glob("*.toml")) if read_toml(p).get("text", {}).get("game") == game]
    out = [load(p) for p in mine]  # another game's file, even a broken one, is not read
    if not out:
        raise SpecError(str(folder), "", f"no inventory has game = {game!r}")
    return tuple(out)
