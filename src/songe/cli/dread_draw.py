"""Dread Draw on the command line: simulation on a card list, the gap finder, the catalogue of holes."""

from __future__ import annotations

from typing import Any

from songe.analysis.points import catalogue
from songe.cli.common import load_game_spec, print_points, progress
from songe.cli.dispatch import dispatch
from songe.cli.options import cards_option, game_argument, json_option, players_option, spec_options
from songe.cli.output import assemble, bold, console, emit_json
from songe.cli.types import command
from songe.errors import OptionError
from songe.games.dread_draw.agents import AGENTS
from songe.games.dread_draw.gaps import find_gaps
from songe.games.dread_draw.impact import TINY_CARDS, tiny_cards_path
from songe.games.dread_draw.impact import report as impact_report
from songe.games.dread_draw.simulate import simulate
from songe.games.plugin import Capability
from songe.spec.dread_draw import DreadDrawSpec, load_cards


def _cards(spec: DreadDrawSpec, cards_file: str | None, players: int | None):
    if cards_file is None:
        holes = ", ".join(h.id for h in spec.text_holes())
        raise OptionError(f"Dread Draw needs --cards FILE: the text leaves these holes open: {holes} "
                          f"(an example: docs/examples/dread_draw_cards.toml)")
    return load_cards(cards_file, spec, players)


def _holes(spec: DreadDrawSpec) -> dict[str, list[dict[str, str]]]:
    """The text's holes, and apart the card list's entries for questions the text settles (not open points)."""
    rows = [{"id": h.id, "description": h.description, "quote": h.quote, "origin": h.origin} for h in spec.holes]
    return {"holes": [r for r in rows if r["origin"] == "text"],
            "settled_holes": [r for r in rows if r["origin"] != "text"]}


def _print_settled(out: dict[str, Any]) -> None:
    if out["settled_holes"]:
        console().print(assemble(bold("settled by the text"), " (the card list only names the engine's way): ",
                                 ", ".join(h["id"] for h in out["settled_holes"])))


def simulate_dread_draw(game, games: int, seed: int, cards_file: str | None, players: int | None,
                        agents: str | None, jobs: int | None, spec_file, readings, as_json: bool) -> None:
    """``songe simulate dread-draw``."""
    spec = load_game_spec(game, spec_file, readings)
    cards = _cards(spec, cards_file, players)
    n = cards.players or 2
    names = [a.strip() for a in agents.split(",")] if agents else ["random"] * n
    if len(names) == 1:
        names *= n
    if len(names) != n or any(a not in AGENTS for a in names):
        raise OptionError(f"--agents needs {n} names among {', '.join(AGENTS)} (or one for every seat), got {agents!r}")
    with progress(f"{games} games of {spec.name}, {n} players", total=games) as advance:
        s = simulate(spec, cards, games, names, seed, tick=advance, jobs=jobs or 1)
    out = {"game": spec.id, "cards": cards.file, "synthetic": cards.synthetic, "players": n, "agents": names,
           "games": games, "seed": seed, "readings": dict(spec.chosen),
           "win_rate": {str(p): s.wins[p] / games for p in s.wins},
           "win_rate_95": {str(p): list(v) for p, v in s.intervals.items()}, "stuck": s.stuck,
           "mean_rounds": s.mean_rounds, "mean_summons": s.mean_summons, "gaps_met": s.gaps}
    if as_json:
        emit_json(out)
        return
    term = console()
    term.print(f"{spec.name} on {cards.title}: {games} games, seats {', '.join(names)}, seed {seed}")
    for p in s.wins:
        lo, hi = s.intervals[p]
        term.print(f"  seat {p} ({names[p]}): wins {s.wins[p] / games:.3f} [{lo:.3f}, {hi:.3f}]")
    term.print(f"  games the rules could not finish: {s.stuck}; mean rounds {s.mean_rounds:.2f}, "
                  f"mean summons {s.mean_summons:.1f}")
    term.print("  gaps met (games): " + ", ".join(f"{k} {v}" for k, v in s.gaps.items()))


@command()
@game_argument
@cards_option()
@players_option("Number of players (else the card list's).")
@spec_options
@json_option
def gaps(game, **options):
    """Find where GAME's encoded rules give no move or two rules give different moves."""
    dispatch(Capability.GAPS, game, **options)


def gaps_dread_draw(game, cards_file, players, spec_file, readings, as_json):
    """Find where GAME's encoded rules give no move or two rules give different moves."""
    spec = load_game_spec(game, spec_file, readings)
    cards = _cards(spec, cards_file, players)
    with progress("exploring") as advance:
        found, how = find_gaps(spec, cards, tick=lambda: advance(1))
    quotes = dict(spec.quotes())
    out = {"game": spec.id, "cards": cards.file, "readings": dict(spec.chosen), "method": how} | _holes(spec) | {
           "gaps": [{"id": f.id, "detail": f.detail, "source": f.source,
                     "quotes": [q for w, q in spec.quotes() if w == f.source.replace("reading ", "reading '")
                                .replace("rule ", "rule '") + "'"] or [quotes.get(f.source, "")],
                     "trace": list(f.trace), "found_by": f.how} for f in found]}
    if as_json:
        emit_json(out)
        return
    term = console()
    term.print(f"{spec.name}: {how}")
    term.print(assemble(bold("holes"), " (the text does not define them):"))
    for h in out["holes"]:
        term.print(f"  {h['id']}: {h['description']}")
    _print_settled(out)
    term.print(assemble(bold("gaps"), " (met while playing the defined rules):"))
    for g in out["gaps"]:
        term.print(assemble("  ", bold(g["id"]), f" ({g['source']}): {g['detail']}"))
        for line in g["trace"][-6:]:
            term.print(f"      {line}")


def ambiguities_dread_draw(game, spec_file, readings, as_json) -> None:
    """The holes, and each reading's impact by gap search on the tiny synthetic card list (exact where the
    state graph is small): gaps met, termination, who wins when player 0 starts, under uniform random play."""
    spec = load_game_spec(game, spec_file, readings)
    cards = load_cards(tiny_cards_path(), spec)
    with progress("gap search per reading", total=sum(len(r.options) for r in spec.readings)) as advance:
        measured = impact_report(spec, cards, tick=lambda w: advance(1, w))
    impact = {x["id"]: x["options"] for x in measured}
    met = {x["id"]: x["met"] for x in measured}
    method = (f"per option: `songe gaps` search and exact outcomes when player 0 starts, every decision uniform "
              f"at random, on {TINY_CARDS} ({cards.title}; synthetic, not the published game)")
    out = {"game": spec.id, "cards": TINY_CARDS, "method": method} | _holes(spec) | {
           "ambiguities": [{"id": r.id, "quotes": list(r.quotes), "question": r.question, "adopted": r.default,
                            "stated": r.stated, "reason": r.reason, "question_met": met[r.id],
                            "readings": [{"option": o, "default": o == r.default} | impact[r.id][o]
                                         for o in r.option_ids],
                            "note": r.note, "witness": None,
                            "witness_note": f"run `songe gaps dread-draw --cards {TINY_CARDS} --reading "
                                            f"{r.id}=OPTION` for a reproducing trace of each gap"}
                           for r in spec.readings]} | catalogue(spec)
    if as_json:
        emit_json(out)
        return
    term = console()
    term.print(method)
    for h in out["holes"]:
        term.print(assemble(bold(f"hole {h['id']}"), f": {h['description']}"))
    _print_settled(out)
    for a in out["ambiguities"]:
        unstated = "" if a["stated"] else " [unstated]"
        term.print(assemble(bold(a["id"]), f"{unstated}: {a['question']} — proposed: {a['adopted']}"))
        if not a["question_met"]:
            term.print("  its situation never arises on this card list: no option can differ here")
        for row in a["readings"]:
            outcomes = ", ".join(f"{k} {v}" for k, v in (row["outcomes"] or {}).items()) or "not exact (budget)"
            change = f" — {row['change']}" if row["change"] else " (proposed)"
            term.print(f"  {row['option']}: gaps {', '.join(row['gaps']) or 'none'}; {outcomes}{change}",
                          soft_wrap=True)
    print_points(out)
