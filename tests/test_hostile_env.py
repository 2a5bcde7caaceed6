"""A hostile environment rather than hostile arguments (issue 27): an output stream that cannot take a
character or a byte. Each run ends in a result or one line, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "docs" / "examples" / "when_i_dream_game.toml"


def songe(*args: str, stdout: int | None = subprocess.PIPE, **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "songe.cli.main", *args], stdout=stdout, stderr=subprocess.PIPE,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src"), **env}, check=False)


def test_a_stdout_that_cannot_encode_a_name_shows_its_escape() -> None:
    """Player names with accents, printed to an ASCII (or Latin-1) stream: escapes, not a UnicodeEncodeError."""
    for encoding in ("ascii", "latin-1"):
        r = songe("score", "when-i-dream", str(RECORD), PYTHONIOENCODING=encoding)
        assert r.returncode == 0 and b"Traceback" not in r.stderr, r.stderr[-600:]
        assert b"Chlo" in r.stdout


def test_a_full_disk_on_stdout_is_one_line() -> None:
    with open("/dev/full", "wb") as full:
        r = songe("schema", "reveil", stdout=full.fileno())
    err = r.stderr.decode()
    assert r.returncode == 2 and err.splitlines() == ["songe: error: cannot write the output: No space left on device"], err


def test_a_zero_width_terminal_still_shows_the_result() -> None:
    """``COLUMNS=0`` made Rich print nothing, exit 0: the result vanished."""
    r = songe("score", "when-i-dream", str(RECORD), COLUMNS="0")
    assert r.returncode == 0 and b"Chlo" in r.stdout, r.stdout


def test_a_missing_dask_names_the_option_the_user_gave(tmp_path: Path) -> None:
    """A broken install without Dask: one line naming --jobs (the message once named only --workers/--scheduler)."""
    (tmp_path / "dask").mkdir()
    (tmp_path / "dask" / "__init__.py").write_text("raise ImportError('shadowed')\n")
    r = songe("simulate", "jekyll-hyde", "--games", "4", "--jobs", "2",
              PYTHONPATH=f"{tmp_path}{os.pathsep}{ROOT / 'src'}")
    err = r.stderr.decode()
    assert r.returncode == 2 and len(err.splitlines()) == 1 and "--jobs" in err and "pip install" in err, err


def test_a_missing_base_package_is_one_line_with_the_install_command(tmp_path: Path) -> None:
    """A broken install without numba: the book's import of the compiled solver was a traceback."""
    (tmp_path / "numba").mkdir()
    (tmp_path / "numba" / "__init__.py").write_text(
        "raise ModuleNotFoundError(\"No module named 'numba'\", name='numba')\n")
    r = songe("rulebook", "reveil", "--out", str(tmp_path / "book"), PYTHONPATH=f"{tmp_path}{os.pathsep}{ROOT / 'src'}")
    err = r.stderr.decode()
    assert r.returncode == 2 and len(err.splitlines()) == 1 and "'numba'" in err and "pip install numba" in err, err
    (tmp_path / "numba" / "__init__.py").write_text("raise ImportError('libnumba.so: cannot open shared object')\n")
    r = songe("rulebook", "reveil", "--out", str(tmp_path / "book"), PYTHONPATH=f"{tmp_path}{os.pathsep}{ROOT / 'src'}")
    assert r.returncode == 2 and "'numba'" in r.stderr.decode() and b"Traceback" not in r.stderr, r.stderr
