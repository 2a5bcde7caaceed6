"""``songe trace``: replay one deck order step by step."""

from __future__ import annotations

import click

from songe.cli.common import (
    budget_option,
    emit_json,
    frac,
    game_argument,
    json_option,
    load_game_spec,
    non_default,
    progress,
    spec_options,
)
from songe.cli.dispatch import dispatch
from songe.cli.generic import setup_options
from songe.cli.lang import lang_option, resolve
from songe.cli.solve import POLICIES
from songe.errors import OptionError
from songe.games.plugin import Capability
from songe.games.reveil.setup import make_game, setups
from songe.games.reveil.trace import Branch, parse_choices, parse_order, replay, win_probability
from songe.games.reveil.wording import line, phrase
from songe.solve.expectimax import make_solver


@click.command()
@game_argument
@click.option("--order", default=None, help="Réveil: the deck from top to bottom, card names or ids, comma-separated.")
@click.option("--choices", default=None,
              help="Thoughts to play at each decision in turn (name, id or 'none'); then --policy decides.")
@click.option("--policy", type=click.Choice(list(POLICIES)), default=None, help="Réveil: optimal (default) or never.")
@click.option("--moves", default=None, help="A script of moves (see the game's trace format); then the policies.")
@click.option("--agents", default=None, help="Policies by seat for the moves the script leaves open.")
@lang_option
@click.option("--seed", type=int, default=None, help="Pick unscripted chance outcomes with this seed instead of branching.")
@setup_options
@spec_options
@budget_option
@json_option
def trace(game, **options):
    """Replay GAME move by move (Réveil: one deck order): every event, and the end."""
    dispatch(Capability.TRACE, game, **options)


def trace_reveil(game, order, choices, policy, seed, lang, level, lucidity, hand_limit, spec_file, readings, max_states,
                 as_json):
    """Replay one deck order of GAME: every reveal, thought, intensity change, loss and the end."""
    if order is None:
        raise OptionError("songe trace reveil needs --order: the deck from top to bottom")
    policy, lang = policy or "optimal", resolve(lang)
    spec = load_game_spec(game, spec_file, readings)
    st = setups(spec, level or spec.levels[0].id, lucidity, hand_limit)[0]
    g = make_game(spec, st)
    cards = parse_order(g, order)
    given = parse_choices(g, choices)
    solver = make_solver(g, POLICIES[policy], max_states)
    with progress(f"solving {spec.name}, level {st.level}, to replay the order"):
        branches = replay(g, cards, lambda s, legal: solver.best(s), given, seed, values=solver.options)
    reached = max(len(b.choices) for b in branches)
    unused = list((choices or "").split(",")[reached:]) if len(given) > reached else []
    if unused:  # said, never silent; not refused: a witness replays one play under two readings,
        # and under one of them the game may end before the last choice
        click.echo("songe: note: " + phrase("unused", spec, lang, choices=", ".join(c.strip() for c in unused),
                                            n=reached, s="s" if reached != 1 else ""), err=True)
    win = win_probability(branches)
    names = g.names()
    if as_json:
        emit_json({
            "game": spec.id, "level": st.level, "lucidity": st.lucidity, "hand_limit": st.hand_limit,
            "order": [names[c] for c in cards], "policy": policy, "readings": dict(spec.chosen),
            "win_probability": frac(win), "unused_choices": [c.strip() for c in unused],
            "branches": branches_json(branches, spec, lang)})
        return
    changed = non_default(spec)
    listed = phrase("readings", spec, lang, list=", ".join(f"{k}={v}" for k, v in changed.items())) if changed else ""
    click.echo(phrase("trace_head", spec, lang, name=spec.name, level=st.level, luc=st.lucidity, hand=st.hand_limit,
                      policy=policy, readings=listed))
    echo_branches(branches, spec, policy, lang)
    click.echo(phrase("trace_end", spec, lang, policy=policy, p=frac(win)))


def branches_json(branches: list[Branch], spec, lang: str = "en") -> list[dict]:
    """Replay branches as JSON: probability, outcome, choices, and every step."""
    return [{
        "probability": frac(b.probability), "outcome": b.outcome.value, "lucidity": b.lucidity,
        "choices": list(b.choices),
        "steps": [({"event": s.event.kind.value, "card": s.event.card, "amount": s.event.amount,
                    "depth": s.event.depth, "lucidity": s.event.lucidity, "text": line(s.event, spec, lang)}
                   if s.event else
                   {"decision": s.decision, "given": s.forced,
                    "options": {o: frac(v) for o, v in s.options}}) for s in b.steps],
    } for b in branches]


def echo_branches(branches: list[Branch], spec, policy: str, lang: str = "en") -> None:
    """Replay branches as indented text, each decision with its options' values."""
    for n, b in enumerate(branches, 1):
        if len(branches) > 1:
            click.echo(phrase("branch_head", spec, lang, n=n, p=frac(b.probability)))
        for s in b.steps:
            if s.event is not None:
                click.echo("  " * max(s.event.depth, 1) + line(s.event, spec, lang))
            else:
                none = phrase("none", spec, lang)
                opts = ", ".join(f"{none if o == 'none' else o} {frac(v)}" for o, v in s.options)
                how = phrase("given_how", spec, lang) if s.forced else policy
                click.echo("  " + phrase("choose", spec, lang, decision=none if s.decision == "none" else s.decision,
                                                how=how, options=opts))
