"""Cards in notation (O1..E7, P2..P5) and the resolution of one trick.

Pure functions of the spec, the two cards, the colour order before the trick
and the named colour: ``songe trick`` and the proofs use exactly these.

>>> from songe.spec.jekyll_hyde import load
>>> spec = load()
>>> r = resolve(spec, "O3", "C5", ())
>>> r.winner, r.ranking_after
('follow', ('O', 'C', 'E'))
>>> resolve(spec, "P3", "E3", (), named="E").effect.value
'exchange'
"""

from __future__ import annotations

from dataclasses import dataclass

from songe.errors import IllegalMoveError, OptionError
from songe.spec.jekyll_hyde import POTION, Effect, JekyllHydeSpec, NamedColourRanks

Ranking = tuple[str, ...]


def is_potion(card: str) -> bool:
    """Whether a card in notation is a potion."""
    return card.startswith(POTION)


def value(card: str) -> int:
    """A card's value (a potion's printed number)."""
    return int(card[1:])


def suit_of(card: str) -> str | None:
    """A Lutte card's suit letter; None for a potion."""
    return None if is_potion(card) else card[0]


def check_card(spec: JekyllHydeSpec, text: str, what: str = "card") -> str:
    """A card in notation, or an error listing the notation."""
    card = text.strip().upper()
    if card not in spec.deck:
        suits = "".join(s.id for s in spec.suits)
        raise OptionError(f"{what} {text!r} is not a card; cards are [{suits}]{min(spec.values)}..{max(spec.values)}"
                          f" and {POTION}{min(spec.potions)}..{POTION}{max(spec.potions)}")
    return card


def check_ranking(spec: JekyllHydeSpec, ranking: Ranking) -> Ranking:
    """A colour order (weakest first) made complete when all but one suit are ranked."""
    ids = [s.id for s in spec.suits]
    for s in ranking:
        if s not in ids:
            raise OptionError(f"unknown suit {s!r} in the ranking; valid: {', '.join(ids)}")
    if len(set(ranking)) != len(ranking):
        raise OptionError(f"a suit appears twice in the ranking {list(ranking)}")
    return _complete(spec, tuple(ranking))


def _complete(spec: JekyllHydeSpec, ranking: Ranking) -> Ranking:
    ids = [s.id for s in spec.suits]
    if len(ranking) == len(ids) - 1:
        return ranking + tuple(s for s in ids if s not in ranking)
    return ranking


def register(spec: JekyllHydeSpec, ranking: Ranking, suit: str | None) -> Ranking:
    """A colour appears: it takes the weakest free rank (the last free one is then the best)."""
    if suit is None or suit in ranking:
        return ranking
    return _complete(spec, ranking + (suit,))


@dataclass(frozen=True)
class TrickResult:
    """Who won, which potion effect fired, the colour order after the trick, and why."""

    winner: str
    effect: Effect | None
    ranking_after: Ranking
    reason: str


def resolve(spec: JekyllHydeSpec, lead: str, follow: str, ranking: Ranking, named: str | None = None) -> TrickResult:
    """Resolve one trick: colours appear (lead first), the potion effect, then the comparison."""
    if lead == follow:
        raise IllegalMoveError(f"the same card {lead!r} cannot be played twice")
    if named is not None and not is_potion(lead):
        raise IllegalMoveError(f"a colour is named only with a potion lead, not with {lead!r}")
    if is_potion(lead) and named is None:
        raise IllegalMoveError(f"a potion lead ({lead!r}) must name a colour")
    r = ranking
    if named is not None and spec.named_colour_ranks is NamedColourRanks.YES:
        r = register(spec, r, named)
    r = register(spec, register(spec, r, suit_of(lead)), suit_of(follow))
    pl, pf = is_potion(lead), is_potion(follow)
    effect = None
    if pl or pf:
        if not (pl and pf):
            effect = spec.suit(suit_of(follow if pl else lead) or "").effect
        vl, vf = value(lead), value(follow)
        if vl != vf:
            winner = "lead" if vl > vf else "follow"
            reason = f"a potion was played: the higher value wins ({max(vl, vf)})"
        elif spec.potion_wins_ties and pl != pf:
            winner = "lead" if pl else "follow"
            reason = f"a tie at {vl}: the potion's '+' wins it"
        else:
            winner = "lead"
            reason = f"a tie at {vl} with no '+' to break it: the lead keeps the trick"
        if pl and pf:
            reason = "double potion: no effect; " + reason
    elif suit_of(lead) == suit_of(follow):
        winner = "lead" if value(lead) > value(follow) else "follow"
        reason = "same colour: the higher value wins"
    else:
        sl, sf = r.index(suit_of(lead) or ""), r.index(suit_of(follow) or "")
        winner = "lead" if sl > sf else "follow"
        reason = f"different colours: the stronger colour wins (order, weakest first: {', '.join(r)})"
    after = () if effect is Effect.RESET else r
    return TrickResult(winner, effect, after, reason)


def legal_follows(hand: list[str] | tuple[str, ...], lead: str, named: str | None) -> list[str]:
    """The cards the follower may play: the asked colour (or a potion, if a colour was led), else anything."""
    asked = named if is_potion(lead) else suit_of(lead)
    same = [c for c in hand if suit_of(c) == asked]
    if not same:
        return list(hand)
    return same + ([c for c in hand if is_potion(c)] if not is_potion(lead) else [])
