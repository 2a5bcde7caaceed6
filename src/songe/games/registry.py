"""The game families songe knows, found by name (like python-chess's ``find_variant``).

Each family is a plugin: a module exporting one :class:`~songe.games.plugin.Family`
named ``FAMILY``. The shipped ones are listed here; an installed package adds
its own under the ``songe.games`` entry-point group, and is found the same way.
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType
from typing import Any

from songe.errors import OptionError
from songe.games.plugin import Capability, Family

#: The shipped families: game id → the module holding its ``FAMILY``.
BUILTIN = {
    "reveil": "songe.games.reveil.plugin",
    "jekyll-hyde": "songe.games.jekyll_hyde.plugin",
    "when-i-dream": "songe.games.when_i_dream.plugin",
    "dread-draw": "songe.games.dread_draw.plugin",
}


@cache
def _builtin(gid: str) -> Family[Any]:
    """A shipped family, its module imported on first use (a command imports only its game's family)."""
    family: Family[Any] = importlib.import_module(BUILTIN[gid]).FAMILY
    return family


@cache
def families() -> dict[str, Family[Any]]:
    """Every known family by game id: the shipped ones, then those of installed plugins."""
    from importlib.metadata import entry_points  # noqa: PLC0415  (7 ms: only when plugins are listed)

    out: dict[str, Family[Any]] = {gid: _builtin(gid) for gid in BUILTIN}
    for ep in entry_points(group="songe.games"):
        if ep.name not in out:
            family = ep.load()
            if not isinstance(family, Family):
                raise OptionError(f"plugin {ep.value!r} does not export a songe Family")
            out[ep.name] = family
    return out


def find_family(name: str) -> Family[Any]:
    """A family by game id (case-insensitive); the error lists the known ones.

    >>> find_family("Reveil").spec_file
    'reveil.toml'
    """
    key = name.strip().casefold()
    if key in BUILTIN:
        return _builtin(key)
    known = families()
    family = known.get(key)
    if family is None:
        raise OptionError(f"unknown game {name!r}; valid: {', '.join(known)}")
    return family


def with_capability(capability: Capability) -> list[Family[Any]]:
    """The families that support a verb (for help texts and the docs' capability table)."""
    return [f for f in families().values() if capability in f.capabilities]


def family_book(game: str) -> ModuleType | None:
    """The module that computes what ``game``'s book shows (its plugin's ``book``), or None."""
    module = find_family(game).book
    return importlib.import_module(module) if module else None
