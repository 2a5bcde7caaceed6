"""French determiners that agree with the noun after them, for a text whose game words were renamed.

An authored sentence says « ta Lucidité », « la Lucidité », « de la Lucidité »; a
designer who calls the resource « Énergie » (feminine, opening on a vowel) must read
« ton Énergie », « l’Énergie », « de l’Énergie », and one who calls it « Calme »
(masculine) « ton Calme », « le Calme », « du Calme ». French elides before a vowel or
a mute h (the glossary's ``elide``, see :class:`songe.spec.glossary.Word`), and uses
« ton », « son », « mon » before such a word even when it is feminine; otherwise the
word's gender decides. Adjectives that agree with the word are not touched here: a
renamed term of another gender gets a drafted text instead (songe.games.reveil.draft).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from songe.spec.glossary import Gender, Word, capitalise

#: Each determiner (and the preposition « de », which elides too) before a feminine word, a masculine one, a
#: feminine one that elides, a masculine one that elides (the French grammar of the determiner itself, no game word).
_FORMS = (("la", "le", "l’", "l’"), ("ta", "ton", "ton", "ton"), ("sa", "son", "son", "son"),
          ("ma", "mon", "mon", "mon"), ("de la", "du", "de l’", "de l’"), ("à la", "au", "à l’", "à l’"),
          ("de", "de", "d’", "d’"), ("cette", "ce", "cette", "cet"), ("une", "un", "une", "un"), ("aucune", "aucun", "aucune", "aucun"))
_ANY = sorted({f for row in _FORMS for f in row}, key=len, reverse=True)


def determiner(det: str, word: Word) -> str:
    """``det`` (any form of a French determiner, capitalised or not) as it stands before ``word``.

    >>> energie = Word("Énergie", "Énergie", Gender.FEMININE, True)
    >>> [determiner(d, energie) for d in ("ta", "la", "de la", "La", "cette")]
    ['ton', 'l’', 'de l’', 'L’', 'cette']
    >>> determiner("l’", Word("Calme", "Calme", Gender.MASCULINE, False))
    'le'
    """
    row = next((r for r in _FORMS if det.lower() in r), None)
    if row is None:
        return det
    out = row[(0 if word.gender is Gender.FEMININE else 1) + (2 if word.elide else 0)]
    return capitalise(out) if det[:1].isupper() else out


def agreeing(text: str, words: Mapping[str, Word]) -> str:
    """A French text with the determiner before each of ``words`` (a word as written -> its record) made to agree
    with it (« ta Énergie » → « ton Énergie »); the other words untouched.

    >>> energie = Word("Énergie", "Énergie", Gender.FEMININE, True)
    >>> agreeing("Vérifie ta Énergie. La Énergie n’a pas de maximum ; la partie continue, perte de Énergie.",
    ...          {"Énergie": energie})
    'Vérifie ton Énergie. L’Énergie n’a pas de maximum ; la partie continue, perte d’Énergie.'
    """
    if not words:
        return text
    dets = "|".join(re.escape(d) for d in _ANY)
    names = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w’])(?P<det>{dets})(?P<gap>[ \u00a0]?)(?P<word>{names})(?!\w)", re.IGNORECASE)

    def agree(m: re.Match[str]) -> str:
        if m["word"] not in words:  # a match by case only (« la énergie » of ordinary prose): not the term
            return m[0]
        det = determiner(m["det"], words[m["word"]])
        return f"{det}{'' if det.endswith('’') else m['gap'] or ' '}{m['word']}"

    return pattern.sub(agree, text)
