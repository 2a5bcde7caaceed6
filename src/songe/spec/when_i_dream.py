"""The When I Dream spec format: roles, the Sandmen's cases, the role table, readings.

>>> spec = load()
>>> sorted(spec.table), len(spec.roles)
([4, 5, 6, 7, 8, 9, 10], 3)
>>> str(spec.sandman_cases[0].score)
'yellow + 2'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from songe.errors import ExprError, OptionError
from songe.spec import checked
from songe.spec import readings as readings_mod
from songe.spec.expr import Condition, Flag, Var, parse_condition, walk
from songe.spec.fields import Table, read_toml
from songe.spec.readings import OpenPoint, Reading
from songe.spec.sources import spec_dir
from songe.spec.vocabulary.when_i_dream import (  # the vocabulary, re-exported
    BOARD_NAMES as BOARD_NAMES,
)
from songe.spec.vocabulary.when_i_dream import (
    MAX_PLAYERS as MAX_PLAYERS,
)
from songe.spec.vocabulary.when_i_dream import (
    SANDMAN as SANDMAN,
)
from songe.spec.vocabulary.when_i_dream import (
    BlueMentions as BlueMentions,
)
from songe.spec.vocabulary.when_i_dream import (
    DreamerPass as DreamerPass,
)
from songe.spec.vocabulary.when_i_dream import (
    EmptyMemoryBonus as EmptyMemoryBonus,
)
from songe.spec.vocabulary.when_i_dream import (
    SandmanEmptyBoard as SandmanEmptyBoard,
)
from songe.spec.vocabulary.when_i_dream import (
    SandmanRule as SandmanRule,
)
from songe.spec.vocabulary.when_i_dream import (
    ScoreExpr as ScoreExpr,
)
from songe.spec.vocabulary.when_i_dream import (
    board_words as board_words,
)
from songe.spec.vocabulary.when_i_dream import (
    parse_score as parse_score,
)


@dataclass(frozen=True)
class Role:
    """A role card: what it scores, and how many are in the box."""

    id: str
    name: str
    in_box: int
    score: ScoreExpr | None  # None: by the Sandmen's cases
    goal: str
    quote: str
    source: str


@dataclass(frozen=True)
class SandmanCase:
    """One case of the Sandmen's scoring: when it applies and what it scores."""

    condition: Condition
    score: ScoreExpr
    quote: str
    source: str


@dataclass(frozen=True)
class Example:
    """A worked example of the texts: a board and the scores it gives."""

    id: str
    yellow: int
    blue: int
    expected: Mapping[str, int]
    remembered_all: bool
    quote: str
    source: str


@dataclass(frozen=True)
class WhenIDreamSpec:
    """A validated When I Dream spec under its readings."""

    file: str
    id: str
    name: str
    min_players: int
    max_players: int
    sources: Mapping[str, Path]
    roles: tuple[Role, ...]
    sandman_cases: tuple[SandmanCase, ...]
    dreamer_score: ScoreExpr
    dreamer_bonus: int
    table: Mapping[int, Mapping[str, int]]
    table_origin: str
    table_confirmed: bool
    penalty_points: int
    dreamer_pass: DreamerPass
    empty_memory_bonus: EmptyMemoryBonus
    sandman_rule: SandmanRule
    sandman_empty_board: SandmanEmptyBoard
    blue_mentions: BlueMentions
    readings: tuple[Reading, ...]
    chosen: tuple[tuple[str, str], ...]
    differences: tuple[Mapping[str, str], ...]
    examples: tuple[Example, ...]
    quoted: tuple[tuple[str, str, str | None], ...] = field(repr=False)
    base_dir: Path = field(repr=False, compare=False)
    raw: Mapping[str, Any] = field(repr=False, compare=False)
    open_points: tuple[OpenPoint, ...] = ()

    def role(self, role_id: str) -> Role:
        """A role by id, or an error listing the valid ones."""
        for r in self.roles:
            if r.id == role_id:
                return r
        raise OptionError(f"unknown role {role_id!r}; valid: {', '.join(r.id for r in self.roles)}")

    def reading(self, reading_id: str) -> Reading:
        """A reading by id, or an error listing the valid ones."""
        for r in self.readings:
            if r.id == reading_id:
                return r
        raise OptionError(f"unknown reading {reading_id!r}; valid: {', '.join(r.id for r in self.readings)}")

    def with_readings(self, chosen: Mapping[str, str]) -> WhenIDreamSpec:
        """The same file under other readings."""
        return from_raw(dict(self.raw), self.file, chosen, self.base_dir)

    def quotes(self) -> list[tuple[str, str, str | None]]:
        """(where, quote, source id or None for 'either text') for the quote check."""
        return list(self.quoted)


def default_path() -> Path:
    """The shipped spec."""
    return spec_dir() / "when_i_dream.toml"


def load(path: Path | str | None = None, readings: Mapping[str, str] | None = None) -> WhenIDreamSpec:
    """Load and validate a spec under readings (others: defaults)."""
    p = Path(path) if path is not None else default_path()
    return from_raw(read_toml(p), str(p), readings or {}, p.parent)


def _expr(t: Table, fld: str) -> ScoreExpr:
    try:
        return parse_score(t.get(fld, str))
    except ExprError as exc:
        raise t.fail(fld, f"{t.data[fld]!r}: {exc}") from None


#: The format's model (:mod:`songe.spec.schemas.when_i_dream`), imported only when a document is checked.
_SCHEMA = checked.Schema("songe.spec.schemas.when_i_dream", "WhenIDreamDoc")


def from_raw(raw: dict[str, Any], file: str, chosen: Mapping[str, str], base_dir: Path) -> WhenIDreamSpec:
    """Validate raw TOML data into a :class:`WhenIDreamSpec`."""

    checked.validate(_SCHEMA, raw, file)  # types, ranges, enums, cross-references
    checked.validate_options(_SCHEMA, raw, file)  # every option of every reading gives a valid spec
    doc = Table(raw, file, "")
    doc.unknown({"game", "sources", "components", "roles", "sandman_cases", "dreamer", "role_table", "rules",
                 "switches", "readings", "open_points", "differences", "examples", "glossary"})
    reads = readings_mod.parse_readings(doc)
    selection = readings_mod.select(reads, chosen)
    applied = readings_mod.apply(raw, reads, selection, file)
    if applied != raw:
        checked.validate(_SCHEMA, applied, file)  # options of several readings together
    d = Table(applied, file, "")
    quoted: list[tuple[str, str, str | None]] = []

    game = d.sub("game", "table [game]")
    game.unknown({"id", "name", "family", "min_players", "max_players", "quote", "source"})
    if game.get("family", str) != "when_i_dream":
        raise game.fail("family", f"this loader reads the 'when_i_dream' family, got {game.data['family']!r}")
    lo, hi = game.int_in("min_players", 2, MAX_PLAYERS), game.int_in("max_players", 2, MAX_PLAYERS)
    if lo > hi:
        raise game.fail("max_players", f"must be at least min_players ({lo}), got {hi}")
    srcs = d.sub("sources", "table [sources]")
    sources = {k: (base_dir / srcs.get(k, str)).resolve() for k in srcs.data}

    def src(t: Table) -> str:
        return t.choice("source", tuple(sources))

    quoted.append(("game", game.get("quote", str), src(game)))
    comp = d.sub("components", "table [components]")
    comp.unknown({"role_cards", "quote", "source", "note"})
    quoted.append(("components", comp.get("quote", str), src(comp)))

    roles = []
    for t in d.rows("roles", "role", max_rows=20):
        t.unknown({"id", "name", "in_box", "score", "goal", "quote", "source"})
        score = None if t.get("score", str) == SANDMAN else _expr(t, "score")
        roles.append(Role(t.get("id", str), t.get("name", str), t.int_in("in_box", 0, 50), score,
                          t.get("goal", str), t.get("quote", str), src(t)))
        quoted.append((f"role {roles[-1].id!r}", roles[-1].quote, roles[-1].source))
        quoted.append((f"role {roles[-1].id!r}, goal", roles[-1].goal, roles[-1].source))
    role_ids = [r.id for r in roles]
    if sum(r.in_box for r in roles) != comp.int_in("role_cards", 0, 100):
        raise comp.fail("role_cards", f"the roles' in_box counts add up to {sum(r.in_box for r in roles)}")

    cases = []
    for t in d.rows("sandman_cases", "sandman case", max_rows=10):
        t.unknown({"if", "score", "quote", "source"})
        try:
            cond = parse_condition(t.get("if", str))
        except ExprError as exc:
            raise t.fail("if", f"{t.data['if']!r}: {exc}") from None
        for n in walk(cond):
            if isinstance(n, (Flag, Var)) and (n.name not in BOARD_NAMES or isinstance(n, Var) and n.key):
                raise t.fail("if", f"unknown word {n.name!r}; valid: {', '.join(BOARD_NAMES)}")
        cases.append(SandmanCase(cond, _expr(t, "score"), t.get("quote", str), src(t)))
        quoted.append((f"sandman case {len(cases) - 1}", cases[-1].quote, cases[-1].source))

    dreamer = d.sub("dreamer", "table [dreamer]")
    dreamer.unknown({"score", "bonus", "quote", "source"})
    quoted.append(("dreamer", dreamer.get("quote", str), src(dreamer)))

    rt = d.sub("role_table", "table [role_table]")
    rt.unknown({"origin", "citation", "confirmed", "quote", "source", "rows"})
    quoted.append(("role_table", rt.get("quote", str), src(rt)))
    table: dict[int, dict[str, int]] = {}
    for i, row in enumerate(rt.get("rows", list)):
        row_t = Table(row if isinstance(row, dict) else {}, file, f"role_table row #{i}")
        row_t.unknown({"players"} | set(role_ids))
        players = row_t.int_in("players", lo, hi)
        if players in table:
            raise row_t.fail("players", f"{players} players listed twice")
        table[players] = {rid: row_t.int_in(rid, 0, 50, 0) for rid in role_ids}

    penalty_points = 1
    for t in d.rows("rules", "rule", max_rows=50):
        t.unknown({"id", "quote", "source", "penalty_points"})
        quoted.append((f"rule {t.get('id', str)!r}", t.get("quote", str), src(t)))
        if "penalty_points" in t.data:
            penalty_points = t.int_in("penalty_points", 0, 10)

    sw = d.sub("switches", "table [switches]")
    sw.unknown({"dreamer_pass", "empty_memory_bonus", "sandman_rule", "sandman_empty_board", "blue_mentions"})
    dreamer_pass = DreamerPass(sw.choice("dreamer_pass", tuple(x.value for x in DreamerPass)))
    empty_bonus = EmptyMemoryBonus(sw.choice("empty_memory_bonus", tuple(x.value for x in EmptyMemoryBonus)))
    sandman_rule = SandmanRule(sw.choice("sandman_rule", tuple(x.value for x in SandmanRule)))
    sandman_empty = SandmanEmptyBoard(sw.choice("sandman_empty_board", tuple(x.value for x in SandmanEmptyBoard),
                                                SandmanEmptyBoard.EQUAL_CASE.value))
    blue_mentions = BlueMentions(sw.choice("blue_mentions", tuple(x.value for x in BlueMentions),
                                           BlueMentions.IGNORED.value))
    for reading in reads:
        quoted.extend((f"reading {reading.id!r}", q, None) for q in reading.quotes)
    points = readings_mod.parse_open_points(doc, reads)
    for point in points:
        quoted.extend((f"point {point.id!r}", q, None) for q in point.quotes)

    differences = []
    for t in d.rows("differences", "difference", required=False):
        t.unknown({"id", "short", "catalogue", "note", "substance", "changes", "note_fr", "changes_fr"})
        entry = {k: t.get(k, str) for k in ("id", "short", "catalogue", "note")}
        entry |= {k: t.get(k, str, "", required=False) for k in ("substance", "changes", "note_fr", "changes_fr")}
        differences.append(entry)
        for side in ("short", "catalogue"):
            if entry[side]:
                quoted.append((f"difference {entry['id']!r}, {side}", entry[side], side))

    examples = []
    for t in d.rows("examples", "example", required=False):
        t.unknown({"id", "yellow", "blue", "remembered_all", "quote", "source", "dreamer"} | set(role_ids))
        expected = {k: t.int_in(k, 0, 100) for k in ["dreamer", *role_ids] if k in t.data}
        examples.append(Example(t.get("id", str), t.int_in("yellow", 0, 100), t.int_in("blue", 0, 100), expected,
                                t.get("remembered_all", bool, False, required=False), t.get("quote", str), src(t)))
        quoted.append((f"example {examples[-1].id!r}", examples[-1].quote, examples[-1].source))

    return WhenIDreamSpec(
        file=file, id=game.get("id", str), name=game.get("name", str), min_players=lo, max_players=hi,
        sources=sources, roles=tuple(roles), sandman_cases=tuple(cases), dreamer_score=_expr(dreamer, "score"),
        dreamer_bonus=dreamer.int_in("bonus", 0, 100), table=table, table_origin=rt.get("citation", str),
        table_confirmed=rt.get("confirmed", bool), penalty_points=penalty_points, dreamer_pass=dreamer_pass,
        empty_memory_bonus=empty_bonus, sandman_rule=sandman_rule,
        sandman_empty_board=sandman_empty, blue_mentions=blue_mentions, readings=reads,
        chosen=tuple(selection.items()), differences=tuple(differences), examples=tuple(examples),
        quoted=tuple(quoted), base_dir=base_dir, raw=raw, open_points=points)
