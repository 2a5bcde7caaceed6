"""Witnesses: a deck order and choices that replay to different results under two specs.

Two variants of a game (two readings, or a rule and its mutation) are run side
by side on the same draws and the same choices, breadth first, until what a
player can see differs: the node kind, the options, Lucidité, hand, zones, or
a dream's intensity. The shortest such prefix is completed into a whole deck
order (the rest shuffled with a fixed seed; no further thought, then random
thoughts) and replayed under both variants, all random-removal branches
included, until the results differ. If the side-by-side walk ends without any
difference, no order and no choices can tell the variants apart, and the walk
itself is the proof (it covers every joint position).
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from songe.engine.interface import NodeKind
from songe.errors import IllegalMoveError
from songe.games.reveil import PASS, ReveilGame
from songe.games.reveil.state import State
from songe.games.reveil.trace import Branch, replay

#: Bounds on one search (joint positions walked; completions tried per divergence; divergences tried).
MAX_PAIRS = 600_000
COMPLETIONS = 40
DIVERGENCES = 60


@dataclass(frozen=True)
class Witness:
    """An order and choices, with each variant's results (one entry per random-removal branch)."""

    order: tuple[str, ...]
    choices: tuple[str, ...]
    results: dict[str, list[dict[str, Any]]]


@dataclass(frozen=True)
class Search:
    """What a witness search found, and how far it looked."""

    witness: Witness | None
    pairs: int
    diverged: bool
    exhaustive: bool

    def note(self) -> str:
        """A sentence saying what was established and how."""
        if self.witness is not None:
            return f"witness found after walking {self.pairs:,} joint positions side by side"
        if not self.diverged and self.exhaustive:
            return (f"no deck order and no choices can tell these apart: established exhaustively by walking all "
                    f"{self.pairs:,} joint positions reachable with the same draws and choices, in which what "
                    f"the player sees never differs")
        if self.exhaustive and self.witness is None:
            return "unreachable"
        if not self.diverged:
            return f"no difference in the first {self.pairs:,} joint positions (search bounded, not exhaustive)"
        return (f"positions differ, but no tried completion changed the result ({self.pairs:,} joint positions, "
                f"{DIVERGENCES} divergences × {COMPLETIONS} completions): not shown either way")


def _seen(game: ReveilGame, s: State) -> tuple:
    """What the player can observe at a node (a finished game: just its result)."""
    kind = game.node_kind(s)
    if kind is NodeKind.TERMINAL:
        return kind, s.outcome, s.lucidity
    moves = game.legal_actions(s) if kind is NodeKind.DECISION else game.chance_outcomes(s)
    return (kind, tuple(moves), s.lucidity, s.hand, s.unseen, s.discard,
            tuple((f.card, f.intensity, f.thought) for f in s.stack))


def results(branches: list[Branch]) -> list[dict[str, Any]]:
    """Branch results as JSON-ready records."""
    return [{"probability": f"{b.probability.numerator}/{b.probability.denominator}",
             "outcome": b.outcome.value, "lucidity": b.lucidity} for b in branches]


def find(a: ReveilGame, b: ReveilGame, labels: tuple[str, str], seed: int = 0) -> Search:
    """Search a witness that ``a`` and ``b`` (same cards, other rules) play out differently."""
    start = (a.initial_state(), b.initial_state())
    queue: deque[tuple[State, State, tuple[tuple[str, int], ...]]] = deque([(start[0], start[1], ())])
    seen = {start}
    diverged = 0
    rng = random.Random(seed)
    fallback: Witness | None = None  # a witness that changes only the final Lucidité
    while queue:
        sa, sb, path = queue.popleft()
        if _seen(a, sa) != _seen(b, sb):
            diverged += 1
            w = _complete(a, b, path, labels, rng)
            if w is not None and _outcomes(w, labels):
                return Search(w, len(seen), True, False)
            fallback = fallback or w
            if diverged >= DIVERGENCES:
                return Search(fallback, len(seen), True, False)
            continue
        kind = a.node_kind(sa)
        if kind is NodeKind.TERMINAL:
            continue
        if kind is NodeKind.DECISION:
            moves = [("decide", x) for x in a.legal_actions(sa)]
        else:
            tag = "draw" if a.is_draw(sa) else "remove"
            moves = [(tag, x) for x, _ in a.chance_outcomes(sa)]
        for tag, x in moves:
            nxt = (a.apply(sa, x), b.apply(sb, x))
            if nxt not in seen:
                if len(seen) >= MAX_PAIRS:
                    return Search(fallback, len(seen), diverged > 0, False)
                seen.add(nxt)
                queue.append((nxt[0], nxt[1], path + ((tag, x),)))
    return Search(fallback, len(seen), diverged > 0, fallback is None)


def _complete(a: ReveilGame, b: ReveilGame, path: tuple[tuple[str, int], ...], labels: tuple[str, str],
              rng: random.Random) -> Witness | None:
    """Turn a diverging prefix into whole replays; return the first pair whose results differ."""
    drawn = [x for tag, x in path if tag == "draw"]
    chosen = [x for tag, x in path if tag == "decide"]
    deck = Counter(i for i, c in enumerate(a.spec.cards) for _ in range(c.copies))
    rest = list((deck - Counter(drawn)).elements())
    for attempt in range(COMPLETIONS):
        tail = rest[:]
        rng.shuffle(tail)
        order = drawn + tail
        if attempt == 0:
            choices = chosen
        else:
            pick = random.Random(rng.random())
            def any_move(s: Any, legal: Sequence[int], pick: random.Random = pick) -> int:
                return pick.choice(legal)
            first = replay(a, order, any_move, chosen)[0]
            choices = [a.card_index(c) if c != "none" else PASS for c in first.choices]
        try:
            ra = replay(a, order, lambda s, legal: PASS, choices)
            rb = replay(b, order, lambda s, legal: PASS, choices)
        except IllegalMoveError:
            continue
        if _summary(ra) != _summary(rb):
            names = a.names()
            return Witness(tuple(names[i] for i in order),
                           tuple("none" if c == PASS else names[c] for c in choices),
                           {labels[0]: results(ra), labels[1]: results(rb)})
    return None


def _summary(branches: list[Branch]) -> dict[tuple[str, int], Fraction]:
    """Probability of each (outcome, final Lucidité): how the branches are cut does not count."""
    out: dict[tuple[str, int], Fraction] = {}
    for br in branches:
        key = (br.outcome.value, br.lucidity)
        out[key] = out.get(key, Fraction(0)) + br.probability
    return out


def _outcomes(w: Witness, labels: tuple[str, str]) -> bool:
    """Whether the witness changes the win probability, not only the final Lucidité."""
    def win(rs: list[dict[str, Any]]) -> Fraction:
        return sum((Fraction(r["probability"]) for r in rs if r["outcome"] == "win"), Fraction(0))
    return win(w.results[labels[0]]) != win(w.results[labels[1]])
