"""Jekyll vs Hyde's unstated switches, the expert match, and the paired statistics of the readings' impact.

Each switch test builds the situation its question is about and fails if the engine ignores the switch.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from songe.engine.interface import CHANCE, TERMINAL
from songe.games.jekyll_hyde.expert import ExpertMatch
from songe.games.jekyll_hyde.machine import JekyllHydeGame
from songe.games.jekyll_hyde.plugin import FAMILY, MATCH_POLICIES
from songe.games.jekyll_hyde.readings_impact import Played, compare, play
from songe.games.jekyll_hyde.situations import QUESTIONS, arising
from songe.games.jekyll_hyde.state import HYDE, JEKYLL, Phase, State, Stolen
from songe.games.jekyll_hyde.trick import resolve
from songe.spec.jekyll_hyde import load
from songe.stats import paired_difference

SPEC = load()
GAME = JekyllHydeGame(SPEC)


def _idx(*cards: str) -> tuple[int, ...]:
    return tuple(GAME.cards.index(c) for c in cards)


def _follow_state(lead: str, follow: str, named: str | None, piles, trick: int) -> State:
    """Jekyll has led ``lead`` at trick ``trick``; Hyde holds ``follow`` and may play it."""
    (lc, fc) = _idx(lead, follow)
    used = {c for p in piles for t in p for c in t} | {lc, fc}
    rest = [c for c in range(len(SPEC.deck)) if c not in used and GAME.suit[c] != named]
    n = SPEC.tricks - trick
    hands = (tuple(rest[:n]), tuple(sorted(rest[n:2 * n] + [fc])))
    aside = tuple(sorted(c for c in range(len(SPEC.deck)) if c not in used and c not in hands[0] + hands[1]))
    return State(1, 0, Phase.FOLLOW, (), hands, aside, piles, (), JEKYLL, lc, named, trick=trick)


def test_steal_target_picks_the_last_or_the_first_trick() -> None:
    piles = ((_idx("C1", "C2"),), (_idx("C3", "C4"), _idx("C5", "C6")))
    s = _follow_state("P3", "O3", "O", piles, 4)
    assert "steal_target" in arising(GAME, s, GAME.cards.index("O3"))
    got = {}
    for option in ("last", "first"):
        events: list = []
        game = JekyllHydeGame(SPEC.with_readings({"steal_target": option}))
        game.apply(s, GAME.cards.index("O3"), events)
        got[option] = [e.trick for e in events if isinstance(e, Stolen)]
    assert got == {"last": [("C5", "C6")], "first": [("C3", "C4")]}


def test_red_reset_scope_keeps_the_red_card_or_not() -> None:
    default = resolve(SPEC, "P3", "C5", ("O",), named="C")
    keep = resolve(SPEC.with_readings({"red_reset_scope": "keep_trick"}), "P3", "C5", ("O",), named="C")
    assert default.effect is not None
    assert default.effect is keep.effect and default.effect.value == "reset"
    assert (default.ranking_after, keep.ranking_after) == ((), ("C",))


def test_after_a_red_reset_a_potion_takes_no_rank_and_the_next_evil_card_ranks_weakest() -> None:
    """The stated row of the audit: « Les cartes Potion n’ont pas de couleur et ne peuvent pas être classées »,
    so a Potion played after the reset does not use up the weakest place."""
    assert resolve(SPEC, "P3", "C5", ("O",), named="C").ranking_after == ()
    assert resolve(SPEC, "P4", "P5", (), named="O").ranking_after == ()  # two Potions: nothing ranked, no place used
    assert resolve(SPEC, "P4", "E2", (), named="O").ranking_after == ("E",)  # the Potion's trick: its Evil card
    assert resolve(SPEC, "O1", "C2", ()).ranking_after == ("O", "C", "E")


def test_potion_colour_ranks_ranks_the_lutte_card_or_not() -> None:
    yes = resolve(SPEC, "P5", "O2", ("C",), named="O")
    no = resolve(SPEC.with_readings({"potion_colour_ranks": "no"}), "P5", "O2", ("C",), named="O")
    assert (yes.ranking_after, no.ranking_after) == (("C", "O", "E"), ("C",))
    assert yes.winner == no.winner == "lead"


def test_potion_values_change_the_deck_and_who_wins_a_potion_trick() -> None:
    """1+ to 4+ against 2+ to 5+: the 4+ that beat a 4 now meets it as a 3+ and loses; the question arises."""
    low = SPEC.with_readings({"potion_values": "one_to_four"})
    assert [c for c in SPEC.deck if c.startswith("P")] == ["P2", "P3", "P4", "P5"]
    assert [c for c in low.deck if c.startswith("P")] == ["P1", "P2", "P3", "P4"]
    assert resolve(SPEC, "O4", "P4", ()).winner == "follow"  # the 4+ wins the tie on its « + »
    assert resolve(low, "O4", "P3", ()).winner == "lead"  # the third Potion is a 3+ now
    s = _follow_state("O4", "P4", None, ((), ()), 3)
    assert "potion_values" in arising(GAME, s, GAME.cards.index("P4"))


def test_green_shortfall_gives_what_is_left_or_skips() -> None:
    s = _follow_state("P3", "E3", "E", ((), ()), SPEC.tricks - 1)
    assert "green_shortfall" in arising(GAME, s, GAME.cards.index("E3"))
    after = GAME.apply(s, GAME.cards.index("E3"))
    assert after.phase is Phase.GREEN and GAME.exchange_count(after) == 1
    skip = JekyllHydeGame(SPEC.with_readings({"green_shortfall": "skip"}))
    after = skip.apply(s, GAME.cards.index("E3"))
    assert after.phase is Phase.LEAD and after.trick == SPEC.tricks


@pytest.mark.parametrize("readings", [{"red_reset_scope": "keep_trick"}, {"potion_colour_ranks": "no"}])
def test_the_trick_term_follows_the_new_switches(readings) -> None:
    from songe.games.jekyll_hyde import trick, trick_rules
    spec = SPEC.with_readings(readings)
    assert list(trick_rules.mismatches(spec)) == []
    assert list(trick.trick_mismatches(spec)) == []


def test_expert_speed_breaks_a_tie_at_the_cap_or_not() -> None:
    rounds, none = ExpertMatch(SPEC), ExpertMatch(SPEC.with_readings({"expert_speed": "none"}))
    # the first leg's Hyde is player 1, the second leg's player 0
    assert rounds.decide((10, 2), (10, 3)) == (Fraction(0), Fraction(1))
    assert none.decide((10, 2), (10, 3)) == (Fraction(1, 2), Fraction(1, 2))
    assert rounds.decide((10, 3), (10, 3)) == (Fraction(1, 2), Fraction(1, 2))
    assert rounds.decide((6, 3), (9, 3)) == (Fraction(1), Fraction(0))


def test_the_expert_setup_plays_two_games_with_roles_swapped() -> None:
    assert [s.id for s in FAMILY.setups(SPEC)] == ["standard", "expert"]
    assert FAMILY.make_game is not None
    match = FAMILY.make_game(SPEC, FAMILY.setups(SPEC)[1], {})
    assert isinstance(match, ExpertMatch)
    rng = random.Random(3)
    policies = [MATCH_POLICIES["greedy"](match, rng) for _ in range(2)]
    s = match.initial_state()
    sides: dict[int, set[tuple[int, int]]] = {0: set(), 1: set()}
    while match.current_player(s) != TERMINAL:
        p = match.current_player(s)
        if p == CHANCE:
            a = rng.choice([o for o, _ in match.chance_outcomes(s)])
        else:
            sides[s.leg].add((p, match.role(s, p)))
            a = policies[p](match.observation(s, p), match.legal_actions(s))
        s = match.apply(s, a)
    assert sides == {0: {(0, JEKYLL), (1, HYDE)}, 1: {(0, HYDE), (1, JEKYLL)}}
    assert s.first is not None and sum(match.returns(s)) == 1
    assert match.returns(s) == match.decide(s.first, match.leg_result(s.game))


def test_paired_difference_and_verdicts() -> None:
    base = [Played(Fraction(w), m, frozenset({"q"} if i % 2 else ())) for i, (w, m) in
            enumerate([(0, 3), (1, 10), (0, 4), (1, 10)] * 10)]
    same = compare(base, base, "q")
    assert same["verdict"].startswith("no measurable difference at 40 games: no game ends differently")
    assert same["hyde_win_rate_difference_95"] == [0.0, 0.0, 0.0]
    shifted = [Played(Fraction(1), 10, p.arose) for p in base]
    diff = compare(base, shifted, "q")
    assert diff["measurable"] and diff["hyde_win_rate_difference_95"][1] > 0
    assert diff["when_the_question_arises"]["games"] == 20
    with pytest.raises(ValueError):
        paired_difference([1, 0], [1])


def test_paired_games_differ_only_where_the_question_arose() -> None:
    """Under another option, a game in which the question never arose is the same game (pairing is sound)."""
    for rid, option in (("red_reset_scope", "keep_trick"), ("green_shortfall", "skip")):
        base = play(SPEC, ("greedy", "greedy"), 12, 0)
        other = play(SPEC.with_readings({rid: option}), ("greedy", "greedy"), 12, 0)
        assert any(rid in p.arose for p in base)
        for a, b in zip(base, other, strict=True):
            if rid not in a.arose:
                assert (a.hyde_won, a.marker) == (b.hyde_won, b.marker)


def test_every_standard_reading_has_a_detector() -> None:
    from songe.games.jekyll_hyde.situations import MATCH_QUESTIONS
    assert {r.id for r in SPEC.readings} == set(QUESTIONS) | set(MATCH_QUESTIONS)



def test_forced_potion_scope_binds_the_green_exchange_or_not() -> None:
    """Jekyll leads P3 naming Envie, Hyde follows E3: a green exchange of 2 cards, Jekyll holding two potions."""
    hands = (tuple(sorted(_idx("P4", "P5", "O1", "O2", "C1"))), tuple(sorted(_idx("E3", "O3", "O4", "C2", "C3", "C4"))))
    used = set(hands[0] + hands[1]) | set(_idx("P3"))
    aside = tuple(c for c in range(len(SPEC.deck)) if c not in used)
    s = State(1, 0, Phase.FOLLOW, (), hands, aside, ((), ()), (), JEKYLL, GAME.cards.index("P3"), "E", trick=5)
    assert "forced_potion_scope" in arising(GAME, s, GAME.cards.index("E3"))
    gives = {}
    for option in ("round_start", "every_exchange"):
        game = JekyllHydeGame(SPEC.with_readings({"forced_potion_scope": option}))
        green = game.apply(s, GAME.cards.index("E3"))
        assert green.phase is Phase.GREEN and game.current_player(green) == JEKYLL
        gives[option] = {(GAME.cards[a], GAME.cards[b]) for a in game.legal_actions(green)
                         for b in game.legal_actions(game.apply(green, a))}
    assert len(gives["round_start"]) == 10  # any 2 of the 5 cards
    assert gives["every_exchange"] == {g for g in gives["round_start"] if {"P4", "P5"} & set(g)}
    assert ("O1", "O2") in gives["round_start"] - gives["every_exchange"]
