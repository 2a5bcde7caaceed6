"""Mr Hyde's share of simulated wins, as the player's book and aid print it: the dossier's figure, in words.

The dossier states the share of games Mr Hyde wins under the clarified rules
(:func:`songe.games.jekyll_hyde.book.claim`, with its interval). The player's
book and aid print the same measure, read from the same run
(:func:`songe.games.jekyll_hyde.book.measured`), in the players' register: the
sample size and the players said, the rate rounded to the unit since its margin
spans several points. Under another reading the row of that reading's option is
taken from the same run; a book of several changed readings has no row there, so
its games are played by the same code (:func:`readings_impact.play`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from typing import Any

from songe.games.jekyll_hyde.readings_impact import AGENTS, IMPACT_SEED, play
from songe.games.jekyll_hyde.situations import MATCH_QUESTIONS
from songe.memo import remembered
from songe.rulebook.typography import number, whole_percent
from songe.spec.jekyll_hyde import JekyllHydeSpec

#: The placeholders a book or aid line may use: games played, the players in words, Mr Hyde's share.
NAMES = ("share.games", "share.players", "share.hyde")


def hyde_rate(spec: JekyllHydeSpec, out: Mapping[str, Any]) -> Fraction:
    """Mr Hyde's win rate in a standard game under ``spec``'s readings, from the report ``out`` (the dossier's
    run) where it holds that row, else played alike (same policies, count and seed)."""
    chosen = dict(spec.chosen)
    changed = {r.id: chosen.get(r.id, r.default) for r in spec.readings
               if r.id not in MATCH_QUESTIONS and chosen.get(r.id, r.default) != r.default}
    games, seed = out["games"], out.get("seed", IMPACT_SEED)
    # a row's rate is k wins of ``games`` kept as a float: back to that exact fraction, as the games played give it
    rows = [(a["id"], Fraction(row["hyde_win_rate"]).limit_denominator(games), row) for a in out["ambiguities"]
            if a["setup"] == "standard" and a["agents"] == out["agents"] for row in a["readings"]]
    if not changed:
        return next(rate for _, rate, row in rows if row["default"])
    if len(changed) == 1:
        (rid, option), = changed.items()
        found = [rate for i, rate, row in rows if i == rid and row["option"] == option]
        if found:
            return found[0]
    wins = remembered("jekyll-hyde-share", (spec, games, seed),
                      lambda: [str(p.hyde_won) for p in play(spec, AGENTS, games, seed)])
    return sum((Fraction(w) for w in wins), Fraction(0)) / games


def context(spec: JekyllHydeSpec, out: Callable[[], Mapping[str, Any]], who: Callable[[Mapping[str, str], str], str],
            lang: str) -> dict[str, Callable[[], str]]:
    """The share's placeholders, each computed when a line asks for it (the run is long: never for nothing)."""
    return {"share.games": lambda: number(out()["games"], lang),
            "share.players": lambda: who(out()["agents"], lang),
            "share.hyde": lambda: whole_percent(hyde_rate(spec, out()), lang)}


class Lazy(Mapping[str, str]):
    """A book's placeholders, some computed on first use: filling a line reads only the names it holds.

    >>> m = Lazy({"a": "1"}, {"b": lambda: "2"})
    >>> "b" in m, m["b"], sorted(m)
    (True, '2', ['a', 'b'])
    """

    def __init__(self, known: Mapping[str, str], later: Mapping[str, Callable[[], str]]) -> None:
        self._known = dict(known)
        self._later = dict(later)

    def __getitem__(self, key: str) -> str:
        if key not in self._known and key in self._later:
            self._known[key] = self._later[key]()
        return self._known[key]

    def __contains__(self, key: object) -> bool:
        return key in self._known or key in self._later

    def __iter__(self) -> Iterator[str]:
        return iter({**dict.fromkeys(self._known), **dict.fromkeys(self._later)})

    def __len__(self) -> int:
        return len(set(self._known) | set(self._later))
