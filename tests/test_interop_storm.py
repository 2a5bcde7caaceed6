"""Storm reproduces songe's exact values: rewards, bounded properties, small decks, the commands.

(Pmax for every level and reading is in test_interop_storm_pmax.py.)

songe's side is its own solver (``conftest.solved``, shared with the other
tests) or a small expectimax over the game interface written here; Storm's
side is its exact engine on the DRN songe writes. Walking Réveil is the slow
part, so each model is built once per module.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction

import pytest
from conftest import solved
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from songe.engine.interface import CHANCE, TERMINAL
from songe.errors import OptionError
from songe.games.reveil import ReveilGame
from songe.interop.explicit import build
from songe.interop.storm import PropertyError, StormMissing, check, check_game, drn_text, load_exact, stormpy_module
from songe.solve.expectimax import Solver, deep_recursion, expectation
from songe.spec.reveil import load

pytest.importorskip("stormpy")

LEVELS = {lv.id: (lv.lucidity, lv.hand_limit) for lv in load().levels}


# ------------------------------------------------------------------ a small game, by hand


def test_drn_of_a_small_game_round_trips_through_storm_exactly(spec) -> None:
    """A one-dream deck: Storm's Pmax equals the solver's, and the DRN has exact fractions."""
    game = _tiny(spec)
    model = build(game)
    text = drn_text(model)
    assert "@type: MDP" in text and "init" in text
    assert all("." not in line for line in text.splitlines()[1:])  # fractions, never decimals
    assert check(model, 'Pmax=? [F "win"]').value == Solver(game).solve().value == Fraction(1, 2)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(picks=st.lists(st.tuples(st.integers(0, len(load().cards) - 1), st.integers(1, 2)), min_size=1, max_size=4),
       lucidity=st.integers(1, 5), hand=st.integers(0, 3))
def test_storm_equals_songe_on_any_small_deck(spec, picks, lucidity, hand) -> None:
    """Any small deck a user could make by editing copies: Storm's Pmax and max expected Lucidité are songe's."""
    import dataclasses

    copies = dict(picks)
    cards = tuple(dataclasses.replace(c, copies=copies[i]) for i, c in enumerate(spec.cards) if i in copies)
    game = ReveilGame(dataclasses.replace(spec, cards=cards), lucidity, hand)
    model = build(game, rewards=("lucidity_at_end",), labels=set())
    storm_model, _ = load_exact(model)
    if "win" in model.label_names():
        assert check(model, 'Pmax=? [F "win"]', storm_model=storm_model).value == Solver(game).solve().value
    else:
        assert Solver(game).solve().value == 0
    expected = optimum(game, lambda s: game.features(s)["lucidity"])
    if expected == 0:  # Storm refuses a reward model that is 0 everywhere: songe says so in one line
        with pytest.raises(PropertyError, match="0 in every state"):
            check(model, 'R{"lucidity_at_end"}max=? [F "end"]', storm_model=storm_model)
    else:
        assert check(model, 'R{"lucidity_at_end"}max=? [F "end"]', storm_model=storm_model).value == expected


def _tiny(spec) -> ReveilGame:
    """Réveil with only its first dream and first thought (a spec edit, as a user would make it)."""
    import dataclasses

    dream = next(c for c in spec.cards if c.kind.value == "dream")
    thought = next(c for c in spec.cards if c.kind.value == "thought")
    cards = tuple(dataclasses.replace(c, copies=1) for c in (dream, thought))
    return ReveilGame(dataclasses.replace(spec, cards=cards), 3, 1)


# ------------------------------------------------------------------ rewards and bounded properties


#: The shipped deck at a Lucidité of 4 and a hand of 1: 60,301 states, a third of cauchemar's, where the
#: reference recursions below (plain Python over every state) take seconds; every level is in the Pmax file.
SMALL_LEVEL = (4, 1)


@pytest.fixture(scope="module")
def level():
    """The shipped deck's model with the labels and reward models the tests name, built and parsed by Storm once."""
    game = ReveilGame(load(), *SMALL_LEVEL)
    labels = {"lucidity_1", "lucidity_2", *(f"cards_left_{k}" for k in range(6))}
    model = build(game, rewards=("lucidity_at_end", "lucidity_lost", "cards_survived_at_end"), labels=labels)
    assert model.game is not game  # the walk ran on the compiled twin, whose states the model holds
    storm_model, _ = load_exact(model)
    return model.game, model, storm_model


def optimum(game, payoff, maximize: bool = True) -> Fraction:
    """Max (or min) over policies of the expected payoff of the terminal state reached: songe's own reference."""
    deep_recursion()
    memo: dict = {}
    pick = max if maximize else min

    def value(s) -> Fraction:
        v = memo.get(s)
        if v is None:
            player = game.current_player(s)
            if player == TERMINAL:
                v = Fraction(payoff(s))
            elif player == CHANCE:
                v = expectation([(p, value(game.apply(s, o))) for o, p in game.chance_outcomes(s)])
            else:
                v = pick(value(game.apply(s, a)) for a in game.legal_actions(s))
            memo[s] = v
        return v

    return value(game.initial_state())


def total(game, step, maximize: bool = True) -> Fraction:
    """Max (or min) expected sum of ``step(features before, features after)`` over every move to the end."""
    deep_recursion()
    memo: dict = {}
    pick = max if maximize else min

    def value(s) -> Fraction:
        v = memo.get(s)
        if v is None:
            player = game.current_player(s)
            here = game.features(s)
            if player == TERMINAL:
                v = Fraction(0)
            elif player == CHANCE:
                v = Fraction(0)
                for o, p in game.chance_outcomes(s):
                    c = game.apply(s, o)
                    v += p * (step(here, game.features(c)) + value(c))
            else:
                v = pick(step(here, game.features(c)) + value(c)
                         for c in (game.apply(s, a) for a in game.legal_actions(s)))
            memo[s] = v
        return v

    return value(game.initial_state())


def bounded(game, target, steps: int, maximize: bool = True) -> Fraction:
    """Max (or min) probability of reaching a target state within ``steps`` moves (Storm's F<=k)."""
    memo: dict = {}
    pick = max if maximize else min

    def value(s, k: int) -> Fraction:
        if target(s):
            return Fraction(1)
        player = game.current_player(s)
        if k == 0 or player == TERMINAL:
            return Fraction(0)
        v = memo.get((s, k))
        if v is None:
            if player == CHANCE:
                v = expectation([(p, value(game.apply(s, o), k - 1)) for o, p in game.chance_outcomes(s)])
            else:
                v = pick(value(game.apply(s, a), k - 1) for a in game.legal_actions(s))
            memo[(s, k)] = v
        return v

    return value(game.initial_state(), steps)


def _won(game, s) -> bool:
    return game.returns(s)[0] == 1


FEWER_THAN_6 = " | ".join(f'"cards_left_{k}"' for k in range(6))


@pytest.mark.parametrize("prop, reference", [
    ('Pmax=? [F ("win" & !("lucidity_1" | "lucidity_2"))]',
     lambda g: optimum(g, lambda s: _won(g, s) and g.features(s)["lucidity"] >= 3)),
    ('R{"lucidity_at_end"}max=? [F "end"]', lambda g: optimum(g, lambda s: g.features(s)["lucidity"])),
    (f'Pmin=? [F ("loss" & !({FEWER_THAN_6}))]',
     lambda g: optimum(g, lambda s: not _won(g, s) and g.features(s)["cards_left"] >= 6, maximize=False)),
    (f'Pmax=? [F ("loss" & !({FEWER_THAN_6}))]',
     lambda g: optimum(g, lambda s: not _won(g, s) and g.features(s)["cards_left"] >= 6)),
    ('R{"cards_survived_at_end"}max=? [F "end"]', lambda g: optimum(g, lambda s: g.features(s)["cards_survived"])),
    ('R{"lucidity_lost"}min=? [F "end"]', lambda g: total(g, lambda a, b: max(0, a["lucidity"] - b["lucidity"]),
                                                         maximize=False)),
    ('Pmax=? [F<=12 "loss"]', lambda g: bounded(g, lambda s: g.current_player(s) == TERMINAL
                                                and not _won(g, s), 12)),
    ('Pmin=? [F<=20 "win"]', lambda g: bounded(g, lambda s: g.current_player(s) == TERMINAL and _won(g, s), 20,
                                               maximize=False)),
], ids=["win_with_3_left", "lucidity_at_end", "min_lost_before_6th", "max_lost_before_6th", "cards_survived",
        "lucidity_lost", "bounded_loss", "bounded_win"])
def test_storm_reward_and_bounded_properties_equal_songe(level, prop, reference) -> None:
    game, model, storm_model = level
    assert check(model, prop, storm_model=storm_model).value == reference(game)


def test_scheduler_maps_back_to_songe_and_achieves_the_optimum(level) -> None:
    """Storm's scheduler, read back as songe actions and played by songe's solver, wins with Pmax."""
    game, model, storm_model = level
    res = check(model, 'Pmax=? [F "win"]', storm_model=storm_model, scheduler=True)
    assert res.scheduler, "a game with decisions has a scheduler with choices"
    chosen = {model.states[d.state]: d.chosen for d in res.scheduler}
    for d in res.scheduler:
        assert d.chosen in d.options and d.reach > 0
        assert d.options == tuple(game.action_label(model.states[d.state], a)
                                  for a in game.legal_actions(model.states[d.state]))

    def storm_policy(state, actions):
        label = chosen.get(state)
        return next(a for a in actions if game.action_label(state, a) == label) if label else actions[0]

    assert Solver(game, policy=storm_policy).solve().value == res.value == solved((), *SMALL_LEVEL)[0]


def test_unknown_label_and_reward_are_named(level) -> None:
    _, model, storm_model = level
    with pytest.raises(PropertyError, match="wn.*labels: .*lucidity_3"):
        check(model, 'Pmax=? [F "wn"]', storm_model=storm_model)
    with pytest.raises(PropertyError, match="cannot parse"):
        check(model, 'Pmax=? [F "win" &', storm_model=storm_model)
    with pytest.raises(OptionError, match="unknown reward model 'nope'"):
        build(_tiny(load()), rewards=("nope",))


def test_check_game_builds_only_what_the_property_names(spec) -> None:
    game = _tiny(spec)
    res = check_game(game, 'R{"lucidity_lost"}max=? [F "end"]')
    assert res.value == total(game, lambda a, b: max(0, a["lucidity"] - b["lucidity"]))
    assert res.value > 0 and res.states == len(build(game).states)


def test_check_game_from_the_arrays_equals_the_model_for_every_reward_and_names_what_is_missing(spec) -> None:
    """`songe check`'s path (a DRN streamed from the flat arrays with just what the property names) gives the
    object model's value for every reward model, and its refusals: a zero reward model, an unknown name."""
    game = _tiny(spec)
    model = build(game)
    storm_model, _ = load_exact(model)
    for k, name in enumerate(model.reward_names):
        prop = f'R{{"{name}"}}max=? [F "end"]'
        if any(c.rewards[k] for cs in model.choices for c in cs):
            assert check_game(game, prop).value == check(model, prop, storm_model=storm_model).value
        else:
            with pytest.raises(PropertyError, match="0 in every state"):
                check_game(game, prop)
    for label in model.label_names():
        prop = f'Pmax=? [F "{label}"]'
        assert check_game(game, prop).value == check(model, prop, storm_model=storm_model).value
    with pytest.raises(PropertyError, match="wn.*labels: .*win"):
        check_game(game, 'Pmax=? [F "wn"]')


def test_multiplayer_games_are_refused() -> None:
    from kuhn_poker import KuhnPoker

    with pytest.raises(OptionError, match="one-player"):
        build(KuhnPoker())


# ------------------------------------------------------------------ the commands


KEEP = {"chute_infinie", "paralysie_nocturne", "echo_de_peur", "prise_de_conscience", "ancrage"}


@pytest.fixture(scope="module")
def small_spec(tmp_path_factory):
    """A user's copy of the spec with five cards left (the others at 0 copies): fast to walk, not foregone."""
    import re

    from songe.spec.reveil import default_path

    out, card = [], None
    for line in default_path().read_text(encoding="utf-8").splitlines(True):
        m = re.match(r'id = "(\w+)"', line)
        card = m.group(1) if m else card
        out.append("copies = 0\n" if line.startswith("copies =") and card not in KEEP else line)
    path = tmp_path_factory.mktemp("spec") / "small.toml"
    path.write_text("".join(out), encoding="utf-8")
    return path


def _run(args):
    from click.testing import CliRunner

    from songe.cli.main import cli

    run = CliRunner().invoke(cli, args)
    assert run.exit_code == 0, run.output
    return json.loads(run.stdout)  # the JSON alone: notes (the lint hint) go to stderr, which .output mixes in


def test_cli_check_prints_the_fraction_and_the_scheduler_in_songe_words(small_spec) -> None:
    game = ReveilGame(load(small_spec), *LEVELS["difficile"])
    exact = Solver(game).solve().value
    out = _run(["check", "reveil", "--spec", str(small_spec), "--level", "difficile",
                "--property", 'Pmax=? [F "win"]', "--scheduler", "--json"])
    assert Fraction(out["value"]) == exact and 0 < exact < 1
    names = set(game.names()) | {"none"}
    assert out["scheduler"] and all(d["chosen"] in d["options"] and set(d["options"]) <= names
                                    for d in out["scheduler"])


def test_cli_export_writes_a_drn_storm_reads_with_the_same_value(small_spec, tmp_path) -> None:
    stormpy = stormpy_module()
    from stormpy.numbers import Rational

    drn = tmp_path / "small.drn"
    out = _run(["export", "reveil", "--spec", str(small_spec), "--level", "difficile", "--out", str(drn), "--json"])
    assert {"init", "win", "loss", "lucidity_3", "resolving"} <= set(out["labels"])
    assert {"lucidity_lost", "cards_survived_gained", "lucidity_at_end"} <= set(out["reward_models"])
    model = stormpy.build_model_from_drn[Rational](str(drn))
    assert model.nr_states == out["states"]
    prop = stormpy.parse_properties('Pmax=? [F "win"]')[0]
    value = stormpy.model_checking(model, prop, environment=stormpy.environments.exact())
    game = ReveilGame(load(small_spec), *LEVELS["difficile"])
    assert Fraction(str(value.get_value(model.initial_states[0]))) == Solver(game).solve().value


def test_cli_without_stormpy_says_how_to_install(monkeypatch, capsys) -> None:
    from songe.cli.main import main

    monkeypatch.setitem(sys.modules, "stormpy", None)
    with pytest.raises(StormMissing):
        stormpy_module()
    with pytest.raises(SystemExit) as exc:
        main(["check", "reveil", "--property", 'Pmax=? [F "win"]'])
    assert exc.value.code == 2
    assert "pip install 'songe[storm]'" in capsys.readouterr().err


def test_cli_export_prism_is_refused_with_a_reason(capsys) -> None:
    from songe.cli.main import main

    with pytest.raises(SystemExit) as exc:
        main(["export", "reveil", "--format", "prism"])
    assert exc.value.code == 2 and "PRISM" in capsys.readouterr().err
