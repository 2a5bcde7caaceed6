"""A worked example as a document-ready record: a game replayed by the engine, told in French and English.

Each family builds its examples from its spec (the deck order, the script or the record
is data) and tells them with its own event wording; a book prints them as a publisher
would (a title, an optional note, the situation at the start, then numbered steps in the
book's typeface: each narrated line is one step), and the golden tests pin both the
narration and the replay, which is never printed.
"""

from __future__ import annotations

from dataclasses import dataclass

from songe.spec.glossary import lang_code


@dataclass(frozen=True)
class WorkedExample:
    """One example: its title, note and narrated lines per language, and the replay it tells.

    ``replay`` is the engine's side, language-neutral (one entry per move or event, as the
    family writes it), so a golden test sees a changed game even where the words stay.
    """

    id: str
    titles: tuple[tuple[str, str], ...]
    lines: tuple[tuple[str, tuple[str, ...]], ...]
    replay: tuple[str, ...]
    notes: tuple[tuple[str, str], ...] = ()
    #: the situation at the start (hands, resources), per language; printed before the steps
    situations: tuple[tuple[str, str], ...] = ()
    #: False for an example the book already tells in its own words (the source's own example, rewritten as
    #: a rule): replayed and pinned by the goldens, so told once in print
    printed: bool = True

    def __post_init__(self) -> None:
        for field, pairs in (("titles", self.titles), ("lines", self.lines)):
            if sorted(lang for lang, _ in pairs) != ["en", "fr"]:
                raise ValueError(f"worked example {self.id!r}: {field} must be given in fr and en, got {pairs!r}")

    def title(self, lang: object) -> str:
        """The title in a language."""
        return dict(self.titles)[lang_code(lang)]

    def text(self, lang: object) -> tuple[str, ...]:
        """The narrated lines in a language, in order."""
        return dict(self.lines)[lang_code(lang)]

    def situation(self, lang: object) -> str:
        """The situation at the start (the resource and the hand when the first card is turned), or ''."""
        return dict(self.situations).get(lang_code(lang), "")

    def note(self, lang: object) -> str:
        """A short note to print with the example (such as « cartes d’exemple »), or ''."""
        return dict(self.notes).get(lang_code(lang), "")
