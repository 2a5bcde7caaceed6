"""Jekyll vs Hyde's observations as fixed-size integer vectors (for OpenSpiel, PettingZoo).

Built from :class:`~songe.games.jekyll_hyde.state.Observation` alone, so a
vector can hold nothing the player may not know: the other hand, the other
side's picks and the set-aside cards never reach it.
"""

from __future__ import annotations

from songe.games.jekyll_hyde.state import Observation


def observation_size(cards: int, suits: int) -> int:
    """Length of a vector for a deck of ``cards`` cards and ``suits`` colours."""
    return 5 * cards + (cards + 1) + (suits + 1) + suits * (suits + 1) + 12


def encode(obs: Observation, cards: int, suits: tuple[str, ...]) -> list[int]:
    """One-hot zones (hand, own picks, own cards known to be across, cards won by each side, the lead),
    the named colour, the ranking, then the public counters."""
    def onehot(items: tuple[int, ...] | list[int]) -> list[int]:
        v = [0] * cards
        for c in items:
            v[c] = 1
        return v

    won = [[c for t in obs.piles[side] for c in t] for side in (0, 1)]
    lead = [0] * (cards + 1)
    lead[cards if obs.lead is None else obs.lead] = 1
    named = [0] * (len(suits) + 1)
    named[len(suits) if obs.named is None else suits.index(obs.named)] = 1
    ranking: list[int] = []
    for position in range(len(suits)):
        slot = [0] * (len(suits) + 1)
        slot[suits.index(obs.ranking[position]) if position < len(obs.ranking) else len(suits)] = 1
        ranking += slot
    counters = [obs.player, obs.to_move + 4, obs.round, obs.marker, int(obs.phase), int(obs.must_potion),
                obs.other_hand_size, obs.leader, obs.trick, obs.steals[0], obs.steals[1],
                len(obs.piles[0]) - len(obs.piles[1])]
    return (onehot(obs.hand) + onehot(obs.picks) + onehot(obs.known) + onehot(won[0]) + onehot(won[1])
            + lead + named + ranking + counters)
