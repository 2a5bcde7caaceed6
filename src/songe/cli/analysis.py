"""``songe ambiguities`` and ``songe claims``: what the text leaves open, and what it claims."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import click
from rich.table import Table

from songe.analysis import claims as claims_mod
from songe.analysis.ambiguities import analyse
from songe.analysis.discover import discover, mutations
from songe.analysis.discover_draft import draft
from songe.analysis.points import catalogue
from songe.analysis.witness import find
from songe.cli.common import err_console, frac, load_game_spec, print_points, progress
from songe.cli.discover_text import discover_report
from songe.cli.dispatch import dispatch
from songe.cli.options import GAMES, budget_option, game_argument, jobs_option, json_option, level_options, spec_options
from songe.cli.output import assemble, bold, console, emit_json
from songe.cli.tables import fit
from songe.cli.types import Bounded, OutFile, command
from songe.errors import OptionError, budget_at
from songe.files import atomic_write
from songe.games.jekyll_hyde import book
from songe.games.jekyll_hyde.readings_impact import IMPACT_GAMES
from songe.games.jekyll_hyde.readings_impact import report as jekyll_hyde_report
from songe.games.plugin import Capability
from songe.games.reveil.exact import KIT
from songe.games.reveil.example import LANGS, example
from songe.games.reveil.lint import stale_readings
from songe.games.reveil.setup import by_difficulty, make_game, said, setups
from songe.games.reveil.trace import deck
from songe.solve.expectimax import make_solver


@command()
@game_argument
@level_options()
@click.option("--discover", "discover_", is_flag=True, help="Perturb the rule tables mechanically and rank the perturbations.")
@click.option("--draft", type=OutFile(".toml"), default=None,
              help="With --discover: write the kept misreadings that are questions of wording (when a condition is "
                   "read, chained frames, a count including the card in play) as [[readings]] rows to paste into "
                   "the spec.")
@click.option("--games", type=Bounded(2, GAMES.high, "a paired interval needs two games"), default=IMPACT_GAMES, show_default=True,
              help="Paired games per reading, for games measured by simulation (Jekyll vs Hyde; the rulebook "
                   "uses the same count and seeds).")
@jobs_option(1, "Worker processes (simulation).")
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
    out |= catalogue(spec)
    return emit_json(out) if as_json else _print_both(out)


def ambiguities_reveil(game, level, lucidity, hand_limit, discover_, draft, spec_file, readings, max_states, as_json):
    """Every ambiguity of GAME: each reading's measured impact, and a witness (or how none can exist)."""
    if draft and not discover_:
        raise OptionError("--draft writes the readings --discover finds: add --discover")
    spec = load_game_spec(game, spec_file, readings)
    todo = by_difficulty(spec, setups(spec, level, lucidity, hand_limit))
    witness_setup = todo[0]
    if discover_:
        return _discover(spec, witness_setup, max_states, as_json, draft)
    stale = stale_readings(spec)  # a shipped reading about a card this deck lacks: left out, said so
    points = stale_readings(spec, "open point")  # likewise an open point: the books leave it out too
    for what, rid, card in [("reading", r, c) for r, c in stale.items()] + [("open point", p, c) for p, c in points.items()]:
        err_console.print(f"songe: note: {what} {rid} left out: it speaks of '{card}', "
                          f"a card this deck does not have (see songe lint)", highlight=False, soft_wrap=True)
    listed = dataclasses.replace(spec, open_points=tuple(p for p in spec.open_points if p.id not in points))
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
                   "left_out": [{"id": rid, "names_missing_card": card} for rid, card in (stale | points).items()]}
                  | catalogue(listed))
        return
    term = console()
    for a in found:
        r = a.reading
        table = Table(title=f"{r.id}: {r.question}", title_justify="left")
        table.add_column("reading")
        for st in todo:
            table.add_column(st.level, justify="right")
        for imp in a.impacts:
            label = imp.option + (" (adopted)" if imp.default else "")
            cells = [f"{float(imp.values[st.level]):.4f}" + ("" if imp.default else
                     f" ({float(imp.values[st.level] - a.impacts[0].values[st.level]):+.4f})") for st in todo]
            table.add_row(label, *cells)
        term.print(fit(table, term.width))
        for q in r.quotes:
            term.print(f"  « {q} »")
        for option, search in a.searches.items():
            term.print(f"  {option}: {search.note()}")
            cmd = a.command(option, spec_file)
            if cmd:
                term.print(f"    replay: {cmd}", soft_wrap=True)
            if search.witness is not None:
                for lang, text in _examples(search.witness, spec).items():
                    term.print(f"    example ({lang}):", highlight=False)
                    for text_line in text.splitlines():
                        term.print(f"      {text_line}", soft_wrap=True, highlight=False)
        term.print()
    print_points(catalogue(listed))


def _examples(witness, spec) -> dict[str, str]:
    """A witness told turn by turn in each language, like the rulebook's « Exemple de tour »."""
    return {lang: example(witness.lines, spec, lang, len(witness.choices)) for lang in LANGS}


def _discover(spec, st, max_states, as_json, draft_to):
    """Every perturbation solved exactly; those that change the value kept, ranked, each with a witness (searched
    with the solver that measured it: a mutant is solved once)."""
    solved = {}  # mutation id -> its solver, for those that change the value
    at = [""]

    def value_of(variant):
        solver = make_solver(make_game(variant, st), max_states=max_states)
        value = solver.solve().value
        if value != base_value and sum(s.states for s in solved.values()) + solver.states <= max_states:
            solved[at[0]] = solver  # kept within the state budget: past it, the witness search solves again
        return value

    def tick(mutation_id):  # discover names each mutation before solving it
        at[0] = mutation_id
        advance(1, f"solving {mutation_id}")

    base_game = make_game(spec, st)
    base_solver = make_solver(base_game, max_states=max_states)
    with budget_at(f"level {st.level}"):
        base_value = base_solver.solve().value
    with progress(f"solving mutations at level {st.level}", total=len(mutations(spec))) as advance:
        found = discover(spec, value_of, base_value, tick=tick)
    kept = [f for f in found if f.impact]
    witnesses = {}
    with progress("searching witnesses", total=len(kept)) as advance:
        for f in kept:
            alt = solved.pop(f.mutation.id, None) or make_solver(make_game(f.mutation.apply(spec), st),
                                                                 max_states=max_states)
            with budget_at(f"witness of {f.mutation.id}"):
                witnesses[f.mutation.id] = find(base_game, alt.game, ("spec", "mutation"), deck(base_game),
                                                (base_solver, alt))
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
    if draft_to:
        from songe.games.reveil.draft import row_text
        from songe.rulebook.terms import english_label
        from songe.spec.glossary import of

        names = tuple(c.name for c in spec.cards)
        atomic_write(Path(draft_to), draft(spec, found, {lang: said(spec, st, lang) for lang in LANGS},
                                           f"{float(base_value):.4f}",
                                           lambda row, lang: row_text(row, spec, lang),
                                           lambda text: english_label(text, of(spec), names)))
    if as_json:
        emit_json({"game": spec.id, "level": st.level, "lucidity": st.lucidity, "hand_limit": st.hand_limit,
                   "base_win_probability": frac(base_value), "mutations": rows}
                  | ({"draft": draft_to} if draft_to else {}))
        return
    term = console()
    term.print(discover_report(spec, said(spec, st, "en"), float(base_value), rows, term.width), highlight=False,
               soft_wrap=True)
    if draft_to:
        term.print(f"{draft_to}: the readings to paste into {spec.file} (reword each question)", highlight=False,
                   soft_wrap=True)


@command()
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
    term = console()
    for c in found:
        j = c.as_json()
        term.print(assemble(bold(j["id"]), f": {j['verdict']}"))
        term.print(f"  « {j['quote']} »")
        term.print(f"  claim: {j['claim']} ({j['note']})")
        term.print(f"  measured: {j['measured']}", soft_wrap=True)
        term.print()



def _print_jekyll_hyde(out: dict) -> None:
    term = console()
    term.print(f"Hyde's win rate, {out['agents']['jekyll']} (Jekyll) vs {out['agents']['hyde']} (Hyde), "
                  f"{out['games']} paired games per reading (game i seeded {out['seed']} + i)")
    for a in out["ambiguities"]:
        unstated = "" if a["stated"] else " [unstated]"
        term.print(assemble(bold(a["id"]), f"{unstated}: {a['question']}"))
        for q in a["quotes"]:
            term.print(f"  « {q} »")
        term.print(f"  {a['measured_how']}", soft_wrap=True)
        # The rulebook's formatters: the book prints these very numbers (songe.games.jekyll_hyde.book).
        for r in a["readings"]:
            lo, hi = r["hyde_win_rate_95"]
            term.print(f"  {r['option']}{' (adopted)' if r['default'] else ''}: {book.rate(r['hyde_win_rate'], 'en')} "
                          f"[{book.rate(lo, 'en')}, {book.rate(hi, 'en')}]")
        match = a["setup"] == "expert"
        for option, d in a["differences"].items():
            (w, wlo, whi), (m, mlo, mhi) = book.difference(d)
            term.print(f"  {option} − {a['adopted']}, paired: {book.points(w, 'en')} points "
                          f"[{book.points(wlo, 'en')}, {book.points(whi, 'en')}] on the win rate, "
                          f"{book.spaces(m, 'en')} [{book.spaces(mlo, 'en')}, {book.spaces(mhi, 'en')}] on the "
                          f"{'summed Hyde scores' if match else 'final marker'}. "
                          f"{book.judgement(d, out['games'], 'en', match)}", soft_wrap=True)
        for option, w in a["witnesses"].items():
            term.print(f"  {option}: {a['witness_note'][option]}")
            if w and "command" in w:
                term.print(f"    replay: {w['command']}", soft_wrap=True)
            elif w:  # an expert match: two games, no single-game command replays it
                term.print(f"    the match seeded {w['seed']}")
        term.print()


def _print_both(out: dict) -> None:
    _print_jekyll_hyde(out)
    print_points(out)
