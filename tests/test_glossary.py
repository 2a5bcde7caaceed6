"""The [glossary] of every shipped spec: validated by its family's schema, read by songe.spec.glossary."""

from __future__ import annotations

import copy

import pytest
from helpers import run_cli

from songe.errors import OptionError, SpecError
from songe.spec import dread_draw, glossary, jekyll_hyde, reveil, when_i_dream
from songe.spec.fields import read_toml

FAMILIES = {"reveil": reveil, "jekyll_hyde": jekyll_hyde, "when_i_dream": when_i_dream, "dread_draw": dread_draw}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_shipped_spec_has_its_terms_in_both_languages(family: str) -> None:
    from songe.spec.schemas import model

    module = FAMILIES[family]
    g = glossary.of(module.load())
    needed = __import__(model(family).__module__, fromlist=["TERMS"]).TERMS
    assert set(needed) <= set(g.ids)
    for term in g:
        for lang in glossary.LANGS:
            assert term.name(lang) and term.name(lang, plural=True)
        assert term.gender("fr") is not glossary.Gender.NONE


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_a_spec_missing_a_needed_term_is_refused_in_one_line(family: str) -> None:
    module = FAMILIES[family]
    path = module.default_path()
    raw = read_toml(path)
    first = next(iter(raw["glossary"]))
    del raw["glossary"][first]
    with pytest.raises(SpecError) as err:
        module.from_raw(raw, str(path), {}, path.parent)
    assert f"missing term {first!r}" in str(err.value) and "\n" not in str(err.value)


def test_a_spec_without_a_glossary_is_refused() -> None:
    path = reveil.default_path()
    raw = read_toml(path)
    del raw["glossary"]
    with pytest.raises(SpecError, match="glossary"):
        reveil.from_raw(raw, str(path), {}, path.parent)


def test_a_french_word_has_a_gender() -> None:
    path = reveil.default_path()
    raw = read_toml(path)
    raw["glossary"]["dream"]["fr"]["gender"] = "n"
    with pytest.raises(SpecError, match="masculine"):
        reveil.from_raw(raw, str(path), {}, path.parent)


def test_a_suit_without_a_term_keeps_its_french_name() -> None:
    path = jekyll_hyde.default_path()
    raw = read_toml(path)
    raw["suits"][0]["name"] = "Paresse"
    g = glossary.of(jekyll_hyde.from_raw(raw, str(path), {}, path.parent))
    assert g.translate("Paresse", "en") == "Paresse" and g.translate("Colère", "en") == "Wrath"


def test_a_rethemed_spec_reads_its_own_words() -> None:
    path = reveil.default_path()
    raw = read_toml(path)
    themed = copy.deepcopy(raw)
    themed["glossary"]["lucidity"] = {"fr": {"word": "Énergie", "plural": "Énergie", "gender": "f"},
                                      "en": {"word": "Energy", "plural": "Energy", "gender": "n"}}
    g = glossary.of(reveil.from_raw(themed, str(path), {}, path.parent))
    assert g["lucidity"].the("fr") == "l’Énergie" and g["lucidity"].of("fr") == "de l’Énergie"
    assert g["lucidity"].count(3, "en") == "3 Energy"
    assert glossary.of(reveil.load())["lucidity"].name("fr") == "Lucidité"  # the shipped spec is untouched


def test_articles_counts_and_capitals() -> None:
    g = glossary.of(reveil.load())
    dream, thought, intensity = g["dream"], g["thought"], g["intensity"]
    assert (dream.the("fr"), dream.a("fr"), dream.of("fr")) == ("le Rêve", "un Rêve", "du Rêve")
    assert (thought.the("fr", plural=True), thought.of("fr", plural=True)) == ("les Pensées", "des Pensées")
    assert (intensity.the("fr"), intensity.the("fr", capital=True)) == ("l’Intensité", "L’Intensité")
    assert (thought.count(1, "fr"), thought.count(2, "fr"), thought.count(0, "en")) == \
        ("1 Pensée", "2 Pensées", "0 thoughts")
    assert (intensity.a("en"), dream.a("en", capital=True)) == ("an intensity", "A dream")
    assert dream.capitalised("fr") and not dream.capitalised("en")


def test_translate_suits_and_roles_by_their_french_names() -> None:
    jh = glossary.of(jekyll_hyde.load())
    assert [jh.translate(s.name, "en") for s in jekyll_hyde.load().suits] == ["Pride", "Wrath", "Greed"]
    assert jh.translate("Chute infinie", "en") == "Chute infinie"  # not a term: printed as it is
    wid = when_i_dream.load()
    assert [glossary.of(wid)[r.id].name("en") for r in wid.roles] == ["Fairy", "Boogeyman", "Sandman"]


def test_unknown_term_and_language_are_one_line_errors() -> None:
    g = glossary.of(reveil.load())
    with pytest.raises(OptionError, match="no glossary term 'mana'"):
        g["mana"]
    with pytest.raises(OptionError, match="unknown language 'de'"):
        g["dream"].name("de")


def test_a_rethemed_spec_traces_in_its_own_words() -> None:
    """The trace takes every game term from the glossary: renaming the resource and the card kinds
    renames them in every line, in both languages, and changes nothing else."""
    from helpers import run

    from songe.games.reveil.wording import line

    path = reveil.default_path()
    raw = read_toml(path)
    raw["glossary"]["lucidity"] = {"fr": {"word": "Énergie", "plural": "Énergie", "gender": "f"},
                                   "en": {"word": "Energy", "plural": "Energy", "gender": "n"}}
    raw["glossary"]["thought"]["en"] = {"word": "idea", "plural": "ideas", "gender": "n"}
    themed = reveil.from_raw(raw, str(path), {}, path.parent)
    shipped = reveil.load()
    order = "Refus,Chute infinie,Lieu familier,Ancrage,Visage flou,Rêve récurrent,Paralysie nocturne,Écho de peur," \
            "Prise de conscience,Souvenir réel,Rêve récurrent"
    (a,), (b,) = run(order, "Refus", spec=shipped), run(order, "Refus", spec=themed)
    events = [(s.event, t.event) for s, t in zip(a.steps, b.steps, strict=True) if s.event and t.event]
    en = [(line(x, shipped, "en"), line(y, themed, "en")) for x, y in events]
    fr = [(line(x, shipped, "fr"), line(y, themed, "fr")) for x, y in events]
    assert any("Energy" in t for _, t in en) and any("no idea against" in t for _, t in en)
    assert any("Énergie" in t for _, t in fr) and not any("Lucidit" in t for _, t in en + fr if "«" not in t)
    assert all(t == s.replace("Lucidity", "Energy").replace("no thought", "no idea") for s, t in en)
    assert all(t == s.replace("Lucidité", "Énergie") for s, t in fr if "«" not in s)


def test_drafted_card_texts_speak_in_the_books_register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Réveil's book says « tu »: a drafted card text does too; a book in « vous » gets « vous » forms."""
    from songe.games.reveil import draft
    from songe.spec.book import book_dir
    from songe.spec.book import load as load_book

    spec = reveil.load()
    assert draft.register(spec).value == load_book(book_dir() / "reveil.toml").register == "tu"
    tu = " ".join(draft.card_text(c, spec, "fr") for c in spec.cards)
    assert "perds 1" in tu and "tu as joué" in tu
    assert not any(w in tu.split() for w in ("vous", "perdez", "piochez", "gagnez", "ignorez", "annulez", "retirez"))
    monkeypatch.setattr(draft, "register", lambda spec: glossary.Register("vous"))
    vous = " ".join(draft.card_text(c, spec, "fr") for c in spec.cards)
    assert "perdez 1" in vous and "vous avez joué" in vous and "Piochez" in vous
    with pytest.raises(ValueError, match="'tu' or 'vous'"):
        glossary.Register("toi")


def test_a_rethemed_copy_prints_no_old_term(tmp_path, capsys) -> None:
    """Resource and both card kinds renamed in a copy's glossary: trace, play, advise and the books, in both
    languages, print the new words and never an old one (outside the copy's own quotes and card names)."""
    import re
    import subprocess
    import sys

    from songe.spec.book import book_dir
    from songe.spec.book import load as load_book

    path = reveil.default_path()
    text = path.read_text(encoding="utf-8")
    renames = {"lucidity": ("Énergie", "Énergie", "f", "Energy", "Energy"),
               "dream": ("Ombre", "Ombres", "f", "shadow", "shadows"),
               "thought": ("Idée", "Idées", "f", "idea", "ideas")}
    shipped = glossary.of(reveil.load())
    old = {w for t in renames for lang in glossary.LANGS for w in (shipped[t].name(lang), shipped[t].name(lang, True))}
    for term, (fr, frpl, gender, en, enpl) in renames.items():
        block = re.search(rf"\[glossary\.{term}\]\nfr = [^\n]*\nen = [^\n]*\n", text)
        assert block is not None
        text = text.replace(block.group(0), f'[glossary.{term}]\nfr = {{ word = "{fr}", plural = "{frpl}", '
                            f'gender = "{gender}" }}\nen = {{ word = "{en}", plural = "{enpl}", gender = "n" }}\n')
    themed = tmp_path / "themed.toml"
    themed.write_text(text, encoding="utf-8")
    names = [c.name for c in reveil.load().cards]
    english = [glossary.of(reveil.load()).translate(n, "en") for n in names]  # a card's English name is its own
    # the book's everyday uses of a word (the dream the player is lost in is no card kind), and their English
    plain = [*load_book(book_dir() / "reveil.toml").plain, "trapped in a dream", "lost in the dream"]
    small = ["--level", "cauchemar", "--lucidity", "3", "--hand-limit", "1"]
    runs = []
    for lang in glossary.LANGS:
        runs += [["trace", str(themed), *small, "--lang", lang, "--order", ",".join(reveil.load().deck)],
                 ["play", str(themed), *small, "--seed", "4", "--hints", "--lang", lang],
                 ["advise", str(themed), "--lucidity", "2", "--dream", names[0], "--hand", names[-1], "--lang", lang],
                 ["rulebook", str(themed), "--lang", lang, "--out", str(tmp_path / "book")]]
    runs.append(["tune", str(themed), "--lucidity", "2", "--hand-limit", "1"])  # its messages are English only
    printed = []
    for args in runs:
        if args[0] != "play":  # in this process (a start each would cost seconds); play reads a terminal's keys
            code, out, err = run_cli(capsys, *args)
            assert code == 0, (args, err[-800:])
            printed.append(out)
            continue
        r = subprocess.run([sys.executable, "-m", "songe.cli.main", *args], capture_output=True, text=True,
                           input="1\n" * 12, timeout=300)
        assert r.returncode == 0, (args, r.stderr[-800:])
        printed.append(r.stdout)
    printed += [p.read_text(encoding="utf-8") for p in sorted((tmp_path / "book").glob("*.rst"))]
    assert len(printed) == 11
    for out in printed:
        said = re.sub(r"«[^»]*»|“[^”]*”", "", out)  # the copy's own quotes, as it wrote them
        said = re.sub(r"--[a-z-]+", "", said)  # the command's own option names (--lucidity), not game words
        for name in [*names, *english, *plain]:
            said = said.replace(name, "")
        stale = sorted(w for w in old if re.search(rf"\b{w}\b", said, re.IGNORECASE))
        assert not stale, (stale, [said[max(0, m.start() - 80):m.end() + 40] for w in stale
                                   for m in re.finditer(rf"\b{w}\b", said, re.IGNORECASE)][:3])
    assert any("Énergie" in out for out in printed) and any("idea" in out for out in printed)


@pytest.mark.parametrize("lang", glossary.LANGS)
def test_a_rethemed_dossiers_why_column_says_the_new_word(lang: str) -> None:
    """The dossier's table of changed rules gives the book's authored reasons (written for the shipped game) in the
    copy's words: the renamed resource, never the old one (no solving: the shipped figures fit the copy)."""

    from songe.rulebook import books
    from songe.rulebook.changes import changes
    from songe.rulebook.compose import placed
    from songe.rulebook.document import TableBlock
    from songe.rulebook.dossier import numbers
    from songe.rulebook.results import read
    from songe.spec.inventory import load_game

    path = reveil.default_path()
    raw = read_toml(path)
    raw["glossary"]["lucidity"] = {"fr": {"word": "Énergie", "plural": "Énergie", "gender": "f"},
                                   "en": {"word": "Energy", "plural": "Energy", "gender": "n"}}
    spec = reveil.from_raw(raw, str(path), {}, path.parent)
    book = books.book_of("reveil", spec)
    facts = placed(book, books._facts("reveil", spec, read(path.parents[1] / "docs" / "results" / "reveil.json"),
                                      lang, None))
    table, _ = changes(book, facts, load_game("reveil"), numbers(facts))
    why = [row[-1] for block in table if isinstance(block, TableBlock) for row in block.rows]
    assert any(glossary.of(spec)["lucidity"].name(lang) in w for w in why)
    assert not any("Lucidit" in w for w in why), [w for w in why if "Lucidit" in w]


def test_the_loss_cap_rule_names_this_decks_cards_that_add_a_loss(tmp_path) -> None:
    """The rule on the per-dream loss cap names, in passing, the cards whose effect adds a loss: this deck's (a new
    one included), never only the shipped game's, under either reading of the cap."""
    from fractions import Fraction

    from helpers import with_vertige

    from songe.games.reveil.book import context
    from songe.rulebook import books
    from songe.rulebook.compose import fill

    path = tmp_path / "mine.toml"
    path.write_text(with_vertige(reveil.default_path().read_text(encoding="utf-8")), encoding="utf-8")
    for chosen in ({}, {"loss_cap": "whole_dream"}):
        spec = reveil.load(path, readings=chosen)
        rule = next(r for r in books.book_of("reveil", spec).rules if r.id == "perte")
        for lang, joined in (("fr", "Chute infinie et Vertige"), ("en", "Chute infinie and Vertige")):
            said = fill(rule.text(lang, dict(spec.chosen)), context(spec, {lv.id: Fraction(0) for lv in spec.levels}, lang))
            assert f"({joined})" in said, said
