"""Typed, bounded access to the fields of a parsed TOML table.

Every getter names the file, the place (card, row, table) and the field in its
error, so a user editing a spec sees exactly what to fix.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from songe.errors import SpecError
from songe.files import MAX_INPUT_BYTES, parse_toml

#: A spec file larger than this is refused before parsing (untrusted input).
MAX_SPEC_BYTES = MAX_INPUT_BYTES

T = TypeVar("T")


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file (bounded: see :mod:`songe.files`), every failure a one-line :class:`SpecError`."""
    return parse_toml(path)


@dataclass(frozen=True)
class Table:
    """One TOML table with the file and place it came from."""

    data: dict[str, Any]
    file: str
    where: str

    def fail(self, field: str | None, problem: str) -> SpecError:
        """An error located at this table (and field)."""
        where = (f"{self.where}, field {field!r}" if self.where else f"field {field!r}") if field else self.where
        return SpecError(self.file, where, problem)

    def get(self, field: str, kind: type[T], default: T | None = None, *, required: bool = True) -> T:
        """A field of the given type; a missing required field is an error."""
        if field not in self.data:
            if required and default is None:
                raise self.fail(field, "missing")
            return default  # type: ignore[return-value]
        value = self.data[field]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            raise self.fail(field, f"must be {_kind_name(kind)}, got {value!r}")
        return value

    def int_in(self, field: str, low: int, high: int, default: int | None = None) -> int:
        """An integer within [low, high]."""
        value = self.get(field, int, default)
        if not low <= value <= high:
            raise self.fail(field, f"must be between {low} and {high}, got {value!r}")
        return value

    def choice(self, field: str, allowed: tuple[str, ...], default: str | None = None) -> str:
        """A string among allowed values."""
        value = self.get(field, str, default)
        if value not in allowed:
            raise self.fail(field, f"unknown value {value!r}; valid: {', '.join(allowed)}")
        return value

    def sub(self, field: str, where: str, *, required: bool = True) -> Table:
        """A nested table."""
        return Table(self.get(field, dict, {} if not required else None, required=required), self.file, where)

    def rows(self, field: str, label: str, *, required: bool = True, max_rows: int = 200) -> list[Table]:
        """An array of tables, each located as ``label`` + its id or index."""
        items = self.get(field, list, [] if not required else None, required=required)
        if len(items) > max_rows:
            raise self.fail(field, f"more than {max_rows} entries")
        out = []
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                raise self.fail(field, f"entry {i} must be a table, got {item!r}")
            name = item.get("id")
            place = f"{label} {name!r}" if isinstance(name, str) else f"{label} #{i}"
            out.append(Table(item, self.file, place))
        return out

    def unknown(self, allowed: set[str]) -> None:
        """Refuse fields the format does not define (a typo must not be ignored)."""
        extra = sorted(set(self.data) - allowed)
        if extra:
            raise self.fail(extra[0], f"unknown field; valid: {', '.join(sorted(allowed))}")


def _kind_name(kind: type) -> str:
    return {int: "an integer", str: "a string", list: "a list", dict: "a table", bool: "true or false"}.get(
        kind, kind.__name__
    )
