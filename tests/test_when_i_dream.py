"""When I Dream: the texts' worked examples, recorded games, bad records, balance, versions, proofs."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from songe.games.when_i_dream.balance import balance
from songe.games.when_i_dream.record import RecordError, check, deal_roles, load_record
from songe.games.when_i_dream.scoring import Board, board, dreamer_score, role_score, round_scores, standings
from songe.prove import Status, obligations, run
from songe.spec.sources import quote_found
from songe.spec.when_i_dream import load

SPEC = load()
ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "when_i_dream_game.toml"


@pytest.mark.parametrize("where,quote,source", SPEC.quotes(), ids=[w for w, _, _ in SPEC.quotes()])
def test_quotes_stand_in_their_text(where, quote, source) -> None:
    texts = [SPEC.sources[source]] if source else list(SPEC.sources.values())
    assert any(quote_found(quote, t) for t in texts), (where, source, quote)


@pytest.mark.parametrize("ex", SPEC.examples, ids=[e.id for e in SPEC.examples])
def test_worked_examples_of_the_texts(ex) -> None:
    """Sandmen 3/3 → 5, 2/3 → 3, 4/2 → 2; the round example: Fées 3, Rêveur 3 + 2, CM 2, Marchands 3."""
    b = Board(ex.yellow, ex.blue)
    for who, expected in ex.expected.items():
        got = dreamer_score(SPEC, b, ex.remembered_all) if who == "dreamer" else role_score(SPEC, who, b)
        assert got == expected, (ex.id, who)


def test_the_example_record_scores_as_computed_by_hand() -> None:
    record = check(load_record(EXAMPLE), SPEC)
    first = round_scores(SPEC, record.rounds[0])
    assert board(SPEC, record.rounds[0]) == Board(3, 2)
    assert first == {"Ana": 5, "Ben": 3, "Ève": 3, "Chloé": 2, "Dan": 3}
    final = {s.player: (s.total, s.penalties, s.rank) for s in standings(SPEC, record)}
    assert final == {"Ana": (18, 0, 1), "Chloé": (13, 0, 2), "Dan": (13, 0, 2), "Ève": (12, 1, 4), "Ben": (7, 1, 5)}


def _record(**changes) -> dict:
    data = copy.deepcopy(load_record(EXAMPLE))
    for key, value in changes.items():
        k, field = key.split("__")
        data["rounds"][int(k)][field] = value
    return data


@pytest.mark.parametrize("data,message", [
    (_record(**{"0__events": ["right", "timer", "wrong"]}), "round 1, event 3: 'wrong' after the timer"),
    (_record(**{"0__events": ["right", "timer", "last right", "last wrong"]}), "round 1, event 4"),
    (_record(**{"0__events": ["penalty Ana"]}), "round 1, event 1: a penalty by the dreamer 'Ana'"),
    (_record(**{"1__roles": {"Ana": "fee", "Chloé": "fee", "Dan": "fee", "Ève": "marchand_de_sable"}}),
     "round 2: 3 × 'fee', but the 5-player table has 2"),
    (_record(**{"1__roles": {"Ana": "sorcière", "Chloé": "fee", "Dan": "fee", "Ève": "marchand_de_sable"}}),
     "round 2: unknown role 'sorcière'"),
    (_record(**{"1__dreamer": "Dan"}), "round 2: the dreamer must be 'Ben'"),
    (_record(**{"0__events": ["last right"]}), "round 1, event 1: 'last ...' comes only after 'timer'"),
    (_record(**{"0__events": ["dance"]}), "round 1, event 1: unknown event 'dance'"),
    (_record(**{"0__remembered_all": "yes"}), "round 1, field 'remembered_all': must be true or false"),
])
def test_invalid_records_name_round_and_event(data, message) -> None:
    with pytest.raises(RecordError) as err:
        check(data, SPEC, "game.toml")
    assert message in str(err.value) and str(err.value).startswith("game.toml: ")


def test_score_cli_and_its_errors(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "score", "when-i-dream", str(EXAMPLE), "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["complete"] and out["standings"][0] == {"player": "Ana", "points": 18, "penalties": 0, "total": 18,
                                                       "rank": 1}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_record(**{"0__events": ["right", "timer", "wrong"]})), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "score", "when-i-dream", str(bad)],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "round 1, event 3" in r.stderr and "Traceback" not in r.stderr
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "score", "when-i-dream", str(EXAMPLE),
                        "--reading", "dreamer_pass=not_allowed"], capture_output=True, text=True)
    assert r.returncode == 2 and "round 2, event 2: the dreamer cannot pass" in r.stderr


NAMES = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


@st.composite
def records(draw):
    n = draw(st.integers(SPEC.min_players, SPEC.max_players))
    players = NAMES[:n]
    cards = [r for r, c in SPEC.table[n].items() for _ in range(c)]
    rounds = []
    rng = draw(st.randoms(use_true_random=False))
    for k in range(draw(st.integers(1, n))):
        dreamer = players[k]
        others = [p for p in players if p != dreamer]
        roles, left = deal_roles(SPEC, players, dreamer, rng)
        assert sorted(list(roles.values()) + [left]) == sorted(cards)  # one card left face down
        dealt = [roles[p] for p in others]
        night = draw(st.lists(st.sampled_from(["right", "wrong", "pass"] + [f"penalty {p}" for p in others]),
                              max_size=10))
        last = draw(st.sampled_from([[], ["timer"], ["timer", "last right"], ["timer", "last wrong"],
                                     ["timer", "last none"]]))
        rounds.append({"dreamer": dreamer, "roles": dict(zip(others, dealt, strict=False)), "events": night + last,
                       "remembered_all": draw(st.booleans())})
    return {"players": players, "rounds": rounds}


@settings(max_examples=80, deadline=None)
@given(records())
def test_round_scores_add_up_to_the_per_role_formula(data) -> None:
    record = check(data, SPEC)
    for rnd in record.rounds:
        b = board(SPEC, rnd)
        roles = [r for _, r in rnd.roles]
        formula = (roles.count("fee") * b.yellow + roles.count("croque_mitaine") * b.blue
                   + roles.count("marchand_de_sable") * role_score(SPEC, "marchand_de_sable", b)
                   + b.yellow + (2 if rnd.remembered_all and b.yellow else 0))
        assert sum(round_scores(SPEC, rnd).values()) == formula


@settings(max_examples=40, deadline=None)
@given(records(), st.randoms(use_true_random=False))
def test_scoring_is_invariant_under_renaming_players(data, rnd) -> None:
    new = {p: f"joueur{i}" for i, p in enumerate(rnd.sample(data["players"], len(data["players"])))}
    renamed = {"players": [new[p] for p in data["players"]],
               "rounds": [{"dreamer": new[r["dreamer"]], "roles": {new[p]: v for p, v in r["roles"].items()},
                           "events": [" ".join([e.split()[0]] + [new[w] for w in e.split()[1:]])
                                      if e.startswith("penalty") else e for e in r["events"]],
                           "remembered_all": r["remembered_all"]} for r in data["rounds"]]}
    a = {s.player: (s.total, s.rank) for s in standings(SPEC, check(data, SPEC))}
    b = {s.player: (s.total, s.rank) for s in standings(SPEC, check(renamed, SPEC))}
    assert {new[p]: v for p, v in a.items()} == b


def test_balance_is_exact_and_matches_closed_forms() -> None:
    p = Fraction(3, 5)
    rows = {r.role: r for r in balance(SPEC, 6, p, 1 - p, 6)}
    assert rows["fee"].expected_score == 6 * p
    assert rows["croque_mitaine"].expected_score == 6 * (1 - p)
    assert rows["dreamer"].expected_score == 6 * p + 2 * (1 - (1 - p) ** 6)  # bonus unless nothing is yellow
    assert all(isinstance(r.win_share, Fraction) and 0 <= r.win_share <= 1 for r in rows.values())


def test_versions_catalogue_with_witness_rounds() -> None:
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "ambiguities", "when-i-dream", "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    by_id = {a["id"]: a for a in out["ambiguities"]}
    assert set(by_id) == {r.id for r in SPEC.readings}  # every reading, unstated switches included
    assert {"dreamer_pass", "sandman_scoring", "empty_memory_bonus", "sandman_empty_board"} <= set(by_id)
    assert by_id["dreamer_pass"]["quotes"][0]["texts"] == ["catalogue"]
    for a in out["ambiguities"]:
        w = a["witness"]
        assert w is not None
        adopted = SPEC.with_readings({a["id"]: a["adopted"]})
        scores = round_scores(adopted, check(w["round"], adopted).rounds[0])
        assert w["results"][a["adopted"]] == scores
    assert {d["id"] for d in out["differences"]} >= {"penalty_defined", "first_card_of_the_night"}
    # differences of wording only are marked so and leave the open list
    assert {d["id"] for d in out["wording_only"]} >= {"unused_card_place", "role_card_names"}
    assert all(d["substance"] == "wording" for d in out["wording_only"])
    assert all(d["substance"] != "wording" for d in out["differences"])
    # Issue 24: every real difference between the texts has its substance and what changes in play; the
    # points out of the model are listed with their readings and impact.
    subs = {d["id"]: d["substance"] for d in out["differences"]}
    assert subs["first_card_of_the_night"] == "rule" and subs["narration_names"] == "condition"
    assert all(d["substance"] and d["changes"] for d in out["differences"])
    points = {p["id"]: p for p in out["open_points"]}
    assert {"clue_order_after_answer", "clue_order_after_penalty", "who_judges_a_word", "what_counts_as_remembered",
            "five_seconds", "seen_card", "clue_link", "pass_after_timer"} <= set(points)
    assert all(points[i]["status"] == "out_of_model" and points[i]["impact"] for i in ("five_seconds",))
    assert out["point_counts"]["out_of_model"] == 26 and not out["not_of_the_text"]
    # a forbidden word against an answer on the same card is a point of its own; the word in play, which the
    # Headboard's sentence settles, is a stated row of the audit, not a point
    assert "forbidden_word_and_answer" in points and "word_in_play" not in points
    # widened points: a repeated clue or a gesture, a breach called late, a word under way as the sand runs out
    assert all(len(points[i]["readings"]) == 3 for i in ("one_word", "who_judges_a_word", "pass_after_timer"))
    # a second held-out list: the Bed running out in a Night, the card's own word and where a word family or a
    # likeness of sound stops, who turns the sand timer and when (the texts differ on « tout le monde est prêt »)
    assert {"draw_pile_runs_out", "limits_reach"} <= set(points) and subs["timer_start"] == "condition"
    assert "Retournez le Sablier." in points["pass_after_timer"]["quotes"]


def test_the_two_texts_differ_in_substance_only_where_a_difference_is_recorded() -> None:
    """Issue 24: of the pairs of the two texts, none is left open; the wording-only pairs say why."""
    from songe.analysis.contradictions import contradictions, substances
    from songe.analysis.coverage import coverage
    from songe.spec.inventory import load_game

    found = contradictions(coverage("when-i-dream", load_game("when-i-dream"), SPEC), substances(SPEC))
    assert found and not [c for c in found if c.open]
    wording = [c for c in found if c.substance == "wording"]
    assert all(c.why for c in wording) and sum(not c.settled_by for c in wording) >= 18
    real = {c.settled_by[0] for c in found if c.settled_by and c.settled_by[0].startswith("difference")}
    assert {"difference 'first_card_of_the_night'", "difference 'narration_names'",
            "difference 'clues_after_the_timer'", "difference 'each_role_in_full'", "difference 'timer_start'"} <= real


@pytest.mark.parametrize("o", obligations("when-i-dream"), ids=lambda o: o.id)
def test_obligations_proved_and_mutants_refuted(o) -> None:
    report = run(o, SPEC)
    assert report.status is Status.PROVED and not report.mutant_verdict.holds
