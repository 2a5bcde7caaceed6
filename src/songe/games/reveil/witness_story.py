"""A witness of the editor's dossier told as a short game, not as a deck order.

A witness is a deck order whose game ends differently under two readings when each is played at its best. Its
two games are replayed by the engine (the best play of each reading's exact solver) and told in the worked
examples' sentences (:mod:`songe.games.reveil.worked`) from where they part, as an editor wants it: the state
there in one sentence (resource, hand, discard pile), the parting turn's steps both games share, then each game from the
first step at which they part to its end, each on its own line. (``songe ambiguities`` tells its own witnesses
turn by turn, :mod:`songe.games.reveil.example`.) The replays are kept for the process: one dossier tells each witness
in both languages.
"""

from __future__ import annotations

from collections.abc import Sequence

from songe.games.reveil.setup import make_game, setups
from songe.games.reveil.state import Event, EventKind, State
from songe.games.reveil.trace import parse_choices, parse_order, replay
from songe.games.reveil.wording import phrase
from songe.games.reveil.worked import _lower, state_at, told_steps  # the worked examples' telling: one voice
from songe.solve.expectimax import make_solver
from songe.spec import glossary
from songe.spec.reveil import CardKind, ReveilSpec

_GAMES: dict[tuple[object, ...], tuple[Event, ...]] = {}


def _events(spec: ReveilSpec, level: str, order: Sequence[str], choices: Sequence[str]) -> tuple[Event, ...]:
    """The events of the most likely way this order goes under the spec's readings: the witness's imposed
    choices first, then the best play."""
    key = (tuple(sorted(dict(spec.chosen).items())), level, tuple(order), tuple(choices))
    if key not in _GAMES:
        game = make_game(spec, setups(spec, level, None, None)[0])
        solver = make_solver(game)

        def teaching(s: State, legal: tuple[int, ...]) -> int:
            """The best play; where every move loses alike, the last in the game's order (a thought, not
            none): an example of the best play that gives up teaches nothing, one that fights on does."""
            values = [(a, solver.value(game.apply(s, a))) for a in legal]
            top = max(v for _, v in values)
            tied = [a for a, v in values if v == top]
            return tied[-1] if top == 0 else solver.best(s)
        branches = replay(game, parse_order(game, list(order)), teaching, parse_choices(game, list(choices)))
        best = max(branches, key=lambda b: b.probability)
        _GAMES[key] = tuple(s.event for s in best.steps if s.event is not None)
    return _GAMES[key]


def story(spec: ReveilSpec, reading_id: str, option: str, level: str, order: Sequence[str], choices: Sequence[str],
          lang: str, number: int = 0) -> str:
    """Both games of a witness (the spec's own readings, and ``option``, the dossier's other reading ``number``, 0 when
    it is the only one), told from where they part: the state in one sentence at the start of the turn where they part
    (the game's start when it is the first turn), that turn's shared steps, then each game to its end."""
    fr = lang == "fr"
    events = list(_events(spec, level, order, choices))
    situation, mine, begun = told_steps(events, spec, lang, tuple(order))
    other = spec.with_readings({**dict(spec.chosen), reading_id: option})
    _, theirs, _ = told_steps(list(_events(other, level, order, choices)), spec, lang, tuple(order))
    part = next((k for k, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b), min(len(mine), len(theirs)))
    # the parting turn from its card (a chained dream or a resumed one makes no sense without the dream below it)
    start = max((k for k in range(min(part, len(begun) - 1) + 1) if _opens_turn(events, begun[k])), default=0)
    names = {c.name for c in spec.cards}
    if start:
        situation = _state(spec, lang, *state_at(events, begun[start]))
    else:
        dreams = [c.name for c in spec.cards if c.kind is CardKind.DREAM]
        first = next((c for c in order if c in dreams), None)
        if first is not None and order and order[0] != first:  # thoughts came first: the hand is the first dream's
            situation = (f"Quand {first} sort, " if fr else f"When {first} comes up, ") + _lower(situation, set())
    same = _lower(" ".join(mine[start:part]), names)
    alike = ("Les deux parties continuent de même" if start else "Les deux parties commencent de même") if fr else (
        "Both games go on alike" if start else "Both games start alike")
    head = f"{situation} " + (f"{alike}{' :' if fr else ':'} {same} " if same else "")
    told_mine, told_theirs = (_lower(" ".join(steps[part:]), names) for steps in (mine, theirs))
    if fr:  # a line each: the start, then each game (the dossier prints each line as its own paragraph)
        label = f"Avec la lecture {number}" if number else "Avec l’autre lecture"
        return f"{head}\nPuis, avec la lecture retenue : {told_mine}\n{label} : {told_theirs}"
    label = f"Under reading {number}" if number else "Under the other reading"
    return f"{head}\nThen, under the adopted reading: {told_mine}\n{label}: {told_theirs}"


def _opens_turn(events: Sequence[Event], k: int) -> bool:
    """Whether event ``k`` turns a new card at the top level (a new turn, not a chained dream)."""
    return k < len(events) and events[k].kind is EventKind.REVEAL and events[k].depth == 1


def _state(spec: ReveilSpec, lang: str, lucidity: int, hand: Sequence[str], discard: Sequence[str]) -> str:
    """The state where a told game starts late, in one sentence: the resource, the hand, the discard pile."""
    def listed(names: Sequence[str]) -> str:
        return ", ".join(names[:-1]) + phrase("and", spec, lang) + names[-1] if len(names) > 1 else "".join(names)
    held, gone = listed(hand) or phrase("empty", spec, lang), listed(discard)
    return phrase("later" if discard else "later_no_discard", spec, lang,
                  count=glossary.of(spec)["lucidity"].count(lucidity, lang), hand=held, discard=gone)
