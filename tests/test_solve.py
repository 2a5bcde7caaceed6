"""The exact solver: values, policy, baselines, and agreement with the state graph."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import networkx as nx
import pytest
from conftest import solved

from songe.engine.interface import NodeKind
from songe.errors import BudgetError
from songe.games.reveil import PASS, ReveilGame
from songe.solve.expectimax import Solver, first_action, make_solver
from songe.solve.graph import backward_induction, state_graph, write_graphml
from songe.spec.reveil import default_path, load


def test_levels_follow_the_difficulty_ladder(spec) -> None:
    values = {lv.id: solved((), lv.lucidity, lv.hand_limit)[0] for lv in spec.levels}
    assert all(isinstance(v, Fraction) and 0 < v < 1 for v in values.values())
    assert values["facile"] > values["normal"] > values["difficile"] > values["cauchemar"]


def test_never_playing_loses_every_level(spec) -> None:
    for lv in spec.levels:
        assert solved((), lv.lucidity, lv.hand_limit, "never")[0] == 0


def test_more_lucidity_never_hurts() -> None:
    assert solved((), 5, 2)[0] <= solved((), 6, 2)[0]


def test_graph_backward_induction_equals_solver(tmp_path: Path) -> None:
    game = ReveilGame(load(), 4, 1)  # 60,301 states: the whole graph, kept small enough to hold in networkx
    g, root = state_graph(game)
    assert nx.is_directed_acyclic_graph(g)
    value, states = solved((), 4, 1)
    assert backward_induction(g, root) == (value,)
    non_terminal = sum(1 for _, d in g.nodes(data=True) if d["kind"] != NodeKind.TERMINAL.value)
    assert non_terminal == states  # the solver memoizes exactly the non-terminal states
    out = tmp_path / "g.graphml"
    write_graphml(g.subgraph(range(2000)).copy(), out)
    back = nx.read_graphml(out)
    assert back.number_of_nodes() == 2000
    assert all("/" in d["probability"] for _, _, d in back.edges(data=True) if "probability" in d)


def test_policy_exposes_every_option() -> None:
    game = ReveilGame(load(), 4, 2)
    solver = Solver(game)
    s = game.initial_state()
    refus = game.card_index("refus")
    s = game.apply(s, refus)                      # Refus goes to the hand
    s = game.apply(s, game.card_index("chute_infinie"))
    assert game.node_kind(s) is NodeKind.DECISION
    options = dict(solver.options(s))
    assert set(options) == {PASS, refus}
    assert solver.best(s) == refus and options[refus] > options[PASS]
    assert solver.value(s) == max(options.values())


def test_ties_go_to_playing_nothing() -> None:
    """The documented tie-break: the first legal action (none) wins a tie."""
    game = ReveilGame(load(), 50, 1)  # so much Lucidité that every option wins
    solver = Solver(game)
    s = game.apply(game.initial_state(), game.card_index("refus"))
    s = game.apply(s, game.card_index("paralysie_nocturne"))
    assert {v for _, v in solver.options(s)} == {Fraction(1)}
    assert solver.best(s) == PASS


def test_budget_stops_the_search() -> None:
    with pytest.raises(BudgetError, match="passed 1,000 states"):
        Solver(ReveilGame(load(), 6, 3), max_states=1000).solve()


def test_a_users_copy_changes_the_game(tmp_path: Path) -> None:
    """Data, not code: a copy with Chute infinie printed at 1 is solved as that game."""
    text = default_path().read_text(encoding="utf-8").replace("intensity = 4", "intensity = 1", 1)
    p = tmp_path / "reveil.toml"
    p.write_text(text, encoding="utf-8")
    (tmp_path / "sources").symlink_to(default_path().parent / "sources")
    easier = make_solver(ReveilGame(load(p), 5, 2)).solve().value
    assert easier > solved((), 5, 2)[0]


def test_never_policy_by_first_action() -> None:
    game = ReveilGame(load(), 6, 3)
    assert Solver(game, first_action).solve().value == 0
