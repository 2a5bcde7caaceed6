"""``songe lint`` on a designer's words: quotes still saying a renamed term, cards with no English name or the
former card's names, figures a sentence states that the deck or the levels no longer give, and a difficulty ladder
the levels' solved values break. Cheap checks only (no solving), except the ladder's, fed its values."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import new_spec, with_vertige

from songe.analysis.claims import Verdict, measure
from songe.games.reveil.lint import broken_ladders, cheap
from songe.spec.fields import read_toml
from songe.spec.reveil import load

RENAME = ('fr = { word = "Lucidité", plural = "Lucidité", gender = "f" }',
          'fr = { word = "Sérénité", plural = "Sérénité", gender = "f" }')


@pytest.fixture
def own(tmp_path: Path, capsys) -> Path:
    return new_spec(capsys, tmp_path / "mine.toml")


def _found(path: Path, edit) -> list[str]:
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return [str(f) for f in cheap(str(path), read_toml(path), path.parent)]


def test_a_renamed_term_still_in_the_quotes_is_one_line_and_fixing_them_clears_it(own: Path) -> None:
    found = _found(own, lambda t: t.replace(*RENAME))
    assert len(found) == 1 and "glossary 'lucidity'" in found[0] and "still say 'Lucidité'" in found[0]
    assert "cards['chute_infinie'].effects[0]" in found[0]
    assert _found(own, lambda t: t.replace("Lucidité", "Sérénité")) == []


def test_a_card_without_an_english_name_and_a_renamed_cards_stale_names(own: Path) -> None:
    def edit(text: str) -> str:
        text = text.replace('name = "Lieu familier"', 'name = "Porte entrouverte"')
        return with_vertige(text)
    found = _found(own, edit)
    assert any("card 'vertige', field 'name' = 'Vertige': no name in en" in f for f in found)
    assert any("glossary 'lieu_familier'" in f and "now named 'Porte entrouverte'" in f for f in found)
    fixed = _found(own, lambda t: t + '\n[glossary.vertige]\nfr = { word = "Vertige", plural = "Vertige", '
                   'gender = "m" }\nen = { word = "Vertigo", plural = "Vertigo", gender = "n" }\n')
    assert not any("vertige" in f for f in fixed)


def test_figures_a_sentence_states_that_the_deck_and_levels_no_longer_give(own: Path) -> None:
    def edit(text: str) -> str:
        text = with_vertige(text)
        text = text.replace("dreams = 7", "dreams = 8").replace("total = 11", "total = 12")
        return text.replace('id = "facile"\nlucidity = 7', 'id = "facile"\nlucidity = 8')
    found = _found(own, edit)
    stale = " | ".join(f.split(": ", 1)[1] for f in found if "your text is stale" in f)
    assert "setup, field 'quote' = 'Mélange les 11 cartes" in stale and "says 11 cartes, but the cards make 12" in stale
    assert "claim 'deck_counts', field 'quote'" in stale and "says 7 Rêves, but the cards make 8" in stale
    assert "levels['facile'], field 'quote'" in stale and "says 7 Lucidité, but level 'facile' starts with 8" in stale
    assert any(f.startswith(f"{own}: claim 'difficulty_ladder'") and "says 7 Lucidité for 'facile', but level "
               "'facile' starts with 8" in f for f in found)
    spec = load(own)
    ladder = {"defaults": {"facile": Fraction(9, 10), "normal": Fraction(7, 10), "difficile": Fraction(6, 10),
                           "cauchemar": Fraction(1, 2)}}  # the levels still get harder, but not from these figures
    verdicts = {c.spec.id: c.verdict for c in measure(spec, ladder)}
    assert verdicts["deck_counts"] is verdicts["difficulty_ladder"] is Verdict.FAILS  # stale sentences: not « vrai »
    assert {c.spec.id: c.verdict for c in measure(load(), ladder)}["difficulty_ladder"] is Verdict.HOLDS


def test_a_ladder_the_levels_values_break_is_found(own: Path) -> None:
    spec = load(own)
    holds = {"facile": Fraction(9, 10), "normal": Fraction(7, 10), "difficile": Fraction(6, 10),
             "cauchemar": Fraction(1, 2)}
    assert list(broken_ladders(spec, holds)) == []
    broken = [str(f) for f in broken_ladders(spec, holds | {"difficile": Fraction(7, 10)})]
    assert len(broken) == 1 and "level 'difficile' is not harder than 'normal'" in broken[0]


def test_quotes_of_a_published_text_are_not_asked_to_follow_a_rename(tmp_path: Path) -> None:
    """The shipped spec quotes its source verbatim: a re-theme of it must not rewrite the source's sentences."""
    shipped = Path(load().file)
    text = shipped.read_text(encoding="utf-8").replace('source = "sources/', f'source = "{shipped.parent}/sources/')
    copy = tmp_path / "copy.toml"
    copy.write_text(text.replace(*RENAME), encoding="utf-8")
    assert not any("still say" in str(f) for f in cheap(str(copy), read_toml(copy), tmp_path))


def test_a_left_out_cards_glossary_entry_is_one_line_and_deleting_it_clears_it(own: Path) -> None:
    def leave_out(text: str) -> str:
        start = text.index('[[cards]]\nid = "visage_flou"')
        return text[:start] + text[text.index("[[cards]]", start + 1):]
    found = [f for f in _found(own, leave_out) if "visage_flou" in f and ": witness " not in f]  # witnesses: theirs
    assert found == [f"{own}: glossary 'visage_flou', field 'fr' = 'Visage flou': no card of the deck has the id "
                     "'visage_flou': the entry names a card you left out; delete [glossary.visage_flou]"]
    entry = re.search(r"\[glossary\.visage_flou\]\n(.+\n){2}", own.read_text(encoding="utf-8"))
    assert entry is not None
    assert not any("visage_flou" in f and ": witness " not in f
                   for f in _found(own, lambda t: t.replace(entry.group(0), "")))
