"""``songe orders``: every deck order's win probability, optimal and clairvoyant, or one order in full."""

from __future__ import annotations

import os
import time
from fractions import Fraction

import click
from rich.table import Table

from songe.cli.common import frac, load_game_spec, non_default, progress, refuse_given
from songe.cli.dispatch import dispatch
from songe.cli.options import TEXT, budget_option, game_argument, json_option, level_options, seed_option, spec_options
from songe.cli.output import console, echo, emit_json
from songe.cli.tables import fit
from songe.cli.trace import branches_json, echo_branches
from songe.cli.types import BIG, Bounded, command
from songe.errors import OptionError
from songe.games.plugin import Capability
from songe.games.reveil import order_sample as sampled
from songe.games.reveil import per_order
from songe.games.reveil.setup import by_difficulty, make_game, setups
from songe.games.reveil.trace import parse_order
from songe.games.reveil.wording import phrase
from songe.solve.order_values import DEFAULT_MAX_ORDERS
from songe.tasks import run_tasks


@command()
@game_argument
@level_options()
@click.option("--order", type=TEXT, default=None,
              help="One order (card names or ids, top first): its value under optimal and clairvoyant play, traced.")
@click.option("--clairvoyant/--no-clairvoyant", default=True, show_default=True,
              help="Also compute every order's value for a player who knows the order.")
@click.option("--strategy", "strategies", multiple=True, metavar="ID", type=TEXT,
              help="Also every order's value under a named strategy of the spec (repeatable; 'all' for each).")
@click.option("--workers", type=Bounded(0, 64), default=None,
              help="Dask worker processes of a local cluster (default: one per core, at most one per task; "
                   "0: run here, one task after another).")
@click.option("--scheduler", type=TEXT, default=None, metavar="ADDRESS",
              help="Send the tasks to a running Dask scheduler (e.g. tcp://host:8786) instead.")
@click.option("--split", type=Bounded(0, 4), default=None,
              help="Also split each level's work by order prefixes of this length (for many workers). "
                   "Default: 0 on Dask workers; 1 in this process, where it costs nothing (the memos are "
                   "shared) and moves the progress bar per first card.")
@click.option("--sample", type=Bounded(2, 10_000_000), default=None, metavar="N",
              help="Value N uniformly drawn orders exactly and estimate the means with 95%% intervals, "
                   "instead of covering every order (for decks with too many orders).")
@seed_option(0, "The sample's seed (with --sample).")
@click.option("--max-orders", type=Bounded(1, BIG), default=DEFAULT_MAX_ORDERS, show_default=True,
              help="Refuse a deck with more distinct orders than this.")
@spec_options
@budget_option
@json_option
def orders(game, **options):
    """Win probability of every distinct deck order of GAME: an exact histogram per level.

    Under the optimal policy (which does not see the order) and, unless
    --no-clairvoyant, for a player who knows the order but not which thought
    a random removal takes: their difference is the value of information.
    """
    dispatch(Capability.ORDERS, game, **options)


def orders_reveil(game, level, lucidity, hand_limit, order, clairvoyant, strategies, workers, scheduler, split, sample, seed,
           max_orders, spec_file, readings, max_states, as_json):
    """Win probability of every distinct deck order of GAME: an exact histogram per level.

    Under the optimal policy (which does not see the order) and, unless
    --no-clairvoyant, for a player who knows the order but not which thought
    a random removal takes: their difference is the value of information.
    """
    spec = load_game_spec(game, spec_file, readings)
    if order is not None:
        extra = [name for name, used in (("--sample", sample), ("--strategy", strategies), ("--split", split),
                                         ("--scheduler", scheduler), ("--workers", workers is not None)) if used]
        if extra:
            raise OptionError(f"--order replays one order here; it takes no {', '.join(extra)}")
        return _one(spec, setups(spec, level or spec.levels[0].id, lucidity, hand_limit)[0], order, max_states,
                    as_json)
    todo = by_difficulty(spec, setups(spec, level, lucidity, hand_limit))
    if sample is None:
        refuse_given({"seed": "--seed"}, "without --sample (every order is covered, nothing is drawn)")
    else:
        refuse_given({"split": "--split", "strategies": "--strategy"}, "with --sample")
    if sample is not None:
        work = sampled.sample_jobs(spec, todo, sample, seed, clairvoyant, max_states=max_states)
    else:
        chosen = tuple(s.id for s in spec.strategies) if "all" in strategies else tuple(dict.fromkeys(strategies))
        work = per_order.jobs(spec, todo, clairvoyant, split or 0, max_states, max_orders, chosen)
    if workers is None:
        workers = 0 if scheduler else min(os.cpu_count() or 1, len(work))
        workers = 0 if workers == 1 else workers
    if sample is None and split is None and workers == 0 and scheduler is None:
        work = per_order.jobs(spec, todo, clairvoyant, 1, max_states, max_orders, chosen)
    where = f"scheduler {scheduler}" if scheduler else f"{workers} Dask workers" if workers else "this process"
    start = time.perf_counter()
    with progress(f"{spec.name}: per-order values", total=len(work)) as advance:
        if sample is not None:
            results = run_tasks(sampled.run_sample, work, workers=workers, scheduler=scheduler,
                                done=lambda r: advance(1, f"{r.setup.level}: {len(r.values)} orders valued"))
        else:
            results = run_tasks(per_order.run_job, work, workers=workers, scheduler=scheduler,
                                done=lambda r: advance(1, f"{r.setup.level}: {r.strategy or r.mode.value} done"))
    if sample is not None:
        estimates = sampled.gather_sample(spec, results)
        rows = [_sampled(spec, lv, where, time.perf_counter() - start, seed, as_json) for lv in estimates]
        per_order.forget()
        if as_json:
            emit_json(rows[0] if len(rows) == 1 else {"game": spec.id, "levels": rows})
        return
    per_order.forget()
    levels = per_order.gather(spec, results)
    seconds = time.perf_counter() - start
    if as_json:
        rows = [_level_json(spec, lv, where, seconds) for lv in levels]
        emit_json(rows[0] if len(rows) == 1 else {"game": spec.id, "seconds": round(seconds, 3), "levels": rows})
    else:
        for lv in levels:
            _level_text(spec, lv, where)
        echo(f"{seconds:.1f} s in all on {where}")
    if not all(lv.matches_solver for lv in levels):
        raise SystemExit(1)


def _names(spec, order: tuple[int, ...]) -> list[str]:
    return [spec.cards[c].name for c in order]


def _level_json(spec, lv: per_order.LevelOrders, where: str, seconds: float) -> dict:
    h = lv.optimal.histogram
    out = {
        "game": spec.id, "level": lv.setup.level, "lucidity": lv.setup.lucidity, "hand_limit": lv.setup.hand_limit,
        "readings": dict(spec.chosen), "orders": lv.orders, "histogram": h.as_dict(),
        "sure_wins": h.sure_wins, "sure_losses": h.sure_losses, "mean": frac(h.mean),
        "solver": frac(lv.solver_value), "matches_solver": lv.matches_solver, "tie_break": per_order.TIE_BREAK,
        "examples": {frac(Fraction(k, h.scale)): _names(spec, o) for k, o in sorted(lv.optimal.examples.items())},
        "method": per_order.METHOD, "ran_on": where,
        "seconds": round(seconds, 3), "work_seconds": round(lv.seconds, 3),
    }
    if lv.clairvoyant is not None:
        c = lv.clairvoyant.histogram
        out["clairvoyant"] = {
            "mean": frac(c.mean), "histogram": c.as_dict(), "doomed": c.sure_losses, "sure_wins": c.sure_wins,
            "value_of_information": frac(c.mean - lv.solver_value),
            "examples": {frac(Fraction(k, c.scale)): _names(spec, o)
                         for k, o in sorted(lv.clairvoyant.examples.items())},
        }
    out["by_first_card"] = {}
    for card, fh in lv.optimal.by_first.items():
        row = {"orders": fh.orders, "mean": frac(fh.mean), "sure_wins": fh.sure_wins, "sure_losses": fh.sure_losses}
        if lv.clairvoyant is not None:
            ch = lv.clairvoyant.by_first[card]
            row |= {"clairvoyant": frac(ch.mean), "doomed": ch.sure_losses}
        out["by_first_card"][spec.cards[card].name] = row
    if lv.strategies:
        out["strategies"] = {sid: {"mean": frac(s.histogram.mean), "policy_evaluation": frac(v),
                                   "histogram": s.histogram.as_dict(), "sure_wins": s.histogram.sure_wins,
                                   "sure_losses": s.histogram.sure_losses}
                             for sid, (s, v) in lv.strategies.items()}
    return out


def _level_text(spec, lv: per_order.LevelOrders, where: str) -> None:
    h, st = lv.optimal.histogram, lv.setup
    changed = non_default(spec)
    setup = phrase("setup", spec, "en", name=spec.name, level=st.level, luc=st.lucidity, hand=st.hand_limit)
    title = (f"{setup}: "
             f"{lv.orders:,} distinct orders"
             + (f", readings {', '.join(f'{k}={v}' for k, v in changed.items())}" if changed else ""))
    table = Table(title=title)
    for col in ("P(win) of the order", "optimal play", "share"):  # the exact fraction keeps its width
        table.add_column(col, justify="right", no_wrap=col.startswith("P(win)"), overflow="fold")
    if lv.clairvoyant is not None:
        table.add_column("clairvoyant", justify="right")
        table.add_column("share", justify="right")
    c = lv.clairvoyant.histogram if lv.clairvoyant is not None else None
    for k in range(h.scale, -1, -1):
        if not h.counts[k] and not (c and c.counts[k]):
            continue
        row = [frac(Fraction(k, h.scale)), f"{h.counts[k]:,}", f"{h.counts[k] / h.orders:.2%}"]
        if c is not None:
            row += [f"{c.counts[k]:,}", f"{c.counts[k] / c.orders:.2%}"]
        table.add_row(*row)
    term = console()
    term.print(fit(table, term.width))
    check = "= the solver's value" if lv.matches_solver else f"≠ the solver's {frac(lv.solver_value)} (CHECK FAILED)"
    echo(f"  optimal play: mean {frac(h.mean)} ≈ {float(h.mean):.4f} {check}; "
               f"sure wins {h.sure_wins:,}, sure losses {h.sure_losses:,}")
    echo(f"  ties: {per_order.TIE_BREAK}")
    if lv.clairvoyant is not None:
        c = lv.clairvoyant.histogram  # the same histogram, named again so that its type is not optional
        vi = c.mean - lv.solver_value
        echo(f"  clairvoyant play (knows the order, not a random removal): {frac(c.mean)} ≈ {float(c.mean):.4f}; "
                   f"value of information {frac(vi)} ≈ {100 * float(vi):.2f} points")
        echo(f"  doomed orders (lost even knowing the order): {c.sure_losses:,} ({c.sure_losses / c.orders:.2%})")
        if 0 in lv.clairvoyant.examples:
            echo(f"    e.g. {', '.join(_names(spec, lv.clairvoyant.examples[0]))}")
    _first_card_table(spec, lv)
    if lv.strategies:
        table = Table(title=f"named strategies, level {st.level}: every order")
        for col in ("strategy", "P(win)", "sure wins", "sure losses", "other orders"):
            table.add_column(col, justify="left" if col == "strategy" else "right")
        for sid, (s, _) in lv.strategies.items():
            sh = s.histogram
            table.add_row(sid, f"{float(sh.mean):.4f}", f"{sh.sure_wins:,}", f"{sh.sure_losses:,}",
                          f"{sh.orders - sh.sure_wins - sh.sure_losses:,}")
        term = console()
        term.print(fit(table, term.width))
    echo(f"  exact, every order; {lv.seconds:.1f} s of work (summed over its tasks)\n")


def _first_card_table(spec, lv: per_order.LevelOrders) -> None:
    """What the top card of the deck does to the odds: per first card, optimal and clairvoyant."""
    table = Table(title=f"by the first card of the deck, level {lv.setup.level}")
    for col in ("first card", "orders", "P(win) optimal", "sure losses") + (
            ("P(win) clairvoyant", "doomed") if lv.clairvoyant is not None else ()):
        table.add_column(col, justify="left" if col == "first card" else "right")
    for card, fh in lv.optimal.by_first.items():
        row = [spec.cards[card].name, f"{fh.orders:,}", f"{float(fh.mean):.4f}", f"{fh.sure_losses / fh.orders:.2%}"]
        if lv.clairvoyant is not None:
            ch = lv.clairvoyant.by_first[card]
            row += [f"{float(ch.mean):.4f}", f"{ch.sure_losses / ch.orders:.2%}"]
        table.add_row(*row)
    term = console()
    term.print(fit(table, term.width))


def _one(spec, st, text: str, max_states: int, as_json: bool) -> None:
    game = make_game(spec, st)
    result = per_order.one_order(game, parse_order(game, text), max_states)
    names = _names(spec, result.order)
    if as_json:
        emit_json({"game": spec.id, "level": st.level, "lucidity": st.lucidity, "hand_limit": st.hand_limit,
                   "readings": dict(spec.chosen), "order": names, "index": result.index,
                   "optimal": frac(result.optimal), "clairvoyant": frac(result.clairvoyant),
                   "tie_break": per_order.TIE_BREAK,
                   "optimal_branches": branches_json(result.optimal_branches, spec),
                   "clairvoyant_branches": branches_json(result.clairvoyant_branches, spec)})
        return
    echo(f"{spec.name}, level {st.level} (Lucidité {st.lucidity}, hand {st.hand_limit}), order #{result.index:,}:")
    echo(f"  {', '.join(names)}")
    echo("\n== optimal play (does not know the order) ==")
    echo_branches(result.optimal_branches, spec, "optimal")
    echo("\n== clairvoyant play (knows the order, not a random removal) ==")
    echo_branches(result.clairvoyant_branches, spec, "clairvoyant")
    echo(f"\nwin probability of this order: optimal {frac(result.optimal)}, clairvoyant {frac(result.clairvoyant)}")


def _sampled(spec, lv: sampled.SampledLevel, where: str, seconds: float, seed: int, as_json: bool) -> dict:
    """One level's sampled estimates: as a JSON row, and printed unless --json."""
    solver = per_order.context(spec, lv.setup).solver
    exact = solver.value(solver.game.initial_state())
    row = {"game": spec.id, "level": lv.setup.level, "lucidity": lv.setup.lucidity,
           "hand_limit": lv.setup.hand_limit, "readings": dict(spec.chosen), "orders": lv.orders,
           "method": f"sampled: {lv.sample:,} uniform orders (seed {seed}), each valued exactly; 95% intervals",
           "solver": frac(exact), "optimal": lv.optimal.as_dict(), "sure_wins": lv.sure_wins.as_dict(),
           "sure_losses": lv.sure_losses.as_dict(), "tie_break": per_order.TIE_BREAK, "ran_on": where,
           "seconds": round(seconds, 3)}
    if lv.clairvoyant is not None and lv.doomed is not None:  # both are set or neither (gather_sample)
        row["clairvoyant"] = {"mean": lv.clairvoyant.as_dict(), "doomed": lv.doomed.as_dict(),
                              "value_of_information": {"estimate": lv.clairvoyant.value - float(exact),
                                                       "ci95": [lv.clairvoyant.low - float(exact),
                                                                lv.clairvoyant.high - float(exact)]}}
    if not as_json:
        st = lv.setup
        echo(phrase("setup", spec, "en", name=spec.name, level=st.level, luc=st.lucidity, hand=st.hand_limit) + ": "
                   f"{lv.sample:,} of {lv.orders:,} orders, drawn uniformly (seed {seed}), each valued exactly")
        echo(f"  optimal play: mean {lv.optimal.interval()} (solver, exact: {float(exact):.4f}); "
                   f"share won for sure {lv.sure_wins.interval()}, lost for sure {lv.sure_losses.interval()}")
        if lv.clairvoyant is not None and lv.doomed is not None:
            echo(f"  clairvoyant play: mean {lv.clairvoyant.interval()}; "
                       f"doomed share {lv.doomed.interval()}")
        echo("  estimates with 95% confidence intervals [low, high]\n")
    return row
