"""A replayed game told turn by turn, in French or English, like the rulebook's « Exemple de tour ».

Used to show a witness as a short example a player can follow: the situation
at the first turn where two readings part (the resource and the hand), then each
reading's turns from there to the end, one sentence per event (worded in
:mod:`songe.games.reveil.wording`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from songe.engine.explore import Line
from songe.games.reveil.state import Event, EventKind
from songe.games.reveil.trace import branch
from songe.games.reveil.wording import Register, phrase, tell
from songe.spec import glossary
from songe.spec.reveil import ReveilSpec

LANGS = ("fr", "en")


#: What later turns keep, once the first turn where the readings part has been told in full.
_BRIEF = (EventKind.PLAY, EventKind.LOSS, EventKind.GAIN, EventKind.DEFEAT, EventKind.VICTORY)


def _turns(line: Line, spec: ReveilSpec, lang: str, imposed: int
           ) -> list[tuple[tuple[int, tuple[str, ...]], list[tuple[Event, str]]]]:
    """Each turn (from one top-level reveal to the next): Lucidité and hand at its start, its events and sentences."""
    hand: Counter[str] = Counter()
    turns: list[tuple[tuple[int, tuple[str, ...]], list[tuple[Event, str]]]] = []
    decisions, given = 0, False
    for step in branch(line).steps:
        e = step.event
        if e is None:
            decisions += 1
            given = decisions <= imposed
            continue
        if e.kind is EventKind.REVEAL and e.depth == 1:
            turns.append(((e.lucidity, tuple(sorted(hand.elements()))), []))
        if e.kind is EventKind.TO_HAND:
            hand[e.card] += 1  # type: ignore[index]
        elif e.kind in (EventKind.PLAY, EventKind.REMOVE):
            hand[e.card] -= 1  # type: ignore[index]
        text = tell(e, spec, lang, Register.SENTENCE)
        if text and e.kind in (EventKind.PLAY, EventKind.PASS) and given:
            text, given = text[:-1] + phrase("given", spec, lang) + ".", False
        if text and turns:
            turns[-1][1].append((e, text))
    return turns


def example(lines: Mapping[str, Sequence[Line]], spec: ReveilSpec, lang: str, imposed: int = 0) -> str:
    """Two readings' replays of one game as a short example: the first turn where they part, then the rest in brief.

    ``lines`` maps each reading to its replayed lines (the first line of each
    is told, with its probability when random removals split the game);
    the first ``imposed`` decisions are marked as imposed.
    """
    told = {label: _turns(ls[0], spec, lang, imposed) for label, ls in lines.items()}
    first = 0
    columns = [[(start, tuple(t for _, t in said)) for start, said in turns] for turns in told.values()]
    while all(first < len(t) for t in columns) and len({t[first] for t in columns}) == 1:
        first += 1
    out = []
    for label, turns in told.items():
        if not turns[first:]:
            continue
        (luc, hand), _ = turns[first]
        held = phrase("and", spec, lang).join(hand) if hand else phrase("empty", spec, lang)
        p = branch(lines[label][0]).probability
        prob = phrase("branch", spec, lang, p=f"{p.numerator}/{p.denominator}") if len(lines[label]) > 1 else ""
        body = " ".join(text for k, (_, said) in enumerate(turns[first:]) for e, text in said
                        if k == 0 or e.kind in _BRIEF or (e.kind is EventKind.REVEAL and e.depth == 1))
        start = phrase("start", spec, lang, count=glossary.of(spec)["lucidity"].count(luc, lang), hand=held)
        out.append(f"{phrase('reading', spec, lang, r=label)}{prob} — {start} {body}")
    return "\n".join(out)
