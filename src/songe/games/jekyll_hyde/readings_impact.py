"""Impact of each reading of Jekyll vs Hyde on Hyde's win rate, and a witness game.

The same seeds give the same deals under every reading, so a difference in a
game's result comes from the reading. A witness is the first single game
(seed s, replayed by ``songe simulate jekyll-hyde --games 1 --seed s``) whose
final marker differs between the adopted reading and another option.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from songe.games.jekyll_hyde.simulate import one_game, simulate
from songe.spec.jekyll_hyde import JekyllHydeSpec

#: Seeds tried when searching a witness game.
WITNESS_SEEDS = 2000


def witness(a: JekyllHydeSpec, b: JekyllHydeSpec, jekyll: str, hyde: str, labels: tuple[str, str],
            reading: str) -> dict[str, Any] | None:
    """The first seed whose single game ends differently under ``a`` and ``b``: with the measured
    agents first, then with random play (which plays the rarer moves a reading may be about)."""
    for pair in dict.fromkeys([(jekyll, hyde), ("random", "random")]):
        found = _witness(a, b, *pair, labels, reading)
        if found:
            return found
    return None


def _witness(a: JekyllHydeSpec, b: JekyllHydeSpec, jekyll: str, hyde: str, labels: tuple[str, str],
             reading: str) -> dict[str, Any] | None:
    for seed in range(WITNESS_SEEDS):
        ra, rb = one_game(a, jekyll, hyde, seed, 0), one_game(b, jekyll, hyde, seed, 0)
        if (ra.marker, ra.hyde_won) != (rb.marker, rb.hyde_won):
            cmd = f"songe simulate jekyll-hyde --games 1 --seed {seed} --jekyll {jekyll} --hyde {hyde} --json"
            return {"seed": seed, "agents": f"{jekyll} vs {hyde}", "command": f"{cmd} --reading {reading}={labels[1]}",
                    "default_command": f"{cmd} --reading {reading}={labels[0]}",
                    "results": {labels[0]: {"marker": ra.marker, "hyde_won": ra.hyde_won,
                                            "trick_differences": list(ra.trick_differences)},
                                labels[1]: {"marker": rb.marker, "hyde_won": rb.hyde_won,
                                            "trick_differences": list(rb.trick_differences)}}}
    return None


def report(spec: JekyllHydeSpec, games: int, jekyll: str = "greedy", hyde: str = "greedy", seed: int = 0,
           jobs: int = 1, tick: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Every reading: Hyde's win rate (95% interval) per option over the same games, and witnesses."""
    defaults = {r.id: r.default for r in spec.readings}
    base = spec.with_readings(defaults)
    out = []
    for r in spec.readings:
        rows, witnesses = [], {}
        for option in r.option_ids:
            if tick:
                tick(f"{r.id}={option}")
            variant = spec.with_readings(defaults | {r.id: option})
            s = simulate(variant, games, jekyll, hyde, seed, jobs)
            rows.append({"option": option, "default": option == r.default, "hyde_win_rate": s.hyde_rate,
                         "hyde_win_rate_95": list(s.interval), "mean_trick_difference": s.mean_trick_difference})
            if option != r.default:
                witnesses[option] = witness(base, variant, jekyll, hyde, (r.default, option), r.id)
        first = next((w for w in witnesses.values() if w), None)
        out.append({"id": r.id, "quotes": list(r.quotes), "question": r.question, "adopted": r.default,
                    "note": r.note, "readings": rows, "witness": first, "witnesses": witnesses,
                    "witness_note": {o: (f"first differing game among seeds 0..{WITNESS_SEEDS - 1} "
                                         f"({w['agents']})" if w else
                                         f"no game among seeds 0..{WITNESS_SEEDS - 1} ends differently "
                                         f"(sampled, not exhaustive)") for o, w in witnesses.items()}})
    return {"game": spec.id, "agents": {"jekyll": jekyll, "hyde": hyde}, "games": games, "seed": seed,
            "ambiguities": out}
