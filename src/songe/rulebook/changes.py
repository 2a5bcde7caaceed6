"""The dossier's « Ce qui a changé » table, and the check that no source sentence is lost.

Every sentence of a game's inventories must be rewritten by a rule of its book
(listed in the rule's ``sources``) or declared flavour in the inventory.
Each rule then appears in the table as original → clarified → why: the
readings it settles (with their measured effect), the typos and OCR errors it
fixes, the authored reason, or a plain rewording.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from songe.rulebook.compose import WORDS, GameFacts, asked, card_wording, rule_text
from songe.rulebook.document import Block, Para, TableBlock
from songe.rulebook.own_words import worded
from songe.rulebook.terms import english_label
from songe.rulebook.typography import dress, unruled
from songe.spec.book import Book, Correction
from songe.spec.inventory import Entry, Inventory


def unplaced(book: Book, inventories: Sequence[Inventory]) -> list[str]:
    """Sentence ids neither rewritten by a rule nor declared flavour (empty when nothing is lost). A restatement
    that changes nothing (``same_as`` without ``differs``) is placed with the sentences it restates, so a text that
    repeats itself is not quoted twice in the dossier."""
    placed = {s for r in book.rules for s in r.sources}
    placed |= {e.id for inv in inventories for e in inv.entries
               if e.same_as and not e.differs and all(x in placed for x in e.same_as)}
    return [e.id for inv in inventories for e in inv.entries if e.id not in placed and not e.flavour]


def prefixes(inventories: Sequence[Inventory]) -> dict[str, str]:
    """Text id -> the prefix of its sentence numbers when a game has several texts (the first letter of the word
    that sets the text apart: « C-39 » for a catalogue text beside the main one, « 39 »), else nothing.

    >>> class T:
    ...     def __init__(self, text_id): self.text_id = text_id
    >>> prefixes([T("wid.catalogue.fr"), T("wid.fr")])
    {'wid.catalogue.fr': 'C-', 'wid.fr': ''}
    """
    ids = [inv.text_id for inv in inventories]
    if len(ids) < 2:
        return dict.fromkeys(ids, "")
    shared = set.intersection(*(set(i.split(".")) for i in ids))
    return {i: next((t[0].upper() + "-" for t in i.split(".") if t not in shared), "") for i in ids}


def label(entry_id: str, prefix: dict[str, str]) -> str:
    """A sentence's number as the dossier prints it: « 12 », or « C-12 » in a game's second text."""
    text, _, n = entry_id.rpartition(":")
    return f"{prefix.get(text, '')}{n}"


def unknown_sources(book: Book, inventories: Sequence[Inventory]) -> list[str]:
    """Sources a rule names that no inventory of the game has."""
    known = {e.id for inv in inventories for e in inv.entries}
    return [f"{r.id}: {s}" for r in book.rules for s in r.sources if s not in known]


def changes(book: Book, facts: GameFacts, inventories: Sequence[Inventory],
            numbers: Mapping[str, int]) -> tuple[list[Block], list[Block]]:
    """The dossier's tables: the rules that change something (an open point settled, a rule added, an authored
    reason), then, for the annex, the rewordings of the same rule; ``numbers``: each open point's number in the
    dossier. A typo or an OCR error mended changes no rule: the corrections' own section lists each, once (the
    same formula in row after row read as a program's log)."""
    w, lang = WORDS[facts.lang], facts.lang
    entries = {e.id: e for inv in inventories for e in inv.entries}
    points = {p.id: p for p in facts.open_points}
    prefix = prefixes(inventories)
    changed: list[tuple[str, str, str]] = []
    reworded: list[tuple[str, str, str]] = []
    gone: list[str] = []
    shown: list[set[str]] = []  # each changed row's sentences, and each reworded row's
    shared: list[set[str]] = []
    for rule in book.rules:
        kept = [entries[s] for s in rule.sources if s in entries and not entries[s].flavour]
        if not kept or not (rule.wording.fr or rule.wording.en or rule.variants):
            continue
        gone += [e.id for e in kept if _gone(e.id, facts)]
        kept = [e for e in kept if not _gone(e.id, facts)]
        if not kept:  # a designer's spec without what these sentences describe: said once, after the tables
            continue
        original = _original(kept, facts, prefix)
        # the points a rule settles, said once in one reference (« Points ouverts nᵒˢ 2 et 4. »); a rule that
        # settles a point out of the model adds it (« Ajout (point ouvert nᵒ 7). »); a modified copy's: none
        measured = [numbers[rid] for rid in rule.readings if any(r.id == rid for r in facts.readings) and rid in numbers]
        added = [numbers[rid] for rid in rule.readings if rid in points and rid in numbers]
        refs = sorted(set(measured + added))
        why = [] if not refs else [(w["added" if added else "open_point"].format(n=refs[0]) if len(refs) == 1 else
                                    w["added_many" if added else "open_points"].format(
                                        ns=", ".join(map(str, refs[:-1])), n=refs[-1]))]
        drafted = card_wording(facts, rule.card, rule.fingerprint) if rule.card in facts.card_table else None  # as printed
        said = rule_text(rule, facts, book.file) if drafted is None else dress(drafted, lang)
        if rule.why:
            why.append(facts.restate(rule.why.in_lang(lang)))  # authored for the shipped game: a re-theme's words
        question = asked(rule, facts, book.file)  # a FAQ answer beside its source reads with its question
        row = (original, f"{question} {said}" if question and said else said or "—",
               dress(" ".join(why) or w["reworded"], lang))
        (changed if why else reworded).append(row)  # a sentence merged with its repeat changes nothing: annex
        (shown if why else shared).append({e.id for e in kept})
    # a sentence that serves two rules, one changed and one only reworded, is in both tables: the annex says so,
    # so that its two clarified versions are not read as two answers to the same sentence
    both = {k: sorted(ids & set().union(*shown)) for k, ids in enumerate(shared)}
    reworded = [(o + " " + w["also_changed"].format(ids=", ".join(f"[{label(i, prefix)}]" for i in both[k]))
                 if both[k] else o, c, y) for k, (o, c, y) in enumerate(reworded)]
    note = [Para(dress(_LEFT_OUT[lang].format(ids=", ".join(f"[{label(i, prefix)}]" for i in gone)), lang))]
    return _table(changed, facts) + (note if gone else []), _table(reworded, facts, why=False)


#: The dossier of a designer's spec: the source sentences describing what the spec no longer has, and the mark
#: of the designer's own text standing for a source sentence (songe.rulebook.own_text).
_LEFT_OUT = {"fr": "Phrases du texte dont la spec est tirée laissées de côté, car ce qu’elles décrivent (une carte "
                   "retirée, un exemple) n’est plus dans la spec de ce jeu : {ids}.",
             "en": "Sentences of the text the spec was drafted from left out, as what they describe (a card removed, "
                   "an example) is no longer in this game’s spec: {ids}."}
_OWN = {"fr": "texte de l’auteur", "en": "author’s text"}


def _gone(entry_id: str, facts: GameFacts) -> bool:
    return entry_id in facts.own_text and facts.own_text[entry_id] is None


def _original(kept: Sequence[Entry], facts: GameFacts, prefix: dict[str, str]) -> str:
    """The source column: each sentence with its number, or the designer's text standing for it, marked as
    theirs (said once in a row)."""
    parts: list[str] = []
    for e in kept:
        own = facts.own_text.get(e.id)
        if own is None:
            parts.append(f"[{label(e.id, prefix)}] {unruled(e.unit.text)}")
        elif own and not any(own in p for p in parts):
            parts.append(f"[{label(e.id, prefix)}, {_OWN[facts.lang]}] {own}")
    return " ".join(parts) or "—"


def _table(rows: list[tuple[str, str, str]], facts: GameFacts, why: bool = True) -> list[Block]:
    """Original, clarified, why (in English the clarified text and the reason in the book's English words);
    without ``why`` the annex's two columns (its title says why)."""
    if not rows:
        return []
    w, lang = worded(WORDS[facts.lang], facts.lang, facts.own_game), facts.lang
    if lang == "en":
        rows = [(o, english_label(c, facts.glossary, facts.names), english_label(y, facts.glossary, facts.names))
                for o, c, y in rows]
    head = (dress(w["original"], lang), dress(w["clarified"], lang), w["why"])
    return [TableBlock("", head if why else head[:2],
                       tuple((dress(o, lang), c, y) if why else (dress(o, lang), c) for o, c, y in rows))]


def rewritten(correction: Correction, said: str) -> bool:
    """Whether the clarified rule rewrites the sentence so that the corrected words never appear: the error is
    gone, not mended."""
    return plain(correction.right) not in plain(said)


def vanished(book: Book, facts: GameFacts, corrections: Sequence[Correction]) -> set[Correction]:
    """The corrections no rule of the book prints, its sentence rewritten."""
    return {c for c in corrections if all(rewritten(c, rule_text(r, facts, book.file)) for r in book.rules
                                          if c.sentence in r.sources)}


def plain(text: str) -> str:
    """A text reduced to its letters and digits, lower case: a quote or a correction is found whatever its spaces,
    quotes and apostrophes."""
    return "".join(c for c in text.casefold() if c.isalnum())
