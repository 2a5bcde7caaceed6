"""Dread Draw on the command line: simulation on a card list, the gap finder, the catalogue of holes."""

from __future__ import annotations

from typing import Any

import click
from rich.console import Console
from rich.markup import escape

from songe.cli.common import emit_json, game_argument, json_option, load_game_spec, progress, spec_options
from songe.errors import OptionError
from songe.games.dread_draw.agents import AGENTS
from songe.games.dread_draw.gaps import find_gaps
from songe.games.dread_draw.simulate import simulate
from songe.spec.dread_draw import DreadDrawSpec, load_cards


def _cards(spec: DreadDrawSpec, cards_file: str | None, players: int | None):
    if cards_file is None:
        holes = ", ".join(h.id for h in spec.holes)
        raise OptionError(f"Dread Draw needs --cards FILE: the text leaves these holes open: {holes} "
                          f"(an example: docs/examples/dread_draw_cards.toml)")
    return load_cards(cards_file, spec, players)


def simulate_dread_draw(spec: DreadDrawSpec, games: int, seed: int, cards_file: str | None, players: int | None,
                        agents: str | None, as_json: bool) -> None:
    """``songe simulate dread-draw``."""
    cards = _cards(spec, cards_file, players)
    n = cards.players or 2
    names = [a.strip() for a in agents.split(",")] if agents else ["random"] * n
    if len(names) == 1:
        names *= n
    if len(names) != n or any(a not in AGENTS for a in names):
        raise OptionError(f"--agents needs {n} names among {', '.join(AGENTS)} (or one for every seat), got {agents!r}")
    with progress(f"{games} games of {spec.name}, {n} players", total=games) as advance:
        s = simulate(spec, cards, games, names, seed, tick=advance)
    out = {"game": spec.id, "cards": cards.file, "synthetic": cards.synthetic, "players": n, "agents": names,
           "games": games, "seed": seed, "readings": dict(spec.chosen),
           "win_rate": {str(p): s.wins[p] / games for p in s.wins},
           "win_rate_95": {str(p): list(v) for p, v in s.intervals.items()}, "stuck": s.stuck,
           "mean_rounds": s.mean_rounds, "mean_summons": s.mean_summons, "gaps_met": s.gaps}
    if as_json:
        emit_json(out)
        return
    console = Console()
    console.print(f"{spec.name} on {cards.title}: {games} games, seats {', '.join(names)}, seed {seed}")
    for p in s.wins:
        lo, hi = s.intervals[p]
        console.print(f"  seat {p} ({names[p]}): wins {s.wins[p] / games:.3f} [{lo:.3f}, {hi:.3f}]")
    console.print(f"  games the rules could not finish: {s.stuck}; mean rounds {s.mean_rounds:.2f}, "
                  f"mean summons {s.mean_summons:.1f}")
    console.print("  gaps met (games): " + ", ".join(f"{k} {v}" for k, v in s.gaps.items()))


@click.command()
@game_argument
@click.option("--cards", "cards_file", type=click.Path(dir_okay=False), default=None, help="The card-list file.")
@click.option("--players", type=int, default=None, help="Number of players (else the card list's).")
@spec_options
@json_option
def gaps(game, cards_file, players, spec_file, readings, as_json):
    """Find where GAME's encoded rules give no move or two rules give different moves."""
    spec = load_game_spec(game, spec_file, readings, ("dread_draw",))
    cards = _cards(spec, cards_file, players)
    with progress("exploring") as advance:
        found, how = find_gaps(spec, cards, tick=lambda: advance(1))
    quotes = dict(spec.quotes())
    out = {"game": spec.id, "cards": cards.file, "readings": dict(spec.chosen), "method": how,
           "holes": [{"id": h.id, "description": h.description, "quote": h.quote} for h in spec.holes],
           "gaps": [{"id": f.id, "detail": f.detail, "source": f.source,
                     "quotes": [q for w, q in spec.quotes() if w == f.source.replace("reading ", "reading '")
                                .replace("rule ", "rule '") + "'"] or [quotes.get(f.source, "")],
                     "trace": list(f.trace), "found_by": f.how} for f in found]}
    if as_json:
        emit_json(out)
        return
    console = Console()
    console.print(f"{spec.name}: {how}")
    console.print("[bold]holes[/] (the text does not define them):")
    for h in spec.holes:
        console.print(f"  {h.id}: {escape(h.description)}")
    console.print("[bold]gaps[/] (met while playing the defined rules):")
    for g in out["gaps"]:
        console.print(f"  [bold]{g['id']}[/] ({g['source']}): {escape(g['detail'])}")
        for line in g["trace"][-6:]:
            console.print(f"      {escape(line)}")


def ambiguities_dread_draw(spec: DreadDrawSpec, as_json: bool) -> None:
    """The holes and the readings proposed for the gaps."""
    out: dict[str, Any] = {"game": spec.id, "holes": [{"id": h.id, "description": h.description, "quote": h.quote}
                                      for h in spec.holes],
           "ambiguities": [{"id": r.id, "quotes": list(r.quotes), "question": r.question, "adopted": r.default,
                            "readings": [{"option": o, "default": o == r.default} for o in r.option_ids],
                            "note": r.note, "witness": None,
                            "witness_note": "run `songe gaps dread-draw --cards FILE` for a reproducing trace"}
                           for r in spec.readings]}
    if as_json:
        emit_json(out)
        return
    console = Console()
    for h in out["holes"]:
        console.print(f"[bold]hole {h['id']}[/]: {escape(h['description'])}")
    for a in out["ambiguities"]:
        console.print(f"[bold]{a['id']}[/]: {escape(a['question'])} — proposed: {a['adopted']}")
