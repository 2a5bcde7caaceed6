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

from songe.rulebook.changes import changes, label, plain, prefixes, vanished
from songe.rulebook.compose import GameFacts, printed_at, rule_text, short_question, titled
from songe.rulebook.confirm import difference, fact_items, groups_said, items_blocks, point_items, reading_items, restates, sentences
from songe.rulebook.document import Block, Document, Heading, Para, TableBlock
from songe.rulebook.dossier_coverage import _reprinted, coverage, flavour_table
from songe.rulebook.dossier_words import _HEADS, _KIND, _ORIGIN, _OWN_SECTION, _REWRITTEN, _STANDING, MARK, WORDS
from songe.rulebook.own_words import worded
from songe.rulebook.refs import Place
from songe.rulebook.review import WORDS as REVIEW_WORDS
from songe.rulebook.review import review
from songe.rulebook.terms import english, english_label
from songe.rulebook.typography import dress, listed, unruled
from songe.spec.book import Book, Correction
from songe.spec.facts import OutsideFact
from songe.spec.inventory import Inventory
from songe.spec.readings import OpenPoint, Reading


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
    rest = beyond(full, title)
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
    more = beyond(dress(full, lang), dress(own, lang)) if own else ""
    if more:
        out.append(Para(more, label=_label("question", lang)))
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


def beyond(full: str, title: str) -> str:
    """What a point's full question adds to its title: its sentences but those that only say the title again,
    printed only when they still ask something (a question) or say more than one thing ("" otherwise).

    >>> beyond("Pour combien de joueurs est le jeu ? Le texte ne le dit jamais.", "À combien de joueurs joue-t-on ?")
    ''
    >>> beyond("Qui mélange ? Et qui distribue ?", "Qui mélange ?")
    'Et qui distribue ?'
    """
    said = [s for s in sentences(full) if not restates(s, title)]
    return " ".join(said) if any("?" in s for s in said) or len(said) > 1 else ""


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
    # a measured choice the game words no line of its own for: both readings' figures under the gap, so that the
    # author reads which way it goes (the gap alone said how far, not in which direction)
    by_number = {num[r.id]: r for r in facts.readings if r.id in num}
    ranked = [dataclasses.replace(i, note=dress(facts.impact(by_number[i.number].id), lang))
              if facts.magnitude(by_number[i.number].id) and not facts.gap(by_number[i.number].id) else i
              for i in ranked]
    fr = lang == "fr"
    points = point_items(facts.open_points, num, lambda p: dress(point_title(book, p, lang), lang),
                         lambda p: short_answer(book, facts, p, dress((p.readings_fr if fr else p.readings)[0], lang)),
                         lang)
    items = fact_items(outside, _STANDING[lang], w, lang, ranked + points, num)
    # the lead announces only what the list holds: a measured order, the points it leaves out and why
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
    w = {**w, "lead": w["lead"] + groups_said(items, w) + w["lead_by_point"]
         + (w["lead_measured"] if measured else "") + aside}  # no outside fact: the dossier's own intro says so
    if lang == "en":
        items = [dataclasses.replace(i, question=english_label(i.question, facts.glossary, facts.names),
                                     proposal=english_label(i.proposal, facts.glossary, facts.names),
                                     asks=tuple(english_label(a, facts.glossary, facts.names) for a in i.asks))
                 for i in items]
    return items_blocks(items, w, lang)


def _corrections(corrections: Sequence[Correction], prefix: dict[str, str], lang: str,
                 gone: set[Correction] | frozenset[Correction] = frozenset()) -> list[Block]:
    """The corrections table, each sentence as « [12] » as elsewhere; ``gone``: those the book never prints, its
    sentence rewritten: their faults said once in a line after the table, with no corrected wording the book does
    not use. In French the kind opens with what the fault is (« élision devant une voyelle »), the class after it:
    the class alone (« grammaire ») misnamed some."""
    def kind(c: Correction) -> str:
        return f"{c.why} ({_KIND[lang][c.kind]})" if lang == "fr" and c.why else _KIND[lang][c.kind]

    def quoted(text: str) -> str:
        return f"« {text} »" if lang == "fr" else f"“{text}”"
    rows = tuple((f"[{label(c.sentence, prefix)}]", quoted(c.wrong), quoted(c.right), kind(c))
                 for c in corrections if c not in gone)
    out: list[Block] = [TableBlock("", _HEADS[lang]["corrections"], tuple(tuple(dress(x, lang) for x in r) for r in rows))
                        ] if rows else []
    faults = [f"[{label(c.sentence, prefix)}] {quoted(c.wrong)}, {kind(c)}" for c in corrections if c in gone]
    if faults:
        out.append(Para(dress(_REWRITTEN[lang].format(faults=(" ; " if lang == "fr" else "; ").join(faults)), lang)))
    return out


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
    # the questions only a modified copy or the invented example cards ask: under their own heading, never read as
    # part of the last point
    aside = [_aside(p, lang) for p in facts.open_points if p.origin == "engine"] + [
        _example_note(book, facts, r, at) for r in facts.readings if r.id not in num]
    out += [Heading(dress(w["not_asked"], lang), 2), *aside] if aside else []
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
                 ("coverage", [coverage(book, [i.once() for i in inventories], lang, facts),
                               *flavour_table([i.once() for i in inventories], lang), *_reprinted(inventories, lang)]),
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
