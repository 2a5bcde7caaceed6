"""Ambiguities: every reading measured, every witness replays to the stated different results.

Run at a small set-up (Lucidité 2, hand 1) so the suite stays fast; the CLI
runs the same code at the real levels.
"""

from __future__ import annotations

import json
import shlex
from fractions import Fraction

import pytest
from helpers import run_cli, songe

from songe.spec.reveil import load

SETUP = ["--level", "cauchemar", "--lucidity", "2", "--hand-limit", "1"]




@pytest.fixture(scope="module")
def report() -> dict:
    r = songe("ambiguities", "reveil", *SETUP, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_every_reading_is_catalogued(report) -> None:
    spec = load()
    by_id = {a["id"]: a for a in report["ambiguities"]}
    assert list(by_id) == [r.id for r in spec.readings]
    assert {"loss_cap", "played_thought", "souvenir_gain", "previous_dream", "recurrent_check",
            "intensity_floor", "defeat_timing", "victory_condition"} <= set(by_id)
    for a in report["ambiguities"]:
        assert a["quotes"] and a["question"] and a["note"]
        assert a["readings"][0]["default"] and not any(r["default"] for r in a["readings"][1:])
        for r in a["readings"]:
            assert 0 <= Fraction(r["win_probability"]["cauchemar"]) <= 1


def test_points_out_of_the_model_are_listed_apart_from_the_text_s_own(report) -> None:
    """Issue 24: the JSON lists every open point; those only a spec copy raises are not the text's."""
    text = {p["id"]: p for p in report["open_points"]}
    for point in ("counting_cards", "card_backs"):  # card_backs: coloured backs would show the top card's type
        assert text[point]["status"] == "out_of_model" and text[point]["kind"] == "information"
    # issue 24's second pass: Lucidité below 0, Souvenir réel's « ce rêve », Ancrage against a chained dream
    assert {"lucidity_below_zero", "souvenir_which_dream", "ancrage_in_chain"} <= set(text)
    # the wider list: « à 0 » against « 0 ou moins » for the draws, and a mistake noticed later
    assert text["stop_drawing_at_zero"]["kind"] == "ties" and text["rules_mistake"]["kind"] == "procedure"
    assert {p["id"] for p in report["not_of_the_text"]} == {"ancrage_finally", "after_loss_order"}
    assert report["point_counts"] == {"stated_switch": 8, "unstated_switch": 1, "out_of_model": 7,
                                      "not_of_the_text": 2}


def _replay(capsys, command: str) -> list[dict]:
    """The witness's printed command, run by the command line in this process (a process each cost 16 starts)."""
    args = shlex.split(command)
    assert args[:2] == ["songe", "trace"]
    code, out, err = run_cli(capsys, *args[1:], "--json")
    assert code == 0, err
    return [{k: b[k] for k in ("probability", "outcome", "lucidity")} for b in json.loads(out)["branches"]]


def _win(branches: list[dict]) -> Fraction:
    return sum((Fraction(b["probability"]) for b in branches if b["outcome"] == "win"), Fraction(0))


def test_every_witness_replays_to_different_results(report, capsys) -> None:
    """Replayed by `songe trace` (optimal play after the imposed choices), each witness gives its stated results."""
    replayed = 0
    for a in report["ambiguities"]:
        for option, w in a["witnesses"].items():
            if w is None:
                assert a["witness_note"][option]  # says what was established instead
                continue
            under_option = _replay(capsys, w["command"])
            under_default = _replay(capsys, w["default_command"])
            assert "--policy optimal" in w["command"]
            assert under_option == w["results"][option]
            assert under_default == w["results"][a["readings"][0]["option"]]
            replayed += 1
    assert replayed >= 6


def test_every_witness_changes_the_outcome_or_says_why_none_exists(report) -> None:
    """Issue 15: under optimal completion each witness is a win against a loss, or its note says no game is.

    Computed at the test's small set-up (level cauchemar at Lucidité 2, hand 1), the cheapest the CLI offers.
    """
    for a in report["ambiguities"]:
        default = a["readings"][0]["option"]
        for option, w in a["witnesses"].items():
            note = a["witness_note"][option]
            if w is None:
                assert note.startswith("no game changes the outcome: established exhaustively") or \
                    note.startswith("no witness found"), note
                continue
            win_option, win_default = _win(w["results"][option]), _win(w["results"][default])
            assert win_option != win_default and w["changes_outcome"]
            assert {Fraction(v) for v in w["win_probability"].values()} == {win_option, win_default}
            outcomes = {b["outcome"] for b in w["results"][option]} | {b["outcome"] for b in w["results"][default]}
            assert outcomes == {"win", "loss"}
            assert w["example"]["fr"].count("Lecture ") == 2 and w["example"]["en"].count("Reading ") == 2
            assert ("Victoire" in w["example"]["fr"]) and ("Défaite" in w["example"]["fr"])


def test_indistinguishable_readings_say_how_that_was_established(report) -> None:
    defeat = next(a for a in report["ambiguities"] if a["id"] == "defeat_timing")
    assert defeat["witness"] is None
    assert "no game changes the outcome: established exhaustively" in defeat["witness_note"]["immediate"]
    assert defeat["readings"][0]["win_probability"] == defeat["readings"][1]["win_probability"]


def test_discovery_ranks_every_perturbation_with_witnesses() -> None:
    r = songe("ambiguities", "reveil", *SETUP, "--discover", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    rows = out["mutations"]
    kinds = {m["kind"] for m in rows}
    assert {"threshold", "step_swap", "timing", "zone"} <= kinds
    impacts = [abs(Fraction(m["impact"])) for m in rows if m["impact"] is not None]
    assert impacts == sorted(impacts, reverse=True) and impacts[0] > 0
    top = [m for m in rows if m["witness"]]
    assert top, "the largest impacts get a witness"
    for m in rows:
        assert m["quote"] and m["description"]
    # Deterministic: the perturbations come in a fixed order, and the ranking sorts exact values
    # with the id as tie-break, so a second run lists the same ids in the same order.
    from songe.analysis.discover import mutations

    assert [m.id for m in mutations(load())] == [m.id for m in mutations(load())]
    keys = [(-abs(Fraction(m["impact"])), m["id"]) for m in rows if m["impact"] is not None]
    assert keys == sorted(keys)
