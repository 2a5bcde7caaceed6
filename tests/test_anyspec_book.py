"""A book for any Réveil spec: authored card texts kept only while they describe the spec's cards, a drafted text
(flagged « à relire » in the dossier) otherwise, and the figures solved for the spec, never read from the shipped
game's results file.

The changed specs are small decks (a few cards removed), so their four levels solve in about a second.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import run_cli

from songe.analysis.values import level_values
from songe.games.reveil import book as reveil_book
from songe.games.reveil.draft import Change, card_text, changes, fingerprint, redraft
from songe.games.reveil.exact import KIT
from songe.games.reveil.setup import setups
from songe.games.reveil.spec_figures import digest, figures, fits, is_shipped, sampled_orders
from songe.rulebook import books
from songe.rulebook.document import Heading, Lines, Para, TableBlock, to_rst
from songe.rulebook.typography import dress, whole_percent
from songe.spec import glossary
from songe.spec.book import load as load_book
from songe.spec.reveil import load

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "spec" / "reveil.toml"
RESULTS = json.loads((ROOT / "docs" / "results" / "reveil.json").read_text(encoding="utf-8"))
#: Cards taken out of the small variants, so that a fresh solve takes a second.
DROPPED = ("paralysie_nocturne", "echo_de_peur", "souvenir_reel")


def _copy(tmp_path: Path, edit=lambda text: text, name: str = "copy.toml") -> Path:
    """A copy of the shipped spec in tmp_path (its source path made absolute), edited."""
    text = SPEC.read_text(encoding="utf-8").replace('source = "sources/', f'source = "{SPEC.parent}/sources/')
    path = tmp_path / name
    path.write_text(edit(text), encoding="utf-8")
    return path


def _drop(text: str, card: str) -> str:
    """The spec text without one card's table (and the worked example, whose order names every card)."""
    text = re.sub(rf"\[\[cards\]\]\nid = \"{card}\"\n.*?(?=\n\[\[cards\]\]|\n# What the text)", "", text, flags=re.S)
    return re.sub(r"\[\[examples\]\].*?(?=\n\[|\Z)", "", text, flags=re.S)


def _small(text: str) -> str:
    for card in DROPPED:
        text = _drop(text, card)
    return text


def _changed(text: str) -> str:
    """The small deck, Lieu familier drawing 2 instead of 1."""
    return _small(text).replace('if = "thought_played", do = "draw 1"', 'if = "thought_played", do = "draw 2"')


def _cards(doc) -> dict[str, str]:
    """Card name -> effect text, from the book's card tables (without a copy count or the French name beside it)."""
    return {row[0].split(" (")[0]: row[-1] for b in doc.blocks if isinstance(b, TableBlock) and b.title
            for row in b.rows}


def test_every_authored_card_text_carries_its_cards_current_fingerprint() -> None:
    spec, book = load(), load_book(ROOT / "spec" / "rulebook" / "reveil.toml")
    want = {c.id: fingerprint(c, spec) for c in spec.cards}
    have = {r.card: r.fingerprint for r in book.rules if r.card}
    assert have == want, "paste these fingerprints beside the card texts: " + json.dumps(want)


def test_an_unchanged_copy_prints_todays_book_and_dossier_exactly(tmp_path: Path) -> None:
    copy = load(_copy(tmp_path))
    assert is_shipped(copy) and fits(copy, RESULTS)
    for lang in ("fr", "en"):
        assert books.document("reveil", copy, RESULTS, lang) == books.document("reveil", load(), RESULTS, lang)
        assert books.dossier("reveil", copy, RESULTS, lang) == books.dossier("reveil", load(), RESULTS, lang)


@pytest.fixture(scope="module")
def changed(tmp_path_factory):
    spec = load(_copy(tmp_path_factory.mktemp("changed"), _changed))
    return spec, figures(spec)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_changed_card_gets_the_drafted_text_and_the_dossier_flags_it(changed, lang: str) -> None:
    spec, data = changed
    shipped = _cards(books.document("reveil", load(), RESULTS, lang))
    cards = _cards(books.document("reveil", spec, data, lang))
    name = spec.card("lieu_familier").name  # the book and the dossier name the card alike
    if lang == "en":  # the English book prints a card's English name where the glossary gives one
        name = glossary.of(spec).translate(name, lang)
    assert cards[name] != shipped[name]
    if lang == "fr":
        assert cards[name] == dress(card_text(spec.card("lieu_familier"), spec, lang), lang)
    assert ("2\xa0cartes" if lang == "fr" else "2\xa0cards") in cards[name]
    assert all(cards[n] == shipped[n] for n in cards if n != name)  # the others still hold: kept as authored
    dossier = books.dossier("reveil", spec, data, lang)
    heads = [b.text for b in dossier.blocks if isinstance(b, Heading)]
    assert heads[0].endswith("À relire" if lang == "fr" else "To review")
    listed = [line for b in dossier.blocks if isinstance(b, Lines) for line in b.lines if line.startswith(name)]
    assert listed and shipped[name].lower() in listed[0].lower()  # the book capitalises its terms


def test_the_dossier_of_an_unchanged_spec_has_nothing_to_review() -> None:
    heads = [b.text for b in books.dossier("reveil", load(), RESULTS, "fr").blocks if isinstance(b, Heading)]
    assert not any("relire" in h for h in heads)


def test_a_changed_spec_gets_its_own_figures_not_the_shipped_results(changed) -> None:
    spec, data = changed
    assert not fits(spec, RESULTS) and digest(spec) != digest(load())
    solved = level_values(spec, setups(spec, None), KIT)
    doc = books.document("reveil", spec, data, "fr")
    table = next(b for b in doc.blocks if isinstance(b, TableBlock) and not b.title)
    # the table lists the levels by difficulty, not in the spec's order
    assert sorted(row[-1] for row in table.rows) == sorted(whole_percent(solved[lv.id], "fr") for lv in spec.levels)
    assert reveil_book.level_odds(spec, data) == solved


def test_a_renamed_term_reaches_the_drafted_text(tmp_path: Path) -> None:
    def rename(text: str) -> str:
        return _changed(text).replace('fr = { word = "Pensée", plural = "Pensées"', 'fr = { word = "Idée", plural = "Idées"')

    spec = load(_copy(tmp_path, rename))
    assert glossary.of(spec)["thought"].name("fr") == "Idée"
    assert "Idée" in card_text(spec.card("lieu_familier"), spec, "fr")
    assert fingerprint(spec.card("refus"), spec) != fingerprint(load().card("refus"), load())


def test_rulebook_spec_writes_the_variants_book_and_refuses_anothers_results(tmp_path: Path, capsys) -> None:
    variant = _copy(tmp_path, _changed)
    code, out, err = run_cli(capsys, "rulebook", "reveil", "--spec", str(variant), "--out", str(tmp_path / "b"))
    assert code == 0, err
    page = (tmp_path / "b" / "reveil.fr.rst").read_text(encoding="utf-8")
    assert "pioche 2\xa0cartes" in page and "permutation" not in err
    code, out, err = run_cli(capsys, "rulebook", "reveil", "--spec", str(variant), "--out", str(tmp_path / "c"),
                             "--results", str(ROOT / "docs" / "results" / "reveil.json"))
    assert code == 2 and "another spec" in err and len(err.strip().splitlines()) == 1


def test_sampled_orders_are_shown_in_the_dossier_only_with_their_interval(changed) -> None:
    spec, data = changed
    data = dict(data, orders=sampled_orders(spec, size=40))
    solved = level_values(spec, setups(spec, None), KIT)
    for level, o in data["orders"].items():
        low, high = o["mean"]["ci95"]
        assert o["sampled"] and o["sample"] == 40 and low <= solved[level] <= high  # the sample brackets the exact
    lines = [line for b in books.dossier("reveil", spec, data, "fr").blocks if isinstance(b, Lines) for line in b.lines]
    assert any(line.startswith("normal") and "40\xa0ordres sur" in line for line in lines)
    book = to_rst(books.document("reveil", spec, data, "fr"))
    assert "échantillon" not in book and "ordres sur" not in book


def test_a_reading_of_the_shipped_spec_still_reads_the_docs_results() -> None:
    assert fits(load(readings={"loss_cap": "whole_dream"}), RESULTS)


def _rethemed(text: str) -> str:
    """The small deck with Chute infinie renamed and the thought re-themed as an idea (Idée)."""
    return (_small(text).replace('name = "Chute infinie"', 'name = "Chute sans fin"')
            .replace('fr = { word = "Pensée", plural = "Pensées"', 'fr = { word = "Idée", plural = "Idées"'))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_renamed_card_and_a_rethemed_term_are_printed_in_the_specs_words(tmp_path: Path, lang: str) -> None:
    spec = load(_copy(tmp_path, _rethemed))
    data = figures(spec)
    doc = books.document("reveil", spec, data, lang)
    rules = [b.text for b in doc.blocks if isinstance(b, Para) and b.rule]
    cards = _cards(doc)
    assert cards and not any("Pensée" in t for t in cards.values())  # drafted, the verbs' words re-themed too
    if lang == "fr":
        assert "Idée" in cards["Visage flou"]
    assert rules and not any("Chute infinie" in t or "Pensée" in t for t in rules)
    assert any("Chute sans fin" in t for t in rules)
    if lang == "fr":
        assert any("Idée" in t for t in rules)
    review = [line for b in books.dossier("reveil", spec, data, lang).blocks if isinstance(b, Lines)
              for line in b.lines if "Chute sans fin" in line]
    assert review  # the rules printed with new words are listed for review


def test_a_results_file_fits_the_spec_it_was_written_for_only(changed) -> None:
    spec, _ = changed
    assert fits(spec, {"spec_digest": digest(spec)}) and not fits(load(), {"spec_digest": digest(spec)})
    assert not fits(spec, {})  # a file without a digest is the shipped game's


def test_an_example_written_for_another_deck_is_not_replayed_and_the_dossier_says_so(tmp_path: Path) -> None:
    def copy_more(text: str) -> str:
        return text.replace('name = "Visage flou"\nkind = "dream"\nintensity = 1\ncopies = 1',
                            'name = "Visage flou"\nkind = "dream"\nintensity = 1\ncopies = 2')

    spec = load(_copy(tmp_path, copy_more))
    assert len(spec.deck) == 12 and spec.examples
    titled = {dress(r.title.fr, "fr") for r in books.book_of("reveil", load()).rules if r.title and not r.block}

    def replays(doc) -> list[str]:  # the worked examples' titles (sub-headings), not the book's own sub-headings
        return [b.text for b in doc.blocks if isinstance(b, Heading) and b.level == 2 and b.text not in titled]

    assert replays(books.document("reveil", load(), RESULTS, "fr"))
    # the figures do not matter here: the shipped ones stand in, to keep the test fast
    assert not replays(books.document("reveil", spec, RESULTS, "fr"))
    notes = [b.text for b in books.dossier("reveil", spec, RESULTS, "fr").blocks if isinstance(b, Para)]
    assert any("n’est pas rejoué" in t and "11\xa0cartes pour 12" in t for t in notes)


def test_a_renamed_resource_keeps_the_written_card_texts_and_the_dossier_says_what_changed(tmp_path: Path) -> None:
    """A pure rename of a term is not a changed effect: each written card text is kept with the new word, and the
    dossier lists it as reworded (saying « Lucidité → Sérénité »; the English one in English words, « Lucidity →
    Serenity »), never as a card whose effect changed."""
    def rename(text: str) -> str:
        return _small(text).replace('fr = { word = "Lucidité", plural = "Lucidité"',
                                    'fr = { word = "Sérénité", plural = "Sérénité"').replace(
            'en = { word = "Lucidity", plural = "Lucidity"', 'en = { word = "Serenity", plural = "Serenity"').replace(
            'fr = { word = "Lieu familier", plural = "Lieu familier", gender = "m" }',
            'fr = { word = "Lieu familier", plural = "Lieu familier", gender = "f" }')  # a card's gender: no term

    spec = load(_copy(tmp_path, rename))
    assert all(changes(spec.card(c.id), spec, fingerprint(c, load())) == {Change.TERMS} for c in spec.cards)
    assert all(redraft(spec, c.id, fingerprint(load().card(c.id), load()), "fr") is None for c in spec.cards)
    cards = _cards(books.document("reveil", spec, figures(spec), "fr"))
    assert "Sérénité" in cards["Chute infinie"] and "perte normale" in cards["Chute infinie"]  # the written text
    lines = [line for b in books.dossier("reveil", spec, figures(spec), "fr").blocks if isinstance(b, Lines)
             for line in b.lines]
    assert any(line.startswith("Chute infinie") and line.endswith("(Lucidité → Sérénité)") for line in lines)
    assert lines and not any("changé l’effet" in line for line in lines)
    english = [line for b in books.dossier("reveil", spec, figures(spec), "en").blocks if isinstance(b, Lines)
               for line in b.lines]
    assert any(line.startswith("Endless Fall — ") and line.endswith("(Lucidity → Serenity)") for line in english)
    assert any(line.startswith("words changed by the spec: Lucidity → Serenity — ") for line in english)
    assert not any(word in line for line in english for word in ("Lucidité", "Sérénité")), english


def test_a_renamed_term_of_another_gender_gets_the_drafted_text(tmp_path: Path) -> None:
    """« la Lucidité » cannot become « la Calme »: a renamed term of another gender redrafts the texts using it."""
    def rename(text: str) -> str:
        return _small(text).replace('fr = { word = "Lucidité", plural = "Lucidité", gender = "f"',
                                    'fr = { word = "Calme", plural = "Calme", gender = "m"')

    spec = load(_copy(tmp_path, rename))
    assert redraft(spec, "chute_infinie", fingerprint(load().card("chute_infinie"), load()), "fr") is not None
