"""The Réveil-family spec, declared: every table's fields, and the contexts its expressions run in.

>>> from songe.spec.schemas.base import validate
>>> from songe.spec.fields import read_toml
>>> from songe.spec.reveil import default_path
>>> doc = validate(ReveilDoc, read_toml(default_path()), "reveil.toml")
>>> len(doc.cards) > 0
True
>>> check_condition("hand[nope] >= 1", STRATEGY_CONTEXT, {"some_card"})
"condition names card 'nope', which is not in the spec"
>>> check_condition("discard >= 1", STRATEGY_CONTEXT, {"some_card"})
"'discard' needs a card, as in discard[card_id]"
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationInfo, create_model, model_validator

from songe.errors import ExprError
from songe.spec.expr import Flag, Var, parse_action, parse_condition, walk
from songe.spec.schemas.base import Doc, Expr, Id, InRange, Int, Name, OpenPoints, Readings, Text, fail
from songe.spec.schemas.glossary import GlossaryDoc
from songe.spec.schemas.glossary import check as check_glossary
from songe.spec.vocabulary.reveil import (
    _KIND_TRIGGERS,
    FLAG_NAMES,
    INDEXED_NAMES,
    INT_NAMES,
    MAX_CARD_TYPES,
    MAX_COPIES,
    MAX_DECK,
    MAX_HAND,
    MAX_INTENSITY,
    MAX_LUCIDITY,
    MAX_ROWS,
    STRATEGY_INDEXED_NAMES,
    CardKind,
    Chain,
    ClaimKind,
    DefeatCheck,
    DefeatScope,
    DrawnResolved,
    FlagScope,
    FullHand,
    IntensityFloor,
    LossCapScope,
    PlayedThought,
    PreviousDream,
    Step,
    Timing,
    Trigger,
    Verb,
    Victory,
)

#: The glossary terms Réveil's texts (events, play, advice, books) are worded with.
TERMS = ("lucidity", "intensity", "dream", "thought", "card", "hand", "deck", "discard", "level")

#: A fraction written as text, ASCII digits only: "1/2", "3/20", "0".
FractionText = Annotated[str, Field(pattern=r"^[0-9]{1,9}(/[0-9]{1,9})?$")]


@dataclass(frozen=True)
class Context:
    """The names an expression may read where it is evaluated."""

    label: str
    ints: frozenset[str]
    indexed: frozenset[str]
    flags: frozenset[str]


#: What a card row's condition can read, per trigger.
ROW_CONTEXTS = {t: Context(f"a {t.value!r} row", frozenset(n for n, ts in INT_NAMES.items() if t in ts),
                           INDEXED_NAMES, FLAG_NAMES) for t in Trigger}
#: What a strategy's condition can read: the decision state at the thought step (nothing is lost
#: yet, and no thought is played yet), as the player sees it.
STRATEGY_CONTEXT = Context("a strategy", frozenset(n for n, ts in INT_NAMES.items() if Trigger.PLAY in ts),
                           STRATEGY_INDEXED_NAMES, frozenset())


def check_condition(text: str, ctx: Context, card_ids: set[str]) -> str | None:
    """Why a condition cannot be evaluated in a context (None if it can)."""
    try:
        cond = parse_condition(text)
    except ExprError as exc:
        return f"{text!r}: {exc}"
    valid = ", ".join(sorted(ctx.ints | ctx.flags | {f"{n}[card]" for n in ctx.indexed}))
    for node in walk(cond):
        if isinstance(node, Flag):
            if node.name not in ctx.flags:
                if node.name in FLAG_NAMES or node.name in ctx.ints or node.name in ctx.indexed:
                    return f"{node.name!r} is not a yes/no word {ctx.label} can read; valid: {valid}"
                return f"unknown condition word {node.name!r}; valid: {valid}"
        elif isinstance(node, Var):
            if node.key is not None:
                if node.name not in ctx.indexed:
                    return f"{node.name!r} takes no card; indexed names: {', '.join(sorted(ctx.indexed))}"
                if node.key not in card_ids:
                    return f"condition names card {node.key!r}, which is not in the spec"
            elif node.name in ctx.indexed and node.name not in ctx.ints:
                return f"{node.name!r} needs a card, as in {node.name}[card_id]"
            elif node.name not in ctx.ints:
                if any(node.name in c.ints for c in ROW_CONTEXTS.values()):
                    return f"{node.name!r} is not known yet in {ctx.label}"
                return f"unknown condition word {node.name!r}; valid: {valid}"
    return None


def check_action(text: str, kind: CardKind, when: Trigger) -> str | None:
    """Why a row's action is not one of the vocabulary's (None if it is)."""
    try:
        action = parse_action(text)
    except ExprError as exc:
        return f"{text!r}: {exc}"
    verbs = {v.value for v in Verb}
    if action.verb not in verbs:
        return f"unknown action {action.verb!r}; valid: {', '.join(sorted(verbs))}"
    # Each verb says which amounts it takes, beside its effect and z3 term (imported late: the verbs
    # load the game's engine, which reading a schema does not need).
    from songe.games.reveil.verbs import refuse

    return refuse(action.verb, action.amount)


class GameDoc(Doc):
    """``[game]``: what the file is."""

    id: Id
    name: Name
    family: Literal["reveil"]
    source: Text | None = Field(None, description="the rule text, relative to the spec file (the quotes' source)")
    quotes: Literal["source", "own"] = Field(
        "source", description="'source': every quote stands verbatim in the source text; 'own': the quotes are "
                              "the designer's own wording (a new game, see songe new), checked against no text")
    players: Annotated[Int, InRange(1, 1)]
    quote: Text | None = None

    @model_validator(mode="after")
    def _source_unless_own(self, info: ValidationInfo) -> GameDoc:
        if self.source is None and self.quotes == "source":
            raise fail(info, "", "source", "missing: the rule text the quotes come from (or quotes = \"own\")")
        return self


class RowDoc(Doc):
    """One sentence of a card: when, under what condition, what it does."""

    when: Trigger
    if_: Expr | None = Field(None, alias="if", description="a condition (see the spec format)")
    do: Expr = Field(description="a verb and an optional integer, e.g. 'intensity -1'")
    at: Timing = Timing.LIVE
    frame: FlagScope = FlagScope.OWN
    quote: Text


class CardTextDoc(Doc):
    """A card's own book wording, in each language the books are made in."""

    fr: Name
    en: Name


class CardDoc(Doc):
    """A card type: printed data, copies, rows."""

    id: Id
    name: Name
    kind: CardKind
    intensity: Annotated[Int, InRange(0, MAX_INTENSITY)] | None = Field(None, description="dreams only")
    copies: Annotated[Int, InRange(0, MAX_COPIES)]
    effects: list[RowDoc] = Field(default_factory=list, max_length=MAX_ROWS)
    quote: Text
    text: CardTextDoc | None = Field(None, description="the card's text as the books print it, in the designer's "
                                                       "own words (else drafted from its rows)")


class StatedDoc(Doc):
    """The totals the text states for its own deck."""

    dreams: Annotated[Int, InRange(0, MAX_DECK)]
    thoughts: Annotated[Int, InRange(0, MAX_DECK)]
    total: Annotated[Int, InRange(0, MAX_DECK)]
    quote: Text


class SetupDoc(Doc):
    """``[setup]``: the base set-up."""

    lucidity: Annotated[Int, InRange(1, MAX_LUCIDITY)]
    hand_limit: Annotated[Int, InRange(0, MAX_HAND)]
    hand: Literal["empty"]
    quote: Text


class LevelDoc(Doc):
    """A difficulty level."""

    id: Id
    lucidity: Annotated[Int, InRange(1, MAX_LUCIDITY)]
    hand_limit: Annotated[Int, InRange(0, MAX_HAND)]
    quote: Text


class StepDoc(Doc):
    """A step of resolving a dream, with its sentence."""

    id: Step
    quote: Text


def _rule(name: str, value: Any) -> Any:
    return create_model(f"Rule_{name}", __base__=Doc, value=(value, ...), quote=(Text, ...))


#: Each rule switch with its type: an integer range or a closed set of values.
RULE_TYPES: dict[str, Any] = {
    "loss_cap": Annotated[Int, InRange(0, MAX_INTENSITY)], "loss_cap_scope": LossCapScope, "intensity_floor": IntensityFloor,
    "played_thought": PlayedThought, "drawn_resolved": DrawnResolved, "previous_dream": PreviousDream,
    "thoughts_per_dream": Annotated[Int, InRange(0, 1)],
    "defeat_at": Annotated[Int, InRange(-MAX_LUCIDITY, MAX_LUCIDITY)],
    "stop_drawing_at": Annotated[Int, InRange(-MAX_LUCIDITY, MAX_LUCIDITY)],
    "victory_min_lucidity": Annotated[Int, InRange(-MAX_LUCIDITY, MAX_LUCIDITY)],
    "chain": Chain, "full_hand": FullHand, "defeat_check": DefeatCheck, "victory": Victory,
    "defeat_scope": DefeatScope,
    # Rules the engine implements one way only; the spec states them for the record (with their sentence).
    "empty_deck_draw": Literal["nothing"], "turn": Literal["top_card_one_at_a_time"],
    "effect_draw": Literal["chained_dream"], "lucidity_max": Literal["none"], "discard": Literal["face_up"],
    "step_order": Literal["as_listed"],
}
# Typed as Any: a dict of (type, default) pairs that mypy would otherwise match against create_model's own keywords.
_RULE_FIELDS: dict[str, Any] = {k: (_rule(k, v), ...) for k, v in RULE_TYPES.items()}
RulesDoc = create_model("RulesDoc", __base__=Doc, **_RULE_FIELDS)
RulesDoc.__doc__ = "``[rules]``: the switches of the resolution procedure, each with its sentence."


class ClaimDoc(Doc):
    """A statement of the text to measure; the fields needed depend on its kind."""

    id: Id
    kind: ClaimKind
    quote: Text
    note: Text
    level: Id | None = None
    target: FractionText | None = None
    tolerance: FractionText | None = None
    order: list[Id] | None = Field(None, max_length=20)


class ExampleDoc(Doc):
    """A worked example: a deck order and the thoughts played, at a level."""

    id: Id
    level: Id
    order: list[Id] = Field(max_length=MAX_DECK)
    choices: list[Id] = Field(default_factory=list, max_length=MAX_DECK)
    quote: Text
    origin: Literal["text", "illustration"] = Field(
        "text", description="text: the source's own example (its quote is the example); illustration: an example "
                            "added to show a rule (its quote is that rule, its title says what it shows)")
    title: dict[Literal["fr", "en"], Name] = Field(default_factory=dict, description="an illustration's title, fr and en")


class WitnessDoc(Doc):
    """A game chosen to show what a reading changes (the dossier's example for it), in place of the first one
    the witness search finds: the search proves a difference, an editor's example must also show the point."""

    reading: Text = Field(description="'reading=option': the other reading the game is told under, beside the "
                                      "adopted one")
    order: list[Id] = Field(max_length=MAX_DECK, description="the whole deck, from the top")
    choices: list[Id] = Field(default_factory=list, max_length=MAX_DECK,
                              description="decisions imposed before the best play ('none' or a thought's id)")
    why: Text = Field("", description="what the game shows (for the spec's reader)")


class StrategyRuleDoc(Doc):
    """One rule of a strategy: when it applies (a condition over what the player sees), what it plays."""

    if_: Expr | None = Field(None, alias="if")
    dream: Id | None = None
    play: Id = Field(description="'first', 'none' (keep every thought) or a thought's id")
    except_: list[Id] = Field(default_factory=list, alias="except", max_length=MAX_CARD_TYPES)


class StrategyDoc(Doc):
    """A named simple policy, as ordered rules."""

    id: Id
    description: Text
    rules: list[StrategyRuleDoc] = Field(max_length=20)


class ReveilDoc(Doc):
    """A Réveil-family spec file."""

    game: GameDoc
    cards: list[CardDoc] = Field(min_length=1, max_length=MAX_CARD_TYPES)
    stated: StatedDoc | None = None
    setup: SetupDoc
    levels: list[LevelDoc] = Field(min_length=1, max_length=20)
    steps: list[StepDoc] = Field(max_length=len(Step))
    rules: RulesDoc  # type: ignore[valid-type]
    readings: Readings = Field(default_factory=list)
    open_points: OpenPoints = Field(default_factory=list)
    claims: list[ClaimDoc] = Field(default_factory=list, max_length=50)
    examples: list[ExampleDoc] = Field(default_factory=list, max_length=50)
    strategies: list[StrategyDoc] = Field(default_factory=list, max_length=30)
    witnesses: list[WitnessDoc] = Field(default_factory=list, max_length=50)
    glossary: GlossaryDoc

    @model_validator(mode="after")
    def _cross_references(self, info: ValidationInfo) -> ReveilDoc:
        _check_cards(self, info)
        ids = {c.id for c in self.cards}
        levels = [lv.id for lv in self.levels]
        if len(set(levels)) != len(levels):
            raise fail(info, "", "levels", "duplicate level id")
        steps = [s.id for s in self.steps]
        if sorted(s.value for s in steps) != sorted(s.value for s in Step):
            missing = sorted({s.value for s in Step} - {s.value for s in steps})
            raise fail(info, "", "steps", f"each step exactly once; missing or repeated: {missing or 'a duplicate'}")
        if steps[0] is not Step.REVEAL or steps[-1] is not Step.END:
            raise fail(info, "", "steps", "'reveal' must come first and 'end' last")
        _check_unique(info, "reading", [r.id for r in self.readings])
        _check_unique(info, "claim", [c.id for c in self.claims])
        _check_unique(info, "example", [e.id for e in self.examples])
        _check_unique(info, "strategy", [s.id for s in self.strategies])
        for c in self.claims:
            _check_claim(c, set(levels), info)
        for e in self.examples:
            where = f"example {e.id!r}"
            if e.level not in levels:
                raise fail(info, where, "level", f"unknown level {e.level!r}; valid: {', '.join(levels)}")
            if e.origin == "illustration" and sorted(e.title) != ["en", "fr"]:
                raise fail(info, where, "title", "an illustration needs its title in fr and en")
            for fld, items in (("order", e.order), ("choices", e.choices)):
                bad = [x for x in items if x not in ids and x != "none"]
                if bad:
                    raise fail(info, where, fld, f"unknown card {bad[0]!r}")
        _check_strategies(self, info)
        _check_witnesses(self, info)
        check_glossary(info, self.glossary, TERMS)
        return self


def _check_witnesses(doc: ReveilDoc, info: ValidationInfo) -> None:
    """Each chosen game names a reading's other option, once. Its order is not held to the deck here: a copy of the
    spec that changes the cards keeps its file valid, and a game that no longer fits is left for the search's."""
    options = {f"{r.id}={o.id}" for r in doc.readings for o in r.options}
    _check_unique(info, "witness", [w.reading for w in doc.witnesses])
    for w in doc.witnesses:
        if w.reading not in options:
            raise fail(info, f"witness {w.reading!r}", "reading", "not a reading's option; write 'reading=option'")


def _check_unique(info: ValidationInfo, label: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise fail(info, f"{label} {i!r}", "id", f"duplicate {label} id {i!r}")
        seen.add(i)


def _check_cards(doc: ReveilDoc, info: ValidationInfo) -> None:
    ids: set[str] = set()
    names: dict[str, str] = {}
    for c in doc.cards:
        where = f"card {c.id!r}"
        if c.id in ids:
            raise fail(info, where, "id", f"duplicate card id {c.id!r}")
        ids.add(c.id)
        key = c.name.strip().casefold()
        if key in names:
            raise fail(info, where, "name", f"{c.name!r} is also the name of card {names[key]!r}: names must differ")
        names[key] = c.id
        if c.kind is CardKind.DREAM and c.intensity is None:
            raise fail(info, where, "intensity", "missing (a dream has a printed intensity)")
        if c.kind is CardKind.THOUGHT and c.intensity is not None:
            raise fail(info, where, "intensity", "a thought has no intensity")
    for c in doc.cards:  # a name may not be another card's id: card_index reads both
        if c.name.strip().casefold() in ids - {c.id}:
            raise fail(info, f"card {c.id!r}", "name", f"{c.name!r} is another card's id")
    total = sum(c.copies for c in doc.cards)
    if total > MAX_DECK:
        raise fail(info, "", "cards", f"the deck has {total} cards; at most {MAX_DECK}")
    if total == 0:
        raise fail(info, "", "cards", "the deck is empty")
    for c in doc.cards:
        for i, row in enumerate(c.effects):
            where = f"card {c.id!r}, row {i}"
            if row.when not in _KIND_TRIGGERS[c.kind]:
                valid = ", ".join(sorted(x.value for x in _KIND_TRIGGERS[c.kind]))
                raise fail(info, where, "when", f"{row.when.value!r} is not a trigger of a {c.kind.value}; valid: {valid}")
            problem = check_action(row.do, c.kind, row.when)
            if problem:
                raise fail(info, where, "do", problem)
            if row.if_ is not None:
                problem = check_condition(row.if_, ROW_CONTEXTS[row.when], ids)
                if problem:
                    raise fail(info, where, "if", problem)


def _fraction(text: str | None, where: str, fld: str, info: ValidationInfo) -> Fraction:
    if text is None:
        raise fail(info, where, fld, "missing")
    try:
        value = Fraction(text)
    except ZeroDivisionError:
        raise fail(info, where, fld, f"must be a fraction such as '1/2', got {text!r}") from None
    if not 0 <= value <= 1:
        raise fail(info, where, fld, f"must be between 0 and 1, got {text!r}")
    return value


def _check_claim(c: ClaimDoc, levels: set[str], info: ValidationInfo) -> None:
    where = f"claim {c.id!r}"
    allowed = {ClaimKind.WIN_PROBABILITY_NEAR: {"level", "target", "tolerance"}, ClaimKind.LADDER: {"order"},
               ClaimKind.COUNTS: set()}[c.kind]
    for fld in ("level", "target", "tolerance", "order"):
        if fld not in allowed and getattr(c, fld) is not None:
            raise fail(info, where, fld, f"a {c.kind.value!r} claim takes no {fld}")
    if c.kind is ClaimKind.WIN_PROBABILITY_NEAR:
        if c.level not in levels:
            raise fail(info, where, "level", f"unknown level {c.level!r}; valid: {', '.join(sorted(levels))}")
        _fraction(c.target, where, "target", info)
        _fraction(c.tolerance, where, "tolerance", info)
    elif c.kind is ClaimKind.LADDER:
        order = c.order or []
        bad = [x for x in order if x not in levels]
        if bad or len(order) < 2 or len(set(order)) != len(order):
            raise fail(info, where, "order", f"must list at least two distinct known levels; unknown: {bad}")


def _check_strategies(doc: ReveilDoc, info: ValidationInfo) -> None:
    ids = {c.id for c in doc.cards}
    thoughts = {c.id for c in doc.cards if c.kind is CardKind.THOUGHT}
    dreams = {c.id for c in doc.cards if c.kind is CardKind.DREAM}
    for s in doc.strategies:
        for i, r in enumerate(s.rules):
            where = f"strategy {s.id!r}, rule {i}"
            if r.if_ is not None:
                problem = check_condition(r.if_, STRATEGY_CONTEXT, ids)
                if problem:
                    raise fail(info, where, "if", problem)
            if r.dream is not None and r.dream not in dreams:
                raise fail(info, where, "dream", f"{r.dream!r} is not a dream of the spec")
            if r.play not in ("first", "none") and r.play not in thoughts:
                raise fail(info, where, "play", f"{r.play!r} is neither 'first', 'none' nor a thought of the spec")
            bad = [x for x in r.except_ if x not in thoughts]
            if bad:
                raise fail(info, where, "except", f"only thoughts can be excepted, got {bad[0]!r}")
