"""Small helpers for replaying orders in tests."""

from __future__ import annotations

from songe.engine.interface import Outcome
from songe.games.reveil import PASS, EventKind, ReveilGame
from songe.games.reveil.render import describe
from songe.games.reveil.trace import Branch, parse_choices, parse_order, replay
from songe.spec.reveil import ReveilSpec, load


def never(state, legal):
    return PASS


def run(order: str, choices: str = "", *, spec: ReveilSpec | None = None, lucidity: int = 6,
        hand_limit: int = 3, readings: dict | None = None, seed: int | None = None) -> list[Branch]:
    """Replay an order with given choices, then never playing."""
    spec = spec or load(readings=readings or {})
    game = ReveilGame(spec, lucidity, hand_limit)
    return replay(game, parse_order(game, order), never, parse_choices(game, choices or None), seed)


def lines(branch: Branch, spec: ReveilSpec | None = None, chains: bool = False) -> list[str]:
    """The branch's events as text, indented by chain depth (chain start/end markers only if asked)."""
    spec = spec or load()
    marks = (EventKind.CHAIN_START, EventKind.CHAIN_END)
    return ["  " * s.event.depth + describe(s.event, spec) for s in branch.steps
            if s.event and (chains or s.event.kind not in marks)]


WIN, LOSS = Outcome.WIN, Outcome.LOSS
