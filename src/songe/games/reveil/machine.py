"""Réveil's procedure: interprets a spec's steps, rows and rules as a state machine.

Deterministic work (steps, rows, the chain stack) runs eagerly inside
:meth:`ReveilGame.apply`, so every returned state stands at a node: a decision
(which thought, or none), a chance event (the next card of the unseen
multiset, or the thought a random-removal row takes), or a terminal.

>>> from songe.spec.reveil import load
>>> game = ReveilGame(load(), lucidity=6, hand_limit=3)
>>> s = game.initial_state()
>>> game.node_kind(s).value, len(game.chance_outcomes(s))
('chance', 10)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from songe.engine.interface import CHANCE, TERMINAL, ChanceMode, GameInfo, Information, NodeKind, Outcome
from songe.errors import IllegalMoveError
from songe.games.reveil.state import Event, EventKind, Frame, State
from songe.games.reveil.verbs import REGISTRY
from songe.games.reveil.verbs import hand as hand_moves
from songe.games.reveil.verbs.base import Effect
from songe.games.reveil.verbs.lucidity import defeated, loss_step
from songe.games.reveil.work import ACT, CHECK, DRAW, RELEASE, REMOVE, ROW, STEP
from songe.games.reveil.work import Work as _Work
from songe.games.reveil.work import WorkFrame as _W
from songe.spec.expr import And, CmpOp, Compare, Condition, Flag, Not, Num, Var, walk
from songe.spec.reveil import (
    CardKind,
    DefeatCheck,
    DefeatScope,
    DrawnResolved,
    FlagScope,
    PlayedThought,
    PreviousDream,
    ReveilSpec,
    Step,
    Timing,
    Trigger,
    Victory,
)

#: The decision "play no thought".
PASS = -1

_INFO = GameInfo(1, ChanceMode.EXPLICIT, Information.PERFECT)
_WON, _LOST = (Fraction(1),), (Fraction(0),)

# Op codes as plain ints inside op tuples (see songe.games.reveil.work).
_STEP, _ROW, _ACT, _DRAW, _REMOVE, _RELEASE, _CHECK = STEP, ROW, ACT, DRAW, REMOVE, RELEASE, CHECK


@dataclass(frozen=True)
class ReveilGame:
    """One Réveil set-up: a spec (under its readings), a starting Lucidité and hand limit."""

    spec: ReveilSpec
    lucidity: int
    hand_limit: int
    # Tables built once from the spec (below), so the hot loop reads tuples, not the spec's records.
    _names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _printed: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _is_dream: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    _play_rows: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _effect_rows: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _late_rows: dict[Trigger, tuple[tuple[int, ...], ...]] = field(init=False, repr=False, compare=False)
    _after_loss_rows: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _drawn_resolved_rows: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _steps: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    _snapshot: bool = field(init=False, repr=False, compare=False)
    _snapshot_hand: bool = field(init=False, repr=False, compare=False)
    _prev_readers: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _prev_class: dict[int, int] = field(init=False, repr=False, compare=False)
    _tests: tuple[tuple[Callable[[_Work, _W], bool] | None, ...], ...] = field(init=False, repr=False,
                                                                               compare=False)
    _effects: tuple[tuple[Effect, ...], ...] = field(init=False, repr=False, compare=False)
    """each row's effect, from the verb registry, bound to its card and amount"""
    _outcomes: dict[tuple[int, ...], tuple[tuple[int, Fraction], ...]] = field(init=False, repr=False,
                                                                                compare=False)

    def __post_init__(self) -> None:
        cards, rules = self.spec.cards, self.spec.rules
        init = object.__setattr__  # the class is frozen: its tables are set once, here
        init(self, "_names", tuple(c.name for c in cards))
        init(self, "_printed", tuple(c.intensity if c.intensity is not None else 0 for c in cards))
        init(self, "_is_dream", tuple(c.kind is CardKind.DREAM for c in cards))
        init(self, "_play_rows", tuple(c.rows(Trigger.PLAY, late=False) for c in cards))
        init(self, "_effect_rows", tuple(c.rows(Trigger.EFFECT, late=False) for c in cards))
        init(self, "_late_rows", {t: tuple(c.rows(t, late=True) for c in cards)
                                  for t in (Trigger.PLAY, Trigger.EFFECT)})
        init(self, "_after_loss_rows", tuple(c.rows(Trigger.AFTER_LOSS) for c in cards))
        init(self, "_drawn_resolved_rows", tuple(c.rows(Trigger.DRAWN_RESOLVED) for c in cards))
        init(self, "_steps", tuple((_STEP, i) for i in range(len(self.spec.steps))))
        needs = rules.previous_dream in (PreviousDream.AT_REVEAL, PreviousDream.NEXT_CARD) or any(
            r.at is Timing.REVEAL for c in cards for r in c.effects)
        init(self, "_snapshot", needs)
        init(self, "_snapshot_hand", any(r.at is Timing.REVEAL and r.condition is not None and any(
            isinstance(t, Var) and t.name == "hand" for t in walk(r.condition)) for c in cards for r in c.effects))
        init(self, "_prev_readers", tuple(i for i, c in enumerate(cards) if _reads(c, "previous")))
        init(self, "_prev_class", _previous_classes(self.spec))
        init(self, "_tests", tuple(
            tuple(None if r.condition is None else self._compile(r.condition, r.at, r.frame) for r in c.effects)
            for c in cards))
        init(self, "_effects", tuple(
            tuple(REGISTRY[r.verb].effect(i, r.action.amount or 0, rules, self._emit) for r in c.effects)
            for i, c in enumerate(cards)))
        init(self, "_outcomes", {})

    def __reduce__(self) -> tuple[type[ReveilGame], tuple[ReveilSpec, int, int]]:
        """Pickle the set-up only: the tables (closures among them) are rebuilt on unpickling."""
        return ReveilGame, (self.spec, self.lucidity, self.hand_limit)

    # ------------------------------------------------------------ interface

    @property
    def info(self) -> GameInfo:
        """One player; every chance event (the next card, a random removal) listed exactly; nothing hidden."""
        return _INFO

    def initial_state(self) -> State:
        """Empty hand, the whole deck unseen, nothing in resolution."""
        n = len(self.spec.cards)
        zeros = (0,) * n
        return self._settle(State(self.lucidity, zeros, self.spec.deck_counts, zeros, zeros, None, ()), None)

    def node_kind(self, s: State) -> NodeKind:
        """Decision at a thought step with a hand, chance at a draw or removal, else terminal."""
        if s.outcome is not None:
            return NodeKind.TERMINAL
        if not s.stack:
            return NodeKind.CHANCE
        op = s.stack[-1].ops[0]
        return NodeKind.DECISION if op[0] == _STEP else NodeKind.CHANCE

    def current_player(self, s: State) -> int:
        """0 at a thought step with a hand, CHANCE at a draw or removal, TERMINAL once the game is over."""
        if s.outcome is not None:
            return TERMINAL
        if not s.stack:
            return CHANCE
        return 0 if s.stack[-1].ops[0][0] == _STEP else CHANCE

    def observation(self, s: State, player: int = 0) -> State:
        """The whole state: the unseen deck is a multiset (chance), so nothing is hidden from the player."""
        return s

    def legal_actions(self, s: State) -> tuple[int, ...]:
        """PASS first, then each distinct thought in hand in spec order."""
        if self.node_kind(s) is not NodeKind.DECISION:
            return ()
        return (PASS,) + tuple(i for i, n in enumerate(s.hand) if n)

    def deck(self, s: State) -> tuple[int, ...]:
        """The unseen deck, as counts per card type."""
        return s.unseen

    def is_draw(self, s: State) -> bool:
        """Whether a chance node reveals the next card (else it removes a thought at random)."""
        return not s.stack or s.stack[-1].ops[0][0] == _DRAW

    def chance_outcomes(self, s: State) -> tuple[tuple[int, Fraction], ...]:
        """Each card type of the unseen deck (or of the hand, for a removal) by its share."""
        if self.node_kind(s) is not NodeKind.CHANCE:
            return ()
        pool = s.unseen if self.is_draw(s) else s.hand
        out = self._outcomes.get(pool)
        if out is None:
            total = sum(pool)
            out = self._outcomes[pool] = tuple((i, Fraction(n, total)) for i, n in enumerate(pool) if n)
        return out

    def returns(self, s: State) -> tuple[Fraction]:
        """(1,) for a win, (0,) for a loss."""
        return _WON if s.outcome is Outcome.WIN else _LOST

    def action_label(self, s: State, action: int) -> str:
        """The card's name, or 'none' for PASS."""
        return "none" if action == PASS else self._names[action]

    def apply(self, s: State, action: int, events: list | None = None) -> State:
        """Apply a decision or a chance outcome, then run on to the next node."""
        kind = self.node_kind(s)
        w = _Work(s, events)
        if kind is NodeKind.TERMINAL:
            raise IllegalMoveError("the game is over")
        if kind is NodeKind.DECISION:
            if action not in self.legal_actions(s):
                legal = ", ".join(self.action_label(s, a) for a in self.legal_actions(s))
                raise IllegalMoveError(f"cannot play {self._label(action)!r} here; legal: {legal}")
            self._decide(w, action)
        else:
            draw = self.is_draw(s)
            pool = s.unseen if draw else s.hand
            if not 0 <= action < len(pool) or not pool[action]:
                raise IllegalMoveError(f"outcome {self._label(action)!r} is impossible here")
            if not draw:
                w.stack[-1].ops.pop(0)
                hand_moves.remove(w, action)
                self._emit(w, EventKind.REMOVE, action)
            else:
                origin = -1
                if w.stack:
                    origin = w.stack[-1].ops.pop(0)[1]
                self._reveal(w, action, origin)
        return self._settle_work(w)

    # ------------------------------------------------------------ helpers

    def _label(self, action: int) -> str:
        return "none" if action == PASS else self._names[action] if 0 <= action < len(self._names) else str(action)

    def _emit(self, w: _Work, kind: EventKind, card: int | None = None, amount: int | None = None,
              detail: tuple | None = None) -> None:
        if w.events is not None:
            name = None if card is None or card < 0 else self._names[card]
            w.events.append(Event(kind, name, amount, len(w.stack), w.lucidity, detail))

    @staticmethod
    def _kept(f: _W) -> tuple:
        """What a chained dream must leave alone in the dream it interrupted."""
        return f.intensity, f.thought, tuple(op for op in f.ops if op[0] == _STEP)

    def _settle(self, s: State, events: list | None) -> State:
        return self._settle_work(_Work(s, events))

    def _settle_work(self, w: _Work) -> State:
        self._run(w)
        self._forget_previous(w)
        return w.freeze()

    def _forget_previous(self, w: _Work) -> None:
        """Merge states that differ only in a previous dream no remaining card can read.

        The previous dream's printed intensity is replaced by the smallest value
        that every condition on it treats alike, or by None once no card that
        reads it is left to come. This is what keeps the solver's state count down.
        """
        if w.previous is None:
            return
        live = False
        for i in self._prev_readers:
            if w.unseen[i] or w.hand[i]:
                live = True
                break
        else:
            live = any(f.card in self._prev_readers or f.thought in self._prev_readers for f in w.stack)
        w.previous = self._prev_class.get(w.previous, w.previous) if live else None

    def _decide(self, w: _Work, action: int) -> None:
        f = w.stack[-1]
        f.ops.pop(0)
        if action == PASS:
            self._emit(w, EventKind.PASS, f.card)
            return
        hand_moves.play(w, f, action, self.spec.rules)
        self._emit(w, EventKind.PLAY, action)
        new: list[tuple[int, ...]] = [(_ROW, action, i) for i in self._play_rows[action]]
        if self.spec.rules.played_thought is PlayedThought.HOLDS_SLOT:
            new.append((_RELEASE,))
        f.ops[0:0] = new
        self._defer(f, action, Trigger.PLAY)

    def _defer(self, f: _W, card: int, when: Trigger) -> None:
        """A card's rows read at the end of the dream (``at = "end"``): queued just before the dream's loss step,
        the last moment they can still act (at once if no loss step is left to come)."""
        late = self._late_rows[when][card]
        if late:
            at = next((k for k, op in enumerate(f.ops) if op[0] == _STEP and self.spec.steps[op[1]] is Step.LOSS), 0)
            f.ops[at:at] = [(_ROW, card, i) for i in late]

    def _reveal(self, w: _Work, card: int, origin: int) -> None:
        """A card comes off the deck: a thought to the hand, a dream onto the stack."""
        w.unseen[card] -= 1
        if not self._is_dream[card]:
            if self.spec.rules.previous_dream is PreviousDream.NEXT_CARD:
                w.previous = None  # the next card was a thought: no dream follows its previous one
            kept = hand_moves.to_hand(w, card, self.hand_limit, self.spec.rules)
            self._emit(w, EventKind.TO_HAND if kept else EventKind.HAND_FULL, card)
        else:
            if w.stack and w.events is not None:
                self._emit(w, EventKind.CHAIN_START, w.stack[-1].card, detail=self._kept(w.stack[-1]))
            w.stack.append(_W(Frame(card, self._printed[card], self._steps, origin=origin)))
        rules = self.spec.rules
        if (rules.victory is Victory.LAST_CARD_REACHED and not sum(w.unseen)
                and w.lucidity >= rules.victory_min_lucidity):
            w.outcome = Outcome.WIN  # the last card is reached: it is not resolved
            self._emit(w, EventKind.VICTORY)

    def _run(self, w: _Work) -> None:
        """Run deterministic work until a decision, a chance event or the end."""
        rules = self.spec.rules
        while w.outcome is None:
            if not w.stack:
                if sum(w.unseen) == 0:
                    win = w.lucidity >= rules.victory_min_lucidity
                    w.outcome = Outcome.WIN if win else Outcome.LOSS
                    self._emit(w, EventKind.VICTORY if win else EventKind.DEFEAT)
                return
            f = w.stack[-1]
            op = f.ops[0]
            code = op[0]
            if code == _DRAW:
                if sum(w.unseen) and w.lucidity > rules.stop_drawing_at:
                    return
                f.ops.pop(0)
                self._emit(w, EventKind.DRAW_NOTHING)
            elif code == _REMOVE:
                if sum(w.hand):
                    return
                f.ops.pop(0)
            elif code == _STEP and self.spec.steps[op[1]] is Step.THOUGHT:
                if rules.thoughts_per_dream and sum(w.hand):
                    return
                f.ops.pop(0)
                self._emit(w, EventKind.PASS, f.card)
            else:
                f.ops.pop(0)
                if code == _STEP:
                    self._step(w, f, self.spec.steps[op[1]])
                elif code == _ROW:
                    test = self._tests[op[1]][op[2]]
                    if test is None or test(w, f):
                        self._act(w, f, op[1], op[2])
                elif code == _ACT:
                    self._act(w, f, op[1], op[2])
                elif code == _RELEASE:
                    hand_moves.release(f)
                elif code == _CHECK:
                    self._check_defeat(w)

    def _compile(self, cond: Condition, at: Timing, frame: FlagScope = FlagScope.OWN) -> Callable[[_Work, _W], bool]:
        """Turn a condition's syntax tree into a closure over (state, dream).

        Built from the tree node by node (never ``eval``): the solver runs each
        condition millions of times, and a closure skips re-walking the tree.
        """
        if isinstance(cond, Compare):
            left, right, holds = self._term(cond.left, at), self._term(cond.right, at), cond.op.holds

            def compare(w: _Work, f: _W) -> bool:
                a, b = left(w, f), right(w, f)
                return a is not None and b is not None and holds(a, b)
            return compare
        if isinstance(cond, Flag):  # the one flag: thought_played (validated at load)
            if frame is FlagScope.CHAIN:  # this dream's frame or one it is chained in
                return lambda w, f: any(g.thought >= 0 for g in w.stack[:w.stack.index(f) + 1])
            return lambda w, f: f.thought >= 0
        if isinstance(cond, Not):
            inner = self._compile(cond.item, at, frame)
            return lambda w, f: not inner(w, f)
        parts = tuple(self._compile(c, at, frame) for c in cond.items)
        if isinstance(cond, And):
            return lambda w, f: all(p(w, f) for p in parts)
        return lambda w, f: any(p(w, f) for p in parts)

    def _term(self, term: Num | Var, at: Timing) -> Callable[[_Work, _W], int | None]:
        """A closure reading one integer of the state, for the dream ``f``."""
        if isinstance(term, Num):
            value = term.value
            return lambda w, f: value
        name, printed = term.name, self._printed
        reveal = at is Timing.REVEAL
        if term.key is not None:
            k = self._index(term.key)
            if name == "hand":
                if reveal:  # the hand as it was when the dream was revealed (before the thought played)
                    return lambda w, f: _hand_at_reveal(w, f)[k]
                return lambda w, f: w.hand[k]
            if name == "deck":  # strategies only (the schema): read live, when the player decides
                return lambda w, f: w.unseen[k]
            if reveal:
                return lambda w, f: f.snapshot[1][k] if f.snapshot is not None else w.discard[k]
            return lambda w, f: w.discard[k]
        if name == "intensity":
            return lambda w, f: f.intensity
        if name == "printed":
            return lambda w, f: printed[f.card]
        if name == "hand":
            if reveal:
                return lambda w, f: sum(_hand_at_reveal(w, f))
            return lambda w, f: sum(w.hand)
        if name == "lucidity":
            return lambda w, f: w.lucidity
        if name == "deck":
            return lambda w, f: sum(w.unseen)
        if name == "lost":
            return lambda w, f: None if f.lost < 0 else f.lost
        if name == "previous":
            mode = self.spec.rules.previous_dream
            if reveal or mode in (PreviousDream.AT_REVEAL, PreviousDream.NEXT_CARD):
                return lambda w, f: f.snapshot[0] if f.snapshot is not None else w.previous
            if mode is PreviousDream.OUTER_FOR_CHAIN:
                def outer(w: _Work, f: _W) -> int | None:
                    depth = w.stack.index(f)
                    return printed[w.stack[depth - 1].card] if depth > 0 else w.previous
                return outer
            return lambda w, f: w.previous
        raise AssertionError(f"name {name!r} passed validation but has no value")

    def _index(self, card_id: str) -> int:
        return next(i for i, c in enumerate(self.spec.cards) if c.id == card_id)

    def _act(self, w: _Work, f: _W, card: int, row_index: int) -> None:
        self._emit(w, EventKind.ROW, card, row_index)
        self._effects[card][row_index](w, f)

    def _step(self, w: _Work, f: _W, step: Step) -> None:
        rules = self.spec.rules
        if step is Step.REVEAL:
            f.intensity = self._printed[f.card]
            if self._snapshot:
                f.snapshot = ((w.previous, tuple(w.discard), tuple(w.hand)) if self._snapshot_hand
                              else (w.previous, tuple(w.discard)))
            if self.spec.rules.previous_dream is PreviousDream.NEXT_CARD:
                w.previous = None  # reading previous_dream=next_card_only: this card took it
            self._emit(w, EventKind.REVEAL, f.card, f.intensity)
        elif step is Step.EFFECT:
            if f.ignored or f.cancelled:
                self._emit(w, EventKind.SKIP_EFFECT, f.card)
            else:
                f.ops[0:0] = [(_ROW, f.card, i) for i in self._effect_rows[f.card]]
                self._defer(f, f.card, Trigger.EFFECT)
        elif step is Step.LOSS:
            lost = loss_step(w, f, rules)
            self._emit(w, EventKind.LOSS, f.card, lost)
            if rules.defeat_check is DefeatCheck.IMMEDIATE and self._check_defeat(w):
                return
            after = [(_ROW, f.card, i) for i in self._after_loss_rows[f.card]]
            if f.thought >= 0:
                after += [(_ROW, f.thought, i) for i in self._after_loss_rows[f.thought]]
            f.ops[0:0] = after
        elif step is Step.DISCARD:
            w.discard[f.card] += 1
            w.previous = self._printed[f.card]
            self._emit(w, EventKind.DISCARD, f.card)
        elif step is Step.END:
            self._end(w, f)

    def _end(self, w: _Work, f: _W) -> None:
        """End of a dream's resolution: defeat check and rows waiting for it, in the rule's order."""
        acts: list[tuple[int, ...]] = []
        if f.origin >= 0:
            for i in self._drawn_resolved_rows[f.origin]:
                test = self._tests[f.origin][i]
                if test is None or test(w, f):
                    acts.append((_ACT, f.origin, i))
        before = self.spec.rules.drawn_resolved is DrawnResolved.BEFORE_DEFEAT_CHECK and acts
        # Reading defeat_scope: under turn_card, the end of a chained dream is no defeat check.
        checks = self.spec.rules.defeat_scope is DefeatScope.EVERY_CARD or len(w.stack) == 1
        if checks and not before and self._check_defeat(w):
            w.stack.pop()  # discarded already: it leaves the stack
            return
        w.stack.pop()
        if w.stack and w.events is not None:
            self._emit(w, EventKind.CHAIN_END, w.stack[-1].card, detail=self._kept(w.stack[-1]))
        if acts:
            outer = w.stack[-1]
            outer.ops[0:0] = acts + ([(_CHECK,)] if before and checks else [])

    def _check_defeat(self, w: _Work) -> bool:
        if defeated(w.lucidity, self.spec.rules):
            w.outcome = Outcome.LOSS
            self._emit(w, EventKind.DEFEAT)
            return True
        return False

    # ------------------------------------------------------------ conveniences

    def condition(self, cond: Condition) -> Callable[[State], bool]:
        """A condition of the spec language as a test of a decision state (for strategies)."""
        test = self._compile(cond, Timing.LIVE)

        def holds(s: State) -> bool:
            w = _Work(s, None)
            return bool(w.stack) and test(w, w.stack[-1])

        return holds

    def card_index(self, card_id_or_name: str) -> int:
        """The index of a card given by id or printed name (case-insensitive)."""
        key = card_id_or_name.strip().casefold()
        for i, c in enumerate(self.spec.cards):
            if key in (c.id.casefold(), c.name.casefold()):
                return i
        raise KeyError(card_id_or_name)

    def names(self) -> Sequence[str]:
        """Printed names, indexed like the cards."""
        return self._names

    #: The compiled exact solver, the compact twin, and the count before a walk, as ``songe.solve.expectimax``
    #: and ``songe.engine.explore`` find them: named ``"module:function"``, imported when first used, since they
    #: are built from this module (as a family names its verb handlers: the import arrows stay one way).
    fast_solver = "songe.games.reveil.fast_count:solver"
    compact_twin = "songe.games.reveil.fast_game:twin"
    walk_all = "songe.games.reveil.fast_count:precount"

    def features(self, s: State) -> dict[str, int | bool]:
        """What exports label states with (Storm labels, rewards, GraphML): figures a player can name.

        ``lucidity`` counts tokens left (never below 0); ``cards_left`` the
        unseen deck; ``hand`` the thoughts held; ``resolving`` whether a dream
        is in resolution, and ``dream_<id>`` which one (the innermost; one key per dream);
        ``cards_survived`` the cards out of the deck whose resolution is over,
        not counting the card whose end-of-resolution check defeated you.
        """
        top = s.stack[-1].card if s.stack else -1
        out = self.feature_values(s.lucidity, sum(s.unseen), sum(s.hand), len(s.stack), s.outcome is Outcome.LOSS,
                                  top)
        return {k: v if isinstance(v, bool) else int(v) for k, v in out.items()}

    def feature_values(self, lucidity: Any, cards_left: Any, hand: Any, depth: Any, lost: Any,
                       top: Any) -> dict[str, Any]:
        """:meth:`features` from the figures they read: Python ints for one state, or numpy arrays for a
        whole graph at once (the compiled export reads the figures from packed states, never a state object).

        ``depth`` is the stack's height, ``lost`` whether the game is lost, ``top`` the innermost dream (-1: none).
        """
        rules = self.spec.rules
        fatal = lost & (lucidity <= rules.defeat_at) if rules.defeat_check is not DefeatCheck.IMMEDIATE else lost & False
        # the end-of-card check popped the fatal dream: it was not survived
        out = {"lucidity": lucidity * (lucidity > 0), "cards_left": cards_left, "hand": hand,
               "cards_survived": sum(self.spec.deck_counts) - cards_left - depth - fatal, "resolving": depth > 0}
        for i, card in enumerate(self.spec.cards):
            if self._is_dream[i]:  # every dream, so every state has the same keys (fixed-size vectors)
                out[f"dream_{card.id}"] = top == i
        return out


def _hand_at_reveal(w: _Work, f: _W) -> tuple[int, ...]:
    """The hand kept when the dream was revealed (the live hand for a frame revealed without a snapshot)."""
    snap = f.snapshot
    return snap[2] if snap is not None and len(snap) == 3 else tuple(w.hand)


def _reads(card, name: str) -> bool:
    """Whether any row of the card has a condition reading that name."""
    return any(r.condition is not None and any(isinstance(n, Var) and n.name == name for n in walk(r.condition))
               for r in card.effects)


def _previous_classes(spec: ReveilSpec) -> dict[int, int]:
    """Map each possible printed intensity to the smallest one all conditions on 'previous' treat alike.

    Empty (no merging) if some condition compares 'previous' with anything but a number.
    """
    tests: list[tuple[CmpOp, int, bool]] = []
    for c in spec.cards:
        for r in c.effects:
            if r.condition is None:
                continue
            for n in walk(r.condition):
                if isinstance(n, Compare) and Var("previous") in (n.left, n.right):
                    other = n.right if n.left == Var("previous") else n.left
                    if not isinstance(other, Num):
                        return {}
                    tests.append((n.op, other.value, n.left == Var("previous")))
    values = sorted({c.intensity for c in spec.cards if c.intensity is not None})
    out: dict[int, int] = {}
    seen: dict[tuple[bool, ...], int] = {}
    for v in values:
        sig = tuple(op.holds(v, k) if left else op.holds(k, v) for op, k, left in tests)
        out[v] = seen.setdefault(sig, v)
    return out
