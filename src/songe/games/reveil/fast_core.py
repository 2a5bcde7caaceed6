"""Numba kernels of Réveil's fast exact path: the spec's procedure on a flat integer state.

This module is :mod:`songe.games.reveil.machine` compiled: the same steps, rows,
chain stack and rule switches, on one ``int64`` work array instead of named
tuples, so that numba can run it natively. It holds no card data: every
number comes in the tables built by :mod:`songe.games.reveil.fast` from a
spec. Values are integers over a common denominator ``D`` (win = ``D``), so
the expectimax needs no fractions and stays exact.

Work array layout (``n`` card types, ``m`` = room for pending ops per frame):
``[lucidity, previous, outcome, depth, error, hand×n, unseen×n, discard×n,
removed×n, frame 0, frame 1, …]``; a frame is ``[card, intensity, thought,
holding, ignored, cancelled, extra_loss, lost, origin, has_snapshot,
snapshot_previous, snapshot_discard×n, op count, ops×m]`` with the ops stored
back to front (the next op is the last one). When a condition reads the hand at reveal
(``P_SNAP_HAND``), each snapshot_discard entry also holds that card's count in the hand
at reveal, shifted by 4 bits (a card has at most 10 copies), so the keys need no new field. An op is one int:
``code | a << 3 | b << 8`` for the interpreter's tuple ``(code, a, b)``.
The search over these states (keys, memo, expectimax) is in
:mod:`songe.games.reveil.fast_search`. Numba caches a kernel by its own file:
a change here must also change the "Kernels version" line of the modules that
compile these functions in (fast_search, fast_graph, learn), or stale caches run.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
from numba import njit


def _load_numba_without_blas() -> None:
    """Load numba's array typing without importing scipy's BLAS (about 0.3 s a process on its own).

    numba imports ``scipy.linalg`` the first time it types or loads a kernel,
    only to know whether ``np.dot`` and its kind can be compiled; these kernels
    use no linear algebra. Loaded by anyone first, it is left as it is.
    """
    if "numba.np.arraymath" in sys.modules or "scipy.linalg.cython_blas" in sys.modules:
        return
    sys.modules["scipy.linalg.cython_blas"] = None  # type: ignore[assignment]  # an import of it fails at once
    try:
        import numba.np.arraymath  # noqa: F401
    finally:
        del sys.modules["scipy.linalg.cython_blas"]


_load_numba_without_blas()

# Each wrapper numba builds around a kernel is compiled on a first run: build only those used
# (numba's own options, which its type stubs do not list).
_NO_C: dict[str, Any] = {"no_cfunc_wrapper": True}
_NO_WRAPPER: dict[str, Any] = {"no_cfunc_wrapper": True, "no_cpython_wrapper": True}
#: A kernel called from Python (nothing calls kernels from C).
kernel = njit(cache=True, **_NO_C)
#: A kernel called from kernels only. (A kernel called from one place is written into its caller: numba's
#: inline="always" copies the callee's code, which costs more than that compile.) A kernel is compiled once
#: per argument types, and a constant argument types as its value: constants passed to kernels are wrapped
#: in ``np.int64`` (:data:`ZERO` for 0), so that each is compiled once, not once per constant.
inner = njit(cache=True, **_NO_WRAPPER)
#: 0 as an argument of a kernel (see :data:`inner`).
ZERO = np.int64(0)

#: ``previous`` (or ``lost``) undefined, inside the work array.
NONE = -(1 << 40)
#: A snapshot_discard entry: the discard count in its low bits (``& SNAP_MASK``), the hand at reveal above
#: them (``>> SNAP_SHIFT``); a card has at most 10 copies.
SNAP_SHIFT = 4
SNAP_MASK = (1 << SNAP_SHIFT) - 1

# Op codes: the values of songe.games.reveil.state.Op.
STEP, ROW, ACT, DRAW, REMOVE, RELEASE, CHECK = 0, 1, 2, 3, 4, 5, 6
# Step kinds, verbs and triggers: indices fixed by songe.games.reveil.fast.
S_REVEAL, S_THOUGHT, S_EFFECT, S_LOSS, S_DISCARD, S_END = 0, 1, 2, 3, 4, 5
V_INTENSITY, V_DRAW, V_EXTRA, V_GAIN, V_IGNORE, V_CANCEL, V_REMOVE = 0, 1, 2, 3, 4, 5, 6
T_PLAY, T_EFFECT, T_AFTER, T_DRAWN = 0, 1, 2, 3
#: The play and effect rows read at the end of the dream (``at = "end"``), kept apart from the others.
T_LATE_PLAY, T_LATE_EFFECT = 4, 5
# Condition program: terms push a value, the rest combine.
TM_NUM, TM_HANDK, TM_DISC, TM_DISC_SNAP, TM_INT, TM_PRINTED, TM_HAND, TM_LUC, TM_DECK, TM_LOST, \
    TM_PREV, TM_PREV_SNAP, TM_PREV_OUTER, C_FLAG, C_NOT, C_AND, C_OR, C_CMP = range(18)
#: A card's copies still in the deck (strategies' ``deck[card]``).
TM_DECKK = 18
#: The hand at reveal (``at = "reveal"``): one card's count, and the whole hand.
TM_HANDK_SNAP, TM_HAND_SNAP = 19, 20
# Indices of the parameter array P.
(P_N, P_OPS, P_MAXD, P_HAND_LIMIT, P_KEEP, P_LAST_CARD, P_VMIN, P_STOP, P_TPD, P_DEFEAT, P_SHARED,
 P_FLOOR_EACH, P_HOLDS, P_BEFORE, P_IMMEDIATE, P_CAP, P_CAP_INTENSITY, P_SNAPSHOT, P_RULES, P_D,
 P_MAX_STATES, P_MAX_STACK, P_KEY, P_RMAX, O_PRINTED, O_DREAM, O_ROWS, O_COUNTS, O_VERB, O_AMOUNT, O_CS, O_CC,
 O_PROG, O_STEPS, O_PREVCLS, O_READER, O_STK, O_ACTS, O_STRAT, P_TURN_ONLY, P_NEXT_CARD, P_SNAP_HAND) = range(42)
#: The tables of T (one flat int64 array: one argument, not a tuple of arrays, keeps calls cheap),
#: in order; their offsets are the O_* entries of P.
TABLES = ("printed", "dream", "rows", "counts", "verb", "amount", "cs", "cc", "prog", "steps", "prevcls",
          "reader", "stk", "acts", "strat")
#: P[P_RULES]: -1 for optimal play, else the number of rules of the strategy played (0: never play);
#: each rule is STRAT_WIDTH ints of the "strat" table: dream (-1: any), condition start and length
#: (length 0: none), thought played (-1: the first in hand, -2: none), bit mask of thoughts excepted.
STRAT_WIDTH = 5
# Work array header.
W_LUC, W_PREV, W_OUT, W_DEPTH, W_ERR, W_HAND = 0, 1, 2, 3, 4, 5
# Frame fields.
F_CARD, F_INT, F_THOUGHT, F_HOLD, F_IGN, F_CANC, F_EXTRA, F_LOST, F_ORIGIN, F_HASSNAP, F_SNAPPREV, F_SNAPDISC = \
    range(12)
# Outcomes and node kinds.
WIN, LOSS = 1, 2
K_DECISION, K_DRAW, K_REMOVE, K_TERMINAL = 0, 1, 2, 3


def frame_base(n: int, ops: int, d: int) -> int:
    """Offset of frame d, so the length of a work array of d frames (:func:`fbase` in plain Python, for the
    tables' builder and the state conversions: a kernel called from Python costs a wrapper to compile)."""
    return 5 + 4 * n + d * (12 + n + ops)


@inner
def fbase(P, d):
    """Offset of frame d."""
    n = P[P_N]
    return 5 + 4 * n + d * (12 + n + P[P_OPS])


@inner
def _sum(W, start, n):
    t = 0
    for i in range(start, start + n):
        t += W[i]
    return t


@inner
def _push(W, P, fb, op):
    n = P[P_N]
    k = W[fb + 11 + n]
    if k >= P[P_OPS]:
        W[W_ERR] = 1
        return
    W[fb + 12 + n + k] = op
    W[fb + 11 + n] = k + 1


@inner
def _pop(W, P, fb):
    n = P[P_N]
    k = W[fb + 11 + n] - 1
    W[fb + 11 + n] = k
    return W[fb + 12 + n + k]


@inner
def _front(W, P, fb):
    n = P[P_N]
    return W[fb + 12 + n + W[fb + 11 + n] - 1]


@inner
def node_kind(W, P):
    """Decision at a thought step, draw or removal chance, or terminal (same test as the machine)."""
    if W[W_OUT] != 0:
        return K_TERMINAL
    d = W[W_DEPTH]
    if d == 0:
        return K_DRAW
    code = _front(W, P, fbase(P, d - 1)) & 7
    if code == STEP:
        return K_DECISION
    if code == DRAW:
        return K_DRAW
    return K_REMOVE


@inner
def _cond(W, P, T, fi, start, count):
    """Evaluate a compiled condition for the dream at frame fi (undefined terms make comparisons false)."""
    printed, prog, stk = P[O_PRINTED], P[O_PROG], P[O_STK]
    n = P[P_N]
    fb = fbase(P, fi)
    disc = W_HAND + 2 * n
    sp = 0
    for k in range(start, start + count):
        op = T[prog + 2 * k]
        arg = T[prog + 2 * k + 1]
        if op == TM_NUM:
            v = arg
        elif op == TM_HANDK:
            v = W[W_HAND + arg]
        elif op == TM_DECKK:
            v = W[W_HAND + n + arg]
        elif op == TM_DISC:
            v = W[disc + arg]
        elif op == TM_DISC_SNAP:
            v = W[fb + F_SNAPDISC + arg] & SNAP_MASK if W[fb + F_HASSNAP] else W[disc + arg]
        elif op == TM_HANDK_SNAP:
            v = W[fb + F_SNAPDISC + arg] >> SNAP_SHIFT if W[fb + F_HASSNAP] else W[W_HAND + arg]
        elif op == TM_HAND_SNAP:
            v = 0
            for i in range(n):
                v += W[fb + F_SNAPDISC + i] >> SNAP_SHIFT if W[fb + F_HASSNAP] else W[W_HAND + i]
        elif op == TM_INT:
            v = W[fb + F_INT]
        elif op == TM_PRINTED:
            v = T[printed + W[fb + F_CARD]]
        elif op == TM_HAND:
            v = _sum(W, np.int64(W_HAND), n)
        elif op == TM_LUC:
            v = W[W_LUC]
        elif op == TM_DECK:
            v = _sum(W, W_HAND + n, n)
        elif op == TM_LOST:
            v = W[fb + F_LOST]
            if v < 0:
                v = NONE
        elif op == TM_PREV:
            v = W[W_PREV]
        elif op == TM_PREV_SNAP:
            v = W[fb + F_SNAPPREV] if W[fb + F_HASSNAP] else W[W_PREV]
        elif op == TM_PREV_OUTER:
            v = T[printed + W[fbase(P, fi - 1) + F_CARD]] if fi > 0 else W[W_PREV]
        elif op == C_FLAG:  # arg 1 (frame = chain): this dream's frame or one it is chained in
            v = 0
            for g in range(0 if arg else fi, fi + 1):
                if W[fbase(P, g) + F_THOUGHT] >= 0:
                    v = 1
        elif op == C_NOT:
            sp -= 1
            v = 1 - T[stk + sp]
        elif op == C_AND or op == C_OR:
            sp -= arg
            hits = 0
            for j in range(sp, sp + arg):
                hits += T[stk + j]
            v = (1 if hits == arg else 0) if op == C_AND else (1 if hits > 0 else 0)
        else:  # C_CMP
            b = T[stk + sp - 1]
            a = T[stk + sp - 2]
            sp -= 2
            if a == NONE or b == NONE:
                v = 0
            elif arg == 0:
                v = 1 if a >= b else 0
            elif arg == 1:
                v = 1 if a <= b else 0
            elif arg == 2:
                v = 1 if a > b else 0
            elif arg == 3:
                v = 1 if a < b else 0
            elif arg == 4:
                v = 1 if a == b else 0
            else:
                v = 1 if a != b else 0
        T[stk + sp] = v
        sp += 1
    return T[stk] != 0


@inner
def _test(W, P, T, fi, card, row):
    at = card * P[P_RMAX] + row
    cs = T[P[O_CS] + at]
    return cs < 0 or _cond(W, P, T, fi, cs, T[P[O_CC] + at])


@inner
def _push_rows(W, P, T, fb, at, card):
    """Put a card's rows of a trigger in front of the frame's ops, in row order (``at``: trigger × n + card)."""
    base = P[O_ROWS] + at * P[P_RMAX]
    for j in range(T[P[O_COUNTS] + at] - 1, -1, -1):
        _push(W, P, fb, ROW | card << 3 | T[base + j] << 8)


@inner
def _defer(W, P, T, fb, at, card):
    """Put a card's rows read at the end of the dream just in front of the frame's next loss step, in row order
    (in front of every op if no loss step is left): the machine's ``_defer``. ``at``: late trigger × n + card."""
    m = T[P[O_COUNTS] + at]
    if m == 0:
        return
    n = P[P_N]
    k = W[fb + 11 + n]
    if k + m > P[P_OPS]:
        W[W_ERR] = 1
        return
    ops, steps = fb + 12 + n, P[O_STEPS]
    q = k  # where the rows go in the back-to-front store: k is in front of every op
    for j in range(k - 1, -1, -1):
        op = W[ops + j]
        if op & 7 == STEP and T[steps + ((op >> 3) & 31)] == S_LOSS:
            q = j + 1
            break
    for j in range(k - 1, q - 1, -1):
        W[ops + j + m] = W[ops + j]
    base = P[O_ROWS] + at * P[P_RMAX]
    for j in range(m):
        W[ops + q + m - 1 - j] = ROW | card << 3 | T[base + j] << 8
    W[fb + 11 + n] = k + m


@inner
def _check_defeat(W, P):
    if W[W_LUC] <= P[P_DEFEAT]:
        W[W_OUT] = LOSS
        return True
    return False


@inner
def _act(W, P, T, fi, card, row):
    at = card * P[P_RMAX] + row
    verb, amount = T[P[O_VERB] + at], T[P[O_AMOUNT] + at]
    fb = fbase(P, fi)
    if verb == V_INTENSITY:
        lo, hi = (0, W[W_DEPTH]) if P[P_SHARED] else (fi, fi + 1)
        for g in range(lo, hi):
            gb = fbase(P, g)
            value = W[gb + F_INT] + amount
            if P[P_FLOOR_EACH] and value < 0:
                value = 0
            W[gb + F_INT] = value
    elif verb == V_DRAW:
        for _ in range(amount):
            _push(W, P, fb, DRAW | card << 3)
    elif verb == V_EXTRA:
        W[fb + F_EXTRA] += amount
    elif verb == V_GAIN:
        W[W_LUC] += amount
    elif verb == V_IGNORE:
        W[fb + F_IGN] = 1
    elif verb == V_CANCEL:
        W[fb + F_CANC] = 1
    else:
        _push(W, P, fb, np.int64(REMOVE))


@inner
def apply(W, P, T, kind, action):
    """Apply a decision or chance outcome in place, then run on to the next node.

    The machine's apply, _run, _step, _end and _forget_previous in one kernel,
    each marked below: numba compiles a kernel called from one place fastest
    written into its caller (an inlined kernel's code is copied at some cost).
    """
    n = P[P_N]
    hand, unseen, removed = np.int64(W_HAND), W_HAND + n, W_HAND + 3 * n
    d = W[W_DEPTH]
    if kind == K_DECISION:
        fb = fbase(P, d - 1)
        _pop(W, P, fb)
        if action >= 0:
            W[hand + action] -= 1
            W[removed + action] += 1
            W[fb + F_THOUGHT] = action
            if P[P_HOLDS]:
                W[fb + F_HOLD] = 1
                _push(W, P, fb, np.int64(RELEASE))
            _push_rows(W, P, T, fb, T_PLAY * n + action, action)
            _defer(W, P, T, fb, T_LATE_PLAY * n + action, action)
    elif kind == K_REMOVE:
        _pop(W, P, fbase(P, d - 1))
        W[hand + action] -= 1
        W[removed + action] += 1
    else:
        origin = -1
        if d > 0:
            origin = (_pop(W, P, fbase(P, d - 1)) >> 3) & 31
        W[unseen + action] -= 1
        if not T[P[O_DREAM] + action]:
            if P[P_NEXT_CARD]:
                W[W_PREV] = NONE  # the next card was a thought: no dream follows its previous one
            held = 0
            for g in range(d):
                held += W[fbase(P, g) + F_HOLD]
            if _sum(W, hand, n) + held < P[P_HAND_LIMIT] or P[P_KEEP]:
                W[hand + action] += 1
            else:
                W[removed + action] += 1
        elif d >= P[P_MAXD]:
            W[W_ERR] = 1
        else:
            fb = fbase(P, d)
            W[fb + F_CARD] = action
            W[fb + F_INT] = T[P[O_PRINTED] + action]
            W[fb + F_THOUGHT] = -1
            W[fb + F_HOLD] = 0
            W[fb + F_IGN] = 0
            W[fb + F_CANC] = 0
            W[fb + F_EXTRA] = 0
            W[fb + F_LOST] = -1
            W[fb + F_ORIGIN] = origin
            W[fb + F_HASSNAP] = 0
            W[fb + 11 + n] = 0
            for i in range(5, -1, -1):  # the six steps (validated at load)
                _push(W, P, fb, STEP | i << 3)
            W[W_DEPTH] = d + 1
        if P[P_LAST_CARD] and _sum(W, unseen, n) == 0 and W[W_LUC] >= P[P_VMIN]:
            W[W_OUT] = WIN
    # _run: deterministic work until a decision, a chance event or the end.
    steps = P[O_STEPS]
    while W[W_OUT] == 0 and W[W_ERR] == 0:
        d = W[W_DEPTH]
        if d == 0:
            if _sum(W, W_HAND + n, n) == 0:
                W[W_OUT] = WIN if W[W_LUC] >= P[P_VMIN] else LOSS
            break
        fi = d - 1
        fb = fbase(P, fi)
        op = _front(W, P, fb)
        code, a, b = op & 7, (op >> 3) & 31, op >> 8
        if code == DRAW:
            if _sum(W, W_HAND + n, n) and W[W_LUC] > P[P_STOP]:
                break
            _pop(W, P, fb)
        elif code == REMOVE:
            if _sum(W, hand, n):
                break
            _pop(W, P, fb)
        elif code == STEP and T[steps + a] == S_THOUGHT:
            if P[P_TPD] and _sum(W, hand, n):
                break
            _pop(W, P, fb)
        elif code == STEP:
            _pop(W, P, fb)
            # _step: one step of the procedure for the dream at frame fi.
            step_kind = T[steps + a]
            card = W[fb + F_CARD]
            if step_kind == S_REVEAL:
                W[fb + F_INT] = T[P[O_PRINTED] + card]
                if P[P_SNAPSHOT]:
                    W[fb + F_HASSNAP] = 1
                    W[fb + F_SNAPPREV] = W[W_PREV]
                    for i in range(n):
                        W[fb + F_SNAPDISC + i] = W[W_HAND + 2 * n + i]
                        if P[P_SNAP_HAND]:
                            W[fb + F_SNAPDISC + i] += W[W_HAND + i] << SNAP_SHIFT
                if P[P_NEXT_CARD]:
                    W[W_PREV] = NONE  # reading previous_dream=next_card: this card took it
            elif step_kind == S_EFFECT:
                if not (W[fb + F_IGN] or W[fb + F_CANC]):
                    _push_rows(W, P, T, fb, T_EFFECT * n + card, card)
                    _defer(W, P, T, fb, T_LATE_EFFECT * n + card, card)
            elif step_kind == S_LOSS:
                if W[fb + F_CANC]:
                    lost = 0
                else:
                    # (no max or min here: each would compile a kernel of its own)
                    base = W[fb + F_INT] if W[fb + F_INT] > 0 else 0
                    if P[P_CAP_INTENSITY]:
                        lost = (base if base < P[P_CAP] else P[P_CAP]) + W[fb + F_EXTRA]
                    else:
                        lost = base + W[fb + F_EXTRA]
                        if lost > P[P_CAP]:
                            lost = P[P_CAP]
                W[fb + F_LOST] = lost
                W[W_LUC] -= lost
                if P[P_IMMEDIATE] and _check_defeat(W, P):
                    continue
                thought = W[fb + F_THOUGHT]
                if thought >= 0:
                    _push_rows(W, P, T, fb, T_AFTER * n + thought, thought)
                _push_rows(W, P, T, fb, T_AFTER * n + card, card)
            elif step_kind == S_DISCARD:
                W[W_HAND + 2 * n + card] += 1
                W[W_PREV] = T[P[O_PRINTED] + card]
            elif step_kind == S_END:
                # _end: the defeat check and the origin's drawn_resolved rows, in the rule's order.
                origin = W[fb + F_ORIGIN]
                acts = P[O_ACTS]
                na = 0
                if origin >= 0:
                    base = P[O_ROWS] + (T_DRAWN * P[P_N] + origin) * P[P_RMAX]
                    for j in range(T[P[O_COUNTS] + T_DRAWN * P[P_N] + origin]):
                        r = T[base + j]
                        if _test(W, P, T, fi, origin, r):
                            T[acts + na] = r
                            na += 1
                before = P[P_BEFORE] != 0 and na > 0
                # Reading defeat_scope: under turn_card only the turned card's end (depth 1) is a defeat check.
                checks = P[P_TURN_ONLY] == 0 or W[W_DEPTH] == 1
                defeated = checks and not before and _check_defeat(W, P)
                W[W_DEPTH] -= 1
                if na > 0 and not defeated:
                    ob = fbase(P, W[W_DEPTH] - 1)
                    if before and checks:
                        _push(W, P, ob, np.int64(CHECK))
                    for j in range(na - 1, -1, -1):
                        _push(W, P, ob, ACT | origin << 3 | T[acts + j] << 8)
        else:
            _pop(W, P, fb)
            if code == ROW:
                if _test(W, P, T, fi, a, b):
                    _act(W, P, T, fi, a, b)
            elif code == ACT:
                _act(W, P, T, fi, a, b)
            elif code == RELEASE:
                W[fb + F_HOLD] = 0
            else:
                _check_defeat(W, P)
    # _forget_previous: merge previous dreams no remaining card can tell apart.
    if W[W_PREV] != NONE:
        cls, reader = P[O_PREVCLS], P[O_READER]
        live = False
        for i in range(n):
            if T[reader + i] and (W[W_HAND + n + i] or W[W_HAND + i]):
                live = True
                break
        if not live:
            for g in range(W[W_DEPTH]):
                gb = fbase(P, g)
                t = W[gb + F_THOUGHT]
                if T[reader + W[gb + F_CARD]] or (t >= 0 and T[reader + t]):
                    live = True
                    break
        W[W_PREV] = T[cls + W[W_PREV]] if live else NONE


@inner
def decide(W, P, T):
    """The strategy's decision at a decision state (songe.games.reveil.strategies.policy, compiled)."""
    n = P[P_N]
    fi = W[W_DEPTH] - 1
    dream = W[fbase(P, fi) + F_CARD]
    for r in range(P[P_RULES]):
        o = P[O_STRAT] + STRAT_WIDTH * r
        if T[o] >= 0 and T[o] != dream:
            continue
        if T[o + 2] > 0 and not _cond(W, P, T, fi, T[o + 1], T[o + 2]):
            continue
        play = T[o + 3]
        if play == -2:  # 'none': keep every thought
            return -1
        if play < 0:
            for c in range(n):
                if W[W_HAND + c] > 0 and not (T[o + 4] >> c) & 1:
                    return c
        elif W[W_HAND + play] > 0:
            return play
    return -1


@kernel
def choose(W, P, T):
    """:func:`decide` for Python callers (the solver calls ``decide``, whose compile then builds no Python
    wrapper)."""
    return decide(W, P, T)


@kernel
def step(W, P, T, action):
    """One transition from W (a copy is changed and returned), for differential tests."""
    X = W.copy()
    apply(X, P, T, node_kind(X, P), action)
    return X
