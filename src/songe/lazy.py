"""A module imported at its first use, for the heavy libraries a command may never touch.

z3 backs every verb's term, but only the proofs build terms: importing it
with the verbs cost each ``songe solve`` 20 ms for nothing. Type checkers see
the real module (import it under ``TYPE_CHECKING``); at run time a name bound
to :class:`Lazy` imports the module when an attribute is first read.

>>> json = Lazy("json")
>>> json.dumps([1])
'[1]'
"""

from __future__ import annotations

import importlib
from typing import Any


class Lazy:
    """Stands for the module ``name`` until an attribute is read, then hands out the module's."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        return getattr(importlib.import_module(self._name), attr)

    def __repr__(self) -> str:
        return f"Lazy({self._name!r})"
