"""What Réveil's clarified book computes: counts and names from the spec, odds from the results file.

The odds are read from ``docs/results/reveil.json`` (the same figures ``songe
solve`` gives, checked by ``tests/test_rulebook.py``); a reading combination
the file does not hold is solved afresh.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from songe.games.plugin import Lang
from songe.games.reveil import ReveilGame
from songe.games.reveil.narrate import narrate
from songe.games.reveil.render import row_en
from songe.games.reveil.state import EventKind
from songe.games.reveil.trace import parse_choices, parse_order, replay
from songe.rulebook.compose import GameFacts
from songe.rulebook.document import Block, Lines, Para, TableBlock
from songe.rulebook.typography import dress, number, odds, percent
from songe.spec.reveil import CardKind, ReveilSpec

_HEADERS = {"fr": {"dreams": ("Rêve", "Intensité", "Effet"), "thoughts": ("Pensée", "Effet"),
                   "levels": ("Niveau", "Lucidité", "Main", "Victoire, meilleur jeu")},
            "en": {"dreams": ("Dream", "Intensity", "Effect"), "thoughts": ("Thought", "Effect"),
                   "levels": ("Level", "Lucidité", "Hand", "Win, best play")}}


def values_key(spec: ReveilSpec) -> str:
    """The results file's key for the spec's readings ('defaults' or 'reading=option')."""
    changed = [f"{r}={o}" for r, o in spec.chosen if spec.reading(r).default != o]
    return "defaults" if not changed else ",".join(changed)


def level_odds(spec: ReveilSpec, results: Mapping[str, Any]) -> dict[str, Fraction]:
    """Optimal win probability per level under the spec's readings."""
    key = values_key(spec)
    if key in results["variants"]:
        return {lv: Fraction(v) for lv, v in results["variants"][key].items()}
    from songe.analysis.values import level_values
    from songe.games.reveil.exact import KIT
    from songe.games.reveil.setup import setups

    return level_values(spec, setups(spec, None), KIT)


def _main_level(spec: ReveilSpec) -> str:
    return next(lv.id for lv in spec.levels
                if (lv.lucidity, lv.hand_limit) == (spec.setup.lucidity, spec.setup.hand_limit))


def context(spec: ReveilSpec, values: Mapping[str, Fraction], lang: str) -> dict[str, str]:
    """Every ``{name}`` a Réveil book may use, from the spec and the optimal win probability per level."""
    count = {k: sum(c.copies for c in spec.cards if c.kind is k) for k in CardKind}
    r = spec.rules
    out = {"deck": number(len(spec.deck), lang), "dreams": number(count[CardKind.DREAM], lang),
           "thoughts": number(count[CardKind.THOUGHT], lang), "lucidity": number(spec.setup.lucidity, lang),
           "hand_limit": number(spec.setup.hand_limit, lang), "loss_cap": number(r.loss_cap, lang),
           "defeat_at": number(r.defeat_at, lang), "stop_drawing_at": number(r.stop_drawing_at, lang),
           "victory_min": number(r.victory_min_lucidity, lang)}
    out |= {f"card.{c.id}": c.name for c in spec.cards}
    for lv in spec.levels:
        out[f"level.{lv.id}.lucidity"] = number(lv.lucidity, lang)
        out[f"level.{lv.id}.hand_limit"] = number(lv.hand_limit, lang)
    out |= {f"win.{lv}": odds(v, lang) for lv, v in values.items()}
    return out


def names(spec: ReveilSpec) -> set[str]:
    """The placeholder names a Réveil book may use (for loading a book file)."""
    return set(context(spec, {lv.id: Fraction(0) for lv in spec.levels}, "fr"))


def impact(spec: ReveilSpec, results: Mapping[str, Any], lang: str, reading_id: str) -> str:
    """What each option of a reading does to the main level's optimal win probability (this book's option first)."""
    reading = spec.reading(reading_id)
    level = _main_level(spec)
    here = dict(spec.chosen)[reading_id]
    variants = results["variants"]

    def value(option: str) -> str | None:
        v = variants.get("defaults" if option == reading.default else f"{reading_id}={option}")
        return None if v is None else percent(v[level], lang)

    main = value(here)
    others = [x for x in (value(o) for o in reading.option_ids if o != here) if x is not None]
    if main is None or not others:
        return ""
    if lang == "fr":
        rest = others[0] if len(others) == 1 else ", ".join(others[:-1]) + " et " + others[-1]
        return (f"Probabilité de gagner au niveau {level} avec le meilleur jeu : {main} avec la règle de ce livre, "
                f"{rest} avec {'l’autre lecture' if len(others) == 1 else 'les autres lectures'}.")
    rest = others[0] if len(others) == 1 else ", ".join(others[:-1]) + " and " + others[-1]
    return (f"Probability of winning at level {level} with the best play: {main} under this book’s rule, "
            f"{rest} under the {'other reading' if len(others) == 1 else 'other readings'}.")


def _card_cells(spec: ReveilSpec) -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for c in spec.cards:
        name = c.name + (f" (×{c.copies})" if c.copies > 1 else "")
        out[c.id] = (name, str(c.intensity)) if c.kind is CardKind.DREAM else (name,)
    return out


def _levels(spec: ReveilSpec, values: Mapping[str, Fraction], lang: str) -> list[Block]:
    rows = tuple((lv.id.capitalize(), number(lv.lucidity, lang), number(lv.hand_limit, lang), odds(values[lv.id], lang))
                 for lv in spec.levels)
    return [TableBlock("", _HEADERS[lang]["levels"], rows)]


def _example(spec: ReveilSpec, lang: str) -> list[Block]:
    out: list[Block] = []
    for ex in spec.examples:
        level = spec.level(ex.level)
        game = ReveilGame(spec, level.lucidity, level.hand_limit)
        order = parse_order(game, list(ex.order), f"{spec.file}: example {ex.id!r}: its order")
        branch = replay(game, order, lambda s, legal: -1, parse_choices(game, list(ex.choices)))[0]
        code = Lang.FR if lang == "fr" else Lang.EN
        lines = tuple(dress(("  " * max(s.event.depth - 1, 0)) + _line(s.event, spec, code), lang)
                      for s in branch.steps
                      if s.event and s.event.kind not in (EventKind.CHAIN_START, EventKind.CHAIN_END))[:16]
        head = ("Le même début de partie, rejoué par le moteur de songe :" if lang == "fr"
                else "The same opening, replayed by songe’s engine:")
        out += [Para(dress(head, lang)), Lines(lines)]
    return out


def _line(event, spec: ReveilSpec, lang: Lang) -> str:
    """An event of the replay; in English a card's row is its English rule, not the engine's action."""
    if lang is Lang.EN and event.kind is EventKind.ROW:
        row = next(c for c in spec.cards if c.name == event.card).effects[event.amount or 0]
        return f"{event.card}: {row_en(row, spec)}"
    return narrate(event, spec, lang)


def proposal(spec: ReveilSpec, tune: Mapping[str, Any] | None, lang: str) -> list[Block]:
    """The fix songe proposes for « environ une partie sur deux », from ``songe tune``'s cached result.

    First the nearest set-up on the spec's deck (Lucidité and hand limit only); then, when the
    search also varied the cards and found a deck nearer still, that deck with what it changes.
    """
    if not tune or values_key(spec) != "defaults" or not tune.get("best"):
        return []
    near = tune.get("nearest") or {}
    best = near.get("same_deck") or next((b for b in tune["best"] if not b.get("cards")), None)
    if best is None:
        return []
    if lang == "fr":
        text = (f"Pour que cette phrase devienne vraie, songe propose : commence avec {number(best['lucidity'], lang)} "
                f"Lucidité et limite ta main à {_thoughts(best['hand_limit'], lang)}. Avec le meilleur jeu, tu "
                f"gagnes alors {odds(best['value'], lang)} des parties, la valeur exacte la plus proche d’une sur deux "
                "parmi les mises en place essayées avec ce paquet.")
    else:
        text = (f"To make that sentence true, songe proposes: start with {number(best['lucidity'], lang)} Lucidité "
                f"and a hand limit of {_thoughts(best['hand_limit'], lang)}. With the best play you then win "
                f"{odds(best['value'], lang)} of games, the exact value nearest one in two among the set-ups tried with this deck.")
    out: list[Block] = [Para(dress(text, lang))]
    deck = near.get("card_changes")
    if deck and Fraction(deck["distance"]) < Fraction(best["distance"]):
        changes = _deck_changes(spec, deck, lang)
        if changes:
            text = (f"En changeant aussi le nombre d’exemplaires des cartes, songe trouve plus proche encore : "
                    f"{changes}. Avec le meilleur jeu, tu gagnes alors {odds(deck['value'], lang)} des parties."
                    if lang == "fr" else
                    f"Changing the number of copies of the cards as well, songe finds nearer still: {changes}. "
                    f"With the best play you then win {odds(deck['value'], lang)} of games.")
            out.append(Para(dress(text, lang)))
    return out


def _thoughts(n: int, lang: str) -> str:
    if lang == "fr":
        return f"{number(n, lang)} Pensée{'s' * (n > 1)}"
    return f"{number(n, lang)} Thought{'s' * (n != 1)}"


def _deck_changes(spec: ReveilSpec, found: Mapping[str, Any], lang: str) -> str:
    """A tuned set-up's changes from the spec's, in words (empty if the cache no longer fits the spec)."""
    fr = lang == "fr"
    parts = []
    if found["lucidity"] != spec.setup.lucidity:
        n = number(found["lucidity"], lang)
        parts.append(f"commence avec {n} Lucidité" if fr else f"start with {n} Lucidité")
    if found["hand_limit"] != spec.setup.hand_limit:
        n = _thoughts(found["hand_limit"], lang)
        parts.append(f"limite ta main à {n}" if fr else f"limit your hand to {n}")
    if not parts:
        parts.append("garde ta Lucidité et ta main de départ" if fr else "keep the starting Lucidité and hand limit")
    copies = {c.id: c for c in spec.cards}
    for change in found["cards"]:
        card = copies.get(change["card"])
        if card is None or card.copies != change["before"]:
            return ""
        after, before = number(change["after"], lang), number(change["before"], lang)
        if change["after"] == 0:
            parts.append(f"retire {card.name} du paquet" if fr else f"take {card.name} out of the deck")
        elif fr:
            parts.append(f"mets {after} exemplaire{'s' * (change['after'] > 1)} de {card.name} au lieu de {before}")
        else:
            parts.append(f"use {after} cop{'ies' if change['after'] > 1 else 'y'} of {card.name} instead of {before}")
    last = " et " if fr else " and "
    return ", ".join(parts[:-1]) + last + parts[-1] if len(parts) > 1 else parts[0]


def facts(spec: ReveilSpec, results: Mapping[str, Any], lang: str,
          tune: Mapping[str, Any] | None = None) -> GameFacts:
    """Réveil's facts for its book, under the spec's readings (``tune``: the cached ``songe tune`` result)."""
    values = level_odds(spec, results)
    table = {c.id: ("dreams" if c.kind is CardKind.DREAM else "thoughts") for c in spec.cards}
    return GameFacts(lang=lang, chosen=dict(spec.chosen), context=context(spec, values, lang),
                     readings=spec.readings, card_cells=_card_cells(spec),
                     card_headers={k: v for k, v in _HEADERS[lang].items() if k != "levels"}, card_table=table,
                     blocks={"levels": lambda: _levels(spec, values, lang), "example": lambda: _example(spec, lang),
                             "claim": lambda: proposal(spec, tune, lang)},
                     impact=lambda rid: impact(spec, results, lang, rid))
