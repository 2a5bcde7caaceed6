"""Dread Draw: the rules spec (with its named holes) and a user's card-list file that fills them.

The rules spec has no default for a hole; :func:`load_cards` refuses a card
list that leaves a needed hole empty, naming it.

>>> spec = load()
>>> [h.id for h in spec.holes]
['card_list', 'draw_deck', 'players', 'first_player', 'apres_coup_timing']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from songe.errors import SpecError
from songe.spec import checked
from songe.spec import readings as readings_mod
from songe.spec.fields import Table, read_toml
from songe.spec.readings import OpenPoint, Reading
from songe.spec.sources import spec_dir
from songe.spec.vocabulary.dread_draw import (
    HOLE_VALUES as HOLE_VALUES,
)
from songe.spec.vocabulary.dread_draw import (
    MAX_CARD_TYPES as MAX_CARD_TYPES,
)
from songe.spec.vocabulary.dread_draw import (
    MAX_CARDS as MAX_CARDS,
)
from songe.spec.vocabulary.dread_draw import (
    MAX_COPIES as MAX_COPIES,
)
from songe.spec.vocabulary.dread_draw import (  # the vocabulary, re-exported
    MAX_PLAYERS as MAX_PLAYERS,
)
from songe.spec.vocabulary.dread_draw import (
    Action as Action,
)
from songe.spec.vocabulary.dread_draw import (
    ApresCoup as ApresCoup,
)
from songe.spec.vocabulary.dread_draw import (
    Keyword as Keyword,
)


@dataclass(frozen=True)
class Hole:
    """Something the card list must fill. ``origin`` "text": the text does not define it; "engine": the text
    settles it (its quote says how) and the card list only names the engine's way of doing it."""

    id: str
    description: str
    quote: str
    origin: str = "text"


@dataclass(frozen=True)
class DreadDrawSpec:
    """The rules as the text defines them, its holes, and the readings of its gaps."""

    file: str
    id: str
    name: str
    source: Path
    life_cards: int
    first_summon: str
    no_cards_to_draw: str
    life_gain_short: str
    turn_candidates: str
    failed_card: str
    void_round: bool
    reshuffle_when: str
    choice_after_round: str
    empty_life_defeat: str
    max_summons: int
    holes: tuple[Hole, ...]
    readings: tuple[Reading, ...]
    chosen: tuple[tuple[str, str], ...]
    quoted: tuple[tuple[str, str], ...] = field(repr=False)
    base_dir: Path = field(repr=False, compare=False)
    raw: Mapping[str, Any] = field(repr=False, compare=False)
    open_points: tuple[OpenPoint, ...] = ()

    def with_readings(self, chosen: Mapping[str, str]) -> DreadDrawSpec:
        """The same file under other readings."""
        return from_raw(dict(self.raw), self.file, chosen, self.base_dir)

    def text_holes(self) -> tuple[Hole, ...]:
        """The holes the text leaves open (not those it settles, which the card list only names)."""
        return tuple(h for h in self.holes if h.origin == "text")

    def quotes(self) -> list[tuple[str, str]]:
        """Every quote with where it stands."""
        return list(self.quoted) + [(f"reading {r.id!r}", q) for r in self.readings for q in r.quotes] + [
            (f"point {p.id!r}", q) for p in self.open_points for q in p.quotes]


def default_path() -> Path:
    """The shipped rules spec."""
    return spec_dir() / "dread_draw.toml"


def load(path: Path | str | None = None, readings: Mapping[str, str] | None = None) -> DreadDrawSpec:
    """Load the rules spec under readings (others: the proposed ones)."""
    p = Path(path) if path is not None else default_path()
    return from_raw(read_toml(p), str(p), readings or {}, p.parent)


#: The format's model (:mod:`songe.spec.schemas.dread_draw`), imported only when a document is checked.
_SCHEMA = checked.Schema("songe.spec.schemas.dread_draw", "DreadDrawDoc")


def from_raw(raw: dict[str, Any], file: str, chosen: Mapping[str, str], base_dir: Path) -> DreadDrawSpec:
    """Validate raw TOML data into a :class:`DreadDrawSpec`."""

    checked.validate(_SCHEMA, raw, file)  # types, ranges, enums, cross-references
    checked.validate_options(_SCHEMA, raw, file)  # every option of every reading gives a valid spec
    doc = Table(raw, file, "")
    doc.unknown({"game", "life", "rules", "keywords", "holes", "switches", "readings", "open_points", "limits", "glossary"})
    reads = readings_mod.parse_readings(doc)
    selection = readings_mod.select(reads, chosen)
    applied = readings_mod.apply(raw, reads, selection, file)
    if applied != raw:
        checked.validate(_SCHEMA, applied, file)  # options of several readings together
    d = Table(applied, file, "")
    game = d.sub("game", "table [game]")
    game.unknown({"id", "name", "family", "source", "truncated", "truncated_quote"})
    if game.get("family", str) != "dread_draw":
        raise game.fail("family", f"this loader reads the 'dread_draw' family, got {game.data['family']!r}")
    quoted = [("game, truncated", game.get("truncated_quote", str))]
    life = d.sub("life", "table [life]")
    life.unknown({"cards", "quote"})
    quoted.append(("life", life.get("quote", str)))
    for key, label in (("rules", "rule"), ("keywords", "keyword")):
        for t in d.rows(key, label):
            t.unknown({"id", "quote", "hole"})
            quoted.append((f"{label} {t.get('id', str)!r}", t.get("quote", str)))
    holes = []
    for t in d.rows("holes", "hole"):
        t.unknown({"id", "description", "quote", "origin"})
        holes.append(Hole(t.get("id", str), t.get("description", str), t.get("quote", str),
                          t.get("origin", str, "text", required=False)))
        if holes[-1].origin == "text":  # a hole the text settles is quoted by the rule that settles it
            quoted.append((f"hole {holes[-1].id!r}", holes[-1].quote))
    limits = d.sub("limits", "table [limits]")
    limits.unknown({"max_summons", "note"})
    sw = d.sub("switches", "table [switches]")
    sw.unknown({"first_summon", "no_cards_to_draw", "life_gain_short", "turn_candidates", "failed_card", "void_round",
                "reshuffle_when", "choice_after_round", "empty_life_defeat"})
    return DreadDrawSpec(
        file=file, id=game.get("id", str), name=game.get("name", str),
        source=(base_dir / game.get("source", str)).resolve(), life_cards=life.int_in("cards", 1, 50),
        first_summon=sw.choice("first_summon", ("always_succeeds", "beat_zero")),
        no_cards_to_draw=sw.choice("no_cards_to_draw", ("eliminated", "round_ends")),
        life_gain_short=sw.choice("life_gain_short", ("take_what_is_there", "reshuffle")),
        turn_candidates=sw.choice("turn_candidates", ("players_in_round", "all_players")),
        failed_card=sw.choice("failed_card", ("discard", "removed")),
        void_round=sw.get("void_round", bool),
        reshuffle_when=sw.choice("reshuffle_when", ("at_draw", "when_empty")),
        choice_after_round=sw.choice("choice_after_round", ("lapses", "carries")),
        empty_life_defeat=sw.choice("empty_life_defeat", ("on_damage", "when_eliminated"), "on_damage"),
        max_summons=limits.int_in("max_summons", 1, 1_000_000),
        holes=tuple(holes), readings=reads, chosen=tuple(selection.items()), quoted=tuple(quoted),
        base_dir=base_dir, raw=raw,
        open_points=readings_mod.parse_open_points(doc, reads))


# ---------------------------------------------------------------- the card-list file


@dataclass(frozen=True)
class Ability:
    """A card's ability: its keyword and its action."""

    keyword: Keyword
    action: Action
    amount: int


@dataclass(frozen=True)
class CardType:
    """A card of the list: strength, damage dots, abilities, copies."""

    id: str
    name: str
    strength: int
    damage: int
    copies: int
    abilities: tuple[Ability, ...]


@dataclass(frozen=True)
class CardList:
    """A user's card list, and the holes it fills."""

    file: str
    title: str
    synthetic: bool
    cards: tuple[CardType, ...]
    players: int | None
    draw_deck: str
    first_player: str
    apres_coup: ApresCoup
    life_cards: int | None = None
    """A variant's life deck size (``[variant] life_cards``), NOT the text's rule; None: the rules spec's."""

    @property
    def deck(self) -> tuple[int, ...]:
        """Every card (type index per copy), in list order."""
        return tuple(i for i, c in enumerate(self.cards) for _ in range(c.copies))


def load_cards(path: Path | str, spec: DreadDrawSpec, players: int | None = None) -> CardList:
    """Read a card-list file; every needed hole must be filled, and the deck must be big enough."""
    from songe.spec.schemas.base import validate  # noqa: PLC0415  (pydantic, when a card list is read)
    from songe.spec.schemas.dread_draw import CardListDoc, parse_ability  # noqa: PLC0415

    p = Path(path)
    raw = read_toml(p)
    validate(CardListDoc, raw, str(p))  # types, ranges, enums, unique ids and names, the abilities' words
    t = Table(raw, str(p), "")
    t.unknown({"meta", "holes", "cards", "variant"})
    meta = t.sub("meta", "table [meta]")
    meta.unknown({"title", "synthetic", "note"})
    filled = t.sub("holes", "table [holes]", required=False)
    filled.unknown(set(HOLE_VALUES) | {"players", "card_list"})
    missing = [h for h in ("draw_deck", "first_player", "apres_coup_timing") if h not in filled.data]
    if players is None and "players" not in filled.data:
        missing.append("players")
    if missing:
        raise SpecError(str(p), "table [holes]", f"the rules leave these holes open and the card list does not fill "
                                                 f"them: {', '.join(missing)} (see `songe gaps dread-draw`)")
    n = players if players is not None else filled.int_in("players", 2, MAX_PLAYERS)
    if not 2 <= n <= MAX_PLAYERS:
        raise SpecError(str(p), "--players", f"must be between 2 and {MAX_PLAYERS}, got {n}")
    cards = []
    for c in t.rows("cards", "card", max_rows=MAX_CARD_TYPES):
        c.unknown({"id", "name", "strength", "damage", "copies", "abilities"})
        abilities = []
        for a in c.rows("abilities", "ability", required=False, max_rows=5):
            a.unknown({"keyword", "do"})
            verb, amount = parse_ability(a.get("do", str))  # validated above: ASCII digits, 1..10
            abilities.append(Ability(Keyword(a.choice("keyword", tuple(k.value for k in Keyword))),
                                     Action(verb), amount))
        cards.append(CardType(c.get("id", str), c.get("name", str), c.int_in("strength", 0, 100),
                              c.int_in("damage", 0, 20), c.int_in("copies", 0, MAX_COPIES), tuple(abilities)))
    variant = t.sub("variant", "table [variant]", required=False)
    variant.unknown({"life_cards", "note"})
    life = spec.life_cards
    if "life_cards" in variant.data:
        life = variant.int_in("life_cards", 1, 50)
        variant.get("note", str)  # a variant that changes a rule of the text must say why
    total = sum(c.copies for c in cards)
    need = n * life + 1
    if total > MAX_CARDS or total < need:
        raise SpecError(str(p), "cards", f"{total} cards; {n} players need at least {need} "
                                         f"({life} life cards each and a draw deck), at most {MAX_CARDS}")
    values = {h: filled.choice(h, HOLE_VALUES[h]) for h in HOLE_VALUES}
    return CardList(str(p), meta.get("title", str), meta.get("synthetic", bool), tuple(cards), n,
                    values["draw_deck"], values["first_player"], ApresCoup(values["apres_coup_timing"]),
                    life if "life_cards" in variant.data else None)
