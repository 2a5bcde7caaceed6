"""``songe tune``: the search for the set-up nearest a target win probability (tiny grids and decks only here)."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from songe.errors import OptionError
from songe.games.reveil.setup import Setup, make_game
from songe.games.reveil.tune import Candidate, CardChange, count_decks, deck_changes, rank, search
from songe.solve.expectimax import Solver
from songe.spec.reveil import MAX_COPIES, default_path, load

#: The small deck: these cards at 0 copies (7 cards left, each solve takes milliseconds).
SMALL_DROP = ("paralysie_nocturne", "echo_de_peur", "lieu_familier", "souvenir_reel")


def spec_copy(folder: Path, copies: dict[str, int], name: str = "copy.toml") -> Path:
    """A user's copy of the shipped spec with some cards' copies rewritten in the text itself."""
    text = default_path().read_text(encoding="utf-8")
    for cid, n in copies.items():
        text, done = re.subn(rf'(id = "{cid}"\n(?:.*\n)*?copies = )\d+', rf"\g<1>{n}", text, count=1)
        assert done == 1, cid
    p = folder / name
    p.write_text(text, encoding="utf-8")
    if not (folder / "sources").exists():
        (folder / "sources").symlink_to(default_path().parent / "sources")
    return p


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Path:
    return spec_copy(tmp_path_factory.mktemp("small"), dict.fromkeys(SMALL_DROP, 0), "small.toml")


def reference(path: Path, lucidity: int, hand_limit: int) -> Fraction:
    """The interpreted reference solver's value of a spec file at a set-up."""
    return Solver(make_game(load(path), Setup("x", lucidity, hand_limit))).solve().value




def test_the_search_ranks_exact_values_by_distance_to_the_target() -> None:
    spec = load()
    found = search(spec, Fraction(1, 10), [4, 6], [1]).candidates  # one shared memo: about one solve
    assert [c.distance for c in found] == sorted(c.distance for c in found)
    assert all(c.distance == abs(c.value - Fraction(1, 10)) and not c.cards for c in found)
    assert found[0].value < found[1].value  # here the nearer set-up is the harder one
    best = found[0]  # the shared memo gives what a fresh solver gives for that set-up alone
    assert best.value == Solver(make_game(spec, Setup("x", best.lucidity, best.hand_limit))).solve().value


def test_the_card_search_finds_the_deck_built_to_be_the_optimum(small: Path, tmp_path: Path) -> None:
    spec = load(small)
    refus = next(c for c in spec.cards if c.id == "refus")
    built = spec_copy(tmp_path, dict.fromkeys(SMALL_DROP, 0) | {refus.id: refus.copies + 1})
    target = reference(built, 3, 1)  # the exact value of that deck, so it is the one at distance 0
    tuning = search(spec, target, [3], [1], cards=1)
    assert tuning.decks == count_decks(spec, 1) == len(tuning.candidates) == 1 + 2 * 6 + 4  # 6 cards in, 4 out
    best = tuning.candidates[0]
    assert best.cards == (CardChange(refus.id, refus.name, refus.copies, refus.copies + 1),)
    assert (best.value, best.distance) == (target, 0)
    assert all(c.distance > 0 for c in tuning.candidates[1:])
    same_deck = tuning.nearest(False)
    assert tuning.nearest(True) == best and same_deck is not None and same_deck.cards == ()
    # another candidate, a card taken out, against the reference solver on its own file
    gone = next(c for c in tuning.candidates if c.cards and c.cards[0].after == 0)
    assert gone.value == reference(spec_copy(tmp_path, dict.fromkeys(SMALL_DROP, 0) | {gone.cards[0].card: 0},
                                             "gone.toml"), 3, 1)
    assert [c.distance for c in tuning.candidates] == sorted(c.distance for c in tuning.candidates)


def test_ties_go_to_the_fewest_cards_then_set_up_numbers_then_deviation_then_spec_order() -> None:
    spec = load()
    a, b = spec.cards[0], spec.cards[1]
    ch = lambda card, d: CardChange(card.id, card.name, card.copies, card.copies + d)  # noqa: E731
    luc, hand = spec.setup.lucidity, spec.setup.hand_limit
    same = Fraction(1, 7)
    order = [Candidate(luc, hand, Fraction(3, 7), same),                       # nothing changed
             Candidate(luc + 1, hand, Fraction(3, 7), same),                   # one set-up number
             Candidate(luc + 2, hand, Fraction(3, 7), same),                   # one set-up number, further
             Candidate(luc + 1, hand - 1, Fraction(3, 7), same),               # two set-up numbers
             Candidate(luc, hand, Fraction(3, 7), same, (ch(a, -1),)),         # one card
             Candidate(luc, hand, Fraction(3, 7), same, (ch(a, 1),)),          # one card, later by its copies
             Candidate(luc, hand, Fraction(3, 7), same, (ch(b, 1),)),          # one card, later in the spec
             Candidate(luc + 1, hand, Fraction(3, 7), same, (ch(a, 1),)),      # one card and a set-up number
             Candidate(luc, hand, Fraction(3, 7), same, (ch(a, 1), ch(b, 1)))]  # two cards
    nearer = Candidate(luc + 3, hand - 1, Fraction(5, 7), Fraction(1, 8), (ch(a, 1), ch(b, -1)))
    assert rank(spec, list(reversed(order)) + [nearer]) == [nearer] + order


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, MAX_COPIES), min_size=1, max_size=6), st.integers(0, 3))
def test_the_decks_are_counted_without_listing_them(copies: list[int], cards: int) -> None:
    spec = load()
    spec = dataclasses.replace(spec, cards=tuple(dataclasses.replace(c, copies=n)
                                                 for c, n in zip(spec.cards, copies, strict=False)))
    decks = list(deck_changes(spec, cards))
    assert len(decks) == count_decks(spec, cards) == len(set(decks))
    assert decks[0] == ()
    for changes in decks:
        assert len(changes) <= cards and len({c.card for c in changes}) == len(changes)
        assert all(abs(c.after - c.before) == 1 and 0 <= c.after <= MAX_COPIES for c in changes)


def test_a_deck_the_spec_refuses_is_reported_not_solved(tmp_path: Path) -> None:
    spec = load()
    alone = spec.cards[0]  # a one-card deck: taking that card out leaves an empty deck, which the spec refuses
    path = spec_copy(tmp_path, {c.id: 0 for c in spec.cards[1:]} | {alone.id: 1})
    tuning = search(load(path), Fraction(1, 2), [1], [0], cards=1)
    assert [r.cards for r in tuning.refused] == [(CardChange(alone.id, alone.name, 1, 0),)]
    assert "empty" in tuning.refused[0].why
    assert len(tuning.candidates) == tuning.decks - 1


def test_bad_search_is_refused_in_one_line() -> None:
    with pytest.raises(OptionError, match="between 0 and 1"):
        search(load(), Fraction(3, 2), [1], [0])
    with pytest.raises(OptionError, match="--hand-limit"):
        search(load(), Fraction(1, 2), [1], [99])
    with pytest.raises(OptionError, match="--cards"):
        search(load(), Fraction(1, 2), [1], [0], cards=len(load().cards) + 1)
    with pytest.raises(OptionError, match="--max-candidates"):
        search(load(), Fraction(1, 2), [1, 2], [0], cards=1, max_candidates=10)


@pytest.mark.parametrize(("args", "named"), [
    (("--cards", "-1"), "--cards"), (("--cards", "99"), "--cards"), (("--cards", "x"), "--cards"),
    (("--cards", "2", "--max-candidates", "5"), "--max-candidates"), (("--max-candidates", "0"), "--max-candidates"),
    (("--lucidity", "1-100000"), "--lucidity"), (("--hand-limit", "a-b"), "--hand-limit"), (("--target", "2"), "--target"),
])
def test_bad_option_values_give_one_line_and_status_2(capsys, args, named) -> None:
    code, out, err = run_cli(capsys, "tune", "reveil", *args)
    assert code == 2 and not out
    assert err.count("\n") == 1 and named in err and "Traceback" not in err, err


def test_tune_with_cards_gives_json_and_text(capsys, small: Path) -> None:
    code, out, err = run_cli(capsys, "tune", "reveil", "--spec", str(small), "--cards", "1", "--lucidity", "3",
                             "--hand-limit", "1", "--top", "3", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert set(data) == {"game", "target", "target_from", "searched", "setup", "candidates", "decks", "refused",
                         "seconds", "best", "nearest", "over_budget", "edges"}
    assert data["target"] == "1/2" and data["target_from"] == {"claim": "about_one_in_two", "level": "normal",
                                                               "given": False}  # the spec's own claim
    assert data["searched"] == {"lucidity": [3], "hand_limit": [1], "cards": 1}
    assert data["candidates"] == data["decks"] == 17 and data["refused"] == [] and len(data["best"]) == 3
    for c in data["best"] + [data["nearest"]["card_changes"]]:
        assert set(c) == {"lucidity", "hand_limit", "value", "percent", "distance", "cards"}
        assert Fraction(c["distance"]) == abs(Fraction(c["value"]) - Fraction(1, 2))
        assert c["percent"] == round(float(Fraction(c["value"])) * 100, 4)
        for change in c["cards"]:
            assert set(change) == {"card", "name", "before", "after"} and abs(change["after"] - change["before"]) == 1
    assert data["nearest"]["same_deck"]["cards"] == []
    code, text, err = run_cli(capsys, "tune", "reveil", "--spec", str(small), "--cards", "1", "--lucidity", "3",
                              "--hand-limit", "1", "--top", "3")
    first = data["best"][0]
    change = first["cards"][0] if first["cards"] else None
    assert code == 0 and "17 candidates solved exactly (17 decks × 1 Lucidity × 1 hand limit)" in text
    assert first["value"] in text and (change is None or f"{change['name']} {change['before']} → {change['after']}" in text)


def test_tune_command_gives_json_and_writes_the_cache(tmp_path) -> None:
    out = tmp_path / "tune.json"
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "tune", "reveil", "--target", "1/10", "--lucidity",
                        "1-2", "--hand-limit", "0", "--json", "--write", str(out)], capture_output=True, text=True,
                       check=False)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data == json.loads(out.read_text(encoding="utf-8"))
    assert data["target"] == "1/10" and len(data["best"]) == 2 and data["searched"]["cards"] == 0
    bad = subprocess.run([sys.executable, "-m", "songe.cli.main", "tune", "reveil", "--target", "x"],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "--target" in bad.stderr and "Traceback" not in bad.stderr


def test_the_default_target_is_the_specs_own_claim_else_a_default_said_as_such(capsys, small: Path) -> None:
    """A designer who rewrote the claim to four games in five is tuned towards 4/5, not Réveil's one in two; a spec
    that claims no win probability falls back to an even game, and says so; --target overrides either."""
    text = small.read_text(encoding="utf-8")
    four = small.with_name("four.toml")
    four.write_text(text.replace('target = "1/2"', 'target = "4/5"', 1), encoding="utf-8")
    none = small.with_name("none.toml")
    none.write_text(re.sub(r'\[\[claims\]\]\nid = "about_one_in_two"\n(?:.+\n)+', "", text, count=1), encoding="utf-8")
    grid = ("--lucidity", "3", "--hand-limit", "1")
    for path, target, said in ((four, "4/5", "the target of the spec's claim 'about_one_in_two', at level 'normal'"),
                               (none, "1/2", "a default: the spec claims no win probability")):
        code, out, err = run_cli(capsys, "tune", "reveil", "--spec", str(path), *grid)
        assert code == 0, err
        assert out.startswith(f"target {target} (optimal play): {said}"), out
        best = json.loads(run_cli(capsys, "tune", "reveil", "--spec", str(path), *grid, "--json")[1])["best"][0]
        assert Fraction(best["distance"]) == abs(Fraction(best["value"]) - Fraction(target))
    code, out, _ = run_cli(capsys, "tune", "reveil", "--spec", str(four), *grid, "--target", "1/3")
    assert code == 0 and out.startswith("target 1/3 (optimal play): given by --target")
