"""What Réveil's clarified book computes: counts and names from the spec, odds from the results file.

The odds come from ``docs/results/reveil.json`` (the same figures ``songe
solve`` gives, checked by ``tests/test_rulebook.py``); a reading combination
the file does not hold is solved afresh. The player's book states them; the
dossier adds what each reading changes, its witness, the claims of the
original measured and the nearest set-up that would make « environ une partie
sur deux » true (from ``songe tune``'s cached result).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from songe.games.reveil.absent import cut, gone_names, left_out_notes, left_out_points
from songe.games.reveil.draft import answer, concern, redraft, renames_in, restate, said_in, shipped, stale_examples
from songe.games.reveil.spec_figures import is_shipped, sampled_blocks, values_key
from songe.games.reveil.versus import versus
from songe.rulebook.compose import GameFacts
from songe.rulebook.document import Block, Heading, Para, Steps, TableBlock
from songe.rulebook.typography import about, dress, listed, number, odds, percent, whole_percent
from songe.spec import glossary
from songe.spec.reveil import CardKind, ClaimKind, ReveilSpec
from songe.spec.sources import spec_dir
from songe.spec.vocabulary.reveil import Verb

if TYPE_CHECKING:
    from songe.games.reveil.advice import Advice


def _headers(spec: ReveilSpec, lang: str) -> dict[str, tuple[str, ...]]:
    """The tables' column titles, the game's terms from its glossary."""
    g = glossary.of(spec)
    dream, thought, intensity, lucidity, hand, level = (g[t].name(lang, capital=True) for t in (
        "dream", "thought", "intensity", "lucidity", "hand", "level"))
    effect, win = ("Effet", "En jouant au mieux") if lang == "fr" else ("Effect", "With perfect play")
    return {"dreams": (dream, intensity, effect), "thoughts": (thought, effect),
            "levels": (level, lucidity, hand, win)}


def _term(spec: ReveilSpec, term: str, n: int, lang: str) -> str:
    """``n`` and the game's word for it (its plural from 2 in French, from 0 in English)."""
    plural = n > 1 if lang == "fr" else n != 1
    return f"{number(n, lang)} {glossary.of(spec)[term].name(lang, plural)}"


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
    out = {"game": spec.name, "deck": number(len(spec.deck), lang), "dreams": number(count[CardKind.DREAM], lang),
           "thoughts": number(count[CardKind.THOUGHT], lang), "lucidity": number(spec.setup.lucidity, lang),
           "hand_limit": number(spec.setup.hand_limit, lang), "loss_cap": number(r.loss_cap, lang),
           "defeat_at": number(r.defeat_at, lang), "stop_drawing_at": number(r.stop_drawing_at, lang),
           "victory_min": number(r.victory_min_lucidity, lang)}
    out |= {f"card.{c.id}": c.name for c in spec.cards}
    out["extra_loss_named"] = _named(spec, Verb.EXTRA_LOSS, lang)
    for lv in spec.levels:
        out[f"level.{lv.id}.lucidity"] = number(lv.lucidity, lang)
        out[f"level.{lv.id}.hand_limit"] = number(lv.hand_limit, lang)
    out |= {f"win.{lv}": odds(v, lang) for lv, v in values.items()}
    out |= {f"pct.{lv}": percent(v, lang) for lv, v in values.items()}
    out |= {f"about.{lv}": about(v, lang) for lv, v in values.items()}
    return out | versus(spec, values, lang, shipped())


def _named(spec: ReveilSpec, verb: Verb, lang: str) -> str:
    """The cards one of whose rows does ``verb``, as a rule names them in passing: `` (A, B et C)``, or "" when
    no card does (a rule about a dream's added loss names this deck's cards, never the shipped game's)."""
    cards = [c.name for c in spec.cards if any(r.verb is verb for r in c.effects)]
    if not cards:
        return ""
    return f" ({listed(cards, lang)})"


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
    options = [value(o) for o in reading.option_ids if o != here]  # numbered as the dossier numbers them
    others = [x for x in options if x is not None]
    if main is None or not others:
        return ""
    fr = lang == "fr"
    if len(options) == 1:
        rest = f"{others[0]} avec l’autre lecture" if fr else f"{others[0]} under the other reading"
    else:
        said = [f"{x} avec la lecture {k}" if fr else f"{x} under reading {k}"
                for k, x in enumerate(options, 1) if x is not None]
        rest = ", ".join(said[:-1]) + (" et " if fr else " and ") + said[-1]
    if fr:
        return f"Probabilité de gagner au niveau {level} avec le meilleur jeu : {main} avec la règle de ce livre, {rest}."
    return f"Probability of winning at level {level} with the best play: {main} under this book’s rule, {rest}."


def _card_cells(spec: ReveilSpec) -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for c in spec.cards:
        name = c.name + (f" (×{c.copies})" if c.copies > 1 else "")
        out[c.id] = (name, str(c.intensity)) if c.kind is CardKind.DREAM else (name,)
    return out


def level_name(level: str, lang: str) -> str:
    """A level's name as printed (« Facile »; in English « Easy »): the words of the aid's ``[aid.terms]``."""
    from songe.spec.aid import aid_of

    return aid_of("reveil.toml").term(level.capitalize(), lang)


def by_difficulty(spec: ReveilSpec) -> list[str]:
    """The level ids from easiest to hardest when a ladder claim of the spec says so (the text's order of
    difficulty), else in the spec's order."""
    ladder = next((c.order for c in spec.claims if c.kind is ClaimKind.LADDER and c.order), ())
    ids = [lv.id for lv in spec.levels]
    return [lv for lv in ladder if lv in ids] + [lv for lv in ids if lv not in ladder]


#: The levels table's column of the strategy tips' win rates.
TIPS_COLUMN = {"fr": "Avec les conseils", "en": "With the tips"}


def _levels(spec: ReveilSpec, values: Mapping[str, Fraction], lang: str) -> list[Block]:
    """The levels from easiest to hardest, each with its win rate with perfect play and, when the book gives
    strategy tips, with those tips (one table: each figure said once), in whole percentages as a player reads them."""
    levels = {lv.id: lv for lv in spec.levels}
    found = _advice(spec, values, lang)
    tips = {lv: whole_percent(v, lang) for lv, v, _ in found.rows} if found else {}
    head = _headers(spec, lang)["levels"] + ((TIPS_COLUMN[lang],) if tips else ())
    rows = tuple((level_name(i, lang), number(levels[i].lucidity, lang), number(levels[i].hand_limit, lang),
                  whole_percent(values[i], lang), *((tips.get(i, ""),) if tips else ())) for i in by_difficulty(spec))
    return [TableBlock("", head, rows)]


def proposal(spec: ReveilSpec, tune: Mapping[str, Any] | None, lang: str) -> list[Block]:
    """What would make « environ une partie sur deux » true, from ``songe tune``'s cached result (the dossier's).

    First the nearest set-up on the spec's deck (Lucidité and hand limit only), said as its changes from the
    normal set-up; then, when the search also varied the cards and found a deck nearer still, that deck, what it
    changes and how many cards it then has.
    """
    if not tune or values_key(spec) != "defaults" or not tune.get("best"):
        return []
    near = tune.get("nearest") or {}
    best = near.get("same_deck") or next((b for b in tune["best"] if not b.get("cards")), None)
    if best is None:
        return []
    fr = lang == "fr"
    setup = _deck_changes(spec, {**best, "cards": []}, lang)
    text = (f"Pour que cette phrase devienne vraie avec ce paquet, la mise en place la plus proche d’une partie sur "
            f"deux est : {setup}. Avec le meilleur jeu, on gagne alors {percent(best['value'], lang)} des parties."
            if fr else
            f"To make that sentence true with this deck, the set-up nearest one game in two is: {setup}. With the "
            f"best play one then wins {percent(best['value'], lang)} of games.")
    out: list[Block] = [Para(dress(text, lang))]
    deck = near.get("card_changes")
    if deck and Fraction(deck["distance"]) < Fraction(best["distance"]):
        changes = _deck_changes(spec, deck, lang)
        if changes:
            size = number(len(spec.deck) + sum(c["after"] - c["before"] for c in deck["cards"]), lang)
            # changing the cards goes beyond clarifying: a suggestion for the author, not this edition's rule
            text = (f"Suggestion pour l’auteur, hors de cette édition, qui garde les cartes de l’original : en "
                    f"changeant aussi le nombre d’exemplaires des cartes, on trouve plus proche encore : "
                    f"{changes} ; le paquet compterait alors {size} cartes. Avec le meilleur jeu, on gagnerait "
                    f"alors {percent(deck['value'], lang)} des parties." if fr else
                    f"A suggestion for the author, outside this edition, which keeps the original cards: changing "
                    f"the number of copies of the cards as well comes nearer still: {changes}; the deck would then "
                    f"have {size} cards. With the best play one would then win {percent(deck['value'], lang)} of "
                    f"games.")
            out.append(Para(dress(text, lang)))
    return out


def _thoughts(spec: ReveilSpec, n: int, lang: str) -> str:
    return _term(spec, "thought", n, lang)


def _deck_changes(spec: ReveilSpec, found: Mapping[str, Any], lang: str) -> str:
    """A tuned set-up's changes from the spec's, in words (empty if the cache no longer fits the spec)."""
    fr = lang == "fr"
    parts = []
    if found["lucidity"] != spec.setup.lucidity:
        n = _term(spec, "lucidity", found["lucidity"], lang)
        parts.append(f"commencer avec {n}" if fr else f"start with {n}")
    if found["hand_limit"] != spec.setup.hand_limit:
        n = _thoughts(spec, found["hand_limit"], lang)
        parts.append(f"limiter la main à {n}" if fr else f"limit the hand to {n}")
    if not parts:
        g = glossary.of(spec)
        parts.append(f"garder {g['lucidity'].the(lang)} et {g['hand'].the(lang)} de départ" if fr else
                     f"keep the starting {g['lucidity'].name(lang)} and {g['hand'].name(lang)} limit")
    copies = {c.id: c for c in spec.cards}
    for change in found["cards"]:
        card = copies.get(change["card"])
        if card is None or card.copies != change["before"]:
            return ""
        after, before = number(change["after"], lang), number(change["before"], lang)
        if change["after"] == 0:
            parts.append(f"retirer {card.name} du paquet" if fr else f"take {card.name} out of the deck")
        elif fr:
            parts.append(f"mettre {after} exemplaire{'s' * (change['after'] > 1)} de {card.name} au lieu de {before}")
        else:
            parts.append(f"use {after} cop{'ies' if change['after'] > 1 else 'y'} of {card.name} instead of {before}")
    return listed(parts, lang)


_VERDICT = {"fr": {"holds": "vrai", "does not hold": "faux", "holds only under": "vrai avec certaines lectures "
                  "seulement"},
            "en": {"holds": "true", "does not hold": "false", "holds only under": "true under some readings only"}}


def claims(spec: ReveilSpec, results: Mapping[str, Any], tune: Mapping[str, Any] | None, lang: str) -> list[Block]:
    """Each checkable sentence of the original, its verdict and the measure under this book's readings; after
    « environ une partie sur deux », what would make it true."""
    from songe.analysis.claims import level_figures  # noqa: PLC0415  (the claims' own reading of a sentence)

    fr = lang == "fr"
    verdicts = {c["id"]: c["verdict"] for c in results.get("claims", ())}
    values = level_odds(spec, results)
    out: list[Block] = []
    for c in spec.claims:
        verdict = verdicts.get(c.id, "")
        key = next((k for k in _VERDICT[lang] if verdict.startswith(k) and (k != "holds" or verdict == k)), "")
        said = _VERDICT[lang].get(key, verdict)
        if c.level:
            every = [Fraction(v[c.level]) for v in results["variants"].values()]
            low, high = percent(min(every), lang), percent(max(every), lang)
            measure = (f"au niveau {c.level}, avec le meilleur jeu, on gagne {percent(values[c.level], lang)} des "
                       f"parties ; selon les lectures, entre {low} et {high}" if fr else
                       f"at level {c.level}, with the best play, one wins {percent(values[c.level], lang)} of games; "
                       f"depending on the readings, between {low} and {high}")
            said, measure = _with_tips(spec, values, c, said, measure, lang)
        elif c.order:
            measure = " > ".join(f"{lv} {percent(values[lv], lang)}" for lv in c.order)
            stale = [(f"{lv} {glossary.of(spec)[t].count(n, lang)}", real) for lv, t, n, real in level_figures(c, spec)]
            if stale:  # why a ladder that still holds is false as quoted
                measure += ("; mais la phrase donne " if fr else "; but the sentence gives ") + ", ".join(
                    f"{said} ({'la spec' if fr else 'the spec'} : {real})" if fr else f"{said} (the spec: {real})"
                    for said, real in stale)
        else:
            count = {k: sum(x.copies for x in spec.cards if x.kind is k) for k in CardKind}
            d, t = (_term(spec, k, count[c], lang) for k, c in (("dream", CardKind.DREAM), ("thought", CardKind.THOUGHT)))
            cards = _term(spec, "card", len(spec.deck), lang)
            measure = (f"la liste des cartes compte {d} et {t}, {cards}" if fr else f"the card list has {d} and {t}, {cards}")
        text = f"« {c.quote} » — {said} : {measure}." if fr else f"“{c.quote}” — {said}: {measure}."
        out.append(Para(dress(text, lang)))
        if c.level:
            out += proposal(spec, tune, lang)
    return out


def _with_tips(spec: ReveilSpec, values: Mapping[str, Fraction], c: Any, said: str, measure: str,
               lang: str) -> tuple[str, str]:
    """A « near » claim false with the best play but true with the book's own tips: one verdict that says both,
    so that the dossier never calls the same sentence false here and true beside it (« une bonne stratégie »
    may be the tips')."""
    found = _advice(spec, values, lang)
    tips = next((v for lv, v, _ in found.rows if lv == c.level), None) if found else None
    if tips is None or c.target is None or c.tolerance is None or abs(tips - c.target) > c.tolerance:
        return said, measure
    fr = lang == "fr"
    best = _VERDICT[lang]["does not hold"]
    if said != best:  # true with the best play already: the tips' figure adds nothing to the verdict
        return said, measure
    return ((f"{best} avec le meilleur jeu, vrai en suivant les conseils du livre" if fr else
             f"{best} with the best play, true following the book's tips"),
            measure + (f" ; en suivant les conseils du livre, on en gagne {percent(tips, lang)}" if fr else
                       f"; following the book's tips, one wins {percent(tips, lang)}"))


def witness(spec: ReveilSpec, results: Mapping[str, Any], lang: str, reading_id: str, option: str) -> str:
    """The stored witness of an option against the adopted reading, told: the deck's order and each side's odds."""
    found = results.get("witnesses", {}).get(f"{reading_id}={option}")
    if not found:
        return ""
    fr, level = lang == "fr", results.get("witness_level", "")
    w = found["witness"]
    if w is None:
        if found["note"].startswith("no game changes the outcome"):
            return ("aucune partie ne change d’issue, quels que soient l’ordre des cartes et les choix du joueur."
                    if fr else "no game changes its outcome, whatever the order of the cards and the player’s choices.")
        return "aucun exemple trouvé dans la recherche bornée." if fr else "no example found by the bounded search."
    reading = spec.reading(reading_id)
    adopted = dict(spec.chosen).get(reading_id, reading.default)

    def wins(label: str) -> str:
        p = sum((Fraction(r["probability"]) for r in w["results"].get(label, ()) if r["outcome"] == "win"), Fraction(0))
        if p in (0, 1):
            return ("tu gagnes" if p else "tu perds") if fr else ("you win" if p else "you lose")
        return f"tu gagnes avec une probabilité de {percent(p, lang)}" if fr else f"you win with probability {percent(p, lang)}"

    from songe.games.reveil.witness_story import story

    order = ", ".join(w["order"])
    played = ", ".join(w["choices"])
    others = [o for o in reading.option_ids if o != adopted]  # numbered as the dossier numbers them
    k = others.index(option) + 1 if len(others) > 1 else 0  # 0: the only other reading
    told = story(spec, reading_id, option, level, w["order"], w["choices"], lang, k)
    if fr:
        first = f" d’abord {played}, puis" if played else ""
        other = f"avec la lecture {k}" if k else "avec l’autre"
        return (f"au niveau {level}, le paquet sort dans cet ordre : {order}. Tu joues{first} au mieux : "
                f"{wins(adopted)} avec la lecture retenue, {wins(option)} {other}. {told}")
    first = f" {played} first, then" if played else ""
    other = f"under reading {k}" if k else "under the other"
    return (f"at level {level}, the deck comes out in this order: {order}. You play{first} your best: "
            f"{wins(adopted)} under the adopted reading, {wins(option)} {other}. {told}")


def magnitude(spec: ReveilSpec, results: Mapping[str, Any], reading_id: str) -> Fraction | None:
    """How far a reading's options move the main level's optimal win probability (None if not in the file): the
    gap between the two figures as the dossier prints them (81,56 % − 71,44 % reads 10,12, not the exact 10,13),
    the exact one only when the printed figures are equal but the readings are not."""
    gaps = _gaps(spec, results, reading_id)
    return max(gaps)[0] if gaps else None


def widest(spec: ReveilSpec, results: Mapping[str, Any], reading_id: str) -> str:
    """The other option of a reading whose gap is its :func:`magnitude` ("" if not in the file)."""
    gaps = _gaps(spec, results, reading_id)
    return max(gaps)[1] if gaps else ""


def _gaps(spec: ReveilSpec, results: Mapping[str, Any], reading_id: str) -> list[tuple[Fraction, str]]:
    """Each other option's printed gap to the adopted reading at the main level, with the option."""
    reading, level, variants = spec.reading(reading_id), _main_level(spec), results.get("variants", {})
    base = variants.get("defaults")
    return [(_printed_gap(Fraction(v[level]), Fraction(base[level])), o) for o in reading.option_ids[1:]
            if base and (v := variants.get(f"{reading_id}={o}"))]


def _printed_gap(a: Fraction, b: Fraction) -> Fraction:
    """|a − b| from the percentages as printed (two places), or exact when those round alike.

    >>> _printed_gap(Fraction(8156, 10000) + Fraction(1, 10**6), Fraction(7144, 10000) + Fraction(4, 10**5))
    Fraction(253, 2500)
    """
    def shown(x: Fraction) -> Fraction:
        return Fraction(round(x * 10000), 10000)  # round() on a Fraction is half-even, as percent() rounds
    return abs(shown(a) - shown(b)) or abs(a - b)


def results(spec: ReveilSpec) -> dict[str, Any]:
    """Every figure of the book solved afresh: the shipped spec's all (minutes; the docs read them from the
    results file instead), a user's spec its level odds and claims (:mod:`songe.games.reveil.spec_figures`)."""
    from songe.games.reveil.results import reveil_results
    from songe.games.reveil.spec_figures import figures, is_shipped

    return reveil_results(spec) if is_shipped(spec) else figures(spec)


def _tune(spec: ReveilSpec) -> dict[str, Any] | None:
    """``songe tune reveil``'s cached result, if the docs hold one and it was searched from this spec."""
    from songe.games.reveil.spec_figures import is_shipped

    path = spec_dir().parent / "docs" / "results" / "reveil_tune.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() and is_shipped(spec) else None


def _advice(spec: ReveilSpec, values: Mapping[str, Fraction], lang: str) -> Advice | None:
    """The cached advice if it was learned for these very odds (levels from easiest to hardest), else None."""
    from songe.games.reveil.advice import load_cache
    from songe.games.reveil.advice import strategy_advice as advice

    if not is_shipped(spec) or values_key(spec) != "defaults":  # learned on the shipped deck and readings
        return None
    ordered = {lv: values[lv] for lv in by_difficulty(spec) if lv in values}
    return advice(load_cache(), ordered, lang)


def strategy_advice(spec: ReveilSpec, values: Mapping[str, Fraction], lang: str) -> list[Block]:
    """The "Conseils de stratégie" block: a short learned strategy (its odds are a column of the levels table).

    Shown only when the cached frontier (``docs/results/reveil_strategies.json``) was learned for these very
    odds: under another reading or an edited spec it would be stale, so the block is left out.
    """
    found = _advice(spec, values, lang)
    if found is None:
        return []
    main = _main_level(spec)
    rate = next((v for lv, v, _ in found.rows if lv == main), None)
    level = level_name(main, lang)
    said = ([] if rate is None else [Para(dress(
        f"Établis pour le niveau {level}, ils y font gagner {about(rate, lang)} ; la colonne "
        f"« {TIPS_COLUMN[lang]} » du tableau des niveaux donne ce qu’ils valent à chaque niveau."
        if lang == "fr" else
        f"Worked out for the {level} level, they let you win {about(rate, lang)} there; the levels table’s "
        f"“{TIPS_COLUMN[lang]}” column gives what they are worth at every level.", lang))])
    # the key idea leads the list it explains, so that a page break never leaves it alone on the next page
    return [Heading("Conseils de stratégie" if lang == "fr" else "Strategy tips", 2),
            *said, Steps(" ".join(_key_idea(spec, lang)), tuple(dress(s, lang) for s in found.sentences))]


#: A tip's condition that a card is still in the deck, as the learned strategy writes it.
_IN_DECK = re.compile(r"deck\[(\w+)\]\s*>=\s*1")


def _key_idea(spec: ReveilSpec, lang: str) -> list[str]:
    """The idea behind a tip that holds thoughts back while a card may still come (keep one thought while a given
    dream is still in the deck), read from the learned strategy's own rules."""
    from songe.games.reveil.advice import load_cache

    cards = {c.id: c for c in spec.cards}
    out: list[str] = []
    for rule in (load_cache() or {}).get("advice", {}).get("strategy", ()):
        m = _IN_DECK.fullmatch(str(rule.get("if", "")))
        kept = [cards[x].name for x in rule.get("except", ()) if x in cards]
        if m and kept and m.group(1) in cards:
            card = cards[m.group(1)]
            what = f"{card.name} ({glossary.of(spec)['intensity'].name(lang, capital=True)} {card.intensity})"
            both = (" ou " if lang == "fr" else " or ").join(kept)
            # the rule after it still plays the kept thought when it is the only one held: say that, not "keep it"
            out.append(dress(glossary.fill(glossary.of(spec), (
                "Idée clé : tant que {what} peut encore sortir, ne joue {both} que si tu n’as aucune autre {t.thought}."
                if lang == "fr" else
                "Key idea: while {what} may still come up, play {both} only if you hold no other {t.thought}."),
                lang, what=what, both=both), lang))
    return out


def frontier_blocks(spec: ReveilSpec, values: Mapping[str, Fraction], lang: str) -> list[Block]:
    """The dossier's whole frontier of learned strategies: per level, the best found with 1, 2, … rules, its
    exact odds beside the best play's, and its rules in words (from the cached ``songe strategies --learn``).

    Left out, like the book's advice, when the cache was learned for other odds (another reading, a spec copy).
    """
    from songe.games.reveil.advice import load_cache

    cached = load_cache()
    if not cached or values_key(spec) != "defaults":
        return []
    levels = [row for row in cached.get("levels", ()) if row["level"] in values
              and Fraction(row["optimal"]) == values[row["level"]]]
    if not levels:
        return []
    fr = lang == "fr"
    out: list[Block] = [Heading("Conseils courts tirés du meilleur jeu" if fr else
                                "Short tips drawn from the best play", 2),
                        Para(dress("Pour chaque niveau, la meilleure stratégie trouvée avec au plus 1, 2, 3… règles, "
                                   "et sa probabilité de gagner à côté de celle du meilleur jeu. Le livre du "
                                   "joueur donne celle d’un seul niveau (Conseils de stratégie) ; sous chaque niveau, "
                                   "« Conseils du livre » dit ce qu’elle y vaut : c’est la colonne « Avec les "
                                   "conseils » de son tableau des niveaux." if fr else
                                   "For each level, the best strategy found with at most 1, 2, 3… rules, and its "
                                   "probability of winning beside the best play’s. The player’s book gives that of one "
                                   "level only (Strategy tips); under each level, “The book’s tips” says what it is "
                                   "worth there: it is the “With the tips” column of its levels table.", lang))]
    book = cached.get("advice") or {}
    # the strategy with no rule at all, said once when it never wins at any level (a line per level said 0,00 %)
    bare = [f for row in levels for f in row["frontier"] if not f["rules"]]
    never = bool(bare) and all(Fraction(f["value"]) == 0 for f in bare)
    if never:
        said = bare[0][lang][0][:1].lower() + bare[0][lang][0][1:].rstrip(".")
        out.append(Para(dress(f"Sans aucune règle ({said}), on ne gagne à aucun niveau." if fr else
                              f"With no rule at all ({said}), one wins at no level.", lang)))
    head = ("Règles", "Gagne", "Les règles, dans l’ordre") if fr else ("Rules", "Wins", "The rules, in order")
    for row in levels:
        best = Fraction(row["optimal"])
        out.append(Para(dress(f"Niveau {level_name(row['level'], lang)} — meilleur jeu : {percent(best, lang)}" if fr else
                              f"Level {level_name(row['level'], lang)} — best play: {percent(best, lang)}", lang)))
        tips = book.get("values", {}).get(row["level"])
        if tips is not None:  # the book's tips (learned at one level) scored here: the levels table's column
            learned = level_name(book["level"], lang)
            out.append(Para(dress(
                f"Conseils du livre (ceux du niveau {learned}) : {percent(Fraction(tips), lang)}." if fr else
                f"The book’s tips (those of the {learned} level): {percent(Fraction(tips), lang)}.", lang)))
        rows = tuple((number(f["rules"], lang), percent(Fraction(f["value"]), lang),
                      " ".join(f"{i}. {x}" if f["rules"] else x for i, x in enumerate(f[lang], 1)))
                     for f in row["frontier"] if f["rules"] or not never)  # a table: rule count × odds × rules
        out.append(TableBlock("", head, tuple(tuple(dress(c, lang) for c in r) for r in rows)))
    return out


def _note(spec: ReveilSpec, values: Mapping[str, Fraction], results: Mapping[str, Any], lang: str) -> list[Block]:
    """The dossier's technical note (method, exact values, commands), with only the cached figures that fit these
    odds (the tips and the set-up are the shipped readings')."""
    from songe.games.reveil.advice import load_cache
    from songe.games.reveil.dossier_note import note

    shipped = values_key(spec) == "defaults"
    return note(spec, values, results, load_cache() if shipped else None, _tune(spec) if shipped else None, lang,
                lambda lv: level_name(lv, lang))


def facts(spec: ReveilSpec, results: Mapping[str, Any] | None, lang: str, games: int | None = None) -> GameFacts:
    """Réveil's facts for its book and dossier, under the spec's readings (``games`` is unused: nothing is
    simulated, every figure is exact)."""
    results = results or {}
    values = level_odds(spec, results)
    table = {c.id: ("dreams" if c.kind is CardKind.DREAM else "thoughts") for c in spec.cards}
    gone = gone_names(spec)  # the shipped cards it left out: an authored text's clause naming one is not printed
    return GameFacts(lang=lang, chosen=dict(spec.chosen),
                     context=context(spec, values, lang),
                     readings=spec.readings, card_cells=_card_cells(spec),
                     card_headers={k: v for k, v in _headers(spec, lang).items() if k != "levels"}, card_table=table,
                     blocks={"levels": lambda: _levels(spec, values, lang),
                             "advice": lambda: strategy_advice(spec, values, lang)},
                     editor={"claim": lambda: claims(spec, results, _tune(spec), lang) + sampled_blocks(spec, results, lang)
                             + frontier_blocks(spec, values, lang),
                             "replay": lambda: _note(spec, values, results, lang)},
                     impact=lambda rid: impact(spec, results, lang, rid),
                     magnitude=lambda rid: magnitude(spec, results, rid),
                     widest=lambda rid: widest(spec, results, rid),
                     witness=lambda rid, o: witness(spec, results, lang, rid, o),
                     glossary=glossary.of(spec), names=tuple(c.name for c in spec.cards),
                     redraft=lambda card_id, print_: redraft(spec, card_id, print_, lang),
                     own_cards={c.id: own for c in spec.cards if (own := dict(c.text).get(lang))},
                     restate=lambda text: restate(spec, cut(text, gone), lang),
                     concern=lambda text: concern(spec, text, lang),
                     renames=lambda text: said_in(spec, renames_in(spec, text, lang), lang),
                     answer=lambda reading_id: answer(spec, reading_id, lang),
                     answer_under=lambda reading_id, option: answer(
                         spec.with_readings({**dict(spec.chosen), reading_id: option}), reading_id, lang,
                         own=False),
                     notes=lambda: stale_examples(spec, lang) + left_out_notes(spec, lang),
                     left_out=frozenset(left_out_points(spec)))
