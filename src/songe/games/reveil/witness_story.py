"""A witness of the editor's dossier told as a short game, not as a deck order.

A witness is a deck order whose game ends differently under two readings when each is played at its best. Its
two games are replayed by the engine (the best play of each reading's exact solver) and told in the worked
examples' sentences (:mod:`songe.games.reveil.worked`): the shared start once, then each game from the first
step at which they part to its end, each on its own line, nothing skipped. The replays are kept for the process: one dossier tells each witness
in both languages.
"""

from __future__ import annotations

from collections.abc import Sequence

from songe.games.reveil.setup import make_game, setups
from songe.games.reveil.state import Event, State
from songe.games.reveil.trace import parse_choices, parse_order, replay
from songe.games.reveil.worked import _lower, _steps  # the worked examples' telling: one voice for every told game
from songe.solve.expectimax import make_solver
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
    it is the only one), told from the step where they part."""
    fr = lang == "fr"
    situation, mine = _steps(list(_events(spec, level, order, choices)), spec, lang, tuple(order))
    dreams = [c.name for c in spec.cards if c.kind is CardKind.DREAM]
    first = next((c for c in order if c in dreams), None)
    if first is not None and order and order[0] != first:  # thoughts came first: the hand is the first dream's
        situation = (f"Quand {first} sort, " if fr else f"When {first} comes up, ") + _lower(situation, set())
    other = spec.with_readings({**dict(spec.chosen), reading_id: option})
    _, theirs = _steps(list(_events(other, level, order, choices)), spec, lang, tuple(order))
    part = next((k for k, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b), min(len(mine), len(theirs)))
    common = mine[:part]  # told in full, as each game after it: an example that skips a state does not show it
    same = _lower(" ".join(common), {c.name for c in spec.cards})
    head = (f"{situation} " + (f"Les deux parties commencent de même : {same} " if same else "")
            if fr else f"{situation} " + (f"Both games start alike: {same} " if same else ""))
    names = {c.name for c in spec.cards}
    told_mine, told_theirs = (_lower(" ".join(steps[part:]), names) for steps in (mine, theirs))
    if fr:  # a line each: the start, then each game (the dossier prints each line as its own paragraph)
        label = f"Avec la lecture {number}" if number else "Avec l’autre lecture"
        return f"{head}\nPuis, avec la lecture retenue : {told_mine}\n{label} : {told_theirs}"
    label = f"Under reading {number}" if number else "Under the other reading"
    return f"{head}\nThen, under the adopted reading: {told_mine}\n{label}: {told_theirs}"
