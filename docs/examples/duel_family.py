"""Duel: a complete songe game family in one file (see docs/guide/architecture.rst).

Each player gets one card face down; in turn each may keep it or exchange it
for the top card of the deck; the higher card wins, a tie is a draw. The cards
come from ``duel.toml``: this file holds the procedure only.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

from songe.engine.interface import CHANCE, TERMINAL, ChanceMode, GameInfo, Information
from songe.errors import IllegalMoveError, SpecError
from songe.games.plugin import Capability, Family, Lang, Setup

KEEP, EXCHANGE = 0, 1


@dataclass(frozen=True)
class DuelSpec:
    """The cards (name, value, copies) read from the spec file."""

    id: str
    names: tuple[str, ...]
    values: tuple[int, ...]
    copies: tuple[int, ...]
    chosen: tuple = ()


def load(path: Path | str | None = None, readings: Mapping[str, str] | None = None) -> DuelSpec:
    """Read and check a Duel spec (a card list with positive values and copies)."""
    p = Path(path) if path is not None else Path(__file__).with_name("duel.toml")
    doc = tomllib.loads(p.read_text(encoding="utf-8"))
    if readings:
        raise SpecError(str(p), "readings", f"Duel has no readings, got {sorted(readings)!r}")
    cards = doc.get("cards", [])
    for i, c in enumerate(cards):
        for key in ("value", "copies"):
            if not isinstance(c.get(key), int) or c[key] < 1:
                raise SpecError(str(p), f"card {i + 1} ({c.get('name')!r}), field {key!r}",
                                f"must be a positive integer, got {c.get(key)!r}")
    if sum(c["copies"] for c in cards) < 3:
        raise SpecError(str(p), "cards", "a duel needs at least 3 cards (two hands and one to exchange)")
    return DuelSpec(doc["game"]["id"], tuple(c["name"] for c in cards), tuple(c["value"] for c in cards),
                    tuple(c["copies"] for c in cards))


class State(NamedTuple):
    """Hands (card index or -1 before the deal), the unseen deck as counts, who acts, and an exchange waiting."""

    hands: tuple[int, int]
    deck: tuple[int, ...]
    turn: int
    exchanging: bool
    exchanged: tuple[bool, bool]


@dataclass(frozen=True)
class Event:
    """What happened: a deal, a keep, an exchange, the end."""

    kind: str
    player: int
    card: int | None = None


@dataclass(frozen=True)
class DuelGame:
    """Duel behind songe's game interface."""

    spec: DuelSpec

    @property
    def info(self) -> GameInfo:
        return GameInfo(2, ChanceMode.EXPLICIT, Information.IMPERFECT, zero_sum=False)

    def initial_state(self) -> State:
        return State((-1, -1), self.spec.copies, 0, False, (False, False))

    def current_player(self, s: State) -> int:
        if -1 in s.hands or s.exchanging:
            return CHANCE
        return TERMINAL if s.turn == 2 else s.turn

    def legal_actions(self, s: State) -> tuple[int, ...]:
        return (KEEP, EXCHANGE) if self.current_player(s) >= 0 else ()

    def chance_outcomes(self, s: State) -> list[tuple[int, Fraction]]:
        total = sum(s.deck)
        return [(i, Fraction(n, total)) for i, n in enumerate(s.deck) if n]

    def apply(self, s: State, a: int, events: list | None = None) -> State:
        player = self.current_player(s)
        if player == TERMINAL:
            raise IllegalMoveError("the duel is over")
        if player == CHANCE:
            if not 0 <= a < len(s.deck) or not s.deck[a]:
                raise IllegalMoveError(f"no {a!r} left in the deck")
            deck = tuple(n - (i == a) for i, n in enumerate(s.deck))
            seat = s.hands.index(-1) if -1 in s.hands else s.turn
            hands = tuple(a if i == seat else h for i, h in enumerate(s.hands))
            if events is not None:
                events.append(Event("exchange" if s.exchanging else "deal", seat, a))
            turn = s.turn + 1 if s.exchanging else s.turn
            return State(hands, deck, turn, False, s.exchanged)  # type: ignore[arg-type]
        if a not in (KEEP, EXCHANGE):
            raise IllegalMoveError(f"keep (0) or exchange (1), got {a!r}")
        if events is not None and a == KEEP:
            events.append(Event("keep", player))
        if a == KEEP:
            return State(s.hands, s.deck, s.turn + 1, False, s.exchanged)
        exchanged = tuple(x or i == player for i, x in enumerate(s.exchanged))
        return State(s.hands, s.deck, s.turn, True, exchanged)  # type: ignore[arg-type]

    def returns(self, s: State) -> tuple[Fraction, Fraction]:
        a, b = (self.spec.values[h] for h in s.hands)
        if a == b:
            return (Fraction(1, 2), Fraction(1, 2))
        return (Fraction(1), Fraction(0)) if a > b else (Fraction(0), Fraction(1))

    def observation(self, s: State, player: int) -> tuple:
        """Your own card, and who exchanged (public); never the other card."""
        return (s.hands[player], s.exchanged, s.turn, self.current_player(s))

    def action_label(self, s: State, a: int) -> str:
        if self.current_player(s) == CHANCE:
            return self.spec.names[a]
        return ("keep", "exchange")[a]


def render(event: Event, spec: DuelSpec, lang: Lang) -> str:
    """One line per event, in French or English."""
    name = spec.names[event.card] if event.card is not None else ""
    fr = {"deal": f"le joueur {event.player + 1} reçoit une carte", "keep": f"le joueur {event.player + 1} garde",
          "exchange": f"le joueur {event.player + 1} échange sa carte"}
    en = {"deal": f"player {event.player + 1} is dealt a card", "keep": f"player {event.player + 1} keeps",
          "exchange": f"player {event.player + 1} exchanges"}
    return (fr if lang is Lang.FR else en)[event.kind] + (f" ({name})" if name else "")


def _random(game: DuelGame, rng: random.Random):
    return lambda obs, legal: rng.choice(legal)


def _threshold(game: DuelGame, rng: random.Random):
    """Exchange anything below the median value."""
    median = sorted(game.spec.values)[len(game.spec.values) // 2]
    return lambda obs, legal: EXCHANGE if game.spec.values[obs[0]] < median else KEEP


FAMILY = Family(
    id="duel",
    title="Duel (2 players, example)",
    spec_file=str(Path(__file__).with_name("duel.toml")),
    load_spec=lambda path, readings: load(path, readings),
    setups=lambda spec: [Setup("standard")],
    make_game=lambda spec, setup, options: DuelGame(spec),
    render_event=render,
    policies=lambda spec: {"random": _random, "threshold": _threshold},
    verbs={Capability.GRAPH: "songe.cli.generic:graph_explicit",
           Capability.SIMULATE: "songe.cli.generic:simulate_generic"},
)
