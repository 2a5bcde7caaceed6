"""The one set of option decorators every verb uses, each with its one type and bounds.

A quantity (a Lucidité, a hand limit, a player count, a seed, a budget) is one
option here with one :mod:`songe.cli.types` type, so every verb that takes it
takes the same values and refuses the same ones in the same words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from songe.cli.types import MAX_STATES, Bounded, InFile, OutFile, Words

#: The quantities: one type each (the game checks its own tighter rules when it builds the set-up). The bounds
#: are the spec loaders' (MAX_LUCIDITY, MAX_HAND, MAX_PLAYERS), repeated so that loading the options loads no
#: spec code; tests/test_cli_rules.py keeps them equal.
LUCIDITY = Bounded(1, 100)
HAND_LIMIT = Bounded(0, 10)
PLAYERS = Bounded(2, 20)
GAMES = Bounded(1, 1_000_000)
JOBS = Bounded(1, 64)
SEED = Bounded(0, 2**63 - 1)
TEXT = Words()
#: Text where an empty value means something (an empty hand, no colour ranked yet).
TEXT_OR_EMPTY = Words(empty=True)

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def _chain(*decorators: Decorator) -> Decorator:
    def apply(f: Callable[..., Any]) -> Callable[..., Any]:
        for d in reversed(decorators):
            f = d(f)
        return f
    return apply


def game_argument(f: Callable[..., Any]) -> Callable[..., Any]:
    """The GAME argument: a game's name or a spec file (left out, the family of ``--spec``)."""
    from songe.cli.specfile import accepts_spec_path

    return click.argument("game", metavar="GAME", type=TEXT, required=False)(accepts_spec_path(f))


def spec_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """--spec and --reading, which every command of a game accepts."""
    return _chain(
        click.option("--spec", "spec_file", type=InFile(), default=None,
                     help="Use a modified copy of the game's spec file."),
        reading_option("Choose a reading of an unclear rule (repeatable); others keep their default."),
    )(f)


def reading_option(help: str) -> Decorator:
    """--reading ID=OPTION (repeatable)."""
    return click.option("--reading", "readings", multiple=True, metavar="ID=OPTION", type=TEXT, help=help)


def json_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """--json: one JSON object on stdout instead of tables."""
    return click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")(f)


def budget_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """--max-states: the bound on an exhaustive search (default: from the memory available)."""
    from songe.solve.expectimax import DEFAULT_MAX_STATES

    return click.option("--max-states", type=MAX_STATES, default=None, callback=_budget,
                        help=f"Stop with an error past this many distinct states [default: what half the "
                             f"available memory holds, at most {DEFAULT_MAX_STATES:,}; SONGE_MAX_STATES sets it].")(f)


def _budget(ctx: click.Context, param: click.Parameter, value: int | None) -> int:
    from songe.cli.common import default_max_states
    from songe.errors import DEFAULT_BUDGET_NOTE

    if value is not None:
        DEFAULT_BUDGET_NOTE.clear()  # the user's budget: nothing to explain
        return value
    return default_max_states()


def level_option(help: str = "A set-up by id (a level; default: the first).") -> Decorator:
    """--level: a set-up by its id."""
    return click.option("--level", type=TEXT, default=None, help=help)


def lucidity_option(help: str = "Override the level's starting Lucidité.", required: bool = False) -> Decorator:
    """--lucidity: a starting (or current) Lucidité."""
    return click.option("--lucidity", type=LUCIDITY, default=None, required=required, help=help)


hand_limit_option = click.option("--hand-limit", type=HAND_LIMIT, default=None, help="Override the level's hand limit.")


def level_options(level_help: str = "One level (default: every level of the spec).") -> Decorator:
    """--level, --lucidity, --hand-limit: one set-up of a game with levels."""
    return _chain(level_option(level_help), lucidity_option(), hand_limit_option)


def setup_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """--level, --lucidity, --hand-limit, --cards, --players: what builds the game of any family."""
    return _chain(
        level_options("A set-up by id (a level; default: the first)."),
        cards_option("A card-list file (Dread Draw: fills the text's holes)."),
        players_option("Number of players (games with a card list; else the list's)."),
    )(f)


def cards_option(help: str = "The card-list file.") -> Decorator:
    """--cards FILE: a card list."""
    return click.option("--cards", "cards_file", type=InFile(), default=None, help=help)


def players_option(help: str) -> Decorator:
    """--players: a player count."""
    return click.option("--players", type=PLAYERS, default=None, help=help)


def seed_option(default: int | None = 0, help: str = "Seed: the same seed, the same games.") -> Decorator:
    """--seed."""
    return click.option("--seed", type=SEED, default=default, show_default=default is not None, help=help)


def jobs_option(default: int | None = None, help: str = "Worker processes (same results for any).") -> Decorator:
    """--jobs: worker processes."""
    return click.option("--jobs", type=JOBS, default=default, show_default=default is not None, help=help)


def agents_option(help: str = "Policies by seat, comma-separated (one name: every seat).") -> Decorator:
    """--agents."""
    return click.option("--agents", type=TEXT, default=None, help=help)


def plot_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """--plot FILE.png: a chart, written only if its path passes the output rule."""
    return click.option("--plot", type=OutFile(".png"), default=None, help="Write a PNG chart (needs matplotlib).")(f)


def out_option(help: str, required: bool = False) -> Decorator:
    """--out FILE: a file written atomically, checked before the work."""
    return click.option("--out", type=OutFile(), default=None, required=required, help=help)
