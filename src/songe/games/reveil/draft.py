"""A card's text drafted from its effect rows, and the fingerprint that tells whether an authored text is stale.

Each card's clarified text in ``spec/rulebook/reveil.toml`` carries the
``fingerprint`` of what it describes: the card's kind and rows (trigger,
condition, action, timing), the names of the cards its conditions count, and the
game's terms. A user's spec that changes any of them no longer matches: the book
then prints the wording drafted here (the verbs' own words, the terms from the
spec's glossary) and the dossier lists the card « à relire », so an authored text
is never printed stale. After a deliberate rewording, paste
the card's current :func:`fingerprint` beside its new text (``tests/test_anyspec_book.py``
prints them when one is out of date).
"""

from __future__ import annotations

import enum
import functools
import hashlib
import json
import re
from collections import Counter
from dataclasses import replace

from songe.games.reveil.render import action_en, action_fr
from songe.spec import glossary
from songe.spec.book import book_dir
from songe.spec.book import load as load_book
from songe.spec.expr import And, Compare, Condition, Flag, Not, Num, Or, Var
from songe.spec.french import agreeing
from songe.spec.glossary import Register, Word, capitalise
from songe.spec.reveil import Card, FlagScope, ReveilSpec, Row, Timing, Trigger, WorkedExample, load


@functools.lru_cache(maxsize=8)
def _register_of(family: str) -> Register:
    book = book_dir() / f"{family}.toml"
    return Register((load_book(book).register if book.exists() else "") or "tu")


def register(spec: ReveilSpec) -> Register:
    """The French register the family's book addresses the player in (its book file's ``register``; « tu »
    when it says none), so that a drafted card text reads like the authored ones around it.

    >>> register(load()).value
    'tu'
    """
    return _register_of(str(spec.raw.get("game", {}).get("family") or spec.id))


#: The term ids a card text may use, whose words enter its fingerprint.
_TERMS = ("lucidity", "intensity", "dream", "thought", "card", "hand", "deck")


def _referenced(cond: Condition | None) -> list[str]:
    """The card ids a condition counts (``discard[x]``, ``hand[x]``)."""
    if isinstance(cond, Compare):
        return [t.key for t in (cond.left, cond.right) if isinstance(t, Var) and t.key]
    if isinstance(cond, Not):
        return _referenced(cond.item)
    if isinstance(cond, And | Or):
        return [k for c in cond.items for k in _referenced(c)]
    return []


class Change(enum.Enum):
    """What a spec changed in what a card's authored text describes (one part of its fingerprint each)."""

    EFFECT = "effect"
    """the card's kind or its rows: the authored text no longer says what the card does"""
    NAMES = "names"
    """the names of the cards its conditions count: the text holds once the new names are put in"""
    TERMS = "terms"
    """the game's words in the glossary: the text holds once the new words are put in"""


def _parts(card: Card, spec: ReveilSpec) -> dict[Change, str]:
    """The three things a card's authored text describes, each as the text its digest is taken of."""
    g = glossary.of(spec)
    rows = [repr(replace(r, quote="")) + ("" if r.frame is FlagScope.OWN else f" frame={r.frame.value}")
            for r in card.effects]  # (a field added later enters only when set, so older fingerprints hold)
    names = sorted({spec.card(k).name for r in card.effects for k in _referenced(r.condition)})
    terms = [repr(g[t]) for t in _TERMS if t in g]
    return {Change.EFFECT: json.dumps([card.kind.value, rows], ensure_ascii=False),
            Change.NAMES: json.dumps(names, ensure_ascii=False), Change.TERMS: json.dumps(terms, ensure_ascii=False)}


def fingerprint(card: Card, spec: ReveilSpec) -> str:
    """What a card's clarified text describes, as three short digests, ``effect.names.terms`` (its quotes and
    copies left out), so that a spec's change is told apart: a changed effect, renamed cards, re-themed terms.

    >>> from songe.spec.reveil import load
    >>> spec = load()
    >>> card = spec.cards[-1]
    >>> fingerprint(card, spec) == fingerprint(load().card(card.id), load())
    True
    >>> [len(part) for part in fingerprint(card, spec).split(".")]
    [8, 8, 8]
    """
    return ".".join(hashlib.sha256(text.encode("utf-8")).hexdigest()[:8] for text in _parts(card, spec).values())


def changes(card: Card, spec: ReveilSpec, print_: str) -> frozenset[Change]:
    """The parts of ``print_`` (an authored text's fingerprint) that the spec's card no longer matches (all of
    them for a text that carries none)."""
    have, now = print_.split("."), fingerprint(card, spec).split(".")
    if len(have) != len(Change):
        return frozenset(Change)
    return frozenset(c for c, a, b in zip(Change, have, now, strict=True) if a != b)


_OPS = {"fr": {">=": "vaut au moins", "<=": "vaut au plus", ">": "dépasse", "<": "est inférieur à", "==": "vaut",
               "!=": "ne vaut pas"},
        "en": {">=": "is at least", "<=": "is at most", ">": "is more than", "<": "is less than", "==": "is",
               "!=": "is not"}}


def _term(t: Num | Var, spec: ReveilSpec, lang: str) -> str:
    g, fr = glossary.of(spec), lang == "fr"
    if isinstance(t, Num):
        return str(t.value)
    if t.key is not None:  # a card's copies are counted as cards of that name ("Recurring Dream cards")
        name, cards = spec.card(t.key).name, g["card"].name(lang, True)
        where = (("dans " if fr else "in ") + g["discard"].the(lang) if t.name == "discard"
                 else ("en " if fr else "in ") + g["hand"].name(lang))
        return f"le nombre de {cards} {name} {where}" if fr else f"the number of {name} {cards} {where}"
    intensity, dream = g["intensity"].name(lang), g["dream"].name(lang)
    words = {"intensity": (f"l’{intensity} en cours", f"the current {intensity}"),
             "printed": (f"son {intensity} imprimée", f"its printed {intensity}"),
             "hand": (f"le nombre de {g['thought'].name(lang, True)} en main",
                      f"the number of {g['thought'].name(lang, True)} in hand"),
             "lucidity": (g["lucidity"].the(lang), g["lucidity"].the(lang)),
             "deck": ("le nombre de cartes restant à retourner", "the number of cards left to turn"),
             "previous": (f"l’{intensity} imprimée du {dream} précédent", f"the previous {dream}’s printed {intensity}"),
             "lost": (f"la {g['lucidity'].name(lang)} perdue", f"the {g['lucidity'].name(lang)} lost")}
    pair = words.get(t.name)
    return t.name if pair is None else pair[0 if fr else 1]


def condition(cond: Condition, spec: ReveilSpec, lang: str) -> str:
    """A condition in words, the game's terms from its glossary.

    >>> from songe.spec.reveil import load
    >>> from songe.spec.expr import parse_condition
    >>> condition(parse_condition("intensity >= 3"), load(), "fr")
    'l’Intensité en cours vaut au moins 3'
    """
    fr, thought, you = lang == "fr", glossary.of(spec)["thought"], register(spec)
    dream = glossary.of(spec)["dream"]
    this = f"{'cette' if dream.gender(lang) is glossary.Gender.FEMININE else 'ce'} {dream.name(lang)}" if fr else ""
    if isinstance(cond, Compare):
        return f"{_term(cond.left, spec, lang)} {_OPS[lang][cond.op.value]} {_term(cond.right, spec, lang)}"
    if isinstance(cond, Flag):
        return f"{you:tu as|vous avez} joué {thought.a(lang)} contre {this}" if fr else \
            f"{thought.a(lang)} was played against it"
    if isinstance(cond, Not):
        if isinstance(cond.item, Flag):
            return (f"{you:tu n’as|vous n’avez} pas joué de {thought.name(lang)} contre {this}"
                    if fr else f"no {thought.name(lang)} was played against it")
        return f"non ({condition(cond.item, spec, lang)})" if fr else f"not ({condition(cond.item, spec, lang)})"
    joiner = (" et " if fr else " and ") if isinstance(cond, And) else (" ou " if fr else " or ")
    return joiner.join(condition(c, spec, lang) for c in cond.items)


def _when(row: Row, spec: ReveilSpec, lang: str) -> str:
    """The moment a row applies, when it is not the card's own step."""
    g, fr = glossary.of(spec), lang == "fr"
    if row.when is Trigger.AFTER_LOSS:
        return f"après la perte de {g['lucidity'].name(lang)}" if fr else f"after the {g['lucidity'].name(lang)} loss"
    if row.when is Trigger.DRAWN_RESOLVED:
        dream = g["dream"].name(lang)
        return f"une fois le {dream} pioché résolu" if fr else f"once the {dream} it drew is resolved"
    return ""


def row_text(row: Row, spec: ReveilSpec, lang: str, said: frozenset[str] = frozenset()) -> str:
    """One row as a sentence: the moment, the condition, the verb's own words; ``said``: the fields (``at``,
    ``frame``) a reading of the spec governs, whose usual value the text then says too (the reading's question
    is answered on the card)."""
    fr = lang == "fr"
    action = action_fr(row, spec, register(spec).value) if fr else action_en(row, spec)
    parts = [p for p in (_when(row, spec, lang),
                         (f"si {condition(row.condition, spec, lang)}" if fr else f"if {condition(row.condition, spec, lang)}")
                         if row.condition is not None else "") if p]
    if row.at is Timing.REVEAL and row.condition is not None:
        dream = glossary.of(spec)["dream"].name(lang)
        parts.append(f"lu quand le {dream} a été retourné" if fr else f"read when the {dream} was turned")
    if row.frame is FlagScope.CHAIN:
        parts.append(glossary.fill(glossary.of(spec), "{a.thought} {agree.thought:joué|jouée} contre {a.dream} dont "
                                   "{agree.dream:celui-ci|celle-ci} est {agree.dream:issu|issue} en chaîne compte aussi"
                                   if fr else "{a.thought} played against {a.dream} it was chained from counts too",
                                   lang))
    if row.at is Timing.END:
        parts.append(glossary.fill(glossary.of(spec), "à la fin {of.dream}, juste avant la perte" if fr else
                                   "at the end of the {t.dream}, just before the loss", lang))
    if "at" in said and row.at is Timing.LIVE and row.condition is not None and row.when is Trigger.EFFECT:
        parts.append(glossary.fill(glossary.of(spec), "lu quand son effet s’applique, après {the.thought} "
                                   "{agree.thought:joué|jouée} contre {agree.dream:lui|elle}" if fr else
                                   "read when its effect applies, after {the.thought} played against it", lang))
    if "frame" in said and row.frame is FlagScope.OWN and row.condition is not None:
        parts.append(glossary.fill(glossary.of(spec), "seul{agree.thought:|e} {a.thought} {agree.thought:joué|jouée}"
                                   " contre {agree.dream:ce|cette} {t.dream} compte" if fr else
                                   "only {a.thought} played against this very {t.dream} counts", lang))
    text = ", ".join(parts + [action]) if parts else action
    return text[0].upper() + text[1:] + "."


def card_text(card: Card, spec: ReveilSpec, lang: str) -> str:
    """A card's whole text drafted from its rows ("Aucun effet." when it has none)."""
    if not card.effects:
        return "Aucun effet." if lang == "fr" else "No effect."
    governed = {path for r in spec.readings for o in r.options for path, _ in o.sets}
    return " ".join(row_text(r, spec, lang, frozenset(f for f in ("at", "frame")
                                                      if f"cards.{card.id}.effects.{i}.{f}" in governed))
                    for i, r in enumerate(card.effects))


def answer(spec: ReveilSpec, reading_id: str, lang: str, own: bool = True) -> str:
    """A reading's answer for the book's FAQ when no authored rule gives one (a reading the designer added,
    such as one ``ambiguities --discover --draft`` wrote): the designer's ``answer`` when the reading gives one
    (``own``; the dossier's wording of an option not adopted passes False), else the drafted text of the card it
    governs, which says the adopted option in words ("" when it governs no card)."""
    reading = next(r for r in spec.readings if r.id == reading_id)
    if own and reading.answer_in(lang):
        return reading.answer_in(lang)
    cards = [path.split(".")[1] for o in reading.options for path, _ in o.sets if path.startswith("cards.")]
    if not cards:
        return ""
    card = spec.card(cards[0])
    return f"{card.name}{' :' if lang == 'fr' else ':'} {card_text(card, spec, lang)}"


def redraft(spec: ReveilSpec, card_id: str, print_: str, lang: str) -> str | None:
    """The drafted text of a card whose authored text no longer describes the spec's card (under the default
    readings, which the authored text and its variants are written from): its effect changed, it is new, or a
    renamed term changed gender (the authored words would no longer agree). None when the authored text holds,
    the spec's new names and words put in (:func:`restate`)."""
    base = spec.with_readings({r.id: r.default for r in spec.readings})
    changed = changes(base.card(card_id), base, print_) if print_ else frozenset(Change)
    if Change.EFFECT not in changed and not (Change.TERMS in changed and _regendered(spec, lang)):
        return None
    return restate(spec, card_text(spec.card(card_id), spec, lang), lang)  # the verbs' words hold the terms


def _regendered(spec: ReveilSpec, lang: str) -> bool:
    """Whether a term the spec renamed changed gender in ``lang`` (« la Lucidité » cannot become « la Rêverie »
    by a word's replacement alone when the new word is masculine)."""
    was, now = glossary.of(shipped()), glossary.of(spec)
    return any(t in was and t in now and was[t].gender(lang) is not now[t].gender(lang) for t in _TERMS)


def example_fits(spec: ReveilSpec, example: WorkedExample) -> bool:
    """Whether a worked example's order is still a whole deck of the spec (a copy may have changed the deck)."""
    ids = {c.name: c.id for c in spec.cards} | {c.id: c.id for c in spec.cards}
    return Counter(ids.get(t, "") for t in example.order) == Counter(spec.deck)


@functools.lru_cache(maxsize=1)
def shipped() -> ReveilSpec:
    """The spec the authored book was written for."""
    return load()


def _forms(word: Word) -> list[str]:
    return [word.singular, word.plural, *(capitalise(w) for w in (word.singular, word.plural))]


def renamed_cards(spec: ReveilSpec) -> list[tuple[str, str]]:
    """(a card's name in the authored book, its name in the spec) for each card the spec renamed."""
    old, out = shipped(), []
    for card in old.cards:
        now = next((c for c in spec.cards if c.id == card.id), None)
        if now is not None and now.name != card.name:
            out.append((card.name, now.name))
    return out


def renamed_terms(spec: ReveilSpec, lang: str) -> list[tuple[str, str]]:
    """(word the authored book prints, the spec's word for it) for each game term re-themed in the spec's
    glossary, in every form (a text in English also holds the French terms its translation starts from)."""
    was, now_g, pairs = glossary.of(shipped()), glossary.of(spec), []
    for term in was:
        if term.id in now_g:
            for code in ("fr",) if lang == "fr" else ("fr", "en"):
                pairs += [(a, b) for a, b in zip(_forms(term.word(code)), _forms(now_g[term.id].word(code)),
                                                 strict=True) if a != b]
    return pairs


def renamed(spec: ReveilSpec, lang: str) -> list[tuple[str, str]]:
    """The cards renamed and the terms re-themed (:func:`renamed_cards`, :func:`renamed_terms`), longest first."""
    return sorted(set(renamed_cards(spec) + renamed_terms(spec, lang)), key=lambda p: -len(p[0]))


def _pattern(words: list[str]) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(" + "|".join(re.escape(a) for a in words) + r")(?!\w)")


def restate(spec: ReveilSpec, text: str, lang: str) -> str:
    """An authored text with the spec's own names and terms (unchanged for the shipped spec); in French, the
    determiner before a new word agrees with it (« ta Lucidité » → « ton Énergie »)."""
    pairs = renamed(spec, lang)
    if not pairs:
        return text
    table = dict(pairs)
    out = _pattern([a for a, _ in pairs]).sub(lambda m: table[m.group(1)], text)
    if lang != "fr":
        return out
    known = {form: t.word("fr") for t in glossary.of(spec) for form in _forms(t.word("fr"))}
    return agreeing(out, {new: known[new] for _, new in pairs if new in known})


def renames_in(spec: ReveilSpec, text: str, lang: str) -> list[tuple[str, str]]:
    """The renames (old word, new word) that :func:`restate` makes in an authored text, each once, in the order
    they occur (a singular and its plural told once, by the first met)."""
    pairs = renamed(spec, lang)
    if not pairs:
        return []
    table, out = dict(pairs), list[tuple[str, str]]()
    for m in _pattern([a for a, _ in pairs]).finditer(text):
        word = m.group(1)
        if not any(word.lower().startswith(a.lower()) for a, _ in out):  # « Pensées » after « Pensée »: told
            out.append((word, table[word]))
    return out


def said(pairs: list[tuple[str, str]]) -> str:
    """Renames in words: « old word → new word », one pair per renamed term or card."""
    return ", ".join(f"{a} → {b}" for a, b in pairs)


def english_names(g: glossary.Glossary) -> dict[str, str]:
    """Each French form of a glossary's words (terms and cards' names) -> its English form, capital for capital."""
    return {a: b for t in g for a, b in zip(_forms(t.word("fr")), _forms(t.word("en")), strict=True)}


def said_in(spec: ReveilSpec, pairs: list[tuple[str, str]], lang: str) -> str:
    """:func:`said` in ``lang``: in English, a pair of French words (an authored English text is written from the
    French terms) told in the glossaries' English, the authored book's for the old word, the spec's for the new."""
    if lang == "en":
        was, now = english_names(glossary.of(shipped())), english_names(glossary.of(spec))
        pairs = [p for p in dict.fromkeys((was.get(a, a), now.get(b, b)) for a, b in pairs) if p[0] != p[1]]
    return said(pairs)


def concern(spec: ReveilSpec, text: str, lang: str) -> str:
    """Why an authored rule may no longer hold for the spec ("" if nothing): it names a card that the spec
    removed or whose effect it changed, or it is printed with a renamed card or a re-themed term (then printed
    with the new words: the dossier says which)."""
    old = shipped()
    base = spec.with_readings({r.id: r.default for r in spec.readings})
    fr = lang == "fr"
    was, is_ = ({}, {}) if fr else (english_names(glossary.of(old)), english_names(glossary.of(spec)))
    for card in old.cards:
        if not re.search(rf"(?<!\w){re.escape(card.name)}(?!\w)", text):
            continue
        now = next((c for c in base.cards if c.id == card.id), None)
        if now is None:
            return (f"nomme {card.name}, absente de la spec : le livre l’imprime sans le passage qui la nomme" if fr
                    else f"names {was.get(card.name, card.name)}, not in the spec: the book prints it without the "
                    "passage naming it")
        if Change.EFFECT in changes(now, base, fingerprint(old.card(card.id), old)):
            return (f"décrit {now.name}, dont la spec a changé l’effet" if fr else
                    f"describes {is_.get(now.name, now.name)}, whose effect the spec changed")
    pairs = renames_in(spec, text, lang)
    if pairs:
        return (f"mots changés par la spec : {said(pairs)}" if fr else
                f"words changed by the spec: {said_in(spec, pairs, lang)}")
    return ""


def stale_examples(spec: ReveilSpec, lang: str) -> list[str]:
    """A sentence per worked example whose step-by-step replay the book leaves out: its order is no longer a
    deck of the spec."""
    return [(f"L’exemple « {ex.id} » n’est pas rejoué pas à pas : son ordre n’est plus un paquet de la spec "
             f"({len(ex.order)} cartes pour {len(spec.deck)})." if lang == "fr" else
             f"The example “{ex.id}” is not replayed step by step: its order is no longer a deck of the spec "
             f"({len(ex.order)} cards for {len(spec.deck)}).") for ex in spec.examples if not example_fits(spec, ex)]
