"""A mutable working copy of a Dread Draw state while one move and the deterministic work after it run.

Freezing it renumbers the shuffles (sources) in the order their slots first
appear and drops the ones no slot refers to any more, so that two positions
that differ only in how many reshuffles led to them are one state.
"""

from __future__ import annotations

from songe.games.dread_draw.state import End, Event, EventKind, GapKind, State


class Work:
    """Lists where the state has tuples; ``events`` collects what happens (None: not wanted)."""

    __slots__ = (
        "current",
        "defeated",
        "discard",
        "draw",
        "end",
        "events",
        "in_round",
        "life",
        "limbo",
        "next_choice",
        "pools",
        "reserves",
        "round",
        "rows",
        "summons",
        "work",
    )

    def __init__(self, s: State, events: list | None) -> None:
        self.life = [list(x) for x in s.life]
        self.draw = list(s.draw)
        self.pools = [list(x) for x in s.pools]
        self.discard = list(s.discard)
        self.reserves = [list(x) for x in s.reserves]
        self.rows = [list(x) for x in s.rows]
        self.limbo = list(s.limbo)
        self.in_round = list(s.in_round)
        self.defeated = list(s.defeated)
        self.current, self.next_choice, self.round, self.summons = s.current, s.next_choice, s.round, s.summons
        self.work: list[tuple[int, ...]] = list(s.work)
        self.end: End | None = s.end
        self.events = events

    def emit(self, kind: EventKind, **fields: object) -> None:
        """Record an event if events are collected."""
        if self.events is not None:
            self.events.append(Event(kind, **fields))  # type: ignore[arg-type]

    def gap(self, kind: GapKind, *detail: int) -> None:
        """Record a gap met (the spec's reading then decides, or the game ends if ``kind.ends_game``)."""
        if self.events is not None:
            self.events.append(Event(EventKind.GAP, gap=kind, detail=tuple(detail)))
        if kind.ends_game:
            self.end = End(None, kind)

    def push(self, *ops: tuple[int, ...]) -> None:
        """Put ops in front of the pending work, in the given order."""
        self.work[:0] = ops

    def reshuffle(self) -> None:
        """The discard becomes a new draw deck: a new source whose unrevealed cards are the discard's."""
        count = sum(self.discard)
        self.pools.append(self.discard)
        self.draw = [len(self.pools) - 1] * count
        self.discard = [0] * len(self.discard)
        self.emit(EventKind.RESHUFFLE, amount=count)

    def reveal(self, source: int, card: int) -> None:
        """A card of a source's pool is seen."""
        self.pools[source][card] -= 1

    def freeze(self) -> State:
        """The immutable state, with sources renumbered canonically."""
        order: dict[int, int] = {}
        for deck in (*self.life, self.draw):
            for tag in deck:
                if tag not in order:
                    order[tag] = len(order)
        if list(order) != list(range(len(self.pools))):
            pools = [self.pools[old] for old in order]
            self.life = [[order[t] for t in deck] for deck in self.life]
            self.draw = [order[t] for t in self.draw]
        else:
            pools = self.pools
        return State(tuple(tuple(x) for x in self.life), tuple(self.draw), tuple(tuple(x) for x in pools),
                     tuple(self.discard), tuple(tuple(x) for x in self.reserves), tuple(tuple(x) for x in self.rows),
                     tuple(self.limbo), tuple(self.in_round), tuple(self.defeated), self.current, self.next_choice,
                     self.round, self.summons, tuple(self.work), self.end)
