"""A table position described by a player (hand, seen cards, the dream just revealed), checked.

Used by ``songe advise``: the position becomes an engine state standing at the
decision for that dream, so the solver can value each option.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from songe.errors import OptionError
from songe.games.reveil.machine import ReveilGame
from songe.games.reveil.state import State
from songe.spec.reveil import CardKind


@dataclass(frozen=True)
class Position:
    """What the player knows at a dream: Lucidité, hand, seen cards, the dream, the previous dream."""

    lucidity: int
    hand: tuple[str, ...]
    seen: tuple[str, ...]
    dream: str
    previous: str | None = None


def _names(game: ReveilGame, names: tuple[str, ...], what: str) -> list[int]:
    out = []
    for n in names:
        try:
            out.append(game.card_index(n))
        except KeyError:
            raise OptionError(f"unknown card {n!r} in {what}; valid: {', '.join(game.names())}") from None
    return out


def to_state(game: ReveilGame, pos: Position) -> State:
    """The engine state at the decision for ``pos.dream``; impossible positions raise OptionError."""
    cards = game.spec.cards
    names = game.names()
    hand = _names(game, pos.hand, "--hand")
    seen = _names(game, pos.seen, "--seen")
    (dream,) = _names(game, (pos.dream,), "--dream")
    if pos.lucidity < 1:
        raise OptionError(f"--lucidity must be at least 1 to be still playing, got {pos.lucidity}")
    for i in hand:
        if cards[i].kind is not CardKind.THOUGHT:
            raise OptionError(f"--hand: {names[i]} is a dream, not a thought")
    if cards[dream].kind is not CardKind.DREAM:
        raise OptionError(f"--dream: {names[dream]} is a thought, not a dream")
    if len(hand) > game.hand_limit:
        raise OptionError(f"--hand holds {len(hand)} thoughts; the hand limit is {game.hand_limit}")
    both = sorted({names[i] for i in hand if cards[i].copies == 1} & {names[i] for i in seen})
    if both:
        raise OptionError(f"{', '.join(both)} is both in --hand and in --seen (one copy exists)")
    if dream in seen and cards[dream].copies == 1:
        raise OptionError(f"{names[dream]} is both the --dream and in --seen (one copy exists)")
    used = Counter(hand) + Counter(seen) + Counter([dream])
    over = [f"{names[i]} ({n} given, {cards[i].copies} in the deck)" for i, n in used.items() if n > cards[i].copies]
    if over:
        raise OptionError(f"more copies than exist: {', '.join(over)}")
    unseen = tuple(c.copies - used[i] for i, c in enumerate(cards))
    counts = Counter(seen)
    discard = tuple(counts[i] if c.kind is CardKind.DREAM else 0 for i, c in enumerate(cards))
    removed = tuple(counts[i] if c.kind is CardKind.THOUGHT else 0 for i, c in enumerate(cards))
    previous = None
    if pos.previous is not None:
        (p,) = _names(game, (pos.previous,), "--previous")
        if not discard[p]:
            raise OptionError(f"--previous: {names[p]} is not among the seen dreams")
        previous = cards[p].intensity
    elif any(discard):
        raise OptionError("--previous is needed: dreams have been seen, and the last one discarded matters")
    before = State(pos.lucidity, tuple(Counter(hand)[k] for k in range(len(cards))),
                   tuple(n + (1 if k == dream else 0) for k, n in enumerate(unseen)), discard, removed, previous, ())
    return game.apply(before, dream)
