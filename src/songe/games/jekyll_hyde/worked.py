"""Jekyll vs Hyde's worked examples: a trick with a potion and a named colour, and a round's marker move.

Each ``[[examples]]`` entry of the spec gives a script (the first deal and the first moves,
:mod:`~songe.games.jekyll_hyde.script`), the policy that plays what the script leaves open
(seeded) and how far to tell: ``stop = "trick"`` tells the exchange and the first trick move by
move, ``stop = "round"`` tells each trick in a line, then the count of tricks and the marker's
move. The sentences are :mod:`songe.games.jekyll_hyde.narration`'s, a player's book's.
"""

from __future__ import annotations

import random
from typing import Any

from songe.engine.explore import replay
from songe.games.jekyll_hyde.agents import make_policy
from songe.games.jekyll_hyde.machine import JekyllHydeGame
from songe.games.jekyll_hyde.narration import Teller, gave, tell_round_end, tell_trick, tell_trick_short
from songe.games.jekyll_hyde.script import parse_script
from songe.games.jekyll_hyde.state import Dealt, Gave, Led, RoundEnded, Stolen, TrickWon
from songe.games.plugin import Lang
from songe.games.worked import WorkedExample
from songe.spec.jekyll_hyde import JekyllHydeSpec


def _events(spec: JekyllHydeSpec, entry: dict[str, Any]) -> list[object]:
    """The example's events, dealt cards left out, to its stop."""
    game = JekyllHydeGame(spec)
    rng = random.Random(int(entry.get("seed", 0)))
    policy = make_policy(str(entry["policy"]), game, rng)
    (line,) = replay(game, parse_script(game, str(entry["script"])), [policy, policy], rng=rng)
    events: list[object] = []
    for step in line.steps:
        for e in step.events:
            if isinstance(e, Dealt):
                continue
            if entry["stop"] == "trick" and isinstance(e, Led) and any(isinstance(x, TrickWon) for x in events):
                return events
            events.append(e)
            if isinstance(e, RoundEnded):
                return events
    return events


def _tricks(events: list[object]) -> list[tuple[int, list[object]]]:
    """The tricks of a round, each with its leader: the lead's side, or the winner of the one before."""
    out: list[tuple[int, list[object]]] = []
    current: list[object] = []
    leader = 0
    for e in events:
        if isinstance(e, Gave) and e.green and out and not current:  # the swap its trick's effect made
            out[-1][1].append(e)
            continue
        if isinstance(e, Gave | RoundEnded) and not current:
            continue
        if isinstance(e, Led) and not current:
            leader = e.side
        current.append(e)
        if isinstance(e, TrickWon):
            out.append((leader, current))
            leader, current = e.winner, []
        elif isinstance(e, Stolen) and out:
            out[-1][1].append(e)
            current = []
    return out


def _told(spec: JekyllHydeSpec, entry: dict[str, Any], events: list[object], lang: str) -> tuple[str, ...]:
    t = Teller(spec, lang)
    lines = [t.say("start")]
    given = [e for e in events if isinstance(e, Gave) and not e.green]
    if entry["stop"] != "trick":  # a single trick's example: the swap plays no part in it
        lines.append(gave(t, given[:2]))
    ranking: tuple[str, ...] = ()
    tricks = _tricks(events)
    for n, (leader, told) in enumerate(tricks, 1):
        if entry["stop"] == "trick":
            lines += tell_trick(t, told, leader, ranking, last=n == spec.tricks)
        else:
            lines.append(tell_trick_short(t, n, told, leader, ranking))  # a swap's cards told in the trick's line
        swaps = _pairs([e for e in told if isinstance(e, Gave) and e.green])
        lines += [gave(t, g) for g in (swaps if entry["stop"] == "trick" else swaps[1:])]
        ranking = next(e for e in told if isinstance(e, TrickWon)).ranking_after
    lines += [x for e in events if isinstance(e, RoundEnded) for x in tell_round_end(t, e)]
    return tuple(lines)


def _pairs(given: list[Gave]) -> list[list[Gave]]:
    return [given[k:k + 2] for k in range(0, len(given) - 1, 2)]


def worked_example(spec: JekyllHydeSpec, entry: dict[str, Any]) -> WorkedExample:
    """One example of the spec, replayed and told."""
    events = _events(spec, entry)
    lines = tuple((lang.value, _told(spec, entry, events, lang.value)) for lang in (Lang.FR, Lang.EN))
    titles = tuple(sorted(dict(entry["title"]).items()))
    return WorkedExample(str(entry["id"]), titles, lines, tuple(repr(e) for e in events))


def worked_examples(spec: JekyllHydeSpec) -> tuple[WorkedExample, ...]:
    """Every worked example of the spec (validated by its schema), in the spec's order."""
    return tuple(worked_example(spec, entry) for entry in spec.raw.get("examples", []))
