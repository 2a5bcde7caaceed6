"""Small reStructuredText writers: headings, tables, notes, numbered rules."""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

_UNDERLINES = "=-~^\""


def heading(text: str, level: int) -> str:
    """A section title (level 0 is the page title)."""
    return f"{text}\n{_UNDERLINES[level] * max(len(text), 3)}\n\n"


def escape(text: str) -> str:
    """Text safe in a paragraph, shown as it is written.

    Markup characters are escaped, and so are straight quotes, ``--`` and ``...``: docutils' smart quotes
    would otherwise turn a source's ``"Je passe"`` into “Je passe” on the web page (the PDF and the
    inventory keep it verbatim).

    >>> escape("a *b* `c`")
    'a \\\\*b\\\\* \\\\`c\\\\`'
    >>> print(escape('"Je passe" -- décalée...'))
    \\"Je passe\\" -\\- décalée.\\.\\.
    """
    text = text.replace("\\", "\\\\")
    for c in '*`|"\'':
        text = text.replace(c, "\\" + c)
    return re.sub(r"(?<=-)-|(?<=\.)\.", lambda m: "\\" + m.group(0), text)


def table(header: Sequence[str], rows: Sequence[Sequence[object]], title: str = "") -> str:
    """A list-table."""
    out = [f".. list-table:: {escape(title)}".rstrip(), "   :header-rows: 1", ""]
    for row in [list(header)] + [list(r) for r in rows]:
        first = True
        for cell in row:
            text = escape(str(cell)).replace("\n", " ") or "—"
            out.append(f"   {'* -' if first else '  -'} {text}")
            first = False
    return "\n".join(out) + "\n\n"


def note(text: str, kind: str = "note") -> str:
    """An admonition block."""
    body = "\n".join("   " + line if line else "" for line in text.splitlines())
    return f".. {kind}::\n\n{body}\n\n"


def quote(text: str) -> str:
    """A French sentence of the source, as a block quote."""
    return f"   « {escape(text)} »\n\n"


def percent(x: Fraction | str) -> str:
    """A probability as a percentage with two decimals.

    >>> percent("1/3")
    '33.33 %'
    """
    return f"{float(Fraction(x)) * 100:.2f} %"


def fraction(x: Fraction | str) -> str:
    """A fraction written p/q, for tables."""
    f = Fraction(x)
    return f"{f.numerator}/{f.denominator}"
