"""Dread Draw: conservation of cards, turn passing, and the end of a round.

Conservation and the end of a round are checked on the engine itself,
exhaustively: every state the shared explorer's walk reaches on a tiny card list
(proofs/dread_draw_tiny_cards.toml) with one life card per player, every move's events. Turn passing
is proved with z3 for every table of 2 to 6 players and every strength total.
"""

from __future__ import annotations

import copy
from collections import Counter
from importlib import resources
from pathlib import Path

import z3

from songe.games.dread_draw.gaps import check_everywhere
from songe.games.dread_draw.state import EventKind
from songe.proofs._z3util import refute
from songe.prove import Mutant, Obligation, Verdict
from songe.spec.dread_draw import CardList, DreadDrawSpec, from_raw, load_cards

TINY = Path(str(resources.files("songe.proofs"))) / "dread_draw_tiny_cards.toml"
MAX_TABLE = 6


def _tiny(model: DreadDrawSpec) -> tuple[DreadDrawSpec, CardList]:
    raw = copy.deepcopy(dict(model.raw))
    raw["life"]["cards"] = 1
    small = from_raw(raw, model.file, dict(model.chosen), model.base_dir)
    return small, load_cards(TINY, small)


def conservation(spec: DreadDrawSpec, model: DreadDrawSpec) -> Verdict:
    """At every choice point, every card is in exactly one zone (draw, discard, life, reserves, rows)."""
    small, cards = _tiny(model)
    deck = Counter(cards.deck)
    problem, trace, runs = check_everywhere(
        small, cards, lambda g, s: None if g.zones(s) == deck else f"cards {dict(deck - g.zones(s))} are nowhere")
    if problem:
        return Verdict(False, {"rule": "Défaussez la carte que vous avez piochée", "problem": problem,
                               "trace": list(trace[-8:])}, method="exhaustive")
    return Verdict(True, None, method=f"exhaustive ({runs:,} states of a tiny card list)")


def round_ends_with_one(spec: DreadDrawSpec, model: DreadDrawSpec) -> Verdict:
    """Every round ends with exactly one player left in it (its winner)."""
    small, cards = _tiny(model)
    problem, trace, runs = check_everywhere(
        small, cards, lambda g, s: None,
        on_move=lambda g, events: next((f"a round ended with {e.other} players left" for e in events
                                        if e.kind is EventKind.ROUND_WON and e.other != 1), None))
    if problem:
        return Verdict(False, {"rule": "Une manche se termine lorsqu'un seul joueur reste", "problem": problem,
                               "trace": list(trace[-8:])}, method="exhaustive")
    return Verdict(True, None, method=f"exhaustive ({runs:,} states of a tiny card list)")


def turn_passing(spec: DreadDrawSpec, model: DreadDrawSpec) -> Verdict:
    """For every table of 2..6 players, totals, who is in the round and who just played: the rule names
    exactly one player, and that player is still in the round."""
    for n in range(2, MAX_TABLE + 1):
        t = [z3.Int(f"total{q}") for q in range(n)]
        r = [z3.Bool(f"in_round{q}") for q in range(n)]
        c = z3.Int("current")
        pool = r if model.turn_candidates == "players_in_round" else [z3.BoolVal(True)] * n
        low = z3.Int("lowest")
        facts = [c >= 0, c < n, *[x >= 0 for x in t], z3.Sum([z3.If(x, 1, 0) for x in r]) >= 2,
                 z3.Or([z3.And(pool[q], t[q] == low) for q in range(n)]),
                 *[z3.Implies(pool[q], t[q] >= low) for q in range(n)]]
        tied = [z3.And(pool[q], t[q] == low) for q in range(n)]
        cur_tied = z3.Or([z3.And(c == q, tied[q]) for q in range(n)])

        def first_left(q: int, tied: list[z3.BoolRef] = tied, c: z3.ArithRef = c, n: int = n) -> z3.BoolRef:
            # q is tied, and no tied player sits strictly between the current player and q, going left
            between = [z3.And(tied[m], _strictly_between(c, m, q, n)) for m in range(n)]
            return z3.And(tied[q], z3.Not(z3.Or(between)), c != q)

        named = [z3.If(cur_tied, c == q, first_left(q)) for q in range(n)]
        exactly_one = z3.Sum([z3.If(x, 1, 0) for x in named]) == 1
        chosen_in_round = z3.And([z3.Implies(named[q], r[q]) for q in range(n)])
        v = refute(z3.Not(z3.And(exactly_one, chosen_in_round)), *facts, rule=f"le tour passe ({n} players)")
        if not v.holds:
            return v
    return Verdict(True)


def _strictly_between(c: z3.ArithRef, m: int, q: int, n: int) -> z3.BoolRef:
    """Seat m comes after c and before q, going left (cyclically)."""
    dm = (m - c) % n
    dq = (q - c) % n
    return z3.And(dm > 0, dm < dq)


OBLIGATIONS = [
    Obligation(
        id="dread_draw.conservation", game="dread-draw",
        statement="cards are conserved across draw deck, discard, life decks, reserves and summoned rows",
        check=conservation,
        mutant=Mutant("failed_card_removed", "a card that fails to be summoned leaves the game instead of the "
                      "discard", sets=(("switches.failed_card", "removed"),)),
    ),
    Obligation(
        id="dread_draw.turn_passing", game="dread-draw",
        statement="the turn-passing rule always names exactly one player, and one still in the round",
        check=turn_passing,
        mutant=Mutant("over_all_players", "the lowest total looked for among all players (reading "
                      "turn_candidates=all_players)", readings=(("turn_candidates", "all_players"),)),
    ),
    Obligation(
        id="dread_draw.round_ends_with_one", game="dread-draw",
        statement="a round always ends with exactly one player left in it",
        check=round_ends_with_one,
        mutant=Mutant("void_round", "with no card left to draw, everyone is eliminated",
                      sets=(("switches.void_round", True),)),
    ),
]
