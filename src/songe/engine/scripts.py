"""Scripts for :func:`~songe.engine.explore.replay`: a fixed order of chance outcomes, then choices.

A deck order is the commonest script: it fixes the outcome of every chance
node of one kind (the draws) and leaves the others (a random removal, say) to
chance, where the replay splits into lines with exact probabilities. Which
chance nodes the order fixes is the caller's to say (``ordered``); the
interface itself does not distinguish kinds of chance.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, TypeVar

from songe.engine.explore import Line, Step
from songe.engine.interface import CHANCE, Game

S = TypeVar("S", bound=Hashable)


@dataclass(frozen=True)
class OrderScript(Generic[S]):
    """The ``ordered`` chance nodes take ``order`` in turn; decisions take ``choices`` in turn; then None.

    ``ordered(state)`` is asked at chance nodes only (None: every chance node
    is ordered). ``check(state, k, action)`` (optional) may refuse the
    ``k``-th given choice with the game's own message before the replay's
    generic one.

    >>> class Coin:  # a chance node, then one decision
    ...     def current_player(self, s): return CHANCE if s == 0 else 0
    >>> script = OrderScript(Coin(), (4, 2), (7,))
    >>> script.pick(0, CHANCE, ()), script.pick(1, 0, ())
    (4, 7)
    >>> script.exhausted(0, (Step(0, CHANCE, 4, "4", True), Step(0, CHANCE, 2, "2", True)))
    True
    """

    game: Game[S]
    order: tuple[int, ...]
    choices: tuple[int, ...] = ()
    ordered: Callable[[S], bool] | None = None
    check: Callable[[S, int, int], None] | None = None

    def drawn(self, history: Sequence[Step[S]]) -> int:
        """How many outcomes of the order the line has used."""
        return sum(1 for s in history if s.player == CHANCE and s.scripted)

    def pick(self, state: S, player: int, history: tuple[Step[S], ...]) -> int | None:
        if player == CHANCE:
            if self.ordered is not None and not self.ordered(state):
                return None
            k = self.drawn(history)
            return self.order[k] if k < len(self.order) else None
        k = sum(1 for s in history if s.player >= 0)
        if k >= len(self.choices):
            return None
        if self.check is not None:
            self.check(state, k, self.choices[k])
        return self.choices[k]

    def exhausted(self, state: S, history: tuple[Step[S], ...]) -> bool:
        """Whether the line stands at an ordered chance node past the end of the order (a ``stop`` for replay)."""
        if self.game.current_player(state) != CHANCE or self.drawn(history) < len(self.order):
            return False
        return self.ordered is None or self.ordered(state)


def given_script(line: Line[S]) -> Fraction:
    """A line's probability given the script's chance moves (the explorer's counts them too).

    >>> given_script(Line(Fraction(1, 6), (Step(0, CHANCE, 2, "2", True, Fraction(1, 3)),), 1, None))
    Fraction(1, 2)
    """
    prob: Fraction = line.probability
    for st in line.steps:
        if st.scripted and st.probability is not None:
            prob /= st.probability
    return prob


def _returns(game: Game[Any], state: Hashable) -> dict[str, Any]:
    return {"returns": [f"{x.numerator}/{x.denominator}" for x in game.returns(state)]}


@dataclass(frozen=True)
class Deck:
    """What a family knows of the chance its orders fix (none of it is in the interface).

    ``drawn(game, state)``: whether a chance node takes the order's next
    card (other chance nodes split the replay); ``cards``: the whole deck,
    so a witness is a whole order; ``name(card)``; ``end(game, state)``: a
    final state as a JSON-ready record.
    """

    drawn: Callable[[Game[Any], Hashable], bool] | None = None
    cards: tuple[int, ...] = ()
    name: Callable[[int], str] = str
    end: Callable[[Game[Any], Hashable], dict[str, Any]] = field(default=_returns)
