"""Spec files: loading, validation, readings, the condition language."""

from __future__ import annotations

from typing import Any, Callable


def from_raw_for(spec: Any) -> Callable[..., Any]:
    """The validating loader of a spec's family (to rebuild it from edited raw data)."""
    from songe.spec import dread_draw, jekyll_hyde, reveil, when_i_dream

    loaders = {reveil.ReveilSpec: reveil.from_raw, when_i_dream.WhenIDreamSpec: when_i_dream.from_raw,
               jekyll_hyde.JekyllHydeSpec: jekyll_hyde.from_raw, dread_draw.DreadDrawSpec: dread_draw.from_raw}
    return loaders[type(spec)]
