"""A Jekyll vs Hyde trace script: a fixed first deal and a list of moves by label.

The text is ``key: value`` parts separated by ``;`` or new lines::

    J: O1,O2,...; H: C1,...; aside: P2,...; moves: give O1, give C2, lead O3, follow O5, ...

``J`` (or ``jekyll``) and ``H`` (or ``hyde``) fix the first round's hands;
``aside``, if given, must be what the two hands leave. ``moves`` are the first
decisions in order, by their labels (:meth:`JekyllHydeGame.action_label`:
``give O1``, ``lead P3``, ``name O``, ``follow O3``). Whatever the script does
not fix is left to chance (later deals) and to the policies (later moves).

>>> from songe.spec.jekyll_hyde import load
>>> from songe.games.jekyll_hyde.machine import JekyllHydeGame
>>> game = JekyllHydeGame(load())
>>> script = parse_script(game, "J: O1,O2,O3,O4,O5,O6,O7,C1,C2,C3; H: C4,C5,C6,C7,E1,E2,E3,E4,E5,E6; moves: give O1")
>>> script.hands[1][:2], script.aside, script.moves
(('C4', 'C5'), ('E7', 'P2', 'P3', 'P4', 'P5'), ('give O1',))
"""

from __future__ import annotations

from dataclasses import dataclass

from songe.engine.explore import Step
from songe.engine.interface import CHANCE, Game
from songe.errors import OptionError
from songe.games.jekyll_hyde.machine import JekyllHydeGame
from songe.games.jekyll_hyde.state import HYDE, JEKYLL, State

_KEYS = {"j": "j", "jekyll": "j", "h": "h", "hyde": "h", "aside": "aside", "moves": "moves"}


@dataclass(frozen=True)
class JekyllHydeScript:
    """A parsed script (an :class:`songe.engine.explore.Script`): hands (empty: dealt by chance) and moves."""

    game: JekyllHydeGame
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    aside: tuple[str, ...]
    moves: tuple[str, ...]

    def pick(self, state: State, player: int, history: tuple[Step, ...]) -> int | None:
        """The first round's dealt cards, then the scripted moves in order, then None."""
        g = self.game
        if player == CHANCE:
            if state.round != 1:
                return None
            side = JEKYLL if len(state.hands[JEKYLL]) < g.spec.hand else HYDE
            left = [c for c in self.hands[side] if g.cards.index(c) not in state.hands[side]]
            return g.cards.index(left[0]) if left else None
        made = sum(1 for s in history if s.player >= 0)
        if made >= len(self.moves):
            return None
        return g.parse_action(state, self.moves[made])


def _cards(game: JekyllHydeGame, key: str, text: str) -> tuple[str, ...]:
    out = tuple(c.strip().upper() for c in text.split(",") if c.strip())
    for c in out:
        if c not in game.cards:
            raise OptionError(f"script {key!r}: {c!r} is not a card; cards: {', '.join(game.cards)}")
    return out


def parse_script(game: Game, text: str) -> JekyllHydeScript:
    """A script from its text; a bad card, a wrong hand size or a card given twice is named in one line."""
    if not isinstance(game, JekyllHydeGame):
        raise OptionError(f"a Jekyll vs Hyde script needs a Jekyll vs Hyde game, got {type(game).__name__}")
    parts: dict[str, str] = {}
    for raw in text.replace("\n", ";").split(";"):
        if not raw.strip():
            continue
        key, sep, value = raw.partition(":")
        k = _KEYS.get(key.strip().casefold())
        if not sep or k is None:
            raise OptionError(f"script part {raw.strip()!r} is not 'key: value' with key J, H, aside or moves")
        if k in parts:
            raise OptionError(f"script part {key.strip()!r} is given twice")
        parts[k] = value
    hands = tuple(_cards(game, k, parts.get(k, "")) for k in ("j", "h"))
    seen: set[str] = set()
    for name, hand in zip(("J", "H"), hands, strict=True):
        if hand and len(hand) != game.spec.hand:
            raise OptionError(f"script {name!r}: a hand has {game.spec.hand} cards, got {len(hand)}")
        for c in hand:
            if c in seen:
                raise OptionError(f"script {name!r}: card {c!r} is dealt twice")
            seen.add(c)
    aside = tuple(c for c in game.cards if c not in seen) if all(hands) else ()
    if "aside" in parts:
        given = _cards(game, "aside", parts["aside"])
        if not all(hands):
            raise OptionError("script 'aside': give both hands (J and H) to fix the set-aside")
        if sorted(given) != sorted(aside):
            raise OptionError(f"script 'aside': the hands leave {', '.join(aside)}, got {', '.join(given)}")
    moves = tuple(m.strip() for m in parts.get("moves", "").split(",") if m.strip())
    return JekyllHydeScript(game, hands, aside, moves)  # type: ignore[arg-type]
