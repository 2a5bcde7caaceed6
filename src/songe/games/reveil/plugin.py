"""Réveil as a plugin: the one object the registry and the CLI see."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from songe.engine.explore import Policy
from songe.errors import OptionError
from songe.games.plugin import Capability, Family, Lang, PolicyMaker, Setup, verb_table
from songe.games.reveil import setup as levels
from songe.games.reveil.machine import ReveilGame
from songe.games.reveil.strategies import policy as strategy_policy
from songe.games.reveil.wording import line
from songe.solve.expectimax import Solver, make_solver
from songe.spec.reveil import ReveilSpec, load


def _setups(spec: ReveilSpec) -> list[Setup]:
    return [Setup(lv.id, {"lucidity": lv.lucidity, "hand_limit": lv.hand_limit}) for lv in spec.levels]


def _make_game(spec: ReveilSpec, setup: Setup, options: Mapping[str, Any]) -> ReveilGame:
    extra = sorted(set(options) - {"lucidity", "hand_limit"})
    if extra:  # a card list or a player count means nothing to Réveil: refused, never ignored
        flags = ', '.join('--' + x.replace('_', '-') for x in extra)
        raise OptionError(f"Réveil takes no {flags} (its set-up is a level, Lucidité and hand limit)")
    st = levels.setups(spec, setup.id, options.get("lucidity"), options.get("hand_limit"))[0]
    return levels.make_game(spec, st)


@lru_cache(maxsize=8)
def _solver(game: ReveilGame) -> Solver:
    """One solver per set-up, shared by every simulated game of it (its memo is the costly part)."""
    return make_solver(game)


def _optimal(game: ReveilGame, rng: random.Random) -> Policy:
    solver = _solver(game)
    return lambda obs, legal: solver.best(obs)


def _never(game: ReveilGame, rng: random.Random) -> Policy:
    return lambda obs, legal: legal[0]


def _policies(spec: ReveilSpec) -> dict[str, PolicyMaker]:
    out: dict[str, PolicyMaker[ReveilGame]] = {"optimal": _optimal, "never": _never}
    for s in spec.strategies:
        out[s.id] = (lambda strategy: lambda game, rng: strategy_policy(game, strategy))(s)
    return out


def _render(event: Any, spec: ReveilSpec, lang: Lang) -> str:
    return line(event, spec, lang)


_CLI = "songe.cli"

FAMILY: Family[ReveilGame] = Family(
    id="reveil",
    title="Réveil (solo)",
    spec_file="reveil.toml",
    load_spec=lambda path, readings: load(path, readings),
    setups=_setups,
    make_game=_make_game,
    render_event=_render,
    policies=_policies,
    figures="songe.games.reveil.figures:figures",  # [figures hook]
    book="songe.games.reveil.book",
    worked="songe.games.reveil.worked:worked_examples",
    verbs=verb_table({
        Capability.SOLVE: f"{_CLI}.solve:solve_reveil",
        Capability.GRAPH: f"{_CLI}.generic:graph_explicit",
        Capability.TRACE: f"{_CLI}.trace:trace_reveil",
        Capability.ORDERS: f"{_CLI}.orders:orders_reveil",
        Capability.AMBIGUITIES: f"{_CLI}.analysis:ambiguities_reveil",
        Capability.DISCOVER: f"{_CLI}.analysis:ambiguities_reveil",
        Capability.CLAIMS: f"{_CLI}.analysis:claims_reveil",
        Capability.STRATEGIES: f"{_CLI}.strategies:strategies_reveil",
        Capability.PLAY: f"{_CLI}.play:play_reveil",
        Capability.LINT: f"{_CLI}.lint:lint_reveil",
        Capability.ADVISE: f"{_CLI}.play:advise_reveil",
        Capability.SIMULATE: f"{_CLI}.generic:simulate_generic",
        Capability.RULEBOOK: f"{_CLI}.rulebook:rulebook_reveil",
        Capability.TUNE: f"{_CLI}.tune:tune_reveil",
    }),
)
