"""``songe check`` and ``songe export``: a game's PCTL properties through Storm, and its model for Storm."""

from __future__ import annotations

from pathlib import Path

import click

from songe.cli.common import frac, load_game_spec, non_default, progress
from songe.cli.options import (
    TEXT,
    budget_option,
    game_argument,
    json_option,
    level_option,
    out_option,
    spec_options,
)
from songe.cli.output import echo, emit_json
from songe.cli.types import BIG, Bounded, Pick, command
from songe.errors import OptionError
from songe.games.registry import find_family
from songe.games.reveil.setup import make_game, setups


def _game(game: str, spec_file: str | None, readings: tuple[str, ...], level: str | None):
    """Réveil's game of one level; a family without levels is refused in one line."""
    family = find_family(game)
    spec = load_game_spec(game, spec_file, readings)
    if not hasattr(spec, "levels"):
        raise OptionError(f"songe {click.get_current_context().info_name} {family.id}: this game has no exact "
                          f"model for Storm (only a game with levels, such as reveil, has one)")
    st = setups(spec, level or spec.levels[0].id)[0]
    return spec, st, make_game(spec, st)


@command()
@game_argument
@click.option("--property", "prop", type=TEXT, required=True, metavar="PCTL",
              help='A PCTL property, e.g. \'Pmax=? [F "win"]\' (labels and reward models: see songe export).')
@level_option("The level (default: the spec's first).")
@click.option("--scheduler", is_flag=True, help="Print Storm's optimal scheduler as songe's decisions.")
@click.option("--limit", type=Bounded(0, BIG), default=20, show_default=True,
              help="Scheduler decisions to print in tables, most likely first (--json prints all).")
@spec_options
@budget_option
@json_option
def check(game, prop, level, scheduler, limit, spec_file, readings, max_states, as_json):
    """Check a PCTL property of GAME with Storm's exact engine; the value as a fraction."""
    from songe.interop.storm import check_game, parse_property

    parse_property(prop)  # fail early, before the walk: stormpy missing, or a property it cannot parse
    spec, st, g = _game(game, spec_file, readings, level)
    with progress(f"exporting {spec.name}, level {st.level}, and checking with Storm"):
        res = check_game(g, prop, scheduler=scheduler, max_states=max_states)
    out = {"game": spec.id, "level": st.level, "readings": dict(spec.chosen), "property": prop,
           "value": frac(res.value), "value_decimal": float(res.value), "states": res.states,
           "transitions": res.transitions, "export_seconds": round(res.export_seconds, 3),
           "storm_build_seconds": round(res.storm_build_seconds, 3), "check_seconds": round(res.check_seconds, 3)}
    decisions = sorted(res.scheduler or (), key=lambda d: (-d.reach, d.state))
    if scheduler:
        out["scheduler"] = [{"state": d.state, "features": d.features, "options": list(d.options),
                             "chosen": d.chosen, "reach": frac(d.reach)} for d in decisions]
    if as_json:
        emit_json(out)
        return
    changed = non_default(spec)
    echo(f"{spec.name}, level {st.level}" + (f" ({', '.join(f'{k}={v}' for k, v in changed.items())})"
                                                   if changed else ""))
    echo(f"{prop} = {out['value']} ≈ {float(res.value):.6f}")
    echo(f"{res.states:,} states, {res.transitions:,} transitions; songe export {res.export_seconds:.1f} s, "
               f"Storm build {res.storm_build_seconds:.1f} s, check {res.check_seconds:.1f} s")
    if scheduler:
        echo(f"scheduler: {len(decisions):,} decisions with a choice reachable under it; "
                   f"the {min(limit, len(decisions))} most likely:")
        for d in decisions[:limit]:
            where = ", ".join(f"{k} {v}" if not isinstance(v, bool) else k for k, v in d.features.items()
                              if v is not False)
            echo(f"  p={frac(d.reach)}  {where}: {d.chosen}  (of {', '.join(d.options)})")


@command()
@game_argument
@click.option("--format", "fmt", type=Pick(["drn", "prism"]), default="drn", show_default=True,
              help="drn: Storm's explicit format (every state). prism: the PRISM language.")
@level_option("The level (default: the spec's first).")
@out_option("File to write (default: stdout).")
@spec_options
@budget_option
@json_option
def export(game, fmt, level, out, spec_file, readings, max_states, as_json):
    """Write GAME's model for Storm (every label and reward model); --json prints what was written."""
    from songe.interop.drn import drn
    from songe.interop.explicit import build
    from songe.interop.storm import drn_lines, write_atomically
    from songe.solve.flat import exported

    if fmt == "prism":
        raise OptionError("--format prism: no PRISM-language encoding of this game exists yet; use --format drn")
    spec, st, g = _game(game, spec_file, readings, level)  # --out was checked with the option (never an input)
    with progress(f"exporting {spec.name}, level {st.level}") as advance:
        flat = exported(g, max_states, progress=lambda n: advance(10_000))  # arrays, streamed out
        if flat is not None:
            facts, lines = drn(flat)
            states, choices, labels, rewards = facts.states, facts.choices, list(facts.labels), list(facts.reward_names)
        else:
            model = build(g, max_states, progress=lambda n: advance(10_000))
            lines = drn_lines(model)
            states, choices, labels, rewards = (len(model.states), model.num_choices, model.label_names(),
                                                list(model.reward_names))
        if out is None:
            for line in lines:
                click.echo(line, nl=False)  # the model's own text, songe's identifiers
        else:
            write_atomically(Path(out), lines)
    info = {"game": spec.id, "level": st.level, "readings": dict(spec.chosen), "format": fmt, "out": out,
            "states": states, "choices": choices, "labels": labels, "reward_models": rewards}
    if as_json and out is not None:
        emit_json(info)
    elif out is not None:
        echo(f"{out}: {info['states']:,} states, {info['choices']:,} choices; labels: "
                   f"{', '.join(info['labels'])}; reward models: {', '.join(info['reward_models'])}")
