"""A recorded game of When I Dream: players, and per round the dreamer, roles, events, memory.

Records are untrusted input (TOML or JSON): each is checked against the spec
(the role table of its player count, the readings) and every problem names
the round and the event.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from songe.errors import SongeError, SpecError
from songe.files import parse_json, parse_toml
from songe.spec.when_i_dream import DreamerPass, WhenIDreamSpec

MAX_EVENTS = 500


class RecordError(SongeError, ValueError):
    """A recorded game that breaks the rules; the message names round and event."""


class Kind(enum.Enum):
    """What happened during a night."""

    RIGHT = "right"
    """a correct answer: the card goes to the yellow side"""
    WRONG = "wrong"
    """a wrong answer: the card goes to the blue side"""
    PASS = "pass"
    """the dreamer passes (reading dreamer_pass)"""
    PENALTY = "penalty"
    """a clue-giver said a forbidden word and takes the card"""
    TIMER = "timer"
    """the two minutes are over"""
    LAST = "last"
    """after the timer: the dreamer's last answer (right, wrong or none)"""


@dataclass(frozen=True)
class Event:
    """One event of a night; ``who`` for a penalty, ``answer`` for the last answer."""

    kind: Kind
    who: str | None = None
    answer: str | None = None

    def __str__(self) -> str:
        return " ".join(x for x in (self.kind.value, self.who, self.answer) if x)


@dataclass(frozen=True)
class Round:
    """One round: the dreamer, every other player's role, the night's events, the narration."""

    dreamer: str
    roles: tuple[tuple[str, str], ...]
    events: tuple[Event, ...]
    remembered_all: bool
    mentioned_blue: bool = False


@dataclass(frozen=True)
class Record:
    """A whole recorded game (or its first rounds)."""

    players: tuple[str, ...]
    rounds: tuple[Round, ...]

    @property
    def complete(self) -> bool:
        """Whether every player has been the dreamer once."""
        return len(self.rounds) == len(self.players)


def deal_roles(spec: WhenIDreamSpec, players: list[str] | tuple[str, ...], dreamer: str,
               rng) -> tuple[dict[str, str], str]:
    """Deal a round's roles: the player count's cards shuffled, one to each player but the dreamer;
    returns (player → role, the card left face down)."""
    n = len(players)
    if n not in spec.table:
        raise RecordError(f"the role table has no row for {n} players")
    cards = [r for r, c in spec.table[n].items() for _ in range(c)]
    rng.shuffle(cards)
    others = [p for p in players if p != dreamer]
    return dict(zip(others, cards, strict=False)), cards[len(others)]


def parse_event(text: str, where: str) -> Event:
    """``"right"``, ``"penalty Ben"``, ``"last wrong"`` … → an :class:`Event`."""
    words = text.split()
    kinds = {k.value: k for k in Kind}
    if not words or words[0] not in kinds:
        raise RecordError(f"{where}: unknown event {text!r}; valid: {', '.join(kinds)}")
    kind = kinds[words[0]]
    if kind is Kind.PENALTY:
        if len(words) < 2:
            raise RecordError(f"{where}: a penalty names the player, as in 'penalty NAME'")
        return Event(kind, who=" ".join(words[1:]))
    if kind is Kind.LAST:
        if len(words) != 2 or words[1] not in ("right", "wrong", "none"):
            raise RecordError(f"{where}: the last answer is 'last right', 'last wrong' or 'last none'")
        return Event(kind, answer=words[1])
    if len(words) != 1:
        raise RecordError(f"{where}: {kind.value!r} takes nothing after it, got {text!r}")
    return Event(kind)


def load_record(path: Path | str) -> dict[str, Any]:
    """Read a record file: TOML, or JSON by its extension (bounded: see :mod:`songe.files`)."""
    p = Path(path)
    try:
        data = parse_json(p) if p.suffix == ".json" else parse_toml(p)
    except SpecError as exc:
        raise RecordError(str(exc)) from None
    if not isinstance(data, dict):
        raise RecordError(f"{p}: the record must be a JSON object")
    return data


def check(data: dict[str, Any], spec: WhenIDreamSpec, file: str = "record") -> Record:
    """Validate raw record data against the spec; the first problem raises RecordError."""
    from songe.spec.schemas.base import validate  # noqa: PLC0415
    from songe.spec.schemas.when_i_dream import RecordDoc  # noqa: PLC0415

    try:
        validate(RecordDoc, data, file)  # the shape: types, lengths, unknown fields
    except SpecError as exc:
        raise RecordError(str(exc)) from None
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise RecordError(f"{file}: 'players' must be a list of names")
    if len(set(players)) != len(players):
        raise RecordError(f"{file}: a player is listed twice in 'players'")
    n = len(players)
    if not spec.min_players <= n <= spec.max_players:
        raise RecordError(f"{file}: {n} players; the game takes {spec.min_players} to {spec.max_players}")
    if n not in spec.table:
        raise RecordError(f"{file}: the role table has no row for {n} players")
    rounds_raw = data.get("rounds")
    if not isinstance(rounds_raw, list) or not rounds_raw:
        raise RecordError(f"{file}: 'rounds' must be a non-empty list of tables")
    if len(rounds_raw) > n:
        raise RecordError(f"{file}: {len(rounds_raw)} rounds for {n} players; each player dreams once")
    extra = sorted(set(data) - {"players", "rounds"})
    if extra:
        raise RecordError(f"{file}: unknown field {extra[0]!r}; valid: players, rounds")
    rounds = []
    first = None
    for k, r in enumerate(rounds_raw, 1):
        where = f"{file}: round {k}"
        if not isinstance(r, dict):
            raise RecordError(f"{where}: must be a table")
        unknown = sorted(set(r) - {"dreamer", "roles", "events", "remembered_all", "mentioned_blue"})
        if unknown:
            raise RecordError(f"{where}: unknown field {unknown[0]!r}; valid: dreamer, roles, events, remembered_all, "
                              "mentioned_blue")
        dreamer = r.get("dreamer")
        if dreamer not in players:
            raise RecordError(f"{where}: dreamer {dreamer!r} is not a player")
        if first is None:
            first = players.index(dreamer)
        expected = players[(first + k - 1) % n]
        if dreamer != expected:
            raise RecordError(f"{where}: the dreamer must be {expected!r}, the player left of the last dreamer, "
                              f"not {dreamer!r}")
        roles = r.get("roles")
        if not isinstance(roles, dict):
            raise RecordError(f"{where}: 'roles' must be a table of player = role")
        others = [p for p in players if p != dreamer]
        if sorted(roles) != sorted(others):
            missing = sorted(set(others) - set(roles))
            wrong = sorted(set(roles) - set(others))
            raise RecordError(f"{where}: 'roles' must give a role to every player but the dreamer"
                              + (f"; missing {', '.join(missing)}" if missing else "")
                              + (f"; not allowed: {', '.join(wrong)}" if wrong else ""))
        counts = Counter(roles.values())
        for role, c in counts.items():
            if role not in spec.table[n]:
                raise RecordError(f"{where}: unknown role {role!r}; valid: {', '.join(spec.table[n])}")
            if c > spec.table[n][role]:
                raise RecordError(f"{where}: {c} × {role!r}, but the {n}-player table has {spec.table[n][role]}")
        events_raw = r.get("events")
        if not isinstance(events_raw, list) or len(events_raw) > MAX_EVENTS:
            raise RecordError(f"{where}: 'events' must be a list of at most {MAX_EVENTS} events")
        events: list[Event] = []
        timer = False
        for j, text in enumerate(events_raw, 1):
            ew = f"{where}, event {j}"
            if not isinstance(text, str):
                raise RecordError(f"{ew}: must be a string, got {text!r}")
            e = parse_event(text, ew)
            if timer and (e.kind is not Kind.LAST or any(x.kind is Kind.LAST for x in events)):
                raise RecordError(f"{ew}: {str(e)!r} after the timer; only one 'last ...' answer may follow it")
            if e.kind is Kind.LAST and not timer:
                raise RecordError(f"{ew}: 'last ...' comes only after 'timer'")
            if e.kind is Kind.TIMER:
                timer = True
            if e.kind is Kind.PASS and spec.dreamer_pass is DreamerPass.NOT_ALLOWED:
                raise RecordError(f"{ew}: the dreamer cannot pass under reading dreamer_pass=not_allowed")
            if e.kind is Kind.PENALTY:
                if e.who == dreamer:
                    raise RecordError(f"{ew}: a penalty by the dreamer {dreamer!r}: only clue-givers speak")
                if e.who not in players:
                    raise RecordError(f"{ew}: penalty by {e.who!r}, who is not a player")
            events.append(e)
        memory = r.get("remembered_all")
        if not isinstance(memory, bool):
            raise RecordError(f"{where}: 'remembered_all' must be true or false")
        blue = r.get("mentioned_blue", False)
        if not isinstance(blue, bool):
            raise RecordError(f"{where}: 'mentioned_blue' must be true or false")
        rounds.append(Round(dreamer, tuple(sorted(roles.items())), tuple(events), memory, blue))
    return Record(tuple(players), tuple(rounds))
