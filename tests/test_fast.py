"""The fast exact path against the interpreted reference: same transitions, same fractions, same state counts.

The shipped levels' fractions are pinned in test_goldens.py (through the fast
path); here the fast path is compared with the reference engine itself: on the
cheapest shipped level in full, on small set-ups under every reading, along the
worked examples, and on Hypothesis-generated small specs (random cards, counts,
rows, conditions, steps and rule switches from the vocabulary).
"""

from __future__ import annotations

import copy
import logging
import random
import sys
from typing import Any

import pytest
from helpers import with_vertige
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from songe.engine import explore
from songe.engine.interface import NodeKind
from songe.errors import BudgetError
from songe.games.reveil import ReveilGame
from songe.games.reveil.fast import FastSolver, WideValues, compile_game, fast_solver, step
from songe.games.reveil.fast_count import CountedSolver
from songe.games.reveil.known_order import known_order
from songe.games.reveil.strategies import policy as strategy_policy
from songe.games.reveil.trace import parse_choices, parse_order
from songe.games.reveil.verbs import REGISTRY
from songe.solve import expectimax
from songe.solve.expectimax import Solver, first_action, make_solver
from songe.spec.expr import Var, walk
from songe.spec.fields import read_toml
from songe.spec.reveil import (
    FLAG_NAMES,
    INT_NAMES,
    CardKind,
    FlagScope,
    LossCapScope,
    Step,
    Timing,
    Trigger,
    Verb,
    default_path,
    from_raw,
    load,
)

sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

SPEC = load()
#: The shipped spec under each reading option, one reading changed at a time (the defaults included).
VARIANTS: list[dict[str, str]] = [{}] + [{r.id: o} for r in SPEC.readings for o in r.option_ids[1:]]


def same(game: ReveilGame, policy=None) -> None:
    """Fast and reference solves agree on the value and on the number of states."""
    fast = fast_solver(game, policy)
    assert isinstance(fast, FastSolver)
    want, got = Solver(game, policy).solve(), fast.solve()
    assert (got.value, got.states) == (want.value, want.states)


def check_transitions(game: ReveilGame, state, compiled) -> None:
    """Every action or outcome of a state leads to the same next state in both engines."""
    kind = game.node_kind(state)
    actions = game.legal_actions(state) if kind is NodeKind.DECISION else [o for o, _ in game.chance_outcomes(state)]
    for a in actions:
        assert step(compiled, state, a) == game.apply(state, a), (state, a)


# ---------------------------------------------------------------- the shipped spec

def test_the_cheapest_level_matches_the_reference_in_full() -> None:
    """Cauchemar (the fewest states): identical fraction and state count, optimal and never-play."""
    lv = SPEC.level("cauchemar")
    game = ReveilGame(SPEC, lv.lucidity, lv.hand_limit)
    same(game)
    same(game, first_action)


@pytest.mark.parametrize("readings", VARIANTS, ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()) or "defaults")
def test_small_setups_match_under_every_reading(readings) -> None:
    game = ReveilGame(SPEC.with_readings(readings), 2, 1)
    same(game)


@pytest.mark.parametrize("readings", VARIANTS, ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()) or "defaults")
def test_worked_examples_step_by_step(readings) -> None:
    """Along each worked example's order (every removal branch), the same states, and the same option values
    once four cards are seen (cheap for the reference)."""
    spec = SPEC.with_readings(readings)
    for ex in spec.examples:
        lv = spec.level(ex.level)
        game = ReveilGame(spec, lv.lucidity, lv.hand_limit)
        compiled, fast, ref = compile_game(game), fast_solver(game), Solver(game)
        assert fast is not None  # optimal play on a shipped level has a fast path
        order, choices = parse_order(game, ex.order), list(parse_choices(game, ex.choices))
        todo, seen = [(game.initial_state(), 0, 0)], 0
        while todo:
            state, pos, k = todo.pop()
            kind = game.node_kind(state)
            if kind is NodeKind.TERMINAL:
                continue
            check_transitions(game, state, compiled)
            seen += 1
            if kind is NodeKind.DECISION:
                if sum(state.unseen) <= len(order) - 4:
                    assert fast.options(state) == ref.options(state)
                    assert fast.best(state) == ref.best(state)
                action = choices[k] if k < len(choices) else game.legal_actions(state)[0]
                todo.append((game.apply(state, action), pos, k + 1))
            elif game.is_draw(state):
                todo.append((game.apply(state, order[pos]), pos + 1, k))
            else:
                todo += [(game.apply(state, o), pos, k) for o, _ in game.chance_outcomes(state)]
        assert seen >= 8  # the walk went through the example, not around it


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(readings=st.fixed_dictionaries({r.id: st.sampled_from(r.option_ids) for r in SPEC.readings}),
       lucidity=st.integers(1, 8), hand_limit=st.integers(0, 3), data=st.data())
def test_random_walks_on_the_shipped_spec(readings, lucidity, hand_limit, data) -> None:
    """Any readings and set-up: every transition met on a random playthrough is the machine's."""
    game = ReveilGame(SPEC.with_readings(readings), lucidity, hand_limit)
    compiled, state = compile_game(game), game.initial_state()
    while game.node_kind(state) is not NodeKind.TERMINAL:
        check_transitions(game, state, compiled)
        kind = game.node_kind(state)
        options = game.legal_actions(state) if kind is NodeKind.DECISION else \
            [o for o, _ in game.chance_outcomes(state)]
        state = game.apply(state, data.draw(st.sampled_from(options)))


# ---------------------------------------------------------------- random small specs

BASE = read_toml(default_path())
TRIGGERS = {CardKind.DREAM: ["effect", "after_loss", "drawn_resolved"],
            CardKind.THOUGHT: ["play", "after_loss", "drawn_resolved"]}
OPS = [">=", "<=", ">", "<", "==", "!="]


@st.composite
def conditions(draw, ids: list[str], when: str, depth: int = 0) -> str:
    """A condition text of the spec language, using the names allowed for the trigger."""
    names = [n for n, allowed in INT_NAMES.items() if Trigger(when) in allowed]
    leaf = st.one_of(
        st.sampled_from(sorted(FLAG_NAMES)),
        st.builds(lambda a, op, b: f"{a} {op} {b}",
                  st.one_of(st.sampled_from(names), st.sampled_from(ids).map(lambda i: f"discard[{i}]"),
                            st.sampled_from(ids).map(lambda i: f"hand[{i}]")),
                  st.sampled_from(OPS), st.integers(-1, 4)))
    if depth >= 1:
        return draw(leaf)
    kind = draw(st.sampled_from(["leaf", "leaf", "not", "and", "or"]))
    if kind == "leaf":
        return draw(leaf)
    if kind == "not":
        return f"not ({draw(conditions(ids, when, depth + 1))})"
    parts = draw(st.lists(conditions(ids, when, depth + 1), min_size=2, max_size=3))
    return f" {kind} ".join(f"({p})" for p in parts)


@st.composite
def small_specs(draw):
    """A small deck of random cards with random rows and random rule switches."""
    n = draw(st.integers(2, 4))
    ids = [f"carte_{i}" for i in range(n)]
    cards = []
    for i, cid in enumerate(ids):
        kind = CardKind.DREAM if i == 0 else draw(st.sampled_from(list(CardKind)))
        rows = []
        for _ in range(draw(st.integers(0, 2))):
            when = draw(st.sampled_from(TRIGGERS[kind]))
            verb = draw(st.sampled_from(list(Verb)))
            text = verb.value
            if REGISTRY[verb].amounts is not None:
                lo, hi = {Verb.DRAW: (1, 2)}.get(verb, (-2, 2) if verb is Verb.INTENSITY else (1, 2))
                text += f" {draw(st.sampled_from([a for a in range(lo, hi + 1) if a]))}"
            row = {"when": when, "do": text, "quote": "q",
                   "at": draw(st.sampled_from([t.value for t in Timing])),
                   "frame": draw(st.sampled_from([f.value for f in FlagScope]))}
            if draw(st.booleans()):
                row["if"] = draw(conditions(ids, when))
            rows.append(row)
        card = {"id": cid, "name": cid, "kind": kind.value, "copies": draw(st.integers(1 if i == 0 else 0, 2)),
                "effects": rows, "quote": "q"}
        if kind is CardKind.DREAM:
            card["intensity"] = draw(st.integers(0, 4))
        cards.append(card)
    raw = {k: copy.deepcopy(v) for k, v in BASE.items() if k not in ("readings", "claims", "examples",
                                                                       "strategies", "stated", "witnesses")}
    raw["cards"] = cards
    middle = draw(st.permutations([s.value for s in Step if s not in (Step.REVEAL, Step.END)]))
    raw["steps"] = [{"id": s, "quote": "q"} for s in ["reveal", *middle, "end"]]
    rules = raw["rules"]
    for name, choices in {"loss_cap": [0, 1, 2, 3], "thoughts_per_dream": [0, 1], "defeat_at": [-1, 0, 1],
                          "stop_drawing_at": [-1, 0, 1], "victory_min_lucidity": [-1, 0, 1, 2]}.items():
        rules[name]["value"] = draw(st.sampled_from(choices))
    from songe.spec import reveil as schema
    for name, enum in {"loss_cap_scope": LossCapScope, "intensity_floor": schema.IntensityFloor,
                       "played_thought": schema.PlayedThought, "drawn_resolved": schema.DrawnResolved,
                       "previous_dream": schema.PreviousDream, "chain": schema.Chain, "full_hand": schema.FullHand,
                       "defeat_check": schema.DefeatCheck, "victory": schema.Victory}.items():
        rules[name]["value"] = draw(st.sampled_from([e.value for e in enum]))
    return from_raw(raw, "random.toml", {}, default_path().parent)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=small_specs(), lucidity=st.integers(1, 5), hand_limit=st.integers(0, 3))
def test_random_small_specs_match_the_reference(spec, lucidity, hand_limit) -> None:
    game = ReveilGame(spec, lucidity, hand_limit)
    same(game)
    same(game, first_action)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=small_specs(), lucidity=st.integers(1, 5), hand_limit=st.integers(0, 3), data=st.data())
def test_random_small_specs_step_like_the_machine(spec, lucidity, hand_limit, data) -> None:
    game = ReveilGame(spec, lucidity, hand_limit)
    compiled, state = compile_game(game), game.initial_state()
    while game.node_kind(state) is not NodeKind.TERMINAL:
        check_transitions(game, state, compiled)
        kind = game.node_kind(state)
        options = game.legal_actions(state) if kind is NodeKind.DECISION else \
            [o for o, _ in game.chance_outcomes(state)]
        state = game.apply(state, data.draw(st.sampled_from(options)))


# ---------------------------------------------------------------- the Solver API and the fallbacks

def test_shared_memo_gives_each_level_its_own_value() -> None:
    """Levels with one hand limit share a memo (as analysis.values does); states accumulate as in the reference."""
    fast_memo: dict[Any, Any] = {}
    ref_memo: dict[Any, Any] = {}
    for luc in (2, 3):
        game = ReveilGame(SPEC, luc, 1)
        got = make_solver(game, memo=fast_memo).solve()
        want = Solver(game, memo=ref_memo).solve()
        assert (got.value, got.states) == (want.value, want.states)
        assert got.value == make_solver(game).solve().value


def test_value_options_and_best_on_any_state() -> None:
    game = ReveilGame(SPEC, 2, 1)
    fast, ref = make_solver(game), Solver(game)
    state = game.initial_state()
    for card in ("prise_de_conscience", "paralysie_nocturne"):
        state = game.apply(state, game.card_index(card))
    assert game.node_kind(state) is NodeKind.DECISION
    assert fast.options(state) == ref.options(state)
    assert fast.best(state) == ref.best(state)
    assert fast.value(state) == ref.value(state)


def test_the_budget_is_kept() -> None:
    with pytest.raises(BudgetError, match="--max-states"):
        make_solver(ReveilGame(SPEC, 6, 3), max_states=1000).solve()


@pytest.mark.parametrize("strategy", [s.id for s in SPEC.strategies])
def test_named_strategies_are_evaluated_natively(strategy) -> None:
    """The spec's strategies (songe strategies, orders --strategy) take the fast path, with the same values."""
    lv = SPEC.level("normal")
    game = ReveilGame(SPEC, lv.lucidity, lv.hand_limit)
    same(game, strategy_policy(game, SPEC.strategy(strategy)))


@pytest.mark.parametrize("readings", VARIANTS[1:], ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()))
def test_a_conditional_strategy_under_every_reading(readings) -> None:
    spec = SPEC.with_readings(readings)
    game = ReveilGame(spec, 3, 1)
    same(game, strategy_policy(game, spec.strategy("only_when_in_danger")))


def test_other_policies_fall_back_and_say_so_once_in_a_users_words(caplog, monkeypatch) -> None:
    game = ReveilGame(SPEC, 2, 1)

    def rule(state, legal):  # play the last thought in hand: not a strategy of the spec
        return legal[-1]

    monkeypatch.setattr(expectimax, "_fallbacks_said", set())  # not yet said in this process
    with caplog.at_level(logging.WARNING, logger="songe.solve.expectimax"):
        solvers = [make_solver(game, rule) for _ in range(3)]
    assert all(type(s) is Solver for s in solvers)
    said = [r.getMessage() for r in caplog.records if "reference solver" in r.getMessage()]
    assert len(said) == 1  # once per process
    assert "ReveilGame" not in said[0] and "rule" not in said[0] and "this way of playing" in said[0]  # no code names
    assert solvers[0].solve().value == Solver(game, rule).solve().value


def wide_spec(copies: dict[str, int]):
    """The shipped spec reduced to the cards given, with those copies (no readings, claims, examples, strategies)."""
    raw = {k: copy.deepcopy(v) for k, v in BASE.items() if k not in ("readings", "claims", "examples",
                                                                       "strategies", "stated", "witnesses")}
    raw["cards"] = [dict(c, copies=copies[c["id"]]) for c in BASE["cards"] if c["id"] in copies]
    return from_raw(raw, "wide.toml", {}, default_path().parent)


#: 20 cards of three kinds: 20! times the removals' factor overflows 64 bits, yet the game is small.
WIDE = {"reve_recurrent": 9, "paralysie_nocturne": 3, "refus": 8}


@pytest.mark.parametrize("policy", [None, first_action])
def test_a_deck_past_the_common_denominator_is_counted_then_solved_by_the_reference(policy) -> None:
    """The kernels cannot hold its values: they count its states (as many as the reference stores), then the
    reference solver computes the same fraction as on its own."""
    game = ReveilGame(wide_spec(WIDE), 1, 1)
    with pytest.raises(WideValues):
        compile_game(game)
    solver = make_solver(game, policy)
    assert isinstance(solver, CountedSolver)
    got, want = solver.solve(), Solver(game, policy).solve()
    assert (got.value, got.states) == (want.value, want.states) and solver.counted == want.states
    assert policy is not None or 0 < got.value < 1


def test_a_deck_past_the_common_denominator_and_the_budget_is_refused_before_any_value() -> None:
    """Every card tripled (33 cards): refused by the count, the reference solver storing nothing."""
    raw = copy.deepcopy(BASE)
    for card in raw["cards"]:
        card["copies"] *= 3
    solver = make_solver(ReveilGame(from_raw(raw, "big.toml", {}, default_path().parent), 6, 3), max_states=5000)
    with pytest.raises(BudgetError, match=r"more than 5,000 states \(--max-states\), counted before solving it"):
        solver.solve()
    assert solver.states == 0


def test_a_walk_of_a_deck_past_the_common_denominator_is_counted_first() -> None:
    """Exports and graphs walk such a game on the reference engine: the kernels' count refuses it first past the
    budget, and within it the walk is the reference walk."""
    game = ReveilGame(wide_spec(WIDE), 1, 1)
    with pytest.raises(BudgetError, match=r"more than 100 states \(--max-states\), counted before exploring it"):
        explore.walk_all(game, max_states=100)
    assert explore.walk_all(game) == list(explore.walk(game))


def test_a_known_order_game_is_not_mistaken_for_the_game() -> None:
    """KnownOrder forwards attributes to its game; make_solver must not hand it the game's fast solver."""
    game = ReveilGame(SPEC, 2, 1)
    seen = known_order(game, parse_order(game, SPEC.examples[0].order))
    assert type(make_solver(seen)) is Solver


# ---------------------------------------------------------------- the options discovery reads

def _vertige_spec():
    """The shipped spec with the tutorial's new dream (a condition on the hand), read as the loader reads it."""
    import tomllib

    return from_raw(tomllib.loads(with_vertige(default_path().read_text(encoding="utf-8"))), "vertige.toml", {},
                    default_path().parent)


def _reads_hand(spec, mutation) -> bool:
    card, row = mutation.id.split(":")[1].split(".")
    return any(isinstance(t, Var) and t.name == "hand"
               for t in walk(next(c for c in spec.cards if c.id == card).effects[int(row)].condition))


#: One mutant of ``songe ambiguities --discover`` per option the kernels once left to the reference engine.
MUTANT_KINDS = {"frame = chain": lambda spec, m: m.id.startswith("frame:") and m.id.endswith(":chain"),
                "at = end": lambda spec, m: m.id.startswith("timing:") and m.id.endswith(":end"),
                "hand read at reveal": lambda spec, m: m.id.startswith("timing:") and m.id.endswith(":reveal")
                and _reads_hand(spec, m)}


@pytest.mark.parametrize("kind", MUTANT_KINDS)
def test_discovered_mutants_are_compiled_and_match_the_reference(kind) -> None:
    """Discovery's row options (read at the end, the chain's flag, the hand at reveal) run natively, with the
    reference's value and state count, on the first mutant of each kind that changes the game at Lucidité 1,
    hand 1 (as the kernels count it: a mutant equal to the spec there would let a wrong kernel pass)."""
    from songe.analysis.discover import mutations

    spec = _vertige_spec()

    def counted(s) -> tuple:
        fast = fast_solver(ReveilGame(s, 1, 1))
        assert fast is not None  # compiled, not refused
        result = fast.solve()
        return result.value, result.states

    base = counted(spec)
    mutants = [m for m in mutations(spec) if MUTANT_KINDS[kind](spec, m)]
    same(ReveilGame(next(m for m in mutants if counted(m.apply(spec)) != base).apply(spec), 1, 1))
    # Past Lucidité 1 the options change values too, where a full reference solve takes seconds: every
    # transition met on seeded playthroughs of each such mutant (a thought played whenever one is held) is the
    # machine's instead.
    pick = random.Random(kind)
    for mutant in mutants:
        game = ReveilGame(mutant.apply(spec), 4, 2)
        compiled = compile_game(game)
        for _ in range(20):
            state = game.initial_state()
            while game.node_kind(state) is not NodeKind.TERMINAL:
                check_transitions(game, state, compiled)
                options = game.legal_actions(state)[1:] or [o for o, _ in game.chance_outcomes(state)] or \
                    game.legal_actions(state)
                state = game.apply(state, pick.choice(options))
