"""Dread Draw, declared: the rules spec with its holes, and a user's card-list file.

An ability's ``do`` is a verb and an amount written in ASCII digits
(``"look_top 2"``); ``look_top -3`` or ``look_top lots`` is refused, never
read as 1.

>>> parse_ability("look_top 2"), parse_ability("choose_next")
(('look_top', 2), ('choose_next', 1))
>>> parse_ability("look_top lots")
Traceback (most recent call last):
...
ValueError: an action is a verb and an amount from 1 to 10 in digits, got 'look_top lots'
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from songe.spec.schemas.base import Bool, Doc, Id, InRange, Int, Name, OpenPoints, Readings, Text, fail
from songe.spec.schemas.glossary import GlossaryDoc
from songe.spec.schemas.glossary import check as check_glossary
from songe.spec.vocabulary.dread_draw import (
    HOLE_VALUES,
    MAX_CARD_TYPES,
    MAX_CARDS,
    MAX_COPIES,
    MAX_PLAYERS,
    Action,
    ApresCoup,
    Keyword,
)

#: The glossary terms Dread Draw's texts are worded with.
TERMS = ("player", "life_deck", "draw_deck", "discard", "reserves", "round", "damage", "strength", "card")

_ABILITY = re.compile(r"([a-z_]+)(?: ([0-9]{1,2}))?")


def parse_ability(text: str) -> tuple[str, int]:
    """(verb, amount) of an ability's ``do``: a known verb, then at most one amount 1..10 in ASCII digits."""
    m = _ABILITY.fullmatch(" ".join(text.split()))
    actions = tuple(x.value for x in Action)
    if m is None or m.group(1) not in actions:
        if m is not None or (text.split() or [""])[0] not in actions:
            raise ValueError(f"unknown action {text!r}; valid: {', '.join(actions)} (with an amount)")
        raise ValueError(f"an action is a verb and an amount from 1 to 10 in digits, got {text!r}")
    amount = int(m.group(2)) if m.group(2) else 1
    if not 1 <= amount <= 10:
        raise ValueError(f"an action is a verb and an amount from 1 to 10 in digits, got {text!r}")
    return m.group(1), amount


# ---------------------------------------------------------------- the rules spec


class GameDoc(Doc):
    """``[game]``."""

    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]*$", max_length=60)]
    name: Name
    family: Literal["dread_draw"]
    source: Text
    truncated: Bool | Text | None = None
    truncated_quote: Text


class LifeDoc(Doc):
    """``[life]``: life cards dealt to each player."""

    cards: Annotated[Int, InRange(1, 50)]
    quote: Text


class QuotedDoc(Doc):
    """A quoted rule or keyword sentence, maybe pointing at a hole."""

    id: Id
    quote: Text
    hole: Id | None = None


class HoleDoc(Doc):
    """Something the card list must fill: a hole of the text, or (origin engine) a question the text settles
    whose way of doing it the card list only names."""

    id: Id
    description: Text
    quote: Text
    origin: Literal["text", "engine"] = "text"


class SwitchesDoc(Doc):
    """``[switches]``: the rule switches the readings set."""

    first_summon: Literal["always_succeeds", "beat_zero"]
    no_cards_to_draw: Literal["eliminated", "round_ends"]
    life_gain_short: Literal["take_what_is_there", "reshuffle"]
    turn_candidates: Literal["players_in_round", "all_players"]
    failed_card: Literal["discard", "removed"]
    void_round: Bool
    reshuffle_when: Literal["at_draw", "when_empty"]
    choice_after_round: Literal["lapses", "carries"]
    empty_life_defeat: Literal["on_damage", "when_eliminated"] = "on_damage"


class LimitsDoc(Doc):
    """``[limits]``: bounds that are not rules of the text (each says so in its note)."""

    max_summons: Annotated[Int, InRange(1, 1_000_000)]
    note: Text


class DreadDrawDoc(Doc):
    """The Dread Draw rules spec file."""

    game: GameDoc
    life: LifeDoc
    rules: list[QuotedDoc] = Field(max_length=100)
    keywords: list[QuotedDoc] = Field(max_length=20)
    holes: list[HoleDoc] = Field(max_length=50)
    switches: SwitchesDoc
    limits: LimitsDoc
    readings: Readings = Field(default_factory=list)
    open_points: OpenPoints = Field(default_factory=list)
    glossary: GlossaryDoc

    @model_validator(mode="after")
    def _cross_references(self, info: ValidationInfo) -> DreadDrawDoc:
        holes = {h.id for h in self.holes}
        if len(holes) != len(self.holes):
            raise fail(info, "", "holes", "duplicate hole id")
        for label, rows in (("rule", self.rules), ("keyword", self.keywords)):
            for r in rows:
                if r.hole is not None and r.hole not in holes:
                    raise fail(info, f"{label} {r.id!r}", "hole", f"unknown hole {r.hole!r}; valid: {', '.join(sorted(holes))}")
        check_glossary(info, self.glossary, TERMS)
        return self


# ---------------------------------------------------------------- the card-list file


class AbilityDoc(Doc):
    """A card's ability: a keyword, and a verb with an amount (``"gain_life 2"``)."""

    keyword: Keyword
    do: Annotated[str, Field(min_length=1, max_length=40, description="gain_life N | look_top N | choose_next (N from 1 to 10)",
                             json_schema_extra={"pattern": r"^(gain_life|look_top|choose_next)( [0-9]{1,2})?$"})]

    @field_validator("do")
    @classmethod
    def _do(cls, value: str) -> str:
        parse_ability(value)  # the pattern above is for editors; this says which part is wrong
        return value


class CardDoc(Doc):
    """A card of the list."""

    id: Id
    name: Name
    strength: Annotated[Int, InRange(0, 100)]
    damage: Annotated[Int, InRange(0, 20)]
    copies: Annotated[Int, InRange(0, MAX_COPIES)]
    abilities: list[AbilityDoc] = Field(default_factory=list, max_length=5)


class MetaDoc(Doc):
    """``[meta]``: what the list is."""

    title: Name
    synthetic: Bool
    note: Text | None = None


class HolesDoc(Doc):
    """``[holes]``: the values the card list gives the text's holes."""

    players: Annotated[Int, InRange(2, MAX_PLAYERS)] | None = None
    card_list: Text | None = None
    draw_deck: Literal[HOLE_VALUES["draw_deck"]] | None = None  # type: ignore[valid-type, name-defined]  # Literal built from HOLE_VALUES at import
    first_player: Literal[HOLE_VALUES["first_player"]] | None = None  # type: ignore[valid-type, name-defined]  # Literal built from HOLE_VALUES at import
    apres_coup_timing: ApresCoup | None = None


class VariantDoc(Doc):
    """``[variant]``: a declared change to a rule of the text (never silent: the note says why)."""

    life_cards: Annotated[Int, InRange(1, 50)]
    note: Text


class CardListDoc(Doc):
    """A Dread Draw card-list file (``--cards``)."""

    meta: MetaDoc
    holes: HolesDoc = Field(default_factory=HolesDoc)
    variant: VariantDoc | None = None
    cards: list[CardDoc] = Field(min_length=1, max_length=MAX_CARD_TYPES)

    @model_validator(mode="after")
    def _cross_references(self, info: ValidationInfo) -> CardListDoc:
        ids: set[str] = set()
        names: dict[str, str] = {}
        for c in self.cards:
            if c.id in ids:
                raise fail(info, f"card {c.id!r}", "id", f"duplicate card id {c.id!r}")
            ids.add(c.id)
            key = c.name.strip().casefold()
            if key in names:
                raise fail(info, f"card {c.id!r}", "name",
                           f"{c.name!r} is also the name of card {names[key]!r}: names must differ")
            names[key] = c.id
        total = sum(c.copies for c in self.cards)
        if total > MAX_CARDS:
            raise fail(info, "", "cards", f"{total} cards; at most {MAX_CARDS}")
        return self
