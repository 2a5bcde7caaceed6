"""Witnesses: a deck order, and a few imposed choices if needed, that two variants play out differently.

After the imposed choices each variant plays optimally (its own exact
solver), so a witness is a game a player can follow. Let V be a variant's
optimal win probability at a position. The draws of a shuffled deck are a
uniformly random order, so V is the average, over the orders of the unseen
cards, of the order's win probability under the same optimal play. Hence:

- if both variants reach positions with different V by the same draws and
  choices, some order of the remaining cards ends with different win
  probabilities. It is built without backtracking, one card at a time: the
  expected difference D given the order so far is the average of D over the
  next card, so some next card keeps D away from 0, and once every line has
  ended D is the difference of the order's win probabilities;
- such positions are looked for at the start (no imposed choice), then over
  the joint game (:mod:`songe.analysis.joint`): every position both variants
  reach with the same draws and choices while no player can tell them apart;
- if that walk is exhaustive, V agrees everywhere, and wherever the variants
  part the result is already certain under both, then the two play every game
  alike (optimal play takes the same first-best move in both) and no game
  changes the outcome.

Positions where the variants part with an uncertain result are searched by a
bounded walk over orders; the note then says what was and was not shown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from songe.analysis.joint import Pair, PairGame, path_to, walk_pairs
from songe.engine.explore import Line, Step, replay
from songe.engine.interface import CHANCE, TERMINAL, Game
from songe.engine.scripts import Deck, OrderScript, given_script
from songe.errors import BudgetError, IllegalMoveError
from songe.solve.expectimax import Solver, compact_twin, fraction_text, make_solver

#: Bounds on one search: joint positions walked; starts tried; order prefixes tried from a start whose D is 0.
MAX_PAIRS = 600_000
STARTS = 20
TAIL_BUDGET = 200


@dataclass(frozen=True)
class Witness:
    """An order and imposed choices, with each variant's results (one entry per chance branch) and win probability."""

    order: tuple[str, ...]
    choices: tuple[str, ...]
    results: dict[str, list[dict[str, Any]]]
    win: dict[str, Fraction]
    lines: dict[str, list[Line]] = field(default_factory=dict, compare=False, repr=False)
    """each variant's replayed lines, with their events (for rendering the witness as an example)"""

    def changes_outcome(self) -> bool:
        """Whether one variant wins where the other loses on a branch of positive probability."""
        a, b = self.win.values()
        return a != b


@dataclass(frozen=True)
class Search:
    """What a witness search found, and how far it looked."""

    witness: Witness | None
    pairs: int
    exhaustive: bool
    undecided: int = 0
    largest: Fraction = Fraction(0)
    chosen: bool = False
    """the witness is a game given by the spec (to show the point), checked rather than searched"""

    def note(self) -> str:
        """A sentence saying what was established and how."""
        w = self.witness
        if w is not None and self.chosen:
            (la, wa), (lb, wb) = w.win.items()
            return (f"witness chosen in the spec and checked: playing optimally, this order wins with probability "
                    f"{fraction_text(wa)} under {la} and {fraction_text(wb)} under {lb}")
        if w is not None:
            (la, wa), (lb, wb) = w.win.items()
            how = (f"after {len(w.choices)} imposed choice{'s' if len(w.choices) != 1 else ''}, "
                   if w.choices else "")
            where = (f"found after walking {self.pairs:,} joint positions" if self.pairs
                     else "the readings' optimal win probabilities differ from the start")
            return (f"witness: {how}playing optimally, this order wins with probability {fraction_text(wa)} "
                    f"under {la} and {fraction_text(wb)} under {lb} ({where})")
        if self.exhaustive and not self.undecided:
            return (f"no game changes the outcome: established exhaustively by walking all {self.pairs:,} joint "
                    "positions reachable with the same draws and choices, where both readings always have the same "
                    "optimal win probability and, wherever they part, the result is already certain under both "
                    "(largest difference in win probability: 0)")
        return (f"no witness found: {self.pairs:,} joint positions walked"
                + ("" if self.exhaustive else " (bounded, not exhaustive)")
                + f", {self.undecided:,} where the readings part with an uncertain result, up to {TAIL_BUDGET} "
                  f"orders tried from each of {STARTS}: not shown either way; largest difference in win probability "
                  f"found: {fraction_text(self.largest)}")


class _Completion:
    """An order script whose free decisions go to the variant's solver (optimal play)."""

    def __init__(self, script: OrderScript, solver: Solver) -> None:
        self.script, self.solver = script, solver

    def pick(self, state: Hashable, player: int, history: tuple[Step, ...]) -> int | None:
        move = self.script.pick(state, player, history)
        if move is None and player >= 0:
            return self.solver.best(state)
        return move


@dataclass
class _Side:
    label: str
    game: Game
    solver: Solver
    deck: Deck

    def lines(self, order: tuple[int, ...], choices: tuple[int, ...], partial: bool) -> list[Line]:
        drawn = None if self.deck.drawn is None else (lambda s: self.deck.drawn(self.game, s))  # type: ignore[misc]
        script = OrderScript(self.game, order, choices, drawn)
        return replay(self.game, _Completion(script, self.solver), stop=script.exhausted if partial else None)

    def expected(self, order: tuple[int, ...], choices: tuple[int, ...]) -> tuple[Fraction, list[Line]]:
        """The win probability expected given an order's first cards (optimal play after the choices)."""
        lines = self.lines(order, choices, True)
        total = Fraction(0)
        for line in lines:
            v = line.returns[0] if line.returns is not None else self.solver.value(line.final)
            total += given_script(line) * v
        return total, lines


class _Searcher:
    def __init__(self, a: _Side, b: _Side) -> None:
        self.a, self.b = a, b
        self.largest = Fraction(0)

    def diff(self, order: tuple[int, ...], choices: tuple[int, ...]) -> tuple[Fraction, list[int] | None]:
        """D given the order so far, and the possible next cards (None once every line has ended)."""
        va, la = self.a.expected(order, choices)
        vb, lb = self.b.expected(order, choices)
        # Every waiting line has drawn exactly the order so far: they share the next card's distribution.
        waiting = next(((side, ln.final) for side, lines in ((self.a, la), (self.b, lb)) for ln in lines
                        if ln.returns is None), None)
        if waiting is None:
            return va - vb, None
        side, state = waiting
        return va - vb, [o for o, _ in side.game.chance_outcomes(state)]

    def search(self, order: tuple[int, ...], choices: tuple[int, ...]) -> tuple[int, ...] | None:
        """An order starting with ``order`` whose win probabilities differ, or None within the budget."""
        d, nxt = self.diff(order, choices)
        todo = [(order, d, nxt)]
        budget = TAIL_BUDGET
        while todo:
            prefix, d, nxt = todo.pop()
            if nxt is None:
                self.largest = max(self.largest, abs(d))
                if d:
                    return prefix
                continue
            kids = [(prefix + (c,), *self.diff(prefix + (c,), choices)) for c in nxt]
            kids.sort(key=lambda k: abs(k[1]))  # the largest |D| is taken first
            if d:
                todo.append(kids[-1])  # D stays non-zero: no backtracking needed
            else:
                budget -= len(kids)
                if budget < 0:
                    return None
                todo.extend(kids)
        return None

    def witness(self, order: tuple[int, ...], choices: tuple[int, ...]) -> Witness:
        """The whole order (the cards never drawn follow in the deck's order), replayed under both variants."""
        deck = self.a.deck
        rest = Counter(deck.cards) - Counter(order)
        full = order + tuple(rest.elements())
        results, win, replays = {}, {}, {}
        labels: tuple[str, ...] = ()
        for side in (self.a, self.b):
            lines = replays[side.label] = side.lines(full, choices, False)
            results[side.label] = [{"probability": fraction_text(given_script(ln)), **deck.end(side.game, ln.final)}
                                   for ln in lines]
            win[side.label] = sum((given_script(ln) * _won(ln) for ln in lines), Fraction(0))
            labels = labels or tuple(st.label for st in lines[0].steps if st.player >= 0)[:len(choices)]
        return Witness(tuple(deck.name(c) for c in full), labels, results, win, replays)



def _won(line: Line) -> Fraction:
    """The first player's return at the end of a whole line (a replay without a stop ends at a terminal)."""
    assert line.returns is not None, "a whole replay ends at a terminal state"
    return line.returns[0]


def _start(game: PairGame, parent: dict, pair: Pair, deck: Deck) -> tuple[tuple[int, ...], tuple[int, ...], bool]:
    """The draws and choices on the way to a pair, and whether the way passes a chance node the order does not fix."""
    order, choices, loose = [], [], False
    for m in path_to(parent, pair):
        if m.player == CHANCE:
            if deck.drawn is None or deck.drawn(game.a, m.before[0]):  # type: ignore[index]
                order.append(m.action)
            else:
                loose = True
        else:
            choices.append(m.action)
    return tuple(order), tuple(choices), loose


def given(a: Game, b: Game, labels: tuple[str, str], order: tuple[int, ...], choices: tuple[int, ...],
          deck: Deck | None = None, solvers: Sequence[Solver] | None = None) -> Search | None:
    """A witness given as a whole order and imposed choices (a game chosen to show a point), replayed under both
    variants; None when it is no witness (the two play it to the same win probability)."""
    deck = deck or Deck()
    sa, sb = solvers if solvers is not None else (make_solver(a), make_solver(b))
    searcher = _Searcher(_Side(labels[0], a, sa, deck), _Side(labels[1], b, sb, deck))
    w = searcher.witness(order, choices)
    return Search(w, 0, False, chosen=True) if w.changes_outcome() else None


def find(a: Game, b: Game, labels: tuple[str, str], deck: Deck | None = None,
         solvers: Sequence[Solver] | None = None, max_pairs: int = MAX_PAIRS) -> Search:
    """Search a game that ``a`` and ``b`` (one-player variants) play out differently under optimal play.

    ``solvers`` (optional) are the variants' exact solvers, shared with the
    caller so that nothing is solved twice.
    """
    deck = deck or Deck()
    sa, sb = solvers if solvers is not None else (make_solver(a), make_solver(b))
    searcher = _Searcher(_Side(labels[0], a, sa, deck), _Side(labels[1], b, sb, deck))
    va, vb = sa.value(a.initial_state()), sb.value(b.initial_state())
    if va != vb:
        found = searcher.search((), ())
        assert found is not None, "D is non-zero at the start, so the descent cannot fail"
        return Search(searcher.witness(found, ()), 0, False)

    # The walk runs on the games' compact twins when both have one (same moves, smaller states, compiled).
    (ja, jsa), (jb, jsb) = compact_twin(a, sa), compact_twin(b, sb)
    if type(ja) is not type(jb):  # only one has a twin: the pair's states must be alike, so walk the games given
        (ja, jsa), (jb, jsb) = (a, sa), (b, sb)

    def values_differ(pair: Pair) -> bool:
        return jsa.value(pair[0]) != jsb.value(pair[1])

    joint = PairGame(ja, jb, stop=values_differ)
    ends, parent, count, complete = walk_pairs(joint, max_pairs)
    certain = (a.info.min_return, a.info.max_return)
    targets, undecided = [], []
    for pair in ends:
        if ja.current_player(pair[0]) == TERMINAL and jb.current_player(pair[1]) == TERMINAL:
            v, w = ja.returns(pair[0])[0], jb.returns(pair[1])[0]
        else:
            v, w = jsa.value(pair[0]), jsb.value(pair[1])
        if v != w:
            targets.append(pair)
        elif v not in certain:
            undecided.append(pair)
    starts = sorted((_start(joint, parent, p, deck) for p in targets + undecided),
                    key=lambda s: (s[2], len(s[1]), len(s[0])))
    for order, choices, _ in starts[:STARTS]:
        try:
            found = searcher.search(order, choices)
        except (IllegalMoveError, BudgetError):
            continue  # a choice not legal on another branch of a random draw, or too many branches
        if found is not None:
            return Search(searcher.witness(found, choices), count, complete, len(undecided), searcher.largest)
    return Search(None, count, complete, len(undecided) + len(targets), searcher.largest)
