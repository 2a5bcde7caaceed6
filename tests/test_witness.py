"""Witness searches over the game interface: a toy game for each case, and Réveil checked against sampled games."""

from __future__ import annotations

import ast
import random
from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

from songe.analysis.joint import PairGame, walk_pairs
from songe.analysis.witness import find
from songe.engine.interface import CHANCE, TERMINAL, ChanceMode, GameInfo, Information
from songe.engine.scripts import Deck
from songe.errors import IllegalMoveError
from songe.games.reveil.setup import Setup, make_game
from songe.games.reveil.trace import deck, replay, win_probability
from songe.solve.expectimax import make_solver
from songe.spec.reveil import load

SAFE, RISKY = 0, 1


@dataclass(frozen=True)
class Gamble:
    """Play safe (a sure win) or risky (draw one of two cards; ``lucky`` wins). Optimal play is safe in both."""

    lucky: int

    @property
    def info(self) -> GameInfo:
        return GameInfo(1, ChanceMode.EXPLICIT, Information.PERFECT)

    def initial_state(self) -> tuple:
        return ("choose",)

    def current_player(self, s: tuple) -> int:
        return {"choose": 0, "draw": CHANCE}.get(s[0], TERMINAL)

    def legal_actions(self, s: tuple) -> tuple[int, ...]:
        return (SAFE, RISKY) if s[0] == "choose" else ()

    def chance_outcomes(self, s: tuple) -> tuple[tuple[int, Fraction], ...]:
        return ((0, Fraction(1, 2)), (1, Fraction(1, 2))) if s[0] == "draw" else ()

    def apply(self, s: tuple, a: int, events: list | None = None) -> tuple:
        if s[0] == "choose":
            return ("end", 1) if a == SAFE else ("draw",)
        return ("end", int(a == self.lucky))

    def returns(self, s: tuple) -> tuple[Fraction]:
        return (Fraction(s[1]),)

    def observation(self, s: tuple, player: int) -> tuple:
        return s

    def action_label(self, s: tuple, a: int) -> str:
        return ("safe", "risky")[a] if s[0] == "choose" else f"card {a}"


TOY_DECK = Deck(cards=(0, 1), name=lambda c: f"card {c}")


def test_equal_values_at_the_start_need_an_imposed_choice() -> None:
    s = find(Gamble(0), Gamble(1), ("zero", "one"), TOY_DECK)
    w = s.witness
    assert w is not None and w.choices == ("risky",) and w.order == ("card 0", "card 1")
    assert w.win == {"zero": 1, "one": 0} and w.changes_outcome()
    assert "after 1 imposed choice" in s.note()


def test_variants_that_never_differ_are_shown_alike_exhaustively() -> None:
    s = find(Gamble(0), Gamble(0), ("a", "b"), TOY_DECK)
    assert s.witness is None and s.exhaustive
    assert s.note().startswith("no game changes the outcome: established exhaustively")


def test_the_joint_game_stops_where_the_variants_part() -> None:
    ends, _parent, count, complete = walk_pairs(PairGame(Gamble(0), Gamble(1)), 100)
    assert complete and count == 5  # choose, safe end, draw, two ends that part
    assert sorted(e[0] for e in ends) == [("end", 0), ("end", 1), ("end", 1)]


def test_witness_modules_see_games_only_through_the_interface() -> None:
    src = Path(__file__).parents[1] / "src" / "songe"
    for rel in ("analysis/joint.py", "analysis/witness.py", "engine/scripts.py", "engine/explore.py"):
        tree = ast.parse((src / rel).read_text(encoding="utf-8"))
        names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not [m for m in names if m.startswith("songe.games")], rel


SMALL = Setup("cauchemar", 2, 1)


@pytest.mark.parametrize("reading", ["defeat_timing=immediate", "loss_cap=whole_dream"])
def test_no_sampled_game_contradicts_an_exhaustive_no(reading: str) -> None:
    """Where the search says no game changes the outcome, random orders and imposed choices agree."""
    spec = load()
    defaults = {r.id: r.default for r in spec.readings}
    rid, option = reading.split("=")
    a = make_game(spec.with_readings(defaults), SMALL)
    b = make_game(spec.with_readings(defaults | {rid: option}), SMALL)
    sa, sb = make_solver(a), make_solver(b)  # the compiled path: the same fractions (tests/test_fast.py)
    s = find(a, b, (defaults[rid], option), deck(a), (sa, sb))
    assert s.witness is None and s.exhaustive and not s.undecided
    rng = random.Random(5)
    cards = list(deck(a).cards)
    tried = 0
    for k in range(120):
        rng.shuffle(cards)
        wander = random.Random(k)
        def pick(st: Hashable, legal: tuple[int, ...], w: random.Random = wander) -> int:
            return w.choice(legal)

        path = replay(a, cards, pick)[0].choices
        choices = [-1 if c == "none" else a.card_index(c) for c in path][:rng.randrange(6)]
        try:
            wa = win_probability(replay(a, cards, lambda st, legal: sa.best(st), choices))
            wb = win_probability(replay(b, cards, lambda st, legal: sb.best(st), choices))
        except IllegalMoveError:
            continue  # a random removal took the imposed thought on another branch
        tried += 1
        assert wa == wb, (cards, choices)
    assert tried > 60


def test_a_chosen_game_is_checked_and_gives_way_when_it_no_longer_fits(tmp_path: Path) -> None:
    """The spec's chosen game for a reading is the witness when it parts the readings; in a copy whose deck it no
    longer fits (a card's copies changed), the copy still loads and the search's own witness is told instead."""
    from songe.games.reveil.results import _chosen
    from songe.games.reveil.setup import setups

    spec = load()
    chosen = spec.witnesses[0]
    defaults = {r.id: r.default for r in spec.readings}
    alt = spec.with_readings(defaults | {chosen.reading: chosen.option})
    st = setups(spec, None)[0]
    base_game = make_game(spec, st)
    found = _chosen(spec, alt, chosen.reading, chosen.option, st, base_game, make_solver(base_game))
    assert found is not None and found.witness is not None and found.witness.changes_outcome()
    assert found.note().startswith("witness chosen in the spec")
    root = Path(__file__).resolve().parents[1]
    text = (root / "spec" / "reveil.toml").read_text(encoding="utf-8")
    card = chosen.order[-1]
    head = f'id = "{card}"\n'
    at = text.index("copies = 1", text.index(head))
    copy = tmp_path / "reveil.toml"
    copy.write_text(text[:at] + "copies = 2" + text[at + len("copies = 1"):], encoding="utf-8")
    other = load(copy)
    assert other.witnesses and sorted(other.deck) != sorted(spec.deck)
    other_alt = other.with_readings(defaults | {chosen.reading: chosen.option})
    other_game = make_game(other, setups(other, None)[0])
    assert _chosen(other, other_alt, chosen.reading, chosen.option, setups(other, None)[0], other_game,
                   make_solver(other_game)) is None
