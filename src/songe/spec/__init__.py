"""Spec files: loading, validation, readings, the condition language."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def from_raw_for(spec: Any) -> Callable[..., Any]:
    """The validating loader of a spec's family (to rebuild it from edited raw data)."""
    loader: Callable[..., Any] = importlib.import_module(type(spec).__module__).from_raw
    return loader
