"""What the exact analyses need of a one-player family, handed in by the caller.

``songe.analysis`` imports no game family (a test reads the imports): a
family that supports exact analyses gives its set-ups, its game factory and
its deck through this record, and the analyses see nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from songe.engine.interface import Game


@dataclass(frozen=True)
class ExactKit:
    """A family's hooks for exact analyses.

    ``setups(spec, level)`` lists the set-ups (all when ``level`` is None);
    ``make_game(spec, setup)`` builds one; ``deck(game)`` describes what a
    deck order fixes (for witnesses); ``label(setup)`` names a set-up;
    ``share(setup)`` groups set-ups whose solver memos hold the same values.
    """

    setups: Callable[[Any, str | None], list[Any]]
    make_game: Callable[[Any, Any], Game]
    deck: Callable[[Game], Any]
    label: Callable[[Any], str]
    share: Callable[[Any], Hashable]
