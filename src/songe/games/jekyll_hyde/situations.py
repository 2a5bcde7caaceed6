"""Where each reading's question arises: the moves at which a switch of the spec can change the game.

A reading can only change a game at a move where its question arises (a steal
with nothing to steal, a red reset, a Lutte card against a potion…). Counting
those moves says whether a simulation measured the question at all: if the
policies never reach it, the measured difference is zero by construction, not
because the reading does not matter.

Each detector looks at a state and the move about to be made, before it is
applied, using only the engine's own pure trick resolution. Questions of the
expert match (``expert_speed``) arise at its end, from the two legs' results.

>>> from songe.spec.jekyll_hyde import load
>>> sorted(QUESTIONS) == sorted(r.id for r in load().readings if r.id not in MATCH_QUESTIONS)
True
"""

from __future__ import annotations

from collections.abc import Callable

from songe.games.jekyll_hyde.machine import JekyllHydeGame
from songe.games.jekyll_hyde.state import Phase, State
from songe.spec.jekyll_hyde import Effect

Detector = Callable[[JekyllHydeGame, State, int], bool]


def _trick(game: JekyllHydeGame, s: State, follow: int) -> tuple[Effect | None, int]:
    assert s.lead is not None
    r = game.resolve(s.lead, follow, s.ranking, s.named)
    return r.effect, s.leader if r.winner == "lead" else 1 - s.leader


def _steal_from_nobody(game: JekyllHydeGame, s: State, a: int) -> bool:
    if s.phase is not Phase.FOLLOW:
        return False
    effect, winner = _trick(game, s, a)
    return effect is Effect.STEAL and not s.piles[1 - winner]


def _steal_with_choice(game: JekyllHydeGame, s: State, a: int) -> bool:
    if s.phase is not Phase.FOLLOW:
        return False
    effect, winner = _trick(game, s, a)
    return effect is Effect.STEAL and len(s.piles[1 - winner]) >= 2


def _red_reset(game: JekyllHydeGame, s: State, a: int) -> bool:
    return s.phase is Phase.FOLLOW and _trick(game, s, a)[0] is Effect.RESET


def _green_short(game: JekyllHydeGame, s: State, a: int) -> bool:
    if s.phase is not Phase.FOLLOW or _trick(game, s, a)[0] is not Effect.EXCHANGE:
        return False
    return 0 < len(s.hands[s.leader]) < game.spec.green_exchange  # both hands hold this many after the trick


def _green_with_potions(game: JekyllHydeGame, s: State, a: int) -> bool:
    if s.phase is not Phase.FOLLOW or _trick(game, s, a)[0] is not Effect.EXCHANGE:
        return False
    follower = tuple(c for c in s.hands[1 - s.leader] if c != a)
    hands = (s.hands[s.leader], follower)
    if not game.green_count(len(hands[0]), len(hands[1])):
        return False
    return any(sum(game.potion[c] for c in h) >= game.spec.forced_potion_at for h in hands)


def _lutte_against_potion(game: JekyllHydeGame, s: State, a: int) -> bool:
    if s.phase is not Phase.FOLLOW or s.lead is None or game.potion[s.lead] == game.potion[a]:
        return False
    lutte = a if game.potion[s.lead] else s.lead
    return game.suit[lutte] not in s.ranking


def _named_unranked(game: JekyllHydeGame, s: State, a: int) -> bool:
    return s.phase is Phase.NAME and game.action_name(a) not in s.ranking


def _potion_against_lutte(game: JekyllHydeGame, s: State, a: int) -> bool:
    """Only values decide such a trick, so the Potions' values can change its winner."""
    return s.phase is Phase.FOLLOW and s.lead is not None and game.potion[s.lead] != game.potion[a]


#: Per reading: what its question is about, and the detector of the moves where it arises.
QUESTIONS: dict[str, tuple[str, Detector]] = {
    "steal_without_trick": ("a violet steal when the opponent holds no trick", _steal_from_nobody),
    "steal_target": ("a violet steal when the opponent holds two tricks or more", _steal_with_choice),
    "red_reset_scope": ("a red reset", _red_reset),
    "green_shortfall": ("a green exchange with fewer cards left than it asks for", _green_short),
    "potion_colour_ranks": ("a Lutte card of an unranked colour played against a potion", _lutte_against_potion),
    "named_colour_ranks": ("a potion lead naming an unranked colour", _named_unranked),
    "forced_potion_scope": ("a green exchange where a hand holds enough potions to be forced",
                            _green_with_potions),
    "potion_values": ("a potion played against a Lutte card", _potion_against_lutte),
}

#: Readings of the expert match, arising when both Hydes reach the score cap.
MATCH_QUESTIONS: dict[str, str] = {
    "expert_speed": "both Hydes of the expert match reach the last space",
}


def arising(game: JekyllHydeGame, s: State, action: int) -> tuple[str, ...]:
    """The readings whose question arises at this move (before it is applied)."""
    return tuple(rid for rid, (_, detect) in QUESTIONS.items() if detect(game, s, action))
