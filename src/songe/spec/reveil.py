"""The Réveil-family spec format: its records and its loader (and its vocabulary, re-exported).

The vocabulary (triggers, verbs, state names, rule switches) is closed and
documented in :mod:`songe.spec.vocabulary.reveil`; the cards, numbers and
sentences are all in the TOML file.

>>> spec = load()
>>> len(spec.deck), spec.level("cauchemar").hand_limit
(11, 2)
>>> load(readings={"loss_cap": "whole_dream"}).rules.loss_cap_scope
<LossCapScope.DREAM: 'dream'>
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any

from songe.errors import ExprError, OptionError
from songe.spec import checked
from songe.spec import readings as readings_mod
from songe.spec.expr import Action, Condition, parse_action, parse_condition
from songe.spec.fields import Table, read_toml
from songe.spec.readings import OpenPoint, Reading
from songe.spec.sources import spec_dir
from songe.spec.vocabulary.reveil import (
    _KIND_TRIGGERS as _KIND_TRIGGERS,
)
from songe.spec.vocabulary.reveil import (
    FLAG_NAMES as FLAG_NAMES,
)
from songe.spec.vocabulary.reveil import (
    INDEXED_NAMES as INDEXED_NAMES,
)
from songe.spec.vocabulary.reveil import (
    INT_NAMES as INT_NAMES,
)
from songe.spec.vocabulary.reveil import (  # the vocabulary, re-exported
    MAX_CARD_TYPES as MAX_CARD_TYPES,
)
from songe.spec.vocabulary.reveil import (
    MAX_COPIES as MAX_COPIES,
)
from songe.spec.vocabulary.reveil import (
    MAX_DECK as MAX_DECK,
)
from songe.spec.vocabulary.reveil import (
    MAX_DRAW as MAX_DRAW,
)
from songe.spec.vocabulary.reveil import (
    MAX_HAND as MAX_HAND,
)
from songe.spec.vocabulary.reveil import (
    MAX_INTENSITY as MAX_INTENSITY,
)
from songe.spec.vocabulary.reveil import (
    MAX_LUCIDITY as MAX_LUCIDITY,
)
from songe.spec.vocabulary.reveil import (
    MAX_ROWS as MAX_ROWS,
)
from songe.spec.vocabulary.reveil import (
    STRATEGY_INDEXED_NAMES as STRATEGY_INDEXED_NAMES,
)
from songe.spec.vocabulary.reveil import (
    CardKind as CardKind,
)
from songe.spec.vocabulary.reveil import (
    Chain as Chain,
)
from songe.spec.vocabulary.reveil import (
    ClaimKind as ClaimKind,
)
from songe.spec.vocabulary.reveil import (
    DefeatCheck as DefeatCheck,
)
from songe.spec.vocabulary.reveil import (
    DefeatScope as DefeatScope,
)
from songe.spec.vocabulary.reveil import (
    DrawnResolved as DrawnResolved,
)
from songe.spec.vocabulary.reveil import (
    FlagScope as FlagScope,
)
from songe.spec.vocabulary.reveil import (
    FullHand as FullHand,
)
from songe.spec.vocabulary.reveil import (
    IntensityFloor as IntensityFloor,
)
from songe.spec.vocabulary.reveil import (
    LossCapScope as LossCapScope,
)
from songe.spec.vocabulary.reveil import (
    PlayedThought as PlayedThought,
)
from songe.spec.vocabulary.reveil import (
    PreviousDream as PreviousDream,
)
from songe.spec.vocabulary.reveil import (
    Rules as Rules,
)
from songe.spec.vocabulary.reveil import (
    Step as Step,
)
from songe.spec.vocabulary.reveil import (
    Timing as Timing,
)
from songe.spec.vocabulary.reveil import (
    Trigger as Trigger,
)
from songe.spec.vocabulary.reveil import (
    Verb as Verb,
)
from songe.spec.vocabulary.reveil import (
    Victory as Victory,
)


@dataclass(frozen=True)
class Row:
    """One sentence of a card: when, under what condition, what it does."""

    when: Trigger
    condition: Condition | None
    action: Action
    at: Timing
    quote: str
    frame: FlagScope = field(default=FlagScope.OWN, repr=False)
    """which frames its flag reads (out of the repr, which fingerprints a card's authored text: see draft)"""

    @property
    def verb(self) -> Verb:
        """The action's verb (validated at load)."""
        return Verb(self.action.verb)


@dataclass(frozen=True)
class Card:
    """A card type: its printed data and its rows."""

    id: str
    name: str
    kind: CardKind
    intensity: int | None
    copies: int
    effects: tuple[Row, ...]
    quote: str
    #: (language, the card's text as the books print it) in the designer's own words; empty: the book's authored
    #: text, or one drafted from the rows
    text: tuple[tuple[str, str], ...] = ()

    def rows(self, when: Trigger, late: bool | None = None) -> tuple[int, ...]:
        """Indices of the rows with that trigger, in order (``late``: only those read at the end of the dream,
        or only the others)."""
        return tuple(i for i, r in enumerate(self.effects)
                     if r.when is when and (late is None or (r.at is Timing.END) == late))


@dataclass(frozen=True)
class Level:
    """A difficulty level: its set-up numbers."""

    id: str
    lucidity: int
    hand_limit: int
    quote: str


@dataclass(frozen=True)
class Stated:
    """The counts the text states for its own deck."""

    dreams: int
    thoughts: int
    total: int
    quote: str


@dataclass(frozen=True)
class ClaimSpec:
    """A statement of the text to measure, with how it is read."""

    id: str
    kind: ClaimKind
    quote: str
    note: str
    level: str | None = None
    target: Fraction | None = None
    tolerance: Fraction | None = None
    order: tuple[str, ...] = ()


@dataclass(frozen=True)
class WorkedExample:
    """A worked example of the text: a deck order and the thoughts played, at a level."""

    id: str
    level: str
    order: tuple[str, ...]
    choices: tuple[str, ...]
    quote: str
    origin: str = "text"
    """text: the source's own example; illustration: one added to show the rule it quotes"""
    title: tuple[tuple[str, str], ...] = ()
    """an illustration's title, as (lang, title) pairs"""


@dataclass(frozen=True)
class ChosenWitness:
    """A game chosen to show what a reading's other option changes: the whole deck order (card ids) and the decisions
    imposed before the best play."""

    reading: str
    option: str
    order: tuple[str, ...]
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class StrategyRule:
    """One rule of a named strategy: when it applies, and which thought it plays."""

    condition: Condition | None
    dream: str | None
    play: str
    excluded: tuple[str, ...]


@dataclass(frozen=True)
class Strategy:
    """A simple policy a player might use, as ordered rules."""

    id: str
    description: str
    rules: tuple[StrategyRule, ...]


@dataclass(frozen=True)
class ReveilSpec:
    """A validated Réveil-family spec, with the readings it was loaded under."""

    file: str
    id: str
    name: str
    source: Path | None
    cards: tuple[Card, ...]
    setup: Level
    levels: tuple[Level, ...]
    steps: tuple[Step, ...]
    step_quotes: tuple[str, ...]
    rules: Rules
    rule_quotes: tuple[tuple[str, str], ...]
    stated: Stated | None
    readings: tuple[Reading, ...]
    chosen: tuple[tuple[str, str], ...]
    claims: tuple[ClaimSpec, ...]
    examples: tuple[WorkedExample, ...]
    strategies: tuple[Strategy, ...]
    base_dir: Path = field(repr=False, compare=False)
    raw: Mapping[str, Any] = field(repr=False, compare=False)
    open_points: tuple[OpenPoint, ...] = ()
    game_quote: str = ""
    #: games chosen to show a reading's other option (the dossier's examples), in place of the search's
    witnesses: tuple[ChosenWitness, ...] = ()
    own_quotes: bool = False
    """the quotes are the designer's own wording (``[game] quotes = "own"``), checked against no source"""

    @property
    def deck(self) -> tuple[str, ...]:
        """Card ids of the whole deck, one entry per copy, in spec order."""
        return tuple(c.id for c in self.cards for _ in range(c.copies))

    @property
    def deck_counts(self) -> tuple[int, ...]:
        """The whole deck as copies per card, indexed like the cards (what a game starts with unseen).

        >>> sum(load().deck_counts)
        11
        """
        return tuple(c.copies for c in self.cards)

    def card(self, card_id: str) -> Card:
        """A card by id."""
        for c in self.cards:
            if c.id == card_id:
                return c
        raise OptionError(f"unknown card {card_id!r}; valid: {', '.join(c.id for c in self.cards)}")

    def level(self, level_id: str) -> Level:
        """A level by id, or an error listing the valid ones."""
        for lv in self.levels:
            if lv.id == level_id:
                return lv
        raise OptionError(f"unknown level {level_id!r}; valid: {', '.join(lv.id for lv in self.levels)}")

    def strategy(self, strategy_id: str) -> Strategy:
        """A named strategy by id, or an error listing the valid ones."""
        for s in self.strategies:
            if s.id == strategy_id:
                return s
        raise OptionError(f"unknown strategy {strategy_id!r}; valid: {', '.join(s.id for s in self.strategies)}")

    def reading(self, reading_id: str) -> Reading:
        """A reading by id, or an error listing the valid ones."""
        for r in self.readings:
            if r.id == reading_id:
                return r
        raise OptionError(f"unknown reading {reading_id!r}; valid: {', '.join(r.id for r in self.readings)}")

    def with_readings(self, chosen: Mapping[str, str]) -> ReveilSpec:
        """The same spec file loaded under other readings (unnamed ones: defaults)."""
        return from_raw(dict(self.raw), self.file, chosen, base_dir=self.base_dir)

    def quotes(self) -> list[tuple[str, str]]:
        """Every quoted sentence with where it stands, for the quote check."""
        out = [("game", self.game_quote)] if self.game_quote else []
        out += [(f"card {c.id!r}", c.quote) for c in self.cards]
        out += [(f"card {c.id!r}, row {i}", r.quote) for c in self.cards for i, r in enumerate(c.effects)]
        out += [("setup", self.setup.quote)] + [(f"level {lv.id!r}", lv.quote) for lv in self.levels]
        out += [(f"step {s.value!r}", q) for s, q in zip(self.steps, self.step_quotes, strict=True)]
        out += [(f"rule {k!r}", q) for k, q in self.rule_quotes]
        out += [(f"reading {r.id!r}", q) for r in self.readings for q in r.quotes]
        out += [(f"point {p.id!r}", q) for p in self.open_points for q in p.quotes]
        if self.stated:
            out.append(("stated", self.stated.quote))
        out += [(f"claim {c.id!r}", c.quote) for c in self.claims]
        out += [(f"example {e.id!r}", e.quote) for e in self.examples]
        return out


def default_path() -> Path:
    """The shipped Réveil spec."""
    return spec_dir() / "reveil.toml"


def load(path: Path | str | None = None, readings: Mapping[str, str] | None = None) -> ReveilSpec:
    """Load and validate a spec file under the given readings (others: defaults)."""
    p = Path(path) if path is not None else default_path()
    return from_raw(read_toml(p), str(p), readings or {}, base_dir=p.parent)


#: The format's model (:mod:`songe.spec.schemas.reveil`), imported only when a document is checked.
_SCHEMA = checked.Schema("songe.spec.schemas.reveil", "ReveilDoc")


def from_raw(raw: dict[str, Any], file: str, chosen: Mapping[str, str], base_dir: Path) -> ReveilSpec:
    """Validate raw TOML data (already parsed) into a :class:`ReveilSpec`."""

    checked.validate(_SCHEMA, raw, file)  # types, ranges, enums, cross-references, expression contexts
    doc = Table(raw, file, "")
    reads = readings_mod.parse_readings(doc)
    selection = readings_mod.select(reads, chosen)
    checked.validate_options(_SCHEMA, raw, file)  # every option of every reading gives a valid spec
    applied_raw = readings_mod.apply(raw, reads, selection, file)
    if applied_raw != raw:
        checked.validate(_SCHEMA, applied_raw, file)  # options of several readings together
    applied = Table(applied_raw, file, "")

    game = applied.sub("game", "table [game]")
    source_name = game.get("source", str, "", required=False)
    source = (base_dir / source_name).resolve() if source_name else None

    cards = _cards(applied)
    ids = {c.id for c in cards}

    setup = applied.sub("setup", "table [setup]")
    setup.choice("hand", ("empty",))
    base = Level("setup", setup.int_in("lucidity", 1, MAX_LUCIDITY), setup.int_in("hand_limit", 0, MAX_HAND),
                 setup.get("quote", str))
    levels = []
    for t in applied.rows("levels", "level"):
        levels.append(Level(t.get("id", str), t.int_in("lucidity", 1, MAX_LUCIDITY),
                            t.int_in("hand_limit", 0, MAX_HAND), t.get("quote", str)))

    steps, step_quotes = _steps(applied)
    rules, rule_quotes = _rules(applied.sub("rules", "table [rules]"))

    stated = None
    if "stated" in applied.data:
        st = applied.sub("stated", "table [stated]")
        stated = Stated(st.int_in("dreams", 0, MAX_DECK), st.int_in("thoughts", 0, MAX_DECK),
                        st.int_in("total", 0, MAX_DECK), st.get("quote", str))

    return ReveilSpec(file=file, id=game.get("id", str), name=game.get("name", str), source=source,
                      cards=cards, setup=base, levels=tuple(levels), steps=steps, step_quotes=step_quotes,
                      rules=rules, rule_quotes=rule_quotes, stated=stated, readings=reads,
                      chosen=tuple(selection.items()), claims=_claims(applied, {lv.id for lv in levels}),
                      examples=_examples(applied, {lv.id for lv in levels}, ids),
                      strategies=_strategies(applied, cards),
                      open_points=readings_mod.parse_open_points(doc, reads),
                      base_dir=base_dir, raw=raw, game_quote=game.get("quote", str, "", required=False),
                      witnesses=_witnesses(applied),
                      own_quotes=game.get("quotes", str, "source", required=False) == "own")


def _cards(doc: Table) -> tuple[Card, ...]:
    """Cards as records (validated by :mod:`songe.spec.schemas.reveil`: ids, names, kinds, rows)."""
    out: list[Card] = []
    for t in doc.rows("cards", "card", max_rows=MAX_CARD_TYPES):
        cid = t.get("id", str)
        kind = CardKind(t.choice("kind", tuple(k.value for k in CardKind)))
        intensity = t.int_in("intensity", 0, MAX_INTENSITY) if kind is CardKind.DREAM else None
        effects = []
        for i, r in enumerate(t.rows("effects", "row", required=False, max_rows=MAX_ROWS)):
            r = Table(r.data, t.file, f"card {cid!r}, row {i}")
            effects.append(_row(r))
        out.append(Card(cid, t.get("name", str), kind, intensity, t.int_in("copies", 0, MAX_COPIES),
                        tuple(effects), t.get("quote", str), _own_text(t)))
    return tuple(out)


def _own_text(t: Table) -> tuple[tuple[str, str], ...]:
    """A card's own book wording (``text = { fr = "…", en = "…" }``), by language (validated by the schema)."""
    own = t.data.get("text") or {}
    return tuple((lang, str(own[lang])) for lang in ("fr", "en") if lang in own)


def _row(t: Table) -> Row:
    when = Trigger(t.choice("when", tuple(x.value for x in Trigger)))
    try:
        cond = parse_condition(t.get("if", str)) if "if" in t.data else None
    except ExprError as exc:
        raise t.fail("if", f"{t.data['if']!r}: {exc}") from None
    try:
        action = parse_action(t.get("do", str))
    except ExprError as exc:
        raise t.fail("do", f"{t.data['do']!r}: {exc}") from None
    at = Timing(t.choice("at", tuple(x.value for x in Timing), "live"))
    frame = FlagScope(t.choice("frame", tuple(x.value for x in FlagScope), FlagScope.OWN.value))
    return Row(when, cond, action, at, t.get("quote", str), frame)


def _steps(doc: Table) -> tuple[tuple[Step, ...], tuple[str, ...]]:
    steps, quotes = [], []
    for t in doc.rows("steps", "step"):
        t.unknown({"id", "quote"})
        steps.append(Step(t.choice("id", tuple(s.value for s in Step))))
        quotes.append(t.get("quote", str))
    if sorted(s.value for s in steps) != sorted(s.value for s in Step):
        missing = sorted({s.value for s in Step} - {s.value for s in steps})
        raise doc.fail("steps", f"each step exactly once; missing or repeated: {missing or 'a duplicate'}")
    if steps[0] is not Step.REVEAL or steps[-1] is not Step.END:
        raise doc.fail("steps", "'reveal' must come first and 'end' last")
    return tuple(steps), tuple(quotes)


_RULES: dict[str, Any] = {
    "loss_cap": (0, MAX_INTENSITY),
    "loss_cap_scope": LossCapScope,
    "intensity_floor": IntensityFloor,
    "played_thought": PlayedThought,
    "drawn_resolved": DrawnResolved,
    "previous_dream": PreviousDream,
    "thoughts_per_dream": (0, 1),
    "defeat_at": (-MAX_LUCIDITY, MAX_LUCIDITY),
    "stop_drawing_at": (-MAX_LUCIDITY, MAX_LUCIDITY),
    "victory_min_lucidity": (-MAX_LUCIDITY, MAX_LUCIDITY),
    "chain": Chain,
    "full_hand": FullHand,
    "defeat_check": DefeatCheck,
    "victory": Victory,
    "defeat_scope": DefeatScope,
}
#: Rules the engine implements one way only; the spec states them for the record.
_FIXED_RULES = {"empty_deck_draw": "nothing", "turn": "top_card_one_at_a_time", "effect_draw": "chained_dream",
                "lucidity_max": "none", "discard": "face_up", "step_order": "as_listed"}


def _rules(doc: Table) -> tuple[Rules, tuple[tuple[str, str], ...]]:
    doc.unknown(set(_RULES) | set(_FIXED_RULES))
    values: dict[str, Any] = {}
    quotes = []
    for name in list(_RULES) + list(_FIXED_RULES):
        t = doc.sub(name, f"rule {name!r}")
        t.unknown({"value", "quote"})
        quotes.append((name, t.get("quote", str)))
        kind = _RULES.get(name)
        if kind is None:
            t.choice("value", (_FIXED_RULES[name],))
        elif isinstance(kind, tuple):
            values[name] = t.int_in("value", *kind)
        else:
            values[name] = kind(t.choice("value", tuple(x.value for x in kind)))
    return Rules(**values), tuple(quotes)


def _claims(doc: Table, level_ids: set[str]) -> tuple[ClaimSpec, ...]:
    """Claims as records (validated by :mod:`songe.spec.schemas.reveil`: kinds, levels, fractions)."""
    out = []
    for t in doc.rows("claims", "claim", required=False, max_rows=50):
        kind = ClaimKind(t.choice("kind", tuple(k.value for k in ClaimKind)))
        # The common fields are read first, in this order, so that a message names the same first fault as before.
        claim = partial(ClaimSpec, id=t.get("id", str), kind=kind, quote=t.get("quote", str), note=t.get("note", str))
        if kind is ClaimKind.WIN_PROBABILITY_NEAR:
            out.append(claim(level=t.get("level", str), target=Fraction(t.get("target", str)),
                             tolerance=Fraction(t.get("tolerance", str))))
        elif kind is ClaimKind.LADDER:
            out.append(claim(order=tuple(t.get("order", list))))
        else:
            out.append(claim())
    return tuple(out)


def _examples(doc: Table, level_ids: set[str], card_ids: set[str]) -> tuple[WorkedExample, ...]:
    """Worked examples as records (validated by :mod:`songe.spec.schemas.reveil`: levels, cards)."""
    return tuple(WorkedExample(t.get("id", str), t.get("level", str), tuple(t.get("order", list)),
                               tuple(t.get("choices", list, [], required=False)), t.get("quote", str),
                               t.get("origin", str, "text", required=False),
                               tuple(sorted(t.get("title", dict, {}, required=False).items())))
                 for t in doc.rows("examples", "example", required=False, max_rows=50))


def _witnesses(doc: Table) -> tuple[ChosenWitness, ...]:
    """The games chosen to show a reading (validated by :mod:`songe.spec.schemas.reveil`: options, cards)."""
    out = []
    for t in doc.rows("witnesses", "witness", required=False, max_rows=50):
        reading, _, option = t.get("reading", str).partition("=")
        out.append(ChosenWitness(reading, option, tuple(t.get("order", list)),
                                 tuple(t.get("choices", list, [], required=False))))
    return tuple(out)


def _strategies(doc: Table, cards: tuple[Card, ...]) -> tuple[Strategy, ...]:
    """Strategies as records (validated by :mod:`songe.spec.schemas.reveil`: names, references, contexts)."""
    out = []
    for t in doc.rows("strategies", "strategy", required=False, max_rows=30):
        rules = []
        for r in t.get("rules", list):
            cond = parse_condition(r["if"]) if "if" in r else None
            rules.append(StrategyRule(cond, r.get("dream") or None, r["play"], tuple(r.get("except", ()))))
        out.append(Strategy(t.get("id", str), t.get("description", str), tuple(rules)))
    return tuple(out)
