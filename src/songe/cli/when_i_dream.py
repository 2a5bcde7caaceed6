"""``songe score`` and ``songe balance`` for When I Dream, and its ambiguity catalogue."""

from __future__ import annotations

from fractions import Fraction

import click
from rich.table import Table

from songe.analysis.points import catalogue
from songe.cli.common import frac, load_game_spec, print_points
from songe.cli.dispatch import dispatch
from songe.cli.options import TEXT, game_argument, json_option, players_option, plot_option, spec_options
from songe.cli.output import assemble, bold, console, emit_json
from songe.cli.tables import fit
from songe.cli.types import Bounded, InFile, command
from songe.files import atomic_write
from songe.games.plugin import Capability
from songe.games.when_i_dream.balance import MAX_CARDS, parse_probability
from songe.games.when_i_dream.balance import balance as compute_balance
from songe.games.when_i_dream.record import check, load_record
from songe.games.when_i_dream.scoring import board, round_scores, standings
from songe.games.when_i_dream.versions import report
from songe.optional import require
from songe.rulebook.plots import balance_plot

#: The grid of p when --p is not given.
P_GRID = ("3/10", "2/5", "1/2", "3/5", "7/10", "4/5", "9/10")


@command()
@game_argument
@click.argument("file", type=InFile())
@spec_options
@json_option
def score(game, **options):
    """Score a recorded game of GAME (TOML or JSON; see docs/examples/when_i_dream_game.toml)."""
    dispatch(Capability.SCORE, game, **options)


def score_when_i_dream(game, file, spec_file, readings, as_json):
    """Score a recorded game of GAME (TOML or JSON; see docs/examples/when_i_dream_game.toml)."""
    spec = load_game_spec(game, spec_file, readings)
    record = check(load_record(file), spec, file)
    rounds = []
    for k, rnd in enumerate(record.rounds, 1):
        b = board(spec, rnd)
        rounds.append({"round": k, "dreamer": rnd.dreamer, "yellow": b.yellow, "blue": b.blue,
                       "scores": round_scores(spec, rnd)})
    final = [{"player": s.player, "points": s.points, "penalties": s.penalties, "total": s.total, "rank": s.rank}
             for s in standings(spec, record)]
    if as_json:
        emit_json({"game": spec.id, "complete": record.complete, "readings": dict(spec.chosen),
                   "rounds": rounds, "standings": final})
        return
    term = console()
    table = Table(title=f"{spec.name}: rounds")
    table.add_column("round")
    table.add_column("dreamer")
    table.add_column("yellow/blue")
    for p in record.players:
        table.add_column(p, justify="right", overflow="fold")
    for r in rounds:
        table.add_row(str(r["round"]), r["dreamer"], f"{r['yellow']}/{r['blue']}",
                      *(str(r["scores"][p]) for p in record.players))
    term.print(fit(table, term.width))
    ranking = Table(title="final ranking" + ("" if record.complete else " (incomplete game)"))
    for col in ("rank", "player", "points", "penalties", "total"):
        ranking.add_column(col)
    for s in final:
        ranking.add_row(str(s["rank"]), s["player"], str(s["points"]), str(s["penalties"]), str(s["total"]))
    term.print(fit(ranking, term.width))


@command()
@game_argument
@players_option("One player count (default: every row of the role table).")
@click.option("--p", "p_text", type=TEXT, default=None, help="Probability of a right answer per card (default: a grid).")
@click.option("--q", "q_text", type=TEXT, default=None, help="Probability of a wrong answer (default: 1 - p, no passes).")
@click.option("--cards", type=Bounded(1, MAX_CARDS), default=6, show_default=True, help="Cards revealed per night.")
@click.option("--remember", "remember_text", type=TEXT, default="1", show_default=True,
              help="Probability that the dreamer remembers every yellow card.")
@plot_option
@spec_options
@json_option
def balance(game, **options):
    """Each role's exact expected round score and share of the round's top score, per player count."""
    dispatch(Capability.BALANCE, game, **options)


def balance_when_i_dream(game, players, p_text, q_text, cards, remember_text, plot, spec_file, readings, as_json):
    """Each role's exact expected round score and share of the round's top score, per player count."""
    spec = load_game_spec(game, spec_file, readings)
    if plot:
        require("matplotlib", "--plot")  # before the work
    counts = [players] if players is not None else sorted(spec.table)
    ps = [parse_probability(p_text, "p")] if p_text else [Fraction(x) for x in P_GRID]
    remember = parse_probability(remember_text, "remember")
    rows = []
    for n in counts:
        for p in ps:
            q = parse_probability(q_text, "q") if q_text else 1 - p
            for rb in compute_balance(spec, n, p, q, cards, remember):
                rows.append({"players": n, "p": frac(p), "q": frac(q), "cards": cards, "role": rb.role,
                             "expected_score": frac(rb.expected_score),
                             "expected_score_decimal": float(rb.expected_score),
                             "win_share": frac(rb.win_share), "win_share_decimal": float(rb.win_share),
                             "giver_share": None if rb.giver_share is None else frac(rb.giver_share),
                             "giver_share_decimal": None if rb.giver_share is None else float(rb.giver_share)})
    if plot:
        _plot(rows, plot)
    if as_json:
        emit_json({"game": spec.id, "model": {"cards": cards, "remember": frac(remember),
                                              "role_table": spec.table_origin, "confirmed": spec.table_confirmed},
                   "rows": rows})
        return
    term = console()
    table = Table(title=f"{spec.name}: expected round score (share of the top score), {cards} cards a night")
    for col in ("players", "p", "role", "expected", "top share", "top share among clue-givers"):
        table.add_column(col, justify="right")
    for r in rows:
        giver = "-" if r["giver_share_decimal"] is None else f"{r['giver_share_decimal']:.3f}"
        table.add_row(str(r["players"]), r["p"], r["role"], f"{r['expected_score_decimal']:.3f}",
                      f"{r['win_share_decimal']:.3f}", giver)
    term.print(fit(table, term.width))
    term.print(f"role table: {spec.table_origin}")


def _plot(rows: list[dict], path: str) -> None:
    atomic_write(path, lambda tmp: balance_plot(rows, tmp))


def ambiguities_when_i_dream(game, spec_file, readings, as_json) -> None:
    """The two versions' differences, each reading with a witness round."""
    spec = load_game_spec(game, spec_file, readings)
    out = report(spec) | catalogue(spec)
    if as_json:
        emit_json(out)
        return
    term = console()
    for a in out["ambiguities"]:
        term.print(assemble(bold(a["id"]), f": {a['question']}"))
        for q in a["quotes"]:
            term.print(f"  [{', '.join(q['texts']) or '?'}] « {q['quote']} »")
        if a["silent"]:
            term.print(f"  silent: {', '.join(a['silent'])}")
        term.print(f"  adopted: {a['adopted']} — {a['note']}")
        for option, w in a["witnesses"].items():
            term.print(f"  {option}: {a['witness_note'][option]}")
            if w:
                term.print(f"    round: {w['round']['rounds'][0]}", soft_wrap=True)
                term.print(f"    scores: {w['results']}", soft_wrap=True)
        term.print()
    for d in out["differences"]:
        term.print(assemble(bold(d["id"]), f" ({d.get('substance') or 'difference'}): {d['note']}"))
        if d.get("changes"):
            term.print(f"  in play: {d['changes']}", soft_wrap=True)
    if out["wording_only"]:
        term.print(f"\nthe same rule in other words (not open): {', '.join(d['id'] for d in out['wording_only'])}")
    print_points(out)
