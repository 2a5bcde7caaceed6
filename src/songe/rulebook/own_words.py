"""The dossier's words for a designer's own game (its quotes its own text, as ``songe new`` marks them).

Such a game clarifies no original: its text is its author's, its book « la règle du jeu ». The dossier's
framing (intro, column heads, the claims' and the coverage's words) says so, as the book's title and edition
line do (:attr:`songe.rulebook.compose.GameFacts.own_game`).
"""

from __future__ import annotations

from collections.abc import Mapping

_OWN: dict[str, dict[str, str]] = {
    "fr": {"intro": "Ce dossier accompagne la règle du jeu. Pour chaque point que le texte de l’auteur laisse "
                    "ouvert, il cite la phrase en cause, donne la lecture retenue, chaque autre lecture{example} ; "
                    "il met chaque phrase du texte de l’auteur en regard de sa version dans le livre et liste les "
                    "corrections{facts}. La première section réunit les questions à faire valider par l’auteur.",
           "claims": "Affirmations du texte de l’auteur", "origin": "du texte de l’auteur|des textes de l’auteur",
           "original": "Texte de l’auteur", "clarified": "Règle du livre",
           "left_out": "{n} phrase est laissée de côté, car ce qu’elle décrit n’est plus dans la spec : {ids}|{n} "
                       "phrases sont laissées de côté, car ce qu’elles décrivent n’est plus dans la spec : {ids}"},
    "en": {"intro": "This dossier goes with the rules of play. For each point the author’s text leaves open it "
                    "quotes the sentence at issue, gives the adopted reading, each other reading{example}; it sets "
                    "each sentence of the author’s text beside its version in the book and lists the "
                    "corrections{facts}. The first section gathers the questions for the author to confirm.",
           "claims": "Claims of the author’s text", "origin": "of the author’s text|of the author’s texts",
           "original": "Author’s text", "clarified": "Rule in the book",
           "left_out": "{n} sentence is left out, as what it describes is no longer in the spec: {ids}|{n} sentences "
                       "are left out, as what they describe is no longer in the spec: {ids}"},
}


#: What the book is called in the dossier's shared sentences, and what a designer's own game calls it instead.
_BOOK = {"fr": ("la règle clarifiée", "la règle du jeu"), "en": ("the clarified rules", "the rules of play")}
#: The dossier's sentences that name the book, said of a designer's own game with its book's name.
_NAMING_THE_BOOK = ("unmeasured", "wording_only", "wording_one")


def worded(words: Mapping[str, str], lang: str, own_game: bool) -> dict[str, str]:
    """The dossier's ``words`` in ``lang``, with a designer's own game's where it has one (``own_game``)."""
    if not own_game:
        return dict(words)
    shipped, own = _BOOK[lang]
    renamed = {key: words[key].replace(shipped, own) for key in _NAMING_THE_BOOK if key in words}
    return {**words, **renamed, **_OWN[lang]}
