"""The technical note that closes Réveil's editor's dossier: how its figures were measured, said once, their exact
values, and the commands that give them again.

The dossier's prose reads as an editor's notes (percentages, points of percentage); the exact fractions and the
software's commands, which an editor does not read but a checker needs, stand here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from songe.rulebook.document import Block, Para, TableBlock
from songe.rulebook.typography import dress, fraction, percent
from songe.spec.reveil import ReveilSpec

_WORDS: dict[str, dict[str, Any]] = {
    "fr": {"method": "Chaque chiffre de ce dossier est une probabilité exacte : toutes les façons dont le paquet peut "
                     "sortir sont parcourues, et le joueur joue au mieux à chaque choix en se souvenant des cartes "
                     "sorties (ou, pour des conseils, suit leurs règles). Les pourcentages sont arrondis au centième ; "
                     "l’écart entre deux lectures se compte en points de pourcentage. Valeurs exactes :",
           "head": ("Chiffre", "Valeur exacte", "Arrondi"), "best": "niveau {lv}, meilleur jeu",
           "tips": "niveau {lv}, conseils du livre", "rules": "niveau {lv}, conseils courts ({n} règle{s})",
           "reading": "niveau {lv}, point {n}, autre lecture{k}", "setup": "mise en place la plus proche d’une "
           "partie sur deux", "deck": "suggestion pour l’auteur (exemplaires changés)",
           "commands": "Pour les recalculer : songe solve {game} (chaque niveau) ; songe ambiguities {game} (chaque "
                       "lecture) ; songe strategies {game} --learn (conseils courts) ; songe tune {game} (mise en "
                       "place) ; songe rulebook {game} --write-results FICHIER (tous les chiffres du livre et de ce "
                       "dossier)."},
    "en": {"method": "Every figure of this dossier is an exact probability: every way the deck can come out is gone "
                     "through, and the player plays their best at each choice, remembering the cards seen (or, for "
                     "tips, follows their rules). Percentages are rounded to the hundredth; the gap between two "
                     "readings is counted in percentage points. Exact values:",
           "head": ("Figure", "Exact value", "Rounded"), "best": "{lv} level, best play",
           "tips": "{lv} level, the book’s tips", "rules": "{lv} level, short tips ({n} rule{s})",
           "reading": "{lv} level, point {n}, other reading{k}", "setup": "set-up nearest one game in two",
           "deck": "suggestion for the author (copies changed)",
           "commands": "To compute them again: songe solve {game} (each level); songe ambiguities {game} (each "
                       "reading); songe strategies {game} --learn (short tips); songe tune {game} (set-up); songe "
                       "rulebook {game} --write-results FILE (every figure of the book and of this dossier)."},
}


def note(spec: ReveilSpec, values: Mapping[str, Fraction], results: Mapping[str, Any],
         strategies: Mapping[str, Any] | None, tune: Mapping[str, Any] | None, lang: str,
         name: Callable[[str], str]) -> list[Block]:
    """The method in a paragraph, a table of every exact value the dossier rounds (``values``: each level's best
    play under the spec's readings; ``name``: a level's printed name), and the commands."""
    w = _WORDS[lang]
    ordered = {lv.id: values[lv.id] for lv in spec.levels if lv.id in values}  # the spec's order of levels
    rows = [*_levels(ordered, strategies, w, name), *_readings(spec, results, w, name), *_tune(tune, w)]
    if not rows:
        return []
    table = tuple((dress(label[:1].upper() + label[1:], lang), fraction(v, lang), percent(v, lang)) for label, v in rows)
    return [Para(dress(str(w["method"]), lang)), TableBlock("", tuple(w["head"]), table),
            Para(dress(str(w["commands"]).format(game=_named(spec)), lang))]


def _named(spec: ReveilSpec) -> str:
    """The game as the commands name it: the shipped spec by the game's id, any other by its file as the user ran
    it (a designer's ``songe solve my_game.toml``: the shipped game's commands give the shipped game's figures; an
    unchanged copy's are the same)."""
    from songe.games.reveil.plugin import FAMILY  # the family imports the book: only when asked
    from songe.games.reveil.spec_figures import is_shipped

    return FAMILY.id if is_shipped(spec) else spec.file


def _levels(values: Mapping[str, Fraction], strategies: Mapping[str, Any] | None, w: Mapping[str, Any],
            name: Callable[[str], str]) -> list[tuple[str, Fraction]]:
    """Each level's best play, then the book's tips and the short tips learned there (when they fit these odds)."""
    out = []
    learned = {row["level"]: row for row in (strategies or {}).get("levels", ())}
    tips = ((strategies or {}).get("advice") or {}).get("values", {})
    for lv, best in values.items():
        out.append((w["best"].format(lv=name(lv)), best))
        frontier = learned.get(lv)
        if frontier is None or Fraction(frontier["optimal"]) != best:
            continue  # learned for other odds: the dossier does not print them
        if lv in tips:
            out.append((w["tips"].format(lv=name(lv)), Fraction(tips[lv])))
        out += [(w["rules"].format(lv=name(lv), n=f["rules"], s="s" if f["rules"] > 1 else ""), Fraction(f["value"]))
                for f in frontier["frontier"] if f["rules"]]
    return out


def _readings(spec: ReveilSpec, results: Mapping[str, Any], w: Mapping[str, Any],
              name: Callable[[str], str]) -> list[tuple[str, Fraction]]:
    """Each reading's other options at the level the dossier measures them (its points numbered as the dossier's)."""
    level, variants = results.get("witness_level", ""), results.get("variants", {})
    out = []
    for n, r in enumerate(spec.readings, 1):
        others = r.option_ids[1:]
        for k, o in enumerate(others, 1):
            v = variants.get(f"{r.id}={o}", {}).get(level)
            if v is not None:
                out.append((w["reading"].format(lv=name(level), n=n, k=f" {k}" if len(others) > 1 else ""), Fraction(v)))
    return out


def _tune(tune: Mapping[str, Any] | None, w: Mapping[str, Any]) -> list[tuple[str, Fraction]]:
    """The set-up nearest one game in two, and the nearer deck the author may consider."""
    near = (tune or {}).get("nearest") or {}
    return [(w[key], Fraction(near[name]["value"])) for key, name in (("setup", "same_deck"), ("deck", "card_changes"))
            if near.get(name)]
