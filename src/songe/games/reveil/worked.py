"""Réveil's worked examples, replayed by the engine and told in French and English.

Each ``[[examples]]`` entry of the spec (a deck order and the thoughts played) is
replayed, then told in the sentences of :mod:`songe.games.reveil.wording` from the
start of the game to the end of the first turn with a chained dream (or of the first
turn, when none chains): the text's own « Exemple de tour », and the illustrations the
spec adds (a chained dream).
"""

from __future__ import annotations

from songe.games.reveil.machine import ReveilGame
from songe.games.reveil.state import EventKind
from songe.games.reveil.trace import Branch, parse_choices, parse_order, replay
from songe.games.reveil.wording import Register, phrase, tell
from songe.games.worked import WorkedExample
from songe.spec import glossary
from songe.spec.reveil import ReveilSpec
from songe.spec.reveil import WorkedExample as ExampleSpec

#: The title of the text's own example, per language.
_TITLE = {"fr": "Exemple de tour", "en": "Example of a turn"}


def _told(branch: Branch) -> list:
    """The events from the start to the end of the first turn with a chained dream (else the first turn)."""
    events = [s.event for s in branch.steps if s.event is not None]
    turns: list[list] = [[]]
    for e in events:
        if e.kind is EventKind.REVEAL and e.depth == 1 and any(x.kind is EventKind.REVEAL for x in turns[-1]):
            turns.append([])
        turns[-1].append(e)
    chained = next((k for k, t in enumerate(turns) if any(e.depth > 1 for e in t)), 0)
    return [e for t in turns[:chained + 1] for e in t]


def _replayed(spec: ReveilSpec, ex: ExampleSpec) -> Branch:
    level = spec.level(ex.level)
    game = ReveilGame(spec, level.lucidity, level.hand_limit)
    (branch,) = replay(game, parse_order(game, list(ex.order)), lambda s, legal: -1, parse_choices(game, list(ex.choices)))
    return branch


def worked_example(spec: ReveilSpec, ex: ExampleSpec) -> WorkedExample:
    """One example of the spec, replayed and told: the starting situation, then one sentence per event."""
    branch = _replayed(spec, ex)
    events = _told(branch)
    level = spec.level(ex.level)
    resource = glossary.of(spec)["lucidity"]
    lines = []
    for lang in ("fr", "en"):
        start = phrase("start", spec, lang, count=resource.count(level.lucidity, lang), hand=phrase("empty", spec, lang))
        said = [t for e in events if (t := tell(e, spec, lang, Register.SENTENCE))]
        lines.append((lang, (start, *said)))
    titles = tuple(ex.title) if ex.origin == "illustration" else tuple(_TITLE.items())
    replayed = tuple(f"{e.kind.value} {e.card or '-'} {'-' if e.amount is None else e.amount} depth {e.depth} "
                     f"lucidity {e.lucidity}" for e in events)
    return WorkedExample(ex.id, titles, tuple(lines), replayed)


def worked_examples(spec: ReveilSpec) -> tuple[WorkedExample, ...]:
    """Every worked example of the spec, in the spec's order (the text's own first, as written)."""
    return tuple(worked_example(spec, ex) for ex in spec.examples)
