"""A Dread Draw trace script: moves fixed by their readable labels, one per line or separated by ';'.

Each entry names the next move, decision or chance, by its
:meth:`~songe.games.dread_draw.game.DreadDrawGame.action_label` (case and
spacing ignored): ``player 0 starts``, a card's name for a revealed card,
``draw``, ``reserve NAME``, ``use``, ``decline``, ``player 1``, ``keep NAME``.
``?`` leaves a chance node to chance (the replay splits over its outcomes) and
a decision to the policy. ``#`` starts a comment. After the last entry, the
replay goes on with the policies and chance.

>>> from songe.spec.dread_draw import load, load_cards
>>> from songe.spec.sources import spec_dir
>>> spec = load()
>>> game = DreadDrawGame(spec, load_cards(spec_dir().parent / "docs/examples/dread_draw_cards.toml", spec))
>>> script = parse_script(game, "player 1 starts; draw; Goule")
>>> script.labels
('player 1 starts', 'draw', 'goule')
>>> game.action_label(game.initial_state(), script.pick(game.initial_state(), -1, ()))
'player 1 starts'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from songe.engine.interface import CHANCE
from songe.errors import IllegalMoveError, OptionError
from songe.games.dread_draw.game import DreadDrawGame
from songe.games.dread_draw.state import State

#: The entry that leaves a move to chance or to the policy.
FREE = "?"


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


@dataclass(frozen=True)
class LabelScript:
    """Moves by label, in order; ``pick`` finds the action whose label matches at the state reached."""

    game: DreadDrawGame
    labels: tuple[str, ...]

    def pick(self, state: State, player: int, history: tuple[Any, ...]) -> int | None:
        i = len(history)
        if i >= len(self.labels) or self.labels[i] == FREE:
            return None
        g = self.game
        moves = [a for a, _ in g.chance_outcomes(state)] if player == CHANCE else list(g.legal_actions(state))
        for a in moves:
            if _norm(g.action_label(state, a)) == self.labels[i]:
                return a
        ok = ", ".join(repr(g.action_label(state, a)) for a in moves)
        raise IllegalMoveError(f"script entry {i + 1}: {self.labels[i]!r} is not possible here; possible: {ok}")


def parse_script(game: DreadDrawGame, text: str) -> LabelScript:
    """The script a user wrote (entries by line or ';', '#' comments); an empty entry list is an error."""
    labels: list[str] = []
    for line in text.splitlines():
        line = line.split("#", 1)[0]
        labels += [_norm(x) for x in line.split(";") if x.strip()]
    if not labels:
        raise OptionError("the Dread Draw script has no move (entries are move labels, by line or separated by ';')")
    return LabelScript(game, tuple(labels))
