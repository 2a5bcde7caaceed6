"""Unstated switches: named in the spec with their reason, read by the engine, each option reachable."""

from __future__ import annotations

import pytest
from helpers import LOSS, lines, run

from songe.errors import SpecError
from songe.games.when_i_dream.scoring import Board, role_score
from songe.spec import when_i_dream
from songe.spec.reveil import DefeatScope, from_raw, load

ORDER = ("Rêve récurrent,Souvenir réel,Rêve récurrent,Paralysie nocturne,Chute infinie,Visage flou,Lieu familier,"
         "Écho de peur,Prise de conscience,Ancrage,Refus")


def test_unstated_readings_carry_their_reason() -> None:
    for spec in (load(), when_i_dream.load()):
        unstated = [r for r in spec.readings if not r.stated]
        assert unstated and all(r.reason for r in unstated)
    assert "defeat_scope" in {r.id for r in load().readings if not r.stated}
    assert {"sandman_empty_board", "empty_memory_bonus"} <= {r.id for r in when_i_dream.load().readings
                                                             if not r.stated}


def test_an_unstated_reading_without_reason_is_refused() -> None:
    raw = dict(load().raw)
    raw["readings"] = [dict(r) for r in raw["readings"]]
    for r in raw["readings"]:
        r.pop("reason", None)
    with pytest.raises(SpecError, match="reading 'defeat_scope', field 'reason': missing"):
        from_raw(raw, "x.toml", {}, load().base_dir)


def test_defeat_scope_decides_whether_a_chained_dream_can_end_the_game() -> None:
    """Souvenir réel draws Paralysie nocturne at 2 Lucidité: 0 at the end of the chained dream."""
    (every,) = run(ORDER, "Souvenir réel", lucidity=3)
    assert load().rules.defeat_scope is DefeatScope.EVERY_CARD
    got = lines(every)
    assert got[-3:] == ["    lose 2 Lucidity (Lucidity 0)", "    Paralysie nocturne goes to the discard",
                        "    DEFEAT with 0 Lucidity"] and every.outcome is LOSS
    (turn,) = run(ORDER, "Souvenir réel", lucidity=3, readings={"defeat_scope": "turn_card"})
    got = lines(turn)
    i = got.index("    Paralysie nocturne goes to the discard")
    assert got[i + 1:i + 5] == [
        "  Souvenir réel: « Si c’est un Rêve d’Intensité imprimée 2 ou moins, gagne 1 Lucidité une fois ce rêve "
        "résolu. » → gain 1",
        "  gain 1 Lucidity (Lucidity 1)",
        "  Rêve récurrent: « Si un Rêve récurrent est déjà dans la défausse, Intensité -1. » → intensity -1",
        "  current intensity of Rêve récurrent: 0",
    ]
    assert "  lose 0 Lucidity (Lucidity 1)" in got


def test_sandman_empty_board_is_read_by_the_scoring() -> None:
    spec = when_i_dream.load()
    assert role_score(spec, "marchand_de_sable", Board(0, 0)) == 2
    none = spec.with_readings({"sandman_empty_board": "no_points"})
    assert role_score(none, "marchand_de_sable", Board(0, 0)) == 0
    for b in (Board(1, 1), Board(2, 3), Board(4, 1)):  # other boards: unchanged
        assert role_score(none, "marchand_de_sable", b) == role_score(spec, "marchand_de_sable", b)


def test_blue_mentions_is_read_from_the_record() -> None:
    from songe.games.when_i_dream.record import check
    from songe.games.when_i_dream.scoring import round_scores

    spec = when_i_dream.load()
    data = {"players": ["A", "B", "C", "D"], "rounds": [{
        "dreamer": "A", "roles": {"B": "fee", "C": "croque_mitaine", "D": "marchand_de_sable"},
        "events": ["right", "wrong"], "remembered_all": True, "mentioned_blue": True}]}
    kept = round_scores(spec, check(data, spec).rounds[0])["A"]
    lost = round_scores(spec.with_readings({"blue_mentions": "cost_bonus"}), check(data, spec).rounds[0])["A"]
    assert kept - lost == spec.dreamer_bonus > 0


def test_previous_dream_next_card_only_is_cleared_by_a_thought() -> None:
    """Chute infinie (printed 4), then a thought, then Écho de peur: +1 unless the thought took the link."""
    order = ("Chute infinie,Ancrage,Écho de peur,Rêve récurrent,Rêve récurrent,Visage flou,Lieu familier,"
             "Paralysie nocturne,Prise de conscience,Souvenir réel,Refus")
    (kept,) = run(order, "none")
    assert "  current intensity of Écho de peur: 2" in lines(kept)
    (cleared,) = run(order, "none", readings={"previous_dream": "next_card_only"})
    got = lines(cleared)
    assert "  current intensity of Écho de peur: 2" not in got
    assert got[got.index("  reveal Écho de peur (intensity 1)") + 2] == "  lose 1 Lucidity (Lucidity 2)"
