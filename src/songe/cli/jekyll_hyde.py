"""``songe simulate`` and ``songe trick`` for Jekyll vs Hyde."""

from __future__ import annotations

import click

from songe.cli.common import load_game_spec, progress
from songe.cli.dispatch import dispatch
from songe.cli.options import TEXT, TEXT_OR_EMPTY, game_argument, json_option, spec_options
from songe.cli.output import console, echo, emit_json
from songe.cli.types import command
from songe.errors import OptionError
from songe.games.jekyll_hyde.agents import AGENTS
from songe.games.jekyll_hyde.simulate import simulate as run_simulation
from songe.games.jekyll_hyde.trick import check_card, check_ranking, is_potion, resolve
from songe.games.plugin import Capability


def simulate_jekyll_hyde(game, games, seed, jekyll, hyde, jobs, spec_file, readings, as_json):
    """Play many games of Jekyll vs Hyde between two agents."""
    jekyll, hyde, jobs = jekyll or "greedy", hyde or "greedy", jobs or 1
    spec = load_game_spec(game, spec_file, readings)
    for name in (jekyll, hyde):
        if name not in AGENTS:
            raise OptionError(f"unknown agent {name!r}; valid: {', '.join(AGENTS)}")
    with progress(f"{games} games, {jekyll} (Jekyll) vs {hyde} (Hyde)", total=games) as advance:
        s = run_simulation(spec, games, jekyll, hyde, seed, jobs, tick=advance)
    out = {"game": spec.id, "games": games, "seed": seed, "jekyll": jekyll, "hyde": hyde,
           "readings": dict(spec.chosen), "hyde_wins": s.hyde_wins, "hyde_win_rate": s.hyde_rate,
           "hyde_win_rate_95": list(s.interval), "final_marker": {str(k): v for k, v in s.markers.items()},
           "mean_trick_difference": s.mean_trick_difference, "rounds": s.rounds, "potion_effects": s.effects}
    if as_json:
        emit_json(out)
        return
    term = console()
    term.print(f"{spec.name}: {games} games, {jekyll} (Jekyll) vs {hyde} (Hyde), seed {seed}")
    term.print(f"Hyde wins {s.hyde_wins} ({s.hyde_rate:.3f}; 95% interval {s.interval[0]:.3f}–{s.interval[1]:.3f})")
    term.print("final marker: " + ", ".join(f"{k}: {v}" for k, v in s.markers.items()))
    term.print(f"mean trick difference per round: {s.mean_trick_difference:.3f} over {s.rounds} rounds")
    term.print("potion effects: " + (", ".join(f"{k} {v}" for k, v in s.effects.items()) or "none"))


@command()
@game_argument
@click.option("--lead", type=TEXT, required=True, help="The card led (O1..O7, C1..C7, E1..E7, P2..P5).")
@click.option("--follow", type=TEXT, required=True, help="The card that follows.")
@click.option("--ranking", type=TEXT_OR_EMPTY, default="", help="Suits already ranked, weakest first: '', 'O', 'O,C'.")
@click.option("--named", type=TEXT, default=None, help="The colour named with a potion lead.")
@spec_options
@json_option
def trick(game, **options):
    """Resolve one trick of GAME from a given colour order."""
    dispatch(Capability.TRICK, game, **options)


def trick_jekyll_hyde(game, lead, follow, ranking, named, spec_file, readings, as_json):
    """Resolve one trick of GAME from a given colour order."""
    spec = load_game_spec(game, spec_file, readings)
    lead_card, follow_card = check_card(spec, lead, "--lead"), check_card(spec, follow, "--follow")
    order = check_ranking(spec, tuple(s.strip().upper() for s in ranking.split(",") if s.strip()))
    if named is not None:
        named = named.strip().upper()
        if not is_potion(lead_card):
            raise OptionError(f"--named is only for a potion lead; {lead_card} is not a potion")
        spec.suit(named)
    elif is_potion(lead_card):
        raise OptionError(f"a potion lead ({lead_card}) needs --named, the colour it asks for")
    if lead_card == follow_card:
        raise OptionError(f"--lead and --follow are the same card {lead_card}")
    r = resolve(spec, lead_card, follow_card, order, named)
    out = {"winner": r.winner, "effect": r.effect.value if r.effect else None, "ranking_after": list(r.ranking_after),
           "reason": r.reason}
    if as_json:
        emit_json(out)
    else:
        echo(f"{r.winner} wins ({lead_card if r.winner == 'lead' else follow_card}): {r.reason}")
        echo(f"effect: {out['effect'] or 'none'}; colour order after (weakest first): "
                   f"{', '.join(r.ranking_after) or 'none yet'}")
