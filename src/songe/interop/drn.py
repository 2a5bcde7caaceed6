"""Storm's DRN written from a game's flat graph arrays (:mod:`songe.solve.flat`), chunk by chunk.

The same file as :func:`songe.interop.storm.drn_lines` on
:func:`songe.interop.explicit.build`'s model, with every label and reward model
(a test compares the bytes), computed column by column over the arrays: no
choice or Fraction object per state, and only one chunk's text held at a time.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from songe.engine.interface import CHANCE, TERMINAL
from songe.interop.explicit import REWARD_KINDS, identifier
from songe.solve.flat import CHUNK, FlatGraph, segment_sums


@dataclass(frozen=True)
class DrnInfo:
    """What the file holds: its states, choices, labels (sorted) and reward models."""

    states: int
    choices: int
    labels: tuple[str, ...]
    reward_names: tuple[str, ...]


def _objects(values: np.ndarray) -> np.ndarray:
    return np.array(values.tolist(), dtype=object)


def _fractions(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    """``p/q`` (``p`` when ``q`` is 1) of each reduced fraction, as DRN writes numbers."""
    g = np.maximum(np.gcd(num, den), 1)
    num, den = num // g, den // g
    m = int(den.max(initial=0)) + 1  # one integer per fraction (small numbers: counts over a few hundred)
    keys, inv = np.unique(num * m + den, return_inverse=True)
    table = np.array([f"{k // m}" if k % m == 1 else f"{k // m}/{k % m}" for k in keys.tolist()] + [""], dtype=object)
    return table[inv.reshape(-1)]


def _rewards(columns: list[np.ndarray]) -> np.ndarray:
    """`` [a, b, …]`` from one text column per reward model (at least one)."""
    return np.array([f" [{', '.join(t)}]" for t in zip(*(c.tolist() for c in columns), strict=True)], dtype=object)


def edge_rewards(flat: FlatGraph, feature: str, kind: str, owner: np.ndarray, child: np.ndarray) -> np.ndarray:
    """The reward ``kind`` (one of ``REWARD_KINDS``) of feature ``feature`` on each edge ``owner -> child``."""
    col = flat.features[feature]
    here, there = col[owner].astype(np.int64), col[child].astype(np.int64)
    return (np.maximum(0, here - there) if kind == "lost" else np.maximum(0, there - here) if kind == "gained"
            else np.where(flat.player[child] == TERMINAL, there, 0))


def for_property(flat: FlatGraph, labels: set[str], rewards: set[str]) -> FlatGraph:
    """``flat`` with only the feature columns that the labels and reward models a property names come from.

    Storm then reads a file with just what it checks (a level's file with every
    reward model takes it several times as long to parse).
    """
    def needed(name: str) -> bool:
        ident = identifier(name)
        return ident in labels or any(x.startswith(f"{ident}_") for x in labels | rewards)

    return replace(flat, features={k: v for k, v in flat.features.items() if needed(k)})


def drn(flat: FlatGraph, rewards: set[str] | None = None) -> tuple[DrnInfo, Iterator[str]]:
    """The DRN file's facts, and its text in chunks of states; with ``rewards``, only those reward models."""
    game_info, n = flat.info, flat.size
    feats = list(flat.features.items())
    ints = sorted(name for name, col in feats if col.dtype != np.bool_)
    every = [(f"{identifier(k)}_{kind}", k, kind) for k in ints for kind in REWARD_KINDS
             if rewards is None or f"{identifier(k)}_{kind}" in rewards]
    terminal = flat.player == TERMINAL
    choices = int(np.where(flat.player == 0, np.diff(flat.start), 1).sum()) if n else 0
    marks = ["init"]
    one = game_info.num_players == 1
    ends = np.zeros(len(flat.returns), dtype=object)
    for i, r in enumerate(flat.returns):
        ends[i] = " end" + (" win" if one and r[0] == game_info.max_return else
                            " loss" if one and r[0] == game_info.min_return else "")
    if terminal.any():
        marks += sorted({x for r in set(flat.ret[terminal].tolist()) for x in ends[r].split()})
    for name, col in feats:
        if col.dtype == np.bool_:
            marks += [identifier(name)] if col.any() else []
        else:
            marks += [f"{identifier(name)}_{v}" for v in np.unique(col).tolist()]
    info = DrnInfo(n, choices, tuple(sorted(set(marks))), tuple(name for name, _, _ in every))
    return info, _text(flat, info, every, feats, ends)


def _text(flat: FlatGraph, info: DrnInfo, every: list[tuple[str, str, str]], feats: list[tuple[str, np.ndarray]],
          ends: np.ndarray) -> Iterator[str]:
    yield f"// songe: {info.states} states, {info.choices} choices\n"
    yield "@type: MDP\n@parameters\n\n@reward_models\n"
    yield " ".join(info.reward_names) + "\n"
    yield f"@nr_states\n{info.states}\n@nr_choices\n{info.choices}\n@model\n"
    zero = " [" + ", ".join("0" for _ in every) + "]" if every else ""
    names = np.array([identifier(x) for x in flat.labels], dtype=object)
    terminal = flat.player == TERMINAL
    dup = set(flat.duplicated().tolist())
    for lo in range(0, flat.size, CHUNK):
        hi = min(flat.size, lo + CHUNK)
        ks = np.arange(lo, hi)
        a, b = int(flat.start[lo]), int(flat.start[hi])
        owner = np.repeat(ks, np.diff(flat.start[lo:hi + 1]))
        child, weight = flat.child[a:b], flat.weight[a:b]
        chance_edge = flat.player[owner] == CHANCE
        # the labels of each state, each with its leading space
        head = "state " + _objects(ks.astype(str)) + zero
        head = head + np.where(ks == 0, " init", "")
        head = head + np.where(terminal[lo:hi], ends[np.maximum(flat.ret[lo:hi], 0)] if len(ends) else "", "")
        for name, col in feats:
            here = col[lo:hi]
            ident = identifier(name)
            if col.dtype == np.bool_:
                head = head + np.where(here, " " + ident, "")
            else:
                uniq, inv = np.unique(here, return_inverse=True)
                head = head + np.array([f" {ident}_{x}" for x in uniq.tolist()], dtype=object)[inv.reshape(-1)]
        # the rewards of each choice: a decision's edge, a chance node's expectation over its outcomes
        per_edge, per_state = [], []
        for _, k, kind in every:
            x = edge_rewards(flat, k, kind, owner, child)
            per_edge.append(_fractions(x, np.ones_like(x)))
            wx = weight * x
            per_state.append(_fractions(segment_sums(wx, flat.start[lo:hi + 1]), np.maximum(flat.total[lo:hi], 1)))
        rew_edge = _rewards(per_edge) if every else np.full(b - a, "", dtype=object)
        rew_state = _rewards(per_state) if every else np.full(hi - lo, "", dtype=object)
        head = head + "\n" + np.where(terminal[lo:hi], "\taction end" + zero + "\n\t\t" + _objects(ks.astype(str))
                                      + " : 1\n", np.where(flat.player[lo:hi] == CHANCE,
                                                           "\taction chance" + rew_state + "\n", ""))
        kids = _objects(child.astype(str))
        p = _fractions(weight, flat.total[owner])
        edge = np.where(chance_edge, "\t\t" + kids + " : " + p + "\n",
                        "\taction " + names[flat.label[a:b]] + rew_edge + "\n\t\t" + kids + " : 1\n")
        for k in sorted(d for d in dup if lo <= d < hi and flat.player[d] == CHANCE):  # two outcomes, one state: one transition
            merged: dict[int, Fraction] = {}
            for i in range(int(flat.start[k]), int(flat.start[k + 1])):
                v, q = int(flat.child[i]), Fraction(int(flat.weight[i]), int(flat.total[k]))
                merged[v] = merged[v] + q if v in merged else q
                edge[i - a] = ""
            head[k - lo] += "".join(f"\t\t{v} : {_num(q)}\n" for v, q in merged.items())
        seq = np.empty(hi - lo + b - a, dtype=object)
        seq[flat.start[lo:hi] - a + (ks - lo)] = head
        seq[np.arange(b - a) + (owner - lo) + 1] = edge
        yield "".join(seq.tolist())


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
