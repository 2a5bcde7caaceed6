"""Jekyll vs Hyde behind the game interface: trick resolution, exact legal moves, hidden information,
playouts, scripts, simulation through the explorer, CLI, proofs."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from fractions import Fraction

import pytest
import z3
from helpers import songe
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from songe.engine.explore import play, replay, walk
from songe.engine.interface import CHANCE, TERMINAL, ChanceMode, Game, Information, check_distribution
from songe.errors import IllegalMoveError, SongeError
from songe.games.jekyll_hyde import trick, trick_rules
from songe.games.jekyll_hyde.agents import POLICIES, determinize
from songe.games.jekyll_hyde.machine import JekyllHydeGame, cards_in_zones
from songe.games.jekyll_hyde.plugin import FAMILY
from songe.games.jekyll_hyde.script import JekyllHydeScript
from songe.games.jekyll_hyde.simulate import simulate
from songe.games.jekyll_hyde.state import HYDE, JEKYLL, Gave, Phase, RoundEnded, State, Stolen
from songe.games.jekyll_hyde.trick import is_potion, legal_follows, resolve, suit_of
from songe.games.plugin import Lang
from songe.prove import Status, obligations, run
from songe.spec.jekyll_hyde import load
from songe.spec.sources import quote_found

SPEC = load()
SUITS = [s.id for s in SPEC.suits]
GAME = JekyllHydeGame(SPEC)




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


def random_step(game, s, rng):
    """One random move: a chance outcome or a legal action."""
    if game.current_player(s) == CHANCE:
        return game.apply(s, rng.choice(game.chance_outcomes(s))[0])
    return game.apply(s, rng.choice(game.legal_actions(s)))


def play_to(game, rng, phase, s=None):
    """Random play from ``s`` (default: the start) to the first state of a phase."""
    s = game.initial_state() if s is None else s
    while s.phase is not phase:
        s = random_step(game, s, rng)
    return s


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_legal_moves_are_exact(rng) -> None:
    s = play_to(GAME, rng, Phase.LEAD)
    leader = s.leader
    hand = {GAME.cards[c] for c in s.hands[leader]}
    assert GAME.current_player(s) == leader
    assert {GAME.cards[a] for a in GAME.legal_actions(s)} == hand
    for card in SPEC.deck:
        if card not in hand:
            with pytest.raises(IllegalMoveError):
                GAME.apply(s, GAME.cards.index(card))
    lead = rng.choice(GAME.legal_actions(s))
    s = GAME.apply(s, lead)
    named = None
    if is_potion(GAME.cards[lead]):
        assert s.phase is Phase.NAME and GAME.current_player(s) == leader
        assert [GAME.action_label(s, a) for a in GAME.legal_actions(s)] == [f"name {x}" for x in SUITS]
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        named = s.named
    assert s.phase is Phase.FOLLOW and GAME.current_player(s) == 1 - leader
    other = [GAME.cards[c] for c in s.hands[1 - leader]]
    allowed = reference_follows(other, GAME.cards[lead], named)
    assert set(legal_follows(other, GAME.cards[lead], named)) == allowed
    assert {GAME.cards[a] for a in GAME.legal_actions(s)} == allowed
    for card in SPEC.deck:
        if card not in allowed:
            with pytest.raises(IllegalMoveError):
                GAME.apply(s, GAME.cards.index(card))


def _subsets(game, s):
    """Every set of cards the exchange pickers can give from ``s``, with how many pick sequences reach it."""
    side = game.current_player(s)
    out = {}
    todo = [s]
    while todo:
        x = todo.pop()
        if len(x.picks[side]) == game.exchange_count(x):
            key = frozenset(x.picks[side])
            out[key] = out.get(key, 0) + 1
            continue
        todo += [x._replace(picks=tuple(p + (a,) if i == side else p for i, p in enumerate(x.picks)))
                 for a in game.legal_actions(x)]
    return out


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 3), st.booleans())
def test_exchange_picks_every_allowed_set_once(rng, number, force) -> None:
    """One pick sequence per set; with the forced-potion rule, exactly the sets holding a potion."""
    s = play_to(GAME, rng, Phase.EXCHANGE)
    s = s._replace(round=number, must_potion=(force, force))
    count = SPEC.exchange_per_round[number - 1]
    hand = s.hands[0]
    expected = {frozenset(c) for c in itertools.combinations(hand, count)
                if not force or any(GAME.potion[x] for x in c)}
    got = _subsets(GAME, s)
    assert set(got) == expected and set(got.values()) <= {1}


def test_the_explorer_walks_the_end_of_a_game() -> None:
    """From the last two tricks of the last round, ``walk`` reaches every end, each with returns summing to 1."""
    assert isinstance(GAME, Game)
    rng = random.Random(6)
    s = GAME.initial_state()
    while not (s.round == SPEC.rounds and s.phase is Phase.LEAD and s.trick == SPEC.tricks - 1):
        s = random_step(GAME, s, rng)
        if GAME.current_player(s) == TERMINAL:
            s = GAME.initial_state()
    nodes = list(walk(GAME, root=s, max_states=100_000))
    ends = [n for n in nodes if n.player == TERMINAL]
    assert ends and all(sum(GAME.returns(n.state)) == 1 for n in ends)
    assert all(e.child in {m.state for m in nodes} for n in nodes for e in n.edges)


def test_forced_potion_follows_the_dealt_hand() -> None:
    rng = random.Random(3)
    for _ in range(40):
        s = play_to(GAME, rng, Phase.EXCHANGE)
        for side in (0, 1):
            assert s.must_potion[side] == (sum(GAME.potion[c] for c in s.hands[side]) >= SPEC.forced_potion_at)


def test_deal_is_explicit_and_uniform() -> None:
    s = GAME.initial_state()
    assert GAME.info.information is Information.IMPERFECT and GAME.info.chance is ChanceMode.EXPLICIT
    outcomes = GAME.chance_outcomes(s)
    check_distribution(outcomes)
    assert {p for _, p in outcomes} == {Fraction(1, len(SPEC.deck))}
    for _ in range(2 * SPEC.hand):
        s = GAME.apply(s, GAME.chance_outcomes(s)[-1][0])
    assert len(s.aside) == SPEC.set_aside and not s.deck and GAME.current_player(s) == JEKYLL


class GameMachine(RuleBasedStateMachine):
    """Random playouts: every card in exactly one zone, tricks counted, returns summing to 1 at the end."""

    @initialize(deferred=st.booleans(), named=st.booleans())
    def start(self, deferred, named) -> None:
        spec = SPEC.with_readings({"steal_without_trick": "deferred" if deferred else "nothing",
                                   "named_colour_ranks": "yes" if named else "no"})
        self.game = JekyllHydeGame(spec)
        self.state = self.game.initial_state()

    @precondition(lambda self: hasattr(self, "state") and self.game.current_player(self.state) != TERMINAL)
    @rule(data=st.data())
    def step(self, data) -> None:
        g, s = self.game, self.state
        if g.current_player(s) == CHANCE:
            action = data.draw(st.sampled_from([o for o, _ in g.chance_outcomes(s)]))
        else:
            action = data.draw(st.sampled_from(g.legal_actions(s)))
        self.state = g.apply(s, action)

    @precondition(lambda self: hasattr(self, "state") and self.game.current_player(self.state) != TERMINAL)
    @rule(seed=st.integers(0, 2**32))
    def run_to_the_end(self, seed) -> None:
        rng = random.Random(seed)
        while self.game.current_player(self.state) != TERMINAL:
            self.state = random_step(self.game, self.state, rng)
        assert sum(self.game.returns(self.state)) == 1
        hyde = self.game.returns(self.state)[HYDE] == 1
        assert hyde == (self.state.marker == SPEC.last_space)

    @precondition(lambda self: hasattr(self, "state") and self.game.current_player(self.state) == TERMINAL)
    @rule()
    def new_game(self) -> None:
        assert sorted(self.game.returns(self.state)) == [0, 1]
        self.state = self.game.initial_state()

    @invariant()
    def cards_are_conserved(self) -> None:
        if hasattr(self, "state"):
            assert sorted(cards_in_zones(self.state)) == list(range(len(SPEC.deck)))

    @invariant()
    def tricks_are_counted(self) -> None:
        if hasattr(self, "state"):
            s = self.state
            if s.phase in (Phase.LEAD, Phase.GREEN, Phase.OVER):
                assert sum(len(p) for p in s.piles) == s.trick - 1
            if s.phase is Phase.LEAD:
                assert len(s.hands[0]) == len(s.hands[1]) == SPEC.tricks - s.trick + 1

    @invariant()
    def returns_only_at_the_end(self) -> None:
        if hasattr(self, "state"):
            done = self.game.current_player(self.state) == TERMINAL
            assert sum(self.game.returns(self.state)) == (1 if done else 0)


TestGameMachine = GameMachine.TestCase
TestGameMachine.settings = settings(max_examples=40, stateful_step_count=40, deadline=None)


def _permute_hidden(game, s, player, rng):
    """``s`` with the cards ``player`` cannot see (the other hand but known cards, the set-aside, the deck) permuted."""
    known = set(game.observation(s, player).known)
    other = 1 - player
    hidden = sorted([c for c in s.hands[other] if c not in known] + list(s.aside) + list(s.deck))
    shuffled = hidden[:]
    rng.shuffle(shuffled)
    pi = dict(zip(hidden, shuffled, strict=True))
    m = lambda cards: tuple(sorted(pi.get(c, c) for c in cards))  # noqa: E731
    mp = lambda cards: tuple(pi.get(c, c) for c in cards)  # noqa: E731
    return s._replace(deck=m(s.deck), aside=m(s.aside),
                      hands=tuple(m(h) if i == other else h for i, h in enumerate(s.hands)),
                      picks=tuple(mp(p) if i == other else p for i, p in enumerate(s.picks)),
                      given=tuple(mp(p) if i == other else p for i, p in enumerate(s.given)))


def test_hidden_cards_never_leak_into_an_observation() -> None:
    """Permuting only what a player cannot see never changes its observation (nor its legal actions)."""
    rng = random.Random(11)
    changed = 0
    for _ in range(12):
        s = GAME.initial_state()
        while GAME.current_player(s) != TERMINAL:
            for player in (JEKYLL, HYDE):
                t = _permute_hidden(GAME, s, player, rng)
                changed += t != s
                assert GAME.observation(t, player) == GAME.observation(s, player), (player, s)
                if GAME.current_player(s) == player:
                    assert GAME.legal_actions(t) == GAME.legal_actions(s)
            s = random_step(GAME, s, rng)
    assert changed > 1000  # the permutations did move hidden cards


def test_own_cards_and_the_table_are_observed() -> None:
    """The converse: a player sees its own hand, its own picks, and the card led."""
    rng = random.Random(2)
    s = play_to(GAME, rng, Phase.EXCHANGE)
    s1, s2 = (GAME.apply(s, a) for a in GAME.legal_actions(s)[:2])
    assert GAME.observation(s1, JEKYLL) != GAME.observation(s2, JEKYLL)
    assert GAME.observation(s1, HYDE) == GAME.observation(s2, HYDE)  # Jekyll's face-down pick is hidden
    s = play_to(GAME, rng, Phase.FOLLOW, s1)
    assert GAME.observation(s, 1 - s.leader).lead == s.lead


def test_determinized_state_matches_the_observation() -> None:
    """The search samples full states from the observation alone, each consistent with it."""
    rng = random.Random(5)
    for _ in range(30):
        s = play_to(GAME, rng, rng.choice([Phase.LEAD, Phase.FOLLOW]))
        if rng.random() < 0.5:
            s = play_to(GAME, rng, Phase.LEAD, random_step(GAME, s, rng))
        player = GAME.current_player(s)
        obs = GAME.observation(s, player)
        d = determinize(GAME, obs, rng)
        assert GAME.observation(d, player) == obs
        assert sorted(cards_in_zones(d)) == list(range(len(SPEC.deck)))


def _trick_state(piles, leader=JEKYLL, trick=4):
    """A state at a follow, hands dealt so that the trick can be played."""
    lead, follow = GAME.cards.index("P3"), GAME.cards.index("O3")
    used = {c for p in piles for t in p for c in t} | {lead, follow}
    rest = [c for c in range(len(SPEC.deck)) if c not in used]
    n = SPEC.tricks - trick
    hands = [tuple(rest[:n]), tuple(sorted(rest[n:2 * n] + [follow]))]
    if leader == HYDE:
        hands.reverse()
    return State(1, 0, Phase.FOLLOW, (), tuple(hands), tuple(rest[2 * n:]), piles, (), leader, lead, "O",
                 trick=trick)


def test_steal_without_trick_follows_the_reading() -> None:
    """Jekyll's 3+ beats Hyde's O3 (violet: steal) while Hyde has no trick; the reading decides what is left."""
    p = lambda a, b: (GAME.cards.index(a), GAME.cards.index(b))  # noqa: E731
    piles = ((p("C1", "C2"), p("C3", "C4")), ())
    for option, pending in (("nothing", 0), ("deferred", 1)):
        game = JekyllHydeGame(SPEC.with_readings({"steal_without_trick": option}))
        events: list = []
        s = game.apply(_trick_state(piles), game.cards.index("O3"), events)
        assert len(s.piles[JEKYLL]) == 3 and not s.piles[HYDE] and s.steals == (pending, 0)
        assert not any(isinstance(e, Stolen) for e in events)
    with_trick = ((p("C1", "C2"),), (p("C3", "C4"),))
    events = []
    s = GAME.apply(_trick_state(with_trick), GAME.cards.index("O3"), events)
    assert (len(s.piles[JEKYLL]), len(s.piles[HYDE])) == (3, 0)
    assert [e for e in events if isinstance(e, Stolen)] == [Stolen(JEKYLL, ("C3", "C4"))]


def test_green_potion_exchanges_chosen_cards() -> None:
    s = _trick_state(((), ()))
    s = s._replace(named="E", hands=(s.hands[0], tuple(sorted(
        [c for c in s.hands[1] if c != GAME.cards.index("O3")] + [GAME.cards.index("E3")]))),
        aside=tuple(c for c in s.aside if c != GAME.cards.index("E3")) + (GAME.cards.index("O3"),))
    s = GAME.apply(s, GAME.cards.index("E3"))
    assert s.phase is Phase.GREEN and GAME.exchange_count(s) == SPEC.green_exchange
    before = s.hands
    events: list = []
    while s.phase is Phase.GREEN:
        s = GAME.apply(s, GAME.legal_actions(s)[-1], events)
    gave = {e.side: e.cards for e in events if isinstance(e, Gave)}
    assert all(e.green for e in events if isinstance(e, Gave))
    for side in (0, 1):
        got = {GAME.cards[c] for c in s.hands[side]}
        assert set(gave[1 - side]) <= got and not set(gave[side]) & got
        assert len(s.hands[side]) == len(before[side])
    assert s.phase is Phase.LEAD


def test_hyde_wins_exactly_at_the_last_space() -> None:
    rng = random.Random(8)
    for _ in range(30):
        s = GAME.initial_state()
        events: list = []
        while GAME.current_player(s) != TERMINAL:
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s) or [o for o, _ in GAME.chance_outcomes(s)]), events)
        ends = [e for e in events if isinstance(e, RoundEnded)]
        assert all(e.marker < SPEC.last_space for e in ends[:-1])
        assert (GAME.returns(s) == (1, 0)) == (ends[-1].marker < SPEC.last_space)
        assert len(ends) == SPEC.rounds or ends[-1].marker == SPEC.last_space
        assert FAMILY.render_event is not None
        for lang in Lang:
            assert all(FAMILY.render_event(e, SPEC, lang) for e in events)


def test_script_fixes_the_deal_and_the_moves() -> None:
    assert FAMILY.parse_script is not None
    script = FAMILY.parse_script(GAME, "J: O1,O2,O3,O4,O5,O6,O7,C1,C2,P5\nH: C4,C5,C6,C7,E1,E2,E3,E4,E5,E6;"
                                       "moves: give P5, give E1, lead O7, follow C4")
    rng = random.Random(0)
    policies = [FAMILY.policies(SPEC)["greedy"](GAME, rng)] * 2
    (line,) = replay(GAME, script, policies, rng=rng)
    assert isinstance(script, JekyllHydeScript) and line.returns is not None
    dealt = line.steps[2 * SPEC.hand].state
    assert {GAME.cards[c] for c in dealt.hands[JEKYLL]} == set(script.hands[0])
    assert set(script.aside) == {GAME.cards[c] for c in dealt.aside} == {"C3", "E7", "P2", "P3", "P4"}
    assert line.choices()[:4] == ("give P5", "give E1", "lead O7", "follow C4")
    assert sum(line.returns) == 1
    with pytest.raises(IllegalMoveError, match="'follow E1' is not legal"):
        replay(GAME, FAMILY.parse_script(GAME, script_text(script, "give P5, give E1, lead O7, follow E1")),
               policies, rng=rng)


def script_text(script, moves):
    return f"J: {','.join(script.hands[0])}; H: {','.join(script.hands[1])}; moves: {moves}"


@pytest.mark.parametrize("text,message", [
    ("J: O1,O2", "a hand has 10 cards, got 2"),
    ("J: O1,O2,O3,O4,O5,O6,O7,C1,C2,X9", "'X9' is not a card"),
    ("J: O1,O2,O3,O4,O5,O6,O7,C1,C2,C3; H: C3,C4,C5,C6,C7,E1,E2,E3,E4,E5", "'C3' is dealt twice"),
    ("J: O1,O2,O3,O4,O5,O6,O7,C1,C2,C3; H: C4,C5,C6,C7,E1,E2,E3,E4,E5,E6; aside: P2", "the hands leave"),
    ("moves lead O3", "is not 'key: value'"),
])
def test_script_bad_input(text, message) -> None:
    assert FAMILY.parse_script is not None
    with pytest.raises(SongeError, match=message):
        FAMILY.parse_script(GAME, text)


def test_policies_are_registered_and_legal() -> None:
    assert set(POLICIES) == {"random", "greedy", "search"}
    # each also plays the expert match (the makers are ForMatch wrappers: PolicyMaker does not say so)
    assert {n: m.maker for n, m in FAMILY.policies(SPEC).items()} == POLICIES  # type: ignore[attr-defined]
    assert FAMILY.id == "jekyll-hyde" and [s.id for s in FAMILY.setups(SPEC)] == ["standard", "expert"]
    rng = random.Random(4)
    for name in POLICIES:
        pol = POLICIES[name](GAME, rng)
        done = play(GAME, [pol, pol], rng)
        assert GAME.info.max_game_length is not None
        assert sum(done.returns) == 1 and len(done.actions) <= GAME.info.max_game_length


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
    r = songe("ambiguities", "jekyll-hyde", "--games", "30", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert {a["id"] for a in out["ambiguities"]} == {x.id for x in SPEC.readings}
    assert {x.id for x in SPEC.readings if not x.stated} >= {"steal_target", "red_reset_scope", "green_shortfall",
                                                             "potion_colour_ranks", "expert_speed", "potion_values"}
    assert out["paired"] and out["games"] == 30
    points = {p["id"]: p for p in out["open_points"] if p["status"] == "out_of_model"}
    assert set(points) == {"later_dealer", "set_aside_unseen", "won_tricks_seen", "revoke", "potion_timing",
                           "stolen_trick_counts", "expert_tie_below_cap", "void_effect_source",
                           "marker_overshoot", "roles_assignment", "score_steps", "lutte_values", "suit_colours",
                           "jekyll_side"}
    assert all(len(p["readings"]) == len(p["readings_fr"]) >= 2 and p["impact"] for p in points.values())
    replayed = 0
    for a in out["ambiguities"]:
        for row in a["readings"]:
            lo, hi = row["hyde_win_rate_95"]
            assert lo <= row["hyde_win_rate"] <= hi
        for d in a["differences"].values():
            lo, hi = d["hyde_win_rate_difference_95"][1:]
            assert d["verdict"].startswith("no measurable difference at 30 games") == (not d["measurable"])
        w = a["witness"]
        if w is None or "command" not in w:
            continue
        option = next(o for o, x in a["witnesses"].items() if x)
        for opt, cmd in ((option, w["command"]), (a["adopted"], w["default_command"])):
            rr = songe(*cmd.split()[1:])
            got = json.loads(rr.stdout)
            assert got["final_marker"] == {str(w["results"][opt]["marker"]): 1}
        replayed += 1
    assert replayed >= 1


@pytest.mark.parametrize("readings", [{}, {"named_colour_ranks": "yes"}, {"steal_without_trick": "deferred"}])
def test_every_trick_rule_term_matches_the_engine(readings) -> None:
    """Each rule's z3 term agrees with the engine's function on its whole domain (every card of the deck)."""
    spec = SPEC.with_readings(readings)
    assert list(trick_rules.mismatches(spec)) == []
    quoted = dict(spec.quoted)
    assert all(q in quoted for r in trick_rules.RULES for q in r.quotes)


@pytest.mark.parametrize("readings", [{}, {"named_colour_ranks": "yes"}])
def test_the_trick_term_matches_resolve_on_every_trick(readings) -> None:
    """Every lead, follow, colour order and named colour of the deck: the composed z3 term is ``resolve``."""
    assert list(trick.trick_mismatches(SPEC.with_readings(readings))) == []


def _flip(x):
    if isinstance(x, bool):
        return not x
    if isinstance(x, int):
        return x + 1
    if isinstance(x, tuple):
        return tuple(v + 1 for v in x)
    if isinstance(x, list):
        return [v + 1 for v in x]
    return z3.Not(x) if z3.is_bool(x) else x + 1


@pytest.mark.parametrize("rule", trick_rules.RULES, ids=lambda r: r.id)
def test_changing_one_side_of_a_rule_is_caught(rule) -> None:
    """A change to the engine's function alone, or to the term alone, shows up as a mismatch."""
    python_changed = dataclasses.replace(rule, python=lambda *a: _flip(rule.python(*a)))
    term_changed = dataclasses.replace(rule, term=lambda *a: _flip(rule.term(*a)))
    assert next(trick_rules.mismatches(SPEC, [python_changed]), None) is not None
    assert next(trick_rules.mismatches(SPEC, [term_changed]), None) is not None


def test_the_trick_obligation_fails_when_the_engine_drifts(monkeypatch) -> None:
    """Editing the engine's own function (here: potions no longer win ties) without its term stops the proof."""
    from songe.proofs import jekyll_hyde_rules

    def edited(lead_potion, follow_potion, lead_value, follow_value, wins_ties):
        return lead_value >= follow_value

    monkeypatch.setattr(trick_rules.potion_lead_wins, "__code__", edited.__code__)
    assert resolve(SPEC, "O3", "P3", (), None).winner == "lead"  # the engine itself changed
    v = jekyll_hyde_rules.trick_total(SPEC, SPEC)
    assert not v.holds and v.counterexample["rule"] == "potion_value"


@pytest.mark.parametrize("o", obligations("jekyll-hyde"), ids=lambda o: o.id)
def test_obligations(o) -> None:
    report = run(o, SPEC)
    assert report.status is Status.PROVED and not report.mutant_verdict.holds


def test_a_steal_comes_before_the_trick_is_gathered() -> None:
    """The adopted order (open point potion_timing, which the book's FAQ follows): the winner steals, then gathers
    the trick over the stolen one, so the top of the thief's pile is the trick just played, never the stolen one."""
    from songe.games.jekyll_hyde.state import Stolen, TrickWon

    rng, seen = random.Random(7), 0
    for _ in range(60):
        s = GAME.initial_state()
        while GAME.current_player(s) != TERMINAL and seen < 5:
            if GAME.current_player(s) == CHANCE:
                outcomes = GAME.chance_outcomes(s)
                action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
            else:
                action = rng.choice(GAME.legal_actions(s))
            events: list = []
            s = GAME.apply(s, action, events)
            won = [e for e in events if isinstance(e, TrickWon)]
            stolen = [e for e in events if isinstance(e, Stolen) and won and e.thief == won[0].winner]
            if stolen:
                seen += 1
                top = s.piles[won[0].winner][-1]
                assert tuple(GAME.cards[c] for c in top) == (won[0].lead, won[0].follow), (top, stolen)
    assert seen == 5  # the check can fail: steals did happen
