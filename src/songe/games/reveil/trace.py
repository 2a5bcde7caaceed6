"""Replay one deck order, step by step, under a policy or given choices.

The order fixes every draw; a random removal (a remove_random_thought row) splits
the replay into branches, each with its exact probability, unless a seed
picks one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from songe.engine import explore
from songe.engine.explore import Line
from songe.engine.interface import Outcome
from songe.engine.scripts import Deck, OrderScript, given_script
from songe.errors import IllegalMoveError, OrderError
from songe.games.reveil.machine import PASS, ReveilGame
from songe.games.reveil.state import Event, State

#: Picks the decision at a state from its legal actions.
Chooser = Callable[[State, tuple[int, ...]], int]

#: Words that mean "no thought" in --choices.
NONE_WORDS = ("none", "-", "aucune", "pass")


@dataclass(frozen=True)
class Step:
    """One line of a replay: an event, or a decision with its options' values."""

    event: Event | None
    decision: str | None = None
    options: tuple[tuple[str, Fraction], ...] = ()
    forced: bool = False


@dataclass(frozen=True)
class Branch:
    """One way the replay went, with its probability (1 without random removals)."""

    probability: Fraction
    steps: tuple[Step, ...]
    outcome: Outcome
    lucidity: int
    choices: tuple[str, ...]


def parse_order(game: ReveilGame, text: str | Sequence[str], what: str = "--order") -> tuple[int, ...]:
    """Card indices of an order given by names or ids; it must be a permutation of the deck.

    ``what`` names the order in errors (an example's order is not the user's --order).
    """
    tokens = [t.strip() for t in (text.split(",") if isinstance(text, str) else text) if t.strip()]
    cards = []
    for t in tokens:
        try:
            cards.append(game.card_index(t))
        except KeyError:
            valid = ", ".join(game.names())
            raise OrderError(f"unknown card {t!r} in {what}; valid: {valid}") from None
    deck = Counter(i for i, c in enumerate(game.spec.cards) for _ in range(c.copies))
    given = Counter(cards)
    if given != deck:
        names = game.names()
        missing = [f"{names[i]} ×{n}" for i, n in (deck - given).items()]
        extra = [f"{names[i]} ×{n}" for i, n in (given - deck).items()]
        parts = (([f"missing {', '.join(missing)}"] if missing else [])
                 + ([f"extra {', '.join(extra)}"] if extra else []))
        raise OrderError(f"{what} is not a permutation of the deck ({sum(deck.values())} cards): {'; '.join(parts)}")
    return tuple(cards)


def parse_choices(game: ReveilGame, text: str | Sequence[str] | None) -> tuple[int, ...]:
    """Decisions given in order: a thought's name or id, or 'none'."""
    if text is None:
        return ()
    tokens = [t.strip() for t in (text.split(",") if isinstance(text, str) else text) if t.strip()]
    out = []
    for t in tokens:
        if t.casefold() in NONE_WORDS:
            out.append(PASS)
            continue
        try:
            out.append(game.card_index(t))
        except KeyError:
            raise IllegalMoveError(f"unknown thought {t!r} in --choices; use a thought's name or 'none'") from None
    return tuple(out)


def win_probability(branches: Sequence[Branch]) -> Fraction:
    """The probability that a replay ends in a win (its branches' winning share)."""
    return sum((b.probability for b in branches if b.outcome is Outcome.WIN), Fraction(0))


def script(game: ReveilGame, order: Sequence[int], choices: Sequence[int] = ()) -> OrderScript[State]:
    """The Réveil script: draws come from the order, decisions from the choices (each checked against the dream)."""
    choices = tuple(choices)

    def check(state: State, k: int, action: int) -> None:
        legal = game.legal_actions(state)
        if action not in legal:
            dream = game.names()[state.stack[-1].card]
            ok = ", ".join(game.action_label(state, a) for a in legal)
            raise IllegalMoveError(f"choice {k + 1} ({game.action_label(state, action) if action >= 0 else 'none'!r}) "
                                   f"is not playable against {dream}; legal: {ok}")

    return OrderScript(game, tuple(order), choices, game.is_draw, check)


def deck(game: ReveilGame) -> Deck:
    """What a Réveil order fixes, for witness searches: the draws (removals stay random), over the whole deck."""
    cards = tuple(i for i, n in enumerate(game.spec.deck_counts) for _ in range(n))
    # g is a ReveilGame and s its State (a family's deck is used only on its games): Deck's slots say Game, Hashable.
    return Deck(drawn=lambda g, s: g.is_draw(s), cards=cards, name=game.names().__getitem__,  # type: ignore[attr-defined]
                end=_end)  # type: ignore[arg-type]


def _end(game: ReveilGame, s: State) -> dict:
    return {"outcome": (s.outcome or Outcome.LOSS).value, "lucidity": s.lucidity}


def branch(line: Line[State]) -> Branch:
    """A replayed line as a trace branch: each decision followed by the events it caused.

    Its probability is given the order (the explorer's counts the drawn cards' too).
    """
    steps: list[Step] = []
    for st in line.steps:
        if st.player >= 0:
            steps.append(Step(None, st.label, st.options, st.scripted))
        steps.extend(Step(e) for e in st.events)
    end = line.final
    return Branch(given_script(line), tuple(steps), end.outcome or Outcome.LOSS, end.lucidity, line.choices())


def replay(game: ReveilGame, order: Sequence[int], choose: Chooser, choices: Sequence[int] = (),
           seed: int | None = None, values: Callable[[State], list[tuple[int, Fraction]]] | None = None,
           ) -> list[Branch]:
    """Replay an order with the shared explorer. Decisions take ``choices`` first, then ``choose``.

    ``values`` (optional) gives each option's value at a decision, for display.
    """
    rng = random.Random(seed) if seed is not None else None
    # explore.Policy takes any Hashable state; replay passes this game's States.
    lines = explore.replay(game, script(game, order, choices), lambda s, legal: choose(s, legal),  # type: ignore[arg-type]
                           rng=rng,
                           option_values=values)
    return [branch(line) for line in lines]
