"""A spec document's validation, run once per document and version of songe: passes are kept on disk.

Validating a spec means importing pydantic and building its format's models,
then checking the document and each option of each reading: about 0.15 s of
every command that loads a spec, more than the exact solve of a Réveil level
takes. Whether a document passes depends only on the document, the file name
its errors would give, and songe's code, so a pass is kept in
:mod:`songe.memo` under exactly those (the code's digest included): an edited
spec or a changed line of songe is checked again. Only passes are kept: a
document that fails is checked again each time and fails with the same
located line. Nothing here imports pydantic; a check does, when it runs.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from songe.memo import remembered


@dataclass(frozen=True)
class Schema:
    """A format's pydantic model, named rather than imported (importing it costs pydantic's start-up)."""

    module: str
    name: str

    def model(self) -> Any:
        """The model class (imports pydantic and the format's models)."""
        return getattr(importlib.import_module(self.module), self.name)


def validate(schema: Schema, raw: Any, file: str) -> None:
    """:func:`songe.spec.schemas.base.validate`, unless this document passed it before."""
    def check(model: Any) -> None:
        from songe.spec.schemas.base import validate as run  # noqa: PLC0415  (pydantic)

        run(model, raw, file)

    _once("document", schema, raw, file, check)


def validate_options(schema: Schema, raw: dict[str, Any], file: str) -> None:
    """:func:`songe.spec.schemas.base.check_reading_options`, unless this document passed it before."""
    def check(model: Any) -> None:
        from songe.spec.schemas.base import check_reading_options  # noqa: PLC0415  (pydantic)

        check_reading_options(model, raw, file)

    _once("every option", schema, raw, file, check)


def _once(what: str, schema: Schema, raw: Any, file: str, check: Callable[[Any], None]) -> None:
    """Run ``check`` on the schema's model unless the memo holds a pass of it on this document.

    The key holds the document as canonical JSON (``repr`` for what JSON has
    no word for, so that a TOML date makes a key and fails in the check, not here).
    """
    document = json.dumps(raw, sort_keys=True, ensure_ascii=False, default=repr)

    def passed() -> bool:
        check(schema.model())
        return True

    remembered("validated", (what, schema.module, schema.name, file, document), passed)
