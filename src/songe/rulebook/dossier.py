"""The editor's dossier: why the player's book says what it says, composed from the same data.

For each open point of the text (a reading of the spec): the question, the
adopted wording and each alternative wording, what each changes (exact or
simulated, with its sample size and interval), and a game where they part told
as an example. Then the source's checkable claims, measured; every source
sentence beside its clarified text; the corrections; the coverage; the outside
facts with their sources; and first, the short list of choices the author
should confirm, largest effect first.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction

from songe.rulebook.changes import changes, unplaced
from songe.rulebook.compose import GameFacts, rule_text, short_question
from songe.rulebook.document import Block, Document, Heading, Lines, Para, Steps, TableBlock
from songe.rulebook.review import WORDS as REVIEW_WORDS
from songe.rulebook.review import review
from songe.rulebook.terms import english, english_label
from songe.rulebook.typography import decimal, dress, number
from songe.spec.book import Book, Correction
from songe.spec.facts import OutsideFact, Standing
from songe.spec.inventory import Inventory
from songe.spec.readings import OpenPoint, Reading

#: How many choices the « to confirm » list names at most.
TO_CONFIRM = 4

WORDS = {
    "fr": {"title": "dossier de l’éditeur",
           "intro": "Ce dossier accompagne la règle clarifiée. Il dit, pour chaque point que le texte d’origine "
                    "laisse ouvert, la lecture retenue, les autres lectures possibles et leur effet mesuré ; il met "
                    "chaque phrase d’origine en regard de sa version clarifiée, liste les corrections, mesure les "
                    "affirmations de l’original et donne la source de chaque fait venu d’ailleurs.",
           "confirm": "À faire valider par l’auteur", "open": "Points ouverts", "claims": "Affirmations de la règle "
           "d’origine", "changes": "Ce qui a changé", "corrections": "Corrections", "coverage": "Couverture",
           "facts": "Faits extérieurs au texte",
           "question": "Question du texte", "adopted": "Lecture retenue", "other": "Autre lecture", "why": "Pourquoi cette lecture",
           "impact": "Effet", "example": "Exemple", "unmeasured": "Effet non mesuré pour ce jeu.",
           "nothing_said": "(la règle n’en dit rien)",
           "confirm_measured": "Les choix dont l’effet mesuré est le plus grand, du plus grand au plus petit :",
           "confirm_unmeasured": "Aucun effet n’est mesuré pour ce jeu : voici les points ouverts du texte, dans "
                                 "l’ordre de la règle ; chacun est à confirmer.",
           "gap": "écart de {p} sur la probabilité de gagner",
           "no_claim": "La règle d’origine n’affirme aucun chiffre que l’on puisse mesurer.",
           "no_correction": "Aucune coquille ni erreur de numérisation relevée.",
           "coverage_text": "Le texte d’origine compte {sentences} phrases. {rules} sont réécrites par une règle de "
                            "ce livre, {flavour} sont de l’ambiance (sans règle) ; {lost} n’est perdue.",
           "no_facts": "La règle ne s’appuie sur aucun fait extérieur au texte : il est la seule source.",
           "replay": "Pour écrire la règle d’une autre lecture :"},
    "en": {"title": "editor’s dossier",
           "intro": "This dossier goes with the clarified rules. For each point the original text leaves open it "
                    "gives the adopted reading, the other possible readings and their measured effect; it sets "
                    "each original sentence beside its clarified version, lists the corrections, measures the "
                    "original’s claims and gives the source of every fact taken from elsewhere.",
           "confirm": "For the author to confirm", "open": "Open points", "claims": "Claims of the original rules",
           "changes": "What changed", "corrections": "Corrections", "coverage": "Coverage",
           "facts": "Facts from outside the text",
           "question": "The text’s question", "adopted": "Adopted reading", "other": "Other reading", "why": "Why this reading",
           "impact": "Effect", "example": "Example", "unmeasured": "Effect not measured for this game.",
           "nothing_said": "(the rules say nothing of it)",
           "confirm_measured": "The choices with the largest measured effect, largest first:",
           "confirm_unmeasured": "No effect is measured for this game: here are the text’s open points, in the "
                                 "rules’ order; each is to be confirmed.",
           "gap": "a gap of {p} in the probability of winning",
           "no_claim": "The original rules claim no figure that can be measured.",
           "no_correction": "No typo or OCR error found.",
           "coverage_text": "The original text has {sentences} sentences. {rules} are rewritten by a rule of this "
                            "book, {flavour} are flavour (no rule); {lost} is lost.",
           "no_facts": "The rules rely on no fact from outside the text: it is the only source.",
           "replay": "To write the rules of another reading:"},
}
_HEADS = {"fr": {"facts": ("Fait", "Valeur", "Où il a été lu", "Statut"),
                 "corrections": ("Phrase", "Texte fautif", "Correction", "Nature")},
          "en": {"facts": ("Fact", "Value", "Where it was read", "Standing"),
                 "corrections": ("Sentence", "Wrong text", "Correction", "Kind")}}
_STANDING = {"fr": {Standing.CONFIRMED: "confirmé (plusieurs sources)", Standing.SINGLE: "non confirmé (une seule "
                    "source)", Standing.DISPUTED: "sources en désaccord", Standing.MISSING: "introuvable"},
             "en": {Standing.CONFIRMED: "confirmed (several sources)", Standing.SINGLE: "unconfirmed (one source)",
                    Standing.DISPUTED: "sources disagree", Standing.MISSING: "not found"}}
_KIND = {"fr": {"typo": "coquille", "ocr": "erreur de numérisation", "grammar": "grammaire"},
         "en": {"typo": "typo", "ocr": "OCR error", "grammar": "grammar"}}


def _under(book: Book, facts: GameFacts, reading: Reading, option: str) -> str:
    """What the book says of a reading's question under one option (its rules' texts, joined)."""
    alt = dataclasses.replace(facts, chosen={**facts.chosen, reading.id: option})
    texts = [rule_text(r, alt, book.file) for r in book.rules
             if reading.id in r.readings and r.block not in ("faq_note", "faq_answer")]
    return " ".join(t for t in texts if t) or WORDS[facts.lang]["nothing_said"]


def _why(book: Book, facts: GameFacts, reading: Reading) -> str:
    own = [r for r in book.rules if r.block == "faq_note" and reading.id in r.readings]
    if own:
        return rule_text(own[0], facts, book.file)
    return dress(reading.note_in(facts.lang), facts.lang) if facts.lang == "en" or reading.note_fr else ""


def _label(key: str, lang: str, k: int = 0) -> str:
    """A dossier word as the label of what follows it ("Effet : …", "Effect: …"), undressed; ``k``: the
    number of one reading among several ("Autre lecture 2 : …")."""
    word = WORDS[lang][key] + (f" {k}" if k else "")
    return f"{word} : " if lang == "fr" else f"{word}: "


def open_point(book: Book, facts: GameFacts, reading: Reading) -> list[Block]:
    """One open point, in the order an editor reads it: the question (the player's short one as the title, the
    text's full question below it), the adopted wording and why, each other wording, the measured effect, then
    a game where they part, told as an example; last, the command that writes the other reading's book."""
    w, lang = WORDS[facts.lang], facts.lang
    here = facts.chosen.get(reading.id, reading.default)
    title, full = short_question(book, facts, reading), dress(reading.question_in(lang), lang)
    out: list[Block] = [Heading(title, 2)]
    if full != title:
        out.append(Para(full, label=dress(_label("question", lang), lang)))
    out.append(Para(_under(book, facts, reading, here), label=dress(_label("adopted", lang), lang)))
    why = _why(book, facts, reading)
    if why:
        out.append(Para(why, label=dress(_label("why", lang), lang)))
    others = [o for o in reading.option_ids if o != here]
    for k, option in enumerate(others, 1):
        label = _label("other", lang) if len(others) == 1 else _label("other", lang, k)
        out.append(Para(_under(book, facts, reading, option), label=dress(label, lang)))
    impact = facts.impact(reading.id)
    out.append(Para(dress(impact, lang), label=dress(_label("impact", lang), lang))
               if impact else Para(dress(w["unmeasured"], lang)))
    for k, option in enumerate(others, 1):
        told = facts.witness(reading.id, option)
        if told:
            label = _label("example", lang) if len(others) == 1 else _label("example", lang, k)
            out.append(Para(dress(told, lang), label=dress(label, lang)))
    out.append(Lines(tuple(f"--reading {reading.id}={o}" for o in others)))
    return out


def out_of_model(point: OpenPoint, lang: str) -> list[Block]:
    """A question of the text the engine does not model: its sentences, each reading in words (the adopted one
    first, as the book words it), and (in English, the spec's language for them) why it is not modelled and
    what it changes. A point raised only by invented example cards or a spec copy says so."""
    fr = lang == "fr"
    readings = point.readings_fr if fr else point.readings
    out: list[Block] = [Heading(dress(point.question_fr if fr else point.question, lang), 2)]
    if point.origin != "text":
        out.append(Para(dress(_ORIGIN[lang][point.origin], lang)))
    out += [Para(dress(f"« {q} »" if fr else f"“{q}”", lang)) for q in point.quotes]
    out.append(Para(dress(readings[0], lang), label=dress(_label("adopted", lang), lang)))
    out += [Para(dress(r, lang), label=dress(_label("other", lang), lang)) for r in readings[1:]]
    if not fr:
        out += [Para(dress(f"Not modelled: {point.why_not_modelled}", lang)),
                Para(dress(point.impact, lang), label=dress(_label("impact", lang), lang))]
    else:
        out.append(Para(dress("Hors du modèle : la règle la tranche par ses mots ; le moteur ne la mesure pas.", lang)))
    return out


#: Where a point comes from when it is not the text's own question.
_ORIGIN = {"fr": {"example_cards": "Question posée seulement par les cartes d’exemple inventées, pas par le texte.",
                  "engine": "Question posée seulement par une copie modifiée de la spec ou une commodité du moteur, "
                            "pas par le texte tel qu’il est."},
           "en": {"example_cards": "A question raised only by the invented example cards, not by the text.",
                  "engine": "A question raised only by a modified copy of the spec or an engine convenience, not by "
                            "the text as it stands."}}


def to_confirm(book: Book, facts: GameFacts) -> list[Block]:
    """The short list for the author: the readings that move the headline figure most (or, unmeasured, all)."""
    w, lang = WORDS[facts.lang], facts.lang
    measured = [(m, r) for r in facts.readings if (m := facts.magnitude(r.id)) is not None]
    if measured:
        ranked = [(m, r) for m, r in sorted(measured, key=lambda x: -x[0]) if m][:TO_CONFIRM]
        head = w["confirm_measured"]
        items = [f"{short_question(book, facts, reading)} — {w['gap'].format(p=_points(m, lang))}"
                 for m, reading in ranked]
    else:
        head = w["confirm_unmeasured"]
        items = [short_question(book, facts, r) for r in facts.readings[:TO_CONFIRM + 2]]
    if lang == "en":
        items = [english_label(x, facts.glossary, facts.names) for x in items]
    return [Para(dress(head, lang)), Steps("", tuple(dress(x, lang) for x in items))]


def _points(m: Fraction, lang: str) -> str:
    """A difference of probabilities in percentage points, in words (French: singular below 2)."""
    n = decimal(m * 100, lang)
    return f"{n} {'point' if lang == 'fr' and m * 100 < 2 else 'points'}"


def coverage(book: Book, inventories: Sequence[Inventory], lang: str) -> Para:
    """How many source sentences the book rewrites, how many are flavour, how many are lost."""
    entries = [e for inv in inventories for e in inv.entries]
    flavour = sum(1 for e in entries if e.flavour)
    lost = len(unplaced(book, inventories))
    text = WORDS[lang]["coverage_text"].format(sentences=number(len(entries), lang),
                                               rules=number(len(entries) - flavour - lost, lang),
                                               flavour=number(flavour, lang), lost=number(lost, lang))
    if lang == "fr" and lost == 0:
        text = text.replace("0 n’est perdue", "aucune n’est perdue")
    elif lang == "en" and lost == 0:
        text = text.replace("0 is lost", "none is lost")
    return Para(dress(text, lang))


def _corrections(corrections: Sequence[Correction], lang: str) -> list[Block]:
    if not corrections:
        return [Para(dress(WORDS[lang]["no_correction"], lang))]
    rows = tuple((c.sentence.split(":")[1], f"« {c.wrong} »" if lang == "fr" else f"“{c.wrong}”",
                  f"« {c.right} »" if lang == "fr" else f"“{c.right}”", _KIND[lang][c.kind]) for c in corrections)
    return [TableBlock("", _HEADS[lang]["corrections"], tuple(tuple(dress(x, lang) for x in r) for r in rows))]


def _outside(found: Sequence[OutsideFact], lang: str) -> list[Block]:
    w = WORDS[lang]
    if not found:
        return [Para(dress(w["no_facts"], lang))]
    rows = tuple((f.fact, f.value, f.sources, _STANDING[lang][f.standing]) for f in found)
    return [TableBlock("", _HEADS[lang]["facts"], rows)]


def dossier(book: Book, facts: GameFacts, inventories: Sequence[Inventory], corrections: Sequence[Correction],
            outside: Sequence[OutsideFact]) -> Document:
    """The editor's dossier of one game in the facts' language (numbered sections, the open points first)."""
    w, lang = WORDS[facts.lang], facts.lang
    sections: list[tuple[str, list[Block]]] = [("confirm", to_confirm(book, facts))]
    reread = review(book, facts)  # only a user's spec that changed a described card has any
    if reread:
        sections.insert(0, ("review", reread))
    points: list[Block] = [b for r in facts.readings for b in open_point(book, facts, r)]
    points += [b for p in facts.open_points for b in out_of_model(p, lang)]
    points += [b for name, make in facts.editor.items() if name != "claim" for b in make()]
    if lang == "en":  # the book's English words (its authored rules say Lucidité; the French name at first use)
        points = list(english(points, facts.glossary, facts.names))
    sections.append(("open", points))
    claim = facts.editor.get("claim")
    sections.append(("claims", claim() if claim else [Para(dress(w["no_claim"], lang))]))
    sections.append(("changes", changes(book, facts, inventories, corrections)))
    sections.append(("corrections", _corrections(corrections, lang)))
    sections.append(("coverage", [coverage(book, inventories, lang)]))
    sections.append(("facts", _outside(outside, lang)))
    blocks: list[Block] = [Para(dress(w["intro"], lang))]
    for n, (key, body) in enumerate(sections, 1):
        blocks.append(Heading(dress(f"{n}. {w[key] if key in w else REVIEW_WORDS[lang]['title']}", lang)))
        blocks.extend(body)
    title = dress(f"{book.title.in_lang(lang).split(' — ')[0]} — {w['title']}", lang)
    return Document(title, lang, tuple(blocks))
