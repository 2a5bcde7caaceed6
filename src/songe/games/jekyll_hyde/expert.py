"""The expert variant of Jekyll vs Hyde: a return match of two games with the roles swapped.

Players are people, not roles: player 0 plays Jekyll in the first game and Hyde
in the second; player 1 the reverse. Each game is the standard one
(:class:`~songe.games.jekyll_hyde.machine.JekyllHydeGame`, same spec and
readings). Each Hyde scores the spaces the marker crossed (at most the spec's
``[expert] score_cap``); the better Hyde wins the match. When both reached the
cap, the faster one wins, speed measured under the reading ``expert_speed``
(``rounds``: fewer rounds played); a remaining tie is a drawn match, returns
(1/2, 1/2).

>>> from songe.spec.jekyll_hyde import load
>>> match = ExpertMatch(load())
>>> s = match.initial_state()
>>> s.leg, match.role(s, 0), match.role(s, 1)
(0, 0, 1)
>>> match.decide((4, 3), (7, 3))  # player 1 scored 4 as Hyde in the first game, player 0 scored 7 in the second
(Fraction(1, 1), Fraction(0, 1))
>>> match.decide((10, 2), (10, 2))
(Fraction(1, 2), Fraction(1, 2))
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from fractions import Fraction
from typing import NamedTuple

from songe.engine.explore import Policy
from songe.engine.interface import CHANCE, TERMINAL, Game, GameInfo
from songe.errors import OptionError
from songe.games.jekyll_hyde.machine import JekyllHydeGame
from songe.games.jekyll_hyde.state import State
from songe.games.plugin import PolicyMaker
from songe.spec.jekyll_hyde import ExpertSpeed, JekyllHydeSpec

#: One game's result for its Hyde: (score, rounds played).
LegResult = tuple[int, int]

_HALF = (Fraction(1, 2), Fraction(1, 2))
_NONE = (Fraction(0), Fraction(0))


class MatchState(NamedTuple):
    """The leg being played (0 or 1), its game's state, and the first leg's Hyde result once known."""

    leg: int
    game: State
    first: LegResult | None = None


class ExpertMatch:
    """Two games of Jekyll vs Hyde, roles swapped, scored as the text's expert variant says."""

    def __init__(self, spec: JekyllHydeSpec) -> None:
        if spec.expert is None:
            raise OptionError(f"{spec.file}: the set-up 'expert' needs an [expert] table in the spec")
        self.spec = spec
        self.expert = spec.expert
        self.inner = JekyllHydeGame(spec)
        base = self.inner.info
        self._info = GameInfo(2, base.chance, base.information,
                              max_game_length=self.expert.games * (base.max_game_length or 0) + 1)

    def __reduce__(self) -> tuple:
        return (ExpertMatch, (self.spec,))

    def __repr__(self) -> str:
        return f"ExpertMatch({self.spec.file!r}, readings={dict(self.spec.chosen)!r})"

    @property
    def info(self) -> GameInfo:
        """As the standard game, twice as long."""
        return self._info

    def role(self, s: MatchState, player: int) -> int:
        """The side (0 Jekyll, 1 Hyde) a player takes in the current leg."""
        return player if s.leg % 2 == 0 else 1 - player

    def initial_state(self) -> MatchState:
        """The first leg's first deal."""
        return MatchState(0, self.inner.initial_state())

    def current_player(self, s: MatchState) -> int:
        """The player whose side the leg's game names."""
        p = self.inner.current_player(s.game)
        if p == TERMINAL:
            return TERMINAL if s.leg == self.expert.games - 1 else CHANCE
        return p if p == CHANCE else self.role(s, p)

    def legal_actions(self, s: MatchState) -> tuple[int, ...]:
        """The leg's legal actions."""
        return tuple(self.inner.legal_actions(s.game))

    def chance_outcomes(self, s: MatchState) -> tuple[tuple[int, Fraction], ...]:
        """The leg's deal (the next leg's first card once a leg is over)."""
        g = s.game if self.inner.current_player(s.game) != TERMINAL else self.inner.initial_state()
        return tuple(self.inner.chance_outcomes(g))

    def apply(self, s: MatchState, action: int, events: list | None = None) -> MatchState:
        """One move of the leg; a finished leg's score is kept and the next leg begins."""
        if self.inner.current_player(s.game) == TERMINAL:
            first = self.leg_result(s.game)
            return MatchState(s.leg + 1, self.inner.apply(self.inner.initial_state(), action, events), first)
        return s._replace(game=self.inner.apply(s.game, action, events))

    def leg_result(self, g: State) -> LegResult:
        """A finished game's Hyde score (spaces crossed, capped) and the rounds played."""
        return min(g.marker, self.expert.score_cap), g.round  # steps from the start (point score_steps)

    def decide(self, first: LegResult, second: LegResult) -> tuple[Fraction, Fraction]:
        """Returns from the first leg's Hyde (player 1) and the second leg's Hyde (player 0)."""
        (s1, r1), (s0, r0) = first, second
        if s0 == s1 and s0 == self.expert.score_cap and self.expert.speed is ExpertSpeed.ROUNDS:
            s0, s1 = -r0, -r1
        if s0 == s1:
            return _HALF
        return (Fraction(1), Fraction(0)) if s0 > s1 else (Fraction(0), Fraction(1))

    def returns(self, s: MatchState) -> tuple[Fraction, Fraction]:
        """The match's result once both legs are over; (0, 0) before."""
        if self.current_player(s) != TERMINAL or s.first is None:
            return _NONE
        return self.decide(s.first, self.leg_result(s.game))

    def observation(self, s: MatchState, player: int) -> Hashable:
        """The leg, the first leg's result, and the player's observation of his side in the leg's game."""
        return (s.leg, s.first, self.inner.observation(s.game, self.role(s, player)))

    def action_label(self, s: MatchState, action: int) -> str:
        """The leg's label of the action."""
        g = s.game if self.inner.current_player(s.game) != TERMINAL else self.inner.initial_state()
        return self.inner.action_label(g, action)


class _LegPolicy:
    """A standard-game policy playing the player's side of each leg from the leg's observation."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def __call__(self, obs: Hashable, legal: tuple[int, ...]) -> int:
        assert isinstance(obs, tuple)
        return self.policy(obs[2], legal)


class ForMatch:
    """A :data:`~songe.games.plugin.PolicyMaker` of the standard game that also plays the expert match
    (picklable, so seeded runs spread over processes)."""

    def __init__(self, maker: PolicyMaker) -> None:
        self.maker = maker

    def __call__(self, game: Game, rng: random.Random) -> Policy:
        if isinstance(game, ExpertMatch):
            return _LegPolicy(self.maker(game.inner, rng))
        return self.maker(game, rng)
