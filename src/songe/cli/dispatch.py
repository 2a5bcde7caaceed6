"""Verb → family handler, by capability: the CLI never branches on a family's name.

A verb's click command collects its options and calls :func:`dispatch`. The
game's family names the handler of that capability; the handler takes the
options it understands as keyword arguments. An option the user set that the
handler would ignore is refused in one line naming it, so nothing is silently
dropped.
"""

from __future__ import annotations

import inspect
from typing import Any

import click

from songe.errors import OptionError
from songe.games.plugin import Capability
from songe.games.registry import find_family

#: Option values that mean "not given" when no click context says where a value came from.
_UNSET = (None, False, ())


def _given(name: str, value: Any) -> bool:
    """Whether the user set this option (on the command line or the environment), not its default."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        source = ctx.get_parameter_source(name)
        if source is not None:
            return source not in (click.core.ParameterSource.DEFAULT, click.core.ParameterSource.DEFAULT_MAP)
    return value not in _UNSET


def _flag(name: str) -> str:
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        for p in ctx.command.params:
            if p.name == name and p.opts:
                return max(p.opts, key=len)
    return "--" + name.replace("_", "-")


def dispatch(capability: Capability, game: str, **options: Any) -> Any:
    """Run the family's handler of ``capability`` for ``game`` with the options it takes.

    The handler receives ``game`` and every option it names; an option it does
    not name must be unset, or the call is refused naming the option.
    """
    family = find_family(game)
    handler = family.handler(capability)
    params = inspect.signature(handler).parameters
    ignored = [k for k, v in options.items() if k not in params and _given(k, v)]
    if ignored:
        verb = capability.value
        raise OptionError(f"songe {verb} {family.id}: {', '.join(_flag(k) for k in ignored)} "
                          f"does not apply to this game")
    kwargs = {k: v for k, v in options.items() if k in params}
    if "game" in params:
        kwargs["game"] = family.id
    if "family" in params:
        kwargs["family"] = family
    return handler(**kwargs)
