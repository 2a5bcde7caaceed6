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
from collections.abc import Mapping, Sequence

from songe.rulebook.changes import changes, label, plain, prefixes, unplaced, vanished
from songe.rulebook.compose import GameFacts, printed_at, rule_text, short_question, titled
from songe.rulebook.confirm import difference, fact_items, items_blocks, point_items, reading_items, sentences
from songe.rulebook.document import Block, Document, Heading, Para, TableBlock
from songe.rulebook.own_words import worded
from songe.rulebook.refs import Place
from songe.rulebook.review import WORDS as REVIEW_WORDS
from songe.rulebook.review import review
from songe.rulebook.terms import english, english_label
from songe.rulebook.typography import dress, listed, number, unruled
from songe.spec.book import Book, Correction
from songe.spec.facts import OutsideFact, Standing
from songe.spec.inventory import Inventory
from songe.spec.readings import OpenPoint, Reading

#: The sign a book puts after an answer of its own (explained once in its edition line).
MARK = "\u00a0✱"

WORDS = {
    "fr": {"title": "dossier de l’éditeur",
           "lead": "Chaque entrée ci-dessous est une question que le texte laisse ouverte et à laquelle cette "
                   "édition répond à sa place : la question, la réponse proposée en une ligne, l’écart mesuré "
                   "quand il y en a un, puis la place pour la réponse de l’auteur et sa décision.",
           "lead_measured": " Les points dont l’effet est chiffré viennent d’abord, du plus grand écart au plus "
                            "petit ; puis les autres, dans l’ordre du dossier.",
           "lead_facts": " Viennent enfin les faits venus d’ailleurs qu’aucune seconde source ne confirme.",
           "lead_asks": " Les dernières entrées demandent à l’auteur, sans décision à signer, ce que ni le texte "
                        "ni aucune source publique ne dit du jeu publié.",
           "lead_by_point": " Chaque question porte le numéro de son point dans la section « Points ouverts », "
                            "qui cite la phrase en cause et donne en entier chaque lecture et ce qu’elle change.",
           "point_label": "Point {n} — ",
           "lead_skipped": " {which}",
           "mark": " Dans les règles clarifiées qu’il cite, le signe\u00a0✱ marque, comme dans le livre, une "
                   "réponse propre à cette édition.",
           "which_one": "Le point nᵒ {n} n’y figure pas : il ne vient pas du texte et n’est pas une question pour "
                        "l’auteur.",
           "which_many": "Les points nᵒˢ {n} n’y figurent pas : ils ne viennent pas du texte et ne sont pas des "
                         "questions pour l’auteur.",
           "lead_no_facts": " Aucun fait extérieur au texte n’est à confirmer.",
           "settled_one": "Le point nᵒ {n} n’y figure pas : les mots du texte le tranchent déjà, et il dit pourquoi.",
           "settled_many": "Les points nᵒˢ {n} n’y figurent pas : les mots du texte les tranchent déjà, et chacun dit "
                           "pourquoi.",
           "proposal": "Proposition de l’édition : ",
           "no_gap": "aucun écart : les lectures donnent la même probabilité de gagner", "answer": "Réponse de l’auteur : ",
           "decision": "Décision : ", "room": "………………………………",
           "gap": "écart mesuré entre les lectures : {p} sur la probabilité de gagner",
           "gap_most": "écart mesuré entre les lectures : jusqu’à {p} (avec la lecture {k}) sur la probabilité "
                       "de gagner",
           "chance": ", non significatif (le hasard des parties peut l’expliquer)", "fact": "Fait venu d’ailleurs : {fact}",
           "intro": "Ce dossier accompagne la règle clarifiée. Pour chaque point que le texte d’origine laisse "
                    "ouvert, il cite la phrase en cause, donne la lecture retenue, chaque autre lecture{example} ; "
                    "il met chaque phrase d’origine en regard de sa version "
                    "clarifiée et liste les corrections{facts}. La première section réunit les questions à faire "
                    "valider par l’auteur.",
           "intro_facts": " ; il donne la source de chaque fait venu d’ailleurs",
           "intro_example": ", ce que le choix change et un exemple", "intro_no_example": " et ce que le choix change",
           "intro_no_facts": " ; aucun fait extérieur au texte n’y entre",
           "point_head": "Point {n} — {title}", "unmodelled": "Pas chiffré", "aside": "Question écartée",
           "example_note": "Note sur l’exemple",
           "example_text": "{question} Seules les cartes inventées de l’exemple du livre (section {section}) posent "
                           "cette question, pas le texte : l’auteur n’a pas à la trancher. La note qui ouvre "
                           "l’exemple y répond : {reading}",
           "aside_text": "{question} Le texte tel qu’il est ne pose pas cette question : ses mots la tranchent, "
                         "ou aucune de ses cartes ne crée la situation. L’édition retient la lecture la plus "
                         "simple : {reading}",
           "aside_why": "{question} Le texte tel qu’il est ne pose pas cette question : {why} L’édition retient "
                        "la lecture la plus simple : {reading}",
           "confirm": "À faire valider par l’auteur", "open": "Points ouverts", "claims": "Affirmations de la règle "
           "d’origine", "changes": "Ce qui a changé", "reworded": "Annexe : reformulations, même règle",
           "corrections": "Corrections", "coverage": "Couverture", "facts": "Faits extérieurs au texte",
           "replay": "Note technique : reproduire ces chiffres",
           "question": "Question du texte", "adopted": "Lecture retenue", "other": "Autre lecture",
           "why": "Pourquoi cette lecture", "impact": "Effet", "example": "Exemple",
           "nothing_said": "(la règle n’en dit rien)", "moot": "Aucun écart", "where": "Dans le livre",
           "same": "les lectures donnent exactement les mêmes chances de gagner",
           "kept": "Le livre garde la lecture la plus simple : {reading}",
           "unmeasured": "Aucun de ces points n’a d’effet chiffré pour ce jeu : chacun dit en mots ce que change "
                         "chaque lecture, et la règle clarifiée le tranche par ses mots.",
           "wording_only": "{measured}Les points nᵒˢ {span} n’en ont pas : chacun dit ce que change chaque lecture "
                           "et pourquoi ce n’est pas chiffré ; la règle clarifiée les tranche par ses mots.",
           "wording_one": "{measured}Le point nᵒ {span} n’en a pas : il dit ce que change chaque lecture et "
                          "pourquoi ce n’est pas chiffré ; la règle clarifiée le tranche par ses mots.",
           "measured_one": "Le point nᵒ {span} a un effet chiffré. ",
           "measured_many": "Les points nᵒˢ {span} ont un effet chiffré. ",
           "coverage_text": "Sur les {sentences} {origin}, {rules} une règle que ce livre reprend{merged} ; "
                            "{flavour} aucune règle de jeu{which}, et le livre en garde ce qui sert au joueur ; "
                            "{lost}.",
           "sentence": "phrase|phrases", "origin": "du texte d’origine|des textes d’origine",
           "rewritten": "énonce|énoncent",
           "is_flavour": "n’énonce|n’énoncent",
           "lost": "{n} phrase est perdue : {ids}|{n} phrases sont perdues : {ids}", "none_lost": "aucune n’est perdue",
           "merged": ", dont {n} qui en {verb} une autre et y {join}{pairs}",
           "repeat": "répète|répètent", "joined": "est réunie|sont réunies", "pair": "{one} répète {other}",
           "and": " et ", "one": "une seule"},
    "en": {"title": "editor’s dossier",
           "lead": "Each entry below is a question the text leaves open and that this edition answers in its "
                   "place: the question, the proposed answer in one line, the measured gap when there is one, "
                   "then room for the author’s answer and decision.",
           "lead_measured": " The points whose effect is measured come first, largest difference first; then the "
                            "others, in the dossier’s order.",
           "lead_facts": " Last come the facts from elsewhere that no second source confirms.",
           "lead_asks": " The last entries ask the author, with no decision to sign, for what neither the text "
                        "nor any public source says of the published game.",
           "lead_by_point": " Each question carries its point’s number in the section “Open points”, which quotes "
                            "the sentence at issue and gives each reading in full and what it changes.",
           "point_label": "Point {n} — ",
           "lead_skipped": " {which}",
           "mark": " In the clarified rules it quotes, the sign\u00a0✱ marks, as in the book, an answer that is this "
                   "edition’s own.",
           "which_one": "Point {n} is not listed: it does not come from the text and is not a question for the "
                        "author.",
           "which_many": "Points {n} are not listed: they do not come from the text and are not questions for "
                         "the author.",
           "lead_no_facts": " No fact from outside the text needs confirming.",
           "settled_one": "Point {n} is not listed: the text's own words already settle it, and it says why.",
           "settled_many": "Points {n} are not listed: the text's own words already settle them, and each says why.",
           "proposal": "The edition’s proposal: ",
           "no_gap": "no gap: the readings give the same probability of winning", "answer": "The author’s answer: ",
           "decision": "Decision: ", "room": "………………………………",
           "gap": "measured gap between the readings: {p} in the probability of winning",
           "gap_most": "measured gap between the readings: up to {p} (under reading {k}) in the probability "
                       "of winning",
           "chance": ", not significant (chance alone may explain it)", "fact": "Fact from elsewhere: {fact}",
           "intro": "This dossier goes with the clarified rules. For each point the original text leaves open it "
                    "quotes the sentence at issue, gives the adopted reading, each other reading{example}; it "
                    "sets each original sentence beside its clarified version "
                    "and lists the corrections{facts}. The first section gathers the questions for the author to "
                    "confirm.",
           "intro_facts": "; it gives the source of every fact taken from elsewhere",
           "intro_example": ", what the choice changes and an example",
           "intro_no_example": " and what the choice changes",
           "intro_no_facts": "; no fact from outside the text enters it",
           "point_head": "Point {n} — {title}", "unmodelled": "Not measured", "aside": "Set aside",
           "example_note": "A note on the example",
           "example_text": "{question} Only the made-up cards of the book's example (section {section}) ask "
                           "this, not the text: the author need not settle it. The note that opens the example "
                           "answers it: {reading}",
           "aside_text": "{question} The text as it stands does not ask it: its words settle it, or none of its "
                         "cards creates the situation. The edition keeps the simplest reading: {reading}",
           "aside_why": "{question} The text as it stands does not ask it: {why} The edition keeps the simplest "
                        "reading: {reading}",
           "confirm": "For the author to confirm", "open": "Open points", "claims": "Claims of the original rules",
           "changes": "What changed", "reworded": "Appendix: reworded, same rule", "corrections": "Corrections",
           "coverage": "Coverage", "facts": "Facts from outside the text", "replay": "Technical note: reproducing these figures",
           "question": "The text’s question", "adopted": "Adopted reading", "other": "Other reading",
           "why": "Why this reading", "impact": "Effect", "example": "Example",
           "nothing_said": "(the rules say nothing of it)", "moot": "No gap", "where": "In the book",
           "same": "the readings give exactly the same chances of winning",
           "kept": "The book keeps the simplest reading: {reading}",
           "unmeasured": "None of these points has a measured effect for this game: each says in words what each "
                         "reading changes, and the clarified rules settle it in their words.",
           "wording_only": "{measured}Points {span} have none: each says what each reading changes and why it is "
                           "not measured; the clarified rules settle them in their words.",
           "wording_one": "{measured}Point {span} has none: it says what each reading changes and why it is not "
                          "measured; the clarified rules settle it in their words.",
           "measured_one": "Point {span} has a measured effect. ",
           "measured_many": "Points {span} have a measured effect. ",
           "coverage_text": "Of the {sentences} {origin}, {rules} a rule this book takes up{merged}; {flavour} no "
                            "rule of play{which}, and the book keeps what serves the player; {lost}.",
           "sentence": "sentence|sentences", "origin": "of the original text|of the original texts",
           "rewritten": "states|state",
           "is_flavour": "states|state",
           "lost": "{n} sentence is lost: {ids}|{n} sentences are lost: {ids}",
           "none_lost": "none is lost", "merged": ", {n} of which {verb} another and {join} with it{pairs}",
           "repeat": "repeats|repeat", "joined": "is merged|are merged", "pair": "{one} repeats {other}",
           "and": " and ", "one": "only one"},
}
_HEADS = {"fr": {"facts": ("Fait", "Valeur", "Où il a été lu", "Statut"),
                 "corrections": ("Phrase", "Texte fautif", "Correction", "Nature")},
          "en": {"facts": ("Fact", "Value", "Where it was read", "Standing"),
                 "corrections": ("Sentence", "Wrong text", "Correction", "Kind")}}
_STANDING = {"fr": {Standing.CONFIRMED: "confirmé (plusieurs sources)", Standing.SINGLE: "non confirmé (une seule "
                    "source)", Standing.DISPUTED: "sources en désaccord", Standing.MISSING: "introuvable"},
             "en": {Standing.CONFIRMED: "confirmed (several sources)", Standing.SINGLE: "unconfirmed (one source)",
                    Standing.DISPUTED: "sources disagree", Standing.MISSING: "not found"}}
_REWRITTEN = {"fr": " (phrase réécrite)", "en": " (sentence rewritten)"}
_KIND = {"fr": {"typo": "coquille", "ocr": "erreur de numérisation", "grammar": "grammaire", "substance": "erreur de fond"},
         "en": {"typo": "typo", "ocr": "OCR error", "grammar": "grammar", "substance": "error of substance"}}


def _under(book: Book, facts: GameFacts, reading: Reading, option: str) -> list[str]:
    """What the book says of a reading's question under one option: its rules' texts, one per rule."""
    alt = dataclasses.replace(facts, chosen={**facts.chosen, reading.id: option})
    said = [rule_text(r, alt, book.file) for r in book.rules
            if reading.id in r.readings and r.block not in ("faq_note", "faq_answer")]
    drafted = facts.answer_under(reading.id, option)  # a reading no authored rule words (a designer's)
    return said or ([dress(drafted, facts.lang)] if drafted else [])


def wordings(book: Book, facts: GameFacts, reading: Reading) -> tuple[str, list[str]]:
    """The adopted wording and each other one, shown only where they differ (rule by rule, the shared sentences
    left out), each difference in whole sentences, so that an author reads the choice in a line or two and can
    accept each wording as it stands (the question says what the sentences left out are about)."""
    here = facts.chosen.get(reading.id, reading.default)
    base = _under(book, facts, reading, here)
    adopted: list[str] = []
    others: list[list[str]] = []
    for option in (o for o in reading.option_ids if o != here):
        alt, mine, theirs = _under(book, facts, reading, option), [], []
        for a, b in zip(base, alt, strict=True):
            if a != b:
                x, y = difference(a, b, "", whole=True)
                mine += [x] if x else []
                theirs += [y] if y else []
        adopted = adopted or mine
        others.append(theirs)
    said = WORDS[facts.lang]["nothing_said"]
    # the book's mark of its own answers (and its ruling marker) would sit on the other reading too: the dossier
    # labels them instead
    return (" ".join(adopted) or " ".join(base) or said).replace(MARK, ""), [
        _unmarked(book, " ".join(o), facts.lang).replace(MARK, "") or said for o in others]


def short_answer(book: Book, facts: GameFacts, point: Reading | OpenPoint, adopted: str) -> str:
    """The edition's answer in one line, for the author's sheet: the first sentence of the book's FAQ answer to
    the point's short question (the one :func:`short_question` asks), else of the designer's answer, else of the
    ``adopted`` wording; the full wordings stay in the open points."""
    faq = next((r for r in book.rules if r.block == "faq_answer" and point.id in r.readings and r.title), None)
    said = rule_text(faq, facts, book.file) if faq is not None else ""
    if not said and isinstance(point, Reading):
        said = dress(facts.restate(point.answer_in(facts.lang)), facts.lang)
    first = sentences(_unmarked(book, said or adopted, facts.lang).replace(MARK, ""))
    return first[0] if first else adopted


def _unmarked(book: Book, text: str, lang: str) -> str:
    """A rejected reading's wording without the book's marker of its own rulings: only the adopted reading is
    this edition's.

    >>> from songe.spec.book import Wording
    >>> b = Book("", "", Wording("", ""), Wording("", ""), (), ruling=Wording("(précision de cette édition)", ""))
    >>> _unmarked(b, "Le vol attend (précision de cette édition).", "fr")
    'Le vol attend.'
    """
    if book.ruling is None:
        return text
    mark = book.ruling.in_lang(lang)
    for m in {mark, dress(mark, lang)}:
        text = text.replace(f" {m}", "").replace(f"{m} ", "").replace(m, "")
    return text


def _why(book: Book, facts: GameFacts, reading: Reading) -> str:
    own = [r for r in book.rules if r.block == "faq_note" and reading.id in r.readings]
    if own:
        return rule_text(own[0], facts, book.file)
    return dress(reading.note_in(facts.lang), facts.lang) if facts.lang == "en" or reading.note_fr else ""


def _label(key: str, lang: str, k: int = 0) -> str:
    """A dossier word as the label of what follows it ("Effet : …", "Effect: …"); ``k``: the number of one
    reading among several ("Autre lecture 2 : …")."""
    return _label_text(WORDS[lang][key] + (f" {k}" if k else ""), lang)


def _quotes(quotes: Sequence[str], sentence: Mapping[str, str], lang: str) -> list[Block]:
    """The source sentences at issue, each with its number in the original when it is found there."""
    out: list[Block] = []
    for q in quotes:
        where = _where(q, sentence)
        shown = f"« {unruled(q)} »" if lang == "fr" else f"“{unruled(q)}”"
        out.append(Para(dress(f"[{where}] {shown}" if where else shown, lang)))
    return out


#: A quote is looked for across up to this many consecutive source sentences (a note of two sentences).
SPAN = 3


def _where(quote: str, sentence: Mapping[str, str]) -> str:
    """The number of the source sentence a quote comes from, or « 67–68 » for a quote that runs over consecutive
    sentences ("" when the text has it nowhere).

    >>> _where("B. C", {"1": "A.", "2": "B.", "3": "C."})
    '2–3'

    A quote that is a whole sentence is that sentence's, before any earlier, longer one that contains it:

    >>> _where("B.", {"1": "A. B. C.", "2": "B."})
    '2'
    """
    keys, wanted = list(sentence), plain(quote)
    whole = [k for k in keys if plain(sentence[k]) == wanted]
    if whole:
        return whole[0]
    for width in range(1, SPAN + 1):
        for i in range(len(keys) - width + 1):
            if wanted in plain(" ".join(sentence[k] for k in keys[i:i + width])):
                return keys[i] if width == 1 else f"{keys[i]}–{keys[i + width - 1]}"
    return ""


def _in_book(book: Book, reading: Reading | OpenPoint, at: Mapping[str, Place], lang: str) -> list[Block]:
    """Where the player's book states the adopted reading: each section and the first words of its rule."""
    seen: list[str] = []
    placed = [r for r in book.rules if r.id in at and reading.id in r.readings]
    for r in [r for r in placed if r.block != "faq_answer"] or placed:  # its FAQ answer only when no rule says it
        p = at[r.id]
        if p is not None:
            told = f"section {p.section}, « {p.lead} »" if lang == "fr" else f"section {p.section}, “{p.lead}”"
            seen += [told] if told not in seen else []
    return [Para(dress(" ; ".join(seen) if lang == "fr" else "; ".join(seen), lang), label=_label("where", lang))
            ] if seen else []


def open_point(book: Book, facts: GameFacts, reading: Reading, n: int, sentence: Mapping[str, str],
               at: Mapping[str, Place] | None = None) -> list[Block]:
    """One open point, in the order an editor reads it: the source sentences at issue, the question (the
    player's short one as the title, the rest of the text's question below it), the adopted wording and why,
    each other wording (where they differ), the measured effect, then a game where they part, told as an
    example."""
    lang = facts.lang
    title, full = short_question(book, facts, reading), dress(reading.question_in(lang), lang)
    # a question the text's own words settle says so; one no card of the text raises says that
    said = "stated" if reading.origin == "engine" and reading.stated else reading.origin
    origin = [Para(dress(_ORIGIN[lang][said], lang))] if reading.origin != "text" else []
    rest = full[len(title):].strip() if full.startswith(title) else full
    adopted, others = wordings(book, facts, reading)
    out: list[Block] = [Heading(_head(n, title, lang), 2), *origin, *_quotes(reading.quotes, sentence, lang)]
    if rest:
        out.append(Para(rest, label=_label("question", lang)))
    out.append(Para(adopted, label=_label("adopted", lang)))
    out += _in_book(book, reading, at or {}, lang)
    why = _why(book, facts, reading)
    if why:
        out.append(Para(why, label=_label("why", lang)))
    for k, text in enumerate(others, 1):
        out.append(Para(text, label=_label("other", lang, k if len(others) > 1 else 0)))
    if facts.magnitude(reading.id) == 0 and facts.significant(reading.id) is None:
        # exactly the same figures (an exact measure, not a sample's zero): a line in place of effect and example
        told = [facts.witness(reading.id, o) for o in reading.option_ids if o != facts.chosen.get(reading.id,
                                                                                                  reading.default)]
        said = " ".join(told[0].split("\n")) if told else ""
        same = WORDS[lang]["same"] + ((" ; " if lang == "fr" else "; ") + said if said else ".")
        return [*out, Para(dress(same, lang), label=_label("moot", lang))]
    impact = dress(facts.impact(reading.id), lang)
    if impact:  # a game's sentence may open with the label's own word (« Effet mesuré … »): no second label
        own = impact.split()[0].casefold() == WORDS[lang]["impact"].casefold()
        head, colon, rest = impact.partition(":")  # its own lead-in (« Effet mesuré ») set as the others' labels
        out.append(Para(rest.strip(" \u00a0\u202f")[:1].upper() + rest.strip(" \u00a0\u202f")[1:],
                        label=_label_text(head.strip(" \u00a0\u202f"), lang)) if own and colon and len(head) < 40
                   else Para(impact, label="" if own else _label("impact", lang)))
    for k, option in enumerate((o for o in reading.option_ids if o != facts.chosen.get(reading.id, reading.default)),
                               1):
        told = facts.witness(reading.id, option).split("\n")  # a game told line by line: a paragraph each
        if told[0]:
            out.append(Para(dress(told[0], lang), label=_label("example", lang, k if len(others) > 1 else 0)))
            out += [_told_line(t, lang) for t in told[1:]]
    return out


def _told_line(line: str, lang: str) -> Para:
    """A line of a witness after its first: « label<TAB>text » sets the label in bold, as the entry's others."""
    head, tab, text = line.partition("\t")
    return Para(dress(text, lang), label=_label_text(head, lang)) if tab else Para(dress(line, lang))


def _label_text(word: str, lang: str) -> str:
    """Any word as a label (« Exemple : », "Example: "): what :func:`_label` does for a dossier word."""
    return dress(f"{word} : " if lang == "fr" else f"{word}: ", lang)


def out_of_model(point: OpenPoint, lang: str, n: int, sentence: Mapping[str, str], book: Book | None = None,
                 at: Mapping[str, Place] | None = None) -> list[Block]:
    """A question of the text the engine does not model: its sentences, each reading in words (the adopted one
    first, as the book words it, and where the book words it when a rule names the point) and what it changes
    (in French when the spec words it in French). A point raised only by invented example cards or a spec copy
    says so."""
    fr = lang == "fr"
    readings = point.readings_fr if fr else point.readings
    full = point.question_fr if fr else point.question
    # the player's short question (the title of the book's FAQ answer) heads it, the full one under the quotes
    own = point_title(book, point, lang) if book is not None else point.title_fr if fr else point.title
    out: list[Block] = [Heading(_head(n, own or full, lang), 2)]
    if point.origin != "text":
        out.append(Para(dress(_ORIGIN[lang][point.origin], lang)))
    out += _quotes(point.quotes, sentence, lang)
    if own and dress(own, lang) != dress(full, lang):
        out.append(Para(dress(full, lang), label=_label("question", lang)))
    out.append(Para(dress(readings[0], lang), label=_label("adopted", lang)))
    out += _in_book(book, point, at or {}, lang) if book is not None else []
    reason = point.reason_fr if fr else point.reason
    if reason:
        out.append(Para(dress(reason, lang), label=_label("why", lang)))
    out += [Para(dress(r, lang), label=_label("other", lang, k if len(readings) > 2 else 0))
            for k, r in enumerate(readings[1:], 1)]
    impact = point.impact_fr if fr else point.impact
    if impact:
        out.append(Para(dress(impact, lang), label=_label("impact", lang)))
    unmodelled = point.why_not_modelled_fr if fr else point.why_not_modelled
    if unmodelled:
        out.append(Para(dress(unmodelled, lang), label=_label("unmodelled", lang)))
    return out


def point_title(book: Book, point: OpenPoint, lang: str) -> str:
    """A point's short question: the title of the book's FAQ answer to it, else the spec's, else its question."""
    fr = lang == "fr"
    return next((r.title.in_lang(lang) for r in book.rules if r.block == "faq_answer" and point.id in r.readings
                 and r.title), "") or (point.title_fr if fr else point.title) or (point.question_fr if fr else point.question)


def _head(n: int, title: str, lang: str) -> str:
    """A point's heading, « Point 3 — … »: unlike a section's « 3. … », so that the two never look alike."""
    return dress(WORDS[lang]["point_head"].format(n=n, title=title), lang)


def _aside(point: OpenPoint, lang: str) -> Para:
    """A question only a new card would ask: a line after the list, not a point of the text."""
    fr = lang == "fr"
    reading = (point.readings_fr if fr else point.readings)[0]
    why = point.why_not_modelled_fr if fr else point.why_not_modelled  # which of the two: the point's own words
    text = WORDS[lang]["aside_why" if why else "aside_text"].format(
        question=point.question_fr if fr else point.question, why=_lower(why), reading=_lower(reading))
    return Para(dress(text, lang), label=_label("aside", lang))


def _lower(text: str) -> str:
    """A sentence continuing after a colon: its first letter in lower case."""
    return text[:1].lower() + text[1:]


def _example_note(book: Book, facts: GameFacts, reading: Reading, at: Mapping[str, Place]) -> Para:
    """A question only the invented example cards ask: a note on the example after the points, with the answer
    the book gives for those cards and where, not a point for the author."""
    lang = facts.lang
    where = next((f"{p.section}" for r in book.rules if reading.id in r.readings and (p := at.get(r.id))), "")
    text = WORDS[lang]["example_text"].format(question=dress(reading.question_in(lang), lang),
                                             reading=_lower(wordings(book, facts, reading)[0]), section=where or "?")
    return Para(dress(text, lang), label=_label("example_note", lang))


#: Where a point comes from when it is not the text's own question.
_ORIGIN = {"fr": {"example_cards": "Question posée seulement par les cartes d’exemple inventées, pas par le texte : "
                                   "une note sur l’exemple, pas une question pour l’auteur.",
                  "engine": "Le texte tel qu’il est ne pose pas cette question : ses mots la tranchent, ou aucune "
                            "de ses cartes ne crée la situation. Ce n’est pas une question pour l’auteur.",
                  "stated": "Les mots du texte tranchent déjà cette question (voir « Pourquoi cette lecture ») : "
                            "ce n’est pas une question pour l’auteur. Le livre écrit la réponse en toutes lettres "
                            "pour éviter toute erreur de lecture ; l’autre lecture n’est mesurée que pour dire ce "
                            "que coûterait cette erreur."},
           "en": {"example_cards": "A question raised only by the invented example cards, not by the text: a note "
                                   "on the example, not a question for the author.",
                  "engine": "The text as it stands does not ask this question: its words settle it, or none of its "
                            "cards creates the situation. It is not a question for the author.",
                  "stated": "The text’s words already settle this question (see “Why this reading”): it is not a "
                            "question for the author. The book writes the answer out to prevent any misreading; the other "
                            "reading is measured only to tell what that misreading would cost."}}


def _any_measured(facts: GameFacts) -> bool:
    """Whether some reading's effect is a figure (an effect said in words is not): the dossier then ranks by it,
    says which points are not measured, and tells a game for each."""
    return any(facts.magnitude(r.id) is not None for r in facts.readings)


def numbers(facts: GameFacts) -> dict[str, int]:
    """Each open point's number in the dossier: the readings, then the points out of the model; a reading only
    the invented example cards raise is no point of the text (a note on the example, after the points)."""
    ids = [r.id for r in facts.readings if r.origin != "example_cards"] + [
        p.id for p in facts.open_points if p.origin != "engine"]
    return {x: k for k, x in enumerate(ids, 1)}


def to_confirm(book: Book, facts: GameFacts, outside: Sequence[OutsideFact] = ()) -> list[Block]:
    """The author's decision sheet: every question (the readings, measured first, largest gap first; the text's
    points out of the model; the outside facts no second source confirms), each under its point's number with the
    edition's answer in a line, the gap and room for the answer; the full wordings are the open points'."""
    lang, num, w = facts.lang, numbers(facts), WORDS[facts.lang]
    readings = reading_items(facts.readings, num, lambda r: short_question(book, facts, r),
                             lambda r: short_answer(book, facts, r, wordings(book, facts, r)[0]), facts.magnitude,
                             facts.significant, w, lang, facts.widest, facts.gap)
    ranked = [item for _, item in sorted(readings, key=lambda x: -x[0])]  # stable: the dossier's order on ties
    told = fact_items(outside, _STANDING[lang], w, lang)
    fr = lang == "fr"
    points = point_items(facts.open_points, num, lambda p: dress(point_title(book, p, lang), lang),
                         lambda p: short_answer(book, facts, p, dress((p.readings_fr if fr else p.readings)[0], lang)),
                         lang)
    items = ranked + points + told
    # the lead announces only what the list holds: a measured order, the outside facts or that there are none
    measured = _any_measured(facts)
    asked = {r.id for r in facts.readings if r.origin == "text"} | {p.id for p in facts.open_points if p.origin == "text"}
    skipped = sorted(n for x, n in num.items() if x not in asked)  # numbered in the dossier, not the author's
    by_point = not measured  # the dossier's order: each question numbered as its point
    aside = (w["lead_skipped"].format(which=w["which_one" if len(skipped) == 1 else "which_many"].format(
        n=", ".join(map(str, skipped)))) if by_point and skipped else "")
    # measured points the text's own words settle: the list says why they are not in it
    settled = sorted(num[r.id] for r in facts.readings if r.origin == "engine" and r.stated)
    if not by_point and settled and len(settled) == len(skipped):
        aside = w["lead_skipped"].format(which=w["settled_one" if len(settled) == 1 else "settled_many"].format(
            n=listed([str(k) for k in settled], lang)))
    w = {**w, "lead": w["lead"] + w["lead_by_point"] + (w["lead_measured"] if measured else "")
         + aside + (w["lead_facts"] if any(i.proposal for i in told) else "")
         + (w["lead_asks"] if any(not i.proposal for i in told) else "") + ("" if told else w["lead_no_facts"])}
    if lang == "en":
        items = [dataclasses.replace(i, question=english_label(i.question, facts.glossary, facts.names),
                                     proposal=english_label(i.proposal, facts.glossary, facts.names),
                                     asks=tuple(english_label(a, facts.glossary, facts.names) for a in i.asks))
                 for i in items]
    return items_blocks(items, w, lang)


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
    which = f" ({', '.join(shown(e.id) for e in flavour)})" if flavour else ""
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


def _corrections(corrections: Sequence[Correction], prefix: dict[str, str], lang: str,
                 gone: set[Correction] | frozenset[Correction] = frozenset()) -> list[Block]:
    """The corrections table; ``gone``: those the book never prints, its sentence rewritten (said in the kind).
    In French the kind opens with what the fault is (« élision devant une voyelle »), the class after it: the
    class alone (« grammaire ») misnamed some."""
    def kind(c: Correction) -> str:
        said = f"{c.why} ({_KIND[lang][c.kind]})" if lang == "fr" and c.why else _KIND[lang][c.kind]
        return said + (_REWRITTEN[lang] if c in gone else "")
    rows = tuple((label(c.sentence, prefix), f"« {c.wrong} »" if lang == "fr" else f"“{c.wrong}”",
                  f"« {c.right} »" if lang == "fr" else f"“{c.right}”", kind(c)) for c in corrections)
    return [TableBlock("", _HEADS[lang]["corrections"], tuple(tuple(dress(x, lang) for x in r) for r in rows))]


#: A game's own dossier section (a hook of ``GameFacts.editor``), printed after the open points under this title;
#: the other hooks but the claims go to the technical note, « Note technique : reproduire ces chiffres ».
_OWN_SECTION = {"differences": {"fr": "Différences entre les deux textes d’origine",
                                "en": "Differences between the two original texts"}}
#: A text printed twice over is counted once; the coverage says so, with the copy's first and last sentences.
_REPRINT = {"fr": "Un texte imprime en outre une seconde fois, mot pour mot, {n} phrases ({first} à {last}) : elles "
                  "ne sont comptées qu’une fois.",
            "en": "One text also prints {n} sentences a second time, word for word ({first} to {last}): they are "
                  "counted once."}


def _reprinted(inventories: Sequence[Inventory], lang: str) -> list[Block]:
    """The coverage's note on the sentences a text prints twice over (nothing when no text does)."""
    copies = [c for inv in inventories for c in inv.reprints()]
    if not copies:
        return []
    prefix = prefixes(inventories)
    return [Para(dress(_REPRINT[lang].format(n=number(len(copies), lang), first=f"[{label(copies[0], prefix)}]",
                                             last=f"[{label(copies[-1], prefix)}]"), lang))]


def _first_copies(corrections: Sequence[Correction], inventories: Sequence[Inventory]) -> list[Correction]:
    """The corrections but those of a word-for-word reprint: its first copy's correction says it once."""
    copies = {c for inv in inventories for c in inv.reprints()}
    return [c for c in corrections if c.sentence not in copies]


def _outside(found: Sequence[OutsideFact], lang: str) -> list[Block]:
    rows = tuple((f.fact, f.value, f.sources, _STANDING[lang][f.standing]) for f in found)
    return [TableBlock("", _HEADS[lang]["facts"], tuple(tuple(dress(x, lang) for x in r) for r in rows))]


def _points(book: Book, facts: GameFacts, sentence: Mapping[str, str]) -> list[Block]:
    """Section « Points ouverts »: why nothing (or only some) is measured, said once, then each point."""
    w, lang, num = worded(WORDS[facts.lang], facts.lang, facts.own_game), facts.lang, numbers(facts)
    measured = _any_measured(facts)
    listed = [p for p in facts.open_points if p.origin != "engine"]  # a modified copy's questions: a line after
    out: list[Block] = []
    if not measured:
        out.append(Para(dress(book.unmeasured.in_lang(lang) if book.unmeasured else w["unmeasured"], lang)))
    elif listed:
        first, last = num[listed[0].id], num[listed[-1].id]
        said = w["measured_one" if first == 2 else "measured_many"].format(span=_span(1, first - 1, lang))
        out.append(Para(dress(w["wording_one" if first == last else "wording_only"].format(
            measured=said if first > 1 else "", span=_span(first, last, lang)), lang)))
    legend = facts.editor.get("legend")  # what the bracketed sentence numbers refer to, where they first appear
    out += legend() if legend else []
    at = printed_at(book, facts)
    out += [b for r in facts.readings if r.id in num for b in open_point(book, facts, r, num[r.id], sentence, at)]
    out += [b for p in listed for b in out_of_model(p, lang, num[p.id], sentence, book, at)]
    out += [_aside(p, lang) for p in facts.open_points if p.origin == "engine"]
    out += [_example_note(book, facts, r, at) for r in facts.readings if r.id not in num]
    if lang == "en":  # the book's English words (its authored rules say Lucidité; the French name at first use)
        out = list(english(out, facts.glossary, facts.names))
    return out


def _span(first: int, last: int, lang: str) -> str:
    """Point numbers from ``first`` to ``last`` in words: « 3 », « 3 et 4 », « 3 à 9 ».

    >>> _span(3, 4, "fr"), _span(1, 9, "en"), _span(2, 2, "fr")
    ('3 et 4', '1 to 9', '2')
    """
    if first == last:
        return str(first)
    to = (" et " if lang == "fr" else " and ") if last == first + 1 else (" à " if lang == "fr" else " to ")
    return f"{first}{to}{last}"


def dossier(book: Book, facts: GameFacts, inventories: Sequence[Inventory], corrections: Sequence[Correction],
            outside: Sequence[OutsideFact]) -> Document:
    """The editor's dossier of one game in the facts' language: numbered sections, the author's list first;
    a section is printed only when it has something to say; how to reproduce the figures comes last."""
    w, lang = worded(WORDS[facts.lang], facts.lang, facts.own_game), facts.lang
    prefix = prefixes(inventories)
    sentence = {label(e.id, prefix): e.unit.text for inv in inventories for e in inv.entries}
    sections: list[tuple[str, list[Block]]] = [("confirm", to_confirm(book, facts, outside))]
    reread = review(book, facts)  # only a user's spec that changed a described card has any
    if reread:
        sections.insert(0, ("review", reread))
    sections.append(("open", _points(book, facts, sentence)))
    claim = facts.editor.get("claim")
    sections.append(("claims", claim() if claim else []))
    sections += [(name, make()) for name, make in facts.editor.items() if name in _OWN_SECTION]
    changed, reworded = changes(book, facts, inventories, numbers(facts))
    sections += [("changes", changed), ("corrections", _corrections(_first_copies(corrections, inventories), prefix, lang,
                                                                vanished(book, facts, corrections))
                                                   if corrections else []),
                 ("coverage", [coverage(book, [i.once() for i in inventories], lang, facts), *_reprinted(inventories, lang)]),
                 ("facts", _outside(outside, lang) if outside else []), ("reworded", reworded),
                 ("replay", [b for name, make in facts.editor.items() if name not in ("claim", "legend", "unmeasured", *_OWN_SECTION)
                             for b in make()])]
    marked = any(MARK in r.wording.fr for r in book.rules)  # the book marks its own answers: the dossier quotes it
    # the intro promises an example only where a point tells one (a game whose readings part)
    told = any(isinstance(b, Para) and b.label.startswith(w["example"]) for _, body in sections for b in body)
    blocks: list[Block] = [Para(dress(w["intro"].format(facts=w["intro_facts" if outside else "intro_no_facts"],
                                                        example=w["intro_example" if told else "intro_no_example"])
                                      + (w["mark"] if marked else ""), lang))]
    for n, (key, body) in enumerate(((k, b) for k, b in sections if b), 1):
        title = w[key] if key in w else _OWN_SECTION[key][lang] if key in _OWN_SECTION else REVIEW_WORDS[lang]["title"]
        blocks.append(Heading(dress(f"{n}. {title}", lang)))
        blocks.extend(body)
    title = dress(titled(book, facts, w["title"]), lang)
    return Document(title, lang, tuple(blocks))
