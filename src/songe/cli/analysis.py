"""``songe ambiguities`` and ``songe claims``: what the text leaves open, and what it claims."""

from __future__ import annotations

from fractions import Fraction

import click
from rich.console import Console
from rich.table import Table

from songe.analysis import claims as claims_mod
from songe.analysis.ambiguities import analyse
from songe.analysis.discover import discover, mutations, unmeasured_moments
from songe.analysis.witness import find
from songe.cli.common import (
    budget_option,
    emit_json,
    err_console,
    frac,
    game_argument,
    json_option,
    load_game_spec,
    markup,
    progress,
    spec_options,
)
from songe.cli.dispatch import dispatch
from songe.cli.solve import level_options
from songe.errors import budget_at
from songe.games.jekyll_hyde.readings_impact import IMPACT_GAMES
from songe.games.jekyll_hyde.readings_impact import report as jekyll_hyde_report
from songe.games.plugin import Capability
from songe.games.reveil.exact import KIT
from songe.games.reveil.example import LANGS, example
from songe.games.reveil.lint import stale_readings
from songe.games.reveil.setup import make_game, setups
from songe.games.reveil.trace import deck
from songe.rulebook import jekyll_hyde_book as book
from songe.solve.expectimax import make_solver


@click.command()
@game_argument
@level_options
@click.option("--discover", "discover_", is_flag=True, help="Perturb the rule tables mechanically and rank the perturbations.")
@click.option("--games", type=click.IntRange(2, 1_000_000), default=IMPACT_GAMES, show_default=True,
              help="Paired games per reading, for games measured by simulation (Jekyll vs Hyde; the rulebook "
                   "uses the same count and seeds).")
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True, help="Worker processes (simulation).")
@spec_options
@budget_option
@json_option
def ambiguities(game, **options):
    """Every ambiguity of GAME: each reading's measured impact, and a witness (or how none can exist)."""
    dispatch(Capability.DISCOVER if options.get('discover_') else Capability.AMBIGUITIES, game, **options)


def ambiguities_jekyll_hyde(game, games, jobs, spec_file, readings, as_json):
    """Jekyll vs Hyde's open points: each reading's impact on Hyde's win rate, simulated."""
    spec = load_game_spec(game, spec_file, readings)
    with progress("simulating each reading", total=sum(len(r.options) for r in spec.readings)) as advance:
        out = jekyll_hyde_report(spec, games, jobs=jobs, tick=lambda what: advance(1, f"simulating {what}"))
    return emit_json(out) if as_json else _print_jekyll_hyde(out)


def ambiguities_reveil(game, level, lucidity, hand_limit, discover_, spec_file, readings, max_states, as_json):
    """Every ambiguity of GAME: each reading's measured impact, and a witness (or how none can exist)."""
    spec = load_game_spec(game, spec_file, readings)
    todo = setups(spec, level, lucidity, hand_limit)
    witness_setup = todo[0]
    if discover_:
        return _discover(spec, witness_setup, spec_file, max_states, as_json)
    stale = stale_readings(spec)  # a shipped reading about a card this deck lacks: left out, said so
    for rid, card in stale.items():
        err_console.print(f"songe: note: reading {markup(rid)} left out: it speaks of '{markup(card)}', "
                          f"a card this deck does not have (see songe lint)", highlight=False, soft_wrap=True)
    count = sum(len(r.options) - 1 for r in spec.readings if r.id not in stale)
    with progress(f"measuring {len(spec.readings) - len(stale)} ambiguities of {spec.name}", total=count) as advance:
        found = analyse(spec, todo, witness_setup, KIT, tick=lambda what: advance(1, f"solving and witnessing {what}"),
                        max_states=max_states, skip=stale)
    if as_json:
        rows = [a.as_json(spec_file) for a in found]
        for a, row in zip(found, rows, strict=True):
            for option, w in row["witnesses"].items():
                if w is not None:
                    w["example"] = _examples(a.searches[option].witness, spec)
        emit_json({"game": spec.id, "levels": [s.level for s in todo], "ambiguities": rows,
                   "left_out": [{"id": rid, "names_missing_card": card} for rid, card in stale.items()]})
        return
    console = Console()
    for a in found:
        r = a.reading
        table = Table(title=f"{r.id}: {markup(r.question)}", title_justify="left")
        table.add_column("reading")
        for st in todo:
            table.add_column(st.level, justify="right")
        for imp in a.impacts:
            label = imp.option + (" (adopted)" if imp.default else "")
            cells = [f"{float(imp.values[st.level]):.4f}" + ("" if imp.default else
                     f" ({float(imp.values[st.level] - a.impacts[0].values[st.level]):+.4f})") for st in todo]
            table.add_row(label, *cells)
        console.print(table)
        for q in r.quotes:
            console.print(f"  « {markup(q)} »")
        for option, search in a.searches.items():
            console.print(f"  {option}: {markup(search.note())}")
            cmd = a.command(option, spec_file)
            if cmd:
                console.print(f"    replay: {markup(cmd)}", soft_wrap=True)
            if search.witness is not None:
                for lang, text in _examples(search.witness, spec).items():
                    console.print(f"    example ({lang}):", highlight=False)
                    for line in text.splitlines():
                        console.print(f"      {markup(line)}", soft_wrap=True, highlight=False)
        console.print()


def _examples(witness, spec) -> dict[str, str]:
    """A witness told turn by turn in each language, like the rulebook's « Exemple de tour »."""
    return {lang: example(witness.lines, spec, lang, len(witness.choices)) for lang in LANGS}


def _discover(spec, st, spec_file, max_states, as_json):
    """Every perturbation solved exactly; those that change the value kept, ranked, each with a witness."""
    def value_of(variant):
        return make_solver(make_game(variant, st), max_states=max_states).solve().value

    base_game = make_game(spec, st)
    base_solver = make_solver(base_game, max_states=max_states)
    with budget_at(f"level {st.level}"):
        base_value = base_solver.solve().value
    with progress(f"solving mutations at level {st.level}", total=len(mutations(spec))) as advance:
        found = discover(spec, value_of, base_value, tick=lambda m: advance(1, f"solving {m}"))
    kept = [f for f in found if f.impact]
    witnesses = {}
    with progress("searching witnesses", total=len(kept)) as advance:
        for f in kept:
            alt = make_game(f.mutation.apply(spec), st)
            with budget_at(f"witness of {f.mutation.id}"):
                witnesses[f.mutation.id] = find(base_game, alt, ("spec", "mutation"), deck(base_game),
                                                (base_solver, make_solver(alt, max_states=max_states)))
            advance()
    rows = []
    for f in found:
        s = witnesses.get(f.mutation.id)
        w = s.witness if s else None
        rows.append({"id": f.mutation.id, "kind": f.mutation.kind.value, "description": f.mutation.description,
                     "quote": f.mutation.quote, "win_probability": frac(f.value) if f.value is not None else None,
                     "impact": frac(f.impact) if f.impact is not None else None, "error": f.error,
                     "kept": bool(f.impact),
                     "witness": None if w is None else {"order": list(w.order), "choices": list(w.choices),
                                                        "results": w.results},
                     "witness_note": s.note() if s else None})
    unmeasured = [{"where": where, "reads": reads} for where, reads in unmeasured_moments(spec)]
    if as_json:
        emit_json({"game": spec.id, "level": st.level, "lucidity": st.lucidity, "hand_limit": st.hand_limit,
                   "base_win_probability": frac(base_value), "mutations": rows, "unmeasured": unmeasured})
        return
    console = Console()
    table = Table(title=f"{markup(spec.name)}, level {st.level}: sensitivity of each sentence "
                        f"(base {float(base_value):.4f})")
    for col in ("rank", "mutation", "P(win)", "impact", "sentence"):
        table.add_column(col)
    shown = [r for r in rows if r["kept"] or r["error"]]
    for k, row in enumerate(shown, 1):
        impact = "error" if row["impact"] is None else f"{float(Fraction(row['impact'])):+.4f}"
        p = "-" if row["win_probability"] is None else f"{float(Fraction(row['win_probability'])):.4f}"
        table.add_row(str(k), markup(row["description"]), p, impact, markup(row["quote"][:70]))
    console.print(table)
    console.print(f"{len(rows) - len(shown)} more perturbations change nothing at this set-up (--json lists them)")
    for row in shown:
        if row["witness"]:
            w = row["witness"]
            console.print(f"witness for {markup(row['id'])}: order {markup(', '.join(w['order']))}; choices "
                          f"{markup(', '.join(w['choices']) or 'none')}; results {markup(w['results'])}", soft_wrap=True)
        elif row["witness_note"]:
            console.print(f"no witness for {markup(row['id'])}: {markup(row['witness_note'])}", soft_wrap=True)
    for u in unmeasured:
        console.print(f"not measured: {markup(u['where'])} reads {markup(u['reads'])} at the effect step (after the "
                      f"thought played, in this dream's own frame); no switch of the spec reads it at another moment "
                      f"or frame", soft_wrap=True, highlight=False)


@click.command()
@game_argument
@spec_options
@budget_option
@json_option
def claims(game, **options):
    """The rulebook's checkable statements of GAME, measured, with a verdict each."""
    dispatch(Capability.CLAIMS, game, **options)


def claims_reveil(game, spec_file, readings, max_states, as_json):
    """The rulebook's checkable statements of GAME, measured, with a verdict each."""
    spec = load_game_spec(game, spec_file, readings)
    count = len(claims_mod.variants(spec))
    with progress("solving every reading variant at every level", total=count) as advance:
        found = claims_mod.check(spec, KIT, tick=lambda what: advance(1, f"solving {what}"), max_states=max_states)
    if as_json:
        emit_json({"game": spec.id, "claims": [c.as_json() for c in found]})
        return
    console = Console()
    for c in found:
        j = c.as_json()
        console.print(f"[bold]{j['id']}[/]: {j['verdict']}")
        console.print(f"  « {markup(j['quote'])} »")
        console.print(f"  claim: {markup(j['claim'])} ({markup(j['note'])})")
        console.print(f"  measured: {markup(j['measured'])}", soft_wrap=True)
        console.print()



def _print_jekyll_hyde(out: dict) -> None:
    console = Console()
    console.print(f"Hyde's win rate, {out['agents']['jekyll']} (Jekyll) vs {out['agents']['hyde']} (Hyde), "
                  f"{out['games']} paired games per reading (game i seeded {out['seed']} + i)")
    for a in out["ambiguities"]:
        unstated = "" if a["stated"] else " [unstated]"
        console.print(f"[bold]{a['id']}[/]{unstated}: {markup(a['question'])}")
        for q in a["quotes"]:
            console.print(f"  « {markup(q)} »")
        console.print(f"  {markup(a['measured_how'])}", soft_wrap=True)
        # The rulebook's formatters: the book prints these very numbers (songe.rulebook.jekyll_hyde_book).
        for r in a["readings"]:
            lo, hi = r["hyde_win_rate_95"]
            console.print(f"  {r['option']}{' (adopted)' if r['default'] else ''}: {book.rate(r['hyde_win_rate'], 'en')} "
                          f"[{book.rate(lo, 'en')}, {book.rate(hi, 'en')}]")
        match = a["setup"] == "expert"
        for option, d in a["differences"].items():
            (w, wlo, whi), (m, mlo, mhi) = book.difference(d)
            console.print(f"  {option} − {a['adopted']}, paired: {book.points(w, 'en')} points "
                          f"[{book.points(wlo, 'en')}, {book.points(whi, 'en')}] on the win rate, "
                          f"{book.spaces(m, 'en')} [{book.spaces(mlo, 'en')}, {book.spaces(mhi, 'en')}] on the "
                          f"{'summed Hyde scores' if match else 'final marker'}. "
                          f"{book.judgement(d, out['games'], 'en', match)}", soft_wrap=True)
        for option, w in a["witnesses"].items():
            console.print(f"  {option}: {markup(a['witness_note'][option])}")
            if w and "command" in w:
                console.print(f"    replay: {markup(w['command'])}", soft_wrap=True)
            elif w:  # an expert match: two games, no single-game command replays it
                console.print(f"    the match seeded {w['seed']}")
        console.print()
