"""Jekyll vs Hyde's worked examples: a trick with a potion and a named colour, and a round's marker move.

Each ``[[examples]]`` entry of the spec gives a script (the first deal and the first moves,
:mod:`~songe.games.jekyll_hyde.script`), the policy that plays what the script leaves open
(seeded) and how far to tell: ``stop = "trick"`` tells every move to the end of the first
trick, ``stop = "round"`` tells each trick's winner, then the end of the round and the
marker's move. Every line is an event worded by :mod:`songe.games.jekyll_hyde.render`.
"""

from __future__ import annotations

import random
from typing import Any

from songe.engine.explore import replay
from songe.games.jekyll_hyde.agents import make_policy
from songe.games.jekyll_hyde.machine import JekyllHydeGame
from songe.games.jekyll_hyde.render import render_event
from songe.games.jekyll_hyde.script import parse_script
from songe.games.jekyll_hyde.state import Dealt, RoundEnded, Stolen, TrickWon
from songe.games.plugin import Lang
from songe.games.worked import WorkedExample
from songe.spec.glossary import capitalise
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
            events.append(e)
            if entry["stop"] == "trick" and isinstance(e, TrickWon) or isinstance(e, RoundEnded):
                return events
    return events


def worked_example(spec: JekyllHydeSpec, entry: dict[str, Any]) -> WorkedExample:
    """One example of the spec, replayed and told."""
    events = _events(spec, entry)
    if entry["stop"] == "round":  # a round is told by its tricks, then the marker
        events = [e for e in events if isinstance(e, TrickWon | Stolen | RoundEnded)]
    lines = tuple((lang.value, tuple(capitalise(render_event(e, spec, lang)) + "." for e in events))
                  for lang in (Lang.FR, Lang.EN))
    titles = tuple(sorted(dict(entry["title"]).items()))
    return WorkedExample(str(entry["id"]), titles, lines, tuple(repr(e) for e in events))


def worked_examples(spec: JekyllHydeSpec) -> tuple[WorkedExample, ...]:
    """Every worked example of the spec (validated by its schema), in the spec's order."""
    return tuple(worked_example(spec, entry) for entry in spec.raw.get("examples", []))
