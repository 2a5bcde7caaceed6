"""Jekyll vs Hyde's player's book words the adopted answer of every open point the engine does not model
(issue 24): the later dealers, the unseen set-aside cards, the tricks that may be looked at, a mistake, the
moment of the purple steal and whom a stolen trick counts for. A point added to the spec without its words
in the book fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from songe.rulebook import books
from songe.rulebook.document import FigureBlock, Heading
from songe.spec.jekyll_hyde import load

#: Per out-of-model point, what the book says of its adopted reading, in French and in English.
WORDED = {
    "later_dealer": ("le Dr\u00a0Jekyll la deuxième, Mr\u00a0Hyde la troisième\u00a0✱",
                     "Dr\u00a0Jekyll the second, Mr\u00a0Hyde the third\u00a0✱"),
    "set_aside_unseen": ("personne ne les regarde\u00a0✱",
                         "nobody looks at them\u00a0✱"),
    "won_tricks_seen": ("Chacun peut regarder les plis déjà gagnés, sans changer l’ordre de leur pile\u00a0✱",
                        "Either player may look through the tricks already won, without changing their order in the pile\u00a0✱"),
    "revoke": ("le pli reste acquis et le jeu continue\u00a0✱",
               "the trick stands and play continues\u00a0✱"),
    "potion_timing": ("c’est lui qui profite de l’effet Orgueil\u00a0✱",
                      "that player is the one who benefits from the Pride effect\u00a0✱"),
    # one marker closes the sentence that gives this ruling and the empty-pile one beside it
    "stolen_trick_counts": ("le pli volé compte désormais pour lui\u202f; si l’adversaire",
                            "the stolen trick now counts for the thief; if the opponent"),
    "expert_tie_below_cap": ("(par exemple 7\u00a0à 7), le match est nul aussi", "(say 7\u00a0to 7) is a draw too"),
    "void_effect_source": ("ce n’est pas la couleur annoncée\u00a0✱",
                           "that is not the suit named\u00a0✱"),
    "marker_overshoot": ("s’il devait la dépasser, il s’y arrête", "if it would go past it, it stops there"),
    "roles_assignment": ("ou tirez au sort si vous ne vous accordez pas", "or draw lots if you cannot agree"),
    "score_steps": ("la case de départ non comptée", "the start space not counted"),
    # the outside facts the text leaves open, given by the components' rules and the note closing them
    "lutte_values": ("numérotées de 1\u00a0à 7\u00a0dans chaque couleur", "numbered 1\u00a0to 7\u00a0in each suit"),
    "suit_colours": ("Les cartes Orgueil sont violettes", "The Pride cards are purple"),
    "jekyll_side": ("Le côté Dr\u00a0Jekyll compte les 5\u00a0premières cases de la piste\u00a0✱",
                    "Dr\u00a0Jekyll’s side is the first 5\u00a0spaces of the track\u00a0✱"),
}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_out_of_model_point_is_worded_in_the_players_book(lang: str) -> None:
    spec = load()
    assert set(WORDED) == {p.id for p in spec.open_points}
    text = " ".join(books.document("jekyll-hyde", spec, None, lang).texts())
    for point, words in WORDED.items():
        assert words[lang == "en"] in text, point


@pytest.mark.parametrize("lang, section, heads", [
    ("fr", "4. Déroulement d’une manche",
     ["Phase 1 – Préparation", "Phase 2 – Lutte", "Ordre des couleurs", "Cartes Potion", "Phase 3 – Progression du Mal"]),
    ("en", "4. How to play a round",
     ["Phase 1 – Preparation", "Phase 2 – Trick-taking", "Suit order", "Potion cards", "Phase 3 – Progression of Evil"]),
])
def test_the_round_has_its_own_title_and_its_phases_as_sub_headings(lang: str, section: str, heads: list[str]) -> None:
    """The book titles section 4 and 6 itself ([book] sections) and splits the round by the text's phases; the
    figures still close their sections (found by number, not by the usual title), the trick's its sub-section on the
    suit order, beside the rule it draws."""
    doc = books.document("jekyll-hyde", load(), None, lang)
    titles = [(b.text, b.level) for b in doc.blocks if isinstance(b, Heading)]
    start = titles.index((section, 1))
    end = next(k for k in range(start + 1, len(titles)) if titles[k][1] == 1)
    assert [t for t, level in titles[start + 1:end] if level == 2] == heads
    assert sum(isinstance(b, FigureBlock) for b in doc.blocks) == 2
    trick = max(k for k, b in enumerate(doc.blocks) if isinstance(b, FigureBlock))  # by the rule it draws
    assert doc.blocks[trick + 1] == Heading(heads[3], 2)


#: This edition's mark of its own answers (the Dread Draw book's sign, explained once in the edition line).
MARK = {"fr": "\u00a0✱", "en": "\u00a0✱"}
#: The one note on what the book takes from the components (values, colours, track): an outside fact is said once,
#: there, never marked « to be confirmed » in a rule.
NOTE = {"fr": "ce livre les donne d'après le jeu publié", "en": "this book gives them as in the published game"}


def test_every_ruling_is_marked_alike_in_both_languages() -> None:
    """One marker for every answer the text leaves silent, as many times in French as in English."""
    fr = " ".join(books.document("jekyll-hyde", load(), None, "fr").texts())
    en = " ".join(books.document("jekyll-hyde", load(), None, "en").texts())
    assert fr.count("✱") == en.count("✱") >= len(WORDED) - 1


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("option", ["default", "other"])
def test_a_rule_that_answers_an_open_question_carries_the_marker(lang: str, option: str) -> None:
    """Issue 24, no silent choice: a rule of the book that words a reading the text leaves open says, in its own
    sentence, that it is this edition's answer, under the adopted option and under every other one. The outside
    facts (values, colours, track) are said once, in the note that closes the components, and the player's book
    never asks its reader to confirm anything."""
    spec = load()
    chosen = {r.id: (r.default if option == "default" else next(o.id for o in r.options if o.id != r.default))
              for r in spec.readings}
    rules = [r for r in books.book_of(spec.id, spec).rules if r.readings and r.block == ""]
    assert {x for r in rules for x in r.readings} == {r.id for r in spec.readings}
    for rule in rules:
        assert MARK[lang] in rule.text(lang, chosen), (rule.id, chosen)
    text = " ".join(books.document("jekyll-hyde", spec.with_readings(chosen), None, lang).texts())
    assert NOTE[lang].replace("'", "’") in text.replace("'", "’")
    assert not re.search(r"(?i)à confirmer|to be confirmed|d'après le matériel|d’après le matériel|from the components",
                         text)


def test_the_dossier_shows_rejected_readings_without_the_editions_marker() -> None:
    """Only the adopted reading is this edition's: the dossier's « Autre lecture » lines carry no marker, and its
    « Proposition de l'édition » lines say so in words rather than by the book's sign."""
    from songe.games.jekyll_hyde.book import facts
    from songe.rulebook.dossier import wordings

    spec = load()
    book, said = books.book_of(spec.id, spec), facts(spec, None, "fr")  # the measures are lazy: none is run
    for reading in spec.readings:
        adopted, others = wordings(book, said, reading)
        assert MARK["fr"] not in adopted, reading.id  # the dossier labels the adopted one itself
        assert others and all(MARK["fr"] not in o for o in others), reading.id


@pytest.mark.parametrize("wins, marker, significant, said", [
    ((-0.02, -0.066, 0.026), (-0.26, -0.47, -0.04), False, "mesurable sur le marqueur final ; sur la part de victoires, elle ne l"),
    ((0.04, 0.011, 0.069), (0.07, -0.04, 0.19), True, "mesurable sur la part de victoires ; sur le marqueur final, elle ne l"),
    ((0.04, 0.011, 0.069), (0.2, 0.1, 0.3), True, "mesurable, sur la part de victoires comme sur le marqueur final"),
])
def test_a_paired_gap_is_significant_by_its_own_interval(wins: tuple[float, float, float],
                                                         marker: tuple[float, float, float], significant: bool,
                                                         said: str) -> None:
    """The dossier's « non significatif » follows the win-rate gap it prints: a gap on the final marker alone does
    not make it significant, and the verdict names which measure is told apart from chance."""
    from songe.games.jekyll_hyde import book
    d = {"measurable": True, "hyde_win_rate_difference_95": wins, "marker_difference_95": marker,
         "games_ending_differently": 3}
    assert book.told_apart(d)[0] is significant
    assert said in book.judgement(d, 400, "fr")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_aid_sets_whole_sections_in_two_balanced_columns(lang: str, tmp_path: Path) -> None:
    """No section of the aid breaks across the columns (a heading and one line left at a column's foot): in English
    the split that balances at the size that fits is the runner-up of the smallest size's."""
    from songe.rulebook import aid, aid_pdf

    _, split = aid_pdf.fitted(aid.document("jekyll-hyde", load(), None, lang), tmp_path / "aid.typ")
    assert split is not None


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_book_whose_examples_cannot_be_played_prints_no_example_section(lang: str) -> None:
    """Under Potion values 1 to 4 the worked examples (one plays a 5) cannot happen: the example section goes
    whole, its introduction too, and the sections after it are numbered on; the adopted book keeps it."""
    spec = load()
    other = spec.with_readings({"potion_values": "one_to_four"})
    titles = {name: [b.text for b in books.document("jekyll-hyde", s, None, lang).blocks
                     if isinstance(b, Heading) and b.level == 1] for name, s in (("adopted", spec), ("other", other))}
    example = {"fr": "Exemple", "en": "Example"}[lang]
    assert any(example in t for t in titles["adopted"])
    assert not any(example in t for t in titles["other"]), titles["other"]
    assert [t.split(". ", 1)[0] for t in titles["other"]] == [str(i + 1) for i in range(len(titles["other"]))]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("chosen, games", [({}, "400"), ({"potion_values": "one_to_four"}, "400")])
def test_the_book_and_the_aid_give_mr_hydes_simulated_share_as_the_dossier_measures_it(
        lang: str, chosen: dict[str, str], games: str) -> None:
    """The player's book (its balance paragraph) and the aid (its end of game) say Mr Hyde's share of the simulated
    games with their count, from the run that gives the dossier its figure (under a reading, that reading's row),
    rounded to the unit: the dossier's 44.75 % is « environ 45 % »."""
    from songe.games.jekyll_hyde.book import measured
    from songe.rulebook import aid
    from songe.rulebook.typography import whole_percent

    spec = load().with_readings(chosen) if chosen else load()
    out = measured(spec)
    row = next(row for a in out["ambiguities"] if a["setup"] == "standard"
               for row in a["readings"] if (a["id"], row["option"]) in chosen.items() or (not chosen and row["default"]))
    share = whole_percent(row["hyde_win_rate"], lang)
    said = {"fr": f"sur {games}\u00a0parties simulées entre deux joueurs simples, Mr\u00a0Hyde en gagne environ {share}",
            "en": f"in {games}\u00a0simulated games between two simple players, Mr\u00a0Hyde wins about {share}"}[lang]
    book = " ".join(books.document("jekyll-hyde", spec, None, lang).texts())
    card = " ".join(aid.document("jekyll-hyde", spec, None, lang).texts())
    assert said in book
    assert said[1:] in card  # the aid's line starts the sentence
    assert not re.search(r"\d+[.,]\d+\u00a0?%", book + card)  # no false precision in a player's text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_this_editions_answers_are_marked_lightly(lang: str) -> None:
    """The sign ✱, explained once in the edition line, marks this edition's answers: at most once a paragraph, never
    more often than the text leaves points open, and the long « (précision de cette édition) » is gone."""
    from songe.rulebook.document import Para

    spec = load()
    doc = books.document("jekyll-hyde", spec, None, lang)
    paras = [b.text for b in doc.blocks if isinstance(b, Para)]
    edition = [t for t in paras if "✱" in t and ("Édition clarifiée" in t or "Clarified edition" in t)]
    assert len(edition) == 1
    marked = [t for t in paras if t not in edition and "✱" in t]
    assert [t for t in marked if t.count("✱") > 1] == []
    assert 0 < len(marked) <= len(spec.open_points) + len(spec.readings)
    text = " ".join(doc.texts())
    assert not re.search(r"(?i)précision de cette édition|this edition.s ruling", text)


def test_a_book_of_several_changed_readings_plays_its_share_as_the_dossiers_run_does() -> None:
    """A reading's row is the run's; a book the run has no row for plays its games alike (same policies, count and
    seed): taken from a run without that row, the share is the row's own."""
    from songe.games.jekyll_hyde.book import measured
    from songe.games.jekyll_hyde.book_share import hyde_rate

    out = measured(load())
    reading = next(a for a in out["ambiguities"] if a["setup"] == "standard" and a["agents"] == out["agents"]
                   and any(not row["default"] and row["hyde_win_rate"] != a["readings"][0]["hyde_win_rate"]
                           for row in a["readings"]))
    row = next(row for row in reading["readings"] if not row["default"])
    spec = load().with_readings({reading["id"]: row["option"]})
    rate = hyde_rate(spec, out)
    assert rate.denominator <= out["games"] and float(rate) == row["hyde_win_rate"]
    without = {**out, "ambiguities": [a for a in out["ambiguities"] if a["id"] != reading["id"]]}
    assert hyde_rate(spec, without) == rate
