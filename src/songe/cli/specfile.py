"""A game named by its spec file: ``songe VERB my_game.toml`` or ``songe VERB --spec my_game.toml``.

A spec file says which family reads it in ``[game] family`` (every shipped
spec does; ``songe new`` writes it). The family is read from there, never
guessed from the file's other tables: a file without the key, or whose key
disagrees with the game named beside it, is refused in one line.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from songe.errors import OptionError, SongeError
from songe.spec.fields import read_toml


def is_spec_path(name: str) -> bool:
    """Whether a GAME argument names a file rather than a game (it ends in .toml, or has a folder in it)."""
    return name.casefold().endswith(".toml") or "/" in name or "\\" in name


def family_id(key: str) -> str:
    """The registry id of a ``[game] family`` value (``jekyll_hyde`` → ``jekyll-hyde``).

    >>> family_id("when_i_dream")
    'when-i-dream'
    """
    return key.strip().casefold().replace("_", "-")


def family_of(path: str) -> str:
    """The game id a spec file belongs to, from its ``[game] family`` key (one-line refusal otherwise)."""
    from songe.games.registry import families  # noqa: PLC0415  (the registry imports every family: only when asked)

    raw = read_toml(Path(path))
    game = raw.get("game")
    key = game.get("family") if isinstance(game, dict) else None
    known = families()
    if not isinstance(key, str) or not key.strip():
        raise OptionError(f"{path}: no [game] family key, so the game it belongs to is unknown; "
                          f"add family = one of {', '.join(k.replace('-', '_') for k in known)}")
    gid = family_id(key)
    if gid not in known:
        raise OptionError(f"{path}: [game] family {key!r} is not a known game family; "
                          f"valid: {', '.join(k.replace('-', '_') for k in known)}")
    return gid


def resolve(game: str | None, spec_file: str | None) -> tuple[str, str | None]:
    """(game id, spec file) from a GAME that may be a spec file and a ``--spec`` that may name one.

    A file given both ways must be the same file; a game named beside a file must be the file's family.
    """
    if game is not None and is_spec_path(game):
        if spec_file is not None and Path(spec_file).resolve() != Path(game).resolve():
            raise OptionError(f"two spec files: GAME {game!r} and --spec {spec_file!r}; give one")
        return family_of(game), game
    if spec_file is None:
        if game is None:
            raise click.UsageError("missing GAME (a game's name, or a spec file such as my_game.toml)")
        return game, None
    own = family_of(spec_file)
    if game is not None:
        from songe.games.registry import find_family  # noqa: PLC0415

        named = find_family(game).id
        if named != own:
            raise OptionError(f"--spec {spec_file!r} is a {own!r} spec ([game] family), not {named!r}")
    return own, spec_file


def accepts_spec_path(f: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap a command taking ``game`` (and ``spec_file``) so GAME may be a spec file, or left out beside --spec.

    On a user's spec file, once the command has done its work, a cheap lint runs and, if it finds anything,
    one line on stderr says so (a refused command prints only its own error line).
    """
    @functools.wraps(f)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        game, spec = resolve(kwargs.get("game"), kwargs.get("spec_file"))
        kwargs["game"] = game
        if spec is not None:
            if "spec_file" not in kwargs:
                raise OptionError(f"this command takes no spec file (got {spec!r}); name the game instead")
            kwargs["spec_file"] = spec
        result = f(*args, **kwargs)
        if spec is not None:  # after the work: a refused command says why in its one line, alone
            hint(game, spec)
        return result

    return wrapper


def hint(game: str, spec: str) -> None:
    """One line on stderr when ``songe lint`` would report something about a user's spec (cheap checks only)."""
    from songe.games.lint import cheap_findings  # noqa: PLC0415  (only on a user's spec)
    from songe.games.registry import find_family  # noqa: PLC0415
    from songe.spec.lint import Severity  # noqa: PLC0415

    try:
        find_family(game).load_spec(spec, {})  # a file that does not load: the verb says why, alone
        found = [f for f in cheap_findings(game, spec) if f.severity is Severity.FAULT]
    except SongeError:  # a bad file: the verb itself reports it, in its own words
        return
    if found:
        print(f"songe: note: {len(found)} suspicious entr{'y' if len(found) == 1 else 'ies'} in {spec} "  # noqa: T201
              f"(first: {found[0].field_path}); see 'songe lint {spec}'", file=sys.stderr)
