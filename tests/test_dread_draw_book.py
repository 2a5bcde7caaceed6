"""Dread Draw's player's book: the worked example tells a player's round and needs no Après-Coup timing, the
turn it narrates follows the book's turn rule, and the book says what the cut-off text leaves out."""

from __future__ import annotations

import re

import pytest

from songe.games.dread_draw.narrate import Narrator, words
from songe.games.dread_draw.state import Event, EventKind
from songe.games.dread_draw.worked import REPEATS, Lessons, example_cards, round_example, uses_apres_coup
from songe.rulebook import books
from songe.rulebook.books import book_of
from songe.rulebook.confirm import restates
from songe.rulebook.document import Block, Document
from songe.rulebook.dossier import point_title
from songe.spec.dread_draw import load, load_cards

SPEC = load()
CARDS = load_cards(example_cards(), SPEC)


def _narrator(lang: str = "fr", n: int = 3) -> Narrator:
    return Narrator(SPEC, CARDS, n, lang, words())


def test_the_example_shows_a_won_round_an_escalade_a_tie_and_a_reserve_summon_with_no_apres_coup() -> None:
    """The example teaches what a player needs: a round won and its damage, a Réserve ability, then a card
    summoned from the reserves in the next round; a successful Escalade (a second card beating the first);
    a tie at the lowest total that includes the player who just played (who plays again); never an
    Après-Coup ability (its timing is cut off); at most one card met again, which the note announces."""
    ex = round_example(SPEC)
    kinds = [e.split("'")[1] for e in ex.replay]
    assert "round_won" in kinds and "summon_reserve" in kinds[kinds.index("round_won"):]
    assert any(k == "ability" and before == "keep" for before, k in zip(kinds, kinds[1:], strict=False))
    apres = [c.name for c in CARDS.cards if any(a.keyword.value == "apres_coup" for a in c.abilities)]
    used = [e for e in ex.replay if "ability" in e or "decline" in e]
    assert apres and not any(f"card='{name}'" in e for e in used for name in apres)
    shown = [e.split("card=")[1].split(",")[0] for e in ex.replay
             if any(f"'{k}'" in e for k in ("summon", "fail", "keep")) and "card=None" not in e]
    assert len(shown) - len(set(shown)) <= REPEATS, shown
    text = " ".join(ex.text("fr")).replace("\u00a0", " ")
    assert "l’invocation réussit, et" in text and "en fait partie : il rejoue" in text
    assert ("autre" in ex.note("fr")) == (len(shown) > len(set(shown)))
    assert "inventées" in ex.title("fr") and "inventées" in ex.note("fr") and "made-up" in ex.note("en")


def test_the_lessons_see_an_escalade_and_a_tie_that_includes_the_player_who_just_played() -> None:
    """Player 1 summons 2 then 5 (an Escalade, total 7); player 2 has 7 and player 3 is out: a tie that
    includes player 1, who plays again. Without the second summon nothing is shown."""
    start = Event(EventKind.FIRST_PLAYER, player=0)
    out = Event(EventKind.ELIMINATED, player=2)
    events = [start, out, _summon(0, 2), _summon(1, 7), _summon(0, 5), _summon(0, 6)]
    seen = Lessons(3)
    for e in events[:4]:
        seen.feed(e)
    assert not {"escalade", "tie_again"} & seen.shown
    for e in events[4:]:
        seen.feed(e)
    assert {"escalade", "tie_again"} <= seen.shown


def test_the_example_says_what_a_life_deck_holds_after_damage_and_a_life_gain() -> None:
    """After damage the reader is told how many cards are left; after a gain, how many the Life Deck holds."""
    text = " ".join(round_example(SPEC).text("fr")).replace("\u00a0", " ")
    assert "il lui reste 7 cartes" in text and "qui compte maintenant 9 cartes" in text


def test_the_apres_coup_check_sees_an_apres_coup_ability() -> None:
    card = next(c for c in CARDS.cards if any(a.keyword.value == "apres_coup" for a in c.abilities))
    ab = card.abilities[0]
    used = Event(EventKind.ABILITY, player=0, card=card.name, action=ab.action.value, amount=ab.amount)
    assert uses_apres_coup([used], CARDS)
    declined = Event(EventKind.DECLINE, player=0, card=card.name, action=ab.action.value, amount=ab.amount)
    assert uses_apres_coup([declined], CARDS)
    other = next(c for c in CARDS.cards if c.abilities and c.abilities[0].keyword.value == "invocation")
    oab = other.abilities[0]
    assert not uses_apres_coup([Event(EventKind.ABILITY, player=0, card=other.name, action=oab.action.value,
                                      amount=oab.amount)], CARDS)


def _summon(p: int, strength: int) -> Event:
    card = next(c for c in CARDS.cards if c.strength == strength)
    return Event(EventKind.SUMMON, player=p, card=card.name, amount=strength)


def test_the_narrated_turn_follows_the_turn_rule() -> None:
    """Player 0 summons a strong card; players 1 and 2 tie at 0: the turn goes to player 1, the first tied
    player on player 0's left. A round where it went to player 2 is refused, not told."""
    strong = max(c.strength for c in CARDS.cards)
    start = Event(EventKind.FIRST_PLAYER, player=0)
    told = _narrator().steps([start, _summon(0, strong), _summon(1, 1)])
    said = told[1].replace("\u00a0", " ")
    assert "le premier d’entre eux à gauche du joueur 1" in said and "au joueur 2" in said
    with pytest.raises(ValueError, match="turn rule names player 1"):
        _narrator().steps([start, _summon(0, strong), _summon(2, 1)])


def test_players_are_numbered_from_one_in_both_languages() -> None:
    """The engine's player 0 is the book's player 1: no « joueur 0 », and the last player is the count."""
    ex = round_example(SPEC)
    assert any("player=0" in e for e in ex.replay)
    for lang, word in (("fr", "joueur"), ("en", "player")):
        text = " ".join(ex.text(lang)).replace("\u00a0", " ")
        assert f"{word} 0" not in text.lower() and f"{word} 3" in text.lower()


@pytest.mark.parametrize("lang, missing", [
    ("fr", ("coupé", "liste des cartes", "nombre de joueurs", "Deck de Pioche", "Après-Coup")),
    ("en", ("cut off", "card list", "number of players", "Draw Deck", "Aftermath")),
])
def test_the_book_says_at_its_start_what_the_cut_off_text_leaves_out(lang: str, missing: tuple[str, ...]) -> None:
    title, intro, *_ = books.document("dread-draw", SPEC, None, lang).texts()
    for words_ in missing:
        assert words_ in intro, words_


def test_the_book_words_the_adopted_answer_of_the_out_of_model_points() -> None:
    """The open points the engine does not take as switches: reserves face up, an Après-Coup ability when its
    card leaves the row, several of them in the order of the row; each marked ✱ in its rule as this book's
    answer and given a FAQ entry with that one answer (the other readings are the dossier's, not a table's)."""
    from songe.rulebook.document import QA

    doc = books.document("dread-draw", SPEC, None, "fr")
    text = " ".join(doc.texts()).replace("\u00a0", " ")
    assert "Les réserves sont posées face visible, comme la défausse : tout le monde peut les voir ✱" in text
    assert "quand sa carte quitte votre Escalade" in text and "jouez-les dans l’ordre de l’Escalade" in text
    answers = {b.question: b.answer.replace("\u00a0", " ") for b in doc.blocks if isinstance(b, QA)}
    visible = next(a for q, a in answers.items() if "visibles" in q)
    order = next(a for q, a in answers.items() if "Après-Coup" in q and "ordre" in q)
    timing = next(a for q, a in answers.items() if "Après-Coup" in q and "Quand" in q)
    assert "face visible" in visible and "gauche à droite" in order and "quitte votre Escalade" in timing
    assert not any("Variante" in a for a in answers.values())


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_faq_follows_the_book_order(lang: str) -> None:
    """The FAQ asks its questions in the order of the book (set-up, turn, reserves, abilities, damage, end),
    the readings' and the points' mixed: the first summon comes before the defeat, the player count first."""
    from songe.rulebook.document import QA

    doc = books.document("dread-draw", SPEC, None, lang)
    asked = [b.question.replace("\u202f", " ") for b in doc.blocks if isinstance(b, QA)]
    first = next(k for k, q in enumerate(asked) if q.startswith(("Votre première invocation", "Your first summon")))
    defeat = next(k for k, q in enumerate(asked) if "Deck de Vie vide" in q or "empty Life Deck" in q)
    assert asked[0].startswith(("À combien", "How many")) and first < defeat
    assert asked[-1].endswith(("erreur de règle ?", "rules error?"))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_open_point_has_a_short_faq_answer_under_each_reading(lang: str) -> None:
    """The FAQ answers a player in one or two sentences (the book's own answer, never the whole rule),
    under every option of every reading."""
    book = books.book_of("dread-draw", SPEC)
    for reading in SPEC.readings:
        own = [r for r in book.rules if r.block == "faq_answer" and reading.id in r.readings]
        assert len(own) == 1, reading.id
        for option in reading.option_ids:
            text = own[0].text(lang, {reading.id: option})
            assert 1 <= text.count(". ") + 1 <= 2 and "«" not in text and "“" not in text, (reading.id, option)


@pytest.mark.parametrize("lang, titles, edition", [
    ("fr", ("5. Fin de la manche, dégâts et fin de partie", "6. Variantes"), "là où son texte le permet"),
    ("en", ("5. End of a round, damage and end of the game", "6. Variants"), "where its text allows it"),
])
def test_the_book_titles_its_sections_and_words_its_edition_line_truthfully(lang: str, titles: tuple[str, ...],
                                                                           edition: str) -> None:
    """A game with no levels has « Variantes », section 5 covers the round's end and damage, and the
    clarified-edition line does not claim a cut-off text is stated in full."""
    from songe.rulebook.document import Heading

    doc = books.document("dread-draw", SPEC, None, lang)
    heads = [b.text.replace("\u00a0", " ") for b in doc.blocks if isinstance(b, Heading)]
    assert all(t in heads for t in titles), heads
    assert edition in " ".join(doc.texts()).replace("\u00a0", " ")


def test_the_dossier_gives_the_outside_facts_in_french_and_labels_the_additions() -> None:
    """Section 7 in French (the translated facts file), the box's contents tied to the Draw Deck choice; the
    rows of « Ce qui a changé » that add a rule say so."""
    from songe.rulebook.document import TableBlock
    from songe.spec.facts import outside_facts

    fr = outside_facts("Dread Draw", lang="fr")
    assert fr and all("not found" not in f.value and "contents" not in f.fact for f in fr)
    assert any("Deck de Pioche" in f.value for f in fr)
    assert len(outside_facts("Jekyll", lang="fr")) == len(outside_facts("Jekyll"))  # every row, translated or not
    dossier = books.dossier("dread-draw", SPEC, None, "fr")
    rows = [r for b in dossier.blocks if isinstance(b, TableBlock) for r in b.rows if len(r) == 3]
    added = [r for r in rows if r[2].startswith("Ajout")]
    assert {"[15]", "[36]", "[45]"} <= {r[0].split(" ")[0] for r in added}


@pytest.mark.parametrize("lang, flag", [("fr", ("\u00a0✱",)), ("en", ("\u00a0✱",))])
def test_every_rule_that_settles_an_open_point_says_it_is_this_books_choice(lang: str, flag: tuple[str, ...]) -> None:
    """A question the text leaves open is never settled in silence: under every option of every reading the text
    raises, the rule that words it carries the mark ✱ (this book's answer, explained once in the edition line);
    the invented cards' own question is worded only in the example, never as a rule of the game."""
    book = books.book_of("dread-draw", SPEC)
    for reading in SPEC.readings:
        rules = [r for r in book.rules if reading.id in r.readings and r.block not in ("faq_answer", "faq_note")]
        assert rules, reading.id
        if reading.origin != "text":
            assert {r.section.value for r in rules} == {"exemple"}, reading.id
            continue
        for option in reading.option_ids:
            for rule in rules:
                text = rule.text(lang, {reading.id: option})
                assert any(f in text for f in flag), (reading.id, option, rule.id)
    edition = books.document("dread-draw", SPEC, None, lang).texts()
    assert any("✱" in t and ("section 8" in t) for t in edition)
    said = " ".join(edition).replace("’", "'").casefold()  # one convention: the mark, never a phrase in every rule
    assert "choix de cette édition" not in said and "this edition's choice" not in said


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dossier_says_each_points_effect_in_words_and_measures_none(lang: str) -> None:
    """Each open point of the dossier has its effect in words (the text has no card list, so nothing of the
    published game is measured), and the section says so once instead of calling the points choices of wording."""
    from songe.rulebook.document import Heading, Para

    doc = books.dossier("dread-draw", SPEC, None, lang)
    label = "Effet" if lang == "fr" else "Effect"
    effects = [b for b in doc.blocks if isinstance(b, Para) and b.label.startswith(label)]
    # the invented example cards' own question is a note on the example, not a point with an effect
    assert len(effects) == sum(r.origin != "example_cards" for r in SPEC.readings) + len(SPEC.open_points)
    heads = [b.text for b in doc.blocks if isinstance(b, Heading)]
    start = next(k for k, b in enumerate(doc.blocks) if isinstance(b, Heading) and b.text.endswith(
        "Points ouverts" if lang == "fr" else "Open points"))
    lead = doc.blocks[start + 1]
    assert isinstance(lead, Para) and ("chiffré" in lead.text or "measured" in lead.text), heads
    assert "choix de rédaction" not in lead.text and "choices of wording" not in lead.text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dossier_gives_each_reading_as_whole_sentences(lang: str) -> None:
    """The author reads each proposal and each other reading as whole sentences, never a fragment opened or
    closed by ellipses (the rules put each reading's differing clause in a sentence of its own)."""
    from songe.rulebook.document import Para

    labels = {"fr": ("Proposition de l’édition", "Autre lecture", "Lecture retenue"),
              "en": ("The edition’s proposal", "Other reading", "Adopted reading")}[lang]
    doc = books.dossier("dread-draw", SPEC, None, lang)
    paras = [b for b in doc.blocks if isinstance(b, Para)]
    proposals = [b.text for b in paras if b.label.startswith(labels[0])]  # then the outside facts' entries
    readings = [b.text for b in paras if b.label.startswith(labels[1:])]
    readings += proposals[:len(SPEC.readings) + len(SPEC.open_points) - 1]  # the invented cards' point is not asked
    assert len(readings) >= 3 * len(SPEC.readings)
    for text in readings:
        assert "…" not in text and text[:1].isupper(), text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_open_point_is_answered_in_a_rule_marked_as_this_books_and_asked_in_the_faq(lang: str) -> None:
    """Issue 24: each question of the text the engine does not take as a switch is settled in words, never in
    silence: a rule of the book names it and carries ✱ (this edition's answer), and the FAQ asks it with the
    other reading (its own question, or that of the switch on the same sentence, which answers both). The number
    of players is the exception: a gap of the text the book points out without fixing."""
    book = books.book_of("dread-draw", SPEC)
    for point in SPEC.open_points:
        same = {r.id for r in SPEC.readings if set(r.quotes) & set(point.quotes)}
        faq = [r for r in book.rules if r.block == "faq_answer" and ({point.id} | same) & set(r.readings)]
        assert faq and all(r.text(lang, {}) for r in faq), point.id
        if point.id == "player_count":
            continue
        rules = [r for r in book.rules if point.id in r.readings and r.block not in ("faq_answer", "faq_note")]
        assert rules and all("\u00a0✱" in r.text(lang, {}) for r in rules), point.id


def _section(doc: Document, word: str) -> list[Block]:
    """The blocks of the dossier section whose title holds ``word``."""
    from songe.rulebook.document import Heading

    start = next(k for k, b in enumerate(doc.blocks) if isinstance(b, Heading) and b.level == 1 and word in b.text)
    end = next((k for k, b in enumerate(doc.blocks) if k > start and isinstance(b, Heading) and b.level == 1),
               len(doc.blocks))
    return list(doc.blocks[start + 1:end])


def test_the_french_dossier_reads_as_an_editors_note() -> None:
    """The faults a French editor found, each checked: no fact « introuvable » put to a decision (a request, room
    for the answer only), the foam blocks asked about; a correction the rewritten rule never prints says it
    vanished; every point has where the book says it and why; a bundled question gets one answer line per part;
    the points' lead says why nothing is measured (no card list); the example cards' question is no point."""
    from songe.rulebook.changes import plain
    from songe.rulebook.document import Heading, Para

    doc = books.dossier("dread-draw", SPEC, None, "fr")
    confirm = [b for b in _section(doc, "valider") if isinstance(b, Para)]
    said = [b.text.replace("\u00a0", " ").replace("\u202f", " ") for b in confirm]
    assert not [t for t in said if "introuvable" in t or "aucune source trouvée" in t]
    ask = next(k for k, t in enumerate(said) if t.startswith("Merci de nous fournir la liste des cartes"))
    assert confirm[ask + 1].label.startswith("Réponse") and "Décision" not in confirm[ask + 1].text
    assert any("blocs de mousse" in t and t.endswith("?") for t in said)
    lead = said[0]
    assert "qu’aucune seconde source ne confirme" not in lead and "vous seul" in lead
    # the request for the card list and the end of the Après-Coup sentence is asked in that point's entry, first
    entry = next(k for k in range(ask, -1, -1) if re.fullmatch(r"Point\s\d+\s—\s", confirm[k].label))
    assert "Après-Coup" in said[entry] and entry < min(k for k, b in enumerate(confirm) if b.label.startswith("Q"))
    bundled = [p for p in SPEC.open_points if p.asks_fr]  # each part asked, but one that only restates the title
    assert bundled and all(plain(a) in {plain(t) for t in said} or restates(a, point_title(book_of("dread-draw", SPEC), p, "fr"))
                           for p in bundled for a in p.asks_fr)
    assert any(plain(a) not in {plain(t) for t in said} for p in bundled for a in p.asks_fr)
    # the precisions with no effect on play: a line each, one answer for all
    precise = [b for b in confirm if " → " in b.text]
    assert len(precise) == sum(r.stake == "none" for r in SPEC.readings) + sum(p.stake == "none" for p in SPEC.open_points) >= 3
    after = confirm[confirm.index(precise[-1]) + 1]
    assert after.label.startswith("Réponse") and confirm[-1] is after

    points = _section(doc, "Points ouverts")
    assert isinstance(points[0], Para) and points[0].text.startswith("Sans liste des cartes")
    heads = [k for k, b in enumerate(points) if isinstance(b, Heading) and b.text.startswith("Point")]
    assert len(heads) == sum(r.origin == "text" for r in SPEC.readings) + len(SPEC.open_points)
    for k, nxt in zip(heads, [*heads[1:], len(points)], strict=True):
        labels = [b.label for b in points[k + 1:nxt] if isinstance(b, Para)]
        head = getattr(points[k], "text", k)  # a point with no reason: give it why_fr in spec/dread_draw.toml
        assert any(x.startswith("Dans le livre") for x in labels), head
        assert any(x.startswith("Pourquoi cette lecture") for x in labels), head
    assert not [b for b in points if isinstance(b, Heading) and "désigné" in b.text]  # the example's own: a note
    note = [k for k, b in enumerate(points) if isinstance(b, Para) and b.label.startswith("Note sur l’exemple")]
    # under its own heading, not read as part of the last point (« erreur de règle »)
    above = points[note[0] - 1] if note else None
    assert isinstance(above, Heading) and "ne pose pas" in above.text

    changed = " ".join(t for b in _section(doc, "Ce qui a changé") for t in getattr(b, "rows", ()) for t in t)
    assert "« Après qu’un joueur a invoqué »" not in changed.replace("'", "’")  # the book never prints it
    assert "disparaît" not in changed and "erreur de numérisation" not in changed  # a mended typo: the corrections' only
    fixes = [r for b in _section(doc, "Corrections") for r in getattr(b, "rows", ())]
    assert fixes and all(re.fullmatch(r"\[\d+\]", r[0]) for r in fixes)  # « [23] », as everywhere else
    # a fault of a sentence the book rewrites whole: said once after the table, no corrected wording it never prints
    assert not [r for r in fixes if r[0] == "[23]"]
    assert [b for b in _section(doc, "Corrections") if isinstance(b, Para) and "[23]" in b.text and "réécrit" in b.text]


def test_the_dossiers_tables_read_as_an_editors() -> None:
    """An editor read a table of one row for the one sentence with no rule (« citées ci-dessous »), « Point ouvert »
    twice in a « Pourquoi » cell, and a standing in the facts' table with a parenthesis inside a parenthesis."""
    from songe.rulebook.document import Para, TableBlock
    from songe.rulebook.dossier_words import _FLAVOUR_HEAD

    doc = books.dossier("dread-draw", SPEC, None, "fr")
    tables = [b for b in doc.blocks if isinstance(b, TableBlock)]
    assert not [t for t in tables if t.header == _FLAVOUR_HEAD["fr"]]  # one sentence: quoted in the coverage line
    said = [b.text for b in doc.blocks if isinstance(b, Para) and "aucune règle de jeu" in b.text]
    assert said and "[1] «\u00a0Dread Draw\u00a0»" in said[0] and "ci-dessous" not in said[0]
    why = [r[2] for t in tables for r in t.rows if len(r) == 3]
    assert why and not [c for c in why if len(re.findall(r"[Pp]oints? ouverts? n", c)) > 1], why
    assert not [r for t in tables for r in t.rows for c in r if re.search(r"\([^()]*\(", c)]


def test_a_sentence_in_both_tables_says_so() -> None:
    """An editor found sentence [15] in « Ce qui a changé » and again in the annex, with another clarified version:
    a sentence serving a changed rule and a reworded one is cross-referenced from the annex."""
    from songe.rulebook.document import TableBlock

    doc = books.dossier("dread-draw", SPEC, None, "fr")
    tables = [b for b in doc.blocks if isinstance(b, TableBlock) and b.header[0].startswith("Texte")]
    changed, annex = tables[0], tables[-1]
    seen = {i for r in changed.rows for i in re.findall(r"\[\d+\]", r[0])}
    twice = [r[0] for r in annex.rows if {i for i in re.findall(r"\[\d+\]", r[0].split(" (")[0])} & seen]
    assert twice and all("voir « Ce qui a changé »" in t.replace("\u00a0", " ") for t in twice), twice
