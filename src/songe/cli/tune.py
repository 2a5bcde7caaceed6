"""``songe tune``: the set-ups whose exact optimal win probability is nearest a target."""

from __future__ import annotations

import json
from fractions import Fraction

import click

from songe.cli.common import load_game_spec, progress
from songe.cli.dispatch import dispatch
from songe.cli.options import TEXT, budget_option, game_argument, json_option, spec_options
from songe.cli.output import cut, echo, emit_json
from songe.cli.types import Bounded, OutFile, command
from songe.errors import OptionError
from songe.files import atomic_write
from songe.games.plugin import Capability
from songe.spec import glossary
from songe.spec.reveil import MAX_DECK, MAX_HAND, MAX_LUCIDITY

#: The grid searched when --lucidity / --hand-limit are not given and the deck does not vary.
GRID = ("3-8", "1-3")


@command()
@game_argument
@spec_options
@click.option("--target", type=TEXT, default=None,
              help="The win probability to approach, as p/q [default: the target of the spec's own claim of a win "
                   "probability ([[claims]] of kind win_probability_near); for a spec with none, 1/2].")
@click.option("--lucidity", "lucidity_range", type=TEXT, default=None,
              help=f"Starting Lucidité to try, as 3-8 or 4,6 [default: {GRID[0]}; with --cards: the spec's].")
@click.option("--hand-limit", "hand_range", type=TEXT, default=None,
              help=f"Hand limits to try, as 1-3 or 2 [default: {GRID[1]}; with --cards: the spec's].")
@click.option("--cards", type=Bounded(0, MAX_DECK), default=0, show_default=True, metavar="N",
              help="Also vary the deck: every deck with up to N cards one copy up or down (0: the spec's deck "
                   "only). Each deck is re-validated by the spec's rules and solved at every set-up tried; "
                   "--cards 1 on Réveil's normal set-up is 21 decks, about 15 s; --cards 2 is 201 decks.")
@click.option("--max-candidates", type=Bounded(1, 1_000_000), default=None, metavar="N",
              help="Refuse a search with more candidates (decks × Lucidité × hand limits) [default: 400].")
@budget_option
@click.option("--top", type=Bounded(1, 64), default=5, show_default=True, help="How many set-ups to show.")
@click.option("--write", "write_file", type=OutFile(), default=None,
              help="Also write the result as JSON to this file (the rulebook reads docs/results/reveil_tune.json).")
@json_option
def tune(game, **options):
    """Search GAME's set-ups (Lucidité, hand limit, with --cards the copies of each card) for the exact
    optimal win probability nearest --target (by default, the figure the spec's own text claims).

    Ties are broken by the fewest cards changed, then the fewest set-up numbers changed, then the
    smallest total deviation from the spec, then the spec's card order. --max-states bounds the memo
    of one deck and hand limit (its Lucidités share it); a Lucidité that would pass it there is solved alone.
    """
    dispatch(Capability.TUNE, game, **options)


def tune_reveil(game, spec_file, readings, target, lucidity_range, hand_range, cards, max_candidates, max_states,
                top, write_file, as_json):
    """Réveil: every candidate solved exactly, nearest the target first."""
    from songe.games.reveil.tune import DEFAULT_MAX_CANDIDATES, count_decks, edges, parse_range, search, target_of

    given = None if target is None else _probability(target)
    spec = load_game_spec(game, spec_file, readings)
    aim = target_of(spec, given)
    goal = aim.value
    own = (str(spec.setup.lucidity), str(spec.setup.hand_limit))
    lucidity = parse_range(lucidity_range or (own[0] if cards else GRID[0]), "--lucidity", 1, MAX_LUCIDITY)
    hands = parse_range(hand_range or (own[1] if cards else GRID[1]), "--hand-limit", 0, MAX_HAND)
    total = count_decks(spec, cards) * len(set(lucidity)) * len(set(hands)) if 0 <= cards <= len(spec.cards) else 0
    with progress("solving set-ups", total=total) as advance:
        found = search(spec, goal, lucidity, hands, max_states=max_states, cards=cards,
                       max_candidates=max_candidates or DEFAULT_MAX_CANDIDATES,
                       tick=lambda what: advance(1, f"solving {what}"))
    near = {"same_deck": found.nearest(False), "card_changes": found.nearest(True)}
    wider = edges(found, lucidity, hands)
    result = {"game": spec.id, "target": f"{goal.numerator}/{goal.denominator}", "target_from": aim.as_json(),
              "searched": {"lucidity": sorted(set(lucidity)), "hand_limit": sorted(set(hands)), "cards": cards},
              "setup": {"lucidity": spec.setup.lucidity, "hand_limit": spec.setup.hand_limit,
                        "deck": len(spec.deck)},
              "candidates": len(found.candidates), "decks": found.decks,
              "refused": [{"cards": [c.as_json() for c in r.cards], "why": r.why} for r in found.refused],
              "over_budget": [c.as_json() for c in found.over_budget],
              "edges": [e.as_json() for e in wider],
              "seconds": round(found.seconds, 1),
              "best": [c.as_json() for c in found.candidates[:top]],
              "nearest": {k: c.as_json() if c else None for k, c in near.items()}}
    if write_file:  # checked before the search (OutFile); its folder is never created
        atomic_write(write_file, json.dumps(result, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    if as_json:
        emit_json(result)
        return
    resource = glossary.of(spec)["lucidity"].name("en")  # the game's own word for it
    echo(f"target {result['target']} (optimal play): {aim.source()}")
    echo(f"the spec: {resource} {spec.setup.lucidity}, hand limit {spec.setup.hand_limit}, {len(spec.deck)} cards")
    n_luc, n_hand = len(set(lucidity)), len(set(hands))
    echo(f"{len(found.candidates):,} candidates solved exactly ({found.decks:,} deck{'s' * (found.decks > 1)} × "
               f"{n_luc} {resource} × {n_hand} hand limit{'s' * (n_hand > 1)}) in {found.seconds:.1f} s"
               + (f"; {len(found.refused)} decks refused by the spec's validation" if found.refused else ""))
    echo("nearest first:")
    for c in found.candidates[:top]:
        echo(f"  {_line(c, resource)}")
    if cards:
        for what, c in (("the spec's deck", near["same_deck"]), ("cards changed", near["card_changes"])):
            if c is not None:
                echo(f"nearest with {what}: {_line(c, resource)}")
    for c in found.over_budget:
        echo(f"skipped (past --max-states {max_states:,}): {c.describe(resource)}")
    for e in wider:
        echo(f"note: {e}")


def _probability(text: str) -> Fraction:
    """--target as an exact probability, or one clear line."""
    try:
        goal = Fraction(text) if len(text) <= 40 else None
    except (ValueError, ZeroDivisionError):
        goal = None
    if goal is None or not 0 <= goal <= 1 or goal.denominator > 10**18:  # 1e-99999 parses, to a huge fraction
        raise OptionError(f"--target: {cut(text, 40)} is not a probability like 1/2 or 0.45")
    return goal


def _line(c, resource: str) -> str:
    """A candidate in words: its set-up and changes, the exact fraction, the percentage, the distance."""
    return (f"{c.describe(resource)}: {c.value.numerator}/{c.value.denominator} = {float(c.value):.2%} "
            f"(off by {float(c.distance) * 100:.2f} points)")
