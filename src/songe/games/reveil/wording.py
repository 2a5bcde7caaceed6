"""Réveil's events in words: one wording per language and register, for every text that tells a game.

The trace and ``play`` print a terse line per event (:attr:`Register.LINE`); a book's
replayed game prints the same lines with each card row told as its rule in the
reader's language (:attr:`Register.BOOK`); a told example (a witness, a worked
example) is whole sentences addressed to the player (:attr:`Register.SENTENCE`).
Game terms come from the spec's glossary (``{t.lucidity}``, ``{the.discard}``, see
:func:`songe.spec.glossary.fill`), card names and quotes as printed.

>>> from songe.spec.reveil import load
>>> spec = load()
>>> loss = Event(EventKind.LOSS, None, 3, 1, 3)
>>> [tell(loss, spec, lang) for lang in ("en", "fr")]
['lose 3 Lucidity (Lucidity 3)', 'tu perds 3 Lucidité (Lucidité 3)']
>>> tell(loss, spec, "fr", Register.SENTENCE)
'Tu perds 3 Lucidité (il t’en reste 3).'
"""

from __future__ import annotations

import enum

from songe.games.reveil.render import row_en
from songe.games.reveil.state import Event, EventKind
from songe.spec import glossary
from songe.spec.french import agreeing
from songe.spec.reveil import ReveilSpec


class Register(enum.Enum):
    """Who reads the words, and so how they are said."""

    LINE = "line"
    """a trace or ``play`` line: terse, as the engine sees it (a card row quoted with its action)"""
    BOOK = "book"
    """a replayed line in a book: the trace's, with a card row told as its rule in the reader's language"""
    SENTENCE = "sentence"
    """a told example (a witness, a worked example): sentences addressed to the player"""


#: A pseudo-kind for a dream revealed by a draw inside another one (sentences tell it apart).
CHAINED_REVEAL = "chained_reveal"

#: Per event kind, per language: the line. Fields: card, n (the amount), luc (Lucidité after), count
#: (``n`` of the resource, or ``luc`` of it at the end), quote, action (the row's verb in English), rule.
_LINES: dict[EventKind, dict[str, str]] = {
    EventKind.REVEAL: {"en": "reveal {card} ({t.intensity} {n})", "fr": "tu révèles {card} ({t.intensity} {n})"},
    EventKind.TO_HAND: {"en": "{card} goes to the {t.hand}", "fr": "{card} va dans {your.hand}"},
    EventKind.HAND_FULL: {"en": "{card} drawn with a full {t.hand}: removed from the game",
                          "fr": "{card} piochée avec {your.hand} pleine : retirée du jeu"},
    EventKind.PLAY: {"en": "play {card}", "fr": "tu joues {card}"},
    EventKind.PASS: {"en": "{no.thought} against {card}", "fr": "{no.thought} contre {card}"},
    EventKind.ROW: {"en": "{card}: « {quote} » → {action}", "fr": "{card} : « {quote} »"},
    EventKind.INTENSITY: {"en": "current {t.intensity} of {card}: {n}", "fr": "{t.intensity} en cours de {card} : {n}"},
    EventKind.SKIP_EFFECT: {"en": "effect of {card} does not apply (ignored or cancelled)",
                            "fr": "l’effet de {card} ne s’applique pas (ignoré ou annulé)"},
    EventKind.LOSS: {"en": "lose {count} ({t.lucidity} {luc})", "fr": "tu perds {count} ({t.lucidity} {luc})"},
    EventKind.GAIN: {"en": "gain {count} ({t.lucidity} {luc})", "fr": "tu gagnes {count} ({t.lucidity} {luc})"},
    EventKind.DRAW_NOTHING: {"en": "draw: nothing happens (empty {t.deck} or no {t.lucidity} left)",
                             "fr": "tu pioches : rien ne se passe ({t.deck} vide ou plus de {t.lucidity})"},
    EventKind.REMOVE: {"en": "{card} is removed from the {t.hand} at random",
                       "fr": "{card} est retirée de {your.hand} au hasard"},
    EventKind.DISCARD: {"en": "{card} goes to the {t.discard}", "fr": "{card} va dans {the.discard}"},
    EventKind.CHAIN_START: {"en": "{card} is interrupted by a chained {t.dream}",
                            "fr": "{card} est interrompu par {a.dream} en chaîne"},
    EventKind.CHAIN_END: {"en": "back to {card}", "fr": "retour à {card}"},
    EventKind.DEFEAT: {"en": "DEFEAT with {count}", "fr": "DÉFAITE avec {count}"},
    EventKind.VICTORY: {"en": "VICTORY with {count}", "fr": "VICTOIRE avec {count}"},
}

#: Per event kind, per language: the sentence of a told example (chain markers are implied, so absent).
_SENTENCES: dict[EventKind | str, dict[str, str]] = {
    EventKind.REVEAL: {"en": "You reveal {card} ({t.intensity} {n}).", "fr": "Tu retournes {card} ({t.intensity} {n})."},
    CHAINED_REVEAL: {"en": "You draw {a.dream}, {card} ({t.intensity} {n}): it is resolved as a chained {t.dream}.",
                     "fr": "Tu pioches {a.dream}, {card} ({t.intensity} {n}) : {it.dream} se résout en chaîne."},
    EventKind.TO_HAND: {"en": "{card} goes into {your.hand}.", "fr": "{card} va dans {your.hand}."},
    EventKind.HAND_FULL: {"en": "{card} comes with a full {t.hand}: it leaves the game.",
                          "fr": "{card} arrive avec {your.hand} pleine : elle est retirée du jeu."},
    EventKind.PLAY: {"en": "You play {card}.", "fr": "Tu joues {card}."},
    EventKind.PASS: {"en": "You play {no.thought} against {card}.", "fr": "Tu ne joues {no.thought} contre {card}."},
    EventKind.ROW: {"en": "{card}: {rule}", "fr": "{card} : « {quote} »"},
    EventKind.INTENSITY: {"en": "The current {t.intensity} of {card} becomes {n}.",
                          "fr": "{The.intensity} en cours de {card} passe à {n}."},
    EventKind.SKIP_EFFECT: {"en": "The effect of {card} does not apply.", "fr": "L’effet de {card} ne s’applique pas."},
    EventKind.LOSS: {"en": "You lose {count} ({luc} left).", "fr": "Tu perds {count} (il t’en reste {luc})."},
    EventKind.GAIN: {"en": "You gain {count} ({luc} now).", "fr": "Tu gagnes {count} (tu en as {luc})."},
    EventKind.DRAW_NOTHING: {"en": "The {t.deck} gives nothing.", "fr": "{The.deck} ne donne rien."},
    EventKind.REMOVE: {"en": "{card} is removed from {your.hand} at random.",
                       "fr": "{card} est retirée de {your.hand} au hasard."},
    EventKind.DISCARD: {"en": "{card} goes onto the {t.discard} pile.", "fr": "{card} va dans {the.discard}."},
    EventKind.DEFEAT: {"en": "Defeat: {your.lucidity} is at {luc}.", "fr": "Défaite : {your.lucidity} est à {luc}."},
    EventKind.VICTORY: {"en": "Victory with {count}.", "fr": "Victoire avec {count}."},
}

#: The other words of a told game: the situation, an empty hand, a reading, a branch, an imposed choice.
PHRASES: dict[str, dict[str, str]] = {
    "start": {"en": "You have {count} and {hand} in {t.hand}.", "fr": "Tu as {count} et {hand} en {t.hand}."},
    "empty": {"en": "{no.thought}", "fr": "{no.thought}"},
    # a witness told from where its two games part: the state there, in one sentence
    "later": {"en": "Later in the game, you have {count} and {hand} in {t.hand}; on the {t.discard} pile: {discard}.",
              "fr": "Plus tard dans la partie, tu as {count} et {hand} en {t.hand} ; dans {the.discard} : {discard}."},
    "later_no_discard": {"en": "Later in the game, you have {count} and {hand} in {t.hand}; the {t.discard} pile is "
                               "empty.",
                         "fr": "Plus tard dans la partie, tu as {count} et {hand} en {t.hand} ; {the.discard} est "
                               "vide."},
    "and": {"en": " and ", "fr": " et "},
    "reading": {"en": "Reading {r}", "fr": "Lecture {r}"},
    "branch": {"en": " (branch of probability {p})", "fr": " (branche de probabilité {p})"},
    "given": {"en": " (imposed choice)", "fr": " (choix imposé)"},
    # a worked example's steps (songe.games.reveil.worked)
    "resume": {"en": "Back to the first {t.dream}, {card}.", "fr": "Tu reprends {the.dream} initial, {card}."},
    "effect_of": {"en": "Effect of {card}: ", "fr": "Effet de {card} : "},
    "no_loss": {"en": "You lose nothing ({luc} left).", "fr": "Tu ne perds rien (il t’en reste {luc})."},
    # an effect that adds to the loss step, told apart from it; the loss step then says it counts it
    "extra_loss": {"en": "Effect of {card}: you will lose {count} extra at the loss step.",
                   "fr": "Effet de {card} : tu perdras {count} de plus à l’étape de perte."},
    "won_unturned": {"en": "You reveal the last card, {card}, with {count}: victory, without resolving it.",
                     "fr": "Tu retournes la dernière carte, {card}, avec {count} : victoire, sans la résoudre."},
    "loss_with_extra": {"en": "You lose {count}, {extra} of them extra ({luc} left).",
                        "fr": "Tu perds {count}, dont {extra} de plus (il t’en reste {luc})."},
    # a chained dream with the same name as the dream it interrupts: « le premier », « le second »
    "first": {"en": "the first {card}", "fr": "le premier {card}", "fr_f": "la première {card}"},
    "second": {"en": "the second {card}", "fr": "le second {card}", "fr_f": "la seconde {card}"},
    "chained_again": {"en": "You draw {card} ({t.intensity} {n}): it is resolved as a chained {t.dream}; {first} is "
                            "still in front of you, not on the {t.discard} pile.",
                      "fr": "Tu pioches {card} ({t.intensity} {n}) : {it.dream} se résout en chaîne ; {first} est "
                            "encore devant toi, pas dans {the.discard}."},
    "resume_first": {"en": "Back to {first}.", "fr": "Tu reprends {first}."},
    "none_left": {"en": "You have no {t.thought} left to play against {card}.",
                  "fr": "Tu n’as plus de {t.thought} à jouer contre {card}."},
    "none_held": {"en": "You have no {t.thought} to play against {card}.",
                  "fr": "Tu n’as {agree.thought:aucun|aucune} {t.thought} à jouer contre {card}."},
    "own_intensity": {"en": "its current {t.intensity} becomes {n}.", "fr": "son {t.intensity} en cours passe à {n}."},
    # songe trace (and the set-up line of songe orders)
    "setup": {"en": "{name}, {t.level} {level} ({t.lucidity} {luc}, {t.hand} {hand})",
              "fr": "{name}, {t.level} {level} ({t.lucidity} {luc}, {t.hand} {hand})"},
    "trace_head": {"en": "{setup}, {policy} play{readings}", "fr": "{setup}, jeu {policy}{readings}"},
    "readings": {"en": ", readings {list}", "fr": ", lectures {list}"},
    "branch_head": {"en": "\n— branch {n}, probability {p}", "fr": "\n— branche {n}, probabilité {p}"},
    "choose": {"en": "» choose {decision} ({how}; win probability by option: {options})",
               "fr": "» choix : {decision} ({how} ; probabilité de gagner par option : {options})"},
    "given_how": {"en": "given", "fr": "imposé"},
    "trace_end": {"en": "\nwin probability of this order under {policy} play: {p}",
                  "fr": "\nprobabilité de gagner avec cet ordre, jeu {policy} : {p}"},
    "unused": {"en": "--choices {choices}: not used, every branch ended after {n} decision{s}",
               "fr": "--choices {choices} : non utilisés, chaque branche s’est terminée après {n} décision{s}"},
    # songe play and songe advise
    "play_head": {"en": "{name} — {t.level} {level}: {count}, {t.hand} of {hand}. "
                        "Keys: the number of {a.thought}, 0 for none, q to quit.",
                  "fr": "{name} — {t.level} {level} : {count}, {t.hand} de {hand}. "
                        "Touches : le numéro {of.thought} à jouer, 0 pour {no.thought}, q pour quitter."},
    "solving": {"en": "solving the game exactly…", "fr": "résolution exacte de la partie…"},
    "start_value": {"en": "win probability with perfect play from here: {p} ≈ {d}",
                    "fr": "probabilité de gagner avec le meilleur jeu à partir d’ici : {p} ≈ {d}"},
    "bye": {"en": "bye.", "fr": "au revoir."},
    "won": {"en": "YOU WAKE UP — victory with {count}.", "fr": "TU TE RÉVEILLES — victoire avec {count}."},
    "lost": {"en": "LOST IN {DREAM} — defeat with {count}.", "fr": "PERDU DANS {DREAM} — défaite avec {count}."},
    "decisions": {"en": "your decisions", "fr": "tes décisions"},
    "columns": {"en": "{t.dream}|choice|win probability given up", "fr": "{t.dream}|choix|probabilité de gagner perdue"},
    "best_row": {"en": "0 (best)", "fr": "0 (le meilleur)"},
    "total": {"en": "total given up: {d}", "fr": "total perdu : {d}"},
    "prompt": {"en": "your choice> ", "fr": "ton choix> "},
    "invalid": {"en": "invalid key {typed}: type one of {keys} or q", "fr": "touche invalide {typed} : tape {keys} ou q"},
    "win": {"en": "win", "fr": "victoire"},
    "best": {"en": "  ← best", "fr": "  ← le meilleur"},
    "best_choice": {"en": "  best choice.", "fr": "  meilleur choix."},
    "gave_up": {"en": "  this gave up {d} of win probability ({p}).",
                "fr": "  ce choix a perdu {d} de probabilité de gagner ({p})."},
    "status": {"en": "{t.lucidity} {luc} · {t.deck} {left} {pl.card} left · {t.discard}: {discard}",
               "fr": "{t.lucidity} {luc} · {t.deck} : {left} {pl.card} · {t.discard} : {discard}"},
    "empty_discard": {"en": "empty", "fr": "vide"},
    "dream_line": {"en": "{T.dream}{chained}: {card} — {t.intensity} {n} — {text}",
                   "fr": "{T.dream}{chained} : {card} — {t.intensity} {n} — {text}"},
    "chained": {"en": " (chained)", "fr": " (en chaîne)"},
    "hand_line": {"en": "  [{number}] {card}: {text}", "fr": "  [{number}] {card} : {text}"},
    "none_key": {"en": "  [0] {no.thought}", "fr": "  [0] {no.thought}"},
    "none": {"en": "none", "fr": "{no.thought}"},
    "advise_solving": {"en": "solving {name} from this position", "fr": "résolution de {name} depuis cette position"},
}


def phrase(key: str, spec: ReveilSpec, lang: object, **values: object) -> str:
    """One of :data:`PHRASES` in ``lang``, its terms from the spec's glossary."""
    return glossary.say(spec, PHRASES, key, lang, **values)


def tell(event: Event, spec: ReveilSpec, lang: object, register: Register = Register.LINE) -> str | None:
    """An event in words (None: a chain marker, which a told example leaves implied)."""
    code = glossary.lang_code(lang)
    k, card, n, luc = event.kind, event.card, event.amount, event.lucidity
    values: dict[str, object] = {"card": card, "n": n, "luc": luc}
    resource = glossary.of(spec)["lucidity"]
    if k in (EventKind.LOSS, EventKind.GAIN):
        values["count"] = resource.count(n or 0, code)
    elif k in (EventKind.DEFEAT, EventKind.VICTORY):
        values["count"] = resource.count(luc, code)
    if k is EventKind.ROW:
        row = next(c for c in spec.cards if c.name == card).effects[n or 0]
        values.update(quote=row.quote, action=row.action, rule=row_en(row, spec))
    if register is Register.SENTENCE:
        key: EventKind | str = CHAINED_REVEAL if k is EventKind.REVEAL and event.depth > 1 else k
        if key not in _SENTENCES:
            return None
        template = _SENTENCES[key][code]
    elif register is Register.BOOK and k is EventKind.ROW and code == "en":
        template = _SENTENCES[k][code]
    else:
        template = _LINES[k][code]
    text = glossary.fill(glossary.of(spec), template, code, **values)
    if code == "fr" and card and f"de {card}" in text:  # « l’effet d’Écho », not « de Écho » (a name that elides)
        cid = next((c.id for c in spec.cards if c.name == card), card)
        text = agreeing(text, {card: glossary.name_word(glossary.of(spec), cid, card)})
    return text


def line(event: Event, spec: ReveilSpec, lang: object = "fr") -> str:
    """An event as a trace or ``play`` line (every event has one)."""
    text = tell(event, spec, lang)
    assert text is not None  # every kind has a line
    return text
