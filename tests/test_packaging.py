"""The project's own wiring: packages listed, README commands, CI script."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_is_listed() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT / "src").parts) for p in (ROOT / "src").rglob("__init__.py")}
    assert found <= listed, f"add to pyproject.toml: {sorted(found - listed)}"


def test_readme_starts_with_the_two_commands_and_ci_runs_the_second() -> None:
    readme = (ROOT / "README.md").read_text()
    blocks = readme.split("```")
    first = [line for line in blocks[1].splitlines()[1:] if line.strip()]
    assert len(first) == 2, first
    assert "songe solve reveil" in first[0] and "pip install" in first[0]
    assert "pytest" in first[1] and "[test]" in first[1]
    # CI runs the README's second command's steps in order, with the lint and type check between them.
    ci = (ROOT / ".ci" / "run").read_text()
    steps = [step.strip() for step in first[1].split("&&")]
    at = [ci.index(step) for step in steps]
    assert at == sorted(at), steps
    assert at[0] < ci.index("python3 -m ruff check .") < ci.index("python3 -m mypy") < at[-1]


def test_no_card_name_in_python() -> None:
    """Data, not code: card names and ids live in spec/, never in src/ (doctests included)."""
    import re

    from songe.spec.reveil import load
    from songe.spec.when_i_dream import load as load_wid

    words = [rf"\b{re.escape(c.name)}\b" for c in load().cards] + [rf"\b{c.id}\b" for c in load().cards]
    words += [rf"\b{re.escape(r.name)}\b" for r in load_wid().roles] + [rf"\b{r.id}\b" for r in load_wid().roles]
    for py in (ROOT / "src").rglob("*.py"):
        text = py.read_text(encoding="utf-8")
        assert not [w for w in words if re.search(w, text)], py


def test_wheel_ships_specs_sources_and_proofs(tmp_path: Path) -> None:
    """A non-editable install must find the specs, their texts and the proofs (as package data)."""
    import subprocess
    import sys
    import zipfile

    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                        "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    (wheel,) = tmp_path.glob("songe-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"songe/specdata/reveil.toml", "songe/specdata/sources/reveil.fr.txt",
            "songe/specdata/inventory/reveil.fr.toml", "songe/specdata/rulebook/reveil.toml",
            "songe/specdata/rulebook/corrections.toml",
            "songe/proofs/reveil_chain.py", "songe/games/reveil/machine.py"} <= names
