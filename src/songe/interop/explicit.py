"""A one-player game with explicit chance as an explicit Markov decision process.

Every reachable state (the explorer's :func:`~songe.engine.explore.walk`,
numbered in its order, 0 the initial state) becomes an MDP state: a decision
has one choice per legal action, a chance node one choice whose transitions
carry the outcomes' exact probabilities, a terminal one self-loop. Storm's
DRN writer (:mod:`songe.interop.storm`) and the scheduler read-back both use
this one numbering, so a Storm state index is a songe state.

Labels: ``init``, ``end`` (terminal), ``win`` and ``loss`` (a terminal whose
return is the game's maximum or minimum) and, from the game's optional
``features(state)``, ``name`` for a true boolean and ``name_k`` for an integer
feature of value ``k`` (Storm's property parser takes identifiers only, so
not ``name=k``). Reward models, per integer feature ``f``: ``f_lost`` (its
decreases), ``f_gained`` (its increases) and ``f_at_end`` (its value in the
terminal state reached, counted on the move into it: a game over before any
move has none). A choice's reward is the expectation over its
transitions, so expected totals are exact.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from songe.engine.explore import DEFAULT_MAX_STATES, walk_all
from songe.engine.interface import CHANCE, TERMINAL, ChanceMode, Game
from songe.errors import OptionError
from songe.solve.expectimax import compact_twin

#: The reward models every integer feature gets, by suffix.
REWARD_KINDS = ("lost", "gained", "at_end")


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice of an MDP state: the game's action (None at chance and at the end), transitions, rewards."""

    action: int | None
    transitions: tuple[tuple[int, Fraction], ...]
    rewards: tuple[Fraction, ...]


@dataclass(frozen=True)
class ExplicitModel:
    """The MDP of a game: per state its songe state, player, choices and labels."""

    game: Game
    states: tuple[Hashable, ...]
    players: tuple[int, ...]
    choices: tuple[tuple[Choice, ...], ...]
    labels: tuple[tuple[str, ...], ...]
    reward_names: tuple[str, ...]
    features: tuple[Mapping[str, int | bool], ...]
    available_labels: tuple[str, ...] = ()
    available_rewards: tuple[str, ...] = ()

    @property
    def num_choices(self) -> int:
        """Choices over all states (DRN's ``@nr_choices``)."""
        return sum(len(c) for c in self.choices)

    def label_names(self) -> list[str]:
        """Every label used, sorted."""
        return sorted({x for ls in self.labels for x in ls})

    def choice_label(self, state: int, choice: int) -> str:
        """The choice in songe's words: the action's label, ``chance`` or ``end``."""
        c = self.choices[state][choice]
        if c.action is None:
            return "end" if self.players[state] == TERMINAL else "chance"
        return self.game.action_label(self.states[state], c.action)


@functools.lru_cache(maxsize=4096)  # a model names the same few actions and features hundreds of thousands of times
def identifier(text: str) -> str:
    """``text`` as a Storm identifier: ASCII letters, digits and ``_``, not starting with a digit.

    >>> identifier("Rêve de test"), identifier("Élan vital"), identifier("3 cards")
    ('reve_de_test', 'elan_vital', '_3_cards')
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    out = re.sub(r"[^a-z0-9_]+", "_", ascii_text.casefold()).strip("_") or "_"
    return "_" + out if out[0].isdigit() else out


def feature_labels(features: Mapping[str, int | bool]) -> list[str]:
    """The labels of one state's features.

    >>> feature_labels({"lucidity": 3, "resolving": True, "hand": 0, "chained": False})
    ['lucidity_3', 'resolving', 'hand_0']
    """
    out = []
    for name, v in features.items():
        if isinstance(v, bool):
            if v:
                out.append(identifier(name))
        else:
            out.append(f"{identifier(name)}_{v}")
    return out


def _terminal_labels(game: Game, state: Hashable) -> list[str]:
    labels = ["end"]
    if game.info.num_players == 1:
        r = game.returns(state)[0]
        if r == game.info.max_return:
            labels.append("win")
        elif r == game.info.min_return:
            labels.append("loss")
    return labels


def build(game: Game, max_states: int = DEFAULT_MAX_STATES, rewards: Sequence[str] | None = None,
          labels: Collection[str] | None = None, progress: Callable[[int], None] | None = None,
          compact: bool = True) -> ExplicitModel:
    """Walk every reachable state of a one-player game with explicit chance and number it.

    With ``compact`` the walk runs on the game's compact twin when it offers one
    (:func:`~songe.solve.expectimax.compact_twin`: the same states one for one,
    cheaper to step), and the model's ``game`` and ``states`` are the twin's.

    ``rewards`` names the reward models to compute and ``labels`` the feature
    labels to keep (default: all; each costs time and file size, and Storm's
    DRN parser slows down with many labels); ``init``, ``end``, ``win`` and
    ``loss`` are always kept. Raises :class:`~songe.errors.OptionError` for a game
    an MDP cannot hold (several players, or sampled chance) or an unknown
    reward model, and :class:`~songe.errors.BudgetError` past ``max_states``.
    """
    info = game.info
    if info.num_players != 1:
        raise OptionError(f"an MDP export takes one-player games; this one has {info.num_players} players")
    if info.chance is not ChanceMode.EXPLICIT:
        raise OptionError("an MDP export needs explicit chance (every outcome with its probability)")
    if compact:
        game = compact_twin(game)[0]
    nodes = walk_all(game, max_states=max_states, progress=progress)
    ids = {n.state: i for i, n in enumerate(nodes)}
    feat_of = getattr(game, "features", None)
    if labels is not None and not (set(labels) - {"init", "end", "win", "loss"}) and rewards is not None \
            and not rewards:
        feat_of = None  # nothing asked of the features: skip them (a third of the time on big games)
    feats: list[Mapping[str, Any]] = [dict(feat_of(n.state)) if feat_of else {} for n in nodes]
    ints = sorted({k for f in feats for k, v in f.items() if not isinstance(v, bool)})
    every = [(f"{identifier(k)}_{kind}", k, kind) for k in ints for kind in REWARD_KINDS]
    all_rewards = list(every)
    if rewards is not None:
        unknown = sorted(set(rewards) - {name for name, _, _ in every})
        if unknown:
            raise OptionError(f"unknown reward model {', '.join(map(repr, unknown))}; "
                              f"reward models: {', '.join(name for name, _, _ in every)}")
        every = [r for r in every if r[0] in set(rewards)]
    terminal = [n.player == TERMINAL for n in nodes]

    def reward(u: int, transitions: Sequence[tuple[int, Fraction]]) -> tuple[Fraction, ...]:
        out = []
        for _, k, kind in every:
            here = feats[u].get(k, 0)
            total = Fraction(0)
            for v, p in transitions:
                there = feats[v].get(k, 0)
                x = (max(0, here - there) if kind == "lost" else max(0, there - here) if kind == "gained"
                     else there if terminal[v] else 0)
                if x:
                    total += p * x
            out.append(total)
        return tuple(out)

    zero = (Fraction(0),) * len(every)
    choices: list[tuple[Choice, ...]] = []
    out: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for u, node in enumerate(nodes):
        ls = ["init"] if u == 0 else []
        if node.player == TERMINAL:
            ls += _terminal_labels(game, node.state)
            choices.append((Choice(None, ((u, Fraction(1)),), zero),))
        elif node.player == CHANCE:
            merged: dict[int, Fraction] = {}
            for e in node.edges:  # two outcomes may lead to one state: one transition
                v, p = ids[e.child], e.probability or Fraction(0)
                merged[v] = merged[v] + p if v in merged else p
            trans = tuple(merged.items())
            choices.append((Choice(None, trans, reward(u, trans) if every else ()),))
        else:
            one = Fraction(1)
            choices.append(tuple(Choice(e.action, ((ids[e.child], one),),
                                        reward(u, ((ids[e.child], one),)) if every else ()) for e in node.edges))
        fl = feature_labels(feats[u]) if feats[u] else []
        seen.update(ls, fl)
        out.append(tuple(ls + (fl if labels is None else [x for x in fl if x in labels])))
    return ExplicitModel(game, tuple(n.state for n in nodes), tuple(n.player for n in nodes), tuple(choices),
                         tuple(out), tuple(name for name, _, _ in every), tuple(feats), tuple(sorted(seen)),
                         tuple(name for name, _, _ in all_rewards))
