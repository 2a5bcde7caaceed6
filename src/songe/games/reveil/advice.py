"""Learned strategies of Réveil: the frontier per level, as JSON, as ``[[strategies]]`` and as book advice.

:func:`learn_level` runs :func:`songe.solve.learn.learn` on one set-up (the
compiled game, the spec's strategy language); :func:`frontier_json` is what
``songe strategies --learn --json`` prints and ``--write`` caches in
``docs/results/reveil_strategies.json``; :func:`strategies_toml` writes a list
back in the spec's own syntax; :func:`strategy_advice` gives the book's
"Conseils de stratégie" as plain data from that cache.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from songe.errors import OptionError
from songe.games.reveil.fast_game import PackedReveil, packed_game
from songe.games.reveil.learn import ReveilLanguage
from songe.games.reveil.setup import Setup, make_game
from songe.games.reveil.strategies import policy
from songe.games.reveil.words import strategy_words
from songe.solve.expectimax import DEFAULT_MAX_STATES, make_solver
from songe.solve.learn import Frontier, learn
from songe.spec.reveil import ReveilSpec, Strategy

#: The book advises the best strategy of at most this many rules (a player can keep it in mind).
ADVICE_RULES = 3


@dataclass(frozen=True)
class LevelFrontier:
    """One set-up's learned frontier: the best strategy with at most k rules, k = 0, 1, …"""

    setup: Setup
    frontier: Frontier
    strategies: tuple[Strategy, ...]
    language: ReveilLanguage


def packed(spec: ReveilSpec, setup: Setup, max_states: int = DEFAULT_MAX_STATES) -> PackedReveil:
    """The set-up on the compiled path (learning needs it: it walks every state)."""
    made = packed_game(make_game(spec, setup), max_states)
    if made is None:
        raise OptionError("learning strategies needs the compiled path, which cannot hold this spec")
    return made


def learn_level(spec: ReveilSpec, setup: Setup, max_rules: int, beam: int = 3, width: int = 12,
                max_states: int = DEFAULT_MAX_STATES) -> LevelFrontier:
    """Learn the frontier of one set-up."""
    game = packed(spec, setup, max_states)
    language = ReveilLanguage(game.machine, game)
    f = learn(game, language, max_rules, beam, width, max_states)
    strategies = tuple(language.strategy(b.rules, f"learned_{setup.level}_{k}",
                                         " ".join(strategy_words(language.strategy(b.rules), spec, "en")))
                       for k, b in enumerate(f.best))
    return LevelFrontier(setup, f, strategies, language)


def frontier_json(spec: ReveilSpec, lf: LevelFrontier) -> dict[str, Any]:
    """A level's frontier: every strategy's rules (spec syntax), words, exact value, and the search's timings."""
    f = lf.frontier
    within = f.smallest_within(Fraction(3, 100))
    return {"level": lf.setup.level, "lucidity": lf.setup.lucidity, "hand_limit": lf.setup.hand_limit,
            "optimal": str(f.optimal), "evaluated": f.evaluated, "seconds": round(f.seconds, 2),
            "step_seconds": [round(x, 2) for x in f.step_seconds],
            "within_3_points": None if within is None else len(within.rules),
            "frontier": [{"max_rules": k, "rules": len(b.rules), "value": str(b.value), "source": b.source,
                          "strategy": rules_json(s), "fr": strategy_words(s, spec, "fr"),
                          "en": strategy_words(s, spec, "en")}
                         for k, (b, s) in enumerate(zip(f.best, lf.strategies, strict=True))]}


def rules_json(strategy: Strategy) -> list[dict[str, Any]]:
    """A strategy's rules as the spec writes them."""
    out = []
    for r in strategy.rules:
        row: dict[str, Any] = {}
        if r.dream is not None:
            row["dream"] = r.dream
        if r.condition is not None:
            row["if"] = str(r.condition)
        row["play"] = r.play
        if r.excluded:
            row["except"] = list(r.excluded)
        out.append(row)
    return out


def strategies_toml(strategies: list[Strategy]) -> str:
    """``[[strategies]]`` entries in the spec's syntax (strings quoted as TOML basic strings)."""
    lines = []
    for s in strategies:
        lines += ["", "[[strategies]]", f"id = {json.dumps(s.id)}", f"description = {json.dumps(s.description, ensure_ascii=False)}",
                  "rules = ["]
        for row in rules_json(s):
            cells = ", ".join(f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in row.items())
            lines.append(f"  {{ {cells} }},")
        lines.append("]")
    return "\n".join(lines) + "\n"


def evaluate(spec: ReveilSpec, setup: Setup, strategy: Strategy, max_states: int = DEFAULT_MAX_STATES) -> Fraction:
    """A strategy's exact win probability at a set-up (compiled path)."""
    game = make_game(spec, setup)
    return make_solver(game, policy(game, strategy), max_states).solve().value


def advice_json(spec: ReveilSpec, rows: list[LevelFrontier], main: str,
                max_states: int = DEFAULT_MAX_STATES) -> dict[str, Any] | None:
    """The book's advice: the main level's best strategy of at most :data:`ADVICE_RULES` rules, at every level."""
    found = next((lf for lf in rows if lf.setup.level == main), None)
    if found is None or len(found.strategies) <= 1:
        return None
    k = min(ADVICE_RULES, len(found.strategies) - 1)
    strategy = found.strategies[k]
    values = {lf.setup.level: str(evaluate(spec, lf.setup, strategy, max_states)) for lf in rows}
    return {"level": main, "rules": len(strategy.rules), "strategy": rules_json(strategy),
            "fr": strategy_words(strategy, spec, "fr"), "en": strategy_words(strategy, spec, "en"),
            "values": values, "optimal": {lf.setup.level: str(lf.frontier.optimal) for lf in rows}}


#: The cached frontier and advice (``songe strategies reveil --learn --write docs/results/reveil_strategies.json``).
CACHE = ("docs", "results", "reveil_strategies.json")


def load_cache() -> dict[str, Any] | None:
    """The cached results next to the shipped specs, or None."""
    from songe.spec.sources import spec_dir

    path = spec_dir().parent.joinpath(*CACHE)
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


@dataclass(frozen=True)
class Advice:
    """What the player's book says about strategy: the rules in words, and their worth beside the best."""

    sentences: tuple[str, ...]
    rows: tuple[tuple[str, Fraction, Fraction], ...]


def strategy_advice(cached: Mapping[str, Any] | None, optimal: Mapping[str, Fraction], lang: str) -> Advice | None:
    """The "Conseils de stratégie" content from the cached results, or None when the cache does not match.

    ``optimal`` is the book's own optimal value per level: a cache computed for
    other rules (another reading, an edited spec) disagrees with it and is not used.
    """
    if not cached or not cached.get("advice"):
        return None
    a = cached["advice"]
    if any(Fraction(a["optimal"].get(lv, "-1")) != v for lv, v in optimal.items()):
        return None
    rows = tuple((lv, Fraction(a["values"][lv]), Fraction(a["optimal"][lv])) for lv in optimal if lv in a["values"])
    return Advice(tuple(a[lang]), rows)
