"""What Jekyll vs Hyde's clarified book measures: each reading's effect, simulated exactly as the CLI does.

Jekyll vs Hyde is too large to solve exactly, so the effect of each reading is
estimated by paired games. The book takes its figures from
:func:`songe.games.jekyll_hyde.readings_impact.report` at the CLI's count and
seed (:data:`~songe.games.jekyll_hyde.readings_impact.IMPACT_GAMES`,
:data:`~songe.games.jekyll_hyde.readings_impact.IMPACT_SEED`): the very run
``songe ambiguities jekyll-hyde`` prints, whose command the dossier's technical
note names. The method is said once (:func:`legend`); each point then gives its
sample size, the two rates and each paired difference with its 95 % margin
(:mod:`songe.games.jekyll_hyde.effects` words them), formatted by Babel in the
book's language; the CLI prints the same numbers through the same :func:`rate`
and :func:`points`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

from songe.games.jekyll_hyde import book_share, effects
from songe.games.jekyll_hyde.readings_impact import IMPACT_GAMES, IMPACT_SEED, report
from songe.rulebook.books import book_of, generic_facts
from songe.rulebook.compose import GameFacts
from songe.rulebook.document import Block, Heading, Para
from songe.rulebook.typography import dress, number, percent, signed
from songe.spec import glossary
from songe.spec.book import fill
from songe.spec.inventory import load_game
from songe.spec.jekyll_hyde import JekyllHydeSpec
from songe.stats import zero_bound

#: The command that replays the book's games and prints the same figures (``{games}``: the count).
COMMAND = "songe ambiguities jekyll-hyde --games {games}"

#: A 95 % interval, named in each language.
_INTERVAL = {"fr": "intervalle à 95\u00a0%", "en": "95% interval"}

#: The measured policies in words, by policy name: (French, English) adjective for "players".
_POLICY = {"greedy": ("simples", "simple"), "random": ("qui jouent au hasard", "random")}


@lru_cache(maxsize=4)
def _report(base: JekyllHydeSpec, games: int, seed: int) -> dict[str, Any]:
    return report(base, games, seed)


def measured(spec: JekyllHydeSpec, games: int = IMPACT_GAMES) -> dict[str, Any]:
    """The report ``songe ambiguities jekyll-hyde --games GAMES --json`` prints for ``spec``'s rules.

    The report measures every option against the defaults whatever readings the spec has chosen, so the
    books of every reading share one run (cached; do not mutate it).
    """
    return _report(spec.with_readings({r.id: r.default for r in spec.readings}), games, IMPACT_SEED)


def _exact(x: float) -> Fraction:
    """A float of the report at its exact binary value: rounded from it, a figure reads as Python's own
    formatting of the same float (the report's verdicts, ``--json`` consumers), ties included.

    >>> _exact(0.075) < Fraction(3, 40)
    True
    """
    return Fraction(x)


def rate(x: float, lang: str) -> str:
    """An estimated proportion as a percentage, 2 places (exact at the default count: k wins of 400).

    >>> rate(0.4475, "fr") == "44,75\u00a0%"
    True
    """
    return percent(_exact(x), lang)


def points(x: float, lang: str) -> str:
    """A signed difference of two proportions, in percentage points (the number alone).

    >>> points(0.04, "en"), points(-0.0011, "fr")
    ('+4.00', '-0,11')
    """
    return signed(_exact(x) * 100, lang)


def spaces(x: float, lang: str) -> str:
    """A signed difference of marker spaces (the number alone).

    >>> spaces(0.075, "fr"), f"{0.075:+.2f}"
    ('+0,07', '+0.07')
    """
    return signed(_exact(x), lang)


def _plural(text: str, value: Fraction, fr: tuple[str, str], en: str, lang: str) -> str:
    """A number and its unit; in French, singular below 2 in size."""
    if lang == "en":
        return f"{text} {en}"
    shown = abs(Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01"), ROUND_HALF_EVEN)
    return f"{text} {fr[0] if shown < 2 else fr[1]}"


def _span(lo: str, hi: str, lang: str) -> str:
    return f"{lo} à {hi}" if lang == "fr" else f"{lo} to {hi}"


def interval(lo: str, hi: str, lang: str) -> str:
    """A 95 % interval, in words."""
    return f"{_INTERVAL[lang]}: {_span(lo, hi, lang)}"


def difference(d: Mapping[str, Any], negate: bool = False) -> tuple[tuple[float, float, float], ...]:
    """The paired differences (win rate, final marker), each (mean, low, high); ``negate``: base − other."""
    out = []
    for key in ("hyde_win_rate_difference_95", "marker_difference_95"):
        m, lo, hi = d[key]
        out.append((-m, -hi, -lo) if negate else (m, lo, hi))
    return tuple(out)


def told_apart(d: Mapping[str, Any]) -> tuple[bool, bool]:
    """Whether the paired difference of the win rate, and of the final marker, is told apart from chance: its
    95 % interval leaves 0 out (the report's ``measurable`` is either)."""
    (_, wlo, whi), (_, mlo, mhi) = difference(d)
    return not wlo <= 0 <= whi, not mlo <= 0 <= mhi


#: The two paired measures named (a game's, a match's), and the verdict when both or one is told apart from chance.
_MEASURES: dict[str, dict[str, Any]] = {
    "fr": {"game": ("la part de victoires", "le marqueur final"),
           "match": ("la part de matchs gagnés", "la somme des scores"),
           "both": "La différence est mesurable, sur {share} comme sur {where}.",
           "one": "La différence est mesurable sur {sure} ; sur {unsure}, elle ne l'est pas (son intervalle contient 0 : "
                  "le hasard des parties peut l'expliquer)."},
    "en": {"game": ("the share of wins", "the final marker"),
           "match": ("the share of matches won", "the summed scores"),
           "both": "The difference is measurable, on {share} as on {where}.",
           "one": "The difference is measurable on {sure}; on {unsure}, it is not (its interval holds 0: chance alone "
                  "may explain it)."},
}


def judgement(d: Mapping[str, Any], games: int, lang: str, match: bool = False) -> str:
    """Whether a paired difference is measurable, in words, measure by measure: a gap on the final marker does not
    make the gap on the win rate significant (the CLI prints the English one)."""
    if d["measurable"]:
        wins, marker = told_apart(d)
        w = _MEASURES[lang]
        share, where = w["match" if match else "game"]
        if wins and marker:
            return w["both"].format(share=share, where=where)
        sure, unsure = (share, where) if wins else (where, share)
        return w["one"].format(sure=sure, unsure=unsure)
    k = d["games_ending_differently"]
    if k == 0:
        bound = rate(zero_bound(games), lang)
        if lang == "fr":
            one = "un match qui changerait d'issue est plus rare" if match else \
                "une partie qui changerait d'issue est plus rare"
            return f"{'Aucun match' if match else 'Aucune partie'} ne finit autrement : à 95\u00a0%, {one} que {bound}."
        return (f"No {'match' if match else 'game'} ends differently: at 95%, a {'match' if match else 'game'} "
                f"whose outcome changes is rarer than {bound}.")
    if lang == "fr":
        return (f"{number(k, lang)} {'matchs' if match else 'parties'} {'finit' if k == 1 else 'finissent'} "
                "autrement, mais aucune différence n'est mesurable : les deux intervalles contiennent 0.")
    return (f"{number(k, lang)} {('match' if match else 'game') + ('' if k == 1 else 'es' if match else 's')} "
            f"{'ends' if k == 1 else 'end'} differently, but no difference is measurable: both intervals hold 0.")


def paired(d: Mapping[str, Any], lang: str, hyde: str, negate: bool = False, match: bool = False) -> str:
    """The paired difference of the win rate and of the final marker, each with its 95 % interval (``hyde``: the
    side's name in the glossary)."""
    (w, wlo, whi), (m, mlo, mhi) = difference(d, negate)
    wins = _plural(points(w, lang), _exact(w) * 100, ("point", "points"), "points", lang)
    marker = _plural(spaces(m, lang), _exact(m), ("case", "cases"), "spaces", lang)
    if lang == "fr":
        share = "sur la part de matchs gagnés" if match else f"sur la part de victoires de {hyde}"
        where = f"sur la somme des scores des deux {hyde}" if match else "sur le marqueur final"
    else:
        share = "on the share of matches won" if match else f"on {hyde}’s share of wins"
        where = f"on the two {hyde}s’ summed scores" if match else "on the final marker"
    return (f"{wins} {share} ({interval(points(wlo, lang), points(whi, lang), lang)}), "
            f"{marker} {where} ({interval(spaces(mlo, lang), spaces(mhi, lang), lang)})")


def _who(agents: Mapping[str, str], lang: str) -> str:
    """The measured players in words (the report measures a side's policy against the same policy)."""
    j, h = agents["jekyll"], agents["hyde"]
    if j != h or j not in _POLICY:
        raise ValueError(f"no words for the players {j!r} (Jekyll) and {h!r} (Hyde) in Jekyll vs Hyde's book; "
                         f"it words two players of one policy among {sorted(_POLICY)}")
    return f"entre deux joueurs {_POLICY[j][0]}" if lang == "fr" else f"between two {_POLICY[j][1]} players"


def _reading(out: Mapping[str, Any], reading_id: str) -> Mapping[str, Any]:
    return next(x for x in out["ambiguities"] if x["id"] == reading_id)


def _reached(out: Mapping[str, Any], a: Mapping[str, Any]) -> int | None:
    """In how many games the reading's situation arises (None: every game asks it)."""
    agents = a["agents"]
    return None if a["situation"] is None else int(a["situation_games"].get(f"{agents['jekyll']} vs {agents['hyde']}", 0))


def _pairs(a: Mapping[str, Any], here: str) -> list[tuple[str, Mapping[str, Any], bool]]:
    """Each other option with its paired difference against ``here`` (negated when ``here`` is not the default:
    the report pairs each option with the default only)."""
    default = a["adopted"]
    out = []
    for o in (r["option"] for r in a["readings"] if r["option"] != here):
        d = a["differences"][o] if here == default else a["differences"][here] if o == default else None
        if d is not None:
            out.append((o, d, here != default))
    return out


def impact(out: Mapping[str, Any], here: str, lang: str, reading_id: str, sides: tuple[str, str]) -> str:
    """What the other reading does, simulated, in an editor's words: how often the situation arises, how many
    games end otherwise, the two win rates, the paired difference with its 95 % margin and whether chance could
    make it (the method is said once, :func:`legend`; ``here``: this book's option; ``sides``: the glossary's
    names of Jekyll and Hyde). A rate has no interval of its own: the clarified rules' rate has its interval once,
    in the claim, and what a reading changes is the paired difference, with its margin."""
    w = effects.words(lang)
    a = _reading(out, reading_id)
    n, match = out["games"], a["setup"] == "expert"
    reached = _reached(out, a)
    text = effects.opening(n, reached, match, a["agents"] != out["agents"], lang)
    if reached == 0:
        return text
    rows = {r["option"]: r for r in a["readings"]}
    pairs = _pairs(a, here)
    if not pairs or all(not d["games_ending_differently"] for _, d, _ in pairs):
        return text + effects.changed(0, match, lang)
    for o, d, negate in pairs:
        text += effects.changed(d["games_ending_differently"], match, lang)
        if not d["games_ending_differently"]:
            continue
        (g, glo, ghi), (m, mlo, mhi) = difference(d, negate)
        side = sides[0] if match else sides[1]
        text += w["match_rates" if match else "game_rates"].format(
            side=side, here=rate(rows[here]["hyde_win_rate"], lang), other=rate(rows[o]["hyde_win_rate"], lang))
        wins = _plural(points(g, lang), _exact(g) * 100, ("point", "points"), "points", lang)
        text += w["gap"].format(d=wins, lo=points(glo, lang), hi=points(ghi, lang))
        still = m == mlo == mhi == 0
        if still:
            text += w["match_still" if match else "game_still"]
        else:
            moved = _plural(spaces(m, lang), _exact(m), ("case", "cases"), "spaces", lang)
            text += w["match_marker" if match else "game_marker"].format(side=sides[1], d=moved, lo=spaces(mlo, lang),
                                                                         hi=spaces(mhi, lang))
        real_wins, real_marker = told_apart(d)
        text += effects.verdict(real_wins, None if still else real_marker, match, lang)
    return text


def gap_line(out: Mapping[str, Any], reading_id: str, sides: tuple[str, str], lang: str) -> str:
    """The author's list's line for a measured reading: both readings' rates, the difference, signed, with its
    margin and whether it is real (the final marker named when only it is)."""
    w = effects.words(lang)
    a = _reading(out, reading_id)
    match = a["setup"] == "expert"
    pairs = _pairs(a, a["adopted"])
    if not pairs or all(not d["games_ending_differently"] for _, d, _ in pairs):
        return w["list_same"].format(n=number(out["games"], lang))
    o, d, _ = pairs[0]
    (g, glo, ghi), (m, _, _) = difference(d)
    real_wins, real_marker = told_apart(d)
    wins = _plural(points(g, lang), _exact(g) * 100, ("point", "points"), "points", lang)
    rows = {r["option"]: r for r in a["readings"]}  # both rates, so that the gap has its base
    text = w["list_match" if match else "list_game"].format(
        d=wins, side=sides[0] if match else sides[1], here=rate(rows[a["adopted"]]["hyde_win_rate"], lang),
        other=rate(rows[o]["hyde_win_rate"], lang), lo=points(glo, lang), hi=points(ghi, lang))
    text += w["real" if real_wins else "chance"]
    if real_marker and not real_wins and not match:
        text += w["list_marker"].format(d=_plural(spaces(m, lang), _exact(m), ("case", "cases"), "spaces", lang))
    return text + "."


def legend(spec: JekyllHydeSpec, out: Mapping[str, Any], lang: str) -> list[Block]:
    """The head of the open points: what the bracketed numbers are, and how the effects are measured, once (the
    book's ``block = "legend"`` rule words the method in its ``why``, the run's count and bound filled in)."""
    book = book_of(spec.id, spec)
    rule = next((r for r in book.rules if r.block == "legend" and r.why is not None), None)
    out_blocks: list[Block] = [Para(dress(effects.words(lang)["numbers"], lang))]
    if rule is not None and rule.why is not None:
        games = out["games"]
        context = {**_context(spec, lang), "measure.games": number(games, lang),
                   "measure.bound": rate(zero_bound(games), lang)}
        out_blocks.append(Para(dress(fill(rule.why.in_lang(lang), context, book.file), lang)))
    return out_blocks


def provenance(out: Mapping[str, Any], lang: str) -> list[Block]:
    """The technical note: the command that replays the measures (the method is said at the open points)."""
    command = COMMAND.format(games=out["games"])
    if lang == "fr":
        text = (f"Les donnes sont tirées dans un ordre fixé : la commande « {command} » rejoue les mêmes parties et "
                "redonne chaque chiffre de ce dossier à l'identique.")
    else:
        text = (f"The deals are drawn in a fixed order: the command “{command}” replays the same games and gives "
                "every figure of this dossier again, identically.")
    return [Para(dress(text, lang))]


def magnitude(out: Mapping[str, Any], reading_id: str) -> Fraction:
    """The largest paired difference of Hyde's win rate between an option and the default (to rank readings)."""
    a = next(x for x in out["ambiguities"] if x["id"] == reading_id)
    return max((abs(_exact(d["hyde_win_rate_difference_95"][0])) for d in a["differences"].values()),
               default=Fraction(0))


def claim(spec: JekyllHydeSpec, out: Mapping[str, Any], lang: str, sides: tuple[str, str]) -> list[Block]:
    """The text's claim (a book rule with ``block = "claim"``: its sources are the claim's sentences, its ``why``
    the editor's reading) beside what the simulated games measure of it: the side's win rate under the clarified
    rules, once, with its interval."""
    rule = next((r for r in book_of(spec.id, spec).rules if r.block == "claim"), None)
    if rule is None or rule.why is None:
        return []
    texts = {e.id: e.unit.text for inv in load_game(spec.id) for e in inv.entries}
    quote = " ".join(texts[s] for s in rule.sources)
    a = next(x for x in out["ambiguities"] if x["setup"] == "standard" and x["agents"] == out["agents"])
    row = next(r for r in a["readings"] if r["default"])
    lo, hi = (rate(x, lang) for x in row["hyde_win_rate_95"])
    n, who, hyde = number(out["games"], lang), _who(out["agents"], lang), sides[1]
    if lang == "fr":
        measure = (f"Sur {n} parties simulées {who}, {hyde} gagne {rate(row['hyde_win_rate'], lang)} des parties "
                   f"avec la règle clarifiée (marge à 95\u00a0% : {_span(lo, hi, lang)}).")
        return [Para(dress(f"« {quote} »", lang), label=dress("Affirmation : ", lang)),
                Para(dress(measure, lang), label=dress("Mesure : ", lang)),
                Para(dress(rule.why.fr, lang), label=dress("Lecture : ", lang))]
    measure = (f"Over {n} simulated games {who}, {hyde} wins {rate(row['hyde_win_rate'], lang)} of games under the "
               f"clarified rules (95% margin: {_span(lo, hi, lang)}).")
    return [Para(dress(f"“{quote}”", lang), label="Claim: "), Para(dress(measure, lang), label="Measure: "),
            Para(dress(rule.why.en, lang), label="Reading: ")]


def headings(spec: JekyllHydeSpec, lang: str) -> dict[str, Callable[[], list[Block]]]:
    """The round's sub-headings (« Phase 1 – Préparation », « Ordre des couleurs »…): a book rule with no text,
    ``block = "heading_<name>"`` and the sub-heading as its ``title``."""
    def heading(title: str) -> Callable[[], list[Block]]:
        return lambda: [Heading(dress(title, lang), 2)]
    return {r.block: heading(r.title.in_lang(lang)) for r in book_of(spec.id, spec).rules
            if r.block.startswith("heading_") and r.title is not None}


def _context(spec: JekyllHydeSpec, lang: str) -> dict[str, str]:
    """The generic placeholders plus the Evil cards' total (« 21 cartes Lutte », as the text counts them)."""
    return {**generic_facts(spec, lang).context, "lutte.count": number(len(spec.suits) * len(spec.values), lang)}


def names(spec: JekyllHydeSpec) -> set[str]:
    """The placeholders this game's book may use (the measures' two only in the dossier's method; Mr Hyde's
    simulated share in the player's book and aid)."""
    return set(_context(spec, "fr")) | {"measure.games", "measure.bound", *book_share.NAMES}


def facts(spec: JekyllHydeSpec, results: Mapping[str, Any] | None, lang: str, games: int | None = None) -> GameFacts:
    """The generic facts plus the round's sub-headings, each reading's simulated impact and the measures'
    provenance (run lazily, once); both are the dossier's. The player's book and aid state one simulated figure,
    Mr Hyde's share of wins, from the same run (:mod:`~songe.games.jekyll_hyde.book_share`)."""
    count = IMPACT_GAMES if games is None else games
    chosen = dict(spec.chosen)
    g = glossary.of(spec)
    sides = (g["jekyll"].name(lang), g["hyde"].name(lang))
    blocks = headings(spec, lang)
    out = dataclasses.replace(
        generic_facts(spec, lang), blocks=blocks,
        context=book_share.Lazy(_context(spec, lang),
                                book_share.context(spec, lambda: measured(spec, count), lang)),
        editor={"legend": lambda: legend(spec, measured(spec, count), lang),
                "figures": lambda: provenance(measured(spec, count), lang),
                "claim": lambda: claim(spec, measured(spec, count), lang, sides)},
        impact=lambda rid: dress(impact(measured(spec, count), chosen[rid], lang, rid, sides), lang),
        magnitude=lambda rid: magnitude(measured(spec, count), rid),
        gap=lambda rid: gap_line(measured(spec, count), rid, sides, lang),
        # the author's list prints the win-rate gap (magnitude): « significant » is that gap's, not the marker's
        significant=lambda rid: any(told_apart(d)[0] for d in next(
            a for a in measured(spec, count)["ambiguities"] if a["id"] == rid)["differences"].values()))
    return out
