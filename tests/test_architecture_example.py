"""The architecture guide's example family, registered and driven through the generic verbs.

It proves the plugin path a third party would take: a Family from outside
``songe.games``, found by the registry, served by graph and simulate without a
line of CLI code of its own. The guide's capability table is checked against
the shipped families here too.
"""

from __future__ import annotations

import json
import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from songe.cli.main import main
from songe.engine.explore import Simulation, simulate, walk
from songe.engine.interface import CHANCE, TERMINAL, check_distribution
from songe.games import registry
from songe.solve.graph import backward_induction, state_graph

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"


@pytest.fixture()
def duel(monkeypatch):
    monkeypatch.syspath_prepend(str(EXAMPLES))
    monkeypatch.setitem(registry.BUILTIN, "duel", "duel_family")
    registry.families.cache_clear()
    import duel_family

    yield duel_family
    registry.families.cache_clear()
    sys.modules.pop("duel_family", None)


def _value(game, s, memo):
    """Each player's value by plain recursion: the mover maximises their own return, ties to the first move."""
    if s in memo:
        return memo[s]
    p = game.current_player(s)
    if p == TERMINAL:
        v = game.returns(s)
    elif p == CHANCE:
        outs = game.chance_outcomes(s)
        check_distribution(outs)
        kids = [(q, _value(game, game.apply(s, a), memo)) for a, q in outs]
        v = tuple(sum((q * k[i] for q, k in kids), Fraction(0)) for i in range(game.info.num_players))
    else:
        best = None
        for a in game.legal_actions(s):
            k = _value(game, game.apply(s, a), memo)
            if best is None or k[p] > best[p]:
                best = k
        v = best
    memo[s] = v
    return v


def test_graph_values_equal_a_recursive_evaluation(duel) -> None:
    game = duel.DuelGame(duel.load())
    g, root = state_graph(game)
    assert backward_induction(g, root) == _value(game, game.initial_state(), {})
    assert g.number_of_nodes() == sum(1 for _ in walk(game))


def test_registered_family_gets_the_generic_verbs(duel, tmp_path: Path, capsys) -> None:
    out = tmp_path / "duel.graphml"
    main(["graph", "duel", "--out", str(out), "--json"])
    info = json.loads(capsys.readouterr().out)
    assert out.exists() and info["nodes"] > 10
    main(["simulate", "duel", "--games", "40", "--agents", "threshold,random", "--json"])
    seats = json.loads(capsys.readouterr().out)["seats"]
    assert [s["policy"] for s in seats] == ["threshold", "random"]
    with pytest.raises(SystemExit) as exc:
        main(["orders", "duel"])
    assert exc.value.code == 2
    assert "lacks the capability 'orders'" in capsys.readouterr().err


def test_simulation_is_the_same_on_one_or_two_workers(duel) -> None:
    sim = Simulation(duel.DuelGame(duel.load()), lambda game, rng: [duel._random(game, rng)] * 2)
    assert simulate(sim, 30, seed=5, jobs=1) == simulate(sim, 30, seed=5, jobs=2)


def test_hidden_card_never_reaches_the_other_player(duel) -> None:
    game = duel.DuelGame(duel.load())
    for node in walk(game):
        s = node.state
        if -1 not in s.hands:
            other = s._replace(hands=(s.hands[0], (s.hands[1] + 1) % len(game.spec.names)))
            assert game.observation(s, 0) == game.observation(other, 0)


def test_guide_table_matches_declared_capabilities() -> None:
    text = (ROOT / "docs" / "guide" / "architecture.rst").read_text(encoding="utf-8")
    table = text[text.index("Which verbs each game supports"):]
    rows = re.findall(r"   \* - ([a-z, ]+)\n((?:     -.*\n)+)", table)
    ids = ["reveil", "jekyll-hyde", "when-i-dream", "dread-draw"]
    fams = registry.families()
    for verbs, cells in rows:
        marks = [c.strip().startswith("- yes") for c in cells.strip("\n").split("\n")]
        for verb in (v.strip() for v in verbs.split(",")):
            declared = [verb in {c.value for c in fams[g].capabilities} for g in ids]
            assert declared == marks, f"guide says {verb}: {marks}, families declare {declared}"
