"""Named strategies (the spec's ``[[strategies]]``) as policies the exact solver evaluates.

A strategy decides from what the player sees (the dream, the hand, Lucidité,
the discard): the same information as the optimal policy, with simple rules.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import cast

from songe.engine.explore import Policy
from songe.games.reveil.machine import PASS, ReveilGame
from songe.games.reveil.state import State
from songe.spec.reveil import Strategy


def policy(game: ReveilGame, strategy: Strategy) -> Policy:
    """The strategy as a solver policy: (decision state, legal actions) → action (Réveil's player sees its state)."""
    index = {c.id: i for i, c in enumerate(game.spec.cards)}
    rules = [(game.condition(r.condition) if r.condition is not None else None,
              None if r.dream is None else index[r.dream], r.play, {index[x] for x in r.excluded})
             for r in strategy.rules]

    def decide(obs: Hashable, legal: tuple[int, ...]) -> int:
        s = cast(State, obs)
        dream = s.stack[-1].card
        for test, only_dream, play, excluded in rules:
            if only_dream is not None and dream != only_dream:
                continue
            if test is not None and not test(s):
                continue
            if play == "none":
                return PASS
            if play == "first":
                options = [a for a in legal if a != PASS and a not in excluded]
                if options:
                    return options[0]
            elif index[play] in legal:
                return index[play]
        return PASS

    decide.strategy = strategy  # type: ignore[attr-defined]  # lets the game's fast solver run it natively
    return decide
