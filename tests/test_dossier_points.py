"""The editor's dossier lists every question of the text the engine does not model, and Réveil's carries the
whole frontier of learned strategies (issues 24 and 25: the dossier has what the player's book leaves out)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from songe.cli.common import load_game_spec
from songe.rulebook import books
from songe.rulebook.document import Heading
from songe.rulebook.typography import odds
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
        # (an English book capitalises the game's terms: "Dreams")
        assert any(question.split()[1].lower() in t.lower() for t in titles), (p.id, titles)
        first = (p.readings_fr if lang == "fr" else p.readings)[0]
        assert first.split()[0] in texts, p.id


def test_reveils_dossier_carries_the_whole_frontier() -> None:
    spec = load_game_spec("reveil", None, ())
    cached = json.loads((spec_dir().parent / "docs" / "results" / "reveil_strategies.json").read_text(encoding="utf-8"))
    doc = books.dossier("reveil", spec, RESULTS, "fr")
    text = " ".join(doc.texts())
    for row in cached["levels"]:
        assert odds(Fraction(row["optimal"]), "fr") in text
        for f in row["frontier"]:
            assert odds(Fraction(f["value"]), "fr") in text and f["fr"][-1].split(" :")[0] in text
    # under another reading the cache does not fit: the frontier is left out, never printed stale
    other = load_game_spec("reveil", None, ("loss_cap=whole_dream",))
    text = " ".join(books.dossier("reveil", other, RESULTS, "fr").texts())
    learned = cached["levels"][0]["frontier"][3]
    assert odds(Fraction(learned["value"]), "fr") not in text
