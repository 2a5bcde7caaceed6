"""Kuhn poker written against songe's game interface: the small two-player imperfect-information game of the tests.

Three cards (0 < 1 < 2), one dealt to each player by chance, an ante of 1
each; player 0 passes or bets 1, then player 1, then (after pass-bet)
player 0 again. A fold loses the pot; a showdown goes to the higher card.
Each player sees their own card and the public bets, never the other card:
that is what the observation tests check. Its value for player 0 under
equilibrium play is -1/18 (Kuhn, 1950).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from songe.engine.interface import CHANCE, TERMINAL, ChanceMode, GameInfo, Information

PASS, BET = 0, 1
CARDS = 3
_INFO = GameInfo(2, ChanceMode.EXPLICIT, Information.IMPERFECT, Fraction(-2), Fraction(2), zero_sum=True,
                 max_game_length=5)


class KuhnState(NamedTuple):
    """Cards dealt so far (in player order) and the public actions."""

    cards: tuple[int, ...] = ()
    history: tuple[int, ...] = ()


@dataclass(frozen=True)
class KuhnPoker:
    """The game; actions PASS and BET, chance outcomes the card dealt."""

    @property
    def info(self) -> GameInfo:
        return _INFO

    def initial_state(self) -> KuhnState:
        return KuhnState()

    def _over(self, s: KuhnState) -> bool:
        return s.history in ((PASS, PASS), (BET, BET), (BET, PASS), (PASS, BET, PASS), (PASS, BET, BET))

    def current_player(self, s: KuhnState) -> int:
        if len(s.cards) < 2:
            return CHANCE
        if self._over(s):
            return TERMINAL
        return len(s.history) % 2

    def legal_actions(self, s: KuhnState) -> tuple[int, ...]:
        return (PASS, BET) if self.current_player(s) >= 0 else ()

    def chance_outcomes(self, s: KuhnState) -> tuple[tuple[int, Fraction], ...]:
        if self.current_player(s) != CHANCE:
            return ()
        left = [c for c in range(CARDS) if c not in s.cards]
        return tuple((c, Fraction(1, len(left))) for c in left)

    def apply(self, s: KuhnState, action: int, events: list | None = None) -> KuhnState:
        player = self.current_player(s)
        if player == TERMINAL:
            raise ValueError("the game is over")
        if player == CHANCE:
            if action in s.cards or not 0 <= action < CARDS:
                raise ValueError(f"card {action} cannot be dealt")
            return KuhnState(s.cards + (action,), s.history)
        if action not in (PASS, BET):
            raise ValueError(f"action {action} is not legal")
        return KuhnState(s.cards, s.history + (action,))

    def returns(self, s: KuhnState) -> tuple[Fraction, Fraction]:
        h = s.history
        if h in ((BET, PASS), (PASS, BET, PASS)):  # a fold: the bettor takes the antes
            winner, pot = (0 if h == (BET, PASS) else 1), 1
        else:
            winner, pot = (0 if s.cards[0] > s.cards[1] else 1), (2 if BET in h else 1)
        return (Fraction(pot), Fraction(-pot)) if winner == 0 else (Fraction(-pot), Fraction(pot))

    def observation(self, s: KuhnState, player: int) -> tuple:
        return (s.cards[player] if len(s.cards) > player else None, s.history)

    def observation_vector(self, s: KuhnState, player: int) -> tuple[int, ...]:
        """Own card one-hot (3), then each of up to 3 public actions as (pass, bet) bits."""
        card = [0] * CARDS
        if len(s.cards) > player:
            card[s.cards[player]] = 1
        bets = [0] * 6
        for i, a in enumerate(s.history):
            bets[2 * i + a] = 1
        return tuple(card + bets)

    observation_size = CARDS + 6

    def action_label(self, s: KuhnState, action: int) -> str:
        if self.current_player(s) == CHANCE:
            return "JQK"[action]
        return ("pass", "bet")[action]

    def hidden(self, s: KuhnState, player: int) -> tuple[int, ...]:
        """The cards ``player`` may not know at ``s`` (the other player's)."""
        return tuple(c for i, c in enumerate(s.cards) if i != player)
