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

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from songe.errors import IllegalMoveError, OptionError
from songe.games.jekyll_hyde.trick_rules import (
    EFFECTS,
    NO_EFFECT,
    Positions,
    after_effect,
    appear,
    complete,
    effect_code,
    effect_table,
    may_follow,
    potion_lead_wins,
    rankings,
    same_colour_lead_wins,
    stronger_colour_lead_wins,
    trick_term,
)
from songe.spec.jekyll_hyde import POTION, Effect, JekyllHydeSpec, NamedColourRanks, PotionColourRanks, RedResetScope

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


def positions(spec: JekyllHydeSpec, ranking: Ranking) -> Positions:
    """A colour order as one position per suit of the spec (-1: not ranked)."""
    return tuple(ranking.index(s.id) if s.id in ranking else -1 for s in spec.suits)


def ranking_of(spec: JekyllHydeSpec, pos: Positions) -> Ranking:
    """Positions back to a colour order, weakest first."""
    return tuple(s.id for p, s in sorted(zip(pos, spec.suits, strict=False), key=lambda x: x[0]) if p >= 0)


def check_ranking(spec: JekyllHydeSpec, ranking: Ranking) -> Ranking:
    """A colour order (weakest first) made complete when all but one suit are ranked."""
    ids = [s.id for s in spec.suits]
    for s in ranking:
        if s not in ids:
            raise OptionError(f"unknown suit {s!r} in the ranking; valid: {', '.join(ids)}")
    if len(set(ranking)) != len(ranking):
        raise OptionError(f"a suit appears twice in the ranking {list(ranking)}")
    return ranking_of(spec, complete(positions(spec, tuple(ranking))))


@dataclass(frozen=True)
class TrickResult:
    """Who won, which potion effect fired, the colour order after the trick, and why."""

    winner: str
    effect: Effect | None
    ranking_after: Ranking
    reason: str


def resolve(spec: JekyllHydeSpec, lead: str, follow: str, ranking: Ranking, named: str | None = None) -> TrickResult:
    """Resolve one trick: colours appear (lead first; with a potion, under ``potion_colour_ranks``),
    the potion effect (the red reset under ``red_reset_scope``), then the comparison.

    Each step is a rule of :mod:`~songe.games.jekyll_hyde.trick_rules`, whose z3 terms the proofs use.
    """
    if lead == follow:
        raise IllegalMoveError(f"the same card {lead!r} cannot be played twice")
    if named is not None and not is_potion(lead):
        raise IllegalMoveError(f"a colour is named only with a potion lead, not with {lead!r}")
    if is_potion(lead) and named is None:
        raise IllegalMoveError(f"a potion lead ({lead!r}) must name a colour")
    ids = [s.id for s in spec.suits]
    ls, fs = (-1 if suit_of(c) is None else ids.index(suit_of(c) or "") for c in (lead, follow))
    pos = positions(spec, ranking)
    if named is not None and spec.named_colour_ranks is NamedColourRanks.YES:
        pos = appear(pos, ids.index(named))
    pl, pf = is_potion(lead), is_potion(follow)
    if not ((pl or pf) and spec.potion_colour_ranks is PotionColourRanks.NO):
        pos = appear(appear(pos, ls), fs)
    r = ranking_of(spec, pos)
    vl, vf = value(lead), value(follow)
    if pl or pf:
        lead_wins = potion_lead_wins(pl, pf, vl, vf, spec.potion_wins_ties)
        if vl != vf:
            reason = f"a potion was played: the higher value wins ({max(vl, vf)})"
        elif spec.potion_wins_ties and pl != pf:
            reason = f"a tie at {vl}: the potion's '+' wins it"
        else:
            reason = f"a tie at {vl} with no '+' to break it: the lead keeps the trick"
        if pl and pf:
            reason = "double potion: no effect; " + reason
    elif ls == fs:
        lead_wins = same_colour_lead_wins(vl, vf)
        reason = "same colour: the higher value wins"
    else:
        lead_wins = stronger_colour_lead_wins(pos[ls], pos[fs])
        reason = f"different colours: the stronger colour wins (order, weakest first: {', '.join(r)})"
    code = effect_code(pl, pf, ls, fs, effect_table(spec))
    keep = (fs if pl else ls) if spec.red_reset_scope is RedResetScope.KEEP_TRICK else -1
    after = ranking_of(spec, after_effect(pos, code, keep))
    return TrickResult("lead" if lead_wins else "follow", EFFECTS[code] if code != NO_EFFECT else None, after, reason)


def legal_follows(hand: list[str] | tuple[str, ...], lead: str, named: str | None) -> list[str]:
    """The cards the follower may play (:func:`~songe.games.jekyll_hyde.trick_rules.may_follow`), in hand order.

    Suits are compared for equality only, so their letters stand for them here.
    """
    asked = named if is_potion(lead) else suit_of(lead)
    has = any(suit_of(c) == asked for c in hand)
    return [c for c in hand if may_follow(is_potion(lead), asked, has, is_potion(c), suit_of(c))]  # type: ignore[arg-type]


# ------------------------------------------------------------ the terms against the engine

def card_code(spec: JekyllHydeSpec, card: str) -> tuple[bool, int, int]:
    """A card in notation as (potion, suit index or -1, value)."""
    ids = [s.id for s in spec.suits]
    potion = card[0] not in ids
    return potion, -1 if potion else ids.index(card[0]), int(card[1:])


def trick_mismatches(spec: JekyllHydeSpec) -> Iterator[tuple[str, str, Positions, str | None, Any]]:
    """Every trick of the spec's deck (each lead, follow, reachable colour order and named colour) where
    :func:`trick_term` and the engine's ``resolve`` disagree: (lead, follow, order, named, engine's result)."""
    import z3

    n = len(spec.suits)
    lead_v = (z3.Bool("lp"), z3.Int("ls"), z3.Int("lv"))
    follow_v = (z3.Bool("fp"), z3.Int("fs"), z3.Int("fv"))
    pos_v = [z3.Int(f"pos_{i}") for i in range(n)]
    named_v = z3.Int("named")
    lead_wins, code, after = trick_term(spec, lead_v, follow_v, pos_v, named_v)
    whole = z3.And(lead_wins == z3.Bool("out_lead_wins"), code == z3.Int("out_code"),
                   *[a == z3.Int(f"out_{i}") for i, a in enumerate(after)])
    orders = [p for p in rankings(n) if sum(x >= 0 for x in p) != n - 1]
    ids = [s.id for s in spec.suits]
    for a, b in itertools.permutations(spec.deck, 2):
        ca, cb = card_code(spec, a), card_code(spec, b)
        for pos in orders:
            for named in (ids if ca[0] else [None]):
                r = resolve(spec, a, b, ranking_of(spec, pos), named)
                out_pos = positions(spec, r.ranking_after)
                out_code = NO_EFFECT if r.effect is None else EFFECTS.index(r.effect)
                subs = [(lead_v[0], z3.BoolVal(ca[0])), (lead_v[1], z3.IntVal(ca[1])), (lead_v[2], z3.IntVal(ca[2])),
                        (follow_v[0], z3.BoolVal(cb[0])), (follow_v[1], z3.IntVal(cb[1])),
                        (follow_v[2], z3.IntVal(cb[2])),
                        (named_v, z3.IntVal(-1 if named is None else ids.index(named))),
                        (z3.Bool("out_lead_wins"), z3.BoolVal(r.winner == "lead")),
                        (z3.Int("out_code"), z3.IntVal(out_code)),
                        *[(v, z3.IntVal(x)) for v, x in zip(pos_v, pos, strict=True)],
                        *[(z3.Int(f"out_{i}"), z3.IntVal(x)) for i, x in enumerate(out_pos)]]
                if not z3.is_true(z3.simplify(z3.substitute(whole, *subs))):
                    yield a, b, pos, named, r
