"""Impact of each reading of Jekyll vs Hyde, measured honestly: paired games, intervals on the difference.

One function (:func:`report`), one default count (:data:`IMPACT_GAMES`) and one seed (:data:`IMPACT_SEED`)
serve ``songe ambiguities jekyll-hyde`` and the rulebook, so both print the same figures.

- **Paired.** Game ``i`` is the game seeded ``seed + i`` (replayed alone by
  ``songe simulate jekyll-hyde --games 1 --seed seed+i``), played under the
  default and under each other option: same deal, same policies' generator.
  The two runs of a game are identical until the reading's question arises, so
  the difference per game is the reading's own effect; its mean has a 95%
  interval (:func:`songe.stats.paired_difference`). An interval holding 0 is
  reported as "no measurable difference at N games".
- **Reaching the question.** Each question's situation is counted in the
  default games (:mod:`~songe.games.jekyll_hyde.situations`). If the measured
  policies never reach it, the difference would be zero by construction: the
  reading is then measured with policies that do (random play, which leads
  potions and plays every colour), and the report says so. The difference is
  also given on the games where the question arose.
- **The expert match.** A question of the expert set-up (``expert_speed``)
  is measured on expert matches under the same rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any

from songe.engine.explore import Playthrough, Simulation
from songe.engine.interface import CHANCE, Game
from songe.games.jekyll_hyde.expert import ExpertMatch
from songe.games.jekyll_hyde.machine import JekyllHydeGame
from songe.games.jekyll_hyde.situations import MATCH_QUESTIONS, QUESTIONS, arising
from songe.games.jekyll_hyde.state import HYDE, GameEnded
from songe.memo import remembered
from songe.spec.jekyll_hyde import JekyllHydeSpec
from songe.stats import mean_interval, paired_difference, wilson, zero_bound
from songe.tasks import run_tasks

#: Games per reading option in ``songe ambiguities jekyll-hyde`` and in the rulebook.
IMPACT_GAMES = 400
#: Game ``i`` of a measure is the game seeded ``IMPACT_SEED + i``.
IMPACT_SEED = 0
#: The policies measured first (Jekyll, Hyde).
AGENTS = ("greedy", "greedy")
#: The policies used when the first ones never reach a question.
REACHING = ("random", "random")


@dataclass(frozen=True)
class Played:
    """One game's result under one reading: Hyde's win (player 0's return for a match), the final marker
    (the match's summed Hyde scores), and the questions that arose in it."""

    hyde_won: Fraction
    marker: int
    arose: frozenset[str]


def _record(game: Game, done: Playthrough) -> Played:
    events: list = []
    arose: set[str] = set()
    if isinstance(game, ExpertMatch):
        s = game.initial_state()
        for a in done.actions:
            s = game.apply(s, a)
        assert s.first is not None
        second = game.leg_result(s.game)
        if s.first[0] == second[0] == game.expert.score_cap:
            arose.update(MATCH_QUESTIONS)
        return Played(game.returns(s)[0], s.first[0] + second[0], frozenset(arose))
    assert isinstance(game, JekyllHydeGame)
    state = game.initial_state()
    for a in done.actions:
        if game.current_player(state) != CHANCE:
            arose.update(arising(game, state, a))
        state = game.apply(state, a, events)
    end = next(e for e in events if isinstance(e, GameEnded))
    return Played(Fraction(int(end.winner == HYDE)), end.marker, frozenset(arose))


def _policies(names: tuple[str, str], game: Game, rng: Any) -> list:
    from songe.games.jekyll_hyde.plugin import MATCH_POLICIES
    return [MATCH_POLICIES[n](game, rng) for n in names]


def _run(args: tuple[Simulation, Sequence[int]]) -> list[Played]:
    sim, seeds = args
    return [sim.run(seed, 0) for seed in seeds]


def play(spec: JekyllHydeSpec, agents: tuple[str, str], games: int, seed: int, match: bool = False,
         jobs: int = 1) -> list[Played]:
    """Games ``seed`` … ``seed + games - 1`` (each the first game of its seed), standard or expert match."""
    game: Game = ExpertMatch(spec) if match else JekyllHydeGame(spec)
    sim = Simulation(game, partial(_policies, agents), _record)
    seeds = list(range(seed, seed + games))
    size = max(1, min(100, games // (4 * jobs) or 1))
    parts = run_tasks(_run, [(sim, seeds[i:i + size]) for i in range(0, games, size)],
                      workers=jobs if jobs > 1 else 0)
    return [p for part in parts for p in part]


def compare(base: Sequence[Played], other: Sequence[Played], question: str) -> dict[str, Any]:
    """The paired difference (other − base) of Hyde's wins and of the final marker, on all games and on
    the games where ``question`` arose under ``base``; and the verdict."""
    n = len(base)
    wins = paired_difference([p.hyde_won for p in base], [p.hyde_won for p in other])
    marker = paired_difference([p.marker for p in base], [p.marker for p in other])
    differing = sum((a.hyde_won, a.marker) != (b.hyde_won, b.marker) for a, b in zip(base, other, strict=True))
    at = [i for i, p in enumerate(base) if question in p.arose]
    given: dict[str, Any] = {"games": len(at)}
    if len(at) >= 2:
        given["hyde_win_rate_difference_95"] = list(paired_difference([base[i].hyde_won for i in at],
                                                                      [other[i].hyde_won for i in at]))
    measurable = not (wins[1] <= 0 <= wins[2]) or not (marker[1] <= 0 <= marker[2])
    if measurable:
        verdict = (f"measurable at {n} games: Hyde's win rate {wins[0]:+.3f} [{wins[1]:+.3f}, {wins[2]:+.3f}], "
                   f"final marker {marker[0]:+.2f} [{marker[1]:+.2f}, {marker[2]:+.2f}]")
    elif differing == 0:
        verdict = (f"no measurable difference at {n} games: no game ends differently (a differing game is "
                   f"rarer than {zero_bound(n):.3f} at 95%)")
    else:
        verdict = (f"no measurable difference at {n} games ({differing} end differently; both intervals "
                   f"hold 0)")
    return {"hyde_win_rate_difference_95": list(wins), "marker_difference_95": list(marker),
            "games_ending_differently": differing, "when_the_question_arises": given,
            "measurable": measurable, "verdict": verdict}


def _witness(base: Sequence[Played], other: Sequence[Played], seed: int, agents: tuple[str, str],
             labels: tuple[str, str], reading: str, match: bool) -> dict[str, Any] | None:
    for i, (a, b) in enumerate(zip(base, other, strict=False)):
        if (a.hyde_won, a.marker) != (b.hyde_won, b.marker):
            out: dict[str, Any] = {
                "seed": seed + i, "agents": f"{agents[0]} vs {agents[1]}",
                "results": {labels[0]: {"marker": a.marker, "hyde_won": bool(a.hyde_won)},
                            labels[1]: {"marker": b.marker, "hyde_won": bool(b.hyde_won)}}}
            if not match:
                cmd = (f"songe simulate jekyll-hyde --games 1 --seed {seed + i} --jekyll {agents[0]} "
                       f"--hyde {agents[1]} --json")
                out |= {"command": f"{cmd} --reading {reading}={labels[1]}",
                        "default_command": f"{cmd} --reading {reading}={labels[0]}"}
            return out
    return None


def report(spec: JekyllHydeSpec, games: int = IMPACT_GAMES, seed: int = IMPACT_SEED, jobs: int = 1,
           tick: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Every reading: how often its question arises, each option's Hyde win rate, and each option's paired
    difference from the default with its 95% interval and verdict, and a witness game.

    Kept on disk (:mod:`songe.memo`): the CLI, the dossier and the docs share one run of each spec,
    count and seed (``jobs`` only splits the same games among processes).
    """
    return remembered("jekyll-hyde-readings", (spec, games, seed),
                      lambda: _measure(spec, games, seed, jobs, tick))


def _measure(spec: JekyllHydeSpec, games: int, seed: int, jobs: int,
             tick: Callable[[str], None] | None) -> dict[str, Any]:
    defaults = {r.id: r.default for r in spec.readings}
    base_spec = spec.with_readings(defaults)
    cache: dict[tuple[tuple[str, str], bool], list[Played]] = {}

    def base(agents: tuple[str, str], match: bool) -> list[Played]:
        if (agents, match) not in cache:
            cache[agents, match] = play(base_spec, agents, games, seed, match, jobs)
        return cache[agents, match]

    out = []
    for r in spec.readings:
        match = r.id in MATCH_QUESTIONS
        about = MATCH_QUESTIONS.get(r.id) or (QUESTIONS[r.id][0] if r.id in QUESTIONS else None)
        counts = {}
        agents = AGENTS
        for pair in (AGENTS, REACHING):
            counts[f"{pair[0]} vs {pair[1]}"] = sum(r.id in p.arose for p in base(pair, match))
            agents = pair
            if counts[f"{pair[0]} vs {pair[1]}"] or about is None:
                break
        reached = counts[f"{agents[0]} vs {agents[1]}"]
        if about is None:
            how = "no detector for this reading's situation: measured on every game"
        elif agents != AGENTS:
            how = (f"{AGENTS[0]} vs {AGENTS[1]} never reaches the question ({about}) in {games} games; measured "
                   f"with {agents[0]} vs {agents[1]}, which reaches it in {reached}")
        else:
            how = f"the question ({about}) arises in {reached} of {games} games"
        if about is not None and reached == 0:
            how += "; no policy reached it: no measurement"
        rows, diffs, witnesses = [], {}, {}
        played_base = base(agents, match)
        for option in r.option_ids:
            if tick:
                tick(f"{r.id}={option}")
            played = played_base if option == r.default else play(
                spec.with_readings(defaults | {r.id: option}), agents, games, seed, match, jobs)
            wins = [p.hyde_won for p in played]
            rate = float(sum(wins, Fraction(0)) / games)
            interval = mean_interval(wins)[1:] if match else wilson(int(sum(wins)), games)
            rows.append({"option": option, "default": option == r.default, "hyde_win_rate": rate,
                         "hyde_win_rate_95": list(interval),
                         "mean_marker": sum(p.marker for p in played) / games})
            if option != r.default:
                diffs[option] = compare(played_base, played, r.id)
                witnesses[option] = _witness(played_base, played, seed, agents, (r.default, option), r.id, match)
        first = next((w for w in witnesses.values() if w), None)
        out.append({"id": r.id, "quotes": list(r.quotes), "question": r.question, "adopted": r.default,
                    "note": r.note, "stated": r.stated, "reason": r.reason, "setup": "expert" if match else "standard",
                    "measure": ("player 0's match result (1 a win, 1/2 a tie; 'hyde_win_rate' holds it), "
                                "markers summed over both legs") if match else "Hyde's win rate and final marker",
                    "agents": {"jekyll": agents[0], "hyde": agents[1]}, "situation": about,
                    "situation_games": counts, "measured_how": how, "readings": rows, "differences": diffs,
                    "witness": first, "witnesses": witnesses,
                    "witness_note": {o: (f"first of the {games} paired games that ends differently "
                                         f"({w['agents']})" if w else
                                         f"none of the {games} paired games ends differently")
                                     for o, w in witnesses.items()}})
    return {"game": spec.id, "agents": {"jekyll": AGENTS[0], "hyde": AGENTS[1]}, "games": games, "seed": seed,
            "paired": True, "ambiguities": out}
