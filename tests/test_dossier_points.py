"""The editor's dossier lists every question of the text the engine does not model, and Réveil's carries the
whole frontier of learned strategies (issues 24 and 25: the dossier has what the player's book leaves out)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

import pytest

from songe.cli.common import load_game_spec
from songe.rulebook import books
from songe.rulebook.confirm import restates, sentences
from songe.rulebook.document import Document, Heading, Lines, Para, TableBlock
from songe.rulebook.dossier import beyond
from songe.rulebook.typography import fraction, percent
from songe.spec.facts import Standing, outside_facts
from songe.spec.sources import spec_dir

RESULTS = json.loads((spec_dir().parent / "docs" / "results" / "reveil.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", ["reveil", "jekyll-hyde", "when-i-dream", "dread-draw"])
def test_every_open_point_out_of_the_model_is_in_the_dossier(game: str, lang: str) -> None:
    spec = load_game_spec(game, None, ())
    if game == "jekyll-hyde":  # the dossier's simulated figures: the smallest count keeps this test short
        doc = books.dossier(game, spec, None, lang, games=24)
    else:
        doc = books.dossier(game, spec, RESULTS if game == "reveil" else None, lang)
    titles = [b.text for b in doc.blocks if isinstance(b, Heading) and b.level == 2]
    texts = " ".join(doc.texts())
    assert spec.open_points
    for p in spec.open_points:
        question = p.question_fr if lang == "fr" else p.question
        # (an English book capitalises the game's terms: "Dreams"); a question only a modified copy of the rules
        # asks is a line after the text's points, not a point of its own
        if p.origin == "engine":  # the question's end, letters only (typography and English card names change the rest)
            tail = _letters(question)[-30:]
            assert tail in _letters(texts) and not any(tail in _letters(t) for t in titles), p.id
        else:  # its own heading, or (headed by the book's short question) the full question under it
            # (an English dossier says the card names in English: the full question's opening is enough)
            # (or a heading that says the same question in its own words, the full one then left out)
            assert any(question.split()[1].lower() in t.lower() or restates(question, t) for t in titles) or any(
                _letters(b.text).startswith(_letters(question)[:20]) for b in doc.blocks if isinstance(b, Para)), (
                p.id, titles)
        first = (p.readings_fr if lang == "fr" else p.readings)[0]  # the adopted reading (maybe mid-sentence)
        assert first.split()[0].lower() in texts.lower(), p.id


def _letters(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


def test_reveils_dossier_carries_the_whole_frontier() -> None:
    spec = load_game_spec("reveil", None, ())
    cached = json.loads((spec_dir().parent / "docs" / "results" / "reveil_strategies.json").read_text(encoding="utf-8"))
    doc = books.dossier("reveil", spec, RESULTS, "fr")
    text = " ".join(doc.texts())
    for row in cached["levels"]:
        best = Fraction(row["optimal"])
        assert percent(best, "fr") in text and fraction(best, "fr") in text
        for f in row["frontier"]:
            value = Fraction(f["value"])  # the percentage in the table, the exact fraction in the technical note
            assert percent(value, "fr") in text and (not value or fraction(value, "fr") in text) or (
                not value and not f["rules"] and "on ne gagne à aucun niveau" in text)  # said once, not per level
            assert f["fr"][-1].split(" :")[0].rstrip(".").lower() in text.lower()
    # under another reading the cache does not fit: the frontier is left out, never printed stale
    other = load_game_spec("reveil", None, ("loss_cap=whole_dream",))
    text = " ".join(books.dossier("reveil", other, RESULTS, "fr").texts())
    learned = cached["levels"][0]["frontier"][3]
    assert fraction(Fraction(learned["value"]), "fr") not in text


def _dossier(game: str, lang: str) -> tuple[Any, Document]:
    spec = load_game_spec(game, None, ())
    if game == "jekyll-hyde":  # the smallest simulated count: the words, not the figures, are checked here
        return spec, books.dossier(game, spec, None, lang, games=24)
    return spec, books.dossier(game, spec, RESULTS if game == "reveil" else None, lang)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", ["reveil", "jekyll-hyde", "when-i-dream", "dread-draw"])
def test_the_dossier_reads_as_an_editors_file_not_a_program_log(game: str, lang: str) -> None:
    """An author reads the dossier: no command line per point (no ``--reading``), no « le moteur », no
    section left empty (a heading followed by another of the same rank, or by nothing), every point numbered."""
    spec, doc = _dossier(game, lang)
    texts = list(doc.texts())
    assert not [t for t in texts if "--reading" in t]
    assert not [b for b in doc.blocks if isinstance(b, Lines) and any("--reading" in x for x in b.lines)]
    if lang == "fr":
        assert not [t for t in texts if re.search(r"\bmoteur\b|politique|Hors du modèle", t)]
    heads = [(k, b) for k, b in enumerate(doc.blocks) if isinstance(b, Heading)]
    for (k, h), nxt in zip(heads, [*heads[1:], (len(doc.blocks), None)], strict=True):
        following = nxt[1]
        empty = nxt[0] == k + 1 and (following is None or following.level <= h.level)
        assert not empty and k + 1 < len(doc.blocks), h.text
    start = next(k for k, b in enumerate(doc.blocks) if isinstance(b, Heading) and b.level == 1
                 and b.text.endswith(("Points ouverts", "Open points")))
    end = next(k for k, b in enumerate(doc.blocks) if k > start and isinstance(b, Heading) and b.level == 1)
    points = [b.text for b in doc.blocks[start:end] if isinstance(b, Heading) and b.level == 2
              and not b.text.startswith(("Questions que le texte", "Questions the text"))]  # the asides' own
    listed = (sum(r.origin != "example_cards" for r in spec.readings)  # the example's own: a note, not a point
              + sum(p.origin != "engine" for p in spec.open_points))  # a modified copy's: a line
    assert [int(re.match(r"Point (\d+) — ", t).group(1)) for t in points] == list(range(1, listed + 1))  # type: ignore[union-attr]


def _sheet(doc: Document) -> list[Para]:
    """The paragraphs of section 1, « À faire valider par l'auteur »."""
    start = next(k for k, b in enumerate(doc.blocks) if isinstance(b, Heading) and b.text.endswith(
        ("valider par l’auteur", "For the author to confirm")))
    end = next(k for k, b in enumerate(doc.blocks) if k > start and isinstance(b, Heading) and b.level == 1)
    return [b for b in doc.blocks[start + 1:end] if isinstance(b, Para)]


@pytest.mark.parametrize("game", ["reveil", "jekyll-hyde", "when-i-dream", "dread-draw"])
def test_the_author_list_has_every_question_uncapped(game: str) -> None:
    """« À faire valider par l'auteur » lists every reading and every point the text itself raises (not the
    invented example cards' own) and every outside fact no second source confirms, each with room for the
    answer: never a capped top few; each point under the number the open points give it (one numbering)."""
    spec, doc = _dossier(game, "fr")
    sheet = _sheet(doc)
    items = [b for b in sheet if re.fullmatch(r"Point\s(\d+)\s—\s", b.label)]
    unconfirmed = [f for f in outside_facts(books.book_of(game, spec).title.fr.split(" — ")[0], lang="fr")
                   if f.standing is not Standing.CONFIRMED or f.ask]  # or a request to the author
    asked = sum(p.origin == "text" for p in (*spec.readings, *spec.open_points))
    assert len(items) == asked > 4
    answers = [b for b in sheet if b.label.startswith("Réponse")]
    # a choice gets an answer line (and one for each part of a bundled question that is not its title again); the
    # precisions with no effect share one; an outside fact is asked once, in the entry of the point it bears on
    precise = sum(" → " in b.text for b in items)  # a precision: its question and proposal on one line
    assert precise >= sum(p.stake == "none" for p in (*spec.readings, *spec.open_points) if p.origin == "text")
    bundled = sum(max(len(p.asks_fr) - 1, 0) for p in spec.open_points if p.origin == "text")
    assert asked - precise + (precise > 0) <= len(answers) - sum(not f.point for f in unconfirmed) <= asked + bundled
    alone = [b for b in sheet if re.fullmatch(r"Q\d+\s—\s", b.label)]
    assert len(alone) == sum(not f.point for f in unconfirmed)
    said = " ".join(b.text for b in sheet)
    assert all(_letters(f.ask or f.value[1:20]) in _letters(said) for f in unconfirmed)
    facts = [b.text for b in sheet if b.text.startswith("Fait venu d’ailleurs")]  # its standing: no parenthesis
    assert not [t for t in facts if re.search(r"\([^()]*\(", t)], facts  # within a parenthesis (sources have theirs)
    numbered = [*(r for r in spec.readings if r.origin != "example_cards"),  # the example's own: a note
                *(p for p in spec.open_points if p.origin != "engine")]  # as the dossier numbers
    named = [int(re.split(r"\s", b.label)[1]) for b in items]
    assert sorted(named) == [k for k, p in enumerate(numbered, 1) if p.origin == "text"]
    assert not re.search("n[°ᵒ]", " ".join(b.text for b in sheet[1:]))  # the entries: no second numbering (« point n° 9 »)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", ["reveil", "jekyll-hyde", "when-i-dream", "dread-draw"])
def test_the_author_list_is_a_decision_sheet_not_the_points_again(game: str, lang: str) -> None:
    """Section 1 gives each point's answer in one sentence and no other reading: the wordings in full are section
    2's, never printed twice (an editor read the same readings twice, pages apart)."""
    _, doc = _dossier(game, lang)
    sheet = _sheet(doc)
    said = " ".join(b.text for b in sheet)
    labels = ("Autre lecture", "Other reading")
    assert not [b for b in sheet if b.label.startswith(labels)]
    full = [b.text for b in doc.blocks if isinstance(b, Para) and b.label.startswith(
        ("Lecture retenue", "Adopted reading", *labels))]
    assert full
    # a wording of more than one sentence is in section 2 only (its first sentence may be the sheet's answer)
    twice = [t for t in full if len(sentences(t)) > 1 and t in said]
    assert not twice, twice
    proposed = [b.text for b in sheet if b.label.startswith(("Proposition", "The edition"))]
    assert proposed and not [t for t in proposed if len(sentences(t)) > 1 and "—" not in t], proposed  # a fact: value — standing


def test_two_wordings_are_shown_by_their_difference() -> None:
    """A reading's two wordings differ in one sentence: the dossier prints that sentence, in full (a wording an
    author can accept as it stands, never a fragment between ellipses), not both paragraphs."""
    spec, doc = _dossier("dread-draw", "fr")
    adopted = [b.text for b in doc.blocks if isinstance(b, Para) and b.label.startswith("Lecture retenue")]
    assert "…" not in adopted[0] and adopted[0][:1].isupper() and adopted[0].count(".") == 1, adopted[0]
    _, doc = _dossier("reveil", "fr")
    worded = [b.text for b in doc.blocks if isinstance(b, Para) and b.label.startswith(
        ("Lecture retenue", "Autre lecture", "Proposition"))]
    assert worded and not [t for t in worded if "…" in t or not t.lstrip("«\u00a0 ")[:1].isupper()], worded


def test_reveils_witnesses_are_told_as_two_short_games() -> None:
    """A witness is told as a game, not a deck order: after the order, each reading's game from where they part,
    in the worked examples' sentences, each ending in its own victory or defeat (and French elides « de Écho »)."""
    spec, doc = _dossier("reveil", "fr")
    texts = [b.text for b in doc.blocks if isinstance(b, Para)]
    paras = {k: b for k, b in enumerate(doc.blocks) if isinstance(b, Para)}
    told = [k for k, b in paras.items() if b.label.startswith("Exemple") and "cet ordre" in b.text]
    assert len(told) >= 8
    for k in told:
        mine, theirs = paras[k + 1].text, paras[k + 2].text
        # the other game names its reading: « l'autre » when there is one, else its number in the point
        assert mine.startswith("Puis, avec la lecture retenue") and re.match(
            r"Avec (?:l’autre lecture|la lecture \d)", theirs), mine
        several = re.match(r"Avec la lecture (\d)", theirs)
        assert not several or f"avec la lecture {several[1]}." in paras[k].text, paras[k].text
        ends = [re.search(r"(victoire|défaite)[^.]*\.$", t, re.I) for t in (mine, theirs)]
        assert all(ends) and {m[1].lower() for m in ends if m} == {"victoire", "défaite"}, (mine, theirs)
        # every state is shown: no step skipped (« … »), the shared start told in full
        assert "…" not in paras[k].text + mine + theirs, (paras[k].text, mine, theirs)
    assert not [t for t in texts if re.search(r"\bde (?:Écho|Ancrage)", t)]
    # an effect that adds to the loss is told apart from the loss step (never « effet de X : tu perds 3 »)
    adds = [c.name for c in spec.cards if any(r.verb.value == "extra_loss" for r in c.effects)]
    assert adds and not [t for t in texts for n in adds if re.search(rf"[Ee]ffet d[e’] ?{n}\s:\stu perds", t)]
    # no two points tell the same deal, and each game the spec chose to show a point is the one told
    orders = [paras[k].text.split("cet ordre\u00a0: ", 1)[-1].split(".")[0] for k in told]
    assert len(set(orders)) == len(orders), orders
    names = {c.id: c.name for c in spec.cards}
    for w in spec.witnesses:
        assert ", ".join(names[c] for c in w.order) in orders, (w.reading, w.option)
    # a victory before the last card resolves names that card
    won = [t for t in texts if "tu gagnes dès que tu retournes la dernière carte" in t]
    assert won and any("Tu retournes la dernière carte" in t for t in texts), won


def test_reveils_witnesses_start_where_the_readings_part() -> None:
    """An example starts at the turn where its two games part, with the state there in one sentence (Lucidité,
    hand, discard pile), not at the game's first card: an editor looks for the moment the readings part, not a
    replay of the whole game."""
    from songe.games.reveil.state import EventKind
    from songe.games.reveil.witness_story import _events

    spec, doc = _dossier("reveil", "fr")
    heads = {b.text.split("cet ordre\u00a0: ", 1)[-1].split(".")[0]: b.text for b in doc.blocks
             if isinstance(b, Para) and b.label.startswith("Exemple") and "cet ordre" in b.text}
    names = {c.id: c.name for c in spec.cards}
    late = 0
    for key, found in RESULTS["witnesses"].items():
        w = found["witness"]
        order = ", ".join(names.get(c, c) for c in w["order"]) if w else ""
        if not w or order not in heads:
            continue
        reading, option = key.split("=")
        level = RESULTS["witness_level"]
        mine = _events(spec, level, w["order"], w["choices"])
        theirs = _events(spec.with_readings({**dict(spec.chosen), reading: option}), level, w["order"], w["choices"])
        part = next((k for k, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b), len(mine))
        turns = sum(e.kind is EventKind.REVEAL and e.depth == 1 for e in mine[:part])
        told = heads[order].split(". ", 2)[-1]  # after the order and the outcomes
        if turns >= 2:  # they part after the first turn: the example starts at the parting turn, state first
            late += 1
            assert "commencent de même" not in told and "Plus tard dans la partie" in told, told
            assert "dans la défausse" in told and "Lucidité" in told and " en main" in told, told
            assert told.count("etournes ") <= 1, told  # that turn's card only, not the game's replay
    assert late >= 3


def test_reveils_points_read_as_an_editors_notes() -> None:
    """Every point of Réveil's French dossier has the same parts (the sentences at issue, the text's question under a
    short heading, the adopted reading, where the book says it and why, the other readings), a moot point included; a
    gap among several readings names the one it was measured against; a question set aside says why in its own
    words, not a boilerplate « ou »; and no source sentence is shown as dropped (« — ») when the book keeps it."""
    spec, doc = _dossier("reveil", "fr")
    blocks = list(doc.blocks)
    heads = [k for k, b in enumerate(blocks) if isinstance(b, Heading) and b.level == 2 and b.text.startswith("Point")]
    ends = [*heads[1:], next(k for k, b in enumerate(blocks) if k > heads[-1] and isinstance(b, Heading))]
    rules = books.book_of("reveil", spec).rules
    placed = {p for r in rules if r.block not in ("faq_answer", "faq_note") for p in r.readings}  # the FAQ: no place
    ids = [*(r.id for r in spec.readings), *(p.id for p in spec.open_points if p.origin != "engine")]
    assert len(ids) == len(heads)
    for pid, start, end in zip(ids, heads, ends, strict=True):
        head = str(getattr(blocks[start], "text", ""))
        labels = [b.label for b in blocks[start + 1:end] if isinstance(b, Para)]
        quoted = [b for b in blocks[start + 1:end] if isinstance(b, Para) and b.text.startswith("[")]
        point = next(x for x in (*spec.readings, *spec.open_points) if x.id == pid)
        more = beyond(point.question_fr, head.split(" — ", 1)[-1])  # the full question, when it adds to the title
        for part in ("Question du texte", "Lecture retenue", "Dans le livre", "Pourquoi cette lecture", "Autre lecture"):
            assert part == "Dans le livre" and pid not in placed or part == "Question du texte" and not more or any(
                x.startswith(part) for x in labels), (head, part)
        assert quoted, head
    several = [r for r in spec.readings if len(r.option_ids) > 2]
    gaps = [b.text for b in blocks if isinstance(b, Para) and b.text.startswith("Écart mesuré")]
    assert several and any(re.search(r"jusqu’à [\d,]+\s?points? \(avec la lecture \d\)", g) for g in gaps), gaps
    asides = [b.text for b in blocks if isinstance(b, Para) and b.label.startswith("Question écartée")]
    assert asides and not [a for a in asides if "ou aucune de ses cartes" in a], asides
    # the prose says percentages; exact fractions and commands stand in the closing technical note only
    note = next(k for k, b in enumerate(blocks) if isinstance(b, Heading) and "reproduire" in b.text.lower())
    prose = [b.text for b in blocks[:note] if isinstance(b, Para)]
    assert not [t for t in prose if re.search(r"\d[\d\u202f\u00a0]*/[\d\u202f\u00a0]*\d", t) or "songe " in t]
    rows = [r for b in blocks if isinstance(b, TableBlock) and b.header[:2] == ("Texte d’origine", "Règle clarifiée")
            for r in b.rows]
    assert rows and not [r for r in rows if r[1].strip() in ("—", "")], [r[0] for r in rows if r[1].strip() == "—"]


@pytest.mark.parametrize("game", ["reveil", "jekyll-hyde", "when-i-dream", "dread-draw"])
def test_no_question_says_its_title_again(game: str) -> None:
    """An editor read a title, then « a) » with the same question, then « Question du texte » a third time: a
    sub-question of the sheet, or a sentence of a point's full question, is printed only when it is not its
    title again."""
    _, doc = _dossier(game, "fr")
    title = ""
    for b in doc.blocks:
        if isinstance(b, Heading):
            title = b.text.split(" — ", 1)[-1]
        elif isinstance(b, Para) and re.fullmatch(r"Point\s\d+\s—\s", b.label):
            title = b.text
        elif isinstance(b, Para) and (b.label.startswith("Question du texte") or re.fullmatch(r"[a-e]\) ", b.label)):
            assert not [s for s in sentences(b.text) if restates(s, title)], (title, b.text)


@pytest.mark.parametrize("game", ["reveil", "dread-draw"])
def test_the_dossier_says_each_thing_once(game: str) -> None:
    """Editors read the intro's description of the points again in the sheet's lead, « aucun fait extérieur » twice
    within six lines, and « la règle clarifiée le tranche par ses mots » (what else would it settle it by?)."""
    _, doc = _dossier(game, "fr")
    paras = [b.text for b in doc.blocks if isinstance(b, Para)]
    lead = _sheet(doc)[0].text
    assert "cite la phrase en cause" in paras[0] and "cite la phrase en cause" not in lead
    assert "fait extérieur" not in lead
    assert not [t for t in paras if "par ses mots" in t]


def test_the_sheet_says_which_way_a_gap_goes() -> None:
    """An editor read « Écart mesuré : 10,12 points » and could not tell whether the other reading made the game
    easier or harder: each measured choice of Réveil's sheet gives both readings' chances."""
    _, doc = _dossier("reveil", "fr")
    sheet = _sheet(doc)
    gaps = [k for k, b in enumerate(sheet) if b.text.startswith("Écart mesuré")]
    assert gaps and all("%" in sheet[k + 1].text and "avec la règle de ce livre" in sheet[k + 1].text for k in gaps)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", ["jekyll-hyde", "when-i-dream", "dread-draw"])
def test_every_fact_names_a_point_of_its_game(game: str, lang: str) -> None:
    """A fact's fifth column names the point it bears on (the sheet asks both in one entry): a point of the game,
    in both files alike, never a misspelt id that would let the fact be asked twice."""
    spec = load_game_spec(game, None, ())
    title = books.book_of(game, spec).title.fr.split(" — ")[0]
    ids = {x.id for x in (*spec.readings, *spec.open_points)}
    found = outside_facts(title, lang=lang)
    assert found and {f.point for f in found if f.point} <= ids
    assert [f.point for f in found] == [f.point for f in outside_facts(title)]


@pytest.mark.parametrize("game", ["reveil", "dread-draw"])
def test_the_sheets_lead_names_only_the_groups_that_follow(game: str) -> None:
    """An editor read « Viennent d'abord les questions que vous seul pouvez trancher » over a sheet that had none."""
    from songe.rulebook.dossier_words import WORDS as W

    _, doc = _dossier(game, "fr")
    heads = {b.text for b in doc.blocks if isinstance(b, Heading) and b.level == 2}
    lead = next(b.text for b in doc.blocks if isinstance(b, Para) and b.text.startswith("Chaque entrée"))
    for stake in ("author", "play", "none"):
        assert (W["fr"][f"group_{stake}"] in heads) == (W["fr"][f"said_{stake}"] in lead), (stake, lead)


def test_dread_draws_points_that_change_play_are_not_filed_as_precisions() -> None:
    """Fresh editors found points among « sans effet » whose own « Effet » describes how the other reading
    changes play (a hard start after a high finish, a softened failed summon, the piles reshuffled sooner, a
    round that never ends, every life deck's size known): they are choices for the author, each asked with an
    answer line of its own."""
    spec = load_game_spec("dread-draw", None, ())
    stakes = {p.id: p.stake for p in (*spec.readings, *spec.open_points)}
    assert {stakes[i] for i in ("first_summon_previous_round", "failed_card_ability", "new_round_piles",
                                      "turn_candidates", "life_deck_count")} == {"play"}
    assert stakes["apres_coup_order"] == "author"  # its sentence is cut off: the published cards must say
