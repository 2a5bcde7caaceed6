"""The Jekyll vs Hyde spec, declared: suits, values, deal, exchange, tricks, track, rounds, switches."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, ValidationInfo, model_validator

from songe.spec.schemas.base import Bool, Doc, Id, InRange, Int, Name, OpenPoints, Readings, Text, fail
from songe.spec.schemas.glossary import GlossaryDoc
from songe.spec.schemas.glossary import check as check_glossary
from songe.spec.vocabulary.jekyll_hyde import (
    POTION,
    Effect,
    ExpertSpeed,
    ForcedPotionScope,
    GreenShortfall,
    NamedColourRanks,
    PotionColourRanks,
    RedResetScope,
    StealTarget,
    StealWithoutTrick,
)

#: The glossary terms Jekyll vs Hyde's texts are worded with (the suits and colours are looked up by their names).
TERMS = ("jekyll", "hyde", "trick", "round", "card", "lutte", "potion", "colour", "marker", "track", "space")

#: A suit's letter: one capital letter, not the potions' letter.
SuitLetter = Annotated[str, Field(pattern=r"^[A-OQ-Z]$", description=f"one capital letter other than {POTION!r}")]
Value = Annotated[Int, InRange(0, 99)]
Origin = Literal["text", "outside"]


class GameDoc(Doc):
    """``[game]``."""

    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]*$", max_length=60)]
    name: Name
    family: Literal["jekyll_hyde"]
    source: Text
    players: list[Id] = Field(min_length=2, max_length=2)
    quote: Text


class SuitDoc(Doc):
    """A suit: letter, name, colour, and the potion effect its colour triggers."""

    id: SuitLetter
    name: Name
    colour: Name
    effect: Effect
    origin: Origin | None = None
    citation: Text | None = None


class LutteDoc(Doc):
    """``[lutte]``: the values of each suit."""

    values: list[Value] = Field(min_length=1, max_length=20)
    origin: Origin | None = None
    citation: Text | None = None
    quote: Text


class PotionsDoc(Doc):
    """``[potions]``: potion values, and whether potions win ties."""

    values: list[Value] = Field(min_length=1, max_length=20)
    wins_ties: Bool
    origin: Origin | None = None
    citation: Text | None = None
    quote: Text
    tie_quote: Text


class DealDoc(Doc):
    """``[deal]``: cards per hand, cards set aside."""

    hand: Annotated[Int, InRange(1, 50)]
    set_aside: Annotated[Int, InRange(0, 50)]
    quote: Text


class ExchangeDoc(Doc):
    """``[exchange]``: cards exchanged at the start of each round."""

    cards_per_round: list[Annotated[Int, InRange(0, 50)]] = Field(max_length=20)
    forced_potion_at: Annotated[Int, InRange(1, 50)]
    quote: Text
    forced_quote: Text


class TricksDoc(Doc):
    """``[tricks]``."""

    per_round: Annotated[Int, InRange(1, 50)]
    quote: Text
    green_exchange: Annotated[Int, InRange(0, 50)]
    green_quote: Text


class TrackDoc(Doc):
    """``[track]``: the personality track."""

    spaces: Annotated[Int, InRange(2, 100)]
    jekyll_side: Annotated[Int, InRange(1, 100)]
    origin: Origin | None = None
    citation: Text | None = None
    quote: Text
    lead_quote: Text
    instant_quote: Text
    progress_quote: Text


class RoundsDoc(Doc):
    """``[rounds]``."""

    count: Annotated[Int, InRange(1, 20)]
    quote: Text


class SwitchesDoc(Doc):
    """``[switches]``: the rule switches the readings set."""

    steal_without_trick: StealWithoutTrick
    named_colour_ranks: NamedColourRanks
    steal_target: StealTarget
    red_reset_scope: RedResetScope
    green_shortfall: GreenShortfall
    forced_potion_scope: ForcedPotionScope = ForcedPotionScope.ROUND_START
    potion_colour_ranks: PotionColourRanks
    expert_speed: ExpertSpeed


class ExpertDoc(Doc):
    """``[expert]``: the return match the text describes (two games, roles swapped), each rule with its sentence."""

    games: Annotated[Int, InRange(2, 2)]
    score_cap: Annotated[Int, InRange(1, 100)]
    quote: Text
    score_quote: Text
    winner_quote: Text
    speed_quote: Text
    tie_quote: Text


class RuleDoc(Doc):
    """A quoted rule sentence."""

    id: Id
    quote: Text


class ExampleDoc(Doc):
    """A worked example: a script (the first deal and moves), the policy that plays the rest, how far to tell."""

    id: Id
    title: dict[Literal["fr", "en"], Name] = Field(min_length=2, description="its title, fr and en")
    script: Text = Field(description="a trace script: 'J: ...; H: ...; moves: ...' (songe.games.jekyll_hyde.script)")
    policy: Id = Field(description="the named policy that plays the moves the script leaves open")
    seed: Annotated[Int, InRange(0, 2**31)] = 0
    stop: Literal["trick", "round"] = Field(description="tell the first trick move by move, or a whole round")


class JekyllHydeDoc(Doc):
    """A Jekyll vs Hyde spec file."""

    game: GameDoc
    suits: list[SuitDoc] = Field(min_length=2, max_length=6)
    lutte: LutteDoc
    potions: PotionsDoc
    deal: DealDoc
    exchange: ExchangeDoc
    tricks: TricksDoc
    track: TrackDoc
    rounds: RoundsDoc
    switches: SwitchesDoc
    expert: ExpertDoc | None = None
    rules: list[RuleDoc] = Field(max_length=50)
    readings: Readings = Field(default_factory=list)
    open_points: OpenPoints = Field(default_factory=list)
    examples: list[ExampleDoc] = Field(default_factory=list, max_length=20)
    glossary: GlossaryDoc

    @model_validator(mode="after")
    def _cross_references(self, info: ValidationInfo) -> JekyllHydeDoc:
        letters = [s.id for s in self.suits]
        if len(set(letters)) != len(letters):
            raise fail(info, "", "suits", f"suit letters must be distinct, got {letters}")
        names = [s.name.casefold() for s in self.suits]
        if len(set(names)) != len(names):
            raise fail(info, "", "suits", "two suits share a name")
        for label, values in (("table [lutte]", self.lutte.values), ("table [potions]", self.potions.values)):
            if len(set(values)) != len(values):
                raise fail(info, label, "values", f"values must be distinct, got {values}")
        total = len(self.suits) * len(self.lutte.values) + len(self.potions.values)
        hand, aside = self.deal.hand, self.deal.set_aside
        if 2 * hand + aside != total:
            raise fail(info, "table [deal]", "hand",
                       f"2 hands of {hand} + {aside} set aside = {2 * hand + aside}, but the deck has {total}")
        if self.tricks.per_round != hand:
            raise fail(info, "table [tricks]", "per_round",
                       f"each trick takes one card from each hand of {hand}: per_round must be {hand}")
        if self.tricks.green_exchange > hand:
            raise fail(info, "table [tricks]", "green_exchange", f"must be at most the hand ({hand})")
        per_round = self.exchange.cards_per_round
        if len(per_round) != self.rounds.count:
            raise fail(info, "table [exchange]", "cards_per_round",
                       f"one count per round ({self.rounds.count} rounds), got {per_round}")
        if any(n > hand for n in per_round):
            raise fail(info, "table [exchange]", "cards_per_round", f"at most the hand ({hand}) each, got {per_round}")
        if self.track.jekyll_side > self.track.spaces:
            raise fail(info, "table [track]", "jekyll_side", f"must be at most spaces ({self.track.spaces})")
        ids = [r.id for r in self.rules]
        if len(set(ids)) != len(ids):
            raise fail(info, "", "rules", "duplicate rule id")
        check_glossary(info, self.glossary, TERMS)  # a suit without a term prints its French name
        return self
