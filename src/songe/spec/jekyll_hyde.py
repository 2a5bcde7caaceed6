"""The Jekyll vs Hyde spec format: suits and their potion effects, values, deal, track, readings.

>>> spec = load()
>>> len(spec.deck), spec.deck[:3], spec.deck[-1]
(25, ('O1', 'O2', 'O3'), 'P5')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from songe.errors import OptionError
from songe.spec import checked
from songe.spec import readings as readings_mod
from songe.spec.fields import Table, read_toml
from songe.spec.readings import OpenPoint, Reading
from songe.spec.sources import spec_dir
from songe.spec.vocabulary.jekyll_hyde import (  # the vocabulary, re-exported
    POTION as POTION,
)
from songe.spec.vocabulary.jekyll_hyde import (
    Effect as Effect,
)
from songe.spec.vocabulary.jekyll_hyde import (
    ExpertSpeed as ExpertSpeed,
)
from songe.spec.vocabulary.jekyll_hyde import (
    ForcedPotionScope as ForcedPotionScope,
)
from songe.spec.vocabulary.jekyll_hyde import (
    GreenShortfall as GreenShortfall,
)
from songe.spec.vocabulary.jekyll_hyde import (
    NamedColourRanks as NamedColourRanks,
)
from songe.spec.vocabulary.jekyll_hyde import (
    PotionColourRanks as PotionColourRanks,
)
from songe.spec.vocabulary.jekyll_hyde import (
    RedResetScope as RedResetScope,
)
from songe.spec.vocabulary.jekyll_hyde import (
    StealTarget as StealTarget,
)
from songe.spec.vocabulary.jekyll_hyde import (
    StealWithoutTrick as StealWithoutTrick,
)


@dataclass(frozen=True)
class Expert:
    """The expert return match: games played with roles swapped, each Hyde's score and the tie rule."""

    games: int
    score_cap: int
    speed: ExpertSpeed


@dataclass(frozen=True)
class Suit:
    """A suit: its letter, name, colour and the potion effect its colour triggers."""

    id: str
    name: str
    colour: str
    effect: Effect


@dataclass(frozen=True)
class JekyllHydeSpec:
    """A validated Jekyll vs Hyde spec under its readings."""

    file: str
    id: str
    name: str
    source: Path
    suits: tuple[Suit, ...]
    values: tuple[int, ...]
    potions: tuple[int, ...]
    potion_wins_ties: bool
    hand: int
    set_aside: int
    exchange_per_round: tuple[int, ...]
    forced_potion_at: int
    tricks: int
    green_exchange: int
    spaces: int
    jekyll_side: int
    rounds: int
    steal_without_trick: StealWithoutTrick
    named_colour_ranks: NamedColourRanks
    steal_target: StealTarget
    red_reset_scope: RedResetScope
    green_shortfall: GreenShortfall
    forced_potion_scope: ForcedPotionScope
    potion_colour_ranks: PotionColourRanks
    expert: Expert | None
    readings: tuple[Reading, ...]
    chosen: tuple[tuple[str, str], ...]
    quoted: tuple[tuple[str, str], ...] = field(repr=False)
    base_dir: Path = field(repr=False, compare=False)
    raw: Mapping[str, Any] = field(repr=False, compare=False)
    open_points: tuple[OpenPoint, ...] = ()

    @property
    def deck(self) -> tuple[str, ...]:
        """Every card in notation: suit letter + value, then potions as P + value."""
        suited = tuple(f"{s.id}{v}" for s in self.suits for v in self.values)
        return suited + tuple(f"{POTION}{v}" for v in self.potions)

    @property
    def last_space(self) -> int:
        """The track's last space (Hyde's end), counting the first as 0."""
        return self.spaces - 1

    def suit(self, suit_id: str) -> Suit:
        """A suit by letter."""
        for s in self.suits:
            if s.id == suit_id:
                return s
        raise OptionError(f"unknown suit {suit_id!r}; valid: {', '.join(s.id for s in self.suits)}")

    def with_readings(self, chosen: Mapping[str, str]) -> JekyllHydeSpec:
        """The same file under other readings."""
        return from_raw(dict(self.raw), self.file, chosen, self.base_dir)

    def quotes(self) -> list[tuple[str, str]]:
        """Every quote with where it stands."""
        return list(self.quoted) + [(f"reading {r.id!r}", q) for r in self.readings for q in r.quotes] + [
            (f"point {p.id!r}", q) for p in self.open_points for q in p.quotes]


def default_path() -> Path:
    """The shipped spec."""
    return spec_dir() / "jekyll_hyde.toml"


def load(path: Path | str | None = None, readings: Mapping[str, str] | None = None) -> JekyllHydeSpec:
    """Load and validate a spec under readings (others: defaults)."""
    p = Path(path) if path is not None else default_path()
    return from_raw(read_toml(p), str(p), readings or {}, p.parent)


def _ints(t: Table, fld: str, low: int, high: int) -> tuple[int, ...]:
    values = t.get(fld, list)
    if not values or not all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in values):
        raise t.fail(fld, f"must be a non-empty list of integers in [{low}, {high}], got {values!r}")
    if len(set(values)) != len(values):
        raise t.fail(fld, f"values must be distinct, got {values!r}")
    return tuple(values)


#: The format's model (:mod:`songe.spec.schemas.jekyll_hyde`), imported only when a document is checked.
_SCHEMA = checked.Schema("songe.spec.schemas.jekyll_hyde", "JekyllHydeDoc")


def from_raw(raw: dict[str, Any], file: str, chosen: Mapping[str, str], base_dir: Path) -> JekyllHydeSpec:
    """Validate raw TOML data into a :class:`JekyllHydeSpec`."""

    checked.validate(_SCHEMA, raw, file)  # types, ranges, enums, cross-references
    checked.validate_options(_SCHEMA, raw, file)  # every option of every reading gives a valid spec
    doc = Table(raw, file, "")
    doc.unknown({"game", "suits", "lutte", "potions", "deal", "exchange", "tricks", "track", "rounds", "switches",
                 "rules", "readings", "open_points", "expert", "examples", "glossary"})
    reads = readings_mod.parse_readings(doc)
    selection = readings_mod.select(reads, chosen)
    applied = readings_mod.apply(raw, reads, selection, file)
    if applied != raw:
        checked.validate(_SCHEMA, applied, file)  # options of several readings together
    d = Table(applied, file, "")
    quoted: list[tuple[str, str]] = []

    game = d.sub("game", "table [game]")
    game.unknown({"id", "name", "family", "source", "players", "quote"})
    if game.get("family", str) != "jekyll_hyde":
        raise game.fail("family", f"this loader reads the 'jekyll_hyde' family, got {game.data['family']!r}")
    quoted.append(("game", game.get("quote", str)))

    suits = []
    for t in d.rows("suits", "suit", max_rows=6):
        t.unknown({"id", "name", "colour", "effect", "origin", "citation"})
        sid = t.get("id", str)
        if len(sid) != 1 or not sid.isalpha() or not sid.isupper() or sid == POTION:
            raise t.fail("id", f"must be one capital letter other than {POTION!r}, got {sid!r}")
        suits.append(Suit(sid, t.get("name", str), t.get("colour", str),
                          Effect(t.choice("effect", tuple(e.value for e in Effect)))))
    if len({s.id for s in suits}) != len(suits) or len(suits) < 2:
        raise d.fail("suits", "at least two suits, with distinct letters")

    lutte = d.sub("lutte", "table [lutte]")
    lutte.unknown({"values", "origin", "citation", "quote"})
    values = _ints(lutte, "values", 0, 99)
    quoted.append(("lutte", lutte.get("quote", str)))
    pot = d.sub("potions", "table [potions]")
    pot.unknown({"values", "wins_ties", "origin", "citation", "quote", "tie_quote"})
    potions = _ints(pot, "values", 0, 99)
    quoted += [("potions", pot.get("quote", str)), ("potions, ties", pot.get("tie_quote", str))]

    deal = d.sub("deal", "table [deal]")
    deal.unknown({"hand", "set_aside", "quote"})
    hand, aside = deal.int_in("hand", 1, 50), deal.int_in("set_aside", 0, 50)
    total = len(suits) * len(values) + len(potions)
    if 2 * hand + aside != total:
        raise deal.fail("hand", f"2 hands of {hand} + {aside} set aside = {2 * hand + aside}, but the deck has {total}")
    quoted.append(("deal", deal.get("quote", str)))

    ex = d.sub("exchange", "table [exchange]")
    ex.unknown({"cards_per_round", "forced_potion_at", "quote", "forced_quote"})
    per_round = _ints(ex, "cards_per_round", 0, hand) if ex.data.get("cards_per_round") else ()
    quoted += [("exchange", ex.get("quote", str)), ("exchange, forced potion", ex.get("forced_quote", str))]

    tr = d.sub("tricks", "table [tricks]")
    tr.unknown({"per_round", "quote", "green_exchange", "green_quote"})
    tricks = tr.int_in("per_round", 1, hand)
    if tricks != hand:
        raise tr.fail("per_round", f"each trick takes one card from each hand of {hand}: per_round must be {hand}")
    quoted += [("tricks", tr.get("quote", str)), ("tricks, green", tr.get("green_quote", str))]

    track = d.sub("track", "table [track]")
    track.unknown({"spaces", "jekyll_side", "origin", "citation", "quote", "lead_quote", "instant_quote",
                   "progress_quote"})
    spaces = track.int_in("spaces", 2, 100)
    quoted += [(f"track, {k}", track.get(k, str)) for k in ("quote", "lead_quote", "instant_quote", "progress_quote")]

    rounds = d.sub("rounds", "table [rounds]")
    rounds.unknown({"count", "quote"})
    n_rounds = rounds.int_in("count", 1, 20)
    if len(per_round) != n_rounds:
        raise ex.fail("cards_per_round", f"one count per round ({n_rounds} rounds), got {list(per_round)}")
    quoted.append(("rounds", rounds.get("quote", str)))

    sw = d.sub("switches", "table [switches]")
    sw.unknown({"steal_without_trick", "named_colour_ranks", "steal_target", "red_reset_scope", "green_shortfall",
                "potion_colour_ranks", "expert_speed", "forced_potion_scope"})
    expert = None
    if "expert" in d.data:
        ex_t = d.sub("expert", "table [expert]")
        ex_t.unknown({"games", "score_cap", "quote", "score_quote", "winner_quote", "speed_quote", "tie_quote"})
        cap = ex_t.int_in("score_cap", 1, spaces - 1)
        expert = Expert(ex_t.int_in("games", 2, 2), cap,
                        ExpertSpeed(sw.choice("expert_speed", tuple(x.value for x in ExpertSpeed))))
        quoted += [(f"expert, {k}", ex_t.get(k, str))
                   for k in ("quote", "score_quote", "winner_quote", "speed_quote", "tie_quote")]
    for t in d.rows("rules", "rule", max_rows=50):
        t.unknown({"id", "quote"})
        quoted.append((f"rule {t.get('id', str)!r}", t.get("quote", str)))

    return JekyllHydeSpec(
        file=file, id=game.get("id", str), name=game.get("name", str),
        source=(base_dir / game.get("source", str)).resolve(), suits=tuple(suits), values=values, potions=potions,
        potion_wins_ties=pot.get("wins_ties", bool), hand=hand, set_aside=aside, exchange_per_round=per_round,
        forced_potion_at=ex.int_in("forced_potion_at", 1, 50), tricks=tricks,
        green_exchange=tr.int_in("green_exchange", 0, hand), spaces=spaces,
        jekyll_side=track.int_in("jekyll_side", 1, spaces), rounds=n_rounds,
        steal_without_trick=StealWithoutTrick(sw.choice("steal_without_trick",
                                                        tuple(x.value for x in StealWithoutTrick))),
        named_colour_ranks=NamedColourRanks(sw.choice("named_colour_ranks", tuple(x.value for x in NamedColourRanks))),
        steal_target=StealTarget(sw.choice("steal_target", tuple(x.value for x in StealTarget))),
        red_reset_scope=RedResetScope(sw.choice("red_reset_scope", tuple(x.value for x in RedResetScope))),
        green_shortfall=GreenShortfall(sw.choice("green_shortfall", tuple(x.value for x in GreenShortfall))),
        forced_potion_scope=ForcedPotionScope(sw.choice("forced_potion_scope",
                                                        tuple(x.value for x in ForcedPotionScope), "round_start")),
        potion_colour_ranks=PotionColourRanks(sw.choice("potion_colour_ranks",
                                                        tuple(x.value for x in PotionColourRanks))),
        expert=expert,
        readings=reads, chosen=tuple(selection.items()), quoted=tuple(quoted), base_dir=base_dir, raw=raw,
        open_points=readings_mod.parse_open_points(doc, reads))
