"""Réveil's chain dreams: resolving a chained dream never touches the dream it interrupted.

Checked exhaustively on the engine itself, over every transition reachable at
one level: for each move, every dream below the top of the stack keeps its
current intensity, its thought and its pending steps.
"""

from __future__ import annotations

from songe.engine.interface import NodeKind
from songe.games.reveil import ReveilGame
from songe.games.reveil.state import Event, EventKind, Frame, Op, State
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
    seen = {game.initial_state()}
    todo = list(seen)
    transitions = 0

    def broken(s: State, move: int, outer: int, before: tuple, after: tuple) -> Verdict:
        return Verdict(False, {
            "rule": "Chaque Rêve garde sa propre Intensité en cours", "outer_dream": names[outer],
            "move": game.action_label(s, move), "lucidity": s.lucidity,
            "before": {"intensity": before[0], "thought": before[1]},
            "after": {"intensity": after[0], "thought": after[1]}}, method="exhaustive")

    while todo:
        s = todo.pop()
        kind = game.node_kind(s)
        if kind is NodeKind.TERMINAL:
            continue
        moves = [o for o, _ in game.chance_outcomes(s)] if kind is NodeKind.CHANCE else game.legal_actions(s)
        for a in moves:
            events: list[Event] = []
            t = game.apply(s, a, events)
            transitions += 1
            active = [(f.card, _kept(f)) for f in s.stack[:-1]]
            for e in events:
                if e.kind is EventKind.CHAIN_START:
                    active.append((names.index(e.card), e.detail or ()))  # chain events always carry it
                elif e.kind is EventKind.CHAIN_END:
                    outer, before = active.pop()
                    if e.detail != before:
                        return broken(s, a, outer, before, e.detail or ())
            if t.outcome is None:
                for (outer, before), f in zip(active, t.stack, strict=False):
                    if _kept(f) != before:
                        return broken(s, a, outer, before, _kept(f))
            if t not in seen:
                if len(seen) >= MAX_STATES:
                    return Verdict(False, {"rule": "bound", "problem": f"more than {MAX_STATES} states"},
                                   method="exhaustive")
                seen.add(t)
                todo.append(t)
    return Verdict(True, None, method=f"exhaustive ({len(seen):,} states, {transitions:,} transitions, "
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
