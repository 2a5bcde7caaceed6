"""Verbs that queue card moves: ``draw N`` and ``remove_random_thought``.

Neither moves a card at once: each queues work in the dream's frame (a
reveal, a random removal), so the chance node that moves the card comes next.
"""

from __future__ import annotations

from songe.games.reveil.verbs.base import Effect, Emit, Int, Sym, VerbDef
from songe.games.reveil.work import DRAW as DRAW_OP
from songe.games.reveil.work import REMOVE as REMOVE_OP
from songe.games.reveil.work import Work, WorkFrame
from songe.spec.vocabulary.reveil import MAX_DRAW, Rules, Verb


def _draw(card: int, amount: int, rules: Rules, emit: Emit) -> Effect:
    reveals = [(DRAW_OP, card)] * amount  # each reveal remembers the card whose row drew it

    def act(w: Work, f: WorkFrame) -> None:
        f.ops[0:0] = reveals
    return act


def _draw_term(s: Sym, amount: Int, rules: Rules) -> Sym:
    return s.with_(draws=s.draws + amount)


def _remove(card: int, amount: int, rules: Rules, emit: Emit) -> Effect:
    def act(w: Work, f: WorkFrame) -> None:
        f.ops.insert(0, (REMOVE_OP,))
    return act


def _remove_term(s: Sym, amount: Int, rules: Rules) -> Sym:
    return s.with_(removals=s.removals + 1)


DRAW = VerbDef(
    Verb.DRAW, (1, MAX_DRAW), _draw, _draw_term,
    en=lambda n: f"draw {n} {{{'pl' if n > 1 else 't'}.card}}",
    fr=lambda n: f"{{you:pioche|piochez}} {n} {{{'pl' if n > 1 else 't'}.card}}",
)
REMOVE_RANDOM_THOUGHT = VerbDef(
    Verb.REMOVE_RANDOM_THOUGHT, None, _remove, _remove_term,
    en=lambda n: "remove {a.thought} of the {t.hand} from the game, at random",
    fr=lambda n: "{you:retire|retirez} du jeu {a.thought} de {the.hand}, au hasard",
)
