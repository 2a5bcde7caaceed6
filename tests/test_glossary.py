"""The [glossary] of every shipped spec: validated by its family's schema, read by songe.spec.glossary."""

from __future__ import annotations

import copy

import pytest

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
    assert [jh.translate(s.name, "en") for s in jekyll_hyde.load().suits] == ["Pride", "Wrath", "Envy"]
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
