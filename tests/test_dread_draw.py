"""Dread Draw: holes refused until filled, the game interface on card lists, the gap finder, graph, proofs,
properties."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import networkx as nx
import pytest
from helpers import songe
from hypothesis import given, settings
from hypothesis import strategies as st

from songe.engine.explore import play, replay, sample_outcome, walk
from songe.engine.interface import (
    CHANCE,
    TERMINAL,
    ChanceMode,
    Game,
    Information,
    check_distribution,
)
from songe.errors import IllegalMoveError, OptionError, SpecError
from songe.games.dread_draw.agents import POLICIES, random_policy
from songe.games.dread_draw.game import DreadDrawGame
from songe.games.dread_draw.gaps import find_gaps
from songe.games.dread_draw.plugin import FAMILY
from songe.games.dread_draw.render import render_event
from songe.games.dread_draw.simulate import simulate
from songe.games.dread_draw.state import End, Event, EventKind, GapKind, Op, State
from songe.games.plugin import Lang
from songe.prove import Status, obligations, run
from songe.solve.graph import backward_induction, state_graph
from songe.spec.dread_draw import from_raw, load, load_cards
from songe.spec.sources import quote_found

SPEC = load()
ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "dread_draw_cards.toml"
TINY = ROOT / "proofs" / "dread_draw_tiny_cards.toml"




@pytest.mark.parametrize("where,quote", SPEC.quotes(), ids=[w for w, _ in SPEC.quotes()])
def test_quotes_are_verbatim(where, quote) -> None:
    assert quote_found(quote, SPEC.source), (where, quote)


def test_the_text_is_cut_off_where_the_spec_says() -> None:
    text = SPEC.source.read_text(encoding="utf-8").rstrip()
    assert text.endswith("Jouez cette capacité lorsque vous")
    assert {h.id for h in SPEC.holes} == {"card_list", "draw_deck", "players", "first_player", "apres_coup_timing"}


def test_the_engine_refuses_to_run_until_the_holes_are_filled(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    p = tmp_path / "cards.toml"
    p.write_text(text.replace('draw_deck = "rest"', "").replace('apres_coup_timing = "when_discarded_from_row"', ""),
                 encoding="utf-8")
    with pytest.raises(SpecError, match="does not fill them: draw_deck, apres_coup_timing"):
        load_cards(p, SPEC)
    r = songe("simulate", "dread-draw", "--games", "1")
    assert r.returncode == 2 and "needs --cards FILE" in r.stderr and "apres_coup_timing" in r.stderr
    r = songe("simulate", "dread-draw", "--games", "1", "--cards", str(EXAMPLE), "--players", "9")
    assert r.returncode == 2 and "need at least 91" in r.stderr or "between 2 and" in r.stderr


def test_a_variant_must_say_why(tmp_path: Path) -> None:
    p = tmp_path / "cards.toml"
    text = TINY.read_text(encoding="utf-8")
    start = text.index("\nnote = ")
    p.write_text(text[:start] + text[text.index("\n", start + 1):], encoding="utf-8")
    with pytest.raises(SpecError, match=r"table \[variant\], field 'note': missing"):
        load_cards(p, SPEC)


def test_simulate_on_the_synthetic_list() -> None:
    r = songe("simulate", "dread-draw", "--games", "60", "--cards", str(EXAMPLE), "--agents", "random,cautious,random",
              "--seed", "3", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["synthetic"] and out["players"] == 3 and out["stuck"] == 0
    assert abs(sum(out["win_rate"].values()) - 1) < 1e-9
    assert "first_summon" in out["gaps_met"]


def _tiny_spec(tmp_path: Path) -> Path:
    text = (ROOT / "spec" / "dread_draw.toml").read_text(encoding="utf-8").replace("cards = 10", "cards = 1", 1)
    p = tmp_path / "dread_draw.toml"
    p.write_text(text, encoding="utf-8")
    (tmp_path / "sources").symlink_to(ROOT / "spec" / "sources")
    return p


def _tiny_game(tmp_path: Path, readings: dict | None = None) -> DreadDrawGame:
    spec = load(_tiny_spec(tmp_path), readings)
    return DreadDrawGame(spec, load_cards(TINY, spec))


def test_gap_finder_exhaustive_on_a_small_list(tmp_path: Path) -> None:
    spec = load(_tiny_spec(tmp_path))
    found, how = find_gaps(spec, load_cards(TINY, spec))
    assert how.startswith("exhaustive")
    by_id = {f.id: f for f in found}
    assert {"first_summon", "no_cards_to_draw", "damage_exceeds_life", "life_gain_short"} <= set(by_id)
    for f in found:
        assert f.trace[-1].startswith(f"GAP {f.id}:") and f.source and f.detail in f.trace[-1]
    assert len(by_id["first_summon"].trace) <= 2  # breadth first: the shortest reproduction


def test_gap_finder_cli_by_playouts() -> None:
    r = songe("gaps", "dread-draw", "--cards", str(EXAMPLE), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["method"].startswith("random playouts")
    ids = {g["id"] for g in out["gaps"]}
    assert {"first_summon", "turn_candidates", "damage_exceeds_life"} <= ids
    assert all(g["quotes"] and g["quotes"][0] for g in out["gaps"])
    assert len(out["holes"]) == 4 and [h["id"] for h in out["settled_holes"]] == ["first_player"]


def test_the_literal_turn_reading_ends_the_game_with_a_reason() -> None:
    spec = SPEC.with_readings({"turn_candidates": "all_players"})
    game = DreadDrawGame(spec, load_cards(EXAMPLE, spec))
    for seed in range(20):
        rng = random.Random(seed)
        done = play(game, [random_policy(game, rng)] * game.n, rng)
        if done.final.end == End(None, GapKind.NO_MOVE):
            break
    else:
        raise AssertionError("the literal reading never reached a player out of the round")
    assert done.returns == (0,) * game.n and game.current_player(done.final) == TERMINAL
    events: list = []
    s = game.initial_state()
    for a in done.actions:
        s = game.apply(s, a, events)
    assert render_event(events[-1], SPEC, Lang.EN).endswith("out of the round: no move")
    assert "aucun coup" in render_event(events[-1], SPEC, Lang.FR)


def test_the_package_raises_no_exception_to_steer_play() -> None:
    text = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "src/songe/games/dread_draw").glob("*.py"))
    assert "StuckError" not in text and "str(exc)" not in text and "except _" not in text


def test_ambiguities_catalogue() -> None:
    """Every unstated switch is an open point, each option measured by gap search on the tiny list."""
    out = json.loads(songe("ambiguities", "dread-draw", "--json").stdout)
    by_id = {a["id"]: a for a in out["ambiguities"]}
    assert set(by_id) == {"first_summon", "no_cards_to_draw", "life_gain_short", "turn_candidates",
                          "reshuffle_when", "choice_after_round", "empty_life_defeat"}
    assert all(not a["stated"] and a["reason"] for a in by_id.values())
    assert {p["id"] for p in out["open_points"] if p["status"] == "out_of_model"} == {
        "what_is_public", "apres_coup_timing", "apres_coup_order", "draw_deck_formation", "player_count",
        "keywordless_abilities", "first_summon_previous_round", "tie_after_elimination", "damage_one_at_a_time", "after_ability",
        "damage_draw_seen", "life_deck_count", "defeated_cards", "reserve_ability_later",
        # issue 24's wider list: printed strength, partial use, simultaneous abilities, when a defeat and the game's
        # end are settled, the damage's targets, a failed card's abilities, the piles at a new round, rules mistakes
        "strength_modified", "ability_partial_use", "simultaneous_abilities", "defeat_moment", "game_end_check",
        "failed_card_ability", "new_round_piles", "rules_mistake",
        # a fresh independent list: when an eliminated row is discarded, which card is the last after a removal
        "eliminated_row_discard", "last_card_after_removal"}
    assert {p["id"] for p in out["not_of_the_text"]} == {"choice_after_round"}
    assert {h["id"] for h in out["holes"]} >= {"apres_coup_timing", "card_list"}
    # « Le joueur choisi aléatoirement pour commencer » settles who starts: the card list only names the way
    assert [h["id"] for h in out["settled_holes"]] == ["first_player"]
    assert "first_player" not in {h["id"] for h in out["holes"]}
    rows = {a["id"]: {r["option"]: r for r in a["readings"]} for a in by_id.values()}
    at_draw, when_empty = rows["reshuffle_when"]["at_draw"], rows["reshuffle_when"]["when_empty"]
    assert "reshuffle_when" in at_draw["gaps"] and by_id["reshuffle_when"]["question_met"]
    assert at_draw["outcomes"] == {"player 0 wins": "11/12", "player 1 wins": "1/12"}
    assert when_empty["outcomes"] != at_draw["outcomes"] and "change" in when_empty["change"]
    assert not by_id["choice_after_round"]["question_met"]  # the tiny list names no next player
    assert rows["first_summon"]["beat_zero"]["change"].startswith("no difference")


@st.composite
def card_lists(draw):
    players = draw(st.integers(2, 4))
    types = draw(st.integers(3, 8))
    cards = []
    for i in range(types):
        abilities = draw(st.lists(st.fixed_dictionaries({
            "keyword": st.sampled_from(["invocation", "reserve", "apres_coup"]),
            "do": st.sampled_from(["gain_life 1", "gain_life 2", "look_top 1", "choose_next"])}), max_size=1))
        cards.append({"id": f"t{i}", "name": f"T{i}", "strength": draw(st.integers(0, 9)),
                      "damage": draw(st.integers(0, 3)), "copies": draw(st.integers(1, 12)), "abilities": abilities})
    total = sum(c["copies"] for c in cards)
    if total < players * 10 + 1:
        cards[0]["copies"] += players * 10 + 1 - total
    return {"meta": {"title": "random", "synthetic": True},
            "holes": {"players": players, "draw_deck": "rest", "first_player": "uniform",
                      "apres_coup_timing": draw(st.sampled_from(["when_discarded_from_row", "never"]))},
            "cards": cards}


def _write_cards(path: Path, data: dict) -> Path:
    lines = ["[meta]", 'title = "random"', "synthetic = true", "[holes]"]
    lines += [f"{k} = {json.dumps(v)}" for k, v in data["holes"].items()]
    for c in data["cards"]:
        lines += ["[[cards]]"] + [f"{k} = {json.dumps(v)}" for k, v in c.items() if k != "abilities"]
        lines.append("abilities = [" + ", ".join(f'{{ keyword = "{a["keyword"]}", do = "{a["do"]}" }}'
                                                 for a in c["abilities"]) + "]")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _check_state(game: DreadDrawGame, s, deck: Counter) -> None:
    assert game.zones(s) == deck, "cards conserved at every state"
    slots = Counter(t for d in (*s.life, s.draw) for t in d)
    assert [sum(p) for p in s.pools] == [slots[k] for k in range(len(s.pools))], "a face-down slot per unseen card"
    for p in range(game.n):
        assert game.observation(s, p) == s  # perfect information: the state holds no unseen card's identity
    player = game.current_player(s)
    if player == CHANCE:
        check_distribution(game.chance_outcomes(s))
    elif player == TERMINAL:
        r = game.returns(s)
        assert len(r) == game.n and set(r) <= {0, 1} and sum(r) == (s.end.winner is not None)
    else:
        assert 0 <= player < game.n and game.legal_actions(s)


@settings(max_examples=40, deadline=None)
@given(card_lists(), st.integers(0, 10_000), st.sampled_from(["random", "cautious"]))
def test_random_card_lists_conserve_cards_and_end_or_report(tmp_path_factory, data, seed, agent) -> None:
    cards = load_cards(_write_cards(tmp_path_factory.mktemp("cards") / "cards.toml", data), SPEC)
    game = DreadDrawGame(SPEC, cards)
    deck = Counter(cards.deck)
    rng = random.Random(seed)
    policy = POLICIES[agent](game, rng)
    s = game.initial_state()
    events: list[Event] = []
    while game.current_player(s) != TERMINAL:
        _check_state(game, s, deck)
        player = game.current_player(s)
        if player == CHANCE:
            a = sample_outcome(game.chance_outcomes(s), rng)[0]
        else:
            a = policy(game.observation(s, player), tuple(game.legal_actions(s)))
        s = game.apply(s, a, events)
    _check_state(game, s, deck)
    assert s.end is not None
    if s.end.winner is not None:
        assert not s.defeated[s.end.winner] and sum(not d for d in s.defeated) == 1
        assert events[-1].kind is EventKind.GAME_WON
    else:
        assert s.end.gap is GapKind.NO_TERMINATION  # reported, never silent
        assert events[-1].gap is GapKind.NO_TERMINATION
    assert all(e.other == 1 for e in events if e.kind is EventKind.ROUND_WON)


def _uniform_play(game: DreadDrawGame):
    """The exact distribution of (winner, rounds, summons, gaps met) when every decision is uniformly random."""
    out: dict = {}
    stack: list[tuple[State, Fraction, frozenset[GapKind]]] = [(game.initial_state(), Fraction(1), frozenset())]
    while stack:
        s, p, gaps = stack.pop()
        player = game.current_player(s)
        if player == TERMINAL:
            assert s.end is not None
            key = (s.end.winner, s.round, s.summons, gaps)
            out[key] = out.get(key, 0) + p
            continue
        moves = game.chance_outcomes(s) if player == CHANCE else [
            (a, Fraction(1, len(game.legal_actions(s)))) for a in game.legal_actions(s)]
        for a, q in moves:
            events: list = []
            t = game.apply(s, a, events)
            stack.append((t, p * q, gaps | {e.gap.value for e in events if e.gap is not None}))
    return out


@pytest.mark.parametrize("readings,summons,rounds,damage_gap,gain_gap", [
    ({}, Fraction(121, 24), Fraction(13, 6), Fraction(1, 2), Fraction(505, 768)),
    ({"no_cards_to_draw": "round_ends"}, Fraction(67, 12), Fraction(7, 3), Fraction(1, 2), Fraction(259, 384)),
])
def test_same_game_as_the_engine_it_replaces(tmp_path: Path, readings, summons, rounds, damage_gap, gain_gap) -> None:
    """Golden figures from the replay-and-raise engine this one replaces (commit 832fd09), on the tiny list with
    every shuffle and every decision uniformly random: the two engines gave the same whole distribution."""
    dist = _uniform_play(_tiny_game(tmp_path, readings))
    assert sum(dist.values()) == 1
    assert sum(p * k[2] for k, p in dist.items()) == summons
    assert sum(p * k[1] for k, p in dist.items()) == rounds
    assert sum(p for k, p in dist.items() if "damage_exceeds_life" in k[3]) == damage_gap
    assert sum(p for k, p in dist.items() if "life_gain_short" in k[3]) == gain_gap


def _recursive_value(game: DreadDrawGame, s, memo: dict) -> tuple[Fraction, ...]:
    """Each player's value, every player maximising their own return, ties to the first action."""
    if s in memo:
        return memo[s]
    player = game.current_player(s)
    if player == TERMINAL:
        v = game.returns(s)
    elif player == CHANCE:
        parts = [(p, _recursive_value(game, game.apply(s, o), memo)) for o, p in game.chance_outcomes(s)]
        v = tuple(sum((p * x[i] for p, x in parts), Fraction(0)) for i in range(game.n))
    else:
        v = None
        for a in game.legal_actions(s):
            w = _recursive_value(game, game.apply(s, a), memo)
            if v is None or w[player] > v[player]:
                v = w
    assert v is not None  # a terminal state has returns; a decision, a legal action
    memo[s] = v
    return v


def test_state_graph_of_the_tiny_list_and_each_players_value(tmp_path: Path) -> None:
    assert FAMILY.make_game is not None
    game = FAMILY.make_game(SPEC, FAMILY.setup(SPEC, None), {"cards": TINY})  # the list's variant: one life card
    assert isinstance(game, DreadDrawGame)
    assert game.life_cards == 1 and SPEC.life_cards == 10
    assert sum(1 for _ in walk(game)) == sum(1 for _ in walk(_tiny_game(tmp_path)))
    g, root = state_graph(game, max_states=10_000)
    assert nx.is_directed_acyclic_graph(g) and g.number_of_nodes() == sum(1 for _ in walk(game))
    kinds = Counter(d["kind"] for _, d in g.nodes(data=True))
    assert kinds["terminal"] and kinds["chance"] and kinds["decision"]
    value = backward_induction(g, root)
    memo: dict = {}
    assert value == _recursive_value(game, game.initial_state(), memo)
    assert value == (Fraction(1, 2), Fraction(1, 2))  # the seats are symmetric: who starts is drawn at random
    for u, d in g.nodes(data=True):  # every position, not only the start
        assert backward_induction(g, u) == _recursive_value(game, d["state"], memo)
    assert {v for v in memo.values() if v[0] not in (0, 1)} - {value}  # chance matters below the root
    for u, d in g.nodes(data=True):
        if d["kind"] == "chance":
            assert sum(e["probability"] for _, _, e in g.out_edges(u, data=True)) == 1


def test_a_cyclic_reading_is_bounded_by_the_spec_limit_and_reported(tmp_path: Path) -> None:
    spec = load(_tiny_spec(tmp_path), {"life_gain_short": "reshuffle"})
    game = DreadDrawGame(spec, load_cards(TINY, spec), max_summons=12)
    g, root = state_graph(game, max_states=100_000)
    assert nx.is_directed_acyclic_graph(g)
    ends = Counter(d["state"].end for _, d in g.nodes(data=True) if d["kind"] == "terminal")
    assert ends[End(None, GapKind.NO_TERMINATION)] > 0  # without the bound this reading loops
    memo: dict = {}
    assert backward_induction(g, root) == _recursive_value(game, game.initial_state(), memo)
    for u in list(g.nodes)[::max(1, g.number_of_nodes() // 40)]:
        assert backward_induction(g, u) == _recursive_value(game, g.nodes[u]["state"], memo)


def test_a_script_replays_by_label_and_events_render_in_both_languages(tmp_path: Path) -> None:
    game = _tiny_game(tmp_path)
    assert FAMILY.parse_script is not None
    lines = replay(game, FAMILY.parse_script(game, "player 0 starts\ndraw; B  # the strongest\n?"),
                   [POLICIES["cautious"](game, random.Random(0))] * 2)
    assert sum(x.probability for x in lines) == Fraction(1, 2 * 3)  # player 0 starts (1/2), B revealed (1/3)
    first = lines[0].steps
    assert [x.label for x in first[:3]] == ["player 0 starts", "draw", "B"]
    for x in first:
        for e in x.events:
            assert render_event(e, SPEC, Lang.EN) != render_event(e, SPEC, Lang.FR)
    with pytest.raises(IllegalMoveError, match="'reserve b' is not possible here; possible: 'draw'"):
        replay(game, FAMILY.parse_script(game, "player 0 starts; reserve B"))
    with pytest.raises(OptionError, match="no move"):
        FAMILY.parse_script(game, "# nothing")
    seen = set()
    for node in walk(game):
        for e in node.edges:
            events: list = []
            game.apply(node.state, e.action, events)
            for ev in events:
                seen.add(ev.gap or ev.kind)
                assert render_event(ev, SPEC, Lang.FR) and render_event(ev, SPEC, Lang.EN)
    assert EventKind.ROUND_WON in seen and GapKind.DAMAGE_EXCEEDS_LIFE in seen


def test_the_family_plugin(tmp_path: Path) -> None:
    assert FAMILY.id == "dread-draw" and FAMILY.spec_file == "dread_draw.toml"
    assert {c.value for c in FAMILY.capabilities} >= {"graph", "trace", "simulate", "gaps"}
    spec = FAMILY.load_spec(_tiny_spec(tmp_path), {})
    assert FAMILY.make_game is not None
    with pytest.raises(OptionError, match="needs a card list"):
        FAMILY.make_game(spec, FAMILY.setup(spec, None), {})
    game = FAMILY.make_game(spec, FAMILY.setup(spec, "2p"), {"cards": TINY})
    assert isinstance(game, Game) and game.info.num_players == 2
    assert game.info.information is Information.PERFECT and game.info.chance is ChanceMode.EXPLICIT
    assert set(FAMILY.policies(spec)) == {"random", "cautious"}
    three = FAMILY.make_game(SPEC, FAMILY.setup(SPEC, "default"), {"cards": EXAMPLE})
    assert three.info.num_players == 3


def test_a_named_next_summoner_takes_the_next_turn() -> None:
    game = DreadDrawGame(SPEC, load_cards(EXAMPLE, SPEC))
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        s = game.initial_state()
        while game.current_player(s) != TERMINAL and checked < 5:
            player = game.current_player(s)
            if player == CHANCE:
                s = game.apply(s, sample_outcome(game.chance_outcomes(s), rng)[0])
                continue
            legal = tuple(game.legal_actions(s))
            if game.decision(s) is Op.CHOOSE and len(legal) > 1:
                named, rnd = legal[-1], s.round
                s = game.apply(s, named)
                while game.current_player(s) == CHANCE or game.decision(s) in (Op.USE, Op.KEEP):
                    s = game.apply(s, game.chance_outcomes(s)[0][0] if game.current_player(s) == CHANCE
                                   else game.legal_actions(s)[0])
                if s.round == rnd and game.decision(s) is Op.SUMMON:
                    assert game.current_player(s) == named
                    checked += 1
                continue
            s = game.apply(s, rng.choice(legal))
    assert checked == 5


def test_simulation_is_seeded() -> None:
    cards = load_cards(EXAMPLE, SPEC)
    a = simulate(SPEC, cards, 12, ["random", "cautious", "random"], seed=5)
    assert a == simulate(SPEC, cards, 12, ["random", "cautious", "random"], seed=5)
    assert sum(a.wins.values()) + a.stuck == 12


@pytest.mark.parametrize("o", obligations("dread-draw"), ids=lambda o: o.id)
def test_obligations(o) -> None:
    report = run(o, SPEC)
    assert report.status is Status.PROVED and not report.mutant_verdict.holds


def test_from_raw_copy_is_the_same_game() -> None:
    assert from_raw(copy.deepcopy(dict(SPEC.raw)), SPEC.file, {}, SPEC.base_dir).holes == SPEC.holes
