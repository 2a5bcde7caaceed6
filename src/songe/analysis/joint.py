"""Two variants of one game played side by side, as a game: what a witness search walks.

A pair of states moves in lockstep while the two variants are alike where it
matters to the players: the same player to move, the same observations for
every player, and the same moves (the same legal actions, or the same chance
outcomes with the same probabilities). Each joint move is made in both. Where
the variants part, or where the caller's ``stop`` says so, the pair is an end
of the joint game. Walking the joint game with the shared explorer visits
every position both variants reach with the same moves.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Generic, TypeVar

from songe.engine.explore import walk
from songe.engine.interface import CHANCE, TERMINAL, Game, GameInfo
from songe.errors import BudgetError

S = TypeVar("S", bound=Hashable)

#: A joint position: the first variant's state, the second's.
Pair = tuple[S, S]


@dataclass(frozen=True)
class PairGame(Generic[S]):
    """Variants ``a`` and ``b`` in lockstep (a :class:`~songe.engine.interface.Game` over pairs of states)."""

    a: Game[S]
    b: Game[S]
    stop: Callable[[Pair], bool] | None = field(default=None, compare=False)
    #: The last pair asked about and its player: a walk asks several questions of each pair in a row.
    _last: list = field(default_factory=lambda: [None, TERMINAL], compare=False, repr=False)

    @property
    def info(self) -> GameInfo:
        """The first variant's: the pair has its players and its chance."""
        return self.a.info

    def initial_state(self) -> Pair:
        return self.a.initial_state(), self.b.initial_state()

    def apart(self, pair: Pair) -> bool:
        """Whether the variants no longer move alike at this pair (a player could tell them apart, or the moves
        differ)."""
        sa, sb = pair
        player = self.a.current_player(sa)
        if player != self.b.current_player(sb):
            return True
        if player == TERMINAL:
            return tuple(self.a.returns(sa)) != tuple(self.b.returns(sb))
        if any(self.a.observation(sa, p) != self.b.observation(sb, p) for p in range(self.a.info.num_players)):
            return True
        if player == CHANCE:
            return tuple(self.a.chance_outcomes(sa)) != tuple(self.b.chance_outcomes(sb))
        return tuple(self.a.legal_actions(sa)) != tuple(self.b.legal_actions(sb))

    def current_player(self, pair: Pair) -> int:
        """The common player, or TERMINAL where the variants have ended, parted, or ``stop`` holds."""
        last = self._last
        if last[0] == pair:
            return last[1]
        player = TERMINAL if self.apart(pair) or (self.stop is not None and self.stop(pair)) else \
            self.a.current_player(pair[0])
        last[0], last[1] = pair, player
        return player

    def legal_actions(self, pair: Pair) -> Sequence[int]:
        return () if self.current_player(pair) < 0 else tuple(self.a.legal_actions(pair[0]))

    def chance_outcomes(self, pair: Pair) -> Sequence[tuple[int, Fraction]]:
        return tuple(self.a.chance_outcomes(pair[0])) if self.current_player(pair) == CHANCE else ()

    def apply(self, pair: Pair, action: int, events: list | None = None) -> Pair:
        """The same move in both variants (``events`` receives the first variant's)."""
        return self.a.apply(pair[0], action, events), self.b.apply(pair[1], action)

    def returns(self, pair: Pair) -> tuple[Fraction, ...]:
        """Both variants' returns, the first's then the second's."""
        return tuple(self.a.returns(pair[0])) + tuple(self.b.returns(pair[1]))

    def observation(self, pair: Pair, player: int) -> Hashable:
        return self.a.observation(pair[0], player), self.b.observation(pair[1], player)

    def action_label(self, pair: Pair, action: int) -> str:
        return self.a.action_label(pair[0], action)


@dataclass(frozen=True)
class Move:
    """One joint move on the way to a pair: who moved (a player or CHANCE), what, and the pair it left."""

    player: int
    action: int
    before: Hashable


def walk_pairs(game: PairGame[S], max_states: int) -> tuple[list[Pair], dict[Pair, Move], int, bool]:
    """Every joint position, with the ends of the joint game and a way back to the start for each.

    Returns the ends (pairs where the variants ended, parted or ``stop``
    held), a parent move for every pair but the start, the number of pairs
    walked, and whether the walk was complete (past ``max_states`` it stops).
    """
    ends: list[Pair] = []
    parent: dict[Pair, Move] = {}
    count = 0
    try:
        for node in walk(game, max_states=max_states):
            count += 1
            if node.player == TERMINAL:
                ends.append(node.state)
            for e in node.edges:
                if e.child not in parent:
                    parent[e.child] = Move(node.player, e.action, node.state)
    except BudgetError:
        return ends, parent, count, False
    return ends, parent, count, True


def path_to(parent: dict[Pair, Move], pair: Pair) -> list[Move]:
    """The joint moves from the start to ``pair``, first move first."""
    out: list[Move] = []
    while pair in parent:
        m = parent[pair]
        out.append(m)
        pair = m.before  # type: ignore[assignment]
    return out[::-1]
