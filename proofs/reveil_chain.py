"""Réveil's chain dreams: resolving a chained dream never touches the dream it interrupted.

Checked exhaustively on the engine itself, over every transition the shared
explorer's walk reaches at one level: for each move, every dream below the top of the stack keeps its
current intensity, its thought and its pending steps.
"""

from __future__ import annotations

from songe.engine.explore import walk
from songe.errors import BudgetError
from songe.games.reveil import ReveilGame
from songe.games.reveil.state import EventKind, Frame, Op, State
from songe.prove import Mutant, Obligation, Verdict
from songe.spec.reveil import ReveilSpec

#: The level explored (the smallest hand: the fewest states), and a bound on the walk.
LEVEL = "cauchemar"
MAX_STATES = 1_000_000


def _kept(f: Frame) -> tuple:
    return f.intensity, f.thought, tuple(op for op in f.ops if op[0] == Op.STEP)


def chain_isolation(spec: ReveilSpec, model: ReveilSpec) -> Verdict:
    """Walk every reachable transition, following chains through the engine's events.

    A chain active before a move, or started during it, records the interrupted
    dream as it was; when the chain ends (an event carries the interrupted dream
    as it is then), or when the move stops with the chain still active, the two
    must agree.
    """
    level = spec.level(LEVEL)
    game = ReveilGame(model, level.lucidity, level.hand_limit)
    names = game.names()
    states = transitions = 0

    def broken(s: State, move: int, outer: int, before: tuple, after: tuple) -> Verdict:
        return Verdict(False, {
            "rule": "Chaque Rêve garde sa propre Intensité en cours", "outer_dream": names[outer],
            "move": game.action_label(s, move), "lucidity": s.lucidity,
            "before": {"intensity": before[0], "thought": before[1]},
            "after": {"intensity": after[0], "thought": after[1]}}, method="exhaustive")

    try:
        for node in walk(game, max_states=MAX_STATES, events=True):
            states += 1
            s = node.state
            for edge in node.edges:
                transitions += 1
                active = [(f.card, _kept(f)) for f in s.stack[:-1]]
                for e in edge.events:
                    if e.kind is EventKind.CHAIN_START:
                        active.append((names.index(e.card), e.detail))
                    elif e.kind is EventKind.CHAIN_END:
                        outer, before = active.pop()
                        if e.detail != before:
                            return broken(s, edge.action, outer, before, e.detail)
                t = edge.child
                if t.outcome is None:
                    for (outer, before), f in zip(active, t.stack, strict=False):
                        if _kept(f) != before:
                            return broken(s, edge.action, outer, before, _kept(f))
    except BudgetError:
        return Verdict(False, None, method="exhaustive",
                       stopped=f"the walk stopped past {MAX_STATES:,} states, before every transition was checked")
    return Verdict(True, None, method=f"exhaustive ({states:,} states, {transitions:,} transitions, "
                                      f"level {LEVEL})")


OBLIGATIONS = [
    Obligation(
        id="reveil.chain_isolation", game="reveil",
        statement="resolving a chained dream never changes the current intensity, thought or pending steps "
                  "of the dream it interrupted",
        check=chain_isolation,
        mutant=Mutant("shared_intensity", "a change to a chained dream's intensity applies to every dream in "
                      "resolution", sets=(("rules.chain", "shared_intensity"),)),
    ),
]
