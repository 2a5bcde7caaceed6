"""What the editor must reread: the card texts a spec's changes made stale, each replaced by a drafted one.

An authored card text carries a fingerprint of what it describes; the family's
facts say (:attr:`~songe.rulebook.compose.GameFacts.redraft`) when the spec no
longer gives it, and with what drafted wording. The player's book prints the
drafted wording; the dossier lists it here, « à relire », beside the authored text
it replaced, so that no stale wording reaches a player unseen.
"""

from __future__ import annotations

from songe.rulebook.compose import GameFacts, card_wording, rule_text
from songe.rulebook.document import Block, Lines, Para
from songe.rulebook.terms import english_label
from songe.rulebook.typography import dress
from songe.spec.book import Book, fill

WORDS = {"fr": {"title": "À relire",
                "intro": "La spec a changé l’effet de ces cartes, ou elles sont nouvelles, ou un terme qu’elles "
                         "emploient a changé de genre (les accords du texte écrit ne tiendraient plus) : le livre "
                         "imprime le texte rédigé d’après leurs lignes d’effet, à relire avant impression.",
                "reworded": "Ces cartes gardent leur texte écrit : seuls des noms ou des termes ont changé dans la "
                            "spec, et le livre les imprime avec les nouveaux mots. À relire pour la forme.",
                "was": "texte écrit pour l’ancienne carte", "new": "aucun texte écrit : carte nouvelle",
                "rules": "Ces règles, écrites pour le jeu dont la spec est tirée, sont imprimées telles quelles "
                         "(noms et termes de la spec mis à jour) : à relire."},
         "en": {"title": "To review",
                "intro": "The spec changed these cards' effect, or they are new, or a term they use changed gender "
                         "(the written text's agreements would no longer hold): the book prints the text drafted "
                         "from their effect rows, to be reread before printing.",
                "reworded": "These cards keep their written text: only names or terms changed in the spec, and "
                            "the book prints them with the new words. To reread for form.",
                "was": "text written for the former card", "new": "no written text: a new card",
                "rules": "These rules, written for the game the spec was drafted from, are printed as they are (the "
                         "spec's names and terms put in): to review."}}


def to_review(book: Book, facts: GameFacts) -> list[tuple[str, str, str]]:
    """(card name, drafted text, the authored text it replaced or "") for each card whose text was drafted."""
    out = []
    for card in (c for c in facts.card_table if c not in facts.own_cards):  # the designer's words: not drafted
        rule = next((r for r in book.rules if r.card == card), None)
        drafted = facts.redraft(card, rule.fingerprint if rule else "")
        if drafted is not None:
            old = rule_text(rule, facts, book.file) if rule else ""
            out.append((facts.card_cells[card][0], dress(drafted, facts.lang), old))
    return out


def reworded(book: Book, facts: GameFacts) -> list[tuple[str, str, str]]:
    """(card name, the authored text as the book prints it, the renames made in it) for each card whose written
    text is kept with the spec's new names or terms."""
    out = []
    for card in facts.card_table:
        rule = next((r for r in book.rules if r.card == card), None)
        if rule is None or card_wording(facts, card, rule.fingerprint) is not None:
            continue
        what = facts.renames(fill(rule.text(facts.lang, facts.chosen), facts.context, book.file))
        if what:
            out.append((facts.card_cells[card][0], rule_text(rule, facts, book.file), what))
    return out


def rules_to_review(book: Book, facts: GameFacts) -> list[tuple[str, str]]:
    """(why, the rule as the book prints it) for each authored rule the family has a concern about: it names a
    card the spec changed, or it is printed with renamed cards or re-themed terms."""
    out = []
    for rule in book.rules:
        text = rule.text(facts.lang, facts.chosen)
        if rule.card or not text:
            continue
        why = facts.concern(fill(text, facts.context, book.file))
        if why:
            out.append((why, rule_text(rule, facts, book.file)))
    return out


def review(book: Book, facts: GameFacts) -> list[Block]:
    """The dossier's « à relire » section's body (empty when every authored text still holds)."""
    found, kept = to_review(book, facts), reworded(book, facts)
    rules, notes = rules_to_review(book, facts), facts.notes()
    if not found and not kept and not rules and not notes:
        return []
    w, fr = WORDS[facts.lang], facts.lang == "fr"
    found = [(_english(name, facts), _english(drafted, facts), old) for name, drafted, old in found]
    kept = [(_english(name, facts), _english(text, facts), what) for name, text, what in kept]
    rules = [(why, _english(text, facts)) for why, text in rules]
    lines = tuple(dress(f"{name} — {drafted} ({w['was']} : « {old} »)" if fr and old else
                        f"{name} — {drafted} ({w['was']}: “{old}”)" if old else
                        f"{name} — {drafted} ({w['new']})", facts.lang) for name, drafted, old in found)
    out: list[Block] = [Para(dress(w["intro"], facts.lang)), Lines(lines)] if found else []
    if kept:
        out.append(Para(dress(w["reworded"], facts.lang)))
        out.append(Lines(tuple(dress(f"{name} — {text} ({what})", facts.lang) for name, text, what in kept)))
    if rules:
        out.append(Para(dress(w["rules"], facts.lang)))
        out.append(Lines(tuple(dress(f"{why} — {text}", facts.lang) for why, text in rules)))
    return out + [Para(dress(n, facts.lang)) for n in notes]


def _english(text: str, facts: GameFacts) -> str:
    """A text to re-read as the English book prints it: its French game terms in the glossary's English (a list
    has no room for the French name the book adds at first use)."""
    return english_label(text, facts.glossary, facts.names) if facts.lang == "en" else text
