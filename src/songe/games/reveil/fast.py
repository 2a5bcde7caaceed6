"""Réveil's fast exact path: the spec compiled into tables, solved by numba kernels, same fractions.

:class:`FastSolver` has the API of :class:`songe.solve.expectimax.Solver` for
:class:`~songe.games.reveil.machine.ReveilGame` states. It runs the machine's
procedure compiled (:mod:`songe.games.reveil.fast_core`, searched by
:mod:`songe.games.reveil.fast_search`) and keeps every value as an integer over
one common denominator ``D`` derived from the spec, so the result is the
identical :class:`~fractions.Fraction` (and the same number of states). :func:`fast_solver` says
``None`` (and logs why) whenever a spec, set-up or policy is outside what the
kernels hold exactly; callers then use the reference solver.

>>> from songe.spec.reveil import load
>>> from songe.games.reveil import ReveilGame
>>> game = ReveilGame(load(), lucidity=2, hand_limit=1)
>>> fast_solver(game).solve().value == Solver(game).solve().value
True
"""

from __future__ import annotations

import dataclasses
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from songe.engine.interface import Game, NodeKind, Outcome, node_kind
from songe.errors import BudgetError
from songe.games.reveil import machine
from songe.games.reveil.kernels import prepare_kernels
from songe.games.reveil.state import Frame, State
from songe.solve.expectimax import DEFAULT_MAX_STATES, Result, Solver, first_action
from songe.spec.expr import And, CmpOp, Compare, Condition, Flag, Not, Num, Or, Var
from songe.spec.reveil import (
    CardKind,
    Chain,
    DefeatCheck,
    DefeatScope,
    DrawnResolved,
    FlagScope,
    FullHand,
    IntensityFloor,
    LossCapScope,
    PlayedThought,
    PreviousDream,
    ReveilSpec,
    Rules,
    Step,
    Strategy,
    Timing,
    Trigger,
    Verb,
    Victory,
)

log = logging.getLogger(__name__)

#: Room for pending ops in one dream's frame, beyond its rows and draws (a frame needing more
#: makes the solve fall back to the reference solver).
SPARE_OPS = 16
#: Keys are int16: every number of a state must stay within this.
KEY_LIMIT = 30_000
_INT64 = 2**63 - 1

# What the kernels implement. A vocabulary word or rule switch outside these sets is refused
# (the reference solver runs instead), so a new verb or switch can never be silently ignored.
_STEPS = {Step.REVEAL: 0, Step.THOUGHT: 1, Step.EFFECT: 2, Step.LOSS: 3, Step.DISCARD: 4, Step.END: 5}
_VERBS = {Verb.INTENSITY: 0, Verb.DRAW: 1, Verb.EXTRA_LOSS: 2, Verb.GAIN: 3, Verb.IGNORE_EFFECT: 4,
          Verb.CANCEL: 5, Verb.REMOVE_RANDOM_THOUGHT: 6}
_TRIGGERS = {Trigger.PLAY: 0, Trigger.EFFECT: 1, Trigger.AFTER_LOSS: 2, Trigger.DRAWN_RESOLVED: 3}
_CMP = {CmpOp.GE: 0, CmpOp.LE: 1, CmpOp.GT: 2, CmpOp.LT: 3, CmpOp.EQ: 4, CmpOp.NE: 5}
_RULE_FIELDS = {"loss_cap", "loss_cap_scope", "intensity_floor", "played_thought", "drawn_resolved",
                "previous_dream", "thoughts_per_dream", "defeat_at", "stop_drawing_at", "victory_min_lucidity",
                "chain", "full_hand", "defeat_check", "victory", "defeat_scope"}
_TIMINGS = {Timing.LIVE, Timing.REVEAL, Timing.END}
_FRAMES = {FlagScope.OWN: 0, FlagScope.CHAIN: 1}
#: The triggers whose rows read at the end of the dream wait apart (the machine's ``_late_rows``), as the
#: kernels' row-table indices.
_LATE = {Trigger.PLAY: 4, Trigger.EFFECT: 5}
_OPTIONS = {LossCapScope: 2, IntensityFloor: 2, PlayedThought: 2, DrawnResolved: 2, PreviousDream: 4, Chain: 2,
            FullHand: 2, DefeatCheck: 2, Victory: 2, DefeatScope: 2}
#: A strategy rule's play words, as the kernel's codes (a thought is its index).
_PLAY_WORDS = {"first": -1, "none": -2}
_NAMES = {"intensity", "printed", "hand", "lucidity", "deck", "lost", "previous", "discard"}


#: Never playing a thought, as a strategy without rules (what ``first_action`` does in Réveil: PASS is first).
_NEVER = Strategy("never", "never play a thought", ())


class Unsupported(Exception):
    """A spec, set-up or policy the kernels cannot hold exactly; the message says why."""


class WideValues(Unsupported):
    """Values past the kernels' 64-bit integers (the common denominator); its states still fit the kernels."""


@dataclass(frozen=True)
class Compiled:
    """A game's tables for the kernels: parameters P, tables T, and sizes."""

    P: np.ndarray
    T: np.ndarray
    n: int
    size: int
    denominator: int
    signature: bytes


def compile_game(game: machine.ReveilGame, strategy: Strategy | None = None,
                 max_states: int = DEFAULT_MAX_STATES, count_only: bool = False) -> Compiled:
    """The game's spec (and the strategy played, None for optimal play) as kernel tables, or :class:`Unsupported`.

    ``count_only``: tables whose every value is 0 (a denominator of 0), for a game past :class:`WideValues`
    whose states are only counted (:mod:`songe.games.reveil.fast_count`).
    """
    from songe.games.reveil import fast_core as k

    spec = game.spec
    _check_vocabulary(spec)
    cards, rules = spec.cards, spec.rules
    n = len(cards)
    deck = sum(c.copies for c in cards)
    thoughts = sum(c.copies for c in cards if c.kind is CardKind.THOUGHT)
    dreams = deck - thoughts
    denominator = 0 if count_only else _denominator(spec, game.hand_limit)
    if denominator * max(deck, thoughts, 1) > _INT64:
        raise WideValues(f"the common denominator {denominator:,} overflows 64-bit integers")
    _check_magnitudes(spec, game.lucidity)
    rows_max = max([len(c.effects) for c in cards] + [1])
    draw_max = max([r.action.amount or 0 for c in cards for r in c.effects if r.verb is Verb.DRAW] + [0])
    ops = SPARE_OPS + 2 * rows_max + draw_max
    rows = np.zeros((len(_TRIGGERS) + len(_LATE), n, rows_max), np.int64)
    counts = np.zeros((len(_TRIGGERS) + len(_LATE), n), np.int64)
    verb = np.zeros((n, rows_max), np.int64)
    amount = np.zeros((n, rows_max), np.int64)
    cstart = np.full((n, rows_max), -1, np.int64)
    ccount = np.zeros((n, rows_max), np.int64)
    prog: list[tuple[int, int]] = []
    for ci, c in enumerate(cards):
        kept = [(ti, c.rows(t, late=False if t in _LATE else None)) for t, ti in _TRIGGERS.items()]
        for (ti, idx) in kept + [(li, c.rows(t, late=True)) for t, li in _LATE.items()]:
            counts[ti, ci] = len(idx)
            rows[ti, ci, :len(idx)] = idx
        for ri, r in enumerate(c.effects):
            verb[ci, ri] = _VERBS[r.verb]
            amount[ci, ri] = r.action.amount or 0
            if r.condition is not None:
                start = len(prog)
                _emit(r.condition, r.at, spec, prog, r.frame)
                cstart[ci, ri], ccount[ci, ri] = start, len(prog) - start
    printed = np.array([c.intensity if c.intensity is not None else 0 for c in cards], np.int64)
    classes = machine._previous_classes(spec)
    prev_cls = np.arange(max(int(printed.max(initial=0)), *classes.keys(), *classes.values(), 0) + 1,
                         dtype=np.int64)
    for v, rep in classes.items():
        prev_cls[v] = rep
    reader = np.array([machine._reads(c, "previous") for c in cards], np.int64)
    snapshot = rules.previous_dream in (PreviousDream.AT_REVEAL, PreviousDream.NEXT_CARD) or any(
        r.at is Timing.REVEAL for c in cards for r in c.effects)
    strat = _strategy_table(spec, strategy, prog)  # its conditions join the program
    tables = {"printed": printed, "dream": np.array([c.kind is CardKind.DREAM for c in cards], np.int64),
              "rows": rows, "counts": counts, "verb": verb, "amount": amount, "cs": cstart, "cc": ccount,
              "prog": np.array([x for pair in prog for x in pair] or [0, 0], np.int64),
              "steps": np.array([_STEPS[s] for s in spec.steps], np.int64), "prevcls": prev_cls, "reader": reader,
              "stk": np.zeros(len(prog) + 2, np.int64), "acts": np.zeros(rows_max + 1, np.int64), "strat": strat}
    offsets, at = {}, 0
    for name in k.TABLES:
        offsets[name] = at
        at += tables[name].size
    T = np.concatenate([tables[name].ravel() for name in k.TABLES])
    maxd = max(dreams, 1)
    values = {
        k.P_N: n, k.P_OPS: ops, k.P_MAXD: maxd, k.P_HAND_LIMIT: game.hand_limit,
        k.P_KEEP: rules.full_hand is FullHand.KEEP, k.P_LAST_CARD: rules.victory is Victory.LAST_CARD_REACHED,
        k.P_VMIN: rules.victory_min_lucidity, k.P_STOP: rules.stop_drawing_at, k.P_TPD: rules.thoughts_per_dream,
        k.P_DEFEAT: rules.defeat_at, k.P_SHARED: rules.chain is Chain.SHARED_INTENSITY,
        k.P_FLOOR_EACH: rules.intensity_floor is IntensityFloor.EACH_STEP,
        k.P_HOLDS: rules.played_thought is PlayedThought.HOLDS_SLOT,
        k.P_BEFORE: rules.drawn_resolved is DrawnResolved.BEFORE_DEFEAT_CHECK,
        k.P_IMMEDIATE: rules.defeat_check is DefeatCheck.IMMEDIATE, k.P_CAP: rules.loss_cap,
        k.P_CAP_INTENSITY: rules.loss_cap_scope is LossCapScope.INTENSITY, k.P_SNAPSHOT: snapshot,
        k.P_RULES: -1 if strategy is None else len(strategy.rules), k.P_D: denominator, k.P_MAX_STATES: max_states,
        k.P_MAX_STACK: 2 * deck + thoughts + 4, k.P_KEY: 3 + n + maxd * (9 + n + ops), k.P_RMAX: rows_max,
        k.P_TURN_ONLY: rules.defeat_scope is DefeatScope.TURN_CARD,
        k.P_NEXT_CARD: rules.previous_dream is PreviousDream.NEXT_CARD, k.P_SNAP_HAND: game._snapshot_hand,
    }
    for i, name in enumerate(k.TABLES):
        values[k.O_PRINTED + i] = offsets[name]
    P = np.zeros(len(values), np.int64)
    for i, v in values.items():
        P[i] = int(v)
    shared = P.copy()
    shared[k.P_MAX_STATES] = 0
    signature = shared.tobytes() + b"".join(tables[name].tobytes() for name in k.TABLES
                                            if name not in ("stk", "acts"))  # not the scratch tables
    return Compiled(P, T, n, k.frame_base(n, ops, maxd), denominator, signature)


def _strategy_table(spec: ReveilSpec, strategy: Strategy | None, prog: list[tuple[int, int]]) -> np.ndarray:
    """A strategy's rules as rows of STRAT_WIDTH ints, their conditions appended to the program."""
    from songe.games.reveil import fast_core as k

    if strategy is None:
        return np.zeros(k.STRAT_WIDTH, np.int64)
    index = {c.id: i for i, c in enumerate(spec.cards)}
    if len(spec.cards) > 62:
        raise Unsupported("too many cards for a strategy's bit mask")
    rows = []
    for rule in strategy.rules:
        start = len(prog)
        if rule.condition is not None:
            _emit(rule.condition, Timing.LIVE, spec, prog)
        play = _PLAY_WORDS[rule.play] if rule.play in _PLAY_WORDS else index[rule.play]
        rows += [-1 if rule.dream is None else index[rule.dream], start, len(prog) - start,
                 play, sum(1 << index[x] for x in rule.excluded)]
    return np.array(rows or [0] * k.STRAT_WIDTH, np.int64)


def _check_vocabulary(spec: ReveilSpec) -> None:
    fields = {f.name for f in dataclasses.fields(Rules)}
    if fields != _RULE_FIELDS:
        raise Unsupported(f"rule switches {sorted(fields ^ _RULE_FIELDS)} are not compiled")
    if set(spec.steps) != set(_STEPS) or len(spec.steps) != len(_STEPS):
        raise Unsupported("the steps differ from the compiled ones")
    if any(len(kind) != count for kind, count in _OPTIONS.items()) or len(Verb) != len(_VERBS) \
            or len(Trigger) != len(_TRIGGERS):  # a timing or frame the kernels lack is refused per row, below
        raise Unsupported("the vocabulary has words the kernels do not know")
    for c in spec.cards:
        for r in c.effects:
            if r.verb not in _VERBS or r.when not in _TRIGGERS or r.at not in _TIMINGS or r.frame not in _FRAMES:
                raise Unsupported(f"card {c.id!r}: row {r.action} is not compiled")


def _denominator(spec: ReveilSpec, hand_limit: int) -> int:
    """A common denominator of every state's value.

    A draw picks among the unseen cards, so a path's draws multiply to a divisor
    of N!. A random removal picks among at most M thoughts in hand (the hand
    limit, or every thought when a full hand keeps them), and each removes a
    thought for good, so there are at most T of them (T thoughts in the deck), or
    fewer when the removal rows can fire fewer times: lcm(1..M) to that power.
    """
    cards = spec.cards
    deck = sum(c.copies for c in cards)
    thoughts = sum(c.copies for c in cards if c.kind is CardKind.THOUGHT)
    pool = thoughts if spec.rules.full_hand is FullHand.KEEP else min(thoughts, hand_limit)
    removals = thoughts
    if not any(r.verb is Verb.REMOVE_RANDOM_THOUGHT and r.when is Trigger.DRAWN_RESOLVED
               for c in cards for r in c.effects):
        removals = min(thoughts, sum(c.copies for c in cards for r in c.effects
                                     if r.verb is Verb.REMOVE_RANDOM_THOUGHT))
    return math.factorial(deck) * math.lcm(*range(1, pool + 1)) ** removals if pool else math.factorial(deck)


def _check_magnitudes(spec: ReveilSpec, lucidity: int) -> None:
    """Refuse a game whose numbers could leave the int16 range of keys."""
    deck = sum(c.copies for c in spec.cards)
    total = abs(lucidity) + deck * (abs(spec.rules.loss_cap) + 20)
    for c in spec.cards:
        for r in c.effects:
            times = deck if r.when is Trigger.DRAWN_RESOLVED else 1
            if r.verb in (Verb.INTENSITY, Verb.EXTRA_LOSS, Verb.GAIN):
                total += c.copies * times * abs(r.action.amount or 0)
    if total > KEY_LIMIT:
        raise Unsupported(f"its numbers could reach {total:,}, past the keys' range ({KEY_LIMIT:,})")


def _emit(cond: Condition, at: Timing, spec: ReveilSpec, out: list[tuple[int, int]],
          frame: FlagScope = FlagScope.OWN) -> None:
    """A condition as a postfix program (the machine's _compile, node by node)."""
    from songe.games.reveil import fast_core as k

    if isinstance(cond, Compare):
        _term(cond.left, at, spec, out)
        _term(cond.right, at, spec, out)
        out.append((k.C_CMP, _CMP[cond.op]))
    elif isinstance(cond, Flag):
        out.append((k.C_FLAG, _FRAMES[frame]))
    elif isinstance(cond, Not):
        _emit(cond.item, at, spec, out, frame)
        out.append((k.C_NOT, 0))
    elif isinstance(cond, (And, Or)):
        for item in cond.items:
            _emit(item, at, spec, out, frame)
        out.append((k.C_AND if isinstance(cond, And) else k.C_OR, len(cond.items)))
    else:
        raise Unsupported(f"condition {cond} is not compiled")


def _term(term: Num | Var, at: Timing, spec: ReveilSpec, out: list[tuple[int, int]]) -> None:
    from songe.games.reveil import fast_core as k

    if isinstance(term, Num):  # clamped: every state number is far inside ±10⁶, so comparisons agree
        out.append((k.TM_NUM, max(-10**6, min(10**6, term.value))))
        return
    if term.name not in _NAMES:
        raise Unsupported(f"name {term.name!r} is not compiled")
    reveal = at is Timing.REVEAL  # (a row read at the end reads the live state then, as the machine's _term)
    if term.key is not None:
        index = next(i for i, c in enumerate(spec.cards) if c.id == term.key)
        if term.name == "hand":
            code = k.TM_HANDK_SNAP if reveal else k.TM_HANDK
        else:
            code = k.TM_DECKK if term.name == "deck" else k.TM_DISC_SNAP if reveal else k.TM_DISC
        out.append((code, index))
        return
    if term.name == "previous":
        mode = spec.rules.previous_dream
        code = k.TM_PREV_SNAP if reveal or mode in (PreviousDream.AT_REVEAL, PreviousDream.NEXT_CARD) else \
            k.TM_PREV_OUTER if mode is PreviousDream.OUTER_FOR_CHAIN else k.TM_PREV
    else:
        code = {"intensity": k.TM_INT, "printed": k.TM_PRINTED, "hand": k.TM_HAND_SNAP if reveal else k.TM_HAND,
                "lucidity": k.TM_LUC, "deck": k.TM_DECK, "lost": k.TM_LOST}[term.name]
    out.append((code, 0))


# ------------------------------------------------------------ states to and from work arrays

def _op_code(op: tuple[int, ...]) -> int:
    return op[0] | (op[1] << 3 if len(op) > 1 else 0) | (op[2] << 8 if len(op) > 2 else 0)


def _op_tuple(x: int) -> tuple[int, ...]:
    code, a, b = x & 7, (x >> 3) & 31, x >> 8
    return (code, a) if code in (0, 3) else (code, a, b) if code in (1, 2) else (code,)


def to_work(c: Compiled, s: State) -> np.ndarray:
    """A machine state as a work array."""
    from songe.games.reveil import fast_core as k

    n, W = c.n, np.zeros(c.size, np.int64)
    if len(s.stack) > c.P[k.P_MAXD] or any(len(f.ops) > c.P[k.P_OPS] for f in s.stack):
        raise Unsupported("the state's stack is deeper than the compiled layout")
    W[k.W_LUC] = s.lucidity
    W[k.W_PREV] = k.NONE if s.previous is None else s.previous
    W[k.W_OUT] = 0 if s.outcome is None else k.WIN if s.outcome is Outcome.WIN else k.LOSS
    W[k.W_DEPTH] = len(s.stack)
    for z, zone in enumerate((s.hand, s.unseen, s.discard, s.removed)):
        W[k.W_HAND + z * n:k.W_HAND + (z + 1) * n] = zone
    for d, f in enumerate(s.stack):
        fb = k.frame_base(n, int(c.P[k.P_OPS]), d)
        W[fb:fb + 9] = (f.card, f.intensity, f.thought, f.holding, f.ignored, f.cancelled, f.extra_loss, f.lost,
                        f.origin)
        if f.snapshot is not None:
            W[fb + k.F_HASSNAP] = 1
            W[fb + k.F_SNAPPREV] = k.NONE if f.snapshot[0] is None else f.snapshot[0]
            W[fb + k.F_SNAPDISC:fb + k.F_SNAPDISC + n] = f.snapshot[1]
            if len(f.snapshot) == 3:  # the hand at reveal shares the discard's entries (see fast_core)
                W[fb + k.F_SNAPDISC:fb + k.F_SNAPDISC + n] += np.array(f.snapshot[2], np.int64) << k.SNAP_SHIFT
        W[fb + 11 + n] = len(f.ops)
        W[fb + 12 + n:fb + 12 + n + len(f.ops)] = [_op_code(op) for op in reversed(f.ops)]
    return W


def to_state(c: Compiled, W: np.ndarray) -> State:
    """A work array as the machine's state (equal to the machine's own, field by field)."""
    from songe.games.reveil import fast_core as k

    n, P = c.n, c.P
    room = int(P[k.P_OPS])
    w = W[:k.frame_base(n, room, int(W[k.W_DEPTH]))].tolist()  # Python ints, read once
    h = k.W_HAND
    zones = [tuple(w[h + z * n:h + (z + 1) * n]) for z in range(4)]
    frames = []
    for d in range(w[k.W_DEPTH]):
        fb = k.frame_base(n, room, d)
        card, intensity, thought, holding, ignored, cancelled, extra, lost, origin = w[fb:fb + 9]
        snapshot: tuple | None = None
        if w[fb + k.F_HASSNAP]:
            prev = w[fb + k.F_SNAPPREV]
            entries = w[fb + k.F_SNAPDISC:fb + k.F_SNAPDISC + n]
            snapshot = (None if prev == k.NONE else prev, tuple(x & k.SNAP_MASK for x in entries))
            if P[k.P_SNAP_HAND]:  # the hand at reveal shares the discard's entries (see fast_core)
                snapshot += (tuple(x >> k.SNAP_SHIFT for x in entries),)
        nops = w[fb + 11 + n]
        ops = tuple(_op_tuple(x) for x in reversed(w[fb + 12 + n:fb + 12 + n + nops]))
        frames.append(Frame(card, intensity, ops, thought, bool(holding), bool(ignored), bool(cancelled), extra,
                            lost, origin, snapshot))
    out, prev = w[k.W_OUT], w[k.W_PREV]
    return State(w[k.W_LUC], zones[0], zones[1], zones[2], zones[3], None if prev == k.NONE else prev,
                 tuple(frames), None if out == 0 else Outcome.WIN if out == k.WIN else Outcome.LOSS)


def step(c: Compiled, s: State, action: int) -> State:
    """The compiled transition on a machine state (for differential tests against ``game.apply``)."""
    from songe.games.reveil import fast_core as k

    return to_state(c, k.step(to_work(c, s), c.P, c.T, action))


# ------------------------------------------------------------ the solver

class _Table:
    """The kernels' memo: keys in one int16 arena, entries, and an open-addressing index."""

    def __init__(self) -> None:
        self.arrays = (np.zeros(1 << 20, np.int16), np.zeros(1 << 16, np.int64), np.zeros(1 << 16, np.int64),
                       np.zeros(1 << 16, np.int64), np.zeros(1 << 16, np.int64), np.full(1 << 17, -1, np.int64))
        self.cnt = np.zeros(4, np.int64)

    @property
    def values(self) -> int:
        return int(self.cnt[2])


class FastSolver(Solver):
    """Memoized expectimax on the compiled procedure: the reference :class:`Solver`'s API and values.

    ``memo``, when given, is a dict the caller shares between games whose states
    mean the same (as for :class:`Solver`); the compiled table is kept in it.
    """

    def __init__(self, game: Game[Any], compiled: Compiled, policy: Callable | None,
                 max_states: int, memo: dict | None) -> None:
        super().__init__(game, policy, max_states)
        self._c = compiled
        self._memo = {} if memo is None else memo
        self._fallback: Solver | None = None

    @property
    def _table(self) -> _Table:
        key = ("songe.games.reveil.fast", self._c.signature)
        table = self._memo.get(key)
        if table is None:  # not setdefault: a table allocates megabytes, so make one only when missing
            table = self._memo[key] = _Table()
        return table

    @property
    def compiled(self) -> Compiled:
        """The tables the kernels run."""
        return self._c

    @property
    def memo(self) -> dict:
        """The memo dict holding the compiled table (share it to share values)."""
        return self._memo

    @property
    def fell_back(self) -> bool:
        """Whether the kernels stopped and the reference solver took over."""
        return self._fallback is not None

    @property
    def states(self) -> int:
        """Distinct states whose value has been computed (shared memo included)."""
        return self._fallback.states if self._fallback is not None else self._table.values

    def solve(self) -> Result:
        """The value of the initial state (the kernels' one-time compile is not in its seconds)."""
        self.prepare()
        start = time.perf_counter()
        value = self.value(self.game.initial_state())
        return Result(value, self.states, time.perf_counter() - start)

    def prepare(self) -> None:
        """Compile the kernels this solver runs (or load them from numba's cache) before any clock starts."""
        from songe.games.reveil import fast_search as k

        table, c = self._table, self._c
        W = np.zeros(c.size, np.int64)  # arguments of the right types: a kernel compiles for types, not values
        calls: list[tuple[Any, tuple[Any, ...]]] = [(k.solve, (W, c.P, c.T, *table.arrays, table.cnt))]
        if isinstance(self.game.initial_state(), bytes):  # a packed game: its keys are immutable buffers
            packed = np.frombuffer(bytes(2), np.int16)
            calls += [(k.unpack, (packed, c.P, c.size)), (k.lookup, (packed, *table.arrays))]
        prepare_kernels(tuple(calls), *k.callees(W, c.P, c.T, table.arrays, table.cnt))

    def value(self, state: Any) -> Fraction:
        """The optimal (or the policy's) win probability from a state."""
        return self._value(state)

    def _value(self, state: Any) -> Fraction:
        from songe.games.reveil import fast_search as k

        if self._fallback is not None:
            return self._fallback.value(state)
        if node_kind(self.game, state) is NodeKind.TERMINAL:
            return self.game.returns(state)[0]
        table, c = self._table, self._c
        try:  # a packed state (songe.games.reveil.fast_game) holds its key; a machine state is a work array here
            W = None if isinstance(state, bytes) else to_work(c, state)
        except Unsupported as exc:
            return self._fall_back(str(exc)).value(state)
        if W is None:  # a packed state may be known already: look it up before unpacking it
            pk = np.frombuffer(state, np.int16)
            known = k.lookup(pk, *table.arrays)
            if known >= 0:
                return Fraction(int(known), c.denominator)
            W = k.unpack(pk, c.P, c.size)
        # (a machine state needs no look-up of its own: the search starts by looking its state up)
        status, value, *arrays = k.solve(W, self._c.P, self._c.T, *table.arrays, table.cnt)
        table.arrays = tuple(arrays)
        if status == k.OK:
            return Fraction(int(value), self._c.denominator)
        self._memo.pop(("songe.games.reveil.fast", self._c.signature))  # holds unfinished entries
        if status == k.BUDGET:
            raise BudgetError.passed(self.max_states, "solve a smaller game")
        reason = "a frame outgrew its room for ops" if status == k.LIMIT else "a value was not exact over D"
        return self._fall_back(reason).value(state)

    def _fall_back(self, reason: str) -> Solver:
        log.warning("songe: the fast solver stopped (%s); solving with the reference solver instead (the same exact "
                    "fractions, slower)", reason)
        self._fallback = Solver(self.game, self.policy, self.max_states)
        return self._fallback


def strategy_of(policy: Callable | None) -> Strategy | None:
    """The spec's strategy the kernels play for ``policy`` (None: optimal play), or :class:`Unsupported`.

    Policies held natively: optimal play (None), never play (``first_action``), and
    a spec's named strategy (a policy from :func:`songe.games.reveil.strategies.policy`,
    which carries its :class:`~songe.spec.reveil.Strategy`).
    """
    strategy = _NEVER if policy is first_action else getattr(policy, "strategy", None)
    if policy is not None and not isinstance(strategy, Strategy):
        raise Unsupported("the fast exact path evaluates optimal play, never-play and the spec's strategies only")
    return strategy


def fast_solver(game: machine.ReveilGame, policy: Callable | None = None, max_states: int = DEFAULT_MAX_STATES,
                memo: dict | None = None) -> FastSolver | None:
    """A :class:`FastSolver` for the game and policy (:func:`strategy_of`), or None with the reason logged.

    (Réveil's offer to :func:`~songe.solve.expectimax.make_solver` is
    :func:`songe.games.reveil.fast_count.solver`, which also serves a game whose values are too wide.)
    """
    try:
        import songe.games.reveil.fast_search  # noqa: F401  (numba)
        compiled = compile_game(game, strategy_of(policy), max_states=max_states)
    except ImportError as exc:
        log.info("songe: no fast exact path (%s)", exc)
        return None
    except Unsupported as exc:
        log.info("songe: no fast exact path for %s: %s", game.spec.file, exc)
        return None
    return FastSolver(game, compiled, policy, max_states, memo)
