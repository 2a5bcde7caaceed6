"""What a game family exports: one :class:`Family` object, found by the registry.

The CLI and every generic tool reach a family only through this object: its
spec loader, its set-ups and game factory, its policies (players), its event
rendering in French and English, and its capabilities, each a verb the family
supports with the handler that does it. A verb a family does not declare is
refused in one line naming the missing capability.
"""

from __future__ import annotations

import enum
import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from songe.engine.explore import Policy, Script
from songe.engine.interface import Game
from songe.errors import OptionError


class Capability(enum.Enum):
    """A verb a family can support; the CLI dispatches on these, never on a family's name."""

    SOLVE = "solve"
    """exact value under optimal play (one player, explicit chance)"""
    TRACE = "trace"
    """replay a script move by move, with events rendered in French or English"""
    GRAPH = "graph"
    """the whole state graph (explicit chance, within a budget)"""
    SIMULATE = "simulate"
    """seeded games between named policies, with intervals"""
    ORDERS = "orders"
    """the value of every deck order"""
    AMBIGUITIES = "ambiguities"
    """open points of the text, each option's impact measured"""
    DISCOVER = "discover"
    """mechanical perturbation of the rule tables"""
    CLAIMS = "claims"
    """the text's own statements, measured"""
    STRATEGIES = "strategies"
    """named strategies from the spec, evaluated exactly"""
    PLAY = "play"
    """play in the terminal"""
    ADVISE = "advise"
    """one-shot advice at a described position"""
    SCORE = "score"
    """score a recorded game"""
    BALANCE = "balance"
    """exact balance between roles"""
    TRICK = "trick"
    """resolve one trick"""
    GAPS = "gaps"
    """search for places the text gives no move"""
    RULEBOOK = "rulebook"
    """a clarified rulebook"""
    PROVE = "prove"
    """proof obligations (z3 and exhaustive)"""
    TUNE = "tune"
    """set-ups whose exact win probability is nearest a target"""
    LINT = "lint"
    """what is valid but suspicious in a spec (the family's own checks, exact ones included)"""


class Lang(enum.Enum):
    """Languages a family renders its events and rulebooks in."""

    FR = "fr"
    """French, the language of the source texts"""
    EN = "en"
    """English"""


@dataclass(frozen=True)
class Setup:
    """One named way to set a game up (a difficulty level, a player count, a variant) with its parameters."""

    id: str
    params: Mapping[str, Any] = field(default_factory=dict)


#: The game type of a family (its hooks get only its own games).
G = TypeVar("G", bound=Game[Any])

#: Builds one player's policy for a game of the family from that game's generator (so seeded runs repeat).
PolicyMaker = Callable[[G, random.Random], Policy]

_CLI = "songe.cli"

#: The verbs every family has through the generic handlers: its clarified rulebook and its proof obligations.
DEFAULT_VERBS: Mapping[Capability, str] = {
    Capability.RULEBOOK: f"{_CLI}.rulebook:rulebook_any",
    Capability.PROVE: f"{_CLI}.prove:prove_game",
}
#: What a family with a playable game adds: replaying a script through the shared explorer.
PLAYABLE_VERBS: Mapping[Capability, str] = {Capability.TRACE: f"{_CLI}.generic:trace_script"}


def verb_table(own: Mapping[Capability, str], *, playable: bool = False) -> dict[Capability, str]:
    """The default verbs (with a playable game, :data:`PLAYABLE_VERBS` too), extended or overridden by the
    family's own ``{capability: "module:function"}``.

    >>> sorted(c.value for c in verb_table({Capability.SCORE: "m:f"}))
    ['prove', 'rulebook', 'score']
    """
    return {**DEFAULT_VERBS, **(PLAYABLE_VERBS if playable else {}), **own}


@dataclass(frozen=True)
class Family(Generic[G]):
    """A game family as a plugin, generic in its game type ``G``.

    ``load_spec(path, readings)`` reads a spec file; ``setups(spec)`` lists
    its named set-ups; ``make_game(spec, setup, options)`` builds the game
    (``options`` holds extra inputs such as a card list); ``policies(spec)``
    are the named players (a spec may name its own strategies); ``render_event(event, spec, lang)``
    writes what an event says;
    ``parse_script(game, text)`` turns a user's script into moves;
    ``verbs`` maps each capability to its handler, named ``"module:function"``
    and imported only when that verb runs (handlers live in ``songe.cli``,
    a layer above the games: naming them keeps the import arrows downward); ``book`` names the module that
    computes what the family's clarified rulebook shows.
    """

    id: str
    title: str
    spec_file: str
    load_spec: Callable[[Path | str, Mapping[str, str]], Any]
    setups: Callable[[Any], Sequence[Setup]]
    make_game: Callable[[Any, Setup, Mapping[str, Any]], G] | None
    render_event: Callable[[Any, Any, Lang], str] | None
    policies: Callable[[Any], Mapping[str, PolicyMaker[G]]] = lambda spec: {}
    parse_script: Callable[[G, str], Script] | None = None
    verbs: Mapping[Capability, str] = field(default_factory=lambda: dict(DEFAULT_VERBS))
    #: [figures hook] "module:function" giving the book's figures from (spec, lang, words) as
    #: (section, figure) pairs; imported only when a book is written (songe.rulebook.drawings).
    figures: str = ""
    #: the module giving the family's book its computed facts (``facts(spec, results, lang, games)``, and
    #: ``names(spec)`` when its placeholders are not the spec's plain fields); imported only when a book is written
    book: str = ""
    worked: str = ""
    """the family's worked examples, ``"module:function"`` (spec → WorkedExamples), imported when asked"""

    @property
    def capabilities(self) -> frozenset[Capability]:
        """The verbs this family supports."""
        return frozenset(self.verbs)

    def handler(self, capability: Capability) -> Callable[..., Any]:
        """The handler of a verb, or a one-line refusal naming the missing capability."""
        self.require(capability)
        module, _, name = self.verbs[capability].partition(":")
        return getattr(importlib.import_module(module), name)

    def worked_examples(self, spec: Any) -> Sequence[Any]:
        """The worked examples of a spec (:class:`songe.games.worked.WorkedExample`, for a book to place)."""
        if not self.worked:
            return ()
        module, _, name = self.worked.partition(":")
        examples: Sequence[Any] = getattr(importlib.import_module(module), name)(spec)
        return examples

    def require(self, capability: Capability) -> None:
        """Refuse, in one line naming the missing capability, a verb this family does not support."""
        if capability not in self.verbs:
            has = ", ".join(sorted(c.value for c in self.verbs)) or "none"
            raise OptionError(f"{self.id!r} lacks the capability {capability.value!r} "
                              f"(it has: {has})")

    def game(self, spec: Any, setup_id: str | None = None, **options: Any) -> G:
        """The game of a set-up (default: the first), or a refusal if the family has no playable game."""
        if self.make_game is None:
            raise OptionError(f"{self.id!r} has no playable game, only: "
                              f"{', '.join(sorted(c.value for c in self.verbs))}")
        return self.make_game(spec, self.setup(spec, setup_id), options)

    def setup(self, spec: Any, setup_id: str | None) -> Setup:
        """A set-up by id (default: the first), or an error listing them."""
        known = list(self.setups(spec))
        if setup_id is None:
            return known[0]
        for s in known:
            if s.id == setup_id.strip().casefold():
                return s
        raise OptionError(f"unknown set-up {setup_id!r} for {self.id!r}; valid: {', '.join(s.id for s in known)}")

    def policy(self, spec: Any, name: str) -> PolicyMaker[G]:
        """A named policy of this spec, or an error listing them."""
        known = self.policies(spec)
        try:
            return known[name.strip()]
        except KeyError:
            raise OptionError(f"unknown policy {name!r} for {self.id!r}; valid: "
                              f"{', '.join(known) or 'none'}") from None

