"""Jekyll vs Hyde's measured effects in an editor's words: the method once, then one short entry per point.

The dossier explains once, at the head of its open points, how the effects are
measured (the book's ``block = "legend"`` rule, in its ``why``: the same deals
under each reading, two simple simulated players, a 95 % margin on each
difference); each point then says in a sentence or two how
often its situation arises, how many games end otherwise, the two win rates and
the difference with its margin, and whether chance could make it. The author's
list gives the same difference in one line, signed, with whose share it is.
The sides' names come from the glossary; the figures from the report
(:func:`songe.games.jekyll_hyde.readings_impact.report`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from songe.rulebook.typography import number
from songe.spec.book import LANGS
from songe.spec.jekyll_hyde import default_path
from songe.spec.words import words_of


@cache
def _words() -> dict[str, dict[str, str]]:
    """The measures' words by language, from the book's words file (``jekyll_hyde.effects.toml``); ``{side}``: a
    side's name from the glossary."""
    shipped = words_of(default_path().name, "effects")
    return {lang: {k: w.in_lang(lang) for k, w in shipped.one.items()} for lang in LANGS}


def _unit(match: bool, lang: str) -> tuple[str, str]:
    """The counted thing (games or matches) and its French agreement (« simulées », « simulés »)."""
    w, kind = _words()[lang], "match" if match else "game"
    return w[f"unit_{kind}"], w[f"agree_{kind}"]


def opening(n: int, reached: int | None, match: bool, other_agents: bool, lang: str) -> str:
    """How often the point's situation arises (``reached`` None: every game asks it); empty-handed when never."""
    w, (unit, e) = _words()[lang], _unit(match, lang)
    games = number(n, lang)
    if reached == 0:
        return w["none"].format(n=games, unit=unit, e=e)
    said = (w["every"].format(n=games, unit=unit, e=e) if reached is None or reached == n else
            w["some"].format(k=number(reached, lang), n=games, unit=unit, e=e))
    return said + (w["other_agents"] if other_agents else "")


def changed(k: int, match: bool, lang: str) -> str:
    """How many of the games (matches) end otherwise, after the opening."""
    w, (_, e) = _words()[lang], _unit(match, lang)
    if k == 0:
        return w["same"].format(e=e)
    return w["changed_one" if k == 1 else "changed"].format(k=number(k, lang))


def verdict(wins: bool, marker: bool | None, match: bool, lang: str) -> str:
    """Which difference is real (its margin leaves 0 out); ``marker`` None: the marker did not move at all."""
    w = _words()[lang]
    if marker is None:
        return w["real_one" if wins else "neither_one"]
    word = w["marker_match" if match else "marker_game"]
    key = "both" if wins and marker else "wins_only" if wins else "marker_only" if marker else "neither"
    return w[key].format(marker=word)


def words(lang: str) -> Mapping[str, Any]:
    """The measures' words in one language."""
    return _words()[lang]


def players(agents: Mapping[str, str], short: bool, lang: str) -> str:
    """How the run's simulated players play, as the player's book (``short``: the aid) says it: the words of the
    policy both sides used (``players_<policy>`` in the words file)."""
    j, h = agents["jekyll"], agents["hyde"]
    key = f"players_{j}" + ("_short" if short else "")
    if j != h or key not in _words()[lang]:
        raise ValueError(f"no words for the players {j!r} (Jekyll) and {h!r} (Hyde) in Jekyll vs Hyde's book: "
                         "it words two players of one policy, each with a players_<policy> line in its words file")
    return _words()[lang][key]
