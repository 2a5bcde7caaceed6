"""The dossier's « Ce qui a changé » table, and the check that no source sentence is lost.

Every sentence of a game's inventories must be rewritten by a rule of its book
(listed in the rule's ``sources``) or declared flavour in the inventory.
Each rule then appears in the table as original → clarified → why: the
readings it settles (with their measured effect), the typos and OCR errors it
fixes, the authored reason, or a plain rewording.
"""

from __future__ import annotations

from collections.abc import Sequence

from songe.rulebook.compose import WORDS, GameFacts, rule_text, short_question
from songe.rulebook.document import Block, TableBlock
from songe.rulebook.terms import english_label
from songe.rulebook.typography import dress
from songe.spec.book import Book, Correction
from songe.spec.inventory import Inventory


def unplaced(book: Book, inventories: Sequence[Inventory]) -> list[str]:
    """Sentence ids neither rewritten by a rule nor declared flavour (empty when nothing is lost). A restatement
    that changes nothing (``same_as`` without ``differs``) is placed with the sentences it restates, so a text that
    repeats itself is not quoted twice in the dossier."""
    placed = {s for r in book.rules for s in r.sources}
    placed |= {e.id for inv in inventories for e in inv.entries
               if e.same_as and not e.differs and all(x in placed for x in e.same_as)}
    return [e.id for inv in inventories for e in inv.entries if e.id not in placed and not e.flavour]


def unknown_sources(book: Book, inventories: Sequence[Inventory]) -> list[str]:
    """Sources a rule names that no inventory of the game has."""
    known = {e.id for inv in inventories for e in inv.entries}
    return [f"{r.id}: {s}" for r in book.rules for s in r.sources if s not in known]


def changes(book: Book, facts: GameFacts, inventories: Sequence[Inventory],
            corrections: Sequence[Correction]) -> list[Block]:
    """The dossier's table: one row per rule that rewrites a sentence carrying a rule."""
    w = WORDS[facts.lang]
    entries = {e.id: e for inv in inventories for e in inv.entries}
    rows = []
    for rule in book.rules:
        kept = [entries[s] for s in rule.sources if s in entries and not entries[s].flavour]
        if not kept or not (rule.wording.fr or rule.wording.en or rule.variants):
            continue
        original = " ".join(f"[{e.id.split(':')[1]}] {e.unit.text}" for e in kept)
        why = []
        for rid in rule.readings:
            reading = next((r for r in facts.readings if r.id == rid), None)
            if reading is not None:
                why.append(f"{w['ambiguity']}: {short_question(book, facts, reading)} (voir « Points ouverts »)"
                           if facts.lang == "fr" else
                           f"{w['ambiguity']}: {short_question(book, facts, reading)} (see “Open points”)")
        for c in corrections:
            if c.sentence in rule.sources:
                why.append(f"{w['correction']} ({w[c.kind]}): « {c.wrong} » → « {c.right} ».")
        if rule.why:
            why.append(rule.why.in_lang(facts.lang))
        if not why and len(kept) > 1 and any(e.same_as for e in kept):
            why.append(w["restated"])
        rows.append((original, rule_text(rule, facts, book.file) or "—",
                     dress(" ".join(why) or w["reworded"], facts.lang)))
    if facts.lang == "en":  # the clarified text and the reason in the book's English words; the original stays
        rows = [(o, english_label(c, facts.glossary, facts.names), english_label(y, facts.glossary, facts.names))
                for o, c, y in rows]
    return [TableBlock("",
                       (dress(w["original"], facts.lang), dress(w["clarified"], facts.lang), w["why"]),
                       tuple((dress(o, facts.lang), c, y) for o, c, y in rows))]
