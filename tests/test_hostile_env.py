"""A hostile environment rather than hostile arguments (issue 27): an output stream that cannot take a
character or a byte. Each run ends in a result or one line, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("package", ["rich", "click"])
def test_a_missing_package_of_the_command_line_itself_is_one_line(tmp_path: Path, package: str) -> None:
    """Without Rich, the error line itself imported Rich (a traceback); without click, the command line's import."""
    (tmp_path / package).mkdir()
    (tmp_path / package / "__init__.py").write_text(
        f"raise ModuleNotFoundError(\"No module named '{package}'\", name='{package}')\n")
    r = songe("solve", "reveil", "--level", "cauchemar", PYTHONPATH=f"{tmp_path}{os.pathsep}{ROOT / 'src'}")
    err = r.stderr.decode()
    assert r.returncode == 2 and err.splitlines() == [
        f"songe: error: songe needs the Python package '{package}', which is missing or broken here: "
        f"pip install {package}"], err[-800:]


#: A stand-in for the first library the command line imports: it presses Ctrl-C (SIGINT to its own process)
#: while it loads, then goes on loading; songe's handler must already be there.
CTRL_C_IN_IMPORT = "import os, signal, time\nos.kill(os.getpid(), signal.SIGINT)\ntime.sleep(30)\n"


def entry_script(tmp_path: Path) -> Path:
    """The ``songe`` script as pip writes it for the entry point pyproject.toml declares."""
    import tomllib

    entry = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]["songe"]
    module, _, name = entry.partition(":")
    script = tmp_path / "bin" / "songe"
    script.parent.mkdir()
    script.write_text(f"import re\nimport sys\nfrom {module} import {name}\nif __name__ == '__main__':\n"
                      f"    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])\n"
                      f"    sys.exit({name}())\n", encoding="utf-8")
    return script


@pytest.mark.parametrize("entry", ["script", "-m songe", "-m songe.cli.main"])
def test_ctrl_c_while_the_command_line_loads_is_one_line(tmp_path: Path, entry: str) -> None:
    """Ctrl-C during the imports (the first ~second): it killed the process (exit -2, nothing said) or printed
    a KeyboardInterrupt traceback. Here it lands in the first library imported after songe's first line."""
    (tmp_path / "click").mkdir()
    (tmp_path / "click" / "__init__.py").write_text(CTRL_C_IN_IMPORT)
    start = [str(entry_script(tmp_path))] if entry == "script" else entry.split()
    r = subprocess.run([sys.executable, *start, "solve", "reveil"], capture_output=True, timeout=60,
                       env={**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT / 'src'}"}, check=False)
    err = r.stderr.decode()
    assert (r.returncode, r.stdout) == (130, b""), err[-800:]
    assert [ln for ln in err.splitlines() if ln.strip()] == ["songe: interrupted"], err[-800:]
