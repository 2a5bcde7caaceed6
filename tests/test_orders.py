"""Per-order values: every order's win probability, optimal and clairvoyant, checked order by order."""

from __future__ import annotations

import json
import random
import re
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from conftest import solved
from helpers import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from songe.games.reveil import ReveilGame, per_order
from songe.games.reveil.fast_game import packed_game
from songe.games.reveil.known_order import known_order, value_scale
from songe.games.reveil.setup import Setup
from songe.solve.expectimax import Solver
from songe.solve.order_values import Histogram, OrderValues, arrangements, prefixes, rank, unrank
from songe.spec.reveil import CardKind, Verb, default_path, load
from songe.tasks import run_tasks

# The solvers raise the recursion limit on first use; do it before Hypothesis starts watching it.
sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

#: Cards left out of the small deck (copies set to 0): 7 cards, 2,520 distinct orders.
SMALL_DROP = ("paralysie_nocturne", "echo_de_peur", "lieu_familier", "souvenir_reel")


def small_spec_file(tmp_path: Path) -> Path:
    """A user's copy of the spec with fewer cards: every order can be checked one by one."""
    text = default_path().read_text(encoding="utf-8")
    for cid in SMALL_DROP:
        text = re.sub(rf'(id = "{cid}"\n(?:.*\n)*?copies = )\d+', r"\g<1>0", text, count=1)
    p = tmp_path / "small.toml"
    p.write_text(text, encoding="utf-8")
    (tmp_path / "sources").symlink_to(default_path().parent / "sources")
    return p


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Path:
    return small_spec_file(tmp_path_factory.mktemp("small"))


def policy_of(solver: Solver):
    return lambda s, legal: solver.best(s)


# ---------------------------------------------------------------- order indexing

@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=1, max_size=5).filter(lambda c: 0 < sum(c) <= 8), st.data())
def test_rank_and_unrank_are_inverse_and_lexicographic(counts, data) -> None:
    n = arrangements(counts)
    i = data.draw(st.integers(0, n - 1))
    order = unrank(counts, i)
    assert sorted(order) == sorted(c for c, k in enumerate(counts) for _ in range(k))
    assert rank(counts, order) == i
    if i + 1 < n:
        assert unrank(counts, i + 1) > order  # tuples compare lexicographically


def test_prefixes_cover_every_order_once() -> None:
    counts = (1, 2, 1, 1)
    assert sum(arrangements([c - p.count(k) for k, c in enumerate(counts)]) for p in prefixes(counts, 2)) \
        == arrangements(counts)


# ---------------------------------------------------------------- the small deck, every order

def test_every_order_of_a_small_deck_matches_its_own_solve(small) -> None:
    """Vector entries equal one-order solves (optimal policy, and clairvoyant) for all 2,520 orders."""
    game = ReveilGame(load(small), lucidity=3, hand_limit=2)
    scale, root = value_scale(game), game.initial_state()
    deck = game.deck(root)
    solver = Solver(game)
    optimal = OrderValues(game, scale, policy_of(solver)).vector(root)
    clairvoyant = OrderValues(game, scale, None).vector(root)
    assert len(optimal) == arrangements(deck) == 2520
    for i in range(len(optimal)):
        order = unrank(deck, i)
        seen = known_order(game, order)
        assert Solver(seen, policy=policy_of(solver)).solve().value * scale == optimal[i], order
        assert Solver(seen).solve().value * scale == clairvoyant[i], order
    assert Histogram.of(optimal, scale).mean == solver.solve().value
    assert len(set(optimal.tolist())) > 2  # the small game is not trivial: sure wins, losses and halves


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_vectors_match_one_order_solves_on_random_small_games(data) -> None:
    """Any small deck drawn from the cards, any set-up, any readings: every order checked one by one."""
    import copy

    from songe.spec.fields import read_toml
    from songe.spec.reveil import from_raw

    raw = copy.deepcopy(read_toml(default_path()))
    # Every deck holds a card with a random removal (the chance the order does not fix) and a thought.
    base = load()
    removal = next(i for i, c in enumerate(base.cards) if any(r.verb is Verb.REMOVE_RANDOM_THOUGHT for r in c.effects))
    thoughts = [i for i, c in enumerate(base.cards) if c.kind is CardKind.THOUGHT]
    drawn = [removal, data.draw(st.sampled_from(thoughts), label="thought")]
    drawn += data.draw(st.lists(st.integers(0, len(raw["cards"]) - 1), min_size=1, max_size=4), label="deck")
    for i, card in enumerate(raw["cards"]):
        card["copies"] = drawn.count(i)
    readings = {r.id: data.draw(st.sampled_from(r.option_ids), label=r.id) for r in base.readings}
    spec = from_raw(raw, "random.toml", readings, default_path().parent)
    game = ReveilGame(spec, data.draw(st.integers(1, 5), label="lucidity"), data.draw(st.integers(0, 3), label="hand"))
    scale, root = value_scale(game), game.initial_state()
    deck = game.deck(root)
    solver = Solver(game)
    optimal = OrderValues(game, scale, policy_of(solver)).vector(root)
    clairvoyant = OrderValues(game, scale, None).vector(root)
    assert Histogram.of(optimal, scale).mean == solver.solve().value
    for i in range(arrangements(deck)):
        seen = known_order(game, unrank(deck, i))
        assert Solver(seen, policy=policy_of(solver)).solve().value * scale == optimal[i]
        assert Solver(seen).solve().value * scale == clairvoyant[i]


def test_prefix_jobs_add_up_to_the_whole(small) -> None:
    spec = load(small)
    setup = Setup("custom", 3, 2)
    whole = per_order.gather(spec, [per_order.run_job(j) for j in per_order.jobs(spec, [setup])])
    split = per_order.gather(spec, [per_order.run_job(j) for j in per_order.jobs(spec, [setup], split=2)])
    per_order.forget()
    for a, b in ((whole[0].optimal, split[0].optimal), (whole[0].clairvoyant, split[0].clairvoyant)):
        assert a is not None and b is not None
        assert a.histogram == b.histogram
        assert a.examples == b.examples  # the first order of each value, whichever way the work was cut
        assert a.by_first == b.by_first
        total = None
        for h in a.by_first.values():
            total = h if total is None else total + h
        assert total == a.histogram
    assert whole[0].matches_solver and split[0].matches_solver


def test_a_wrong_solver_value_fails_the_check(small) -> None:
    spec = load(small)
    lv = per_order.gather(spec, [per_order.run_job(j) for j in per_order.jobs(spec, [Setup("custom", 3, 2)])])[0]
    per_order.forget()
    bad = per_order.LevelOrders(lv.setup, lv.orders, lv.solver_value + Fraction(1, 10**6), lv.optimal,
                                lv.clairvoyant, lv.seconds)
    assert lv.matches_solver and not bad.matches_solver


def test_a_local_dask_cluster_gives_the_same_results(small) -> None:
    spec = load(small)
    work = per_order.jobs(spec, [Setup("custom", 3, 2), Setup("more", 4, 2)], split=1)
    here = per_order.gather(spec, run_tasks(per_order.run_job, work))
    per_order.forget()
    there = per_order.gather(spec, run_tasks(per_order.run_job, work, workers=2))
    assert [(a.setup, a.optimal, a.clairvoyant, a.solver_value) for a in here] == \
        [(b.setup, b.optimal, b.clairvoyant, b.solver_value) for b in there]


# ---------------------------------------------------------------- the shipped game

@pytest.fixture(scope="module")
def normal():
    """The level's vectors on the compiled path (as ``songe orders`` computes them); the tests below check
    them against the reference engine's one-order solves."""
    game = ReveilGame(load(), lucidity=6, hand_limit=3)
    packed = packed_game(game)
    assert packed is not None
    scale, root = value_scale(game), packed.initial_state()
    return (game, Solver(game), scale, OrderValues(packed, scale, policy_of(packed.solver)).vector(root),
            OrderValues(packed, scale, None).vector(root))


def test_the_shipped_histogram_counts_every_order_and_averages_to_the_solver(normal) -> None:
    game, solver, scale, optimal, clairvoyant = normal
    h = Histogram.of(optimal, scale)
    assert h.orders == 19_958_400 == arrangements(game.deck(game.initial_state()))  # 11!/2!
    assert h.mean == solved()[0]
    assert h.sure_wins + h.sure_losses < h.orders  # some orders hang on the random removal


def test_knowing_the_order_never_hurts_and_sometimes_helps(normal) -> None:
    _, _, scale, optimal, clairvoyant = normal
    assert np.all(clairvoyant >= optimal)
    assert Histogram.of(clairvoyant, scale).mean > Histogram.of(optimal, scale).mean


def test_sampled_shipped_orders_match_their_own_solves(normal) -> None:
    game, solver, scale, optimal, clairvoyant = normal
    deck, rng = game.deck(game.initial_state()), random.Random(9)
    for i in [rng.randrange(len(optimal)) for _ in range(25)] + [0, len(optimal) - 1]:
        seen = known_order(game, unrank(deck, i))
        assert Solver(seen, policy=policy_of(solver)).solve().value * scale == optimal[i]
        assert Solver(seen).solve().value * scale == clairvoyant[i]


# ---------------------------------------------------------------- the command



def test_orders_json_has_the_documented_fields(capsys, small) -> None:
    code, out, _ = run_cli(capsys, "orders", "reveil", "--spec", str(small), "--level", "difficile",
                           "--workers", "0", "--json")
    data = json.loads(out)
    assert code == 0
    for key in ("game", "level", "orders", "histogram", "sure_wins", "sure_losses", "mean", "matches_solver",
                "tie_break", "seconds"):
        assert key in data, key
    assert data["orders"] == 2520 and data["matches_solver"] is True
    assert sum(data["histogram"].values()) == data["orders"]
    assert data["histogram"].get("0/1", 0) == data["sure_losses"]
    firsts = data["by_first_card"]
    assert sum(f["orders"] for f in firsts.values()) == data["orders"]
    assert sum(f["sure_losses"] for f in firsts.values()) == data["sure_losses"]
    assert sum(f["doomed"] for f in firsts.values()) == data["clairvoyant"]["doomed"]
    assert sum(Fraction(f["mean"]) * f["orders"] for f in firsts.values()) == Fraction(data["mean"]) * data["orders"]
    c = data["clairvoyant"]
    assert Fraction(c["mean"]) - Fraction(data["mean"]) == Fraction(c["value_of_information"]) >= 0
    assert c["doomed"] <= data["sure_losses"]


def test_strategies_order_by_order_average_to_their_policy_evaluation(capsys, small) -> None:
    code, out, _ = run_cli(capsys, "orders", "reveil", "--spec", str(small), "--level", "normal",
                           "--no-clairvoyant", "--strategy", "all", "--workers", "0", "--json")
    data = json.loads(out)
    assert code == 0 and data["matches_solver"] is True and "clairvoyant" not in data
    assert set(data["strategies"]) == {s.id for s in load(small).strategies}
    for sid, s in data["strategies"].items():
        assert s["mean"] == s["policy_evaluation"], sid
        assert Fraction(s["mean"]) <= Fraction(data["mean"]), sid  # no strategy beats optimal play
    never = data["strategies"]["never"]  # a removal cannot matter to a player who never plays
    assert never["sure_wins"] + never["sure_losses"] == data["orders"]


def test_one_order_gives_both_values_and_traces(capsys, small) -> None:
    spec = load(small)
    game = ReveilGame(spec, 5, 3)
    order = unrank(game.deck(game.initial_state()), 1000)
    names = ",".join(spec.cards[c].name for c in order)
    code, out, _ = run_cli(capsys, "orders", "reveil", "--spec", str(small), "--level", "difficile",
                           "--order", names, "--json")
    data = json.loads(out)
    assert code == 0 and data["index"] == 1000
    seen = known_order(game, order)
    solver = Solver(game)
    assert Fraction(data["optimal"]) == Solver(seen, policy=policy_of(solver)).solve().value
    assert Fraction(data["clairvoyant"]) == Solver(seen).solve().value
    assert data["optimal_branches"] and data["clairvoyant_branches"]


@pytest.mark.parametrize("args, message", [
    (("--order", "Refus"), "not a permutation of the deck"),
    (("--max-orders", "5"), "over --max-orders 5"),
    (("--level", "nope"), "nope"),
    (("--scheduler", "tcp://127.0.0.1:9"), "cannot reach the Dask scheduler"),
    (("--strategy", "nope"), "unknown strategy 'nope'; valid: never,"),
    (("--order", "Refus", "--sample", "10"), "--order replays one order here; it takes no --sample"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, args, message) -> None:
    code, _, err = run_cli(capsys, "orders", "reveil", *args)
    assert code == 2
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


# ---------------------------------------------------------------- sampling, for decks too big to cover

def test_sampled_orders_are_valued_exactly_and_reproducibly(small) -> None:
    from songe.games.reveil import order_sample as sampled

    spec = load(small)
    setup = Setup("custom", 3, 2)
    jobs = sampled.sample_jobs(spec, [setup], 300, seed=4, batch=100)
    assert jobs == sampled.sample_jobs(spec, [setup], 300, seed=4, batch=100)  # same seed, same orders
    assert jobs != sampled.sample_jobs(spec, [setup], 300, seed=5, batch=100)
    results = [sampled.run_sample(j) for j in jobs]
    game = ReveilGame(spec, 3, 2)
    scale, root = value_scale(game), game.initial_state()
    solver = Solver(game)
    optimal = OrderValues(game, scale, policy_of(solver)).vector(root)
    clairvoyant = OrderValues(game, scale, None).vector(root)
    deck = game.deck(root)
    for job, res in zip(jobs, results, strict=True):
        for order, (o, c) in zip(job.orders, res.values, strict=True):
            i = rank(deck, order)
            assert c is not None
            assert (o * scale, c * scale) == (optimal[i], clairvoyant[i])
    level = sampled.gather_sample(spec, results)[0]
    per_order.forget()
    assert level.sample == 300 and level.orders == 2520
    assert level.optimal.low <= level.optimal.value <= level.optimal.high
    assert level.doomed is not None
    assert level.doomed.value == sum(c == 0 for r in results for _, c in r.values) / 300


def test_sample_json(capsys, small) -> None:
    code, out, _ = run_cli(capsys, "orders", "reveil", "--spec", str(small), "--level", "normal",
                           "--sample", "200", "--workers", "0", "--json")
    data = json.loads(out)
    assert code == 0 and data["method"].startswith("sampled: 200 uniform orders")
    low, high = data["clairvoyant"]["mean"]["ci95"]
    assert low <= data["clairvoyant"]["mean"]["estimate"] <= high


def test_a_running_scheduler_takes_the_tasks(capsys, small) -> None:
    """--scheduler sends the jobs to an existing Dask cluster (here one started by the test)."""
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        code, out, _ = run_cli(capsys, "orders", "reveil", "--spec", str(small), "--level", "normal",
                               "--scheduler", cluster.scheduler_address, "--json")
    data = json.loads(out)
    assert code == 0 and data["matches_solver"] is True
    assert data["ran_on"] == f"scheduler {cluster.scheduler_address}"
