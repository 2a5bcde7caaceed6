"""Dread Draw's unstated switches: each changes the game where its situation arises (exact, on tiny lists)."""

from __future__ import annotations

import copy
from fractions import Fraction
from pathlib import Path

from songe.engine.explore import walk
from songe.games.dread_draw.game import DreadDrawGame
from songe.games.dread_draw.impact import exact_outcomes, tiny_cards_path
from songe.games.dread_draw.state import EventKind, GapKind
from songe.spec.dread_draw import from_raw, load, load_cards

SPEC = load()


def _gaps_met(game: DreadDrawGame) -> set[GapKind]:
    met = set()
    for node in walk(game, max_states=20_000):
        for e in node.edges:
            events: list = []
            game.apply(node.state, e.action, events)
            met |= {x.gap for x in events if x.kind is EventKind.GAP}
    return met


def test_reshuffle_when_changes_who_wins_on_the_tiny_list() -> None:
    cards = load_cards(tiny_cards_path(), SPEC)
    at_draw = DreadDrawGame(SPEC, cards)
    when_empty = DreadDrawGame(SPEC.with_readings({"reshuffle_when": "when_empty"}), cards)
    assert GapKind.RESHUFFLE_WHEN in _gaps_met(at_draw)
    assert exact_outcomes(at_draw) != exact_outcomes(when_empty)


def test_choice_after_round_lapses_or_carries(tmp_path: Path) -> None:
    """A kept reserve card that names the next player does so at the round's end: the switch decides."""
    text = tiny_cards_path().read_text(encoding="utf-8").replace(
        'abilities = [{ keyword = "reserve", do = "gain_life 1" }]',
        'abilities = [{ keyword = "reserve", do = "choose_next" }]')
    assert "choose_next" in text
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    cards = load_cards(path, SPEC)
    lapses = DreadDrawGame(SPEC, cards)
    carries = DreadDrawGame(SPEC.with_readings({"choice_after_round": "carries"}), cards)
    assert GapKind.CHOICE_AFTER_ROUND in _gaps_met(lapses)
    assert exact_outcomes(lapses) != exact_outcomes(carries)



def test_empty_life_defeat_decides_a_round_won_without_damage(tmp_path: Path) -> None:
    """With a card of no damage, a round can end dealing 0 to a player whose life deck is empty: the two
    sentences on defeat part there, and the switch decides who wins. Such a list can loop (rounds that
    hurt no one), so the spec copy bounds a game at 12 summons (reported, never silent: no_termination)."""
    path = tmp_path / "cards.toml"
    path.write_text(tiny_cards_path().read_text(encoding="utf-8").replace("damage = 2", "damage = 0"),
                    encoding="utf-8")
    raw = copy.deepcopy(dict(SPEC.raw))
    raw["limits"]["max_summons"] = 12
    spec = from_raw(raw, SPEC.file, {}, SPEC.base_dir)
    cards = load_cards(path, spec)
    on_damage = DreadDrawGame(spec, cards)
    when_eliminated = DreadDrawGame(spec.with_readings({"empty_life_defeat": "when_eliminated"}), cards)
    assert GapKind.EMPTY_LIFE_DEFEAT in _gaps_met(on_damage)
    assert GapKind.EMPTY_LIFE_DEFEAT not in _gaps_met(DreadDrawGame(SPEC, load_cards(tiny_cards_path(), SPEC)))
    outcomes = exact_outcomes(on_damage), exact_outcomes(when_eliminated)
    assert outcomes[0] is not None and outcomes[1] is not None
    assert (outcomes[0]["player 0 wins"], outcomes[1]["player 0 wins"]) == (Fraction(1, 2), Fraction(5, 8))
