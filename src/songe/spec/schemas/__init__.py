"""One declaration per input format (pydantic v2), and the JSON Schema each publishes.

>>> sorted(FORMATS)
['dread_draw', 'dread_draw_cards', 'jekyll_hyde', 'reveil', 'when_i_dream', 'when_i_dream_record']
>>> json_schema("reveil")["title"]
'ReveilDoc'
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

from songe.errors import OptionError

#: Format name → (module, model): the four families' specs, the Dread Draw card list, the When I Dream record.
FORMATS: dict[str, tuple[str, str]] = {
    "reveil": ("songe.spec.schemas.reveil", "ReveilDoc"),
    "jekyll_hyde": ("songe.spec.schemas.jekyll_hyde", "JekyllHydeDoc"),
    "dread_draw": ("songe.spec.schemas.dread_draw", "DreadDrawDoc"),
    "dread_draw_cards": ("songe.spec.schemas.dread_draw", "CardListDoc"),
    "when_i_dream": ("songe.spec.schemas.when_i_dream", "WhenIDreamDoc"),
    "when_i_dream_record": ("songe.spec.schemas.when_i_dream", "RecordDoc"),
}


def model(name: str) -> Any:
    """The pydantic model of a format."""
    if name not in FORMATS:
        raise OptionError(f"unknown format {name!r}; valid: {', '.join(sorted(FORMATS))}")
    module, attr = FORMATS[name]
    return getattr(importlib.import_module(module), attr)


def json_schema(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a format, from its declaration."""
    schema = model(name).model_json_schema(by_alias=True)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"https://songe.invalid/schemas/{name}.schema.json", **schema}


def schema_text(name: str) -> str:
    """The JSON Schema as the text of the committed file (stable: keys in order, one trailing newline)."""
    return json.dumps(json_schema(name), ensure_ascii=False, indent=2) + "\n"


def write_all(folder: Path) -> list[Path]:
    """Write every format's schema into a folder (``docs/schemas``), atomically."""
    from songe.files import atomic_write  # noqa: PLC0415

    out = []
    for name in sorted(FORMATS):
        path = folder / f"{name}.schema.json"
        atomic_write(path, schema_text(name))
        out.append(path)
    return out
