"""``songe tune``: the set-ups whose exact optimal win probability is nearest a target."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import click

from songe.cli.common import (
    emit_json,
    game_argument,
    json_option,
    load_game_spec,
    progress,
    spec_options,
)
from songe.cli.dispatch import dispatch
from songe.errors import OptionError
from songe.games.plugin import Capability


@click.command()
@game_argument
@spec_options
@click.option("--target", default="1/2", show_default=True, help="The win probability to approach, as p/q.")
@click.option("--lucidity", "lucidity_range", default="3-8", show_default=True, help="Starting Lucidité to try.")
@click.option("--hand-limit", "hand_range", default="1-3", show_default=True, help="Hand limits to try.")
@click.option("--top", type=click.IntRange(1, 64), default=5, show_default=True, help="How many set-ups to show.")
@click.option("--write", "write_file", type=click.Path(dir_okay=False), default=None,
              help="Also write the result as JSON to this file (the rulebook reads docs/results/reveil_tune.json).")
@json_option
def tune(game, **options):
    """Search GAME's set-ups (Lucidité, hand limit) for the exact optimal win probability nearest --target."""
    dispatch(Capability.TUNE, game, **options)


def tune_reveil(game, spec_file, readings, target, lucidity_range, hand_range, top, write_file, as_json):
    """Réveil: every set-up of the grid solved exactly, nearest the target first."""
    from songe.games.reveil.tune import parse_range, search

    try:
        goal = Fraction(target)
    except (ValueError, ZeroDivisionError):
        raise OptionError(f"--target: {target!r} is not a fraction like 1/2") from None
    spec = load_game_spec(game, spec_file, readings)
    lucidity, hands = parse_range(lucidity_range, "--lucidity"), parse_range(hand_range, "--hand-limit")
    with progress("solving set-ups", total=len(lucidity) * len(hands)) as advance:
        found = search(spec, goal, lucidity, hands, tick=lambda what: advance(1, f"solving {what}"))
    result = {"game": spec.id, "target": f"{goal.numerator}/{goal.denominator}",
              "searched": {"lucidity": lucidity, "hand_limit": hands},
              "setup": {"lucidity": spec.setup.lucidity, "hand_limit": spec.setup.hand_limit},
              "best": [c.as_json() for c in found[:top]]}
    if write_file:
        path = Path(write_file)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(result, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        tmp.replace(path)
    if as_json:
        emit_json(result)
        return
    click.echo(f"target {result['target']} (optimal play); set-ups nearest first:")
    for c in found[:top]:
        click.echo(f"  Lucidité {c.lucidity}, hand {c.hand_limit}: {c.value} ≈ {float(c.value):.4f} "
                   f"(off by {float(c.distance):.4f})")
