"""Checks of a spec that is valid but suspicious: what ``songe lint`` reports, one line each.

A spec can load and still be stale: a copy whose quotes no longer stand in its
source, whose ``source`` names a missing file. These checks read the raw TOML
(so they run on any family and before the loader); the family's own checks
(:mod:`songe.games.reveil.lint`) add what needs its vocabulary.

A spec whose ``[game] quotes = "own"`` holds the designer's own wording (a new
game, as ``songe new`` writes it): its quotes are checked against no text.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from songe.spec.sources import quote_found

#: The ``[game] quotes`` value saying the quotes are the designer's own text.
OWN = "own"


class Severity(Enum):
    """How much a finding weighs: whether ``songe lint`` fails on it."""

    FAULT = "fault"
    """Something to fix: the spec says what the game does not (a stale count, a quote not in its text...)."""
    INFORMATION = "information"
    """A fact about the game worth knowing that asks no edit: a question the text raises still has to be
    settled in the books even when its answer changes no figure."""


@dataclass(frozen=True)
class Finding:
    """One suspicious entry: where it stands (file, entry, field), its value, and what is wrong with it.

    >>> print(Finding("my.toml", "card 'x'", "copies", "3", "stated total is 11, the cards make 13"))
    my.toml: card 'x', field 'copies' = '3': stated total is 11, the cards make 13
    >>> print(Finding("my.toml", "reading 'r'", "", "", "changes no figure", Severity.INFORMATION))
    my.toml: reading 'r': (information) changes no figure
    """

    file: str
    entry: str
    field: str
    value: str
    problem: str
    severity: Severity = Severity.FAULT

    @property
    def field_path(self) -> str:
        """The entry and field, as a short place name."""
        return f"{self.entry}, field {self.field!r}" if self.field else self.entry

    def __str__(self) -> str:
        value = f" = {_short(self.value)!r}" if self.value else ""
        mark = "" if self.severity is Severity.FAULT else f"({self.severity.value}) "
        return f"{self.file}: {self.field_path}{value}: {mark}{self.problem}"

    def as_json(self) -> dict[str, str]:
        """The finding as a JSON object."""
        return {"file": self.file, "entry": self.entry, "field": self.field, "value": self.value,
                "problem": self.problem, "severity": self.severity.value}


def _short(text: str, width: int = 70) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


def own_quotes(raw: Mapping[str, Any]) -> bool:
    """Whether a spec says its quotes are the designer's own text (``[game] quotes = "own"``)."""
    game = raw.get("game")
    return isinstance(game, dict) and game.get("quotes") == OWN


def source_path(raw: Mapping[str, Any], base_dir: Path) -> Path | None:
    """The one rule text a spec's quotes come from, or None (own quotes, or several texts by name)."""
    game = raw.get("game")
    source = game.get("source") if isinstance(game, dict) else None
    if own_quotes(raw) or not isinstance(source, str) or "sources" in raw:
        return None
    return (base_dir / source).resolve()


def quotes(raw: Mapping[str, Any], where: str = "") -> Iterator[tuple[str, str, str]]:
    """Every quote of a raw spec as (entry, field, text): each ``quote`` string and ``quotes`` list item."""
    for key, value in raw.items():
        if key == "quote" and isinstance(value, str):
            yield where or "file", "quote", value
        elif key == "quotes" and isinstance(value, list):
            yield from ((where or "file", "quotes", q) for q in value if isinstance(q, str))
        elif isinstance(value, dict):
            yield from quotes(value, _entry(where, key, value))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, dict):
                    yield from quotes(item, _entry(where, f"{key}[{i}]", item))


def _entry(where: str, key: str, table: Mapping[str, Any]) -> str:
    """A readable place: ``cards 'some_card'`` for a row with an id, else the TOML path."""
    name = key.split("[")[0]
    ident = table.get("id")
    here = f"{name} {ident!r}" if isinstance(ident, str) else key
    return f"{where} > {here}" if where else here


def source_findings(file: str, raw: Mapping[str, Any], base_dir: Path) -> list[Finding]:
    """A missing source text, and every quote not found (white space folded) in the source."""
    path = source_path(raw, base_dir)
    if path is None:
        return []
    if not path.is_file():
        return [Finding(file, "game", "source", str(raw["game"]["source"]),
                        f"no such file ({path}); point it at your rule text, or set quotes = \"own\"")]
    return [Finding(file, entry, fld, text, f"not found in {path.name}")
            for entry, fld, text in quotes(raw) if not quote_found(text, path)]


def unquoted(pairs: Sequence[tuple[str, str]], source: Path | None, own: bool) -> list[str]:
    """The places of loaded quotes not in the source (none when the quotes are the designer's own)."""
    if own:
        return []
    if source is None:
        return [where for where, _ in pairs]
    return [where for where, q in pairs if not quote_found(q, source)]
