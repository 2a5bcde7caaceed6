"""When I Dream, declared: the rules spec (roles, Sandmen's cases, role table) and a recorded game.

Role ids are keys of the role table's rows and of the examples, so those
tables take extra keys, each an integer, checked against the roles.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, ValidationInfo, field_validator, model_validator

from songe.errors import ExprError
from songe.spec.expr import Flag, Var, parse_condition, walk
from songe.spec.schemas.base import Bool, Doc, Expr, Id, InRange, Int, Name, OpenPoints, Readings, Text, fail
from songe.spec.schemas.glossary import GlossaryDoc
from songe.spec.schemas.glossary import check as check_glossary
from songe.spec.vocabulary.when_i_dream import (
    BOARD_NAMES,
    MAX_PLAYERS,
    SANDMAN,
    BlueMentions,
    DreamerPass,
    EmptyMemoryBonus,
    SandmanEmptyBoard,
    SandmanRule,
    parse_score,
)

#: The glossary terms When I Dream's texts are worded with (and one per role, by the role's id).
TERMS = ("dreamer", "dream_card", "role_card", "board", "yellow", "blue", "round", "night", "point")

Score = Annotated[str, Field(min_length=1, max_length=200, description="board words and integers joined by '+'")]


def _score(value: str) -> str:
    try:
        parse_score(value)
    except ExprError as exc:
        raise ValueError(str(exc)) from None
    return value


class GameDoc(Doc):
    """``[game]``."""

    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]*$", max_length=60)]
    name: Name
    family: Literal["when_i_dream"]
    min_players: Annotated[Int, InRange(2, MAX_PLAYERS)]
    max_players: Annotated[Int, InRange(2, MAX_PLAYERS)]
    quote: Text
    source: Id


class ComponentsDoc(Doc):
    """``[components]``: role cards in the box."""

    role_cards: Annotated[Int, InRange(0, 100)]
    quote: Text
    source: Id
    note: Text | None = None


class RoleDoc(Doc):
    """A role card: its score (a score expression, or 'sandman'), its goal, its count in the box."""

    id: Id
    name: Name
    in_box: Annotated[Int, InRange(0, 50)]
    score: Score
    goal: Text
    quote: Text
    source: Id

    @field_validator("score")
    @classmethod
    def _score(cls, value: str) -> str:
        return value if value == SANDMAN else _score(value)


class SandmanCaseDoc(Doc):
    """A case of the Sandmen's scoring: a condition over the board words, a score."""

    if_: Expr = Field(alias="if")
    score: Score
    quote: Text
    source: Id

    @field_validator("if_")
    @classmethod
    def _condition(cls, value: str) -> str:
        try:
            cond = parse_condition(value)
        except ExprError as exc:
            raise ValueError(str(exc)) from None
        for n in walk(cond):
            if isinstance(n, (Flag, Var)) and (n.name not in BOARD_NAMES or isinstance(n, Var) and n.key):
                raise ValueError(f"unknown word {n.name!r}; valid: {', '.join(BOARD_NAMES)}")
        return value

    _check_score = field_validator("score")(classmethod(lambda cls, v: _score(v)))


class DreamerDoc(Doc):
    """``[dreamer]``: the dreamer's score and memory bonus."""

    score: Score
    bonus: Annotated[Int, InRange(0, 100)]
    quote: Text
    source: Id

    _check_score = field_validator("score")(classmethod(lambda cls, v: _score(v)))


class RoleTableRowDoc(Doc):
    """A row of the role table: a player count and, per role id, its cards."""

    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, Annotated[Int, InRange(0, 50)]]
    players: Annotated[Int, InRange(2, MAX_PLAYERS)]


class RoleTableDoc(Doc):
    """``[role_table]``: roles dealt per player count."""

    origin: Literal["text", "outside"]
    citation: Text
    confirmed: Bool
    quote: Text
    source: Id
    rows: list[RoleTableRowDoc] = Field(min_length=1, max_length=MAX_PLAYERS)


class RuleDoc(Doc):
    """A quoted rule sentence."""

    id: Id
    quote: Text
    source: Id
    penalty_points: Annotated[Int, InRange(0, 10)] | None = None


class SwitchesDoc(Doc):
    """``[switches]``: the rule switches the readings set."""

    dreamer_pass: DreamerPass
    empty_memory_bonus: EmptyMemoryBonus
    sandman_rule: SandmanRule
    sandman_empty_board: SandmanEmptyBoard
    blue_mentions: BlueMentions


class DifferenceDoc(Doc):
    """A difference between the two texts."""

    id: Id
    short: Text
    catalogue: Text
    note: Text
    substance: Literal["rule", "number", "condition", "silence", "wording"] | None = Field(
        None, description="what differs: a rule, a number, a condition, one text silent, or only the wording")
    changes: Text = Field("", description="what changes in play (nothing, for wording)")
    note_fr: Text = Field("", description="the note in French, for the French dossier")
    changes_fr: Text = Field("", description="what changes in play, in French")


class ExampleDoc(Doc):
    """A worked example: a board, and the score of the dreamer and of each role id named."""

    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, Annotated[Int, InRange(0, 100)]]
    id: Id
    yellow: Annotated[Int, InRange(0, 100)]
    blue: Annotated[Int, InRange(0, 100)]
    remembered_all: Bool = False
    dreamer: Annotated[Int, InRange(0, 100)] | None = None
    quote: Text
    source: Id


class WhenIDreamDoc(Doc):
    """A When I Dream spec file."""

    game: GameDoc
    sources: dict[Id, Text] = Field(min_length=1, max_length=10)
    components: ComponentsDoc
    roles: list[RoleDoc] = Field(min_length=1, max_length=20)
    sandman_cases: list[SandmanCaseDoc] = Field(max_length=10)
    dreamer: DreamerDoc
    role_table: RoleTableDoc
    rules: list[RuleDoc] = Field(max_length=50)
    switches: SwitchesDoc
    readings: Readings = Field(default_factory=list)
    open_points: OpenPoints = Field(default_factory=list)
    differences: list[DifferenceDoc] = Field(default_factory=list, max_length=50)
    examples: list[ExampleDoc] = Field(default_factory=list, max_length=50)
    glossary: GlossaryDoc

    @model_validator(mode="after")
    def _cross_references(self, info: ValidationInfo) -> WhenIDreamDoc:
        lo, hi = self.game.min_players, self.game.max_players
        if lo > hi:
            raise fail(info, "table [game]", "max_players", f"must be at least min_players ({lo}), got {hi}")
        roles = [r.id for r in self.roles]
        if len(set(roles)) != len(roles):
            raise fail(info, "", "roles", "duplicate role id")
        names = [r.name.casefold() for r in self.roles]
        if len(set(names)) != len(names):
            raise fail(info, "", "roles", "two roles share a name")
        if sum(r.in_box for r in self.roles) != self.components.role_cards:
            raise fail(info, "table [components]", "role_cards",
                       f"the roles' in_box counts add up to {sum(r.in_box for r in self.roles)}")
        sources = set(self.sources)
        placed = [("table [game]", self.game.source), ("table [components]", self.components.source),
                  ("table [dreamer]", self.dreamer.source), ("table [role_table]", self.role_table.source)]
        placed += [(f"role {r.id!r}", r.source) for r in self.roles]
        placed += [(f"sandman case #{i}", c.source) for i, c in enumerate(self.sandman_cases)]
        placed += [(f"rule {r.id!r}", r.source) for r in self.rules] + [(f"example {e.id!r}", e.source) for e in self.examples]
        for where, src in placed:
            if src not in sources:
                raise fail(info, where, "source", f"unknown source {src!r}; valid: {', '.join(sorted(sources))}")
        seen: set[int] = set()
        for i, row in enumerate(self.role_table.rows):
            where = f"role_table row #{i}"
            if not lo <= row.players <= hi:
                raise fail(info, where, "players", f"must be between {lo} and {hi}, got {row.players}")
            if row.players in seen:
                raise fail(info, where, "players", f"{row.players} players listed twice")
            seen.add(row.players)
            extra = sorted(set(row.__pydantic_extra__ or {}) - set(roles))
            if extra:
                raise fail(info, where, extra[0], f"unknown role; valid: players, {', '.join(roles)}")
            if sum((row.__pydantic_extra__ or {}).values()) < row.players - 1:
                raise fail(info, where, "players", f"{row.players} players need {row.players - 1} role cards")
        for e in self.examples:
            extra = sorted(set(e.__pydantic_extra__ or {}) - set(roles))
            if extra:
                raise fail(info, f"example {e.id!r}", extra[0], f"unknown field; valid: dreamer, {', '.join(roles)}")
        check_glossary(info, self.glossary, TERMS + tuple(roles))  # a role's term has its id
        return self


# ---------------------------------------------------------------- a recorded game

PlayerName = Annotated[str, Field(min_length=1, max_length=60, pattern=r"^[^\x00-\x1f\x7f]+$")]
Event = Annotated[str, Field(min_length=1, max_length=100)]


class RoundDoc(Doc):
    """One round of a record: the dreamer, every other player's role, the night's events, the narration."""

    dreamer: PlayerName
    roles: dict[PlayerName, Annotated[str, Field(max_length=60)]] = Field(max_length=MAX_PLAYERS)
    events: list[Event] = Field(max_length=500)
    remembered_all: Bool
    mentioned_blue: Bool = Field(False, description="the dreamer also named a blue card in the narration")


class RecordDoc(Doc):
    """A recorded game of When I Dream (TOML or JSON); checked against the spec by the record module."""

    players: list[PlayerName] = Field(min_length=1, max_length=MAX_PLAYERS)
    rounds: list[RoundDoc] = Field(min_length=1, max_length=MAX_PLAYERS)
