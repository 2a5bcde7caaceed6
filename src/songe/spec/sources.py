"""Where spec files and rule texts live, and how a quote is checked against its text."""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from importlib import resources
from pathlib import Path

from songe.files import MAX_INPUT_BYTES


def spec_dir() -> Path:
    """The folder of the shipped specs: ``spec/`` in a checkout, ``songe.specdata`` installed."""
    here = Path(__file__).resolve().parents[3] / "spec"
    if (here / "reveil.toml").is_file():
        return here
    return Path(str(resources.files("songe.specdata")))


def fold(text: str) -> str:
    """Fold runs of white space (line breaks included) to one space.

    Quotes are compared after folding: the rule texts break table rows over
    lines, and a TOML string holds one line. Both sides are NFC, as the
    spec's strings are once read (:mod:`songe.files`).

    >>> fold("Nom\\n2\\nAucun effet.")
    'Nom 2 Aucun effet.'
    """
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", text)).strip()


@cache
def _folded_source(path: Path) -> str:
    """A source text, folded; a missing or unreadable one (a spec copied without its texts) is one line."""
    from songe.files import read_text

    return fold(read_text(path, max_bytes=10 * MAX_INPUT_BYTES))


def quote_found(quote: str, source: Path) -> bool:
    """Whether a quote stands verbatim (white space folded) in a source text."""
    return bool(quote.strip()) and fold(quote) in _folded_source(source.resolve())
