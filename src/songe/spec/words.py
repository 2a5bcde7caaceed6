"""Authored words in both languages, by key: the labels of a game's figures and the lines of its player aid.

``spec/rulebook/<game>.figures.toml`` and ``<game>.aid.toml`` hold tables of ``key = { fr = "…", en = "…" }``
(nested tables give dotted keys: ``[steps] reveal = …`` is ``steps.reveal``) and arrays of such pairs
(``lines = [{ fr = …, en = … }, …]``). A text may hold ``{name}`` placeholders, filled from what the game
computes from its spec, so a changed spec prints its own numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from songe.errors import SpecError
from songe.spec.book import LANGS, Wording, book_dir, fill
from songe.spec.fields import read_toml

MAX_WORDS = 2000


@dataclass(frozen=True)
class Words:
    """A file's words: each key's wording, each key's list of wordings, in file order."""

    file: str
    one: Mapping[str, Wording]
    many: Mapping[str, tuple[Wording, ...]]

    def get(self, key: str, lang: str, context: Mapping[str, str] | None = None) -> str:
        """The text of ``key`` in ``lang``, placeholders filled; a missing key is one clear error."""
        if key not in self.one:
            raise SpecError(self.file, "", f"missing words {key!r} (a table {{ fr = \"…\", en = \"…\" }})")
        return fill(self.one[key].in_lang(lang), context or {}, self.file)

    def lines(self, key: str, lang: str, context: Mapping[str, str] | None = None) -> list[str]:
        """The texts of the list ``key`` in ``lang`` (empty if the file has none)."""
        return [fill(w.in_lang(lang), context or {}, self.file) for w in self.many.get(key, ())]

    def term(self, kind: str, ident: str, spec_name: str, lang: str) -> str:
        """A spec item's name on a page of ``lang``: the spec's own name in French (the source's language),
        the file's ``kind.ident`` in English if it gives one (the spec's name otherwise)."""
        w = self.one.get(f"{kind}.{ident}")
        return w.en if lang == "en" and w is not None else spec_name

    def keys(self, prefix: str) -> list[str]:
        """The keys under ``prefix.`` in file order (the rows of an authored table, the sections of the aid)."""
        return [k for k in list(self.one) + list(self.many) if k.startswith(prefix + ".")]


def _pair(value: Any, file: str, where: str) -> Wording:
    if not isinstance(value, dict) or set(value) != set(LANGS) or not all(isinstance(value[k], str) for k in LANGS):
        raise SpecError(file, where, f"must be {{ fr = \"…\", en = \"…\" }}, got {value!r}")
    return Wording(value["fr"], value["en"])


def load_words(path: Path | str) -> Words:
    """Read a words file (bounded, every fault one line naming the key)."""
    p = Path(path)
    one: dict[str, Wording] = {}
    many: dict[str, tuple[Wording, ...]] = {}

    def walk(table: Mapping[str, Any], prefix: str) -> None:
        for k, v in table.items():
            key = f"{prefix}{k}"
            if len(one) + len(many) > MAX_WORDS:
                raise SpecError(str(p), key, f"more than {MAX_WORDS} entries")
            if isinstance(v, list):
                many[key] = tuple(_pair(x, str(p), f"{key}, entry {i + 1}") for i, x in enumerate(v))
            elif isinstance(v, dict) and set(v) != set(LANGS):
                walk(v, key + ".")
            else:
                one[key] = _pair(v, str(p), key)

    walk(read_toml(p), "")
    return Words(str(p), one, many)


def words_of(game_file: str, kind: str) -> Words:
    """The shipped words of a game's book (its book file's stem) of one kind (``figures``, ``aid``)."""
    return load_words(book_dir() / f"{Path(game_file).stem}.{kind}.toml")
