"""The command line as a user runs it: output, JSON shape, and bad input (exit 2, one line)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import solved
from helpers import songe

from songe.spec.reveil import load

ORDER = ("Refus,Chute infinie,Lieu familier,Ancrage,Visage flou,Rêve récurrent,Paralysie nocturne,"
         "Écho de peur,Prise de conscience,Souvenir réel,Rêve récurrent")




def test_solve_json_shape_and_values() -> None:
    r = songe("solve", "reveil", "--level", "cauchemar", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    (res,) = out["results"]
    assert out["game"] == "reveil"
    assert {"level", "lucidity", "hand_limit", "policy", "readings", "win_probability",
            "win_probability_decimal", "states", "seconds"} <= set(res)
    value, states = solved((), 5, 2)
    assert Fraction(res["win_probability"]) == value and res["states"] == states
    assert res["readings"]["loss_cap"] == "intensity_only" and len(res["readings"]) == len(load().readings)
    assert abs(res["win_probability_decimal"] - float(value)) < 1e-12


def test_solve_table_with_overrides_and_baseline() -> None:
    r = songe("solve", "reveil", "--level", "normal", "--lucidity", "3", "--policy", "never")
    assert r.returncode == 0, r.stderr
    assert "0/1" in r.stdout and "never" in r.stdout


def test_trace_replays_an_order() -> None:
    r = songe("trace", "reveil", "--order", ORDER, "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    (branch,) = out["branches"]
    decisions = [s for s in branch["steps"] if "decision" in s]
    assert decisions[0]["decision"] == "Refus" and not decisions[0]["given"]
    assert out["win_probability"] in ("1/1", "0/1")
    texts = [s["text"] for s in branch["steps"] if "text" in s]
    assert "reveal Lieu familier (intensity 1)" in texts


def test_trace_branches_on_random_removal_or_follows_a_seed() -> None:
    order = ("Ancrage,Refus,Visage flou,Chute infinie,Rêve récurrent,Rêve récurrent,Lieu familier,"
             "Paralysie nocturne,Écho de peur,Prise de conscience,Souvenir réel")
    r = songe("trace", "reveil", "--order", order, "--choices", "none", "--json")
    out = json.loads(r.stdout)
    assert [b["probability"] for b in out["branches"]] == ["1/2", "1/2"]
    r = songe("trace", "reveil", "--order", order, "--choices", "none", "--seed", "3", "--json")
    assert len(json.loads(r.stdout)["branches"]) == 1


@pytest.mark.parametrize("args,message", [
    (("solve", "reveil", "--level", "extreme"), "unknown level 'extreme'; valid: normal, facile, difficile, cauchemar"),
    (("solve", "reveil", "--reading", "loss_cap=x"),
     "unknown option 'x' for reading 'loss_cap'; valid: intensity_only, whole_dream"),
    (("solve", "reveil", "--reading", "nope=x"), "unknown reading 'nope'; valid: loss_cap, played_thought"),
    (("solve", "reveil", "--reading", "loss_cap"), "--reading takes ID=OPTION"),
    (("solve", "chess"), "unknown game 'chess'; valid: reveil"),
    (("trace", "reveil", "--order", "Refus,Refus"), "missing"),
    (("trace", "reveil", "--order", ORDER.replace("Refus", "Refus,Refus")), "extra Refus ×1"),
    (("trace", "reveil", "--order", ORDER.replace("Refus", "Réfus")), "unknown card 'Réfus' in --order"),
    (("trace", "reveil", "--order", ORDER, "--choices", "Ancrage"),
     "choice 1 ('Ancrage') is not playable against Chute infinie"),
    (("solve", "reveil", "--lucidity", "0"), "--lucidity': '0' is not between 1 and 100"),
    (("solve", "reveil", "--spec", "/nonexistent/x.toml"), "cannot read"),
])
def test_bad_input_is_one_line_exit_2(args: tuple[str, ...], message: str) -> None:
    r = songe(*args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert message in r.stderr
    assert "Traceback" not in r.stderr and r.stderr.strip().count("\n") == 0


def test_graph_writes_graphml(tmp_path: Path) -> None:
    out = tmp_path / "g.graphml"
    r = songe("graph", "reveil", "--level", "cauchemar", "--lucidity", "2", "--out", str(out), "--json")
    assert r.returncode == 0, r.stderr
    info = json.loads(r.stdout)
    assert out.exists() and info["nodes"] > 100 and info["kinds"]["decision"] > 0


def test_budget_error_is_clean() -> None:
    r = songe("solve", "reveil", "--level", "normal", "--max-states", "500")
    assert r.returncode == 2 and "passed 500 states (--max-states)" in r.stderr
