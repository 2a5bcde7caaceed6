"""The impact of each Dread Draw reading, by gap search on a card list, exact where the state graph is small.

For each option of each reading (the others at their defaults): the gaps the
search meets (:func:`~songe.games.dread_draw.gaps.find_gaps`), and, when the
whole state graph fits the budget, the exact probability (a Fraction) that
each player wins, and that the game ends unfinished (a gap where the rules
give no move, or the bound on summons), when every decision is taken uniformly
at random among the legal moves: a fixed, named policy, so the figures say
what the reading changes in the rules, not in anyone's skill. An option is
then compared with the default: same gaps or not, same terminating
probability or not, same winners or not.

The text has no card list (hole ``card_list``): the figures are those of the
card list given, by default the synthetic tiny list of the proofs
(``proofs/dread_draw_tiny_cards.toml``, one life card each, declared as a
variant), and they say nothing of the published game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from pathlib import Path
from typing import Any

from songe.engine.explore import walk
from songe.engine.interface import CHANCE, TERMINAL
from songe.errors import BudgetError
from songe.games.dread_draw.game import DreadDrawGame
from songe.games.dread_draw.gaps import find_gaps
from songe.games.dread_draw.state import State
from songe.spec.dread_draw import CardList, DreadDrawSpec
from songe.spec.sources import spec_dir

#: States walked at most per option (past it: playouts for the gaps, no exact outcomes).
IMPACT_STATES = 20_000
#: The card list measured by default: the proofs' synthetic tiny list.
TINY_CARDS = "proofs/dread_draw_tiny_cards.toml"


def tiny_cards_path() -> Path:
    """The shipped tiny card list."""
    return spec_dir().parent / TINY_CARDS


def exact_outcomes(game: DreadDrawGame, max_states: int = IMPACT_STATES) -> dict[str, Fraction] | None:
    """When player 0 starts: P(player q wins) per player and P(unfinished, by reason) under uniform random
    decisions, exactly; None when the state graph passes ``max_states``. (Who starts is a uniform draw: over
    it, symmetry alone would give every player the same chance.)"""
    root = game.apply(game.initial_state(), 0)
    try:
        nodes = {node.state: node for node in walk(game, root=root, max_states=max_states)}
    except BudgetError:
        return None
    memo: dict[Hashable, dict[str, Fraction]] = {}
    pending: set[Hashable] = set()

    def value(s: State) -> dict[str, Fraction]:
        stack = [s]
        while stack:
            top = stack[-1]
            if top in memo:
                stack.pop()
                continue
            if game.current_player(top) == TERMINAL:
                end = top.end
                assert end is not None
                key = f"player {end.winner} wins" if end.gap is None else f"unfinished: {end.gap.value}"
                memo[top] = {key: Fraction(1)}
                stack.pop()
                continue
            children = [e.child for e in nodes[top].edges]
            todo = [c for c in children if c not in memo]
            if todo:
                if top in pending:
                    raise RuntimeError("the state graph has a cycle")  # max_summons makes it acyclic
                pending.add(top)
                stack.extend(todo)
                continue
            if game.current_player(top) == CHANCE:
                weights = [(e.probability or Fraction(0), e.child) for e in nodes[top].edges]
            else:
                weights = [(Fraction(1, len(children)), c) for c in children]
            out: dict[str, Fraction] = {}
            for p, c in weights:
                for k, v in memo[c].items():
                    out[k] = out.get(k, Fraction(0)) + p * v
            memo[top] = out
            pending.discard(top)
            stack.pop()
        return memo[s]

    return dict(sorted(value(root).items()))


def measure(spec: DreadDrawSpec, cards: CardList) -> dict[str, Any]:
    """Gaps met and exact outcomes of one spec (under its readings) on one card list."""
    found, how = find_gaps(spec, cards, max_states=IMPACT_STATES)
    exact = exact_outcomes(DreadDrawGame(spec, cards))
    unfinished = None if exact is None else sum((v for k, v in exact.items() if k.startswith("unfinished")),
                                                Fraction(0))
    return {"gaps": sorted(f.id for f in found), "search": how,
            "outcomes": None if exact is None else {k: str(v) for k, v in exact.items()},
            "terminates": None if unfinished is None else unfinished == 0,
            "unfinished": None if unfinished is None else str(unfinished)}


def compare(base: dict[str, Any], other: dict[str, Any]) -> str:
    """What an option changes against the default, in words."""
    parts = []
    new, gone = set(other["gaps"]) - set(base["gaps"]), set(base["gaps"]) - set(other["gaps"])
    if new or gone:
        parts.append("gaps " + ", ".join([f"+{g}" for g in sorted(new)] + [f"-{g}" for g in sorted(gone)]))
    if base["outcomes"] is None or other["outcomes"] is None:
        parts.append("outcomes not computed exactly (state graph over the budget)")
    elif base["outcomes"] != other["outcomes"]:
        if base["terminates"] != other["terminates"]:
            parts.append("the game " + ("always terminates" if other["terminates"] else
                                        f"ends unfinished with probability {other['unfinished']}"))
        parts.append("the winners' probabilities change")
    return "; ".join(parts) or "no difference on this card list (same gaps, same exact outcomes)"


def report(spec: DreadDrawSpec, cards: CardList, tick: Callable[[str], None] | None = None) -> list[dict[str, Any]]:
    """Per reading: each option's gaps, termination and exact outcomes on ``cards``, its change from the
    default, and whether the reading's own gap is met at all under the defaults (``met``)."""
    defaults = {r.id: r.default for r in spec.readings}
    base = measure(spec.with_readings(defaults), cards)
    out = []
    for r in spec.readings:
        options = {}
        for o in r.option_ids:
            if tick:
                tick(f"{r.id}={o}")
            m = base if o == r.default else measure(spec.with_readings(defaults | {r.id: o}), cards)
            options[o] = m | {"change": None if o == r.default else compare(base, m)}
        out.append({"id": r.id, "options": options, "met": r.id in base["gaps"]})
    return out
