"""Design rule: the interop adapters see games only through the interface, never a game family."""

from __future__ import annotations

import ast
from pathlib import Path

import songe.interop

INTEROP = Path(songe.interop.__file__).parent


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def test_no_interop_module_imports_a_game_family() -> None:
    modules = sorted(INTEROP.glob("*.py"))
    assert len(modules) >= 6  # explicit, storm, openspiel, vectors, gym, pettingzoo (and the package)
    for path in modules:
        bad = sorted(m for m in _imports(path) if m == "songe.games" or m.startswith("songe.games."))
        assert not bad, f"{path.name} imports {bad}: adapters see games only through songe.engine.interface"
