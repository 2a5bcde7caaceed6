"""Each Réveil verb's z3 term agrees with the engine's effect, on every small situation.

For every verb of the registry, every amount it accepts within a small range,
every option of the switches it reads, and an exhaustive grid of working
states (intensity −3..6, Lucidité 0..8, a dream below or not, extra loss,
ignored/cancelled marks, queued draws and removals), the engine's Python
effect runs on a real working state and the verb's z3 relation is evaluated
at the same values: they must agree. Likewise the loss step, the defeat
check and the hand moves. Change one side alone and this fails.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest
import z3

from songe.games.reveil import ReveilGame
from songe.games.reveil.state import Frame, State
from songe.games.reveil.verbs import REGISTRY, Sym
from songe.games.reveil.verbs import hand as hand_moves
from songe.games.reveil.verbs.lucidity import defeated, defeated_term, loss_step, loss_step_term
from songe.games.reveil.work import DRAW, REMOVE, STEP, Work
from songe.spec.reveil import Chain, FullHand, IntensityFloor, LossCapScope, PlayedThought, Rules, Verb, load

SPEC = load()
RULES = SPEC.rules
INTENSITIES = range(-3, 7)
LUCIDITIES = range(0, 9)
#: Amounts tried: each verb's accepted range, cut to this window (the spec's own amounts are all inside).
WINDOW = range(-3, 4)


def _no_emit(w: Work, kind: object, card: int | None = None, amount: int | None = None) -> None:
    """The engine's emit when no trace is recorded: nothing."""


def _work(lucidity: int, intensity: int, outer: tuple[int, ...], extra: int = 0, ignored: bool = False,
          cancelled: bool = False, draws: int = 0, removals: int = 0, hand: tuple[int, ...] = (0, 0),
          holding: tuple[bool, ...] = ()) -> Work:
    """A working state with one dream in resolution on top of ``outer`` ones."""
    pending = ((DRAW, 0),) * draws + ((REMOVE,),) * removals + ((STEP, 3),)
    below = tuple(Frame(0, v, ((STEP, 4),), holding=h) for v, h in itertools.zip_longest(outer, holding[:-1] or (),
                                                                                          fillvalue=False))
    top = Frame(1, intensity, pending, ignored=ignored, cancelled=cancelled, extra_loss=extra,
                holding=bool(holding and holding[-1]))
    n = len(hand)
    return Work(State(lucidity, hand, (1,) * n, (0,) * n, (0,) * n, None, (*below, top)), None)


#: The marks a situation may carry besides intensity and Lucidité: (extra loss, ignored, cancelled, draws, removals).
MARKS = list(itertools.product((0, 1), (False, True), (False, True), (0, 1), (0, 1)))


def _situations(outers: tuple[tuple[int, ...], ...]) -> list[Work]:
    """Every intensity × Lucidité × dreams below; the marks cycle through all their combinations along the grid."""
    grid = itertools.product(INTENSITIES, LUCIDITIES, outers)
    return [_work(lucidity, i, outer, *MARKS[k % len(MARKS)]) for k, (i, lucidity, outer) in enumerate(grid)]


#: Switch options each verb reads; the others run under the shipped rules.
READS: dict[Verb, list[Rules]] = {
    Verb.INTENSITY: [dataclasses.replace(RULES, intensity_floor=f, chain=c) for f in IntensityFloor for c in Chain],
}


def _cases() -> list[tuple[Verb, int]]:
    out = []
    for verb, d in REGISTRY.items():
        amounts = [0] if d.amounts is None else [a for a in WINDOW if d.refuse(a) is None]
        out += [(verb, a) for a in amounts]
    return out


def _first_disagreement(pairs: list[tuple[z3.BoolRef, str]]) -> str | None:
    """None if every ground relation evaluates to true (checked in one batch), else the first false one's label."""
    if z3.is_true(z3.simplify(z3.And([r for r, _ in pairs]))):
        return None
    return next(label for r, label in pairs if not z3.is_true(z3.simplify(r)))


@pytest.mark.parametrize("verb,amount", _cases(), ids=lambda x: str(getattr(x, "value", x)))
def test_verb_term_matches_engine_effect(verb: Verb, amount: int) -> None:
    d = REGISTRY[verb]
    rules_options = READS.get(verb, [RULES])
    # A dream below matters to a verb that reads the chain switch (it may change every dream in resolution).
    outers = ((), (0,), (2,)) if verb in READS else ((),)
    for rules in rules_options:
        pairs = []
        for w in _situations(outers):
            state = w.freeze()
            before = Sym.of(w, w.stack[-1])
            d.effect(1, amount, rules, _no_emit)(w, w.stack[-1])
            after = Sym.of(w, w.stack[-1])
            label = f"{verb.value} {amount} under {rules.intensity_floor.value}/{rules.chain.value}: {state}"
            pairs.append((d.relation(before, after, amount, rules), label))
        assert _first_disagreement(pairs) is None


def test_loss_step_term_matches_engine() -> None:
    pairs = []
    for cap, scope, cancelled, i, extra, lucidity in itertools.product(
            range(0, 4), LossCapScope, (False, True), INTENSITIES, range(0, 4), LUCIDITIES):
        rules = dataclasses.replace(RULES, loss_cap=cap, loss_cap_scope=scope)
        w = _work(lucidity, i, (), extra, cancelled=cancelled)
        f = w.stack[-1]
        before = Sym.of(w, f)
        taken = loss_step(w, f, rules)
        after, taken_term = loss_step_term(before, rules)
        label = f"loss cap {cap} ({scope.value}), intensity {i}, extra {extra}, cancelled {cancelled}"
        pairs.append((z3.And(after.equals(Sym.of(w, f)), taken_term == taken, z3.IntVal(f.lost) == taken), label))
    assert _first_disagreement(pairs) is None


def test_defeat_check_term_matches_engine() -> None:
    pairs = []
    for lucidity, at in itertools.product(range(-3, 9), range(-2, 3)):
        rules = dataclasses.replace(RULES, defeat_at=at)
        pairs.append((defeated_term(lucidity, rules) == z3.BoolVal(defeated(lucidity, rules)),
                      f"lucidity {lucidity}, defeat_at {at}"))
    assert _first_disagreement(pairs) is None


@pytest.mark.parametrize("move", list(hand_moves.HandMove), ids=lambda m: m.value)
def test_hand_move_terms_match_engine(move: hand_moves.HandMove) -> None:
    pairs = []
    for full, played, limit, a, b, held in itertools.product(
            FullHand, PlayedThought, range(0, 5), range(0, 3), range(0, 3), range(0, 3)):
        rules = dataclasses.replace(RULES, full_hand=full, played_thought=played)
        holding = (True,) * held + (False,)  # held slots below, the top dream not holding yet
        if move is hand_moves.HandMove.RELEASE:
            holding = (True,) * held  # the top dream is the one releasing
            if not held:
                continue
        w = _work(5, 1, (1,) * (len(holding) - 1), hand=(a, b), holding=holding)
        h0, k0 = sum(w.hand), hand_moves.held(w)
        if move in (hand_moves.HandMove.PLAY, hand_moves.HandMove.REMOVE) and not h0:
            continue  # impossible: nothing in hand
        card = 0 if a else 1
        if move is hand_moves.HandMove.DRAW:
            hand_moves.to_hand(w, card, limit, rules)
        elif move is hand_moves.HandMove.PLAY:
            hand_moves.play(w, w.stack[-1], card, rules)
        elif move is hand_moves.HandMove.RELEASE:
            hand_moves.release(w.stack[-1])
        else:
            hand_moves.remove(w, card)
        h_term, k_term = hand_moves.move_term(move, h0, k0, limit, rules)
        label = f"{move.value} from hand {h0}, held {k0}, limit {limit}, {full.value}/{played.value}"
        pairs.append((z3.And(h_term == sum(w.hand), k_term == hand_moves.held(w)), label))
    assert pairs and _first_disagreement(pairs) is None


def test_the_registry_covers_the_vocabulary_and_the_engine_runs_its_effects() -> None:
    assert set(REGISTRY) == set(Verb)
    game = ReveilGame(SPEC, 6, 3)
    for i, card in enumerate(SPEC.cards):
        for j, row in enumerate(card.effects):
            expected = REGISTRY[row.verb].effect(i, row.action.amount or 0, SPEC.rules, _no_emit)
            assert game._effects[i][j].__code__ is expected.__code__, (card.id, j)
