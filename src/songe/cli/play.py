"""``songe play`` (an interactive game with an exact advisor) and ``songe advise`` (one-shot advice)."""

from __future__ import annotations

import random
from fractions import Fraction

import click
from rich.console import Console
from rich.table import Table

from songe.cli.common import (
    budget_option,
    emit_json,
    frac,
    game_argument,
    json_option,
    load_game_spec,
    markup,
    progress,
    spec_options,
)
from songe.cli.dispatch import dispatch
from songe.cli.lang import lang_option, resolve
from songe.cli.solve import level_options
from songe.engine.explore import Step, replay
from songe.engine.interface import CHANCE, NodeKind, Outcome
from songe.engine.scripts import OrderScript
from songe.games.plugin import Capability
from songe.games.reveil import PASS, ReveilGame
from songe.games.reveil.position import Position, to_state
from songe.games.reveil.render import card_text as render_card_text
from songe.games.reveil.setup import make_game, setups
from songe.games.reveil.state import EventKind, State
from songe.games.reveil.trace import script
from songe.games.reveil.wording import line, phrase
from songe.solve.expectimax import Solver, make_solver
from songe.spec import glossary


def card_text(game: ReveilGame, index: int) -> str:
    """A card's printed text, by index."""
    return render_card_text(game.spec.cards[index])


def _options(game: ReveilGame, solver: Solver, s: State) -> list[tuple[int, str, Fraction]]:
    return [(a, game.action_label(s, a), v) for a, v in solver.options(s)]


@click.command()
@game_argument
@level_options
@click.option("--seed", type=int, default=None, help="Seed of the shuffle and of random removals.")
@click.option("--hints", is_flag=True, help="Show every option's exact win probability at each decision.")
@lang_option
@spec_options
@budget_option
def play(game, **options):
    """Play GAME in the terminal; the exact solver shows hints, or what each choice gave up."""
    dispatch(Capability.PLAY, game, **options)


def play_reveil(game, level, lucidity, hand_limit, seed, hints, lang, spec_file, readings, max_states):
    """Play GAME in the terminal; the exact solver shows hints, or what each choice gave up."""
    spec, lang = load_game_spec(game, spec_file, readings), resolve(lang)
    say = lambda key, **values: phrase(key, spec, lang, **values)  # noqa: E731
    resource = glossary.of(spec)["lucidity"]
    st = setups(spec, level or spec.levels[0].id, lucidity, hand_limit)[0]
    g = make_game(spec, st)
    rng = random.Random(seed)
    order = [i for i, c in enumerate(spec.cards) for _ in range(c.copies)]
    rng.shuffle(order)
    console = Console(highlight=False)
    console.print(markup(say("play_head", name="\0", level=st.level, count=resource.count(st.lucidity, lang),
                             hand=st.hand_limit)).replace("\0", f"[bold]{markup(spec.name)}[/]", 1))
    with console.status(say("solving")):
        solver = make_solver(g, max_states=max_states)
        start = g.initial_state()
        p_start = solver.value(start)
    console.print(say("start_value", p=frac(p_start), d=f"{float(p_start):.4f}"))
    player = _Player(console, g, solver, script(g, order), hints, lang)
    try:
        (line,) = replay(g, player, rng=rng)
    except _Quit:
        console.print(say("bye"))
        return
    except (KeyboardInterrupt, EOFError):
        console.print("\n" + say("bye"))
        return
    player.show_events(line.steps)
    s, costs = line.final, player.costs
    won = s.outcome is Outcome.WIN
    end = say("won" if won else "lost", count=resource.count(s.lucidity, lang),
              DREAM=glossary.of(spec)["dream"].the(lang).upper())
    head, _, rest = end.partition(" — ")
    console.print(f"\n[bold]{markup(head)}[/] — {markup(rest)}")
    table = Table(title=say("decisions"))
    for col in say("columns").split("|"):
        table.add_column(col)
    for dream, choice, lost in costs:
        table.add_row(markup(dream), markup(choice), say("best_row") if lost == 0 else f"{float(lost):.4f}")
    console.print(table)
    total = sum((c for _, _, c in costs), start=0)
    console.print(say("total", d=f"{float(total):.4f}"))


class _Quit(Exception):
    """The player typed q."""


class _Player:
    """The terminal as a script: draws from the shuffled order, decisions typed by the player."""

    def __init__(self, console: Console, game: ReveilGame, solver: Solver, order: OrderScript, hints: bool,
                 lang: str) -> None:
        self.console, self.game, self.solver, self.order, self.hints = console, game, solver, order, hints
        self.lang = lang
        self.costs: list[tuple[str, str, Fraction]] = []
        self.shown = 0  # steps whose events are on screen

    def show_events(self, steps: tuple[Step, ...]) -> None:
        """Print what happened since the last decision (chain markers left out)."""
        for st in steps[self.shown:]:
            for e in st.events:
                if e.kind not in (EventKind.CHAIN_START, EventKind.CHAIN_END):
                    self.console.print("  " * max(e.depth, 1) + markup(line(e, self.game.spec, self.lang)))
        self.shown = len(steps)

    def pick(self, s: State, player: int, history: tuple[Step, ...]) -> int | None:
        if player == CHANCE:
            return self.order.pick(s, player, history)  # a draw from the order; a removal is left to the seed
        g, console = self.game, self.console
        say = lambda key, **values: phrase(key, g.spec, self.lang, **values)  # noqa: E731
        self.show_events(history)
        _show(console, g, s, sum(s.unseen), self.lang)
        options = _options(g, self.solver, s)
        best = max(v for _, _, v in options)
        keys = {"0": PASS}
        keys.update({str(k): a for k, (a, _, _) in enumerate([o for o in options if o[0] != PASS], 1)})
        value_of = {a: v for a, _, v in options}
        if self.hints:
            for key, a in keys.items():
                v = value_of[a]
                mark = say("best") if v == best else ""
                label = say("none") if a == PASS else g.action_label(s, a)
                console.print(f"  [{key}] {markup(label):<22} {say('win')} {frac(v):>22} ≈ {float(v):.4f}{mark}")
        while True:
            answer = console.input(say("prompt")).strip().casefold()
            if answer == "q":
                raise _Quit
            if answer in keys:
                break
            console.print(markup(say("invalid", typed=repr(answer), keys=", ".join(keys))))
        action = keys[answer]
        lost = best - value_of[action]
        if not self.hints:
            console.print(say("best_choice") if lost == 0 else say("gave_up", d=f"{float(lost):.4f}", p=frac(lost)))
        self.costs.append((g.names()[s.stack[-1].card], say("none") if action == PASS else g.action_label(s, action),
                           lost))
        return action


def _show(console: Console, g: ReveilGame, s: State, left: int, lang: str) -> None:
    say = lambda key, **values: markup(phrase(key, g.spec, lang, **values))  # noqa: E731
    names = g.names()
    frame = s.stack[-1]
    discard = ", ".join(f"{markup(names[i])}" + (f" ×{n}" if n > 1 else "") for i, n in enumerate(s.discard) if n)
    console.rule()
    console.print(say("status", luc="\0", left=left, discard="\1").replace("\0", f"[bold]{s.lucidity}[/]")
                  .replace("\1", discard or say("empty_discard")))
    chained = phrase("chained", g.spec, lang) if len(s.stack) > 1 else ""
    console.print(say("dream_line", chained=chained, card="\0", n=frame.intensity, text="\1")
                  .replace("\0", f"[bold]{markup(names[frame.card])}[/]").replace("\1", markup(card_text(g, frame.card))))
    for k, i in enumerate([i for i, n in enumerate(s.hand) if n], 1):  # the keys' order: legal_actions
        copies = f" ×{s.hand[i]}" if s.hand[i] > 1 else ""
        console.print(say("hand_line", number=k, card=names[i] + copies, text=card_text(g, i)))
    console.print(say("none_key"))


@click.command()
@game_argument
@click.option("--lucidity", type=int, required=True, help="Your Lucidité now.")
@click.option("--hand", default="", help="Thoughts in your hand, comma-separated.")
@click.option("--seen", default="", help="Cards no longer in the deck (discarded dreams, played or lost thoughts).")
@click.option("--dream", required=True, help="The dream just revealed.")
@click.option("--previous", default=None, help="The last dream discarded before this one.")
@click.option("--level", default=None, help="The level (its hand limit applies); default: the first.")
@click.option("--hand-limit", type=int, default=None, help="Override the level's hand limit.")
@lang_option
@spec_options
@budget_option
@json_option
def advise(game, **options):
    """Exact advice for a real table: each option's win probability, best first."""
    dispatch(Capability.ADVISE, game, **options)


def advise_reveil(game, lucidity, hand, seen, dream, previous, level, hand_limit, lang, spec_file, readings,
                  max_states, as_json):
    """Exact advice for a real table: each option's win probability, best first."""
    spec = load_game_spec(game, spec_file, readings)
    st = setups(spec, level or spec.levels[0].id, None, hand_limit)[0]
    g = make_game(spec, st)
    split = lambda text: tuple(x.strip() for x in text.split(",") if x.strip())  # noqa: E731
    s = to_state(g, Position(lucidity, split(hand), split(seen), dream, previous))
    solver = make_solver(g, max_states=max_states)
    lang = resolve(lang)
    with progress(phrase("advise_solving", spec, lang, name=spec.name)):
        if g.node_kind(s) is NodeKind.DECISION:
            options = sorted(_options(g, solver, s), key=lambda o: -o[2])
        else:
            options = [(PASS, "none", solver.value(s))]
    if as_json:
        emit_json({"game": spec.id, "level": st.level, "hand_limit": st.hand_limit, "lucidity": lucidity,
                   "dream": dream, "options": [{"play": label, "win_probability": frac(v),
                                                "win_probability_decimal": float(v)} for _, label, v in options]})
        return
    for k, (a, label, v) in enumerate(options):
        shown = phrase("none", spec, lang) if a == PASS else label
        click.echo(f"{shown:<22} {frac(v):>22}  ≈ {float(v):.4f}" + (phrase("best", spec, lang) if k == 0 else ""))

