"""Numba kernel: the whole state graph of a packed Réveil game, in the shared explorer's order.

:func:`graph` visits what :func:`songe.engine.explore.walk` visits on
:class:`~songe.games.reveil.fast_game.PackedReveil`, in the same order (depth
first from a stack; a node's unseen children pushed last to first), and
returns the graph as flat arrays, so that an export of hundreds of thousands of
states costs no Python call per move. The explorer stays the reference: a
test requires both to give the same states, numbering and edges.

Kernels version 9 (hash tags in the memo's index): numba's cache
checks a kernel's own file only, so a change to :mod:`fast_core` comes with a
change of this line in every module that compiles it in.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from songe.games.reveil.fast_core import (
    F_CARD,
    K_DECISION,
    K_REMOVE,
    K_TERMINAL,
    LOSS,
    P_KEY,
    P_N,
    W_DEPTH,
    W_ERR,
    W_HAND,
    W_LUC,
    W_OUT,
    ZERO,
    apply,
    fbase,
    node_kind,
)
from songe.games.reveil.fast_search import ARENA_MAX, _find, _grow, _hash, _pool, _rehash, insert, pack, unpack

#: How :func:`graph` ended: done; past the state budget; a state outgrew the compiled layout.
OK, BUDGET, LIMIT = 0, 1, 2


@njit(cache=True)
def graph(pk0, P, T, size, max_states):
    """Every state reachable from the packed state ``pk0``.

    Returns ``(status, arena, ent_off, ent_len, order, kind, e_start, e_action, e_weight, e_child)``: each
    state's packed key is ``arena[ent_off[e]:ent_off[e] + ent_len[e]]`` for its entry ``e`` (entries
    number states as first seen); ``order`` lists the entries as the explorer yields them; per yielded
    state ``k``: ``kind[k]`` (a kernel node kind) and its edges ``e_start[k]:e_start[k + 1]``, each an
    action or outcome, a weight (the outcome's copies at a chance node, 0 at a decision) and the child's
    entry.
    """
    n = P[P_N]
    cap = 1 << 16
    arena = np.empty(cap * 16, np.int16)
    ent_off = np.empty(cap, np.int64)
    ent_len = np.empty(cap, np.int64)
    ent_hash = np.empty(cap, np.int64)
    index = _rehash(ent_hash, ent_off, ZERO, cap * 2)  # an empty index
    order = np.empty(cap, np.int64)
    kind = np.empty(cap, np.int64)
    e_start = np.zeros(cap + 1, np.int64)
    e_action = np.empty(cap * 4, np.int64)
    e_weight = np.empty(cap * 4, np.int64)
    e_child = np.empty(cap * 4, np.int64)
    child_keys = np.empty((n + 1, P[P_KEY] + 1), np.int16)
    child_len = np.empty(n + 1, np.int64)
    child_act = np.empty(n + 1, np.int64)
    child_wt = np.empty(n + 1, np.int64)
    todo = np.empty(cap, np.int64)
    mem = np.zeros(2, np.int64)  # arena used, entries
    done, edges, top = 0, 0, 0

    # the start
    klen = pk0.shape[0]
    h = _hash(pk0, klen)
    _, slot = _find(pk0, klen, h, arena, index)
    _, arena, ent_off, ent_len, ent_hash, index = insert(pk0, klen, h, slot, arena, ent_off, ent_len, ent_hash,
                                                         index, mem)
    todo[0] = 0
    top = 1
    while top > 0:
        top -= 1
        e = todo[top]
        if done >= order.shape[0]:
            order, kind = _grow(order, 2 * done), _grow(kind, 2 * done)
            e_start = _grow(e_start, 2 * done + 1)
        order[done] = e
        W = unpack(arena[ent_off[e]:ent_off[e] + ent_len[e]], P, size)
        k = node_kind(W, P)
        kind[done] = k
        e_start[done] = edges
        done += 1
        if k == K_TERMINAL:
            continue
        # the children, in the game's order (PASS first at a decision; card order at chance)
        m = 0
        first = -1 if k == K_DECISION else 0
        for a in range(first, n):
            if a >= 0 and _pool(W, ZERO, P, K_REMOVE if k == K_DECISION else k, a) <= 0:
                continue
            X = W.copy()
            apply(X, P, T, k, a)
            if X[W_ERR]:
                return LIMIT, arena, ent_off, ent_len, order, kind, e_start, e_action, e_weight, e_child
            key = pack(X, P)
            child_len[m] = key.shape[0]
            for i in range(key.shape[0]):
                child_keys[m, i] = key[i]
            child_act[m] = a
            child_wt[m] = 0 if k == K_DECISION else _pool(W, ZERO, P, k, a)
            m += 1
        if edges + m > e_action.shape[0]:
            e_action, e_weight = _grow(e_action, 2 * (edges + m)), _grow(e_weight, 2 * (edges + m))
            e_child = _grow(e_child, 2 * (edges + m))
        # last to first: an unseen child is numbered and pushed (so the first child is yielded next)
        for j in range(m - 1, -1, -1):
            kb = child_keys[j, :child_len[j]]
            klen = child_len[j]
            h = _hash(kb, klen)
            c, slot = _find(kb, klen, h, arena, index)
            if c < 0:
                if mem[1] >= max_states:
                    return BUDGET, arena, ent_off, ent_len, order, kind, e_start, e_action, e_weight, e_child
                c, arena, ent_off, ent_len, ent_hash, index = insert(kb, klen, h, slot, arena, ent_off, ent_len,
                                                                     ent_hash, index, mem)
                if mem[0] >= ARENA_MAX:
                    return LIMIT, arena, ent_off, ent_len, order, kind, e_start, e_action, e_weight, e_child
                if top >= todo.shape[0]:
                    todo = _grow(todo, 2 * top)
                todo[top] = c
                top += 1
            e_action[edges + j] = child_act[j]
            e_weight[edges + j] = child_wt[j]
            e_child[edges + j] = c
        edges += m
    if done >= e_start.shape[0]:
        e_start = _grow(e_start, done + 1)
    e_start[done] = edges
    used, entries = mem[0], mem[1]
    return (OK, arena[:used], ent_off[:entries], ent_len[:entries], order[:done], kind[:done], e_start[:done + 1],
            e_action[:edges], e_weight[:edges], e_child[:edges])



@njit(cache=True)
def figures(arena, ent_off, ent_len, order, P, size):
    """Per yielded state (``order``), what its features read: lucidity, cards unseen, thoughts in hand,
    the stack's height, whether the game is lost, the innermost dream (-1: none); one row each.

    So that an export labels hundreds of thousands of states without a state object each.
    """
    n = P[P_N]
    out = np.empty((order.shape[0], 6), np.int64)
    for k in range(order.shape[0]):
        e = order[k]
        W = unpack(arena[ent_off[e]:ent_off[e] + ent_len[e]], P, size)
        d = W[W_DEPTH]
        unseen, hand = 0, 0
        for i in range(n):
            hand += W[W_HAND + i]
            unseen += W[W_HAND + n + i]
        out[k, 0], out[k, 1], out[k, 2], out[k, 3] = W[W_LUC], unseen, hand, d
        out[k, 4] = 1 if W[W_OUT] == LOSS else 0
        out[k, 5] = W[fbase(P, d - 1) + F_CARD] if d > 0 else -1
    return out
