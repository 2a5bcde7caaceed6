"""Optional packages: imported when a command needs them, or one line saying how to install them.

>>> require("json", "--x").__name__
'json'
>>> try:
...     require("no_such_module_songe", "--x", "pip install nothing")
... except MissingDependency as exc:
...     print(exc)
--x needs the Python package 'no_such_module_songe', which is not installed: pip install nothing
"""

from __future__ import annotations

import importlib
from types import ModuleType

from songe.errors import SongeError

#: How to install each package a command imports late (the extra that brings it, then the package alone);
#: typst is a base dependency, so only a broken install lacks it.
INSTALL = {
    "typst": "pip install typst (a dependency of songe itself: reinstalling songe brings it back)",
    "matplotlib": "pip install 'songe[docs]' (or: pip install matplotlib)",
    "sphinx": "pip install 'songe[docs]' (or: pip install sphinx sphinx-click furo)",
    "dask": "pip install 'dask[distributed]' (a dependency of songe itself: reinstalling songe brings it back)",
    "numba": "pip install numba (a dependency of songe itself: reinstalling songe brings it back)",
    "z3": "pip install z3-solver (a dependency of songe itself: reinstalling songe brings it back)",
    "stormpy": "pip install 'songe[storm]' (or: pip install stormpy)",
    "pyspiel": "pip install 'songe[openspiel]' (or: pip install open_spiel)",
    "gymnasium": "pip install 'songe[rl]' (or: pip install gymnasium)",
    "pettingzoo": "pip install 'songe[rl]' (or: pip install pettingzoo)",
}


class MissingDependency(SongeError):
    """An optional package a command needs is not installed (the CLI: one line, exit 2)."""


def install_hint(top: str) -> str:
    """How to install the package ``top`` (a songe dependency's own line, else pip's)."""
    return INSTALL.get(top, f"pip install {top}")


def require(module: str, what: str, install: str | None = None) -> ModuleType:
    """``module`` imported, or :class:`MissingDependency` naming ``what`` needs it and the install command."""
    try:
        return importlib.import_module(module)
    except ImportError:
        top = module.split(".")[0]
        how = install or install_hint(top)
        raise MissingDependency(f"{what} needs the Python package {top!r}, which is not installed: {how}") from None
