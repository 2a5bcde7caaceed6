"""The clarified books composed from spec/rulebook/: nothing lost, corrections applied, typography, figures,
and the split between the player's book (rules and plain figures) and the editor's dossier (how and why).

Réveil's figures come from docs/results/reveil.json (never recomputed here).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from songe.errors import SpecError
from songe.games.reveil import book as reveil_book
from songe.rulebook import books, terms
from songe.rulebook.changes import unknown_sources, unplaced
from songe.rulebook.document import Document, Heading, Para, Steps, TableBlock, to_rst
from songe.rulebook.dossier import beyond, coverage
from songe.rulebook.refs import POINTER
from songe.rulebook.typography import dress, fraction, lint, percent, register, whole_percent
from songe.spec import glossary
from songe.spec.book import load, load_corrections
from songe.spec.inventory import load_game
from songe.spec.reveil import load as load_reveil

ROOT = Path(__file__).resolve().parents[1]
RESULTS = json.loads((ROOT / "docs" / "results" / "reveil.json").read_text(encoding="utf-8"))
GAMES = ("reveil", "dread-draw", "jekyll-hyde", "when-i-dream")
SMALL = 24  # games per simulated measure where the dossier's words, not its figures, are checked


@pytest.fixture(scope="module")
def spec():
    return load_reveil()


def _spec(game: str):
    from songe.cli.common import load_game_spec

    return load_game_spec(game, None, ())


@pytest.mark.parametrize("game", GAMES)
def test_every_source_sentence_is_in_the_book_or_declared_flavour(game: str) -> None:
    book, inventories = books.book_of(game, _spec(game)), load_game(game)
    assert unknown_sources(book, inventories) == []
    assert unplaced(book, inventories) == []  # 100 %


@pytest.mark.parametrize("game", GAMES)
def test_the_dossiers_coverage_adds_up(game: str) -> None:
    """Rules taken up + sentences with no rule of play + lost = the text's count (the restatements are a part of
    the first, never counted again)."""
    book, inventories = books.book_of(game, _spec(game)), load_game(game)
    text = coverage(book, inventories, "fr").text.replace("\u202f", "").replace("\xa0", " ")
    total, taken, none = (int(m[1].replace("une seule", "1")) if (m := re.search(p, text)) else -1 for p in (
        r"Sur les (\d+) phrases", r"(\d+) énonce(?:nt)? une règle", r"(\d+|une seule) n’énonce(?:nt)? aucune règle"))
    lost = int(m[1]) if (m := re.search(r"(\d+) phrases? (?:est|sont) perdues?", text)) else 0
    assert taken + none + lost == total and taken, text
    assert "→" not in text and not re.match(r"\d", text)  # which sentence repeats which, in words; no numeral first


def test_a_lost_sentence_is_reported(spec, tmp_path: Path) -> None:
    text = (ROOT / "spec" / "rulebook" / "reveil.toml").read_text(encoding="utf-8")
    broken = tmp_path / "reveil.toml"
    broken.write_text(text.replace('sources = ["reveil.fr:54"]', "sources = []"), encoding="utf-8")
    assert unplaced(load(broken, reveil_book.names(spec)), load_game("reveil")) == ["reveil.fr:54"]


def test_an_unknown_placeholder_is_refused_in_one_line(spec, tmp_path: Path) -> None:
    text = (ROOT / "spec" / "rulebook" / "reveil.toml").read_text(encoding="utf-8")
    bad = tmp_path / "reveil.toml"
    bad.write_text(text.replace("{hand_limit} Pensées au plus", "{hand_size} Pensées au plus"), encoding="utf-8")
    with pytest.raises(SpecError, match=r"rule .main.: unknown placeholder \{hand_size\}"):
        load(bad, reveil_book.names(spec))


@pytest.mark.parametrize("game", GAMES)
def test_every_reading_is_written_into_a_rule_with_a_wording_per_option(game: str) -> None:
    spec = _spec(game)
    book = books.book_of(game, spec)
    for r in spec.readings:
        rules = [x for x in book.rules if r.id in x.readings]
        assert rules, f"reading {r.id} is in no rule"
        for option in r.option_ids[1:]:
            assert any(v.when == ((r.id, option),) for x in rules for v in x.variants), f"{r.id}={option}"
    known = {(r.id, o) for r in spec.readings for o in r.option_ids}
    assert all(w in known for x in book.rules for v in x.variants for w in v.when)


def test_corrections_are_in_their_sentences_and_fixed_in_the_book(spec) -> None:
    corrections = load_corrections()
    texts = {e.id: e.unit.text for g in ("reveil", "dread-draw", "jekyll-hyde", "when-i-dream")
             for inv in load_game(g) for e in inv.entries}
    for c in corrections:
        assert c.wrong in texts[c.sentence], c
        assert c.wrong != c.right
    for game in GAMES:
        for lang in ("fr", "en"):
            doc = books.document(game, _spec(game), RESULTS, lang)
            rules = [b.text for b in doc.blocks if isinstance(b, Para)]
            for c in corrections:
                assert not any(c.wrong in t for t in rules), c
    assert {"piocheée", "vous ne êtes vaincu", "côté Jaume", "marquent I point"} <= {c.wrong for c in corrections}


#: What a player's book never says: the tool, how figures were obtained, the editor's vocabulary.
PLAYER_NEVER = re.compile(r"(?i)\bsonges?\b|simul|\bgraine\b|\bseed\b|intervalle|\binterval\b|confiance|confidence"
                          r"|\bcommande\b|\bcommand\b|\bmoteur\b|\bengine\b|\blecture\b|\breading\b"
                          r"|--\w")


#: The one sentence a player's book may give on simulated games: a share of them, with their count (Jekyll vs Hyde's
#: balance, « Sur 400 parties simulées … environ 45 % »).
SAMPLED = re.compile(r"[^.:]*\b\d[\d\u202f,]*\u00a0(?:parties simulées|simulated games)[^.]*\.")


def vocabulary(doc, spec) -> list[str]:
    """Words of the editor's dossier found in a player's book: tool, measures, reading and option ids (a simulated
    share said with its count is a player's figure)."""
    ids = {r.id for r in spec.readings} | {o for r in spec.readings for o in r.option_ids if "_" in o}
    found = []
    for t in doc.texts():
        found += [m.group(0) for m in PLAYER_NEVER.finditer(SAMPLED.sub("", t))]
        found += [i for i in ids if re.search(rf"\b{re.escape(i)}\b", t)]
    return found


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_players_book_passes_the_lint_and_speaks_to_players(game: str, lang: str) -> None:
    """Every reading's book, both languages: typography clean, and no word of the tool or of the dossier."""
    from songe.cli.common import load_game_spec

    spec = _spec(game)
    book, words = books.book_of(game, spec), glossary.of(spec)
    names = [c.name for c in getattr(spec, "cards", ()) if hasattr(c, "name")]
    variants = [()] + [(f"{r.id}={o}",) for r in spec.readings for o in r.option_ids[1:]]
    for chosen in variants:
        doc = books.document(game, load_game_spec(game, None, chosen), RESULTS, lang)
        faults = [f for t in doc.texts() for f in lint(t, lang)]
        assert faults == [], (chosen, faults[:5])
        assert vocabulary(doc, spec) == [], chosen
        # a publisher's book numbers its sections, not its sentences; a pointer names the section and first words
        assert [b.number for b in doc.blocks if isinstance(b, Para) and b.number] == [], chosen
        assert [m[0] for t in doc.texts() for m in POINTER.finditer(t)] == [], chosen
        assert terms.faults(terms.skip_lines(doc.blocks), words, lang, names, book.plain) == [], chosen
        if lang == "fr":
            assert book.register and [w for t in doc.texts() for w in register(t, book.register)] == [], chosen


def test_the_consistency_checks_see_a_fault() -> None:
    """A mixed register, a lower-case game term, a French term left in English, and the typography the lint
    must see: ordinals, the minus sign, no-break spaces, English quotation marks."""
    words = glossary.of(_spec("jekyll-hyde"))
    assert register("Placez le plateau, puis tu joues.", "vous") == ["tu"]
    assert terms.faults(["Chaque carte orgueil compte."], words, "fr")
    assert terms.faults(["Play an Orgueil card."], words, "en") and not terms.faults(["Pride (Orgueil)."], words, "en")
    assert lint("à la 2e manche", "fr") and lint("Intensité -1", "fr") and lint("Mr. Hyde", "en")
    assert lint("3 cartes", "fr") and lint("« Je passe »", "en") and lint("” Je passe”", "en")
    assert lint("à la 2ᵉ manche, Intensité −1, Mr.\u00a0Hyde, 3\u00a0cartes", "fr") == []


def test_the_vocabulary_check_sees_the_dossiers_words(spec) -> None:
    """The dossier of the same game is full of what the player's book must not say (the check can fail)."""
    doc = books.dossier("reveil", spec, RESULTS, "en")
    found = vocabulary(doc, spec)
    assert "reading" in [w.lower() for w in found]
    # the dossier names no reading id any more (an author reads words), but the check still sees one
    assert "loss_cap" not in found and "loss_cap" in vocabulary(Document("", "en", (Para("loss_cap=whole_dream"),)), spec)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_dossier_gives_each_open_point_its_wordings(game: str, lang: str) -> None:
    """Each reading of the spec is a sub-section of the dossier with the adopted and every other wording."""
    spec = _spec(game)
    doc = books.dossier(game, spec, RESULTS, lang, games=SMALL)  # simulated figures: a small run is enough here
    heads = [b.text for b in doc.blocks if isinstance(b, Heading)]
    texts = list(doc.texts())
    words, names = glossary.of(spec), [c.name for c in getattr(spec, "cards", ()) if hasattr(c, "name")]

    def said(t: str) -> str:  # an English dossier says the game's terms in English (Lucidity, not Lucidité)
        if lang == "fr":
            return t
        for term in words:  # the French name given at first use
            t = t.replace(f" ({term.name('fr')})", "").replace(f" ({term.name('fr', True)})", "")
        return terms.english_label(t, words, names)

    points = [re.sub(r"^(\d+\. |Point \d+ — )", "", h) for h in heads]  # a section « 3. », a point « Point 3 — »
    for r in spec.readings:  # the point's numbered title, and the rest of its full question right under it
        full = said(dress(r.question_in(lang), lang))
        if r.origin == "example_cards":  # the invented example cards' own question: a note on the example
            assert any(full in said(t) for t in texts) and full not in map(said, points), r.id
            continue
        k = [x.id for x in spec.readings if x.origin != "example_cards"].index(r.id) + 1  # its point's number
        title = said(next(re.sub(r"^Point \d+ — ", "", h) for h in heads if h.startswith(f"Point {k} — ")))
        rest = beyond(full, title) if title else full  # what the full question adds to its title, if anything
        assert not rest or any(said(t).endswith(" " + rest) for t in texts), r.id
        assert not any(f"--reading {r.id}" in t for t in texts), r.id  # no command line: the author reads words
        other = [t for t in texts if t.startswith(dress("Autre lecture :" if lang == "fr" else "Other reading:", lang))]
        assert other, r.id
    prose = [t for b in doc.blocks if isinstance(b, (Heading, Para)) for t in Document("", lang, (b,)).texts()]
    assert [f for t in prose for f in lint(t, lang)] == []


def test_the_lint_catches_what_it_must() -> None:
    assert lint("Défaite : tu perds", "fr") and lint("71.44 %", "fr") and lint("l'effet", "fr")
    assert lint("9504977/13305600", "fr") and lint("Lecture retenue\u00a0: deck_empty.", "fr")
    assert lint("the rule", "fr") and lint("71,44%", "en")
    assert lint("Défaite\u00a0: tu perds 71,44\u00a0% (voir 4.7)", "fr") == []


def test_the_figures_on_the_page_are_the_results_file(spec) -> None:
    doc = books.document("reveil", spec, RESULTS, "fr")
    table = next(b for b in doc.blocks if isinstance(b, TableBlock) and b.header[0] == "Niveau")
    shown = {row[0].lower(): row[3] for row in table.rows}
    assert shown == {lv: whole_percent(v, "fr") for lv, v in RESULTS["variants"]["defaults"].items()}  # a player reads 71 %
    assert Fraction(RESULTS["variants"]["defaults"]["normal"]) == Fraction(RESULTS["levels"]["normal"]["optimal"])


def test_a_reading_gives_its_own_book(spec) -> None:
    other = spec.with_readings({"victory_condition": "last_card_reached"})
    base, alt = (to_rst(books.document("reveil", s, RESULTS, "fr")) for s in (spec, other))
    assert "sans la résoudre" in alt and "sans la résoudre" not in base
    assert whole_percent(RESULTS["variants"]["victory_condition=last_card_reached"]["normal"], "fr") in alt


def test_sections_come_in_the_order_players_expect(spec) -> None:
    heads = [b.text for b in books.document("reveil", spec, RESULTS, "fr").blocks
             if isinstance(b, Heading) and b.level == 1]
    # sections 6 and 7 under Réveil's own titles ([book.sections]: levels only, two examples)
    assert heads[:8] == ["1. Aperçu et but du jeu", "2. Matériel", "3. Mise en place", "4. Tour de jeu",
                         "5. Fin de partie", "6. Niveaux de difficulté", "7. Exemples",
                         "8. Précisions (questions fréquentes)"]


def test_the_card_tables_come_from_the_spec(spec) -> None:
    doc = books.document("reveil", spec, RESULTS, "fr")
    dreams = next(b for b in doc.blocks if isinstance(b, TableBlock) and b.header[0] == "Rêve")
    assert [(r[0], r[1]) for r in dreams.rows] == [
        (c.name + (f" (×{c.copies})" if c.copies > 1 else ""), str(c.intensity)) for c in spec.cards
        if c.intensity is not None]


def test_rulebook_command_writes_the_book_of_a_reading(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "rulebook", "reveil", "--out", str(tmp_path),
                        "--reading", "loss_cap=whole_dream", "--json"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    page = (tmp_path / "reveil.fr.rst").read_text(encoding="utf-8")
    assert "pour tout le Rêve" not in page and "en tout, perte ajoutée par son effet" in page


def test_the_proposed_fix_is_the_cached_tune_and_agrees_with_the_results(spec) -> None:
    tune = json.loads((ROOT / "docs" / "results" / "reveil_tune.json").read_text(encoding="utf-8"))
    best, deck = tune["nearest"]["same_deck"], tune["nearest"]["card_changes"]
    assert tune["target"] == "1/2" and Fraction(best["distance"]) == abs(Fraction(best["value"]) - Fraction(1, 2))
    assert best["cards"] == [] and deck["cards"] != []
    assert Fraction(tune["best"][0]["distance"]) == min(Fraction(best["distance"]), Fraction(deck["distance"]))
    for lv in spec.levels:  # a set-up that is also a level has the level's value in the results file
        if (lv.lucidity, lv.hand_limit) == (best["lucidity"], best["hand_limit"]):
            assert Fraction(best["value"]) == Fraction(RESULTS["levels"][lv.id]["optimal"])
    page = to_rst(books.dossier("reveil", spec, RESULTS, "fr"))
    assert percent(best["value"], "fr") in page and fraction(best["value"], "fr") in page
    assert "la mise en place la plus proche" in page
    assert fraction(best["value"], "fr") not in to_rst(books.document("reveil", spec, RESULTS, "fr"))
    # the card-count fix is in the dossier exactly when it is nearer than the set-up's alone, with its deck size
    nearer = Fraction(deck["distance"]) < Fraction(best["distance"])
    size = len(spec.deck) + sum(c["after"] - c["before"] for c in deck["cards"])
    assert (fraction(deck["value"], "fr") in page) is nearer is (f"le paquet compterait alors {size}\u00a0cartes" in page)
    assert ("Suggestion pour l’auteur, hors de cette édition" in page) is nearer  # a change of cards is no clarification
    # only what differs from the normal set-up is proposed (never « limite ta main à 3 » when 3 is the rule)
    if best["hand_limit"] == spec.setup.hand_limit:
        assert f"limiter la main à {best['hand_limit']}" not in page.split("plus proche encore")[0]


def test_a_rule_that_never_applies_under_a_reading_is_not_printed(spec) -> None:
    """« Arrête aussi de piocher si tu es à 0 » never applies when defeat is checked after every card: the
    player's book leaves it out there, prints it under the other reading, and the dossier says why."""
    other = spec.with_readings({"defeat_scope": "turn_card"})
    base, alt = (to_rst(books.document("reveil", s, RESULTS, "fr")) for s in (spec, other))
    assert "ne pioche plus" not in base and "ne pioche plus" in alt
    assert "ne sert jamais" in to_rst(books.dossier("reveil", spec, RESULTS, "fr"))


def test_the_player_book_says_it_is_a_clarified_edition_and_the_dossier_ranks_the_choices(spec) -> None:
    doc = books.document("reveil", spec, RESULTS, "fr")
    assert sum("dossier de l’éditeur" in t for t in doc.texts()) == 1
    dossier = books.dossier("reveil", spec, RESULTS, "fr")
    confirm = []
    for b in dossier.blocks[2:]:
        if isinstance(b, Heading) and b.level == 2:  # the sheet's groups: what only the author settles, the choices…
            continue
        if not isinstance(b, (Para, Steps)):
            break
        confirm += [b.text] if isinstance(b, Para) else list(b.steps)
    def printed(x: str) -> Fraction:  # a win rate as the dossier prints it (two places of a percentage)
        return Fraction(round(Fraction(x) * 10000), 10000)
    # the gap between the printed figures, so that the dossier's gap and its two percentages agree
    gaps = [abs(printed(RESULTS["variants"][f"{r.id}={o}"]["normal"]) - printed(RESULTS["variants"]["defaults"]["normal"]))
            for r in spec.readings for o in r.option_ids[1:]]
    largest = max(gaps)
    # the lead, then the largest choice first: its question, the edition's proposal, the other reading, its gap
    first = confirm[:next((k for k, t in enumerate(confirm) if t.startswith(("………", "☐"))), 0)]  # up to its answer
    gap = [t for t in first if t.startswith("Écart")]
    assert len(gap) == 1 and percent(largest, "fr").split("\u00a0")[0] in gap[0], first


def test_the_faq_answers_players_in_a_sentence_or_two(spec) -> None:
    """Réveil's FAQ: one question per reading and per open point the book answers there, each answered in one or
    two sentences, under every reading; not the readings whose FAQ answer is left empty because a rule of the turn
    says it in full (no rule twice)."""
    from songe.rulebook.document import QA

    silent = {rid for r in books.book_of("reveil", spec).rules if r.block == "faq_answer" and not (r.wording.fr or r.variants)
              for rid in r.readings}
    assert silent  # Rêve récurrent, Intensité sous 0, Écho de peur en chaîne: their rules say them
    own = [r for r in books.book_of("reveil", spec).rules if r.block == "question"]
    assert own and all(r.title for r in own)  # every entry of the FAQ is a question a player asks
    points = {p.id for p in spec.open_points}  # an open point a player would ask about (a mistake) has its answer
    asked_points = [r for r in books.book_of("reveil", spec).rules if r.block == "faq_answer" and set(r.readings) & points]
    assert asked_points
    for chosen in [{}] + [{r.id: o} for r in spec.readings for o in r.option_ids[1:]]:
        for lang in ("fr", "en"):
            doc = books.document("reveil", spec.with_readings(chosen) if chosen else spec, RESULTS, lang)
            answers = [b.answer for b in doc.blocks if isinstance(b, QA)]
            assert len(answers) == len(spec.readings) - len(silent) + len(own) + len(asked_points)  # and the book's own
            long = [a for a in answers if len(re.findall(r"[.!?](?:\s|$)", a)) > 2]
            assert long == [], (chosen, lang, long)
            # the question a player asks: one short sentence, never the dossier's argued reading
            asked = [b.question for b in doc.blocks if isinstance(b, QA)]
            assert [q for q in asked if len(q.split()) > 18 or q.count("?") != 1] == [], (chosen, lang)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_reveils_book_gives_each_percentage_once(spec, lang: str) -> None:
    """Section 6 says each computed figure once (the levels table, the advice's own odds), as plain facts."""
    doc = books.document("reveil", spec, RESULTS, lang)
    said = [p for t in doc.texts() for p in re.findall(r"\d+(?:[.,]\d+)?\u202f?\u00a0?%", t)]
    assert said and len(said) == len(set(said)), said


@pytest.mark.parametrize("game", GAMES)
def test_worked_examples_print_as_numbered_steps_never_as_a_log(game: str) -> None:
    """A player's book tells each worked example as numbered steps in its own typeface (no monospace replay
    on the page or in the PDF), tells the text's own example once, and never quotes a card inside a step."""
    from songe.games.registry import find_family
    from songe.rulebook.pdf import to_typst

    spec = _spec(game)
    examples = find_family(game).worked_examples(spec)
    for lang in ("fr", "en"):
        doc = books.document(game, spec, RESULTS, lang)
        steps = [b for b in doc.blocks if isinstance(b, Steps)]
        printed = [e for e in examples if e.printed]
        assert len(steps) >= len(printed)
        for e in printed:
            assert any(len(s.steps) == len(e.text(lang)) for s in steps), e.id
        rst, typst = to_rst(doc), to_typst(doc)
        assert "code-block" not in rst and "#raw(" not in typst
        assert "#enum(" in typst and re.search(r"^1\. ", rst, re.M)
        assert not [x for s in steps for x in s.steps if re.search(r"[:：]\s*[«“].*[»”]", x)]
