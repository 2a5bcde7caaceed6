"""What ``songe lint`` finds in the words of a Réveil-family spec: text the designer wrote that the spec's own data
no longer bears out.

- quotes (the designer's own text, ``[game] quotes = "own"``) still saying a word the glossary renamed: ``trace``
  and ``play`` print a row's quote as the card's text, so a re-themed game would show its old word;
- a card with no name in a language the books are made in (no ``[glossary.<card id>]``), or whose glossary entry
  still holds another name than the card's (a renamed card keeps its old English name);
- a glossary entry of a card the deck no longer has (a left-out card of the game the spec was drafted from keeps
  its entry, which names a card no book prints);
- figures a quote states that the cards or the levels no longer give: ``N cartes`` against the deck, the stated
  sentence's and a counts claim's ``N Rêves`` / ``N Pensées``, the set-up's and each level's resource and hand in
  its own quote (« Prends 6 jetons de Lucidité », « limite ta main à 2 Pensées ») and in the sentence of a ladder
  claim that names it.

The words are the spec's glossary's (French: the quotes are French), never written here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from songe.analysis.claims import level_figures
from songe.errors import SpecError
from songe.spec import glossary
from songe.spec.fields import read_toml
from songe.spec.lint import Finding
from songe.spec.reveil import CardKind, ClaimKind, ReveilSpec, default_path

#: The languages the books are made in: every card needs a name in each.
BOOK_LANGS = glossary.LANGS


def findings(spec: ReveilSpec) -> list[Finding]:
    """Every finding of this module for a loaded spec."""
    return _renamed_in_quotes(spec) + _card_names(spec) + _orphan_entries(spec) + _stale_figures(spec)


def quotes(raw: Mapping[str, Any], where: str = "") -> Iterator[tuple[str, str]]:
    """(place, text) of every ``quote`` and ``quotes`` string in a raw spec (its glossary has none), the place a
    path whose rows are named by their id: ``cards['vertige'].effects[0]``, ``rules.loss_cap``."""
    for key, value in raw.items():
        if key in ("quote", "quotes"):
            for text in value if isinstance(value, list) else [value]:
                if isinstance(text, str):
                    yield where or key, text
        elif isinstance(value, Mapping) and key != "glossary":
            yield from quotes(value, f"{where}.{key}" if where else key)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, Mapping):
                    name = repr(item["id"]) if isinstance(item.get("id"), str) else str(i)
                    yield from quotes(item, f"{where}.{key}[{name}]" if where else f"{key}[{name}]")


def _shipped_raw() -> Mapping[str, Any] | None:
    try:
        return read_toml(default_path())
    except SpecError:
        return None


def _shipped_glossary() -> glossary.Glossary | None:
    raw = _shipped_raw()
    return None if raw is None else glossary.of_raw(raw)


def _renamed_in_quotes(spec: ReveilSpec) -> list[Finding]:
    """One finding per renamed term whose old word the designer's quotes still say."""
    was, now = _shipped_glossary(), glossary.of(spec)
    if was is None or spec.raw.get("game", {}).get("quotes") != "own":
        return []  # quotes of a published text are verbatim: a re-theme does not rewrite its source
    out = []
    for term in was:
        if term.id not in now or term.word("fr") == now[term.id].word("fr"):
            continue
        old, new = term.word("fr"), now[term.id].word("fr")
        words = {old.singular, old.plural} - {new.singular, new.plural}
        if not words:
            continue
        pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
                             + r")(?!\w)", re.IGNORECASE)
        places = list(dict.fromkeys(p for p, text in quotes(spec.raw) if pattern.search(text)))
        if places:
            shown = ", ".join(places[:3]) + (f" and {len(places) - 3} more" if len(places) > 3 else "")
            out.append(Finding(spec.file, f"glossary {term.id!r}", "fr", new.singular,
                               f"{len(places)} of your quotes still say {old.singular!r}, the word before the "
                               f"rename ({shown}); trace and play print them: say {new.singular!r} there too"))
    return out


def _card_names(spec: ReveilSpec) -> list[Finding]:
    """Cards with no name in a book language, or whose glossary entry names another card."""
    g, out = glossary.of(spec), []
    for card in spec.cards:
        if card.id not in g:
            out.append(Finding(spec.file, f"card {card.id!r}", "name", card.name,
                               f"no name in {', '.join(code for code in BOOK_LANGS if code != 'fr')}: add "
                               f"[glossary.{card.id}] (fr and en), or the English book prints {card.name!r} "
                               "(trace and play print the card's own name in either language)"))
        elif g[card.id].name("fr") != card.name:
            out.append(Finding(spec.file, f"glossary {card.id!r}", "fr", g[card.id].name("fr"),
                               f"the card is now named {card.name!r}: its names in this entry (en "
                               f"{g[card.id].name('en')!r}) are the former card's"))
    return out


def _orphan_entries(spec: ReveilSpec) -> list[Finding]:
    """Glossary entries named after a card of the shipped game (the one ``songe new`` drafts from) that this deck
    no longer has: a left-out card's entry (the terms, such as the resource, are no card's id)."""
    raw = _shipped_raw()
    shipped = {c.get("id") for c in raw.get("cards", [])} if raw is not None else set()
    mine = {c.id for c in spec.cards}
    g = glossary.of(spec)
    return [Finding(spec.file, f"glossary {t.id!r}", "fr", t.name("fr"),
                    f"no card of the deck has the id {t.id!r}: the entry names a card you left out; delete "
                    f"[glossary.{t.id}]") for t in g if t.id in shipped and t.id not in mine]


def _stale_figures(spec: ReveilSpec) -> list[Finding]:
    g, out = glossary.of(spec), []
    made = Counter(c.kind for c in spec.cards for _ in range(c.copies))
    real = {"dream": made[CardKind.DREAM], "thought": made[CardKind.THOUGHT], "card": sum(made.values())}

    def check(entry: str, text: str, want: Mapping[str, tuple[int, str]]) -> None:
        for term, (n, what) in want.items():
            wrong = sorted({k for k in glossary.counted(text, g[term]) if k != n}) if term in g else []
            if wrong:
                out.append(Finding(spec.file, entry, "quote", text, f"says {wrong[0]} "
                                   f"{g[term].name('fr', wrong[0] > 1)}, but {what} {n}: your text is stale"))

    deck = {k: (n, "the cards make") for k, n in real.items()}
    check("game", str(spec.raw.get("game", {}).get("quote", "")), {"card": deck["card"]})
    check("setup", spec.setup.quote, {"card": deck["card"], "lucidity": (spec.setup.lucidity, "the set-up starts with"),
                                      "thought": (spec.setup.hand_limit, "the set-up's hand holds")})
    if spec.stated is not None:
        check("stated", spec.stated.quote, deck)
    for c in spec.claims:
        if c.kind is ClaimKind.COUNTS:
            check(f"claim {c.id!r}", c.quote, deck)
    for level in spec.levels:
        check(f"levels[{level.id!r}]", level.quote, {"lucidity": (level.lucidity, f"level {level.id!r} starts with"),
                                                     "thought": (level.hand_limit, f"level {level.id!r}'s hand holds")})
    for c in spec.claims:
        for lv, term, n, has in level_figures(c, spec):
            what = f"level {lv!r} starts with" if term == "lucidity" else f"level {lv!r}'s hand holds"
            out.append(Finding(spec.file, f"claim {c.id!r}", "quote", c.quote, f"says {n} "
                               f"{g[term].name('fr', n > 1)} for {lv!r}, but {what} {has}: your text is stale"))
    return out
