"""The games songe knows, found by name (like python-chess's ``find_variant``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from songe.errors import OptionError
from songe.spec.sources import spec_dir


@dataclass(frozen=True)
class GameEntry:
    """A registered game: its id, the family whose engine runs it, and its spec file."""

    id: str
    family: str
    spec_file: str
    title: str

    @property
    def spec_path(self) -> Path:
        """The shipped spec of this game."""
        return spec_dir() / self.spec_file


#: Games with an engine in this version, by id.
GAMES: dict[str, GameEntry] = {
    "reveil": GameEntry("reveil", "reveil", "reveil.toml", "Réveil (solo)"),
    "dread-draw": GameEntry("dread-draw", "dread_draw", "dread_draw.toml", "Dread Draw (2+ players, incomplete text)"),
    "jekyll-hyde": GameEntry("jekyll-hyde", "jekyll_hyde", "jekyll_hyde.toml", "Jekyll vs Hyde (2 players)"),
    "when-i-dream": GameEntry("when-i-dream", "when_i_dream", "when_i_dream.toml", "When I Dream (4-10 players)"),
}


def find_game(name: str) -> GameEntry:
    """A game by id (case-insensitive); the error lists the known ones.

    >>> find_game("Reveil").spec_file
    'reveil.toml'
    """
    entry = GAMES.get(name.strip().casefold())
    if entry is None:
        raise OptionError(f"unknown game {name!r}; valid: {', '.join(GAMES)}")
    return entry
