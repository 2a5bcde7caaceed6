"""Compose a clarified rulebook from its authored data and its game's computed context.

The authored rules (:mod:`songe.spec.book`) give the words; a :class:`GameFacts`
gives what a game computes: placeholder values, card-table cells, generated
blocks (levels, example replay), and the measured impact of each reading.
The composer knows no game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from songe.errors import SpecError
from songe.rulebook.document import QA, Block, Document, Heading, Para, TableBlock
from songe.rulebook.typography import dress
from songe.spec.book import Book, BookRule, Section, fill
from songe.spec.inventory import Inventory
from songe.spec.readings import Reading

SECTION_TITLES = {
    "fr": {Section.OVERVIEW: "Aperçu et but du jeu", Section.COMPONENTS: "Matériel", Section.SETUP: "Mise en place",
           Section.TURN: "Tour de jeu", Section.END: "Fin de partie", Section.LEVELS: "Niveaux et variantes",
           Section.EXAMPLE: "Exemple", Section.FAQ: "Précisions (questions fréquentes)"},
    "en": {Section.OVERVIEW: "Overview and goal", Section.COMPONENTS: "Components", Section.SETUP: "Set-up",
           Section.TURN: "Playing a turn", Section.END: "End of the game", Section.LEVELS: "Levels and variants",
           Section.EXAMPLE: "Example", Section.FAQ: "Clarifications (FAQ)"},
}
WORDS = {
    "fr": {"changes": "Annexe : ce qui a changé", "original": "Texte d'origine", "clarified": "Règle clarifiée",
           "why": "Pourquoi", "rule": "Règle", "reworded": "Reformulation, même règle.",
           "ambiguity": "Ambiguïté", "adopted": "Lecture retenue", "impact": "Effet mesuré",
           "correction": "Correction", "typo": "coquille", "ocr": "erreur de numérisation",
           "grammar": "faute de grammaire",
           "faq_q": "Question", "restated": "Phrase répétée ailleurs dans l'original ; réunie ici."},
    "en": {"changes": "Appendix: what changed", "original": "Original text", "clarified": "Clarified rule",
           "why": "Why", "rule": "Rule", "reworded": "Reworded, same rule.", "ambiguity": "Ambiguity",
           "adopted": "Adopted reading", "impact": "Measured effect", "correction": "Correction",
           "typo": "typo", "ocr": "OCR error", "grammar": "grammar", "faq_q": "Question",
           "restated": "Sentence repeated elsewhere in the original; merged here."},
}


@dataclass(frozen=True)
class GameFacts:
    """What a game computes for its book, in one language and under the chosen readings."""

    lang: str
    chosen: Mapping[str, str]
    context: Mapping[str, str]
    readings: Sequence[Reading]
    #: card id -> the cells before the effect (name, intensity, copies…)
    card_cells: Mapping[str, Sequence[str]] = field(default_factory=dict)
    #: block name -> (header before the effect column, or None) for card tables
    card_headers: Mapping[str, Sequence[str]] = field(default_factory=dict)
    #: card id -> card table name
    card_table: Mapping[str, str] = field(default_factory=dict)
    #: block name -> blocks it generates (levels, example replay…)
    blocks: Mapping[str, Callable[[], list[Block]]] = field(default_factory=dict)
    #: reading id -> a sentence saying what each option changes, measured
    impact: Callable[[str], str] = lambda reading_id: ""


def rule_text(rule: BookRule, facts: GameFacts, where: str = "") -> str:
    """A rule's words in the facts' language under their readings, placeholders filled, typeset."""
    return dress(fill(rule.text(facts.lang, facts.chosen), facts.context, where), facts.lang)


def compose(book: Book, facts: GameFacts, inventories: Sequence[Inventory] = (),
            corrections: Sequence = ()) -> Document:
    """The whole book: eight sections, numbered rules, card tables, generated blocks, then the changes."""
    lang = facts.lang
    blocks: list[Block] = []
    for n, section in enumerate(Section, 1):
        blocks.append(Heading(f"{n}. {SECTION_TITLES[lang][section]}"))
        k = 0
        for rule in book.in_section(section):
            if rule.card or rule.block == "faq_note":
                continue  # in its table, in the FAQ
            if rule.block in facts.card_headers:
                blocks.append(_card_table(book, rule, facts))
                continue
            if rule.block == "faq":
                blocks.extend(faq(book, facts))
                continue
            if rule.wording.fr or rule.wording.en:
                k += 1
                blocks.append(Para(rule_text(rule, facts, book.file), f"{n}.{k}", rule.id))
            if rule.block:
                if rule.block not in facts.blocks:
                    raise SpecError(book.file, f"rule {rule.id!r}", f"unknown block {rule.block!r}; this game "
                                    f"generates: {', '.join(sorted(facts.blocks) + ['faq'])}")
                blocks.extend(facts.blocks[rule.block]())
    if inventories:
        from songe.rulebook.changes import changes

        blocks.extend(changes(book, facts, inventories, corrections))
    return Document(dress(book.title.in_lang(lang), lang), lang,
                    (Para(dress(book.intro.in_lang(lang), lang)),) + tuple(blocks))


def _card_table(book: Book, rule: BookRule, facts: GameFacts) -> TableBlock:
    rows = []
    for r in book.rules:
        if r.card and facts.card_table.get(r.card) == rule.block:
            rows.append(tuple(facts.card_cells[r.card]) + (rule_text(r, facts, book.file),))
    missing = [c for c, t in facts.card_table.items() if t == rule.block
               and not any(r.card == c for r in book.rules)]
    if missing:
        raise SpecError(book.file, f"rule {rule.id!r}", f"no clarified text for card(s) {', '.join(missing)}")
    title = dress(rule.title.in_lang(facts.lang), facts.lang) if rule.title else ""
    return TableBlock(title, tuple(facts.card_headers[rule.block]), tuple(rows))


def faq(book: Book, facts: GameFacts) -> list[Block]:
    """One question per reading of the spec: the question, the rule as adopted, why, and what it changes."""
    lang = facts.lang
    out: list[Block] = []
    for reading in facts.readings:
        rules = [r for r in book.rules if reading.id in r.readings and r.block != "faq_note"]
        answer = " ".join(rule_text(r, facts, book.file) for r in rules[:1])
        own = [r for r in book.rules if r.block == "faq_note" and reading.id in r.readings]
        note = (rule_text(own[0], facts, book.file) if own
                else reading.note_in(lang) if lang == "en" or reading.note_fr else "")
        if note and facts.chosen.get(reading.id, reading.default) != reading.default:
            note = (f"Ce livre suit une autre lecture que celle retenue d’ordinaire, qui se justifie ainsi : {note}"
                    if lang == "fr" else f"This book follows another reading than the usual one, whose case is: {note}")
        parts = [answer, note, facts.impact(reading.id)]
        out.append(QA(dress(reading.question_in(lang), lang),
                      dress(" ".join(p for p in parts if p), lang)))
    return out
