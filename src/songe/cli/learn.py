"""``songe strategies GAME --learn``: short strategies learned from the exact solution, evaluated exactly.

Also ``--costs``: where one strategy departs from optimal play, the costliest
positions first, told in French and English.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from songe.cli.common import progress
from songe.cli.output import echo, emit_json
from songe.errors import OptionError, OutputError
from songe.files import atomic_write, check_output
from songe.games.reveil import advice as learned
from songe.games.reveil.setup import Setup
from songe.spec.reveil import ReveilSpec, Strategy


def learn_reveil(spec: ReveilSpec, todo: list[Setup], max_rules: int, out: str | None, write: str | None,
                 max_states: int, as_json: bool) -> None:
    """Learn each set-up's frontier, print it, and write it as ``[[strategies]]`` or as the book's cache."""
    for path, option in ((out, "--out"), (write, "--write")):
        if path:
            check_output(path, option, reads=[spec.file])
    if out and Path(out).exists():
        raise OutputError(f"--out {out!r}: the file exists; choose a new name (it is never overwritten)")
    if not 1 <= max_rules <= 12:
        raise OptionError(f"--rules must be between 1 and 12, got {max_rules}")
    rows = []
    with progress("learning strategies", total=len(todo)) as advance:
        for st in todo:
            rows.append(learned.learn_level(spec, st, max_rules, max_states=max_states))
            advance(1, f"{st.level}: {max_rules} rules")
    levels = [learned.frontier_json(spec, lf) for lf in rows]
    result: dict[str, Any] = {"game": spec.id, "readings": dict(spec.chosen), "levels": levels}
    if write:
        main = next((lv.id for lv in spec.levels
                     if (lv.lucidity, lv.hand_limit) == (spec.setup.lucidity, spec.setup.hand_limit)), todo[0].level)
        result["advice"] = learned.advice_json(spec, rows, main, max_states)
        shown = write if not Path(write).is_absolute() else Path(write).name  # no machine's folders in the file
        result["command"] = f"songe strategies {spec.id} --learn --rules {max_rules} --write {shown}"
        text = emit_text(result)
        atomic_write(Path(write), lambda tmp: tmp.write_text(text, encoding="utf-8"))
    if out:
        fragment = learned.strategies_toml([s for lf in rows for s in lf.strategies[1:]])
        source = Path(spec.file).read_text(encoding="utf-8")
        atomic_write(Path(out), lambda tmp: tmp.write_text(source.rstrip("\n") + "\n" + fragment, encoding="utf-8"))
    if as_json:
        emit_json(result)
        return
    for row in levels:
        opt = Fraction(row["optimal"])
        echo(f"{row['level']}: optimal play wins {row['optimal']} ({float(opt):.2%}); "
                   f"{row['evaluated']} strategies evaluated exactly in {row['seconds']:.1f} s")
        for f in row["frontier"]:
            v = Fraction(f["value"])
            echo(f"  at most {f['max_rules']} rule{'s' * (f['max_rules'] != 1)}: {f['value']} ({float(v):.2%}, "
                       f"{float(opt - v) * 100:.1f} points from optimal)")
            for line in f["en"]:
                echo(f"      {line}")
        k = row["within_3_points"]
        echo("  within 3 points of optimal: " + (f"{k} rules" if k is not None else
                                                       f"no strategy of at most {max_rules} rules"))


def emit_text(result: dict[str, Any]) -> str:
    """The results file's text (stable key order, UTF-8)."""
    import json

    return json.dumps(result, ensure_ascii=False, indent=1) + "\n"


def costs_reveil(spec: ReveilSpec, st: Setup, strategy: Strategy | None, max_rules: int, top: int,
                 max_states: int, as_json: bool) -> None:
    """The positions where a strategy (named, or the learned one of ``max_rules`` rules) departs from optimal play."""
    from songe.games.reveil.words import departure_words, strategy_words
    from songe.solve.chain import Graph
    from songe.solve.learn import departures

    if strategy is None:
        lf = learned.learn_level(spec, st, max_rules, max_states=max_states)
        strategy = lf.strategies[-1]
    game = learned.packed(spec, st, max_states)
    graph = Graph.build(game, max_states)
    from songe.games.reveil.learn import ReveilLanguage

    actions = ReveilLanguage(game.machine, game).decide(graph.decision_states(), strategy)
    found = departures(game, graph, actions, top, max_states)
    value = learned.evaluate(spec, st, strategy, max_states)
    rows = []
    for d in found:
        s = game.state(d.state)
        rows.append({"cost": str(d.cost), "reach": str(d.reach), "difference": str(d.difference),
                     **{lang: departure_words(s, d.played, d.optimal, spec, lang) for lang in ("fr", "en")}})
    if as_json:
        emit_json({"game": spec.id, "level": st.level, "strategy": learned.rules_json(strategy), "value": str(value),
                   "en": strategy_words(strategy, spec, "en"), "fr": strategy_words(strategy, spec, "fr"),
                   "departures": rows})
        return
    echo(f"{st.level}: the strategy wins {value} ({float(value):.2%})")
    for line in strategy_words(strategy, spec, "en"):
        echo(f"    {line}")
    echo("Costliest departures from optimal play (reach × value lost):")
    for r in rows:
        echo(f"  {float(Fraction(r['cost'])) * 100:.2f} points  (reached {float(Fraction(r['reach'])):.2%}, "
                   f"loses {float(Fraction(r['difference'])):.1%} there)")
        echo(f"      {r['en']}")
        echo(f"      {r['fr']}")
