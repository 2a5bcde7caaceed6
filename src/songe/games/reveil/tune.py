"""Set-ups whose exact optimal win probability is nearest a target: the fix a false claim of the text gets.

« Avec une bonne stratégie, tu gagnes environ une partie sur deux » fails at the
normal level; this search says which starting Lucidité and hand limit (and, when
asked, which numbers of copies of the cards) would make it true. Every candidate
is solved exactly; set-ups with the same deck and hand limit share one memo (a
state's value does not depend on the Lucidité the game started with), so a range
of Lucidité costs about one solve per deck and hand limit.

A candidate deck adds or removes at most ``cards`` copies in all, at most one per
card; it is the spec's raw data with those copies, loaded again by
:func:`songe.spec.reveil.from_raw`, so the spec's own validation says what is a
legal deck. No card is named here: the cards are the spec's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, product

from songe.errors import BudgetError, OptionError, SpecError
from songe.games.reveil.setup import Setup, make_game
from songe.solve.expectimax import DEFAULT_MAX_STATES, fraction_text, make_solver
from songe.spec import glossary
from songe.spec.reveil import MAX_COPIES, MAX_HAND, MAX_LUCIDITY, ClaimKind, ReveilSpec, from_raw

#: A search with more candidates (decks × Lucidité × hand limits) than this is refused unless raised.
DEFAULT_MAX_CANDIDATES = 400
#: The target of a spec whose text announces no win probability and of a run without --target: an even game.
EVEN = Fraction(1, 2)
#: The smallest hand a wider range is proposed with: a hand of 0 holds no thought (each one drawn leaves the
#: game), so its player never chooses; ``--hand-limit 0`` still searches it when asked.
SMALLEST_PLAYED_HAND = 1


@dataclass(frozen=True)
class Target:
    """The win probability a search aims at, and where it comes from: --target, the spec's own claim of a win
    probability (its text's figure, not another game's), else :data:`EVEN`, said as a default."""

    value: Fraction
    claim: str | None = None
    """the id of the ``[[claims]]`` row it is the target of"""
    level: str | None = None
    """that claim's level"""
    given: bool = False
    """given by --target"""

    def source(self) -> str:
        """Where the target comes from, in words."""
        if self.given:
            return "given by --target"
        if self.claim is not None:
            return f"the target of the spec's claim {self.claim!r}, at level {self.level!r}; --target to change it"
        return "a default: the spec claims no win probability ([[claims]] of kind win_probability_near); --target to set one"

    def as_json(self) -> dict[str, object]:
        """JSON-ready."""
        return {"claim": self.claim, "level": self.level, "given": self.given}


def target_of(spec: ReveilSpec, given: Fraction | None) -> Target:
    """``given`` (--target) if any, else the target of the spec's first win-probability claim, else :data:`EVEN`.

    >>> from songe.spec.reveil import load
    >>> spec = load()
    >>> target_of(spec, None)
    Target(value=Fraction(1, 2), claim='about_one_in_two', level='normal', given=False)
    >>> import dataclasses
    >>> target_of(dataclasses.replace(spec, claims=()), None).source()[:10]
    'a default:'
    """
    if given is not None:
        return Target(given, given=True)
    claim = next((c for c in spec.claims if c.kind is ClaimKind.WIN_PROBABILITY_NEAR and c.target is not None), None)
    if claim is None or claim.target is None:
        return Target(EVEN)
    return Target(claim.target, claim.id, claim.level)


@dataclass(frozen=True)
class CardChange:
    """One card whose number of copies differs from the spec's."""

    card: str
    name: str
    before: int
    after: int

    def __str__(self) -> str:
        return f"{self.name} {self.before} → {self.after} {'copy' if self.after == 1 else 'copies'}"

    def as_json(self) -> dict[str, object]:
        """JSON-ready."""
        return {"card": self.card, "name": self.name, "before": self.before, "after": self.after}


@dataclass(frozen=True)
class Candidate:
    """One set-up (and deck) with its exact optimal win probability and its distance to the target."""

    lucidity: int
    hand_limit: int
    value: Fraction
    distance: Fraction
    cards: tuple[CardChange, ...] = ()

    def describe(self, resource: str) -> str:
        """The set-up in words: the resource (the game's word for it), hand limit, then each card changed
        (copies before → after)."""
        return ", ".join([f"{resource} {self.lucidity}", f"hand limit {self.hand_limit}"] + [str(c) for c in self.cards])

    def as_json(self) -> dict[str, object]:
        """JSON-ready (fractions as 'p/q', the percentage rounded for display only)."""
        return {"lucidity": self.lucidity, "hand_limit": self.hand_limit, "value": fraction_text(self.value),
                "percent": round(float(self.value) * 100, 4), "distance": fraction_text(self.distance),
                "cards": [c.as_json() for c in self.cards]}


@dataclass(frozen=True)
class Refused:
    """A candidate deck the spec's validation refuses (not a legal game), with its message."""

    cards: tuple[CardChange, ...]
    why: str


@dataclass(frozen=True)
class OverBudget:
    """A candidate whose game passed the state budget alone: skipped, and reported."""

    lucidity: int
    hand_limit: int
    cards: tuple[CardChange, ...]
    why: str

    def describe(self, resource: str) -> str:
        """The candidate in words, as :meth:`Candidate.describe`."""
        return Candidate(self.lucidity, self.hand_limit, Fraction(0), Fraction(0), self.cards).describe(resource)

    def as_json(self) -> dict[str, object]:
        """JSON-ready."""
        return {"lucidity": self.lucidity, "hand_limit": self.hand_limit,
                "cards": [c.as_json() for c in self.cards], "why": self.why}


@dataclass(frozen=True)
class Edge:
    """The nearest candidate lies on the edge of a searched range that could go further: a wider range to try."""

    option: str
    value: int
    searched: tuple[int, ...]
    wider: str

    def __str__(self) -> str:
        where = ("the only value" if len(self.searched) == 1 else
                 "the top" if self.value == max(self.searched) else "the bottom")
        span = (f"{min(self.searched)}-{max(self.searched)}" if len(self.searched) > 1 else str(self.searched[0]))
        return (f"the nearest set-up has {self.option} {self.value}, {where} of the searched range ({span}): "
                f"a value beyond it may be nearer; try {self.option} {self.wider}")

    def as_json(self) -> dict[str, object]:
        """JSON-ready."""
        return {"option": self.option, "value": self.value, "searched": list(self.searched), "wider": self.wider}


@dataclass(frozen=True)
class Tuning:
    """What a search solved, nearest the target first (see :func:`rank`), and the candidates it skipped."""

    candidates: tuple[Candidate, ...]
    decks: int
    refused: tuple[Refused, ...]
    seconds: float
    over_budget: tuple[OverBudget, ...] = ()

    def nearest(self, card_changes: bool) -> Candidate | None:
        """The nearest candidate with (or without) card changes."""
        return next((c for c in self.candidates if bool(c.cards) is card_changes), None)


def search(spec: ReveilSpec, target: Fraction, lucidity: Sequence[int], hand_limit: Sequence[int],
           max_states: int = DEFAULT_MAX_STATES, tick: Callable[[str], None] | None = None, cards: int = 0,
           max_candidates: int = DEFAULT_MAX_CANDIDATES) -> Tuning:
    """Every set-up of the grid, on the spec's deck and (``cards`` > 0) on every deck within ``cards`` copies.

    >>> from songe.spec.reveil import load
    >>> best = search(load(), Fraction(1, 2), [1], [0]).candidates[0]
    >>> (best.lucidity, best.hand_limit, best.value)
    (1, 0, Fraction(0, 1))
    """
    if not 0 <= target <= 1:
        raise OptionError(f"--target must be a probability between 0 and 1, got {target}")
    for name, values, low, top in (("--lucidity", lucidity, 1, MAX_LUCIDITY), ("--hand-limit", hand_limit, 0, MAX_HAND)):
        if not values or any(not low <= v <= top for v in values):
            raise OptionError(f"{name} values must lie in {low}..{top}, got {list(values)}")
    if not 0 <= cards <= len(spec.cards):
        raise OptionError(f"--cards must lie in 0..{len(spec.cards)} (the cards of {spec.file}), got {cards}")
    lucidity, hand_limit = sorted(set(lucidity)), sorted(set(hand_limit))
    resource = glossary.of(spec)["lucidity"].name("en")  # the game's own word for it
    decks = count_decks(spec, cards)
    total = decks * len(lucidity) * len(hand_limit)
    if total > max_candidates:
        raise OptionError(f"{total:,} candidates to solve ({decks:,} decks × {len(lucidity)} {resource} × "
                          f"{len(hand_limit)} hand limits); at most {max_candidates:,} (--max-candidates): "
                          "narrow --cards, --lucidity or --hand-limit")
    start = time.perf_counter()
    out, refused, skipped = [], [], []
    for changes in deck_changes(spec, cards):
        try:
            deck = deck_spec(spec, changes)
        except SpecError as exc:
            refused.append(Refused(changes, str(exc)))
            continue
        for h in hand_limit:
            memo: dict = {}  # one per deck and hand limit: dropped once its Lucidités are solved
            shared = False  # whether the memo holds another Lucidité's states
            for luc in lucidity:
                if tick:
                    tick(Candidate(luc, h, Fraction(0), Fraction(0), changes).describe(resource))
                game = make_game(deck, Setup("tune", luc, h))
                try:
                    value = make_solver(game, max_states=max_states, memo=memo).solve().value
                except BudgetError as exc:  # the budget bounds one memo: this Lucidité alone, in a fresh one
                    memo = {}
                    try:
                        if not shared:
                            raise exc
                        value = make_solver(game, max_states=max_states, memo=memo).solve().value
                    except BudgetError as alone:  # too big alone: skipped and reported, the search goes on
                        skipped.append(OverBudget(luc, h, changes, str(alone)))
                        shared = False
                        continue
                shared = True
                out.append(Candidate(luc, h, value, abs(value - target), changes))
    return Tuning(tuple(rank(spec, out)), decks, tuple(refused), time.perf_counter() - start, tuple(skipped))


def edges(found: Tuning, lucidity: Sequence[int], hand_limit: Sequence[int]) -> list[Edge]:
    """Where the nearest candidate (not on target) lies at the end of a searched range that could extend.

    The wider range proposed is the searched one extended past that end by its own width (at least 2),
    within the spec format's bounds (a hand never below :data:`SMALLEST_PLAYED_HAND`).

    >>> t = Tuning((Candidate(8, 1, Fraction(2, 5), Fraction(1, 10)),), 1, (), 0.0)
    >>> [str(e.wider) for e in edges(t, range(3, 9), [1, 2, 3])]  # hand 1: no smaller hand is proposed
    ['3-14']
    """
    best = found.candidates[0] if found.candidates else None
    if best is None or best.distance == 0:
        return []
    out = []
    for option, value, searched, low, top in (("--lucidity", best.lucidity, sorted(set(lucidity)), 1, MAX_LUCIDITY),
                                              ("--hand-limit", best.hand_limit, sorted(set(hand_limit)),
                                               SMALLEST_PLAYED_HAND, MAX_HAND)):
        width = max(2, searched[-1] - searched[0] + 1)
        if len(searched) == 1 and low < value < top:
            out.append(Edge(option, value, tuple(searched), f"{max(low, value - width)}-{min(top, value + width)}"))
        elif value == searched[-1] < top:
            out.append(Edge(option, value, tuple(searched), f"{searched[0]}-{min(top, value + width)}"))
        elif value == searched[0] > low:
            out.append(Edge(option, value, tuple(searched), f"{max(low, value - width)}-{searched[-1]}"))
    return out


def rank(spec: ReveilSpec, candidates: Sequence[Candidate]) -> list[Candidate]:
    """Nearest the target first; ties: fewest cards changed, then fewest set-up numbers changed
    (Lucidité, hand limit), then the smallest total deviation from the spec (copies, Lucidité and hand
    limit), then the spec's card order, Lucidité and hand limit (so the order never depends on the search).
    """
    index = {c.id: i for i, c in enumerate(spec.cards)}
    base = (spec.setup.lucidity, spec.setup.hand_limit)

    def key(c: Candidate) -> tuple:
        moved = (c.lucidity != base[0]) + (c.hand_limit != base[1])
        deviation = abs(c.lucidity - base[0]) + abs(c.hand_limit - base[1]) + sum(abs(x.after - x.before)
                                                                                  for x in c.cards)
        return (c.distance, len(c.cards), moved, deviation, tuple((index[x.card], x.after) for x in c.cards),
                c.lucidity, c.hand_limit)

    return sorted(candidates, key=key)


def deck_changes(spec: ReveilSpec, cards: int) -> Iterator[tuple[CardChange, ...]]:
    """The spec's deck (no change), then every deck with 1, 2 … ``cards`` cards one copy up or down.

    Copies stay within 0..MAX_COPIES; cards in spec order, a removal before an addition.

    >>> from songe.spec.reveil import load
    >>> spec = load()
    >>> sum(1 for _ in deck_changes(spec, 1)) == count_decks(spec, 1) == 1 + 2 * len(spec.cards)
    True
    """
    for k in range(cards + 1):
        for picked in combinations(spec.cards, k):
            for signs in product((-1, 1), repeat=k):
                if all(0 <= c.copies + s <= MAX_COPIES for c, s in zip(picked, signs, strict=True)):
                    yield tuple(CardChange(c.id, c.name, c.copies, c.copies + s)
                                for c, s in zip(picked, signs, strict=True))


def count_decks(spec: ReveilSpec, cards: int) -> int:
    """How many decks :func:`deck_changes` gives, counted without listing them."""
    ways = [1] + [0] * cards  # ways[k]: decks with exactly k cards changed
    for c in spec.cards:
        moves = (c.copies > 0) + (c.copies < MAX_COPIES)
        for k in range(cards, 0, -1):
            ways[k] += ways[k - 1] * moves
    return sum(ways)


def deck_spec(spec: ReveilSpec, changes: Sequence[CardChange]) -> ReveilSpec:
    """The spec with the changed copies, validated again from its raw data (a SpecError if not legal)."""
    if not changes:
        return spec
    after = {c.card: c.after for c in changes}
    cards = [dict(c, copies=after.get(c["id"], c["copies"])) for c in spec.raw["cards"]]
    deck = from_raw(dict(spec.raw, cards=cards), spec.file, dict(spec.chosen), spec.base_dir)
    for c in changes:  # a reading that sets a card's copies would undo the change
        if deck.card(c.card).copies != c.after:
            raise SpecError(spec.file, f"card {c.card!r}, field 'copies'",
                            f"a reading keeps {deck.card(c.card).copies} copies, not {c.after}")
    return deck


def parse_range(text: str, option: str, low: int = 0, high: int = MAX_LUCIDITY) -> list[int]:
    """'3-7' or '2,3' or '5' as a list of integers, each in ``[low, high]`` (at most MAX_LUCIDITY + 1 of them).

    >>> parse_range("3-5", "--lucidity")
    [3, 4, 5]
    """
    most = MAX_LUCIDITY + 1
    shown = repr(text) if len(text) <= 40 else repr(text[:40]) + "…"
    parts = text.split("-", 1) if "-" in text else text.split(",")
    if not text.strip() or len(text) > 400 or not all(x.strip().isascii() and x.strip().isdigit()
                                                      and len(x.strip()) < 10 for x in parts):
        raise OptionError(f"{option}: {shown} is not a range like 3-7 or a list like 2,3")
    ints = [int(x) for x in parts]
    if any(not low <= v <= high for v in ints):
        raise OptionError(f"{option}: {shown}: each value must be between {low} and {high}")
    values = list(range(ints[0], ints[1] + 1)) if "-" in text else ints
    if not 0 < len(values) <= most:
        raise OptionError(f"{option}: {shown} must give 1 to {most} values")
    return values
