"""The layers of DESIGN.md, checked on the import statements themselves.

Nothing in ``songe.engine``, ``songe.solve``, ``songe.analysis``,
``songe.interop`` or ``songe.rulebook`` imports a game family: they see games
only through the interface and the families' plugin objects (a family's book
code lives in its own package, named by ``Family.book``). The CLI never names
a family.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "songe"
FAMILIES = ("reveil", "jekyll_hyde", "dread_draw", "when_i_dream")
GENERIC = ("engine", "solve", "analysis", "interop", "rulebook")


def imports(path: Path) -> list[str]:
    """Every module a file imports (absolute names; relative imports resolved within songe)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
    return out


def family_imports(path: Path) -> list[str]:
    return [m for m in imports(path) if any(m == f"songe.games.{f}" or m.startswith(f"songe.games.{f}.")
                                            for f in FAMILIES)]


@pytest.mark.parametrize("layer", GENERIC)
def test_generic_layers_import_no_game_family(layer: str) -> None:
    bad = {str(p.relative_to(SRC)): family_imports(p) for p in (SRC / layer).rglob("*.py") if family_imports(p)}
    assert not bad, f"generic layer {layer} imports game families: {bad}"


def test_the_check_sees_a_violation(tmp_path: Path) -> None:
    p = tmp_path / "x.py"
    p.write_text("from songe.games.reveil.machine import ReveilGame\nimport songe.games.plugin\n")
    assert family_imports(p) == ["songe.games.reveil.machine"]


def test_cli_has_no_family_branching() -> None:
    """No comparison of a game or family id with a literal in the CLI: verbs dispatch on capabilities."""
    games = {"reveil", "jekyll-hyde", "dread-draw", "when-i-dream", *FAMILIES}
    found = []
    for p in (SRC / "cli").glob("*.py"):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                for c in [node.left, *node.comparators]:
                    if isinstance(c, ast.Constant) and c.value in games:
                        found.append(f"{p.name}:{node.lineno}")
    assert not found, f"family branching in the CLI at {found}"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """songe module → the songe modules it imports anywhere in it (in functions too, not under TYPE_CHECKING)."""
    modules = {module_name(p): p for p in SRC.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        out: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                out |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                out |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                        for a in node.names}
        graph[name] = {m for m in out if m in modules and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_modules_import_each_other() -> None:
    found = cycles(import_graph())
    assert not found, f"modules importing each other (directly or round a circle): {found}"


def test_the_cycle_check_sees_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
