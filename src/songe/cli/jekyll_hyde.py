"""``songe simulate`` and ``songe trick`` for Jekyll vs Hyde."""

from __future__ import annotations

import click
from rich.console import Console

from songe.cli.common import (emit_json, game_argument, json_option, load_game_spec, progress, refuse_given,
                              spec_options)
from songe.cli.dread_draw import simulate_dread_draw
from songe.errors import OptionError
from songe.games.registry import find_game
from songe.games.jekyll_hyde.agents import AGENTS
from songe.games.jekyll_hyde.simulate import MAX_GAMES, simulate as run_simulation
from songe.games.jekyll_hyde.trick import check_card, check_ranking, is_potion, resolve

FAMILY = ("jekyll_hyde",)


@click.command()
@game_argument
@click.option("--games", type=click.IntRange(1, MAX_GAMES), required=True, help="Number of games.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed: the same seed, the same games.")
@click.option("--jekyll", default="greedy", show_default=True, help=f"Jekyll's agent: {', '.join(AGENTS)}.")
@click.option("--hyde", default="greedy", show_default=True, help=f"Hyde's agent: {', '.join(AGENTS)}.")
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True, help="Worker processes.")
@click.option("--cards", "cards_file", type=click.Path(dir_okay=False), default=None,
              help="Dread Draw: the card-list file (fills the text's holes).")
@click.option("--players", type=int, default=None, help="Dread Draw: number of players (else the card list's).")
@click.option("--agents", default=None, help="Dread Draw: agents by seat, comma-separated (random, cautious).")
@spec_options
@json_option
def simulate(game, games, seed, jekyll, hyde, jobs, cards_file, players, agents, spec_file, readings, as_json):
    """Play many games of GAME: Jekyll vs Hyde between two agents, or Dread Draw on a card list."""
    spec = load_game_spec(game, spec_file, readings, FAMILY + ("dread_draw",))
    if find_game(game).family == "dread_draw":
        refuse_given({"jekyll": "--jekyll", "hyde": "--hyde", "jobs": "--jobs"}, "by Dread Draw's simulation")
        return simulate_dread_draw(spec, games, seed, cards_file, players, agents, as_json)
    refuse_given({"cards_file": "--cards", "players": "--players", "agents": "--agents"},
                 "by Jekyll vs Hyde (they are Dread Draw's)")
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
    console = Console()
    console.print(f"{spec.name}: {games} games, {jekyll} (Jekyll) vs {hyde} (Hyde), seed {seed}")
    console.print(f"Hyde wins {s.hyde_wins} ({s.hyde_rate:.3f}; 95% interval {s.interval[0]:.3f}–{s.interval[1]:.3f})")
    console.print("final marker: " + ", ".join(f"{k}: {v}" for k, v in s.markers.items()))
    console.print(f"mean trick difference per round: {s.mean_trick_difference:.3f} over {s.rounds} rounds")
    console.print("potion effects: " + (", ".join(f"{k} {v}" for k, v in s.effects.items()) or "none"))


@click.command()
@game_argument
@click.option("--lead", required=True, help="The card led (O1..O7, C1..C7, E1..E7, P2..P5).")
@click.option("--follow", required=True, help="The card that follows.")
@click.option("--ranking", default="", help="Suits already ranked, weakest first: '', 'O', 'O,C'.")
@click.option("--named", default=None, help="The colour named with a potion lead.")
@spec_options
@json_option
def trick(game, lead, follow, ranking, named, spec_file, readings, as_json):
    """Resolve one trick of GAME from a given colour order."""
    spec = load_game_spec(game, spec_file, readings, FAMILY)
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
        click.echo(f"{r.winner} wins ({lead_card if r.winner == 'lead' else follow_card}): {r.reason}")
        click.echo(f"effect: {out['effect'] or 'none'}; colour order after (weakest first): "
                   f"{', '.join(r.ranking_after) or 'none yet'}")
