"""Compose a player's clarified rulebook from its authored data and its game's computed context.

The authored rules (:mod:`songe.spec.book`) give the words; a :class:`GameFacts`
gives what a game computes: placeholder values, card-table cells, generated
blocks (levels, example replay), and the measured impact of each reading.
The player's book states the rules and their figures as plain facts; how each
question was settled and measured is the editor's dossier's
(:mod:`songe.rulebook.dossier`). The composer knows no game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from songe.errors import SpecError
from songe.rulebook.document import QA, Block, Document, Heading, Para, TableBlock
from songe.rulebook.refs import POINTER, Place, lead, resolve
from songe.rulebook.terms import english, english_label
from songe.rulebook.typography import dress
from songe.spec.book import Book, BookRule, Section, fill
from songe.spec.glossary import Glossary
from songe.spec.readings import OpenPoint, Reading

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
           "ambiguity": "Ambiguïté", "open_point": "Point ouvert nᵒ {n}.",
           "open_points": "Points ouverts nᵒˢ {ns} et {n}.", "added": "Ajout (point ouvert nᵒ {n}).",
           "also_changed": "({ids} sert aussi une autre règle : voir « Ce qui a changé »)",
           "added_many": "Ajout (points ouverts nᵒˢ {ns} et {n}).", "adopted": "Lecture retenue",
           "impact": "Effet mesuré",
           "faq_q": "Question",
           "edition": "Édition clarifiée : toutes les règles de l'original sont reprises ; les points obscurs sont "
                      "tranchés dans la phrase même, et chaque choix est justifié dans le dossier de l'éditeur, "
                      "publié à part.",
           "own_title": "règle du jeu",
           "own_edition": "Les points que le texte laisse ouverts sont tranchés dans la phrase même, et chaque choix "
                          "est justifié dans le dossier de l'éditeur, publié à part."},
    "en": {"changes": "Appendix: what changed", "original": "Original text", "clarified": "Clarified rule",
           "why": "Why", "rule": "Rule", "reworded": "Reworded, same rule.", "ambiguity": "Ambiguity",
           "open_point": "Open point {n}.", "open_points": "Open points {ns} and {n}.",
           "also_changed": "({ids} also serves another rule: see “What changed”)",
           "added": "Addition (open point {n}).", "added_many": "Addition (open points {ns} and {n}).",
           "adopted": "Adopted reading", "impact": "Measured effect",
           "faq_q": "Question",
           "edition": "Clarified edition: every rule of the original is kept; unclear points are settled in the "
                      "wording itself, and each choice is explained in the publisher's notes, published "
                      "separately.",
           "own_title": "rules of play",
           "own_edition": "Points the text leaves open are settled in the wording itself, and each choice is "
                          "explained in the publisher's notes, published separately."},
}


@dataclass(frozen=True)
class GameFacts:
    """What a game computes for its book, in one language and under the chosen readings."""

    lang: str
    chosen: Mapping[str, str]
    context: Mapping[str, str]
    readings: Sequence[Reading]
    #: the spec's questions the engine does not model (``[[open_points]]``): the dossier lists them, the book
    #: settles them in words
    open_points: Sequence[OpenPoint] = ()
    #: card id -> the cells before the effect (name, intensity, copies…)
    card_cells: Mapping[str, Sequence[str]] = field(default_factory=dict)
    #: block name -> (header before the effect column, or None) for card tables
    card_headers: Mapping[str, Sequence[str]] = field(default_factory=dict)
    #: card id -> card table name
    card_table: Mapping[str, str] = field(default_factory=dict)
    #: block name -> blocks it generates (levels, example replay…)
    blocks: Mapping[str, Callable[[], list[Block]]] = field(default_factory=dict)
    #: block name -> blocks only the editor's dossier shows (a claim's proposed fix, how figures were measured);
    #: the player's book skips them
    editor: Mapping[str, Callable[[], list[Block]]] = field(default_factory=dict)
    #: reading id -> a sentence saying what each option changes, measured (the dossier's)
    impact: Callable[[str], str] = lambda reading_id: ""
    #: reading id -> how far its options move the game's headline figure (None: not measured), to rank them
    magnitude: Callable[[str], Fraction | None] = lambda reading_id: None
    #: reading id -> the other option whose gap is that magnitude, when the reading has several ("" otherwise), so
    #: that the author's list says against which reading the gap was measured
    widest: Callable[[str], str] = lambda reading_id: ""
    #: reading id -> whether its measured gap is told apart from chance (False: its interval holds 0; None: exact
    #: or not measured), so that the author's list says « non significatif » and ranks it after the real ones
    significant: Callable[[str], bool | None] = lambda reading_id: None
    #: reading id -> the author's list's line on its measured gap in the game's own words (signed, whose share);
    #: "" keeps the generic line built from ``magnitude``
    gap: Callable[[str], str] = lambda reading_id: ""
    #: (reading id, option) -> a game where that option and the adopted one part, told as an example ("" if none;
    #: a line break parts its paragraphs)
    witness: Callable[[str, str], str] = lambda reading_id, option: ""
    #: the game's terms (an English book says them in English, the French name at first use)
    glossary: Glossary = field(default_factory=lambda: Glossary((), ""))
    #: printed names (cards) that stay as they are in every language
    names: Sequence[str] = ()
    #: (card id, the fingerprint its authored text carries) -> a text drafted from the spec when that text no
    #: longer describes the card (None: the authored text still holds); see songe.rulebook.review
    redraft: Callable[[str, str], str | None] = lambda card_id, fingerprint: None
    #: card id -> its text in the designer's own words (the spec's card ``text``), printed instead of any other
    own_cards: Mapping[str, str] = field(default_factory=dict)
    #: an authored text, placeholders filled -> the same with the spec's own names and terms (a renamed card,
    #: a re-themed glossary); the identity for the spec the book was written for
    restate: Callable[[str], str] = lambda text: text
    #: reading id -> the FAQ's answer when no authored rule gives one (a reading the designer added), "" if none
    answer: Callable[[str], str] = lambda reading_id: ""
    #: (reading id, option) -> :attr:`answer` under that option (the dossier's wording of each option of a
    #: reading no authored rule words)
    answer_under: Callable[[str, str], str] = lambda reading_id, option: ""
    #: an authored text, placeholders filled -> the renames :attr:`restate` makes in it, in words ("" if none)
    renames: Callable[[str], str] = lambda text: ""
    #: an authored text -> why it may no longer describe the spec ("" if nothing), for the dossier's review
    concern: Callable[[str], str] = lambda text: ""
    #: what else the book left out or could not check for this spec (a worked example written for another deck)
    notes: Callable[[], list[str]] = lambda: []
    #: a rule's place « n.k » (the k-th rule of section n) -> where the book prints it, so that a pointer in a
    #: rule text is said as a section and opening words (:mod:`songe.rulebook.refs`); see :func:`placed`
    places: Mapping[str, Place] = field(default_factory=dict)
    #: the worked examples the engine narrates, placed at the end of the example section
    examples: Callable[[], list[Block]] = lambda: []
    #: a designer's spec: source sentence id -> the designer's text standing for it ("" when the sentences it
    #: restates stand for it), or None when what it describes is gone from the spec (songe.rulebook.own_text)
    own_text: Mapping[str, str | None] = field(default_factory=dict)
    #: the ids of the spec's open points the books leave out (their wording is about what the spec no longer
    #: has: a card it left out); the family's :attr:`notes` say so
    left_out: frozenset[str] = frozenset()
    #: the spec is a designer's own game (its quotes its own text): its book claims no clarified original
    own_game: bool = False


def card_wording(facts: GameFacts, card_id: str, fingerprint: str) -> str | None:
    """A card's text where the book does not print its authored one (None: the authored text holds): the
    designer's own words, else a text drafted from its rows when the authored one no longer describes it."""
    return facts.own_cards.get(card_id) or facts.redraft(card_id, fingerprint)


def rule_text(rule: BookRule, facts: GameFacts, where: str = "") -> str:
    """A rule's words in the facts' language under their readings, placeholders filled, typeset."""
    text = facts.restate(fill(rule.text(facts.lang, facts.chosen), facts.context, where))
    return dress(resolve(text, facts.places, facts.lang) if facts.places else text, facts.lang)


#: A rule's run-in head: a few words before its colon (« Étape 1, poser le Rêve : », « Défaite : »), not a number.
_RUN_IN = re.compile(r"^(?P<head>[^\W\d][^:.;!?«“(]{0,48}?(?:\([^)]{1,30}\))?)(?P<colon>[\u00a0\u202f ]?:) ")


def run_in(text: str) -> tuple[str, str]:
    """A rule's run-in head, set in bold as a publisher sets it, and the rest (no head: ``""`` and the text).

    >>> run_in("Défaite\u00a0: à la fin de chaque carte.")
    ('Défaite\xa0: ', 'à la fin de chaque carte.')
    >>> run_in("Réveil is a solo card game: 1 player.")
    ('', 'Réveil is a solo card game: 1 player.')
    >>> run_in("11\u00a0cartes\u00a0: 7\u00a0Rêves.")
    ('', '11\xa0cartes\xa0: 7\xa0Rêves.')
    """
    m = _RUN_IN.match(text)
    if m is None or len(m["head"].split()) > 5 or re.search(r"\b(?:est|sont|is|are|has|have|n’a)\b", m["head"]):
        return "", text  # a sentence, not a head (« Réveil est un jeu de cartes solo : … »)
    return m["head"] + m["colon"] + " ", text[m.end():]


def placed(book: Book, facts: GameFacts) -> GameFacts:
    """The facts with every rule's place, when some rule text points to another by its place (else as given)."""
    if facts.places or not any(POINTER.search(r.text(facts.lang, facts.chosen)) for r in book.rules):
        return facts
    return replace(facts, places=_body(book, facts)[1])


def compose(book: Book, facts: GameFacts) -> Document:
    """The player's book: the clarified-edition line, eight numbered sections of rules (a publisher's book numbers
    its sections, not its sentences), card tables, generated blocks."""
    lang = facts.lang
    blocks = _body(book, placed(book, facts))[0]
    edition = (WORDS[lang]["own_edition"] if facts.own_game else
               book.edition.in_lang(lang) if book.edition else WORDS[lang]["edition"])
    body = (Para(dress(book.intro.in_lang(lang), lang)), Para(dress(edition, lang)), *blocks)
    if lang == "en":
        body = english(body, facts.glossary, facts.names, book.plain)
    return Document(dress(titled(book, facts), lang), lang, body)


def printed_at(book: Book, facts: GameFacts) -> dict[str, Place]:
    """Rule id -> where the player's book prints it (its section, and its first words or its card's name), so the
    dossier can send the reader there."""
    return _body(book, placed(book, facts))[2]


def _body(book: Book, facts: GameFacts) -> tuple[list[Block], dict[str, Place], dict[str, Place]]:
    """The sections' blocks, each rule's place by position (« n.k »: the k-th rule printed in section n), and
    the same by rule id (a card's rule: its table's section and the card's name)."""
    lang = facts.lang
    blocks: list[Block] = []
    places: dict[str, Place] = {}
    ordered = any(r.block == FAQ_IN_ORDER for r in book.rules)  # the FAQ places the book's own questions
    at: dict[str, Place] = {}

    def said(words: str) -> str:  # a pointer quotes its words: an English book's quotation is not translated after
        return english_label(words, facts.glossary, facts.names) if lang == "en" else words
    n = 0
    for section in Section:
        if blocks and isinstance(blocks[-1], Heading) and blocks[-1].level == 1:
            blocks.pop()  # the previous section said nothing: it is not printed, the next ones are numbered on
            n -= 1
        n += 1
        own = book.titles.get(section)
        title = dress(own.in_lang(lang), lang) if own else SECTION_TITLES[lang][section]
        blocks.append(Heading(f"{n}. {title}", section=section.value))
        k, sub = 0, ""  # the sub-heading the next rules stand under: a pointer names it rather than first words
        examples = facts.examples() if section is Section.EXAMPLE else []
        for rule in book.in_section(section):
            if rule.card or rule.block in _FAQ_PARTS:
                continue  # in its table, in the FAQ
            if rule.block == WORKED and not examples:
                continue  # it introduces worked examples, and none can be played under this book's readings
            if rule.block in facts.card_headers:
                blocks.append(_card_table(book, rule, facts))
                at |= {r.id: Place(n, said(facts.card_cells[r.card][0])) for r in book.rules
                       if r.card and facts.card_table.get(r.card) == rule.block and facts.card_cells.get(r.card)}
                continue
            if rule.block in ("faq", "faq_points", FAQ_IN_ORDER):  # the FAQ answers are placed too: a point the
                blocks.extend({"faq": faq, "faq_points": point_faq, FAQ_IN_ORDER: ordered_faq}[rule.block](
                    book, facts))  # book answers only there
                at |= {a.id: Place(n, q.question) for a, q in [*_answers(book, facts), *(_questions(book, facts) if ordered else [])]
                       if a.id not in at}
                continue
            if rule.block == "question":  # a FAQ entry of the book's own, here unless an ordered FAQ places it
                if not ordered and (qa := _question(rule, facts, book.file)):
                    blocks.append(qa)
                    at[rule.id] = Place(n, qa.question)
                continue
            if not rule.block and rule.title and rule.text(lang, facts.chosen):  # a plain rule's title: its sub-heading
                sub = dress(facts.restate(fill(rule.title.in_lang(lang), facts.context, book.file)), lang)
                blocks.append(Heading(sub, 2))
            made = _generated(book, rule, facts)
            if made == []:
                continue  # a rule that introduces a generated block goes with it (no tips learned for this spec)
            if made and isinstance(made[0], Heading):
                sub = made[0].text
                blocks.append(made.pop(0))  # the block's own heading comes before the rule that introduces it
            text = rule_text(rule, facts, book.file) if rule.text(lang, facts.chosen) else ""
            if text:  # a rule may say nothing under a reading (the dossier says why), or only of a card left out
                k += 1
                head, body = run_in(text)  # a rule's own bold head names it better than its sub-heading
                places[f"{n}.{k}"] = at[rule.id] = Place(n, said(lead(text)) if head else sub or said(lead(text)))
                blocks.append(Para(body, "", rule.id, head))
            blocks.extend(made or ())
        blocks.extend(examples)
    if blocks and isinstance(blocks[-1], Heading) and blocks[-1].level == 1:
        blocks.pop()
    return blocks, places, at


def asked(rule: BookRule, facts: GameFacts, file: str) -> str:
    """A FAQ entry's question as the book prints it (a ``block = "question"`` rule's title); "" for any other rule."""
    if rule.block != "question" or rule.title is None:
        return ""
    return dress(facts.restate(fill(rule.title.in_lang(facts.lang), facts.context, file)), facts.lang)


def titled(book: Book, facts: GameFacts, what: str = "") -> str:
    """The book's title (or ``what`` after the game's name) with the game's own name: the spec's, where its
    facts give one (a designer's copy is not the shipped game), else the title's."""
    title = book.title.in_lang(facts.lang)
    shipped = title.split(" — ")[0]
    name = facts.context.get("game") or shipped
    if facts.own_game and not what:
        return f"{name} — {WORDS[facts.lang]['own_title']}"  # no original to clarify
    return f"{name} — {what}" if what else name + title[len(shipped):]


def _generated(book: Book, rule: BookRule, facts: GameFacts) -> list[Block] | None:
    """The blocks a rule's ``block`` generates for the player's book (None: it names none, or only the
    dossier shows it)."""
    if not rule.block or rule.block == WORKED or rule.block in facts.editor:
        return None
    if rule.block not in facts.blocks:
        raise SpecError(book.file, f"rule {rule.id!r}", f"unknown block {rule.block!r}; this game "
                        f"generates: {', '.join(sorted([*facts.blocks, *facts.editor, 'faq']))}")
    return facts.blocks[rule.block]()


def _card_table(book: Book, rule: BookRule, facts: GameFacts) -> TableBlock:
    rows = []
    for r in book.rules:
        if r.card and facts.card_table.get(r.card) == rule.block:
            drafted = card_wording(facts, r.card, r.fingerprint)
            text = rule_text(r, facts, book.file) if drafted is None else dress(drafted, facts.lang)
            rows.append(tuple(facts.card_cells[r.card]) + (text,))
    missing = [c for c, t in facts.card_table.items() if t == rule.block
               and not any(r.card == c for r in book.rules)]
    for c in missing:  # a card of the user's spec that the book never described: its drafted text
        drafted = card_wording(facts, c, "")
        if drafted is None:
            raise SpecError(book.file, f"rule {rule.id!r}", f"no clarified text for card {c}")
        rows.append(tuple(facts.card_cells[c]) + (dress(drafted, facts.lang),))
    title = dress(facts.restate(rule.title.in_lang(facts.lang)), facts.lang) if rule.title else ""
    return TableBlock(title, tuple(facts.card_headers[rule.block]), tuple(rows))


#: Rules that only feed the FAQ or the dossier: a reading's short answer, and why it was adopted.
_FAQ_PARTS = ("faq_answer", "faq_note")
#: A rule introducing the engine's worked examples: printed only where one can be played under the book's readings.
WORKED = "worked"


def faq(book: Book, facts: GameFacts) -> list[Block]:
    """One question per reading of the spec, answered in a sentence or two: the book's own short answer
    (a rule with ``block = "faq_answer"``), else the rule that settles it, as this book states it (the measures
    and the other readings are the dossier's)."""
    out: list[Block] = [qa for _, qa in _reading_answers(book, facts)]
    placed = any(r.block in ("faq_points", FAQ_IN_ORDER) for r in book.rules)  # else the points' follow
    return out if placed else out + point_faq(book, facts)


#: A block printing every FAQ entry, the readings' and the points', in the order of their ``faq_answer`` rules
#: in the book file (a book whose questions should follow its own sections, not the spec's order).
FAQ_IN_ORDER = "faq_in_order"


def ordered_faq(book: Book, facts: GameFacts) -> list[Block]:
    """Every FAQ entry in the book file's order of its answers, the book's own questions among them; an entry with
    no answer of its own comes last."""
    rank = {r.id: k for k, r in enumerate(book.rules)}
    entries = [*_reading_answers(book, facts), *_answers(book, facts), *_questions(book, facts)]
    return [qa for _, qa in sorted(entries, key=lambda e: rank[e[0].id] if e[0] is not None else len(rank))]


def _questions(book: Book, facts: GameFacts) -> list[tuple[BookRule, QA]]:
    """The book's own FAQ entries this book prints, each with its rule."""
    return [(rule, qa) for rule in book.rules if (qa := _question(rule, facts, book.file))]


def _question(rule: BookRule, facts: GameFacts, file: str) -> QA | None:
    """A ``block = "question"`` rule as a FAQ entry (title asks, text answers); None: another rule, or silent here."""
    said = asked(rule, facts, file) and rule.text(facts.lang, facts.chosen) and rule_text(rule, facts, file)
    return QA(asked(rule, facts, file), said) if said else None  # all of it about a card left out: none


def _reading_answers(book: Book, facts: GameFacts) -> list[tuple[BookRule | None, QA]]:
    """Each reading's FAQ entry and its own ``faq_answer`` rule (None: another rule, or the spec, answers it)."""
    out: list[tuple[BookRule | None, QA]] = []
    for reading in facts.readings:
        own = [r for r in book.rules if r.block == "faq_answer" and reading.id in r.readings]
        if own and not own[0].text(facts.lang, facts.chosen):
            continue  # an own answer with no text: a rule of the turn answers it, the FAQ does not ask it
        rules = own or [r for r in book.rules if reading.id in r.readings and r.block not in _FAQ_PARTS
                        and r.text(facts.lang, facts.chosen)]
        if rules:
            out.append((own[0] if own else None,
                        QA(short_question(book, facts, reading), rule_text(rules[0], facts, book.file))))
        elif facts.answer(reading.id):
            out.append((None, QA(short_question(book, facts, reading), dress(facts.answer(reading.id), facts.lang))))
    return out


def point_faq(book: Book, facts: GameFacts) -> list[Block]:
    """The questions on the points out of the model that the book answers (a ``faq_answer`` rule naming the point;
    its title is the question, else the point's own question)."""
    return [qa for _, qa in _answers(book, facts)]


def _answers(book: Book, facts: GameFacts) -> list[tuple[BookRule, QA]]:
    """Each point out of the model the book answers: its ``faq_answer`` rule and the question and answer printed."""
    out: list[tuple[BookRule, QA]] = []
    for point in facts.open_points:
        answer = next((r for r in book.rules if r.block == "faq_answer" and point.id in r.readings), None)
        if answer is not None:
            asked = answer.title.in_lang(facts.lang) if answer.title else player_question(
                point.question_fr if facts.lang == "fr" else point.question)
            out.append((answer, QA(dress(facts.restate(asked), facts.lang), rule_text(answer, facts, book.file))))
    return out


def short_question(book: Book, facts: GameFacts, reading: Reading) -> str:
    """The question a player asks about a reading: the book's own (the ``title`` of its FAQ answer), else the
    reading's question up to its first question mark. The FAQ asks it; the dossier heads the point with it."""
    own = next((r for r in book.rules if r.block == "faq_answer" and reading.id in r.readings and r.title), None)
    if own is not None and own.title is not None:
        return dress(facts.restate(fill(own.title.in_lang(facts.lang), facts.context, book.file)), facts.lang)
    return dress(facts.restate(player_question(reading.question_in(facts.lang))), facts.lang)  # a re-themed spec's words


def player_question(question: str) -> str:
    """The question a player asks: a reading's question up to its first question mark (what follows argues the
    sources, which is the dossier's).

    >>> player_question("Le Rêveur peut-il passer ? Le catalogue dit que oui.")
    'Le Rêveur peut-il passer ?'
    """
    return question[:question.index("?") + 1] if "?" in question else question
