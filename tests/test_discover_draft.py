"""``ambiguities --discover`` for a reader: its report at 80 columns with witnesses told in words, and ``--draft``'s
``[[readings]]`` rows, which load once pasted, describe the spec as written first, and reach the book's FAQ.
No solving here: the findings are given their impacts (the solving is tests/test_designer.py's)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from helpers import new_spec, run_cli, with_vertige
from rich.cells import cell_len

from songe.analysis.discover import Finding, Kind, mutations
from songe.analysis.discover_draft import draft
from songe.cli.discover_text import discover_report
from songe.games.reveil.draft import answer, row_text
from songe.games.reveil.setup import said, setups
from songe.rulebook.terms import english_label
from songe.spec import glossary
from songe.spec.reveil import Timing, load


@pytest.fixture
def mine(tmp_path: Path, capsys) -> Path:
    path = new_spec(capsys, tmp_path / "mine.toml")
    text = with_vertige(path.read_text(encoding="utf-8"))
    path.write_text(text.replace('fr = { word = "Lucidité", plural = "Lucidité", gender = "f" }\n'
                                 'en = { word = "Lucidity", plural = "Lucidity", gender = "n" }',
                                 'fr = { word = "Sérénité", plural = "Sérénité", gender = "f" }\n'
                                 'en = { word = "Serenity", plural = "Serenity", gender = "n" }'), encoding="utf-8")
    return path


def _found(spec, ids: dict[str, Fraction]) -> list[Finding]:
    return [Finding(m, Fraction(1, 4) + ids[m.id], ids[m.id]) for m in mutations(spec) if m.id in ids]


def test_the_report_fits_80_columns_and_tells_witnesses_in_words(mine: Path) -> None:
    spec = load(mine)
    order = [c.name for c in spec.cards for _ in range(c.copies)]
    rows = [{"id": f"m{k}", "kind": "timing", "description": f"Vertige, row 0: condition read reveal instead of "
             f"live {'and more words ' * k}", "quote": spec.card("vertige").effects[0].quote,
             "win_probability": "1/3", "impact": "-1/12", "error": None, "kept": True,
             "witness": {"order": order, "choices": ["Ancrage"],
                         "results": {"spec": [{"probability": "1/1", "outcome": "loss", "lucidity": 0}],
                                     "mutation": [{"probability": "1/2", "outcome": "win", "lucidity": 1},
                                                  {"probability": "1/2", "outcome": "loss", "lucidity": 0}]}},
             "witness_note": None} for k in range(1, 12)]
    text = discover_report(spec, "level cauchemar", 0.25, rows, 80)
    lines = text.splitlines()
    assert all(cell_len(line) <= 80 for line in lines), text
    assert any(line.startswith("  11  0.3333  -0.0833  Vertige, row 0") for line in lines)  # the rank whole
    assert "{" not in text and "│" not in text and "|" not in text
    flat = " ".join(text.split())
    assert "as written: loss, Serenity 0; misread: 1/2: win, Serenity 1; 1/2: loss, Serenity 0" in flat
    assert "thoughts played: Ancrage" in text
    assert not any(line.endswith("Prise de") for line in lines)  # a card's name is never cut


def test_draft_writes_readings_that_load_describe_the_spec_first_and_reach_the_faq(mine: Path) -> None:
    spec = load(mine)
    found = _found(spec, {"timing:vertige.0:reveal": Fraction(1, 20), "frame:chute_infinie.0:chain": Fraction(-1, 50),
                          "threshold:rules.loss_cap:1": Fraction(2, 5)})
    assert {f.mutation.kind for f in found} == {Kind.TIMING, Kind.FRAME, Kind.THRESHOLD}
    rows = _draft(spec, found)
    assert rows.splitlines().count("[[readings]]") == 2 and "loss_cap" not in rows  # a threshold: no question
    assert 'id = "vertige_at_reveal"' in rows and 'id = "chute_infinie_chained_too"' in rows
    assert "» se lit-il quand le Rêve est retourné, avant la Pensée jouée contre lui, ou quand son effet " \
           "s’applique ?" in rows  # the question in the glossary's words
    english = next(line for line in rows.splitlines() if line.startswith('question = "Vertige:'))
    assert english.startswith('question = "Vertige: is “If the number of Thoughts in hand is 0, lose 1 more Serenity” '
                              'read when the Dream is revealed, before the Thought played')  # the row in the glossary's
    # English, with the book's capitals inside the quotation and around it (the book prints a quotation as it is),
    # not the quote
    notes = [line for line in rows.splitlines() if line.startswith("note")]
    assert notes and all("cauchemar with hand limit 1 instead of the level's 2" in n or
                         "cauchemar avec main limitée à 1 au lieu de 2" in n for n in notes)  # the set-up measured
    assert english.endswith(f'(source: « {spec.card("vertige").effects[0].quote.rstrip(".")} »)"')  # the French, cited
    mine.write_text(mine.read_text(encoding="utf-8") + "\n" + rows, encoding="utf-8")
    pasted = load(mine)  # the loader checks that the first option is the spec as written
    assert {"vertige_at_reveal", "chute_infinie_chained_too"} <= {r.id for r in pasted.readings}
    misread = pasted.with_readings({"vertige_at_reveal": "at_reveal"})
    assert misread.card("vertige").effects[0].at is Timing.REVEAL
    assert "timing:vertige.0:reveal" not in {m.id for m in mutations(pasted)}  # now a reading's, not discovery's
    said = answer(pasted, "vertige_at_reveal", "fr")
    assert said.startswith("Vertige : ") and "lu quand son effet s’applique" in said


def _draft(spec, found: list[Finding]) -> str:
    at = {lang: said(spec, setups(spec, "cauchemar", hand_limit=1)[0], lang) for lang in ("en", "fr")}
    return draft(spec, found, at, "0.2500", lambda row, lang: row_text(row, spec, lang),
                 lambda text: english_label(text, glossary.of(spec), tuple(c.name for c in spec.cards)))


def test_a_card_with_its_own_text_is_asked_about_in_the_words_the_books_print(mine: Path) -> None:
    """The FAQ asks the drafted question under the card the book prints: a card with its own ``text`` is quoted in
    those words, in each language (the English with the book's capitals), not in its rule's or the row's."""
    own = ('text = { fr = "Si tu n’as plus de Pensée en main, perds 1 Sérénité de plus.", '
           'en = "If you hold no thought, lose 1 more Serenity." }\n')
    text = mine.read_text(encoding="utf-8")
    mine.write_text(text.replace('id = "vertige"\n', 'id = "vertige"\n' + own, 1), encoding="utf-8")
    spec = load(mine)
    rows = _draft(spec, _found(spec, {"timing:vertige.0:reveal": Fraction(1, 20)})).splitlines()
    assert next(x for x in rows if x.startswith("question_fr = ")).startswith(
        'question_fr = "Vertige : « Si tu n’as plus de Pensée en main, perds 1 Sérénité de plus » se lit-il quand')
    english = next(x for x in rows if x.startswith("question = "))
    assert english.startswith('question = "Vertige: is “If you hold no Thought, lose 1 more Serenity” read when')
    assert f'(source: « {spec.card("vertige").effects[0].quote.rstrip(".")} »)' in english  # the spec's sentence
    counted = _draft(spec, _found(spec, {"threshold:reve_recurrent.0:discard[reve_recurrent] >= 0": Fraction(1, 5)}))
    english = next(x for x in counted.splitlines() if x.startswith("question = "))
    assert "“If the number of Recurring Dream cards in the discard is at least 1, current Intensity -1”" in english


def test_draft_needs_discover(mine: Path, tmp_path: Path, capsys) -> None:
    code, _, err = run_cli(capsys, "ambiguities", str(mine), "--draft", str(tmp_path / "r.toml"))
    assert code == 2 and "--discover" in err and len(err.strip().splitlines()) == 1


def test_a_dreams_own_flag_is_not_read_at_the_end_unless_the_steps_let_it_change() -> None:
    """« Si tu n'as pas joué de Pensée contre ce Rêve » is settled at the thought step: read at the end it reads
    the same, so discovery does not solve it (measured: impact 0 on the tutorial's game and the 13-card variant);
    with the effect step before the thought step it can differ, and is asked again."""
    spec = load()
    ids = {m.id for m in mutations(spec)}
    assert "timing:chute_infinie.0:end" not in ids and "timing:visage_flou.0:end" in ids
    swapped = next(m for m in mutations(spec) if m.id == "step_swap:thought<->effect").apply(spec)
    assert "timing:chute_infinie.0:end" in {m.id for m in mutations(swapped)}
