"""``songe play`` (an interactive game with an exact advisor) and ``songe advise`` (one-shot advice)."""

from __future__ import annotations

import random
from fractions import Fraction

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from songe.cli.common import frac, load_game_spec, progress
from songe.cli.dispatch import dispatch
from songe.cli.lang import lang_option, resolve
from songe.cli.options import (
    TEXT,
    TEXT_OR_EMPTY,
    budget_option,
    game_argument,
    hand_limit_option,
    json_option,
    level_option,
    level_options,
    lucidity_option,
    seed_option,
    spec_options,
)
from songe.cli.output import assemble, bold, console, cut, echo, emit_json
from songe.cli.tables import fit
from songe.cli.types import command
from songe.engine.explore import Step, replay
from songe.engine.interface import CHANCE, NodeKind, Outcome
from songe.engine.scripts import OrderScript
from songe.games.plugin import Capability
from songe.games.reveil import PASS, ReveilGame
from songe.games.reveil.draft import card_text as drafted_text
from songe.games.reveil.position import Position, to_state
from songe.games.reveil.setup import make_game, setups
from songe.games.reveil.state import EventKind, State
from songe.games.reveil.trace import script
from songe.games.reveil.wording import line, phrase
from songe.solve.expectimax import Solver, make_solver
from songe.spec import glossary


def card_text(game: ReveilGame, index: int, lang: str) -> str:
    """A card's text in the player's language, worded from its rows in the game's own words (the glossary's,
    in the book's register): the quote is the source's French, and a re-themed copy may not have rewritten it."""
    return drafted_text(game.spec.cards[index], game.spec, lang)


def _options(game: ReveilGame, solver: Solver, s: State) -> list[tuple[int, str, Fraction]]:
    return [(a, game.action_label(s, a), v) for a, v in solver.options(s)]


@command()
@game_argument
@level_options("The level (default: the first).")
@seed_option(None, "Seed of the shuffle and of random removals.")
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
    term = console()
    term.print(_bold_at(say("play_head", name="\0", level=st.level, count=resource.count(st.lucidity, lang),
                            hand=st.hand_limit), spec.name))
    with term.status(say("solving")):
        solver = make_solver(g, max_states=max_states)
        start = g.initial_state()
        p_start = solver.value(start)
    term.print(say("start_value", p=frac(p_start), d=f"{float(p_start):.4f}"))
    player = _Player(term, g, solver, script(g, order), hints, lang)
    try:
        (line,) = replay(g, player, rng=rng)
    except _Quit:
        term.print(say("bye"))
        return
    except EOFError:  # the input ended (Ctrl-D); Ctrl-C is songe's own (songe.cli.interrupt)
        term.print("\n" + say("bye"))
        return
    player.show_events(line.steps)
    s, costs = line.final, player.costs
    won = s.outcome is Outcome.WIN
    end = say("won" if won else "lost", count=resource.count(s.lucidity, lang),
              DREAM=glossary.of(spec)["dream"].the(lang).upper())
    head, _, rest = end.partition(" — ")
    term.print(assemble("\n", bold(head), f" — {rest}" if rest else ""))
    table = Table(title=say("decisions"))
    for col in say("columns").split("|"):
        table.add_column(col)
    for dream, choice, lost in costs:
        table.add_row(dream, choice, say("best_row") if lost == 0 else f"{float(lost):.4f}")
    term.print(fit(table, term.width))
    total = sum((c for _, _, c in costs), start=0)
    term.print(say("total", d=f"{float(total):.4f}"))


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
                    self.console.print("  " * max(e.depth, 1) + line(e, self.game.spec, self.lang))
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
                console.print(f"  [{key}] {label:<22} {say('win')} {frac(v):>22} ≈ {float(v):.4f}{mark}")
        while True:
            answer = console.input(say("prompt")).strip().casefold()
            if answer == "q":
                raise _Quit
            if answer in keys:
                break
            console.print(say("invalid", typed=cut(answer), keys=", ".join(keys)))
        action = keys[answer]
        lost = best - value_of[action]
        if not self.hints:
            console.print(say("best_choice") if lost == 0 else say("gave_up", d=f"{float(lost):.4f}", p=frac(lost)))
        self.costs.append((g.names()[s.stack[-1].card], say("none") if action == PASS else g.action_label(s, action),
                           lost))
        return action


def _bold_at(line: str, value: object, text: str = "") -> Text:
    """A worded line whose mark \\0 is ``value`` in bold and whose mark \\1 is ``text`` (user text, kept plain:
    it is put in after the template is filled, so it is never read as a template)."""
    head, _, rest = line.partition("\0")
    return assemble(head, bold(value), rest.replace("\1", text))


def _show(console: Console, g: ReveilGame, s: State, left: int, lang: str) -> None:
    say = lambda key, **values: phrase(key, g.spec, lang, **values)  # noqa: E731
    names = g.names()
    frame = s.stack[-1]
    discard = ", ".join(names[i] + (f" ×{n}" if n > 1 else "") for i, n in enumerate(s.discard) if n)
    console.rule()
    console.print(_bold_at(say("status", luc="\0", left=left, discard="\1"), s.lucidity,
                           discard or say("empty_discard")))
    chained = phrase("chained", g.spec, lang) if len(s.stack) > 1 else ""
    console.print(_bold_at(say("dream_line", chained=chained, card="\0", n=frame.intensity, text="\1"),
                           names[frame.card], card_text(g, frame.card, lang)))
    for k, i in enumerate([i for i, n in enumerate(s.hand) if n], 1):  # the keys' order: legal_actions
        copies = f" ×{s.hand[i]}" if s.hand[i] > 1 else ""
        console.print(say("hand_line", number=k, card=names[i] + copies, text=card_text(g, i, lang)))
    console.print(say("none_key"))


@command()
@game_argument
@lucidity_option("Your Lucidité now.", required=True)
@click.option("--hand", type=TEXT_OR_EMPTY, default="", help="Thoughts in your hand, comma-separated.")
@click.option("--seen", type=TEXT_OR_EMPTY, default="",
              help="Cards no longer in the deck (discarded dreams, played or lost thoughts).")
@click.option("--dream", type=TEXT, required=True, help="The dream just revealed.")
@click.option("--previous", type=TEXT, default=None, help="The last dream discarded before this one.")
@level_option("The level (its hand limit applies); default: the first.")
@hand_limit_option
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
    st = setups(spec, level or spec.levels[0].id, lucidity, hand_limit)[0]  # solve's bounds on both
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
        echo(f"{shown:<22} {frac(v):>22}  ≈ {float(v):.4f}" + (phrase("best", spec, lang) if k == 0 else ""))

