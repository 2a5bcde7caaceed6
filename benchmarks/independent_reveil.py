"""An independent plain recursive solver of Réveil, the yardstick of issue 28's whole-process benchmark.

Written from the rule text (``reveil.fr.txt``) and the readings ``songe ambiguities reveil``
adopts, never from songe's code: it imports nothing from songe, and the cards are encoded here
by hand. It is the solver a careful engineer writes in an afternoon: the whole game state
(cards left in the deck as counts, hand, Lucidité, the last discarded dream's printed
intensity, how many Rêve récurrent lie in the discard, and a stack of the dreams being
resolved with the step each one resumes at) as a hashable tuple, one dict memo over it,
exact ``Fraction`` probabilities, max over the player's choices and a probability-weighted
average over every draw and over Visage flou's random removal.

Chained dreams are frames on that stack: a draw that reveals a dream pushes a frame, which
resolves fully (its own thought, effect, loss, discard and defeat check) before the frame
under it resumes at the step it left.

Readings (the adopted default of each point ``songe ambiguities reveil`` lists): the cap of 2
bounds only the intensity loss (Chute infinie's extra 1 comes on top); a played thought leaves
the hand at once; the current intensity is floored at 0 after every change; Rêve récurrent
looks at the discard when its effect applies; « le rêve précédent » is the last dream
discarded when Écho de peur's effect applies; defeat is checked at the end of every dream's
resolution, chained ones included, and Souvenir réel's +1 comes after that check; Ancrage's
« finalement » is the loss of its own dream; victory needs the deck empty with everything
resolved; the player counts cards (the state is fully known).

Run: ``python3 benchmarks/independent_reveil.py [--level facile|normal|difficile|cauchemar]
[--lucidity L --hand-limit H] [--check]``. ``--check`` solves all four levels and compares each
with ``songe solve reveil --json`` (run as a subprocess, after the solves): exit 1 on a difference.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction

sys.setrecursionlimit(10_000)

# The deck, one entry per distinct card: (name, printed intensity or None for a thought, copies).
CARDS = (
    ("Chute infinie", 4, 1),
    ("Rêve récurrent", 1, 2),
    ("Visage flou", 1, 1),
    ("Lieu familier", 1, 1),
    ("Paralysie nocturne", 2, 1),
    ("Écho de peur", 1, 1),
    ("Prise de conscience", None, 1),
    ("Ancrage", None, 1),
    ("Souvenir réel", None, 1),
    ("Refus", None, 1),
)
CHUTE, RECURRENT, VISAGE, LIEU, PARALYSIE, ECHO, PRISE, ANCRAGE, SOUVENIR, REFUS = range(len(CARDS))
IS_DREAM = tuple(card[1] is not None for card in CARDS)
PRINTED = tuple(card[1] or 0 for card in CARDS)
FULL_DECK = tuple(card[2] for card in CARDS)

LEVELS = {"facile": (7, 3), "normal": (6, 3), "difficile": (5, 3), "cauchemar": (5, 2)}

# The step a dream's frame resumes at.
CHOOSE, SOUVENIR_GAIN, SECOND_DRAW, EFFECT, LOSS, DISCARD = range(6)
NO_THOUGHT = -1

Counts = tuple[int, ...]  # copies left in the deck, per entry of CARDS
Hand = tuple[int, ...]  # the thoughts in hand, sorted
Frame = tuple[int, int, int, int]  # a dream being resolved: (dream, current intensity, thought played, step)
Stack = tuple[Frame, ...]
After = Callable[[int | None], Frame | None]


def resume(frame: Frame | None) -> After:
    """A drawing dream that resumes with ``frame`` whatever the card drawn."""
    return lambda card: frame


def solve(lucidity: int, hand_limit: int) -> tuple[Fraction, int]:
    """Optimal win probability from the shuffled full deck, and the number of memo entries."""
    memo: dict[tuple[Counts, Hand, int, int, int, Stack], Fraction] = {}

    def value(deck: Counts, hand: Hand, luc: int, previous: int, recurrent_discarded: int, stack: Stack) -> Fraction:
        """Win probability, playing best, from this state (``previous`` is 0 before any dream is discarded)."""
        key = (deck, hand, luc, previous, recurrent_discarded, stack)
        found = memo.get(key)
        if found is not None:
            return found
        result = step(deck, hand, luc, previous, recurrent_discarded, stack)
        memo[key] = result
        return result

    def draw(deck: Counts, hand: Hand, luc: int, previous: int, recurrent_discarded: int, rest: Stack,
             after: After) -> Fraction:
        """Turn the top card: a thought goes to the hand (lost if it is full), a dream is pushed.

        ``after(card)`` is the frame the drawing dream resumes with (None at the top of a turn),
        given the card drawn (None when the deck is empty: drawing does nothing).
        """
        total = sum(deck)
        if total == 0:
            frame = after(None)
            return value(deck, hand, luc, previous, recurrent_discarded, rest if frame is None else rest + (frame,))
        acc = Fraction(0)
        for card, copies in enumerate(deck):
            if copies == 0:
                continue
            left = deck[:card] + (copies - 1,) + deck[card + 1:]
            frame = after(card)
            below = rest if frame is None else rest + (frame,)
            if not IS_DREAM[card]:
                kept = tuple(sorted(hand + (card,))) if len(hand) < hand_limit else hand
                v = value(left, kept, luc, previous, recurrent_discarded, below)
            else:
                v = value(left, hand, luc, previous, recurrent_discarded,
                          below + ((card, PRINTED[card], NO_THOUGHT, CHOOSE),))
            acc += Fraction(copies, total) * v
        return acc

    def step(deck: Counts, hand: Hand, luc: int, previous: int, recurrent_discarded: int, stack: Stack) -> Fraction:
        if not stack:
            if sum(deck) == 0:
                return Fraction(1)  # every card resolved, Lucidité still at least 1
            return draw(deck, hand, luc, previous, recurrent_discarded, (), resume(None))
        dream, intensity, thought, at = stack[-1]
        rest = stack[:-1]

        def go(frame: Frame, new_hand: Hand = hand, new_luc: int = luc) -> Fraction:
            return value(deck, new_hand, new_luc, previous, recurrent_discarded, rest + (frame,))

        if at == CHOOSE:
            best = go((dream, intensity, NO_THOUGHT, EFFECT))
            for played in hand:
                left = tuple(t for t in hand if t != played)
                if played == PRISE:
                    lowered = max(0, intensity - 2)
                    frame = (dream, lowered, PRISE, EFFECT)
                    if lowered >= 1:
                        v = draw(deck, left, luc, previous, recurrent_discarded, rest, resume(frame))
                    else:
                        v = go(frame, left)
                elif played == ANCRAGE:
                    v = go((dream, max(0, intensity - 1), ANCRAGE, LOSS), left)
                elif played == SOUVENIR:
                    def after(card: int | None, d: int = dream, i: int = intensity) -> Frame:
                        gains = card is not None and IS_DREAM[card] and PRINTED[card] <= 2
                        return (d, i, SOUVENIR, SOUVENIR_GAIN if gains else EFFECT)
                    v = draw(deck, left, luc, previous, recurrent_discarded, rest, after)
                else:  # Refus: cancelled, no effect, no loss
                    if intensity >= 3:
                        frame = (dream, intensity, REFUS, SECOND_DRAW)
                        v = draw(deck, left, luc, previous, recurrent_discarded, rest, resume(frame))
                    else:
                        v = go((dream, intensity, REFUS, DISCARD), left)
                if v > best:
                    best = v
            return best
        if at == SOUVENIR_GAIN:  # the drawn dream is resolved and did not end the game
            return go((dream, intensity, thought, EFFECT), new_luc=luc + 1)
        if at == SECOND_DRAW:
            frame = (dream, intensity, thought, DISCARD)
            return draw(deck, hand, luc, previous, recurrent_discarded, rest, resume(frame))
        if at == EFFECT:
            after_effect = (dream, intensity, thought, LOSS)
            if dream == RECURRENT and recurrent_discarded >= 1:
                return go((dream, max(0, intensity - 1), thought, LOSS))
            if dream == ECHO and previous >= 3:
                return go((dream, intensity + 1, thought, LOSS))
            if dream == VISAGE and hand:
                share = Fraction(1, len(hand))
                return sum((share * go(after_effect, tuple(t for t in hand if t != gone)) for gone in hand),
                           Fraction(0))
            if dream == LIEU and thought != NO_THOUGHT:
                return draw(deck, hand, luc, previous, recurrent_discarded, rest, resume(after_effect))
            return go(after_effect)  # Chute infinie's extra loss is taken at the loss step
        if at == LOSS:
            lost = min(intensity, 2) + (1 if dream == CHUTE and thought == NO_THOUGHT else 0)
            gained = 1 if thought == ANCRAGE and lost == 0 else 0
            return go((dream, intensity, thought, DISCARD), new_luc=luc - lost + gained)
        # DISCARD: the dream's printed intensity becomes « le rêve précédent »; then the defeat check
        if luc <= 0:
            return Fraction(0)
        return value(deck, hand, luc, PRINTED[dream], recurrent_discarded + (dream == RECURRENT), rest)

    start = value(FULL_DECK, (), lucidity, 0, 0, ())
    return start, len(memo)


def songe_levels() -> dict[str, tuple[int, int, Fraction]]:
    """Each level's set-up and win probability as ``songe solve reveil --json`` gives them."""
    run = subprocess.run([sys.executable, "-m", "songe", "solve", "reveil", "--json"],
                         capture_output=True, text=True, check=True)
    return {r["level"]: (r["lucidity"], r["hand_limit"], Fraction(r["win_probability"]))
            for r in json.loads(run.stdout)["results"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", choices=LEVELS, default="normal")
    parser.add_argument("--lucidity", type=int, help="override the level's starting Lucidité")
    parser.add_argument("--hand-limit", type=int, help="override the level's hand limit")
    parser.add_argument("--check", action="store_true", help="solve all four levels and compare with songe")
    args = parser.parse_args()
    if (args.lucidity is not None and args.lucidity < 1) or (args.hand_limit is not None and args.hand_limit < 0):
        print("independent_reveil.py: --lucidity must be at least 1 and --hand-limit at least 0", file=sys.stderr)
        return 2
    if args.check:
        setups = {level: LEVELS[level] for level in LEVELS}
    else:
        lucidity, hand_limit = LEVELS[args.level]
        name = args.level if args.lucidity is None and args.hand_limit is None else "custom"
        setups = {name: (lucidity if args.lucidity is None else args.lucidity,
                         hand_limit if args.hand_limit is None else args.hand_limit)}
    found = {}
    for level, (lucidity, hand_limit) in setups.items():
        start = time.perf_counter()
        win, entries = solve(lucidity, hand_limit)
        took = time.perf_counter() - start
        found[level] = (lucidity, hand_limit, win)
        print(f"{level} (Lucidité {lucidity}, hand {hand_limit}): {win} = {float(win):.10f}, "
              f"{entries} memo entries, {took:.2f} s", flush=True)
    if not args.check:
        return 0
    expected = songe_levels()
    wrong = [level for level in found if expected.get(level) != found[level]]
    for level in wrong:
        print(f"{level}: songe says {expected.get(level)}, this solver {found[level]}")
    print("all four levels equal songe's" if not wrong else f"differ from songe: {', '.join(wrong)}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
