"""Jekyll vs Hyde: trick resolution, exact legal moves, a stateful machine, simulation, CLI, proofs."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from songe.errors import IllegalMoveError
from songe.games.jekyll_hyde.game import Round, deal_round
from songe.games.jekyll_hyde.simulate import simulate
from songe.games.jekyll_hyde.trick import is_potion, legal_follows, resolve, suit_of
from songe.prove import Status, obligations, run
from songe.spec.jekyll_hyde import load
from songe.spec.sources import quote_found

SPEC = load()
SUITS = [s.id for s in SPEC.suits]


def songe(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "songe.cli.main", *args], capture_output=True, text=True)


@pytest.mark.parametrize("where,quote", SPEC.quotes(), ids=[w for w, _ in SPEC.quotes()])
def test_quotes_are_verbatim(where, quote) -> None:
    assert quote_found(quote, SPEC.source), (where, quote)


@pytest.mark.parametrize("lead,follow,ranking,named,winner,effect,after", [
    ("O3", "C5", (), None, "follow", None, ("O", "C", "E")),        # first colour is the weakest
    ("C5", "O3", (), None, "follow", None, ("C", "O", "E")),        # ... so who leads matters before ranking
    ("O3", "O5", ("O",), None, "follow", None, ("O",)),             # same colour: higher value
    ("E1", "O7", ("O", "C"), None, "lead", None, ("O", "C", "E")),  # the third colour is the best
    ("P3", "O3", (), "O", "lead", "steal", ("O",)),                 # 3+ beats 3: the '+'
    ("P2", "O3", (), "O", "follow", "steal", ("O",)),               # 2+ does not beat 3
    ("C4", "P5", ("O", "C"), None, "follow", "reset", ()),          # red: the order is reset
    ("P4", "E2", (), "E", "lead", "exchange", ("E",)),              # green: exchange
    ("P4", "P5", ("O",), "C", "follow", None, ("O",)),              # double potion: no effect
])
def test_trick_resolution_examples(lead, follow, ranking, named, winner, effect, after) -> None:
    r = resolve(SPEC, lead, follow, ranking, named)
    assert (r.winner, r.effect.value if r.effect else None, r.ranking_after) == (winner, effect, after)


def reference_follows(hand, lead, named):
    """The text's following rule, written independently of the engine."""
    if is_potion(lead):
        has = [c for c in hand if suit_of(c) == named]
        return set(has) if has else set(hand)
    has = [c for c in hand if suit_of(c) == suit_of(lead)]
    return set(has) | {c for c in hand if is_potion(c)} if has else set(hand)


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_legal_moves_are_exact(rng) -> None:
    rnd = deal_round(SPEC, rng, 1, 0)
    leader = rnd.leader
    for card in SPEC.deck:
        for named in [None] + SUITS:
            ok = card in rnd.hands[leader] and (named in SUITS if is_potion(card) else named is None)
            assert (rnd.can_lead(card, named) is None) == ok, (card, named)
    lead = rng.choice(rnd.hands[leader])
    named = rng.choice(SUITS) if is_potion(lead) else None
    allowed = reference_follows(rnd.hands[1 - leader], lead, named)
    assert set(legal_follows(rnd.hands[1 - leader], lead, named)) == allowed
    for card in SPEC.deck:
        why = rnd.can_follow(lead, named, card)
        assert (why is None) == (card in allowed), (lead, named, card, why)
        if card not in allowed:
            with pytest.raises(IllegalMoveError):
                rnd.copy().play_trick(lead, named, card)


class RoundMachine(RuleBasedStateMachine):
    """Random legal tricks; cards are conserved and tricks counted at every step."""

    @initialize(seed=st.integers(0, 10_000), number=st.integers(1, 3), marker=st.sampled_from([0, 2, 4, 6, 8]),
                deferred=st.booleans())
    def deal(self, seed, number, marker, deferred) -> None:
        spec = SPEC.with_readings({"steal_without_trick": "deferred" if deferred else "nothing"})
        self.round: Round = deal_round(spec, random.Random(seed), number, marker)

    @precondition(lambda self: hasattr(self, "round") and not self.round.over)
    @rule(data=st.data())
    def trick(self, data) -> None:
        r = self.round
        lead = data.draw(st.sampled_from(sorted(r.hands[r.leader])))
        named = data.draw(st.sampled_from(SUITS)) if is_potion(lead) else None
        follow = data.draw(st.sampled_from(sorted(legal_follows(r.hands[1 - r.leader], lead, named))))
        r.play_trick(lead, named, follow,
                     lambda rr, k: tuple(data.draw(st.permutations(sorted(h)))[:k] for h in rr.hands))

    @precondition(lambda self: hasattr(self, "round") and self.round.over)
    @rule()
    def done(self) -> None:
        assert sum(len(p) for p in self.round.piles) == SPEC.tricks

    @invariant()
    def cards_are_conserved(self) -> None:
        if hasattr(self, "round"):
            r = self.round
            cards = r.hands[0] + r.hands[1] + r.aside + [c for p in r.piles for t in p for c in t]
            assert sorted(cards) == sorted(SPEC.deck)
            assert len(r.hands[0]) == len(r.hands[1])

    @invariant()
    def tricks_are_counted(self) -> None:
        if hasattr(self, "round"):
            assert sum(len(p) for p in self.round.piles) == self.round.trick_number - 1


TestRoundMachine = RoundMachine.TestCase
TestRoundMachine.settings = settings(max_examples=60, stateful_step_count=12, deadline=None)


def test_simulation_is_deterministic_and_independent_of_jobs() -> None:
    a = simulate(SPEC, 60, "greedy", "random", seed=5, jobs=1)
    b = simulate(SPEC, 60, "greedy", "random", seed=5, jobs=2)
    assert a == b
    assert 0 <= a.interval[0] <= a.hyde_rate <= a.interval[1] <= 1
    assert all(m % 2 == 0 for m in a.markers)  # the marker-parity obligation, seen in play
    assert sum(a.markers.values()) == 60
    assert a.hyde_wins == a.markers.get(SPEC.last_space, 0)  # Hyde wins exactly when the last space is reached
    from songe.games.jekyll_hyde.simulate import one_game

    for i in range(40):
        g = one_game(SPEC, "random", "random", 9, i)
        assert g.hyde_won == (g.marker == SPEC.last_space)
        assert g.hyde_won or g.rounds_played == SPEC.rounds


def test_simulate_cli_json() -> None:
    r = songe("simulate", "jekyll-hyde", "--games", "50", "--seed", "1", "--jekyll", "search", "--hyde", "greedy",
              "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert {"hyde_win_rate", "hyde_win_rate_95", "final_marker", "mean_trick_difference", "potion_effects"} <= set(out)
    assert set(out["potion_effects"]) <= {"steal", "exchange", "reset"}


@pytest.mark.parametrize("args,message", [
    (("--lead", "O3", "--follow", "O3"), "same card O3"),
    (("--lead", "O3", "--follow", "C5", "--named", "E"), "--named is only for a potion lead"),
    (("--lead", "P3", "--follow", "C5"), "needs --named"),
    (("--lead", "X9", "--follow", "C5"), "--lead 'X9' is not a card"),
    (("--lead", "O3", "--follow", "C5", "--ranking", "O,O"), "appears twice"),
])
def test_trick_cli_bad_input(args, message) -> None:
    r = songe("trick", "jekyll-hyde", *args)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr


def test_trick_cli_json() -> None:
    r = songe("trick", "jekyll-hyde", "--lead", "P3", "--follow", "O3", "--named", "O", "--json")
    assert json.loads(r.stdout) == {"winner": "lead", "effect": "steal", "ranking_after": ["O"],
                                    "reason": "a tie at 3: the potion's '+' wins it"}


def test_ambiguities_with_impact_and_replayable_witnesses() -> None:
    r = songe("ambiguities", "jekyll-hyde", "--games", "200", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert {a["id"] for a in out["ambiguities"]} == {"steal_without_trick", "named_colour_ranks"}
    for a in out["ambiguities"]:
        for row in a["readings"]:
            lo, hi = row["hyde_win_rate_95"]
            assert lo <= row["hyde_win_rate"] <= hi
        w = a["witness"]
        assert w is not None
        for option, cmd in ((next(iter(a["witnesses"])), w["command"]), (a["adopted"], w["default_command"])):
            rr = songe(*cmd.split()[1:])
            got = json.loads(rr.stdout)
            assert got["final_marker"] == {str(w["results"][option]["marker"]): 1}


@pytest.mark.parametrize("o", obligations("jekyll-hyde"), ids=lambda o: o.id)
def test_obligations(o) -> None:
    report = run(o, SPEC)
    assert report.status is Status.PROVED and not report.mutant_verdict.holds
