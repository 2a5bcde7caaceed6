"""Numba kernels of Réveil's fast exact path: state keys, the memo, and the expectimax over work arrays.

A state's key is its work array (:mod:`songe.games.reveil.fast_core`) written
field by field as int16, so two keys are equal exactly when the machine's
states are. The memo keeps keys in one arena with an open-addressing index;
the expectimax is a depth-first search with an explicit stack (no recursion
limit), its values integers over the common denominator ``D``.

Kernels version 9 (hash tags in the memo's index): numba's cache
checks a kernel's own file only, so a change to :mod:`fast_core` comes with a
change of this line in every module that compiles it in.
"""

from __future__ import annotations

import numpy as np

from songe.games.reveil.fast_core import (
    F_CANC,
    F_CARD,
    F_EXTRA,
    F_HASSNAP,
    F_HOLD,
    F_IGN,
    F_INT,
    F_LOST,
    F_ORIGIN,
    F_SNAPDISC,
    F_SNAPPREV,
    F_THOUGHT,
    K_DECISION,
    K_DRAW,
    K_REMOVE,
    K_TERMINAL,
    LOSS,
    NONE,
    P_D,
    P_KEY,
    P_MAX_STACK,
    P_MAX_STATES,
    P_N,
    P_RULES,
    W_DEPTH,
    W_ERR,
    W_HAND,
    W_LUC,
    W_OUT,
    W_PREV,
    WIN,
    ZERO,
    apply,
    decide,
    fbase,
    inner,
    kernel,
    node_kind,
)

#: An undefined ``previous`` in a key (keys are int16; real values stay far from it).
KEY_NONE = -32768
#: How a search ended: done; past --max-states; past the compiled layout; a value not exact over D.
OK, BUDGET, LIMIT, INEXACT = 0, 1, 2, 3


@inner
def encode(W, P, kb):
    """The state's key (int16): equal keys exactly when the machine's states are equal.

    A card's four zone counts share one entry, 4 bits each (a card has at most
    10 copies, MAX_COPIES); every other field has its own.
    """
    n = P[P_N]
    kb[0] = W[W_LUC]
    kb[1] = KEY_NONE if W[W_PREV] == NONE else W[W_PREV]
    kb[2] = W[W_DEPTH]
    k = 3
    for i in range(W_HAND, W_HAND + n):
        kb[k] = W[i] | W[i + n] << 4 | W[i + 2 * n] << 8 | W[i + 3 * n] << 12
        k += 1
    for d in range(W[W_DEPTH]):
        fb = fbase(P, d)
        kb[k] = W[fb + F_CARD]
        kb[k + 1] = W[fb + F_INT]
        kb[k + 2] = W[fb + F_THOUGHT]
        kb[k + 3] = W[fb + F_HOLD] | W[fb + F_IGN] << 1 | W[fb + F_CANC] << 2 | W[fb + F_HASSNAP] << 3
        kb[k + 4] = W[fb + F_EXTRA]
        kb[k + 5] = W[fb + F_LOST]
        kb[k + 6] = W[fb + F_ORIGIN]
        k += 7
        if W[fb + F_HASSNAP]:
            kb[k] = KEY_NONE if W[fb + F_SNAPPREV] == NONE else W[fb + F_SNAPPREV]
            k += 1
            for i in range(n):
                kb[k] = W[fb + F_SNAPDISC + i]
                k += 1
        nops = W[fb + 11 + n]
        kb[k] = nops
        k += 1
        for i in range(nops):
            kb[k] = W[fb + 12 + n + i]
            k += 1
    return k


@inner
def _hash(kb, klen):
    h = np.uint64(14695981039346656037)
    for i in range(klen):
        h ^= np.uint64(kb[i] & 0xFFFF)
        h *= np.uint64(1099511628211)
    h ^= h >> np.uint64(29)
    return np.int64(h)  # the same 64 bits, stored as int64: one array type less to compile for


#: A key's header in the arena, before its int16s: its entry (low and high 16 bits) and its length.
HEADER = 3
#: The arena's room: an index slot holds a key's offset in 32 bits.
ARENA_MAX = 1 << 32


@inner
def _tag(h):
    """The 31 high bits of a key's hash that its index slot holds above the offset (see :func:`_slot_word`)."""
    return (h >> 32) & 0x7FFFFFFF


@inner
def _slot_word(h, off):
    """An index slot's word: the key's offset in the arena in the low 32 bits, 31 high bits of its hash
    above them (never negative: -1 is an empty slot). A probe compares hashes in the index itself and
    finds the entry and the length in the key's header, beside the key: one cache miss for each key
    found, where reading the entry's arrays took three."""
    return _tag(h) << 32 | off


@inner
def _find(kb, klen, h, arena, index):
    """(entry, slot): the entry holding the key or -1, and where the probe stopped (the index and the keys'
    headers hold all it reads)."""
    mask = index.shape[0] - 1
    slot = h & mask
    tag = _tag(h)
    while True:
        x = index[slot]
        if x < 0:
            return -1, slot
        if x >> 32 == tag:
            off = x & 0xFFFFFFFF
            if arena[off - 1] == klen:
                same = True
                for i in range(klen):
                    if arena[off + i] != kb[i]:
                        same = False
                        break
                if same:
                    return (np.int64(arena[off - 3]) & 0xFFFF) | (np.int64(arena[off - 2]) & 0xFFFF) << 16, slot
        slot = (slot + 1) & mask


@inner
def _rehash(ent_hash, ent_off, n_ent, size):
    index = np.empty(size, np.int64)  # (np.full would compile a kernel of its own)
    for i in range(size):
        index[i] = -1
    mask = size - 1
    for e in range(n_ent):
        slot = ent_hash[e] & mask
        while index[slot] >= 0:
            slot = (slot + 1) & mask
        index[slot] = _slot_word(ent_hash[e], ent_off[e])
    return index


@inner
def _grow(a, size):
    b = np.empty(size, a.dtype)
    for i in range(a.shape[0]):  # a loop, not a slice assignment: that one compiles a formatted error (seconds)
        b[i] = a[i]
    return b


@inner
def insert(kb, klen, h, slot, arena, ent_off, ent_len, ent_hash, index, cnt):
    """Store a key not yet in the memo (``slot``: where :func:`_find` stopped) as entry ``cnt[1]``.

    ``cnt[0]`` is the arena used, ``cnt[1]`` the entries; the arrays grow as
    needed, so they come back: ``(entry, arena, ent_off, ent_len, ent_hash, index)``. A key is
    written after its header (:data:`HEADER`); its caller stops once the arena passes :data:`ARENA_MAX`.
    The one insert of the solver's memo and of the graph walk.
    """
    e = cnt[1]
    if e >= ent_off.shape[0]:
        ent_off, ent_len, ent_hash = _grow(ent_off, 2 * e), _grow(ent_len, 2 * e), _grow(ent_hash, 2 * e)
    off = cnt[0] + HEADER
    if off + klen > arena.shape[0]:
        arena = _grow(arena, 2 * arena.shape[0] + HEADER + klen)
    arena[off - 3], arena[off - 2], arena[off - 1] = e & 0xFFFF, (e >> 16) & 0xFFFF, klen
    for i in range(klen):
        arena[off + i] = kb[i]
    ent_off[e], ent_len[e], ent_hash[e] = off, klen, h
    cnt[0] = off + klen
    cnt[1] = e + 1
    index[slot] = _slot_word(h, off)
    if 2 * cnt[1] > index.shape[0]:
        index = _rehash(ent_hash, ent_off, cnt[1], 2 * index.shape[0])
    return e, arena, ent_off, ent_len, ent_hash, index


@inner
def _copy(dst, d0, src, s0, P):
    """Copy a work array (src from s0 to dst from d0) up to its last frame (the rest is never read)."""
    for i in range(fbase(P, src[s0 + W_DEPTH])):
        dst[d0 + i] = src[s0 + i]


@inner
def _pool(W, w0, P, kind, c):
    """How many copies of outcome c the chance node (the work array at w0) holds: its weight (at a decision:
    the copies of thought c in hand)."""
    return W[w0 + W_HAND + P[P_N] + c] if kind == K_DRAW else W[w0 + W_HAND + c]


@kernel
def solve(W0, P, T, arena, ent_off, ent_len, ent_val, ent_hash, index, cnt):
    """Memoized expectimax from a non-terminal work state; values are integers over D.

    The memo is the arrays ``arena`` … ``index`` with ``cnt = [arena used,
    entries, values, transitions run]``; they grow as needed and come back in the result:
    ``(status, value, arena, ent_off, ent_len, ent_val, ent_hash, index)``.
    An entry's value is -1 while its state is being solved.
    """
    n = P[P_N]
    maxsp = P[P_MAX_STACK]
    size = W0.shape[0]
    stW = np.empty(maxsp * size, np.int64)  # the stack's states, one after another
    st_e = np.empty(maxsp, np.int64)
    st_cur = np.empty(maxsp, np.int64)
    st_acc = np.empty(maxsp, np.int64)
    st_wt = np.empty(maxsp, np.int64)
    st_kind = np.empty(maxsp, np.int64)
    st_tot = np.empty(maxsp, np.int64)
    kb = np.empty(P[P_KEY], np.int16)
    W = W0.copy()
    D = P[P_D]
    sp = 0
    value = np.int64(0)
    kind = node_kind(W, P)
    while True:
        # W holds a non-terminal state to look up, or to push if new.
        klen = encode(W, P, kb)
        h = _hash(kb, klen)
        e, slot = _find(kb, klen, h, arena, index)
        pushed = False
        if e >= 0:
            value = ent_val[e]
            if value < 0:
                return LIMIT, 0, arena, ent_off, ent_len, ent_val, ent_hash, index
        else:
            if sp >= maxsp:
                return LIMIT, 0, arena, ent_off, ent_len, ent_val, ent_hash, index
            e, arena, ent_off, ent_len, ent_hash, index = insert(kb, klen, h, slot, arena, ent_off, ent_len,
                                                                 ent_hash, index, cnt)
            if cnt[0] >= ARENA_MAX:
                return LIMIT, 0, arena, ent_off, ent_len, ent_val, ent_hash, index
            if e >= ent_val.shape[0]:
                ent_val = _grow(ent_val, ent_off.shape[0])
            ent_val[e] = -1
            _copy(stW, sp * size, W, ZERO, P)
            st_e[sp], st_cur[sp], st_kind[sp] = e, -2, kind
            st_acc[sp] = -1 if kind == K_DECISION else 0
            tot = 0  # a chance node's total weight; a decision's choice under a strategy
            if kind == K_DECISION and P[P_RULES] >= 0:
                tot = decide(W, P, T)
            elif kind != K_DECISION:
                for c in range(n):
                    tot += _pool(W, ZERO, P, kind, c)
            st_tot[sp] = tot
            sp += 1
            pushed = True
        # Fold finished values into their parents and find the next child to visit.
        while True:
            if not pushed:
                if sp == 0:
                    return OK, value, arena, ent_off, ent_len, ent_val, ent_hash, index
                top = sp - 1
                if st_kind[top] == K_DECISION:
                    if value > st_acc[top]:
                        st_acc[top] = value
                else:
                    st_acc[top] += st_wt[top] * value
            pushed = False
            top = sp - 1
            pk = st_kind[top]
            # The next action or outcome after cur, in the machine's order (PASS = -1 first), or -2 if none;
            # under a strategy, a decision has one action: its choice (a decision's pool is the hand).
            cur = st_cur[top]
            c = -2
            if pk == K_DECISION and P[P_RULES] >= 0:
                if cur == -2:
                    c = st_tot[top]
            elif pk == K_DECISION and cur == -2:
                c = -1
            else:
                for x in range(cur + 1 if cur >= 0 else 0, n):  # (max would compile a kernel of its own)
                    if _pool(stW, top * size, P, pk, x) > 0:
                        c = x
                        break
            if c == -2:
                acc = st_acc[top]
                if pk != K_DECISION:
                    if acc % st_tot[top] != 0:
                        return INEXACT, 0, arena, ent_off, ent_len, ent_val, ent_hash, index
                    acc //= st_tot[top]
                if cnt[2] >= P[P_MAX_STATES]:
                    return BUDGET, 0, arena, ent_off, ent_len, ent_val, ent_hash, index
                ent_val[st_e[top]] = acc
                cnt[2] += 1
                value = acc
                sp -= 1
                continue
            st_cur[top] = c
            st_wt[top] = 0 if pk == K_DECISION else _pool(stW, top * size, P, pk, c)
            _copy(W, ZERO, stW, top * size, P)
            apply(W, P, T, pk, c)
            cnt[3] += 1
            if W[W_ERR]:
                return LIMIT, 0, arena, ent_off, ent_len, ent_val, ent_hash, index
            kind = node_kind(W, P)
            if kind == K_TERMINAL:
                value = D if W[W_OUT] == WIN else 0
                continue
            break


def callees(W, P, T, arrays, cnt):
    """:func:`solve`'s callees as two groups that share no callee of weight, with example arguments of the
    types it calls them with: a first compile runs the groups in two processes
    (:func:`songe.games.reveil.kernels.prepare_kernels`). The transition, then the strategy and the search's
    own (about equal halves: both compile the conditions, which costs no wall time)."""
    arena, ent_off, ent_len, _, ent_hash, index = arrays
    kb = np.empty(P[P_KEY], np.int16)
    transition = ((apply, (W, P, T, ZERO, ZERO)),)
    search = ((decide, (W, P, T)), (encode, (W, P, kb)), (_hash, (kb, ZERO)), (_find, (kb, ZERO, ZERO, arena, index)),
              (insert, (kb, ZERO, ZERO, ZERO, arena, ent_off, ent_len, ent_hash, index, cnt)),
              (_copy, (W, ZERO, W, ZERO, P)), (_pool, (W, ZERO, P, ZERO, ZERO)), (node_kind, (W, P)))
    return transition, search


# ------------------------------------------------------------ packed states (keys as game states)

#: The first int16 of a packed state: how the game stands (its key follows).
PACK_RUNNING, PACK_WON, PACK_LOST = 0, 1, 2


@kernel
def pack(W, P):
    """A state as int16: a tag (running, won or lost), then its key (:func:`encode`)."""
    kb = np.empty(P[P_KEY] + 1, np.int16)
    kb[0] = PACK_RUNNING if W[W_OUT] == 0 else PACK_WON if W[W_OUT] == WIN else PACK_LOST
    klen = encode(W, P, kb[1:])
    return kb[:1 + klen].copy()


@kernel
def unpack(pk, P, size):
    """The work array of a packed state (the inverse of :func:`pack`)."""
    n = P[P_N]
    W = np.zeros(size, np.int64)
    W[W_OUT] = 0 if pk[0] == PACK_RUNNING else WIN if pk[0] == PACK_WON else LOSS
    W[W_LUC] = pk[1]
    W[W_PREV] = NONE if pk[2] == KEY_NONE else pk[2]
    depth = pk[3]
    W[W_DEPTH] = depth
    k = 4
    for i in range(n):
        v = np.int64(pk[k]) & 0xFFFF
        W[W_HAND + i] = v & 15
        W[W_HAND + n + i] = (v >> 4) & 15
        W[W_HAND + 2 * n + i] = (v >> 8) & 15
        W[W_HAND + 3 * n + i] = (v >> 12) & 15
        k += 1
    for d in range(depth):
        fb = fbase(P, d)
        W[fb + F_CARD] = pk[k]
        W[fb + F_INT] = pk[k + 1]
        W[fb + F_THOUGHT] = pk[k + 2]
        flags = pk[k + 3]
        W[fb + F_HOLD] = flags & 1
        W[fb + F_IGN] = (flags >> 1) & 1
        W[fb + F_CANC] = (flags >> 2) & 1
        W[fb + F_HASSNAP] = (flags >> 3) & 1
        W[fb + F_EXTRA] = pk[k + 4]
        W[fb + F_LOST] = pk[k + 5]
        W[fb + F_ORIGIN] = pk[k + 6]
        k += 7
        if W[fb + F_HASSNAP]:
            W[fb + F_SNAPPREV] = NONE if pk[k] == KEY_NONE else pk[k]
            k += 1
            for i in range(n):
                W[fb + F_SNAPDISC + i] = pk[k]
                k += 1
        nops = pk[k]
        W[fb + 11 + n] = nops
        k += 1
        for i in range(nops):
            W[fb + 12 + n + i] = pk[k]
            k += 1
    return W


@kernel
def advance(pk, P, T, size, action):
    """(status, the packed state after a decision or chance outcome): status 0 done, 1 the move is not
    legal here (or the game is over), 2 the compiled layout overflowed."""
    none = np.empty(0, np.int16)
    if pk[0] != PACK_RUNNING:
        return 1, none
    W = unpack(pk, P, size)
    kind = node_kind(W, P)
    n = P[P_N]
    if action < -1 or action >= n or (action == -1 and kind != K_DECISION):
        return 1, none
    if action >= 0 and _pool(W, ZERO, P, K_REMOVE if kind == K_DECISION else kind, action) <= 0:
        return 1, none  # a thought not in hand, or an outcome with no card left
    apply(W, P, T, kind, action)
    if W[W_ERR]:
        return 2, none
    return 0, pack(W, P)


@kernel
def lookup(pk, arena, ent_off, ent_len, ent_val, ent_hash, index):
    """The memoized value of a running packed state (its key follows its tag), or -1 if not solved yet."""
    kb = pk[1:]
    klen = kb.shape[0]
    e, _ = _find(kb, klen, _hash(kb, klen), arena, index)
    return ent_val[e] if e >= 0 else -1
