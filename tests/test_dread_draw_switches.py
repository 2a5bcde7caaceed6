"""Dread Draw's unstated switches: each changes the game where its situation arises (exact, on tiny lists)."""

from __future__ import annotations

from pathlib import Path

from songe.engine.explore import walk
from songe.games.dread_draw.game import DreadDrawGame
from songe.games.dread_draw.impact import exact_outcomes, tiny_cards_path
from songe.games.dread_draw.state import EventKind, GapKind
from songe.spec.dread_draw import load, load_cards

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
