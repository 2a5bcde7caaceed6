"""Dread Draw: holes refused until filled, the engine on card lists, the gap finder, proofs, properties."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from songe.errors import SpecError
from songe.games.dread_draw.agents import RandomAgent
from songe.games.dread_draw.game import Game, RandomPlay, StuckError
from songe.games.dread_draw.gaps import find_gaps
from songe.prove import Status, obligations, run
from songe.spec.dread_draw import from_raw, load, load_cards
from songe.spec.sources import quote_found

SPEC = load()
ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "dread_draw_cards.toml"
TINY = ROOT / "proofs" / "dread_draw_tiny_cards.toml"


def songe(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "songe.cli.main", *args], capture_output=True, text=True)


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


def test_gap_finder_exhaustive_on_a_small_list(tmp_path: Path) -> None:
    spec = load(_tiny_spec(tmp_path))
    found, how = find_gaps(spec, load_cards(TINY, spec))
    assert how.startswith("exhaustive")
    by_id = {f.id: f for f in found}
    assert {"first_summon", "no_cards_to_draw", "damage_exceeds_life", "life_gain_short"} <= set(by_id)
    for f in found:
        assert f.trace[-1].startswith(f"GAP {f.id}:") and f.source
    assert len(by_id["first_summon"].trace) <= 2  # breadth first: the shortest reproduction


def test_gap_finder_cli_by_playouts() -> None:
    r = songe("gaps", "dread-draw", "--cards", str(EXAMPLE), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["method"].startswith("random playouts")
    ids = {g["id"] for g in out["gaps"]}
    assert {"first_summon", "turn_candidates", "damage_exceeds_life"} <= ids
    assert all(g["quotes"] and g["quotes"][0] for g in out["gaps"])
    assert len(out["holes"]) == 5


def test_the_literal_turn_reading_gets_stuck_and_says_so() -> None:
    spec = SPEC.with_readings({"turn_candidates": "all_players"})
    cards = load_cards(EXAMPLE, spec)
    rng = random.Random(1)
    g = Game(spec, cards, RandomPlay(rng, [RandomAgent(rng) for _ in range(3)]))
    with pytest.raises(StuckError, match="out of the round: no move"):
        g.play()


def test_ambiguities_catalogue() -> None:
    out = json.loads(songe("ambiguities", "dread-draw", "--json").stdout)
    assert {a["id"] for a in out["ambiguities"]} == {"first_summon", "no_cards_to_draw", "life_gain_short",
                                                     "turn_candidates"}
    assert {h["id"] for h in out["holes"]} >= {"apres_coup_timing", "card_list"}


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


class _Checked(RandomPlay):
    def choose(self, kind, player, options, game):
        assert game.zones() == Counter(game.cards.deck), "cards conserved at every choice point"
        return super().choose(kind, player, options, game)


@settings(max_examples=40, deadline=None)
@given(card_lists(), st.integers(0, 10_000))
def test_random_card_lists_conserve_cards_and_end_or_report(tmp_path_factory, data, seed) -> None:
    path = tmp_path_factory.mktemp("cards") / "cards.toml"
    lines = ["[meta]", 'title = "random"', "synthetic = true", "[holes]"]
    lines += [f"{k} = {json.dumps(v)}" for k, v in data["holes"].items()]
    for c in data["cards"]:
        lines += ["[[cards]]"] + [f"{k} = {json.dumps(v)}" for k, v in c.items() if k != "abilities"]
        lines.append("abilities = [" + ", ".join(f'{{ keyword = "{a["keyword"]}", do = "{a["do"]}" }}'
                                                 for a in c["abilities"]) + "]")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    cards = load_cards(path, SPEC)
    rng = random.Random(seed)
    assert cards.players is not None
    g = Game(SPEC, cards, _Checked(rng, [RandomAgent(rng) for _ in range(cards.players)]))
    try:
        winner = g.play()
        assert not g.defeated[winner] and sum(not d for d in g.defeated) == 1
    except StuckError:
        assert any(x.id == "no_termination" for x in g.gaps)  # reported, never silent
    assert all(k == 1 for k in g.round_ends)


@pytest.mark.parametrize("o", obligations("dread-draw"), ids=lambda o: o.id)
def test_obligations(o) -> None:
    report = run(o, SPEC)
    assert report.status is Status.PROVED and not report.mutant_verdict.holds


def test_from_raw_copy_is_the_same_game() -> None:
    assert from_raw(copy.deepcopy(dict(SPEC.raw)), SPEC.file, {}, SPEC.base_dir).holes == SPEC.holes
