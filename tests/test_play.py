"""The interactive game, driven through a pseudo-terminal as a player would, and one-shot advice."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from fractions import Fraction

import pexpect
import pytest

from songe.engine.explore import sample_outcome
from songe.engine.interface import NodeKind
from songe.games.reveil import ReveilGame
from songe.solve.expectimax import make_solver
from songe.spec.reveil import load

ARGS = ["-m", "songe.cli.main", "play", "reveil", "--level", "cauchemar", "--lucidity", "3", "--hand-limit", "1",
        "--lang", "en"]
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def spawn(*extra: str) -> pexpect.spawn:
    return pexpect.spawn(sys.executable, ARGS + list(extra), encoding="utf-8", timeout=120, dimensions=(60, 200))


def expected_game(seed: int):
    """The same game played by the engine directly: same shuffle, same removals, best choices."""
    game = ReveilGame(load(), 3, 1)
    solver = make_solver(game)
    rng = random.Random(seed)
    order = [i for i, c in enumerate(game.spec.cards) for _ in range(c.copies)]
    rng.shuffle(order)
    s, pos, hints = game.initial_state(), 0, []
    while game.node_kind(s) is not NodeKind.TERMINAL:
        if game.node_kind(s) is NodeKind.CHANCE:
            if game.is_draw(s):
                s, pos = game.apply(s, order[pos]), pos + 1
            else:
                s = game.apply(s, sample_outcome(game.chance_outcomes(s), rng)[0])  # the explorer's exact draw
        else:
            hints.append([v for _, v in solver.options(s)])
            s = game.apply(s, solver.best(s))
    return hints, s


@pytest.mark.parametrize("seed", [7, 11])
def test_a_whole_game_with_hints_shows_the_exact_values(seed: int) -> None:
    hints, end = expected_game(seed)
    child = spawn("--seed", str(seed), "--hints")
    shown = []
    while child.expect(["your choice> ", pexpect.EOF]) == 0:
        screen = ANSI.sub("", child.before)
        lines = re.findall(r"\[(\d)\] .*?win\s+(\d+/\d+) ≈ [\d.]+(  ← best)?", screen)
        shown.append([Fraction(v) for _, v, _ in lines])
        child.sendline(next(k for k, _, best in lines if best))
    tail = ANSI.sub("", child.before)
    assert shown == hints
    word = "victory" if end.outcome.value == "win" else "defeat"
    assert f"— {word}" in tail and f"with {end.lucidity} Lucidity" in tail
    assert "your decisions" in tail and "total given up: 0.0000" in tail


def test_without_hints_the_cost_of_each_choice_and_clean_exits() -> None:
    child = spawn("--seed", "7")
    child.expect("your choice> ")
    child.sendline("9")
    child.expect("invalid key '9'")
    child.expect("your choice> ")
    child.sendline("0")
    child.expect(r"best choice\.|this gave up [\d.]+ of win probability")
    child.expect("your choice> |YOU WAKE UP|LOST IN THE DREAM")
    if "choice" in child.after:
        child.sendline("q")
        child.expect("bye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_leaves_cleanly() -> None:
    child = spawn("--seed", "7")
    child.expect("your choice> ")
    child.sendintr()
    child.expect("bye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in (child.before or "")


def advise(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "songe.cli.main", "advise", "reveil", *args],
                          capture_output=True, text=True)


def test_advise_ranks_options_exactly() -> None:
    r = advise("--lucidity", "4", "--hand", "Refus,Ancrage", "--seen", "Paralysie nocturne,Prise de conscience",
               "--previous", "Paralysie nocturne", "--dream", "Chute infinie", "--json")
    assert r.returncode == 0, r.stderr
    opts = json.loads(r.stdout)["options"]
    values = [Fraction(o["win_probability"]) for o in opts]
    assert values == sorted(values, reverse=True)
    assert {o["play"] for o in opts} == {"none", "Refus", "Ancrage"}
    assert opts[0]["play"] == "Refus"


@pytest.mark.parametrize("args,message", [
    (("--lucidity", "4", "--hand", "Refus", "--seen", "Refus", "--dream", "Chute infinie"),
     "Refus is both in --hand and in --seen"),
    (("--lucidity", "4", "--seen", "Rêve récurrent,Rêve récurrent", "--previous", "Rêve récurrent",
      "--dream", "Rêve récurrent"), "more copies than exist: Rêve récurrent (3 given, 2 in the deck)"),
    (("--lucidity", "4", "--hand", "Refus,Ancrage,Souvenir réel,Prise de conscience", "--dream", "Chute infinie"),
     "--hand holds 4 thoughts; the hand limit is 3"),
    (("--lucidity", "4", "--dream", "Refus"), "--dream: Refus is a thought, not a dream"),
    (("--lucidity", "4", "--seen", "Visage flou", "--dream", "Chute infinie"), "--previous is needed"),
    (("--lucidity", "4", "--dream", "Cauchemar"), "unknown card 'Cauchemar' in --dream"),
])
def test_advise_refuses_impossible_positions(args, message) -> None:
    r = advise(*args)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr
