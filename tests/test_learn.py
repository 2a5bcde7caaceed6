"""Learned strategies (songe strategies --learn): exact worth, monotone frontier, round trip through a spec file.

One small set-up (the Cauchemar hand with 2 Lucidité), learned once for the module.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from helpers import run_cli

from songe.games.reveil.advice import Advice, evaluate, learn_level, strategies_toml, strategy_advice
from songe.games.reveil.setup import make_game, setups
from songe.games.reveil.strategies import policy
from songe.games.reveil.words import strategy_words
from songe.solve.expectimax import Solver
from songe.solve.learn import departures
from songe.spec import glossary
from songe.spec.reveil import load
from songe.spec.sources import spec_dir

SMALL = ("--level", "cauchemar", "--lucidity", "2", "--hand-limit", "1")


@pytest.fixture(scope="module")
def learned():
    spec = load()
    st = setups(spec, "cauchemar", 2, 1)[0]
    return spec, st, learn_level(spec, st, max_rules=2, beam=2, width=4)


def test_frontier_is_monotone_and_each_value_is_the_exact_evaluation(learned) -> None:
    spec, st, lf = learned
    values = [b.value for b in lf.frontier.best]
    assert values == sorted(values) and values[-1] > 0
    assert all(len(b.rules) <= k for k, b in enumerate(lf.frontier.best))
    assert values[-1] <= lf.frontier.optimal
    for b, s in zip(lf.frontier.best, lf.strategies, strict=True):
        assert evaluate(spec, st, s) == b.value


def test_learned_one_rule_beats_every_named_one_rule_strategy(learned) -> None:
    spec, st, lf = learned
    named = [s for s in spec.strategies if len(s.rules) == 1]
    assert named
    assert all(lf.frontier.best[1].value >= evaluate(spec, st, s) for s in named)


def test_interpreted_reference_path_gives_the_same_fraction(learned) -> None:
    spec, st, lf = learned
    game = make_game(spec, st)
    strategy = lf.strategies[-1]
    assert Solver(game, policy(game, strategy)).solve().value == lf.frontier.best[-1].value


def test_written_strategies_evaluate_again_through_spec(tmp_path, capsys) -> None:
    out = tmp_path / "learned.toml"
    code, text, err = run_cli(capsys, "strategies", "reveil", *SMALL, "--learn", "--rules", "1", "--out", str(out),
                              "--json")
    assert code == 0, err
    frontier = json.loads(text)["levels"][0]["frontier"]
    code, text, err = run_cli(capsys, "strategies", "reveil", "--spec", str(out), *SMALL, "--json")
    assert code == 0, err
    again = json.loads(text)["levels"][0]["strategies"]
    assert Fraction(again["learned_cauchemar_1"]) == Fraction(frontier[1]["value"]) > 0
    code, _, err = run_cli(capsys, "strategies", "reveil", *SMALL, "--learn", "--rules", "1", "--out", str(out))
    assert code == 2 and "exists" in err  # never overwritten


def test_toml_fragment_keeps_the_rules(learned) -> None:
    spec, _, lf = learned
    text = strategies_toml(list(lf.strategies[1:]))
    assert text.count("[[strategies]]") == len(lf.strategies) - 1
    for s in lf.strategies[1:]:
        assert json.dumps(s.id) in text


def test_words_name_the_cards_of_the_rules(learned) -> None:
    spec, _, lf = learned
    for s in lf.strategies[1:]:
        for lang in ("fr", "en"):
            words = " ".join(strategy_words(s, spec, lang))
            for r in s.rules:
                for card in filter(None, (r.dream, None if r.play in ("first", "none") else r.play)):
                    assert spec.card(card).name in words


def test_departures_cost_reach_times_difference(learned) -> None:
    from songe.games.reveil.advice import packed
    from songe.games.reveil.learn import ReveilLanguage
    from songe.solve.chain import Graph

    spec, st, lf = learned
    game = packed(spec, st)
    graph = Graph.build(game)
    never = spec.strategy("never")
    actions = ReveilLanguage(game.machine, game).decide(graph.decision_states(), never)
    found = departures(game, graph, actions, top=5)
    assert found and all(d.cost == d.reach * d.difference > 0 for d in found)
    assert [d.cost for d in found] == sorted((d.cost for d in found), reverse=True)
    # Never playing at the start costs at most what optimal play wins.
    assert sum(d.cost for d in found) <= lf.frontier.optimal


def test_book_advice_needs_a_matching_cache() -> None:
    cached = {"advice": {"fr": ["Joue."], "en": ["Play."], "values": {"normal": "1/3"}, "optimal": {"normal": "1/2"}}}
    assert strategy_advice(cached, {"normal": Fraction(1, 2)}, "en") == Advice(("Play.",), (
        ("normal", Fraction(1, 3), Fraction(1, 2)),))
    assert strategy_advice(cached, {"normal": Fraction(2, 3)}, "en") is None
    assert strategy_advice(None, {"normal": Fraction(1, 2)}, "fr") is None


def test_costs_tell_each_departure_in_both_languages(capsys) -> None:
    code, text, err = run_cli(capsys, "strategies", "reveil", *SMALL, "--costs", "3", "--strategy", "always_first",
                              "--json")
    assert code == 0, err
    found = json.loads(text)
    rows = found["departures"]
    assert 0 < len(rows) <= 3 and Fraction(found["value"]) > 0
    costs = [Fraction(r["cost"]) for r in rows]
    assert costs == sorted(costs, reverse=True)
    assert all(Fraction(r["cost"]) == Fraction(r["reach"]) * Fraction(r["difference"]) for r in rows)
    word = glossary.of(load())["lucidity"]  # the game's own word, in each language
    assert all(word.name("fr") in r["fr"] and word.name("en") in r["en"] for r in rows)
    code, _, err = run_cli(capsys, "strategies", "reveil", *SMALL, "--costs", "3", "--strategy", "nope")
    assert code == 2 and "nope" in err


def test_cached_advice_is_exact_and_in_the_book() -> None:
    from songe.games.reveil.advice import load_cache
    from songe.rulebook import books
    from songe.rulebook.document import to_rst
    from songe.rulebook.typography import whole_percent
    from songe.spec.expr import parse_condition
    from songe.spec.reveil import Strategy, StrategyRule

    cached = load_cache()
    assert cached is not None, "docs/results/reveil_strategies.json: rebuild it with the command it records"
    spec = load()
    for row in cached["levels"]:  # each frontier is monotone
        values = [Fraction(f["value"]) for f in row["frontier"]]
        assert values == sorted(values) and values[-1] <= Fraction(row["optimal"])
    a = cached["advice"]
    strategy = Strategy("advice", "", tuple(StrategyRule(parse_condition(r["if"]) if "if" in r else None,
                                                         r.get("dream"), r["play"], tuple(r.get("except", ())))
                                            for r in a["strategy"]))
    st = setups(spec, a["level"])[0]
    assert evaluate(spec, st, strategy) == Fraction(a["values"][a["level"]])
    results = json.loads((spec_dir().parent / "docs" / "results" / "reveil.json").read_text(encoding="utf-8"))
    page = to_rst(books.document("reveil", spec, results, "fr"))
    # the player's book prints whole percentages (its levels table's tips column)
    assert "Conseils de stratégie" in page and whole_percent(Fraction(a["values"][a["level"]]), "fr") in page
    named = {r.get("dream") for r in a["strategy"]} | {r["play"] for r in a["strategy"]}
    assert all(spec.card(c).name in page for c in named if c not in (None, "first", "none"))


def test_none_play_and_cards_still_in_the_deck_agree_on_both_paths() -> None:
    """The words the learning added to the strategy language, compiled and interpreted (same fraction)."""
    from songe.solve.expectimax import make_solver
    from songe.spec.expr import parse_condition
    from songe.spec.reveil import Strategy, StrategyRule

    spec = load()
    game = make_game(spec, setups(spec, "cauchemar", 3, 1)[0])
    rules = (StrategyRule(parse_condition("deck[chute_infinie] >= 1"), "reve_recurrent", "none", ()),
             StrategyRule(parse_condition("deck[refus] == 0"), None, "first", ("refus",)),
             StrategyRule(None, None, "first", ()))
    s = Strategy("t", "", rules)
    fast = make_solver(game, policy(game, s)).solve().value
    assert fast == Solver(game, policy(game, s)).solve().value
    assert fast != make_solver(game, policy(game, Strategy("t", "", rules[1:]))).solve().value  # 'none' counts


def test_the_dossier_scores_the_books_tips_at_every_level_of_its_table() -> None:
    """The levels table's « Avec les conseils » figure at each level is the printed tips' own value there, and the
    dossier states that value exactly (the reviewer could not find a source for Difficile and Cauchemar)."""
    from songe.games.reveil.advice import load_cache
    from songe.games.reveil.book import _levels, frontier_blocks, level_name, level_odds
    from songe.rulebook.document import Para, TableBlock
    from songe.rulebook.typography import dress, percent, whole_percent

    spec = load()
    results = json.loads((spec_dir().parent / "docs" / "results" / "reveil.json").read_text(encoding="utf-8"))
    values = level_odds(spec, results)
    cached = load_cache()
    assert cached is not None
    advice = cached["advice"]
    tips = {lv: Fraction(v) for lv, v in advice["values"].items()}
    (table,) = [b for b in _levels(spec, values, "fr") if isinstance(b, TableBlock)]
    assert sorted(row[-1] for row in table.rows) == sorted(whole_percent(tips[lv], "fr") for lv in values)
    said = " ".join(b.text for b in frontier_blocks(spec, values, "fr") if isinstance(b, Para))
    learned = level_name(advice["level"], "fr")
    assert all(dress(f"Conseils du livre (ceux du niveau {learned}) : {percent(v, 'fr')}.", "fr") in said
               for v in tips.values())
