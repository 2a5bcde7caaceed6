"""The learning core on a game that is not Réveil: it sees games only through the interface and a rule language."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from songe.engine.interface import CHANCE, TERMINAL, ChanceMode, GameInfo, Information
from songe.solve.chain import Graph
from songe.solve.expectimax import Solver
from songe.solve.learn import Rule, learn

DRAW, STOP = 0, 1
LOW, HIGH = 5, 7


class Hit:
    """Draw from a small deck (1, 2, 3, twice each) until you stop; win with a total from LOW to HIGH."""

    @property
    def info(self) -> GameInfo:
        return GameInfo(1, ChanceMode.EXPLICIT, Information.PERFECT)

    def initial_state(self) -> tuple:
        return (0, (2, 2, 2), False, True)  # total, unseen counts, stopped, chance to move

    def current_player(self, s: tuple) -> int:
        total, unseen, stopped, chance = s
        if stopped or total > HIGH or not sum(unseen):
            return TERMINAL
        return CHANCE if chance else 0

    def legal_actions(self, s: tuple) -> tuple[int, ...]:
        return (DRAW, STOP)

    def chance_outcomes(self, s: tuple) -> tuple[tuple[int, Fraction], ...]:
        n = sum(s[1])
        return tuple((i, Fraction(c, n)) for i, c in enumerate(s[1]) if c)

    def apply(self, s: tuple, a: int, events: list | None = None) -> tuple:
        total, unseen, stopped, chance = s
        if chance:
            left = tuple(c - (i == a) for i, c in enumerate(unseen))
            return (total + a + 1, left, False, False)
        return (total, unseen, a == STOP, True)

    def returns(self, s: tuple) -> tuple[Fraction]:
        return (Fraction(int(LOW <= s[0] <= HIGH)),)

    def observation(self, s: tuple, player: int) -> tuple:
        return s

    def action_label(self, s: tuple, a: int) -> str:
        return str(a)


class StopAt:
    """Rules 'if the total is at least k: stop' (one scope, one play); unmatched states draw."""

    def __init__(self, game: Hit) -> None:
        self.game = game
        self.thresholds = tuple(range(HIGH + 2))

    def guard_masks(self, states: Sequence[tuple]) -> tuple[np.ndarray, np.ndarray]:
        totals = np.array([s[0] for s in states])
        return np.ones((1, len(states)), bool), np.stack([totals >= k for k in self.thresholds])

    def play_actions(self, states: Sequence[tuple]) -> tuple[np.ndarray, np.ndarray]:
        return np.full((1, len(states)), STOP), np.ones((1, len(states)), bool)

    def seeds(self) -> list[tuple[Rule, ...]]:
        return []

    def evaluate(self, rules: tuple[Rule, ...]) -> Fraction:
        stops = [self.thresholds[c] for _, c, _ in rules]
        return Solver(self.game, lambda s, legal: STOP if any(s[0] >= k for k in stops) else DRAW).solve().value


def test_one_rule_finds_the_optimal_threshold_of_a_toy_game() -> None:
    game = Hit()
    f = learn(game, StopAt(game), max_rules=2, beam=2, width=3)
    assert f.optimal == Solver(game).solve().value
    assert f.best[0].value == 0  # drawing to the end always busts
    assert f.best[1].value == f.optimal and len(f.best[1].rules) == 1
    assert f.best[2] == f.best[1]  # nothing to add: the frontier keeps the shorter list


def test_sweeps_agree_with_the_exact_solver() -> None:
    game = Hit()
    g = Graph.build(game)
    assert abs(g.optimal_values()[0] - float(Solver(game).solve().value)) < 1e-12
    _, values = g.sweep(g.fallback_choice())
    assert values[0] == 0.0
