"""Hypothesis: a stateful machine plays Réveil against the engine and checks invariants after every step.

Profiles: the default runs fast; HYPOTHESIS_PROFILE=deep runs many more examples.
"""

from __future__ import annotations

import copy
import itertools
import os
import re
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from songe.engine.interface import NodeKind
from songe.errors import SpecError
from songe.games.reveil import ReveilGame
from songe.games.reveil.state import Event, EventKind
from songe.solve.expectimax import make_solver
from songe.spec.reveil import from_raw, load

settings.register_profile("default", max_examples=60, stateful_step_count=60, deadline=None)
settings.register_profile("deep", max_examples=2000, stateful_step_count=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

SPEC = load()
READING_CHOICES = [dict(zip([r.id for r in SPEC.readings], combo, strict=True))
                   for combo in itertools.product(*[r.option_ids for r in SPEC.readings])]


class ReveilMachine(RuleBasedStateMachine):
    """Random legal play under random readings and set-ups."""

    @initialize(readings=st.sampled_from(READING_CHOICES), lucidity=st.integers(1, 9), hand_limit=st.integers(0, 3))
    def start(self, readings, lucidity, hand_limit) -> None:
        self.spec = SPEC.with_readings(readings)
        self.game = ReveilGame(self.spec, lucidity, hand_limit)
        self.start_lucidity = lucidity
        self.state = self.game.initial_state()
        self.gains = self.losses = 0
        self.floor_each_step = readings["intensity_floor"] == "each_step"

    def _apply(self, action: int) -> None:
        events: list[Event] = []
        self.state = self.game.apply(self.state, action, events)
        self.gains += sum(e.amount or 0 for e in events if e.kind is EventKind.GAIN)
        self.losses += sum(e.amount or 0 for e in events if e.kind is EventKind.LOSS)

    @precondition(lambda self: hasattr(self, "game") and self.game.node_kind(self.state) is NodeKind.DECISION)
    @rule(data=st.data())
    def decide(self, data) -> None:
        self._apply(data.draw(st.sampled_from(self.game.legal_actions(self.state))))

    @precondition(lambda self: hasattr(self, "game") and self.game.node_kind(self.state) is NodeKind.CHANCE)
    @rule(data=st.data())
    def chance(self, data) -> None:
        outcomes = self.game.chance_outcomes(self.state)
        assert sum(p for _, p in outcomes) == 1
        self._apply(data.draw(st.sampled_from([o for o, _ in outcomes])))

    @precondition(lambda self: hasattr(self, "game") and self.game.node_kind(self.state) is NodeKind.TERMINAL)
    @rule()
    def game_over(self) -> None:
        """A win needs an empty deck, nothing in resolution and enough Lucidité; a loss, too little."""
        s = self.state
        if self.game.returns(s) == (1,):
            assert sum(s.unseen) == 0
            assert not s.stack or self.spec.rules.victory.value == "last_card_reached"
            assert s.lucidity >= self.spec.rules.victory_min_lucidity
        else:
            assert s.lucidity <= self.spec.rules.defeat_at or s.lucidity < self.spec.rules.victory_min_lucidity

    @invariant()
    def cards_are_conserved(self) -> None:
        if not hasattr(self, "game"):
            return
        s = self.state
        on_stack = Counter(f.card for f in s.stack)
        for i, card in enumerate(self.spec.cards):
            zones = s.unseen[i] + s.hand[i] + s.discard[i] + s.removed[i] + on_stack[i]
            assert zones == card.copies, (card.id, zones)

    @invariant()
    def hand_within_limit(self) -> None:
        if hasattr(self, "game"):
            held = sum(1 for f in self.state.stack if f.holding)
            assert sum(self.state.hand) + held <= self.game.hand_limit or self.game.hand_limit == 0

    @invariant()
    def intensities_not_negative(self) -> None:
        if hasattr(self, "game") and self.floor_each_step:
            assert all(f.intensity >= 0 for f in self.state.stack)

    @invariant()
    def lucidity_is_start_plus_gains_minus_losses(self) -> None:
        if hasattr(self, "game"):
            assert self.state.lucidity == self.start_lucidity + self.gains - self.losses

    @invariant()
    def stack_is_one_top_level_card_and_its_chains(self) -> None:
        if hasattr(self, "game") and self.state.stack:
            assert self.state.stack[0].origin == -1
            assert all(f.origin >= 0 for f in self.state.stack[1:])


TestReveilMachine = ReveilMachine.TestCase
TestReveilMachine.settings = settings(suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------------ spec perturbations

JUNK = st.one_of(st.integers(-1000, 1000), st.text(max_size=12), st.booleans(), st.none(),
                 st.lists(st.integers(), max_size=3), st.just("draw 2"), st.just("intensity >= "))


def _paths(node, prefix=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


PATHS = list(_paths(SPEC.raw))


@given(path=st.sampled_from(PATHS), value=JUNK, delete=st.booleans())
def test_perturbed_spec_loads_or_fails_cleanly(path, value, delete) -> None:
    raw = copy.deepcopy(dict(SPEC.raw))
    node = raw
    for key in path[:-1]:
        node = node[key]
    if delete and isinstance(node, dict):
        del node[path[-1]]
    elif value is not None:
        node[path[-1]] = value
    else:
        return
    try:
        from_raw(raw, "perturbed.toml", {}, SPEC.base_dir)
    except SpecError as exc:
        assert str(exc).startswith("perturbed.toml") and "\n" not in str(exc)


@settings(max_examples=2, deadline=None)
@given(perm=st.permutations(range(len(SPEC.cards))))
def test_renamed_and_reordered_cards_give_the_same_fraction(perm) -> None:
    raw = copy.deepcopy(dict(SPEC.raw))
    new_id = {c.id: f"carte_{k}" for k, c in enumerate(SPEC.cards)}
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, new_id)) + r")\b")

    def rename(node):
        if isinstance(node, dict):
            return {rename(k): rename(v) for k, v in node.items()}
        if isinstance(node, list):
            return [rename(v) for v in node]
        return pattern.sub(lambda m: new_id[m.group(1)], node) if isinstance(node, str) else node

    raw = rename(raw)
    for k, card in enumerate(raw["cards"]):
        card["name"] = f"Carte {k}"
    raw["cards"] = [raw["cards"][i] for i in perm]
    renamed = from_raw(raw, "renamed.toml", {}, SPEC.base_dir)
    # the compiled path, which builds its tables from the renamed spec (it equals the reference: tests/test_fast.py)
    assert make_solver(ReveilGame(renamed, 3, 1)).solve().value == make_solver(ReveilGame(SPEC, 3, 1)).solve().value
