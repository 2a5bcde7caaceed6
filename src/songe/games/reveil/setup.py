"""From user choices (spec file, level, overrides, readings) to a ready game."""

from __future__ import annotations

from dataclasses import dataclass

from songe.errors import OptionError
from songe.games.reveil.machine import ReveilGame
from songe.spec import glossary
from songe.spec.reveil import MAX_HAND, MAX_LUCIDITY, ClaimKind, ReveilSpec


@dataclass(frozen=True)
class Setup:
    """A level's set-up as actually played (after overrides)."""

    level: str
    lucidity: int
    hand_limit: int


def setups(spec: ReveilSpec, level: str | None, lucidity: int | None = None,
           hand_limit: int | None = None) -> list[Setup]:
    """The named level (or all levels), with --lucidity / --hand-limit applied."""
    levels = [spec.level(level)] if level else list(spec.levels)
    if lucidity is not None and not 1 <= lucidity <= MAX_LUCIDITY:
        raise OptionError(f"--lucidity must be between 1 and {MAX_LUCIDITY}, got {lucidity}")
    if hand_limit is not None and not 0 <= hand_limit <= MAX_HAND:
        raise OptionError(f"--hand-limit must be between 0 and {MAX_HAND}, got {hand_limit}")
    return [Setup(lv.id, lucidity if lucidity is not None else lv.lucidity,
                  hand_limit if hand_limit is not None else lv.hand_limit) for lv in levels]


#: A set-up named in a sentence: its level, and what --lucidity / --hand-limit changed of it.
_SAID = {"level": {"en": "{t.level} {level}", "fr": "{t.level} {level}"},
         "lucidity": {"en": "{t.lucidity} {n} instead of the {t.level}'s {was}", "fr": "{t.lucidity} {n} au lieu de {was}"},
         "hand_limit": {"en": "{t.hand} limit {n} instead of the {t.level}'s {was}",
                        "fr": "{t.hand} {agree.hand:limité|limitée} à {n} au lieu de {was}"},
         "with": {"en": "{level} with {changes}", "fr": "{level} avec {changes}"}}


def said(spec: ReveilSpec, setup: Setup, lang: str) -> str:
    """The set-up in words, the level named and any override beside it, so a figure measured with a hand of 1
    is never said to be the level's own.

    >>> from songe.spec.reveil import load
    >>> spec = load()
    >>> said(spec, setups(spec, "cauchemar", hand_limit=1)[0], "en")
    "level cauchemar with hand limit 1 instead of the level's 2"
    >>> said(spec, setups(spec, "normal")[0], "fr")
    'niveau normal'
    """
    level = spec.level(setup.level)
    changes = [glossary.say(spec, _SAID, key, lang, n=now, was=was)
               for key, now, was in (("lucidity", setup.lucidity, level.lucidity),
                                     ("hand_limit", setup.hand_limit, level.hand_limit)) if now != was]
    name = glossary.say(spec, _SAID, "level", lang, level=setup.level)
    return glossary.say(spec, _SAID, "with", lang, level=name, changes=", ".join(changes)) if changes else name


def by_difficulty(spec: ReveilSpec, todo: list[Setup]) -> list[Setup]:
    """The set-ups from easiest to hardest where the spec's text orders its levels (a ladder claim),
    the others after them as listed; as given when it does not (tables list levels so)."""
    ladder = next((c.order for c in spec.claims if c.kind is ClaimKind.LADDER), ())
    rank = {level: i for i, level in enumerate(ladder)}
    return sorted(todo, key=lambda st: rank.get(st.level, len(rank)))


def make_game(spec: ReveilSpec, setup: Setup) -> ReveilGame:
    """The game for one set-up."""
    return ReveilGame(spec, setup.lucidity, setup.hand_limit)
