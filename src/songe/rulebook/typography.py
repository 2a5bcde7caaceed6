"""Typography of the rulebooks: numbers by Babel, French spacing, one apostrophe, and the lint that checks it.

Numbers and percentages are formatted per language by Babel (the locale's
decimal sign and digit grouping); French text gets its non-breaking spaces
before « : ; ! ? », inside « », and its typographic apostrophe. :func:`lint`
finds what a page still gets wrong, so a test can require it to find nothing.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction

from babel.numbers import format_decimal, format_percent

NBSP = "\u00a0"
NNBSP = "\u202f"
_LOCALE = {"fr": "fr_FR", "en": "en_GB"}


def number(n: int, lang: str) -> str:
    """An integer with the language's digit grouping.

    >>> number(39916800, "fr") == "39\u202f916\u202f800"
    True
    >>> number(39916800, "en")
    '39,916,800'
    """
    return format_decimal(n, locale=_LOCALE[lang])


def percent(x: Fraction | str, lang: str, places: int = 2) -> str:
    """A probability as a percentage, rounded half-even from the exact fraction.

    >>> percent("9504977/13305600", "fr") == "71,44\u00a0%"
    True
    >>> percent("1/3", "en")
    '33.33%'
    """
    f = Fraction(x)
    d = (Decimal(f.numerator) / Decimal(f.denominator)).quantize(Decimal(1).scaleb(-places - 2), ROUND_HALF_EVEN)
    pattern = "#,##0." + "0" * places + ("\u00a0%" if lang == "fr" else "%")
    return format_percent(d, format=pattern, locale=_LOCALE[lang])


def signed(x: Fraction | str, lang: str, places: int = 2) -> str:
    """A signed decimal (a difference), rounded half-even from the exact value, with the locale's signs.

    >>> signed("4", "en"), signed("-0.115", "fr")
    ('+4.00', '-0,12')
    """
    f = Fraction(x)
    d = (Decimal(f.numerator) / Decimal(f.denominator)).quantize(Decimal(1).scaleb(-places), ROUND_HALF_EVEN)
    body = "#,##0." + "0" * places
    return format_decimal(d, format=f"+{body};-{body}", locale=_LOCALE[lang])


def decimal(x: Fraction | str, lang: str, places: int = 2) -> str:
    """An unsigned decimal, rounded half-even from the exact value, with the locale's decimal sign.

    >>> decimal("1/3", "fr"), decimal("2", "en", 1)
    ('0,33', '2.0')
    """
    f = Fraction(x)
    d = (Decimal(f.numerator) / Decimal(f.denominator)).quantize(Decimal(1).scaleb(-places), ROUND_HALF_EVEN)
    return format_decimal(d, format="#,##0." + "0" * places, locale=_LOCALE[lang])


def fraction(x: Fraction | str, lang: str) -> str:
    """A fraction p/q with grouped digits.

    >>> fraction("9504977/13305600", "en")
    '9,504,977/13,305,600'
    """
    f = Fraction(x)
    return f"{number(f.numerator, lang)}/{number(f.denominator, lang)}"


def odds(x: Fraction | str, lang: str) -> str:
    """An exact probability: the percentage with the fraction beside it.

    >>> odds("1/2", "en")
    '50.00% (1/2)'
    """
    return f"{percent(x, lang)} ({fraction(x, lang)})"


#: Small whole numbers in words, for « sept parties sur dix » (the denominators :func:`about` uses).
_WORDS = {"fr": ("zéro", "une", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"),
          "en": ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")}
#: Within this of a simple fraction, a probability is « about » it; further, « a little more / less ».
_CLOSE = Fraction(1, 200)


def about(x: Fraction | str, lang: str) -> str:
    """A probability of winning as a player says it: the nearest fraction of games over 2, 3, 4, 5 or 10.

    >>> about("637771/1209600", "fr"), about("9504977/13305600", "en")
    ('un peu plus d’une partie sur deux', 'just over seven games in ten')
    >>> about("1/2", "fr")
    'une partie sur deux'
    """
    f = Fraction(x)
    near = min((Fraction(k, n) for n in (2, 3, 4, 5, 10) for k in range(1, n)), key=lambda q: (abs(q - f), q.denominator))
    k, n = near.numerator, near.denominator
    if lang == "fr":
        games = f"{_WORDS['fr'][k]} partie{'s' * (k > 1)} sur {_WORDS['fr'][n]}"
        if f == near:
            return games
        if abs(f - near) < _CLOSE:
            return f"environ {games}"
        more = "plus" if f > near else "moins"
        return f"un peu {more} {'d’' if k == 1 else 'de '}{games}"
    games = f"{_WORDS['en'][k]} game{'s' * (k > 1)} in {_WORDS['en'][n]}"
    if f == near:
        return games
    if abs(f - near) < _CLOSE:
        return f"about {games}"
    return f"just {'over' if f > near else 'under'} {games}"


_BEFORE_TALL = re.compile(r"[ \u00a0\u202f]*([:»])")
_BEFORE_SHORT = re.compile(r"[ \u00a0\u202f]*([;!?])")
_AFTER_OPEN = re.compile(r"«[ \u00a0\u202f]*")


def french(text: str) -> str:
    """French spacing and apostrophes: NBSP before « : » and « » », NNBSP before « ; ! ? », NBSP after « «.

    Not applied inside URLs or after a digit for « : » (times), which the rulebooks do not contain.

    >>> french("Défaite : tu perds ; « rêve »") == "Défaite\u00a0: tu perds\u202f; «\u00a0rêve\u00a0»"
    True
    >>> french("l'effet")
    'l’effet'
    """
    text = text.replace("'", "’")
    text = _BEFORE_TALL.sub(lambda m: NBSP + m.group(1), text)
    text = _BEFORE_SHORT.sub(lambda m: NNBSP + m.group(1), text)
    return _AFTER_OPEN.sub("«" + NBSP, text)


def dress(text: str, lang: str) -> str:
    """A text ready for a page of ``lang``."""
    return french(text) if lang == "fr" else text.replace("'", "’")


#: What a French page must not contain, with why (checked by :func:`lint`).
_FR_RULES = (
    (re.compile(r"[^\u00a0\u202f\s][:;!?»](?=\s|$)"), "no non-breaking space before a tall sign or a closing guillemet"),
    (re.compile(r" [:;!?»]"), "an ordinary space before « : ; ! ? » »"),
    (re.compile(r"\d %"), "an ordinary space between a number and « % » (use a non-breaking space)"),
    (re.compile(r"«(?!\u00a0)"), "no non-breaking space after « «"),
    (re.compile(r"'"), "a straight apostrophe (use ’)"),
    (re.compile(r"\d\.\d+[\s\u00a0\u202f]?%|\b0\.\d|\d\.\d{3}"), "a decimal point (French uses a comma; rule numbers like 4.7 are fine)"),
    (re.compile(r"\d{5,}"), "five or more digits not grouped"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "a code identifier"),
    (re.compile(r"`|\bspec/|\.toml\b|\.py\b|\.md\b|songe\.\w"), "code or an internal path"),
    (re.compile(r"\b(?:the|and|of|is|with|when|reading|card|rule|optimal|yes|no)\b"), "an English word"),
)
_EN_RULES = (
    (re.compile(r"\d{5,}"), "five or more digits not grouped"),
    (re.compile(r"\d,\d{1,2}\b(?!,\d)"), "a decimal comma in English"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "a code identifier"),
    (re.compile(r"``|\bspec/|\.toml\b|\.py\b"), "code or an internal path"),
    (re.compile(r"'"), "a straight apostrophe (use ’)"),
)


def lint(text: str, lang: str) -> list[str]:
    """Every typography fault of a page, as 'line N: what (excerpt)'; empty when clean.

    >>> lint("Défaite : 71.44 %", "fr")[0].startswith("line 1: an ordinary space")
    True
    """
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        for pattern, what in _FR_RULES if lang == "fr" else _EN_RULES:
            m = pattern.search(line)
            if m:
                out.append(f"line {n}: {what} ({line[max(m.start() - 20, 0):m.end() + 20]!r})")
    return out
