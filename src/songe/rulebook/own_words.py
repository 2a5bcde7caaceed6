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
           "unmeasured": "Aucun de ces points n’a d’effet chiffré pour ce jeu : chacun dit en mots ce que change "
                         "chaque lecture, et la règle du jeu le tranche par ses mots.",
           "wording_only": "Les points n° {first}{to}{last} n’ont pas d’effet chiffré : chacun dit ce que change "
                           "chaque lecture et pourquoi rien n’est à chiffrer ; la règle du jeu les tranche par ses "
                           "mots.",
           "wording_one": "Le point n° {first} n’a pas d’effet chiffré : il dit ce que change chaque lecture et "
                          "pourquoi rien n’est à chiffrer ; la règle du jeu le tranche par ses mots.",
           "left_out": "{n} phrase est laissée de côté, car ce qu’elle décrit n’est plus dans la spec : {ids}|{n} "
                       "phrases sont laissées de côté, car ce qu’elles décrivent n’est plus dans la spec : {ids}"},
    "en": {"intro": "This dossier goes with the rules of play. For each point the author’s text leaves open it "
                    "quotes the sentence at issue, gives the adopted reading, each other reading{example}; it sets "
                    "each sentence of the author’s text beside its version in the book and lists the "
                    "corrections{facts}. The first section gathers the questions for the author to confirm.",
           "claims": "Claims of the author’s text", "origin": "of the author’s text|of the author’s texts",
           "original": "Author’s text", "clarified": "Rule in the book",
           "unmeasured": "None of these points has a measured effect for this game: each says in words what each "
                         "reading changes, and the rules of play settle it in their words.",
           "wording_only": "Points {first}{to}{last} have no measured effect: each says what each reading changes "
                           "and why there is nothing to measure; the rules of play settle them in their words.",
           "wording_one": "Point {first} has no measured effect: it says what each reading changes and why there "
                          "is nothing to measure; the rules of play settle it in their words.",
           "left_out": "{n} sentence is left out, as what it describes is no longer in the spec: {ids}|{n} sentences "
                       "are left out, as what they describe is no longer in the spec: {ids}"},
}


def worded(words: Mapping[str, str], lang: str, own_game: bool) -> dict[str, str]:
    """The dossier's ``words`` in ``lang``, with a designer's own game's where it has one (``own_game``)."""
    return {**words, **_OWN[lang]} if own_game else dict(words)
