"""A spec document's validation is kept when it passes, and only then (songe.spec.checked)."""

from __future__ import annotations

import copy
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from songe.errors import SpecError
from songe.spec import checked
from songe.spec.fields import read_toml
from songe.spec.reveil import default_path
from songe.spec.schemas import base

SCHEMA = checked.Schema("songe.spec.schemas.reveil", "ReveilDoc")


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """The documents' file names each time pydantic's validation really ran (a fresh memo folder)."""
    monkeypatch.setenv("SONGE_CACHE_DIR", str(tmp_path))
    seen: list[str] = []
    real = base.validate

    def counted(model: Any, raw: Any, file: str, **context: Any) -> Any:
        seen.append(file)
        return real(model, raw, file, **context)

    monkeypatch.setattr(base, "validate", counted)
    return seen


def test_a_document_that_passed_is_not_validated_again(runs: list[str]) -> None:
    raw = read_toml(default_path())
    checked.validate(SCHEMA, raw, "a.toml")
    checked.validate(SCHEMA, copy.deepcopy(raw), "a.toml")
    assert runs == ["a.toml"]
    checked.validate(SCHEMA, raw, "b.toml")  # errors would name another file: its own check
    assert runs == ["a.toml", "b.toml"]


def test_an_edited_document_is_validated_again_and_fails_each_time(runs: list[str]) -> None:
    raw = read_toml(default_path())
    checked.validate(SCHEMA, raw, "a.toml")
    bad = copy.deepcopy(raw)
    bad["setup"]["lucidity"] = "six"
    lines = []
    for _ in range(2):
        with pytest.raises(SpecError) as err:
            checked.validate(SCHEMA, bad, "a.toml")
        lines.append(str(err.value))
    assert lines[0] == lines[1] and "lucidity" in lines[0]
    assert runs == ["a.toml"] * 3


def test_with_the_memo_off_every_document_is_validated(runs: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SONGE_CACHE_DIR", "")
    raw = read_toml(default_path())
    checked.validate(SCHEMA, raw, "a.toml")
    checked.validate(SCHEMA, raw, "a.toml")
    assert runs == ["a.toml", "a.toml"]


def test_every_options_check_is_kept_too(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SONGE_CACHE_DIR", str(tmp_path))
    seen: list[str] = []
    monkeypatch.setattr(base, "check_reading_options", lambda model, raw, file: seen.append(file))
    raw = read_toml(default_path())
    checked.validate_options(SCHEMA, raw, "a.toml")
    checked.validate_options(SCHEMA, raw, "a.toml")
    assert seen == ["a.toml"]


_IMPORTED = """
import sys
import songe.cli.main as m
try:
    m.main(["solve", "reveil", "--level", "cauchemar"])
except SystemExit:
    pass
print(" ".join(x for x in ("pydantic", "z3") if x in sys.modules))
"""


def test_a_solve_of_a_spec_that_passed_imports_neither_pydantic_nor_z3(tmp_path: Path) -> None:
    """pydantic and the schemas (0.12 s) are for a document not seen yet; z3 (20 ms) is for proofs."""
    env = {**os.environ, "SONGE_CACHE_DIR": str(tmp_path)}
    first, second = (subprocess.run([sys.executable, "-c", _IMPORTED], capture_output=True, text=True, env=env)
                     for _ in range(2))
    assert first.returncode == 0 and second.returncode == 0, first.stderr[-2000:] + second.stderr[-2000:]
    assert "pydantic" in first.stdout.splitlines()[-1]
    assert second.stdout.splitlines()[-1] == ""
    def table(out: str) -> list[str]:  # its lines but the seconds
        return [re.sub(r"\d+\.\d+ │$", "", line) for line in out.splitlines()[:-1]]

    assert table(first.stdout) == table(second.stdout) and "17783587/39916800" in first.stdout
