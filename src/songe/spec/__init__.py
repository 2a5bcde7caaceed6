"""Spec files: loading, validation, readings, the condition language."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

#: The spec module of each game family; each has ``load(path, readings)`` and ``from_raw(...)``.
FAMILIES = {"reveil": "songe.spec.reveil", "when_i_dream": "songe.spec.when_i_dream",
            "jekyll_hyde": "songe.spec.jekyll_hyde", "dread_draw": "songe.spec.dread_draw"}


def family_module(family: str) -> ModuleType:
    """The spec module that reads a family's files."""
    return importlib.import_module(FAMILIES[family])


def load_family(family: str, path: Path | str, readings: Mapping[str, str]) -> Any:
    """Load a spec file of a family under readings."""
    return family_module(family).load(path, readings)


def from_raw_for(spec: Any) -> Callable[..., Any]:
    """The validating loader of a spec's family (to rebuild it from edited raw data)."""
    loader: Callable[..., Any] = importlib.import_module(type(spec).__module__).from_raw
    return loader
