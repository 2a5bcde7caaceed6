"""Réveil's strategy language for :mod:`songe.solve.learn`: scopes, conditions and plays from the spec, run compiled.

A learned rule is a rule of the spec's ``[[strategies]]``: an optional dream it
answers, an optional condition (one comparison a player can check at the table:
the dream's intensity, Lucidité, the thoughts in hand, a card already in the
discard or still in the deck, the cards left), and the thought it plays ('first'
possibly with one exception). Every number and card comes from the spec. Which
rules hold at a state is asked of the compiled rules (:func:`fast_core.choose`,
the same code that plays a strategy in an exact evaluation), over all decision
states at once.

Kernels version 9: see :mod:`songe.games.reveil.fast_core` (numba caches a kernel by its own file).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from numba import njit

from songe.games.reveil import fast_core
from songe.games.reveil.fast import compile_game
from songe.games.reveil.fast_game import PackedReveil
from songe.games.reveil.fast_search import unpack
from songe.games.reveil.machine import PASS, ReveilGame
from songe.games.reveil.strategies import policy
from songe.solve.expectimax import make_solver
from songe.solve.learn import Rule
from songe.spec.expr import Condition, parse_condition
from songe.spec.reveil import CardKind, ReveilSpec, Strategy, StrategyRule

#: What plays 'first' (the first thought in hand, in card-list order), and what keeps every thought.
FIRST, NONE = "first", "none"


@dataclass(frozen=True)
class Play:
    """What a rule plays: a thought's id or 'first', not counting ``excluded``."""

    play: str
    excluded: tuple[str, ...] = ()


def conditions(spec: ReveilSpec, lucidity: int, hand_limit: int) -> list[Condition]:
    """The one-comparison conditions a learned rule may use, from the spec's numbers and cards."""
    dreams = [c for c in spec.cards if c.kind is CardKind.DREAM]
    thoughts = [c for c in spec.cards if c.kind is CardKind.THOUGHT]
    printed = sorted({c.intensity for c in dreams if c.intensity is not None})
    deck = len(spec.deck)
    texts = [f"intensity >= {k}" for k in range(1, max(printed) + 1)]
    texts += [f"printed >= {k}" for k in printed[1:]]
    texts += [f"lucidity <= {k}" for k in range(1, lucidity + 1)] + ["lucidity <= intensity"]
    texts += [f"hand >= {k}" for k in range(2, hand_limit + 1)]
    texts += [f"deck <= {k}" for k in range(1, deck, 2)]
    texts += [f"previous >= {k}" for k in printed[1:]]
    for c in dreams:
        texts += [f"discard[{c.id}] >= 1", f"discard[{c.id}] == 0", f"deck[{c.id}] >= 1"]
        if c.copies > 1:
            texts.append(f"discard[{c.id}] >= {c.copies - 1}")
    for c in thoughts:
        texts += [f"hand[{c.id}] >= 1", f"hand[{c.id}] == 0", f"deck[{c.id}] >= 1", f"deck[{c.id}] == 0"]
    named = [r.condition for s in spec.strategies for r in s.rules if r.condition is not None]
    out: list[Condition] = []
    for cond in [*map(parse_condition, texts), *named]:
        if cond not in out:
            out.append(cond)
    return out


class ReveilLanguage:
    """Scopes (any dream, or one), conditions and plays of a Réveil set-up, with exact evaluation."""

    def __init__(self, game: ReveilGame, packed: PackedReveil) -> None:
        self.game, self.packed, self.spec = game, packed, game.spec
        spec = self.spec
        self.dreams: tuple[str | None, ...] = (None, *(c.id for c in spec.cards if c.kind is CardKind.DREAM))
        self.conditions: tuple[Condition | None, ...] = (None, *conditions(spec, game.lucidity, game.hand_limit))
        thoughts = [c.id for c in spec.cards if c.kind is CardKind.THOUGHT]
        plays = [Play(NONE), Play(FIRST), *(Play(t) for t in thoughts), *(Play(FIRST, (t,)) for t in thoughts)]
        for s in spec.strategies:
            plays += [Play(r.play, r.excluded) for r in s.rules if Play(r.play, r.excluded) not in plays]
        self.plays = tuple(plays)

    # ------------------------------------------------------------ the search's questions

    def _decide(self, states: Sequence[bytes], rule: StrategyRule) -> np.ndarray:
        return self.decide(states, Strategy("probe", "", (rule,)))

    def decide(self, states: Sequence[bytes], strategy: Strategy) -> np.ndarray:
        """The thought a strategy plays at each packed decision state (-1: none), by the compiled rules."""
        c = compile_game(self.game, strategy)
        arena = np.frombuffer(b"".join(states), np.int16)
        lengths = np.array([len(s) // 2 for s in states], np.int64)
        starts = np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.int64)
        return _choose_all(arena, starts, lengths, c.P, c.T, c.size)

    def guard_masks(self, states: Sequence[bytes]) -> tuple[np.ndarray, np.ndarray]:
        """Which dream each state answers, and which conditions hold: one compiled pass each."""
        scopes = np.stack([self._decide(states, StrategyRule(None, d, FIRST, ())) >= 0 for d in self.dreams])
        conds = np.stack([self._decide(states, StrategyRule(c, None, FIRST, ())) >= 0 for c in self.conditions])
        return scopes, conds

    def play_actions(self, states: Sequence[bytes]) -> tuple[np.ndarray, np.ndarray]:
        acts = np.stack([self._decide(states, StrategyRule(None, None, p.play, p.excluded)) for p in self.plays])
        return np.where(acts >= 0, acts, PASS), acts >= 0

    def seeds(self) -> list[tuple[Rule, ...]]:
        """The spec's named strategies, as lists of this language's rules."""
        out = []
        for s in self.spec.strategies:
            rules = [(self.dreams.index(r.dream), self.conditions.index(r.condition),
                      self.plays.index(Play(r.play, r.excluded))) for r in s.rules]
            out.append(tuple(rules))
        return out

    def strategy(self, rules: tuple[Rule, ...], strategy_id: str = "learned", description: str = "") -> Strategy:
        """A list as the spec's strategy record."""
        return Strategy(strategy_id, description, tuple(
            StrategyRule(self.conditions[c], self.dreams[d], self.plays[p].play, self.plays[p].excluded)
            for d, c, p in rules))

    def evaluate(self, rules: tuple[Rule, ...]) -> Fraction:
        """Exact policy evaluation on the compiled path."""
        return make_solver(self.game, policy(self.game, self.strategy(rules))).solve().value


@njit(cache=True)
def _choose_all(arena, starts, lengths, P, T, size):  # pragma: no cover - compiled
    """fast_core.choose at each packed state (-1 where no rule plays)."""
    out = np.empty(len(starts), np.int64)
    for i in range(len(starts)):
        W = unpack(arena[starts[i]:starts[i] + lengths[i]], P, size)
        out[i] = fast_core.choose(W, P, T)
    return out
