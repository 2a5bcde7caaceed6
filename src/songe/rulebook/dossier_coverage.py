"""The dossier's coverage: how the source's sentences are accounted for, and those that state no rule of play."""

from __future__ import annotations

from collections.abc import Sequence

from songe.rulebook.changes import label, prefixes, unplaced
from songe.rulebook.compose import GameFacts
from songe.rulebook.document import Block, Para, TableBlock
from songe.rulebook.dossier_words import _BELOW, _FLAVOUR_HEAD, _REPRINT, WORDS
from songe.rulebook.own_words import worded
from songe.rulebook.typography import dress, number, unruled
from songe.spec.book import Book
from songe.spec.inventory import Inventory

#: Up to this many merged sentences are named in the coverage, each with the one it repeats.
FEW_MERGED = 12


def _plural(n: int, forms: str, lang: str) -> str:
    """The singular or plural of a « one|many » wording (French: 0 and 1 take the singular)."""
    one, many = forms.split("|")
    return one if n == 1 or (lang == "fr" and n == 0) else many


def _listed(items: Sequence[str], last: str) -> str:
    """Items as prose: « a, b et c ».

    >>> _listed(["[30]", "[32]", "[33]"], " et ")
    '[30], [32] et [33]'
    """
    return ", ".join(items[:-1]) + last + items[-1] if len(items) > 1 else "".join(items)


def coverage(book: Book, inventories: Sequence[Inventory], lang: str, own: GameFacts | None = None) -> Para:
    """How many source sentences state a rule the book takes up, which state no rule of play, which are lost: three
    parts that add up to the text's count (the restatements are among the first, named beside); ``own``: a
    designer's own game's facts, whose sentences about what its spec no longer has are left out, not taken up."""
    w = worded(WORDS[lang], lang, own is not None and own.own_game)
    entries = [e for inv in inventories for e in inv.entries]
    flavour = [e for e in entries if e.flavour]
    lost = unplaced(book, inventories)
    left = [e.id for e in entries if own is not None and own.own_text.get(e.id, "") is None
            and not e.flavour and e.id not in lost]
    rules = len(entries) - len(flavour) - len(lost) - len(left)
    merged = [e for e in entries if e.same_as and not e.flavour]
    prefix = prefixes(inventories)

    def shown(entry_id: str) -> str:
        return f"[{label(entry_id, prefix)}]"
    # quoted in the table after this paragraph (:func:`flavour_table`), or here when it is only one
    which = (f" ({shown(flavour[0].id)} {_quoted(flavour[0].unit.text, lang)})" if len(flavour) == 1
             else _BELOW[lang] if flavour else "")
    said = ""
    if merged:  # the pairs named when they are few (« [10] répète [30] et [32] »); a reprint is said by its count
        pairs = ("; " if lang == "en" else " ; ").join(w["pair"].format(one=shown(e.id), other=_listed(
            [shown(x) for x in e.same_as], w["and"])) for e in merged)
        said = w["merged"].format(n=number(len(merged), lang), verb=_plural(len(merged), w["repeat"], lang),
                                    join=_plural(len(merged), w["joined"], lang),
                                    pairs=f" ({pairs})" if len(merged) <= FEW_MERGED else "")
    gone = (" ; " if lang == "fr" else "; ").join(_plural(len(ids), w[key], lang).format(n=number(len(ids), lang), ids=", ".join(map(shown, ids)))
                      for key, ids in (("lost", lost), ("left_out", left)) if ids) or w["none_lost"]
    text = w["coverage_text"].format(origin=_plural(len(inventories), w["origin"], lang),
        sentences=f"{number(len(entries), lang)} {_plural(len(entries), w['sentence'], lang)}",
        rules=f"{number(rules, lang)} {_plural(rules, w['rewritten'], lang)}", merged=said,
        flavour=f"{w['one'] if len(flavour) == 1 else number(len(flavour), lang)} "
                f"{_plural(len(flavour), w['is_flavour'], lang)}", which=which, lost=gone)
    return Para(dress(text, lang))


def flavour_table(inventories: Sequence[Inventory], lang: str) -> list[Block]:
    """The source sentences that state no rule of play, each with its number, so that the coverage's claim can be
    checked (every other sentence is quoted in « Ce qui a changé » or its annex); a single one is quoted in the
    coverage's own sentence, not as a table of one row."""
    prefix = prefixes(inventories)
    rows = tuple((f"[{label(e.id, prefix)}]", _quoted(e.unit.text, lang))
                 for inv in inventories for e in inv.entries if e.flavour)
    return [TableBlock("", _FLAVOUR_HEAD[lang], tuple(tuple(dress(c, lang) for c in r) for r in rows))] if len(rows) > 1 else []


def _quoted(text: str, lang: str) -> str:
    """A source sentence quoted, its rule markup removed."""
    return f"« {unruled(text)} »" if lang == "fr" else f"“{unruled(text)}”"


def _reprinted(inventories: Sequence[Inventory], lang: str) -> list[Block]:
    """The coverage's note on the sentences a text prints twice over (nothing when no text does)."""
    copies = [c for inv in inventories for c in inv.reprints()]
    if not copies:
        return []
    prefix = prefixes(inventories)
    return [Para(dress(_REPRINT[lang].format(n=number(len(copies), lang), first=f"[{label(copies[0], prefix)}]",
                                             last=f"[{label(copies[-1], prefix)}]"), lang))]
