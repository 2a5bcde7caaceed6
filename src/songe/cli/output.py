"""The one output layer of the command line: user text is always text.

A card name, a quote, a player or a key typed at a prompt comes from a file or
a user; printed raw, ``[bold red]`` would be taken as Rich markup (or crash
Rich), ``[link=…]`` would become a live link, and an ESC or OSC sequence would
drive the terminal. Every verb prints through this module instead:

- :func:`console` is a Rich console that never reads markup or emoji in a
  string and shows control characters visibly (tables and titles included);
  songe's own emphasis is a style on a :class:`~rich.text.Text` (:func:`bold`).
- :func:`echo` is ``click.echo`` for plain lines, with the same visible controls.
- :func:`emit_json` escapes every control character, C1 included, in the JSON it prints.

Control characters are shown by :func:`~songe.cli.plain.visible` (no Rich needed, for the error line).
"""

from __future__ import annotations

import json
import re
from typing import IO, Any

import click
from rich.console import Console
from rich.text import Text

from songe.cli.plain import visible as visible  # re-exported: the verbs print through this module


class SafeConsole(Console):
    """A Rich console for which every string is literal text: no markup, no emoji, controls visible."""

    def render_str(self, text: str, **kwargs: Any) -> Text:
        """Every string Rich renders (a cell, a title, a line) passes here; markup and emoji are never read."""
        kwargs.update(markup=False, emoji=False)
        return super().render_str(visible(text), **kwargs)

    def input(self, prompt: Any = "", **kwargs: Any) -> str:
        """The typed answer, read as text (the prompt is songe's own)."""
        kwargs.update(markup=False, emoji=False)
        return super().input(prompt, **kwargs)


#: The narrowest console: ``COLUMNS=0`` would make Rich print nothing at all, and a result must not vanish.
MIN_WIDTH = 20


def console(stderr: bool = False) -> SafeConsole:
    """A console on stdout (or stderr) that prints user text as text, at least :data:`MIN_WIDTH` wide."""
    term = SafeConsole(stderr=stderr, highlight=False, markup=False, emoji=False)
    if term.width < MIN_WIDTH:
        term.width = MIN_WIDTH
    return term


def bold(text: object) -> Text:
    """Songe's emphasis on a piece of text (user text stays text)."""
    return Text(visible(text), style="bold")


def assemble(*parts: object) -> Text:
    """One line from pieces: a :class:`Text` keeps its style, anything else is plain text."""
    return Text.assemble(*(p if isinstance(p, Text) else visible(p) for p in parts))


def echo(message: object = "", *, err: bool = False, nl: bool = True, file: IO[str] | None = None) -> None:
    """``click.echo`` for a plain line, its control characters shown visibly."""
    click.echo(visible(message), err=err, nl=nl, file=file)


_JSON_C1 = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def json_text(obj: Any) -> str:
    """``obj`` as indented JSON whose text holds no raw control character (json escapes C0 itself)."""
    text = json.dumps(obj, ensure_ascii=False, indent=2)
    return _JSON_C1.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def emit_json(obj: Any) -> None:
    """Print one JSON object."""
    click.echo(json_text(obj))


def cut(text: object, limit: int = 80) -> str:
    """A user's value shown in a message: visible, and at most ``limit`` characters with the count of the rest.

    >>> cut("x" * 50_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (49,920 more characters)"
    """
    s = str(text)
    more = len(s) - limit
    return repr(s[:limit]) + (f"… ({more:,} more characters)" if more > 0 else "")


def caused_by_interrupt(exc: BaseException) -> bool:
    """Whether ``exc`` is, or was caused by, Ctrl-C (a compiled kernel reports it as a SystemError on top)."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        if isinstance(e, KeyboardInterrupt | click.exceptions.Abort):
            return True
        todo += [e.__cause__, e.__context__]
        if isinstance(e, BaseExceptionGroup):
            todo += list(e.exceptions)
    return False
