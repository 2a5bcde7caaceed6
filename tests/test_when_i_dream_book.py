"""When I Dream's player book (issues 23 and 24): every open point answered in words, a round split into
the Night and the Day as the texts split it, short FAQ answers, and game terms never cut at a line end."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from songe.cli.common import load_game_spec
from songe.rulebook import books
from songe.rulebook.compose import rule_text
from songe.rulebook.document import QA, Heading, Para
from songe.rulebook.pdf import write_pdf
from songe.rulebook.typography import unruled
from songe.spec import glossary

GAME = "when-i-dream"
SPEC = load_game_spec(GAME, None, ())


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_open_point_out_of_the_model_is_answered_by_a_rule_of_the_book(lang: str) -> None:
    """Each point the engine does not model is named by a rule of the player's book (not a FAQ note), and
    that rule's words are on the page: the book settles it in words, never by a rewording alone."""
    book = books.book_of(GAME, SPEC)
    doc = books.document(GAME, SPEC, None, lang)
    texts = " ".join(doc.texts())
    facts = books._facts(GAME, SPEC, None, lang, None)
    for point in SPEC.open_points:
        rules = [r for r in book.rules if point.id in r.readings and not r.block and r.text(lang, facts.chosen)]
        assert rules, f"open point {point.id} is worded by no rule of the book"
        assert all(rule_text(r, facts) in texts for r in rules), point.id


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_turn_is_split_into_the_night_and_the_day(lang: str) -> None:
    doc = books.document(GAME, SPEC, None, lang)
    g = glossary.of(SPEC)
    subs = [b.text for b in doc.blocks if isinstance(b, Heading) and b.level == 2]
    night, day = (glossary.fill(g, "{The." + key + "}", lang) for key in ("night", "day"))
    assert night in subs and day in subs and subs.index(night) < subs.index(day)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_faq_asks_only_what_the_rules_leave_and_answers_in_two_sentences_at_most(lang: str) -> None:
    """A question per FAQ answer with words: none for a point a rule of the turn already answers (the passing
    Dreamer, the Sandmen's scoring, the points out of the model), whose answer has no text."""
    doc = books.document(GAME, SPEC, None, lang)
    qas = [b for b in doc.blocks if isinstance(b, QA)]
    facts = books._facts(GAME, SPEC, None, lang, None)
    answered = [r for r in books.book_of(GAME, SPEC).rules if r.block == "faq_answer" and r.text(lang, facts.chosen)]
    assert len(qas) == len(answered) < len(SPEC.readings)
    for qa in qas:
        assert qa.question.count("?") == 1 and qa.question.endswith("?"), qa.question
        assert len(re.findall(r"[.!?](?:\s|$)", qa.answer)) <= 2, qa.answer
        assert "«" not in qa.question and "“" not in qa.question, qa.question


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_empty_section_is_printed_and_the_sections_are_numbered_on(lang: str) -> None:
    """The texts offer no level or variant and the rules answer every question: those sections are not printed
    (no heading followed by the next heading), and the others are numbered 1, 2, 3… without a gap."""
    blocks = books.document(GAME, SPEC, None, lang).blocks
    tops = [k for k, b in enumerate(blocks) if isinstance(b, Heading) and b.level == 1]
    assert all(k + 1 < len(blocks) and k + 1 not in tops for k in tops)
    titles = [b.text for b in blocks if isinstance(b, Heading) and b.level == 1]
    assert [t.split(".")[0] for t in titles] == [str(n) for n in range(1, len(titles) + 1)]


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler-utils (pdftotext) not installed")
def test_no_hyphenated_game_term_is_cut_at_a_line_end(tmp_path: Path) -> None:
    """« Croque-Mitaine » appears a dozen times on narrow lines: none may end a line on its hyphen."""
    pdf = write_pdf(books.document(GAME, SPEC, None, "fr"), tmp_path / "book.pdf")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert text.count("Croque-Mitaine") > 5
    assert not re.search(r"\w-\s*\n", text), re.findall(r".{20}\w-\s*\n", text)


def _plain(text: str) -> str:
    """Text with the typography's spaces and apostrophes made plain, to compare with the spec's strings."""
    text = re.sub(r"[\u00a0\u202f]", " ", text).replace("’", "'")
    text = re.sub(r"\s+([:;!?])", r"\1", text)  # French typography spaces a colon, a source may not
    return re.sub(r"[«“]\s*", "“", re.sub(r"\s*[»”]", "”", text))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dossier_lists_every_difference_of_the_two_texts_with_both_sentences(lang: str) -> None:
    """Issue 24: each difference between the short text and the catalogue, with both sentences (or the silence
    of one) and what changes in play, in the dossier's language."""
    texts = _plain(" ".join(books.dossier(GAME, SPEC, None, lang).texts()))
    assert SPEC.differences
    for d in SPEC.differences:
        changes = d["changes_fr"] if lang == "fr" else d["changes"]
        assert changes and _plain(changes) in texts, d["id"]
        for side in ("short", "catalogue"):
            # quoted as a reader reads it: a table row's cell bars dropped (the spec keeps the source's text)
            assert not d[side] or " ".join(_plain(unruled(d[side])).split()[:6]) in texts, (d["id"], side)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dossier_counts_a_text_printed_twice_once(lang: str) -> None:
    """The catalogue prints its notice twice: the coverage counts each sentence once and says how many copies it
    left out, the corrections name a typo once (at its first copy), and the differences between the two texts
    are a section of their own (not under « how to reproduce the figures »)."""
    from songe.rulebook.document import TableBlock
    from songe.rulebook.dossier import _HEADS, coverage
    from songe.spec.book import load_corrections
    from songe.spec.inventory import load_game

    inventories = load_game(GAME)
    copies = [c for inv in inventories for c in inv.reprints()]
    total = sum(len(inv.entries) for inv in inventories)
    assert copies and all(c.startswith("when_i_dream.catalogue.fr:") for c in copies)
    counted = coverage(books.book_of(GAME, SPEC), [inv.once() for inv in inventories], lang).text
    figure = f"{total - len(copies):,}".replace(",", "\u202f")
    assert figure in counted and f"{total:,}".replace(",", "\u202f") not in counted, counted
    doc = books.dossier(GAME, SPEC, None, lang)
    texts = " ".join(doc.texts())
    assert str(len(copies)) in texts
    wrong = [c.wrong for c in load_corrections() if c.sentence.startswith("when_i_dream.catalogue.fr:")]
    (table,) = [b for b in doc.blocks if isinstance(b, TableBlock) and b.header == _HEADS[lang]["corrections"]]
    def bare(t: str) -> str:
        return "".join(c for c in t.casefold() if c.isalnum())
    # each once: in the table, or (its sentence rewritten whole) in the line after it
    after = doc.blocks[doc.blocks.index(table) + 1]
    gone = after.text if isinstance(after, Para) and ("réécrit" in after.text or "rewrites" in after.text) else ""
    assert wrong and all(sum(bare(w) == bare(row[1]) for row in table.rows) + (bare(w) in bare(gone)) == 1
                         for w in set(wrong)), table.rows
    heads = [b.text for b in doc.blocks if isinstance(b, Heading) and b.level == 1]
    diff = next(k for k, h in enumerate(heads) if ("Différences" if lang == "fr" else "Differences") in h)
    assert diff < len(heads) - 1 or "Repro" not in heads[-1]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dossier_tells_a_round_where_each_reading_changes_the_scores(lang: str) -> None:
    """Each reading's other option comes with a round told as the book tells its example (the example's players,
    not engine ids, each card with its word and clues), then what the other reading changes, in an editor's prose
    (no « à partir d'ici » label repeated, no « the round cannot be played this way »); the Day says the bonus as
    the readings score it."""
    facts = books._facts(GAME, SPEC, None, lang, None)
    other = {"fr": "Avec l’autre lecture", "en": "With the other reading"}[lang]
    part = {"fr": "Avec la lecture retenue", "en": "With the adopted reading"}[lang]
    change = {"fr": "Ce qui change", "en": "What changes"}[lang]
    for r in SPEC.readings:
        for option in (o for o in r.option_ids if o != facts.chosen.get(r.id, r.default)):
            told = facts.witness(r.id, option)
            assert "Ana" in told and "P1" not in told, (r.id, option, told)
            assert re.search(r"(Carte|Card) 1, [A-ZÉÈÊÂÔ]{3,}", told), told  # the card's word, not « Carte 1. »
            for gone in ("à partir d’ici", "from here", "ne peut pas se jouer ainsi", "cannot be played this way"):
                assert gone not in told, told
            # where the readings part, each reading's telling from there, and who scores what instead
            heads = [line.split("\t")[0] for line in told.split("\n")[1:]]
            refused = r.id == "dreamer_pass"  # the other reading refuses the pass: it says so in the example's words
            assert heads == ([other] if refused else [part, other, change]), told
            if r.id == "empty_memory_bonus":
                adopted, changed = told.split(other)
                earned = {"fr": "le bonus est acquis", "en": "the bonus is earned"}[lang]
                assert earned not in adopted and earned in changed, told


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dossier_says_the_examples_shared_table_once(lang: str) -> None:
    """The examples share one table (who dreams, the roles, who speaks first): the dossier says it once, before
    the points, not at the head of every example."""
    texts = books.dossier(GAME, SPEC, None, lang).texts()
    cast = {"fr": "ont reçu leur rôle en secret", "en": "have received their roles in secret"}[lang]
    assert sum(t.count(cast) for t in texts) == 1, [t for t in texts if cast in t]


def test_the_french_dossier_says_what_each_point_out_of_the_model_changes() -> None:
    """Each point the engine does not model says in French what its readings change (the « Effet » line), as
    the dossier's lead promises."""
    texts = _plain(" ".join(books.dossier(GAME, SPEC, None, "fr").texts()))
    for point in SPEC.open_points:
        assert point.impact_fr and " ".join(_plain(point.impact_fr).split()[:8]) in texts, point.id


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_proposal_for_the_author_reads_as_whole_sentences(lang: str) -> None:
    """The author's list gives each proposal as a whole sentence, never a fragment cut by ellipses (the FAQ
    answer's first sentence, or the sentence in which the readings' wordings differ)."""

    label = {"fr": "Proposition de l’édition", "en": "The edition’s proposal"}[lang]
    doc = books.dossier(GAME, SPEC, None, lang)
    proposals = [b.text for b in doc.blocks if isinstance(b, Para) and b.label.startswith(label)]
    assert len(proposals) >= len(SPEC.readings)
    for text in proposals[:len(SPEC.readings)]:
        assert "…" not in text and (text[0].isupper() or text[0].isdigit()) and text.endswith((".", "?", "!")), text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_aid_sets_the_role_table_in_equal_columns_and_the_figure_after_the_scoring(lang: str) -> None:
    """A table of counts only (the roles by number of players) gets equal columns in the aid, not one wide
    column for its longest header; and the book's board figure comes right after the round's scoring."""
    from songe.games.when_i_dream.book import roles_table
    from songe.rulebook.aid_pdf import _table
    from songe.rulebook.document import FigureBlock, Para, TableBlock

    doc = books.document(GAME, SPEC, None, lang)
    (roles,) = roles_table(SPEC, lang, across=False)  # the aid's: a row per player count
    assert isinstance(roles, TableBlock)
    n = len(roles.header)
    assert f"columns: ({', '.join(['1fr'] * n)},)" in _table(roles)
    # the book's: a row per role, a column per count (four lines of the page, not eight)
    (across,) = [b for b in doc.blocks if isinstance(b, TableBlock)]
    assert len(across.rows) == len(SPEC.roles) and len(across.header) == len(SPEC.table) + 1
    k = next(i for i, b in enumerate(doc.blocks) if isinstance(b, FigureBlock))
    before = doc.blocks[k - 1]
    assert isinstance(before, Para) and before.rule == "exemples_marchand"


def _entries(lang: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """The dossier's open points, each heading with its labelled paragraphs (label, text), in order."""
    from songe.rulebook.document import Para

    out: list[tuple[str, list[tuple[str, str]]]] = []
    point = {"fr": "Point ", "en": "Point "}[lang]
    for b in books.dossier(GAME, SPEC, None, lang).blocks:
        if isinstance(b, Heading):
            out.append((b.text, [])) if b.level == 2 and b.text.startswith(point) else None
            if b.level == 1 and out:
                break
        elif isinstance(b, Para) and out:
            out[-1][1].append((b.label.rstrip(" :\u202f\u00a0"), b.text))
    return out


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_open_point_says_why_its_reading_and_where_the_book_words_it(lang: str) -> None:
    """As the dossier's intro promises: every point, measured or not, gives its adopted reading, why (the words
    that lean to it), where the player's book words it, each other reading, and what changes (an « Effet » that
    is not the question again, or an example); a point out of the model takes its reason from the spec."""
    w = {"fr": ("Lecture retenue", "Pourquoi cette lecture", "Dans le livre", "Autre lecture", "Effet", "Exemple"),
         "en": ("Adopted reading", "Why this reading", "In the book", "Other reading", "Effect", "Example")}[lang]
    points = _entries(lang)
    assert len(points) == len(SPEC.readings) + len(SPEC.open_points)
    for head, paras in points:
        labels = [label.rstrip(" 0123456789") for label, _ in paras]  # several other readings are numbered
        for needed in w[:4]:
            assert needed in labels, (head, needed, labels)
        assert w[4] in labels or w[5] in labels, (head, labels)
    for p in SPEC.open_points:
        assert p.reason and p.reason_fr, p.id
        impact = p.impact_fr if lang == "fr" else p.impact
        question = _plain(p.question_fr if lang == "fr" else p.question)
        # the effect says what changes at the table; it does not ask the question again (« Qui donne le premier
        # indice… », "Whether…") nor open on the question's own words
        assert not re.match(r"(Qui|Si un|Ce que|Quel|Whether|Who|How|What|If a)\b", impact), (p.id, impact)
        assert " ".join(_plain(impact).split()[:4]) not in question, (p.id, impact)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dossier_says_why_nothing_is_measured_in_the_games_words(lang: str) -> None:
    """A word-and-atmosphere game: the dossier says why no point has a figure, in the game's own words (the
    example words file), not the generic « Aucun de ces points n'a d'effet chiffré »."""
    from songe.rulebook.dossier import WORDS
    own = books.book_of(SPEC.id, SPEC).unmeasured
    assert own is not None
    texts = " ".join(books.dossier(GAME, SPEC, None, lang).texts())
    assert _plain(own.in_lang(lang)) in _plain(texts)
    assert _plain(WORDS[lang]["unmeasured"]) not in _plain(texts)


def test_no_sentence_the_book_corrects_is_listed_as_stating_no_rule() -> None:
    """The coverage's « no rule of play » list and the corrections agree: a sentence the corrections fix and the
    book takes up (C-59, C-63) is not among those that state no rule."""
    from songe.spec.book import load_corrections
    from songe.spec.inventory import load_game

    flavour = {e.id for inv in load_game(GAME) for e in inv.entries if e.flavour}
    corrected = {c.sentence for c in load_corrections()}
    assert flavour and corrected and not flavour & corrected, sorted(flavour & corrected)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dossier_quotes_no_table_cell_bar(lang: str) -> None:
    """A source sentence laid out as a table row (« Nombre minimum de joueurs : | 4 | ») is quoted without the bars
    of its layout, in the differences, the tables and the points alike."""
    texts = books.dossier(GAME, SPEC, None, lang).texts()
    assert not [t for t in texts if "|" in t]


def test_the_dossier_pdf_breaks_long_rows_and_never_hyphenates_a_heading() -> None:
    """The « what changed » table's long rows (a dozen source sentences beside their rule) may break across pages,
    so no page is left half empty for want of room for one row; a heading is never cut (« Propo-sition »)."""
    from songe.rulebook.pdf import to_typst

    src = to_typst(books.dossier(GAME, SPEC, None, "fr"))
    assert "#show heading: set text(hyphenate: false)" in src
    assert "table.cell(breakable: true)" in src
