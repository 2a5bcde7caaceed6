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
from typing import Any

from songe.rulebook.typography import number

#: The measures' words; ``{side}``: a side's name from the glossary.
WORDS: dict[str, dict[str, str]] = {
    "fr": {
        "none": "Effet non mesuré : la situation ne se présente dans aucune des {n} {unit} simulé{e}s.",
        "every": "Effet mesuré : la question se pose dans chacun{e} des {n} {unit} simulé{e}s",
        "some": "Effet mesuré : la situation se présente dans {k} des {n} {unit} simulé{e}s",
        "other_agents": " (entre joueurs qui jouent au hasard : les joueurs simulés habituels n'y arrivent jamais)",
        "same": ", et aucun{e} ne finit autrement avec l'autre lecture.",
        "changed": " ; {k} finissent autrement avec l'autre lecture.",
        "changed_one": " ; {k} finit autrement avec l'autre lecture.",
        "game_rates": " {side} gagne {here} des parties avec la règle clarifiée et {other} avec l'autre lecture",
        "match_rates": " Le joueur qui joue le {side} dans la première partie gagne {here} des matchs avec la règle "
                       "clarifiée et {other} avec l'autre lecture (un match nul compte pour moitié)",
        "gap": ", soit {d} (marge : {lo} à {hi})",
        "game_marker": " ; le marqueur final bouge en moyenne de {d} (marge : {lo} à {hi}).",
        "match_marker": " ; la somme des scores des deux {side} bouge en moyenne de {d} (marge : {lo} à {hi}).",
        "game_still": " ; le marqueur final ne change pas.", "match_still": " ; les scores ne changent pas.",
        "both": " Les deux écarts sont réels : leur marge exclut 0.",
        "wins_only": " L'écart des victoires est réel ; celui du {marker} peut venir du seul hasard des donnes.",
        "marker_only": " L'écart du {marker} est réel ; celui des victoires peut venir du seul hasard des donnes.",
        "neither": " Ces écarts peuvent venir du seul hasard des donnes : leur marge contient 0.",
        "neither_one": " Cet écart peut venir du seul hasard des donnes : sa marge contient 0.",
        "real_one": " L'écart est réel : sa marge exclut 0.",
        "marker_game": "marqueur", "marker_match": "score",
        # the author's list, one line
        "list_same": "Écart mesuré : aucun ; aucune des {n} parties simulées ne finit autrement avec l'autre lecture.",
        "list_game": "Écart mesuré avec l'autre lecture : {d} sur la part de victoires de {side}",
        "list_match": "Écart mesuré avec l'autre lecture : {d} sur la part de matchs gagnés par le joueur qui joue "
                      "le {side} dans la première partie",
        "real": ", un écart réel", "chance": ", non significatif (le hasard des donnes peut l'expliquer)",
        "list_marker": " ; mais {d} sur le marqueur final, un écart réel",
        "numbers": "Les nombres entre crochets, comme [59], renvoient aux phrases du texte d'origine, numérotées "
                   "dans l'ordre ; la section « Ce qui a changé » met chacune en regard de la règle clarifiée.",
    },
    "en": {
        "none": "Effect not measured: the situation arises in none of the {n} simulated {unit}.",
        "every": "Effect measured: the question arises in each of the {n} simulated {unit}",
        "some": "Effect measured: the situation arises in {k} of the {n} simulated {unit}",
        "other_agents": " (between players who play at random: the usual simulated players never reach it)",
        "same": ", and none ends otherwise under the other reading.",
        "changed": "; {k} end otherwise under the other reading.",
        "changed_one": "; {k} ends otherwise under the other reading.",
        "game_rates": " {side} wins {here} of games under the clarified rules and {other} under the other reading",
        "match_rates": " The player who plays {side} in the first game wins {here} of matches under the clarified "
                       "rules and {other} under the other reading (a drawn match counts as half)",
        "gap": ", that is {d} (margin: {lo} to {hi})",
        "game_marker": "; the final marker moves on average by {d} (margin: {lo} to {hi}).",
        "match_marker": "; the two {side}s’ summed scores move on average by {d} (margin: {lo} to {hi}).",
        "game_still": "; the final marker does not change.", "match_still": "; the scores do not change.",
        "both": " Both differences are real: their margin leaves 0 out.",
        "wins_only": " The difference in wins is real; the {marker}’s may come from the luck of the deal alone.",
        "marker_only": " The {marker}’s difference is real; the one in wins may come from the luck of the deal alone.",
        "neither": " These differences may come from the luck of the deal alone: their margin holds 0.",
        "neither_one": " This difference may come from the luck of the deal alone: its margin holds 0.",
        "real_one": " The difference is real: its margin leaves 0 out.",
        "marker_game": "marker", "marker_match": "score",
        "list_same": "Measured gap: none; none of the {n} simulated games ends otherwise under the other reading.",
        "list_game": "Measured gap under the other reading: {d} on {side}’s share of wins",
        "list_match": "Measured gap under the other reading: {d} on the share of matches won by the player who "
                      "plays {side} in the first game",
        "real": ", a real gap", "chance": ", not significant (the luck of the deal may explain it)",
        "list_marker": "; but {d} on the final marker, a real gap",
        "numbers": "The numbers in brackets, such as [59], refer to the sentences of the original text, numbered in "
                   "order; the section “What changed” sets each beside the clarified rules.",
    },
}


def _unit(match: bool, lang: str) -> tuple[str, str]:
    """The counted thing (games or matches) and its French agreement (« simulées », « simulés »)."""
    if lang == "fr":
        return ("matchs", "") if match else ("parties", "e")
    return ("matches", "") if match else ("games", "")


def opening(n: int, reached: int | None, match: bool, other_agents: bool, lang: str) -> str:
    """How often the point's situation arises (``reached`` None: every game asks it); empty-handed when never."""
    w, (unit, e) = WORDS[lang], _unit(match, lang)
    games = number(n, lang)
    if reached == 0:
        return w["none"].format(n=games, unit=unit, e=e)
    said = (w["every"].format(n=games, unit=unit, e=e) if reached is None or reached == n else
            w["some"].format(k=number(reached, lang), n=games, unit=unit, e=e))
    return said + (w["other_agents"] if other_agents else "")


def changed(k: int, match: bool, lang: str) -> str:
    """How many of the games (matches) end otherwise, after the opening."""
    w, (_, e) = WORDS[lang], _unit(match, lang)
    if k == 0:
        return w["same"].format(e=e)
    return w["changed_one" if k == 1 else "changed"].format(k=number(k, lang))


def verdict(wins: bool, marker: bool | None, match: bool, lang: str) -> str:
    """Which difference is real (its margin leaves 0 out); ``marker`` None: the marker did not move at all."""
    w = WORDS[lang]
    if marker is None:
        return w["real_one" if wins else "neither_one"]
    word = w["marker_match" if match else "marker_game"]
    key = "both" if wins and marker else "wins_only" if wins else "marker_only" if marker else "neither"
    return w[key].format(marker=word)


def words(lang: str) -> Mapping[str, Any]:
    """The measures' words in one language."""
    return WORDS[lang]
