"""Mutable working copies of a state and its frames, used while deterministic work runs.

:class:`~songe.games.reveil.machine.ReveilGame` thaws a frozen
:class:`~songe.games.reveil.state.State` into a :class:`Work`, runs steps and
rows on it (the verbs of :mod:`songe.games.reveil.verbs` act on it), then
freezes it again. Plain classes with ``__slots__``: the solver builds millions.
"""

from __future__ import annotations

from songe.engine.interface import Outcome
from songe.games.reveil.state import Event, Frame, Op, State

# Op codes as plain ints inside op tuples: enum members hash in Python, ints in C.
STEP, ROW, ACT, DRAW, REMOVE, RELEASE, CHECK = (int(o) for o in Op)


class WorkFrame:
    """A mutable working copy of a frame (one dream in resolution)."""

    __slots__ = ("card", "intensity", "ops", "thought", "holding", "ignored", "cancelled", "extra_loss",
                 "lost", "origin", "snapshot")

    def __init__(self, f: Frame) -> None:
        self.card, self.intensity, self.ops = f.card, f.intensity, list(f.ops)
        self.thought, self.holding, self.ignored, self.cancelled = f.thought, f.holding, f.ignored, f.cancelled
        self.extra_loss, self.lost, self.origin, self.snapshot = f.extra_loss, f.lost, f.origin, f.snapshot

    def freeze(self) -> Frame:
        """The frozen frame."""
        return Frame(self.card, self.intensity, tuple(self.ops), self.thought, self.holding, self.ignored,
                     self.cancelled, self.extra_loss, self.lost, self.origin, self.snapshot)


class Work:
    """A mutable working copy of a state; ``events`` collects trace events when not None."""

    __slots__ = ("lucidity", "hand", "unseen", "discard", "removed", "previous", "stack", "outcome", "events")

    def __init__(self, s: State, events: list[Event] | None) -> None:
        self.lucidity = s.lucidity
        self.hand, self.unseen = list(s.hand), list(s.unseen)
        self.discard, self.removed = list(s.discard), list(s.removed)
        self.previous: int | None = s.previous
        self.outcome: Outcome | None = s.outcome
        self.stack = [WorkFrame(f) for f in s.stack]
        self.events = events

    def freeze(self) -> State:
        """The frozen state."""
        return State(self.lucidity, tuple(self.hand), tuple(self.unseen), tuple(self.discard),
                     tuple(self.removed), self.previous, tuple(f.freeze() for f in self.stack), self.outcome)
