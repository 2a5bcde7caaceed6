"""Named strategies: evaluated exactly, never better than optimal play, declared as data."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import solved

from songe.errors import SpecError
from songe.games.reveil import PASS, ReveilGame
from songe.games.reveil.strategies import policy
from songe.solve.expectimax import first_action, make_solver
from songe.spec.reveil import default_path, load


def test_strategies_never_beat_optimal_and_never_is_the_baseline() -> None:
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "strategies", "reveil", "--level", "cauchemar",
                        "--json"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    (row,) = json.loads(r.stdout)["levels"]
    optimal = Fraction(row["optimal"])
    assert optimal == solved((), 5, 2)[0]
    values = {k: Fraction(v) for k, v in row["strategies"].items()}
    assert {"never", "first_at_intensity_2", "refus_for_chute"} <= set(values) and len(values) >= 5
    assert values["never"] == 0
    assert all(0 <= v <= optimal for v in values.values())
    assert values["always_first"] > values["first_at_intensity_2"] > 0


def test_a_strategy_is_the_policy_it_says() -> None:
    spec = load()
    game = ReveilGame(spec, 5, 2)
    never = next(s for s in spec.strategies if s.id == "never")
    assert make_solver(game, policy(game, never)).solve().value == make_solver(game, first_action).solve().value
    refus = next(s for s in spec.strategies if s.id == "refus_for_chute")
    decide = policy(game, refus)
    s = game.apply(game.initial_state(), game.card_index("refus"))
    s = game.apply(s, game.card_index("paralysie_nocturne"))     # intensity 2, only Refus in hand
    assert decide(s, game.legal_actions(s)) == PASS                 # Refus is kept for Chute infinie
    s2 = game.apply(game.apply(game.initial_state(), game.card_index("refus")), game.card_index("chute_infinie"))
    assert decide(s2, game.legal_actions(s2)) == game.card_index("refus")


def test_a_bad_strategy_rule_is_a_spec_error(tmp_path: Path) -> None:
    text = default_path().read_text(encoding="utf-8").replace('play = "refus" },', 'play = "joker" },', 1)
    p = tmp_path / "reveil.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError, match="strategy 'refus_for_chute', rule 0, field 'play': 'joker'"):
        load(p)
