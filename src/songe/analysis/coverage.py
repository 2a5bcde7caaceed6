"""Coverage: every sentence of a game's texts accounted for, checked against the spec's quotes.

The spec's quotes are the link from data to text; the inventories
(:mod:`songe.spec.inventory`) are the link back. This module resolves each
quote to the sentences it covers (by position in the folded text), checks that
each inventory's ``encodes`` lists exactly those spec entries, and counts the
dispositions. A sentence is *accounted for* when it has at least one
disposition and no problem (a stale ``encodes``, an example without its test,
a ``same_as`` to no sentence, a ``flavour`` on a quoted sentence).
It knows no game: specs are seen through their ``quotes()``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from songe.errors import OptionError
from songe.spec.inventory import Entry, Inventory
from songe.spec.sources import fold

#: Dispositions, in the order that picks a sentence's primary one.
DISPOSITIONS = ("encodes", "example", "claim", "hole", "gap", "same-as", "flavour")
#: Spec entries whose quote makes a sentence an example, a claim or a hole rather than an encoding.
_REF_KINDS = {"example": "example", "claim": "claim", "hole": "hole"}


@dataclass(frozen=True)
class Quote:
    """A spec quote: the spec entry that holds it, its text and the source files it may stand in."""

    ref: str
    text: str
    sources: tuple[Path, ...]


#: Spec entries that record a question or a difference about a sentence without encoding its rule: a sentence
#: marked ``gap`` (a rule not encoded yet) may be quoted by them.
_RECORDS = ("difference ", "point ")


def ref_kind(ref: str) -> str:
    """The disposition a spec entry gives the sentences it quotes.

    >>> ref_kind("claim 'deck_counts'"), ref_kind("rule 'loss_cap'")
    ('claim', 'encodes')
    """
    return _REF_KINDS.get(ref.split(" ", 1)[0].rstrip(","), "encodes")


def spec_quotes(spec: Any) -> tuple[Quote, ...]:
    """Every quote of a loaded spec, with the texts it may come from.

    A spec has either one ``source`` path, or ``sources`` by id with quotes
    naming their source id (``None``: either text).
    """
    out = []
    sources = getattr(spec, "sources", None)
    if not sources and getattr(spec, "source", None) is None:  # quotes = "own": the designer's text, no source
        raise OptionError(f"{spec.file}: its quotes are its own text ([game] quotes = \"own\"): there is no "
                          "source text to account for; name one in [game] source first")
    for item in spec.quotes():
        ref, text = item[0], item[1]
        if sources:
            sid = item[2] if len(item) > 2 else None
            paths = tuple(Path(p).resolve() for p in ([sources[sid]] if sid else sources.values()))
        else:
            paths = (Path(spec.source).resolve(),)
        out.append(Quote(ref, text, paths))
    return tuple(out)


def spans(inv: Inventory) -> tuple[str, tuple[tuple[int, int], ...]]:
    """The folded source and each entry's (start, end) in it, found in order."""
    folded = fold(inv.source.read_text(encoding="utf-8"))
    out, pos = [], 0
    for e in inv.entries:
        start = folded.find(e.unit.text, pos)
        if start < 0:  # the splitter folds each unit as the source is folded: cannot happen
            raise AssertionError(f"{e.id} not found in order in {inv.source}")
        out.append((start, start + len(e.unit.text)))
        pos = start + len(e.unit.text)
    return folded, tuple(out)


def resolve(inventories: Iterable[Inventory], quotes: Iterable[Quote]) -> tuple[dict[str, tuple[str, ...]],
                                                                                 tuple[Quote, ...]]:
    """Sentence id → the spec entries quoting it; and the quotes that fall on no sentence.

    A quote covers every sentence its first occurrence in a text overlaps
    (a repeated passage is quoted once; its copies are ``same_as``).
    """
    invs = list(inventories)
    # by name: a spec copy elsewhere quotes the same texts
    located = {inv.source.name: (inv, *spans(inv)) for inv in invs}
    found: dict[str, set[str]] = {e.id: set() for inv in invs for e in inv.entries}
    unmapped = []
    for q in quotes:
        text, hit = fold(q.text), False
        for path in q.sources:
            if path.name not in located or not text:
                continue
            inv, folded, where = located[path.name]
            start = folded.find(text)
            if start < 0:
                continue
            end = start + len(text)
            for e, (a, b) in zip(inv.entries, where, strict=True):
                if a < end and start < b:
                    found[e.id].add(q.ref)
                    hit = True
        if not hit:
            unmapped.append(q)
    return {k: tuple(sorted(v)) for k, v in found.items()}, tuple(unmapped)


@dataclass(frozen=True)
class SentenceCoverage:
    """One sentence: its entry, the spec entries quoting it, its dispositions and any problem."""

    entry: Entry
    quoted_by: tuple[str, ...]
    dispositions: tuple[str, ...]
    problems: tuple[str, ...]

    @property
    def accounted(self) -> bool:
        """At least one disposition, and nothing wrong with them."""
        return bool(self.dispositions) and not self.problems

    @property
    def primary(self) -> str:
        """The first disposition in :data:`DISPOSITIONS` order ('none' if there is none)."""
        return self.dispositions[0] if self.dispositions else "none"


@dataclass(frozen=True)
class TextCoverage:
    """One text's inventory, checked."""

    inventory: Inventory
    sentences: tuple[SentenceCoverage, ...]

    @property
    def total(self) -> int:
        """Number of sentences."""
        return len(self.sentences)

    @property
    def accounted(self) -> int:
        """Number of sentences accounted for."""
        return sum(1 for s in self.sentences if s.accounted)

    @property
    def share(self) -> Fraction:
        """Accounted for over total (1 for an empty text)."""
        return Fraction(self.accounted, self.total) if self.total else Fraction(1)

    def counts(self) -> dict[str, int]:
        """Sentences per primary disposition ('none' for unaccounted), in :data:`DISPOSITIONS` order."""
        c = Counter(s.primary for s in self.sentences)
        return {k: c[k] for k in (*DISPOSITIONS, "none") if c[k]}

    def holding(self) -> dict[str, int]:
        """Sentences holding each disposition (a sentence may hold several)."""
        c = Counter(d for s in self.sentences for d in s.dispositions)
        return {k: c[k] for k in DISPOSITIONS if c[k]}


def dispositions(entry: Entry, quoted_by: tuple[str, ...]) -> tuple[str, ...]:
    """The dispositions an entry holds, in :data:`DISPOSITIONS` order."""
    kinds = {ref_kind(r) for r in entry.encodes}
    held = {"encodes": "encodes" in kinds, "example": bool(entry.example) or "example" in kinds,
            "claim": "claim" in kinds, "hole": bool(entry.hole) or "hole" in kinds, "gap": bool(entry.gap),
            "same-as": bool(entry.same_as), "flavour": bool(entry.flavour)}
    return tuple(k for k in DISPOSITIONS if held[k])


def check_text(inv: Inventory, quoted: dict[str, tuple[str, ...]], known_ids: set[str]) -> TextCoverage:
    """Check one inventory against the resolved quotes and the ids of the game's sentences."""
    out = []
    for e in inv.entries:
        refs = quoted.get(e.id, ())
        problems = []
        if set(e.encodes) != set(refs):
            extra, missing = sorted(set(e.encodes) - set(refs)), sorted(set(refs) - set(e.encodes))
            problems.append("encodes disagrees with the spec's quotes"
                            + (f"; not quoting it: {', '.join(extra)}" if extra else "")
                            + (f"; quoting it but not listed: {', '.join(missing)}" if missing else ""))
        if any(ref_kind(r) == "example" for r in refs) and not e.example:
            problems.append("quoted by a spec example but names no golden test (example = [...])")
        for other in e.same_as:
            if other not in known_ids:
                problems.append(f"same_as {other!r} is no sentence of this game")
        if e.gap and any(ref_kind(r) == "encodes" and not r.startswith(_RECORDS) for r in refs):
            problems.append(f"marked gap (not encoded), but the spec quotes it ({', '.join(refs)})")
        if e.flavour and refs:
            problems.append(f"marked flavour, but the spec quotes it ({', '.join(refs)})")
        out.append(SentenceCoverage(e, refs, dispositions(e, refs), tuple(problems)))
    return TextCoverage(inv, tuple(out))


@dataclass(frozen=True)
class GameCoverage:
    """A game's texts, checked, and the spec quotes that fall on no sentence."""

    game: str
    texts: tuple[TextCoverage, ...]
    unmapped: tuple[Quote, ...]

    @property
    def complete(self) -> bool:
        """Every sentence of every text accounted for, every quote on a sentence."""
        return not self.unmapped and all(t.accounted == t.total for t in self.texts)


def coverage(game: str, inventories: Iterable[Inventory], spec: Any) -> GameCoverage:
    """Check a game's inventories against its spec."""
    invs = tuple(inventories)
    quoted, unmapped = resolve(invs, spec_quotes(spec))
    ids = {e.id for inv in invs for e in inv.entries}
    return GameCoverage(game, tuple(check_text(inv, quoted, ids) for inv in invs), unmapped)


def percent(share: Fraction) -> str:
    """A share as a percentage to a tenth, for display (100% only when complete).

    >>> percent(Fraction(1)), percent(Fraction(199, 200)), percent(Fraction(2, 3))
    ('100%', '99.5%', '66.7%')
    """
    if share == 1:
        return "100%"
    tenths = min(round(share * 1000), 999)
    return f"{tenths // 10}.{tenths % 10}%"


def as_json(cov: GameCoverage, contradictions: Iterable[Any] = ()) -> dict[str, Any]:
    """The report as plain data (for ``--json``)."""
    return {
        "game": cov.game,
        "complete": cov.complete,
        "texts": [{
            "text": t.inventory.text_id, "source": t.inventory.source.name, "inventory": t.inventory.file,
            "total": t.total, "accounted": t.accounted, "percent": percent(t.share),
            "counts": t.counts(), "holding": t.holding(),
            "sentences": [{
                "id": s.entry.id, "line": s.entry.unit.line, "kind": s.entry.unit.kind.value,
                "text": s.entry.unit.text, "dispositions": list(s.dispositions), "encodes": list(s.quoted_by),
                "example": list(s.entry.example), "hole": s.entry.hole, "gap": s.entry.gap, "flavour": s.entry.flavour,
                "same_as": list(s.entry.same_as), "note": s.entry.note, "problems": list(s.problems),
            } for s in t.sentences],
        } for t in cov.texts],
        "unmapped_quotes": [{"ref": q.ref, "quote": q.text} for q in cov.unmapped],
        "contradictions": [c.as_json() for c in contradictions],
    }
