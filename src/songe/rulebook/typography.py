"""Typography of the rulebooks: numbers by Babel, French spacing, one apostrophe, and the lint that checks it.

Numbers and percentages are formatted per language by Babel (the locale's
decimal sign and digit grouping); French text gets its non-breaking spaces
before « : ; ! ? », inside « », and its typographic apostrophe. :func:`lint`
finds what a page still gets wrong, so a test can require it to find nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
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
    pattern = "#,##0" + ("." + "0" * places if places else "") + ("\u00a0%" if lang == "fr" else "%")
    return format_percent(d, format=pattern, locale=_LOCALE[lang])


def whole_percent(x: Fraction | str, lang: str) -> str:
    """A probability as a player's book prints it: a whole percentage (« 71 % »), rounded half-even from the
    exact fraction; the editor's dossier keeps :func:`percent`'s two places.

    >>> whole_percent("9504977/13305600", "fr") == "71\u00a0%"
    True
    >>> whole_percent("1/3", "en")
    '33%'
    """
    return percent(x, lang, 0)


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


def unruled(text: str) -> str:
    """A source sentence laid out as table cells (« Titre : | When I Dream | ») as a reader quotes it: the bars
    of the layout dropped, the source text itself left as it is.

    >>> unruled("Nombre minimum de joueurs : | 4 | Nombre maximum de joueurs : | 10 |")
    'Nombre minimum de joueurs : 4 ; Nombre maximum de joueurs : 10'
    >>> unruled("se partagent la victoire. |")
    'se partagent la victoire.'
    """
    cells = [c.strip() for c in re.split(r"\s*\|\s*", text)]
    out = ""
    for c in (c for c in cells if c):  # a label cell (« … : ») joins its value; two whole cells are set apart
        out += ("" if not out else " " if out.endswith(":") or c[:1].islower() else " ; ") + c
    return out


#: The last joint of a list, per language.
_AND = {"fr": " et ", "en": " and "}


def listed(items: Sequence[str], lang: str) -> str:
    """« A, B et C » / "A, B and C": one item alone, none as "".

    >>> listed(["un", "deux", "trois"], "fr"), listed(["one"], "en"), listed([], "en")
    ('un, deux et trois', 'one', '')
    """
    return ", ".join(items[:-1]) + _AND[lang] + items[-1] if len(items) > 1 else "".join(items)


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


_TITLE = re.compile(r"\b(Mr|Dr|Mrs|M|Mme)\.? (?=[A-Z])")
_MINUS = re.compile(r"(?<![\w)])-(?=\d)")
#: a number and the word it counts (« 3 cartes », « 10 minutes »), or a sign and its number after a word
_COUNTED = re.compile(r"(?<![\d.,/−+])(\d+(?:,\d+)?) (?=[^\W\d_])")
_SIGNED_AFTER = re.compile(r"(?<=\w) (?=[−+]\d)")
_SINGLE_QUOTED = re.compile(r"(?<![\w’'])'(?=\S)(.+?)(?<=\S)'(?!\w)")
_ORDINAL = re.compile(r"\b(\d+)(re|er|e)\b")
_SUPER = {"re": "ʳᵉ", "er": "ᵉʳ", "e": "ᵉ"}


def _ordinal(m: re.Match[str]) -> str:
    return m.group(1) + _SUPER[m.group(2)]


def dress(text: str, lang: str) -> str:
    """A text ready for a page of ``lang``: apostrophes, the minus sign, no-break spaces in titles (« Mr Hyde »)
    and between a number and what it counts; in French also the spacing of :func:`french` and superscript
    ordinals (« 1ʳᵉ », « 2ᵉ »).

    >>> dress("la 2e manche : -1 et 3 cartes", "fr") == "la 2ᵉ manche\u00a0: −1 et 3\u00a0cartes"
    True
    >>> dress("Mr. Hyde's card, « Je passe », 'ou 1, si c'est la dernière'", "en")
    'Mr.\xa0Hyde’s card, “Je passe”, “ou 1, si c’est la dernière”'

    """
    text = _MINUS.sub("−", text)
    text = _TITLE.sub(lambda m: m.group(0)[:-1] + NBSP, text)
    text = _COUNTED.sub(lambda m: m.group(1) + NBSP, text)
    text = _SIGNED_AFTER.sub(NBSP, text)
    if lang == "fr":
        return _ORDINAL.sub(_ordinal, french(text))
    text = re.sub(r"«[\s\u00a0\u202f]*", "“", text)
    text = re.sub(r"[\s\u00a0\u202f]*»", "”", text)
    text = _SINGLE_QUOTED.sub(r"“\1”", text)  # a quotation in straight single quotes, not an apostrophe
    text = re.sub(r'"([^"]*)"', r"“\1”", text)  # and in straight double quotes (a sources file's)
    return text.replace("'", "’")


#: Checked in both languages: the minus sign, and no-break spaces where a line must not break.
_BOTH = (
    (re.compile(r"(?<![\w)])-\d"), "a hyphen for a negative number (use − U+2212)"),
    (re.compile(r"\b(?:Mr|Dr|Mrs|Mme)\.? [A-Z]"), "an ordinary space inside a title (« Mr Hyde »)"),
    (re.compile(r"(?<![\d.,/−+])\d+(?:,\d+)? [^\W\d_]"), "an ordinary space between a number and what it counts"),
)
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
    (re.compile(r"\b\d+(?:re|er|e|ème|eme)\b"), "an ordinal not in superscript (1ʳᵉ, 2ᵉ)"),
) + _BOTH
_EN_QUOTES = (
    (re.compile(r"[«»]"), "a French quotation mark in English"),
    (re.compile(r"(?:^|[\s(])”"), "a closing quotation mark opening a quotation"),
    (re.compile(r'"'), "a straight quotation mark"),
)
_EN_RULES = (
    (re.compile(r"\d{5,}"), "five or more digits not grouped"),
    (re.compile(r"\d,\d{1,2}\b(?!,\d)"), "a decimal comma in English"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "a code identifier"),
    (re.compile(r"``|\bspec/|\.toml\b|\.py\b"), "code or an internal path"),
    (re.compile(r"'"), "a straight apostrophe (use ’)"),
) + _BOTH


_TU = re.compile(r"\b(?:tu|te|toi|ton|ta|tes)\b|\bt’", re.IGNORECASE)
_VOUS = re.compile(r"\b(?:vous|votre|vos)\b", re.IGNORECASE)


def register(text: str, person: str) -> list[str]:
    """Words of the other form of address in a French text written with ``person`` (« tu » or « vous »);
    quotations of the source are not checked.

    >>> register("Placez le plateau ; tu joues ensuite.", "vous")
    ['tu']
    >>> register("Tu joues. « Jouez cette capacité lorsque vous… »", "tu")
    []
    """
    other = _VOUS if person == "tu" else _TU
    return [m.group(0) for m in other.finditer(re.sub(r"«[^»]*»", "", text))]


def lint(text: str, lang: str) -> list[str]:
    """Every typography fault of a page, as 'line N: what (excerpt)'; empty when clean.

    >>> lint("Défaite : 71.44 %", "fr")[0].startswith("line 1: an ordinary space")
    True
    """
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        for pattern, what in _FR_RULES if lang == "fr" else _EN_RULES + _EN_QUOTES:
            m = pattern.search(line)
            if m:
                out.append(f"line {n}: {what} ({line[max(m.start() - 20, 0):m.end() + 20]!r})")
    return out
