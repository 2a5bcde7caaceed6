"""``--lang``: the language of everything a player reads, by default the locale's.

A French locale (``LC_ALL``, else ``LC_MESSAGES``, else ``LANG`` starting with ``fr``)
gives French, any other English; ``--lang`` overrides it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import click

#: The languages songe speaks.
LANGS = ("fr", "en")

F = TypeVar("F", bound=Callable[..., Any])


def locale_lang(environ: Mapping[str, str] | None = None) -> str:
    """The locale's language: the first of LC_ALL, LC_MESSAGES, LANG that is set decides.

    >>> locale_lang({"LANG": "fr_FR.UTF-8"}), locale_lang({"LANG": "fr_FR.UTF-8", "LC_ALL": "C"}), locale_lang({})
    ('fr', 'en', 'en')
    """
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def resolve(lang: str | None) -> str:
    """The language asked for, or the locale's."""
    return lang or locale_lang()


def lang_option(f: F) -> F:
    """The ``--lang`` option (None when not given: :func:`resolve` reads the locale)."""
    return click.option("--lang", type=click.Choice(LANGS), default=None,
                        help="Language of what is printed [default: the locale's: LC_ALL, LC_MESSAGES or LANG "
                             "starting with fr gives fr, otherwise en].")(f)
