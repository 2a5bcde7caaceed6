"""The command line's rules, one test each: user text is text, the output-path rule, typed option values,
missing optional packages, Ctrl-C, and the tracebacks a hostile campaign found."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from helpers import run_cli

from songe.cli.main import cli
from songe.cli.output import console, visible
from songe.cli.types import Bounded, InFile, OutDir, OutFile, Pick, Words
from songe.errors import OutputError
from songe.files import atomic_write
from songe.spec.sources import spec_dir

ROOT = Path(__file__).resolve().parents[1]
SPEC = spec_dir()
MARKUP = "[bold red]X[/] [link=http://example.invalid]k[/link]"
ESC = "\x1b]8;;http://example.invalid\x1b\\L\x1b]8;;\x1b\\ \x1b[31mR"
HOSTILE = MARKUP + " " + ESC
CARDS = str(ROOT / "docs" / "examples" / "dread_draw_cards.toml")
RECORD = str(ROOT / "docs" / "examples" / "when_i_dream_game.toml")


def hostile_copy(tmp: Path, name: str) -> Path:
    """The shipped spec ``name`` with markup and escapes appended to every name, question and description;
    its source texts beside it, as a user's copy would have them."""
    text = (SPEC / f"{name}.toml").read_text(encoding="utf-8")
    esc = HOSTILE.replace("\\", "\\\\").replace("\x1b", "\\u001b")
    text = re.sub(r'^(name|question|description) = "(.*)"$', lambda m: f'{m[1]} = "{m[2]} {esc}"', text, flags=re.M)
    out = tmp / f"{name}.toml"
    out.write_text(text, encoding="utf-8")
    if not (tmp / "sources").exists():
        shutil.copytree(SPEC / "sources", tmp / "sources")
    return out


def shows_text(out: str) -> None:
    """The user text was printed as text: the markup literally, the escapes visibly, none raw."""
    assert "[bold red]X[/]" in out and "[link=http://example.invalid]" in out, out[-800:]
    assert "\x1b" not in out and "\x9b" not in out
    assert "\\x1b]8;;" in out


# 1. One output layer -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name,args", [
    ("jekyll_hyde", ("simulate", "jekyll-hyde", "--games", "2")),
    ("dread_draw", ("simulate", "dread-draw", "--games", "2", "--cards", CARDS)),
    ("when_i_dream", ("score", "when-i-dream", RECORD)),
    ("when_i_dream", ("ambiguities", "when-i-dream")),
    ("reveil", ("solve", "reveil", "--level", "facile", "--lucidity", "2", "--hand-limit", "1")),
    ("reveil", ("ambiguities", "reveil", "--discover", "--level", "facile", "--lucidity", "1", "--hand-limit", "1")),
])
def test_spec_text_is_printed_as_text(capsys, tmp_path, name, args) -> None:
    spec = hostile_copy(tmp_path, name)
    code, out, err = run_cli(capsys, *args, "--spec", str(spec))
    assert code == 0, err
    shows_text(out)


def test_card_names_are_text_in_trace(capsys, tmp_path) -> None:
    spec = hostile_copy(tmp_path, "reveil")
    from songe.spec.reveil import load

    names = [c.name for c in load(spec).cards for _ in range(c.copies)]
    code, out, err = run_cli(capsys, "trace", "reveil", "--spec", str(spec), "--order", ",".join(names),
                             "--lucidity", "2", "--hand-limit", "1", "--choices", "none")
    assert code == 0, err
    shows_text(out)


def test_play_shows_card_names_and_a_typed_key_as_text(tmp_path) -> None:
    spec = hostile_copy(tmp_path, "reveil")
    key = "[bold red]k[/] \x1b]8;;http://example.invalid\x1b\\"
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "play", "reveil", "--spec", str(spec), "--level",
                        "facile", "--lucidity", "2", "--hand-limit", "1", "--seed", "1"],
                       input=f"{key}\nq\n", capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    shows_text(r.stdout)
    assert "invalid key '[bold red]k[/] \\x1b]8;;" in r.stdout


def test_the_console_reads_no_markup_and_shows_controls(capsys) -> None:
    from rich.table import Table

    table = Table(title=MARKUP)
    table.add_column(MARKUP)
    table.add_row(ESC)
    term = console()
    term.print(table)
    term.print(MARKUP, ESC)
    out = capsys.readouterr().out
    assert out.count("[bold red]X[/]") == 3 and "\x1b" not in out and out.count("\\x1b") >= 4
    assert visible("\u202e\x9b\udcff") == "\\u202e\\x9b\\udcff"


# 2. One output-path rule ---------------------------------------------------------------------------------------------

@contextlib.contextmanager
def kept(path: Path) -> Iterator[None]:
    """Fail if ``path`` changed, after putting it back (a broken rule must not damage the checkout)."""
    before = path.read_bytes()
    try:
        yield
    finally:
        after = path.read_bytes()
        if after != before:  # rewriting it unchanged would truncate it for a moment under a parallel test's read
            path.write_bytes(before)
    assert after == before, f"{path} was overwritten"


def test_the_shipped_spec_is_never_an_output(capsys) -> None:
    with kept(SPEC / "reveil.toml"):
        code, _, err = run_cli(capsys, "export", "reveil", "--out", str(SPEC / "reveil.toml"))
    assert code == 2 and "is a file this command reads" in err


def test_the_spec_given_is_never_an_output(capsys, tmp_path) -> None:
    spec = tmp_path / "mine.toml"
    shutil.copy(SPEC / "reveil.toml", spec)
    before = spec.read_bytes()
    for args in (("tune", "reveil", "--spec", str(spec), "--write", str(spec)),
                 ("export", "reveil", "--spec", str(spec), "--out", str(tmp_path / "." / "mine.toml"))):
        code, _, err = run_cli(capsys, *args)
        assert code == 2 and "is a file this command reads" in err, err
    assert spec.read_bytes() == before


@pytest.mark.parametrize("args,message", [
    (("tune", "reveil", "--write", "{regular}/x.json"), "is a file, not a folder"),
    (("coverage", "reveil", "--draft", "{regular}/d"), "is a file, not a folder"),
    (("tune", "reveil", "--write", "{tmp}/missing/x.json"), "does not exist (it is not created)"),
    (("graph", "reveil", "--out", "{tmp}/missing/x.graphml"), "does not exist (it is not created)"),
    (("schema", "reveil", "--out", "{tmp}/" + "a" * 256), "longer than 255 bytes"),
    (("strategies", "reveil", "--plot", "{tmp}/chart.jpg"), "must end with '.png'"),
    (("coverage", "reveil", "--draft", "{tmp}"), "the folder exists"),
])
def test_an_output_path_is_checked_before_the_work(capsys, tmp_path, monkeypatch, args, message) -> None:
    monkeypatch.setenv("SONGE_MAX_STATES", "1")  # had the work started first, the budget would say so
    regular = tmp_path / "regular"
    regular.write_text("x", encoding="utf-8")
    argv = [a.format(regular=regular, tmp=tmp_path) for a in args]
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and message in err and "--max-states" not in err, err
    assert not (tmp_path / "missing").exists()
    assert len(err.strip().splitlines()) == 1


def test_export_under_a_missing_folder_is_refused_before_the_export(capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SONGE_MAX_STATES", "1")
    code, _, err = run_cli(capsys, "export", "reveil", "--out", str(tmp_path / "no" / "m.drn"))
    assert code == 2 and "does not exist" in err


def test_a_late_write_failure_leaves_the_old_file(tmp_path) -> None:
    out = tmp_path / "results.json"
    out.write_text("old", encoding="utf-8")

    def disk_full(tmp: Path) -> None:
        tmp.write_text("half", encoding="utf-8")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with pytest.raises(OutputError, match="No space left on device.*the old file is left unchanged"):
        atomic_write(out, disk_full)
    assert out.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]


def test_a_write_makes_no_folder_and_leaves_no_temporary_file(capsys, tmp_path) -> None:
    out = tmp_path / "s.json"
    code, _, err = run_cli(capsys, "schema", "reveil", "--out", str(out))
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json"]


# 3. One type per value -----------------------------------------------------------------------------------------------

def _options() -> list[tuple[str, click.Parameter]]:
    ctx = click.Context(cli)
    return [(verb, p) for verb in cli.list_commands(ctx) for p in cli.get_command(ctx, verb).params]  # type: ignore[union-attr]


def test_every_value_has_a_songe_type() -> None:
    for verb, p in _options():
        flag = isinstance(p, click.Option) and p.is_flag
        assert flag or isinstance(p.type, Bounded | Words | Pick | InFile | OutFile | OutDir), (verb, p.name, p.type)


#: Options named alike that are different quantities (said here, so that any other difference fails).
DIFFERENT = {"--cards": "a card-list file; balance: cards a night; tune: copies varied",
             "--games": "ambiguities pairs games, so it needs two"}


def test_the_same_quantity_has_the_same_bounds_in_every_verb() -> None:
    seen: dict[str, tuple[str, object]] = {}
    for verb, p in _options():
        if not isinstance(p, click.Option) or not isinstance(p.type, Bounded) or p.opts[-1] in DIFFERENT:
            continue
        bounds = (p.type.low, p.type.high)
        first = seen.setdefault(p.opts[-1], (verb, bounds))
        assert first[1] == bounds, (p.opts[-1], first, verb, bounds)


@pytest.mark.parametrize("args", [
    ("solve", "reveil", "--lucidity", str(2**63)),
    ("solve", "reveil", "--max-states", str(2**63)),
    ("simulate", "jekyll-hyde", "--games", str(2**63)),
    ("simulate", "jekyll-hyde", "--games", "2", "--seed", str(2**64)),
    ("orders", "reveil", "--split", str(2**63)),
    ("balance", "when-i-dream", "--cards", str(2**63)),
    ("tune", "reveil", "--lucidity", f"1-{2**63}"),
])
def test_huge_integers_are_refused_in_one_line(capsys, args) -> None:
    code, _, err = run_cli(capsys, *args)
    assert code == 2 and len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize("args", [
    ("solve", "reveil", "--level", ""),
    ("tune", "reveil", "--lucidity", ""),
    ("tune", "reveil", "--hand-limit", " "),
    ("trace", "reveil", "--order", ""),
    ("solve", "reveil", "--reading", ""),
])
def test_an_empty_value_that_means_nothing_is_refused(capsys, args) -> None:
    code, _, err = run_cli(capsys, *args)
    assert code == 2 and ("empty" in err or "not a range" in err), err


def test_players_zero_is_refused_like_minus_one(capsys) -> None:
    runs = {n: run_cli(capsys, "balance", "when-i-dream", "--players", n) for n in ("0", "-1")}
    assert [c for c, _, _ in runs.values()] == [2, 2]
    assert runs["0"][2].replace("'0'", "N") == runs["-1"][2].replace("'-1'", "N")


def test_advise_refuses_the_lucidity_solve_refuses(capsys) -> None:
    for verb in (("solve", "reveil"), ("advise", "reveil", "--dream", "Refus")):
        code, _, err = run_cli(capsys, *verb, "--lucidity", "101")
        assert code == 2 and "'101' is not between 1 and 100" in err, err


def test_a_long_bad_value_is_cut_in_the_message(capsys) -> None:
    code, _, err = run_cli(capsys, "solve", "reveil", "--level", "y" * 3_000)
    assert code == 2 and "more characters" in err and len(err) < 600, len(err)
    code, _, err = run_cli(capsys, "solve", "reveil", "--level", "y" * 50_000)
    assert code == 2 and len(err) < 600


def test_a_card_name_typed_decomposed_is_the_same_name(capsys) -> None:
    order = ("Refus,Chute infinie,Lieu familier,Ancrage,Visage flou,Rêve récurrent,Paralysie nocturne,"
             "Écho de peur,Prise de conscience,Souvenir réel,Rêve récurrent")
    nfd = unicodedata.normalize("NFD", order)
    assert nfd != order
    runs = [run_cli(capsys, "trace", "reveil", "--order", o, "--json", "--lucidity", "3", "--hand-limit", "1")
            for o in (order, nfd)]
    assert runs[0][0] == 0 and runs[0] == runs[1]


def test_simulate_names_no_option_it_lacks(capsys, monkeypatch) -> None:
    from songe.cli import generic
    from songe.errors import BudgetError

    def over(*args, **kwargs):
        raise BudgetError.passed(10, "solve a smaller game")

    monkeypatch.setattr(generic, "run_games", over)
    code, _, err = run_cli(capsys, "simulate", "reveil", "--games", "2")
    assert code == 2 and "--max-states" not in err and "budget" in err, err
    assert "max_states" not in {p.name for p in generic.simulate.params}


# 4. Optional packages ------------------------------------------------------------------------------------------------

BLOCK = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked!r}:
            raise ImportError(name)
sys.meta_path.insert(0, Block())
from songe.cli.main import main
main(sys.argv[1:])
"""


@pytest.mark.parametrize("blocked,args,install", [
    ({"typst"}, ("rulebook", "when-i-dream", "--format", "pdf", "--out", "{tmp}/b"), "pip install typst"),
    ({"matplotlib"}, ("balance", "when-i-dream", "--plot", "{tmp}/p.png"), "pip install 'songe[docs]'"),
    ({"stormpy"}, ("check", "reveil", "--property", 'Pmax=? [F "win"]'), "pip install 'songe[storm]'"),
])
def test_a_missing_package_is_one_line_with_the_install_command(tmp_path, blocked, args, install) -> None:
    argv = [a.format(tmp=tmp_path) for a in args]
    r = subprocess.run([sys.executable, "-c", BLOCK.format(blocked=blocked), *argv], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 2, r.stderr
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and install in lines[0], r.stderr
    assert not list(tmp_path.iterdir())


# 5. Ctrl-C -----------------------------------------------------------------------------------------------------------

def test_ctrl_c_in_a_compiled_kernel_is_one_line_and_leaves_no_file(tmp_path) -> None:
    out = tmp_path / "model.drn"
    proc = subprocess.Popen([sys.executable, "-m", "songe.cli.main", "export", "reveil", "--level", "cauchemar",
                             "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    time.sleep(4)  # loading, solving or writing: wherever it stands, the same ending
    os.killpg(proc.pid, signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    if proc.returncode == 0:  # it finished before the signal: nothing to check
        pytest.skip("the export finished before Ctrl-C")
    assert proc.returncode == 130, err
    assert [ln for ln in err.splitlines() if ln.strip()][-1:] == ["songe: interrupted"] and "Traceback" not in err
    assert not list(tmp_path.iterdir())


# 6. Tracebacks found before ------------------------------------------------------------------------------------------

def test_export_of_a_game_without_levels_is_one_line(capsys, tmp_path) -> None:
    code, _, err = run_cli(capsys, "export", "jekyll-hyde", "--out", str(tmp_path / "x.drn"))
    assert code == 2 and "no exact model for Storm" in err


def test_a_nul_byte_in_a_spec_string_is_one_line(capsys, tmp_path) -> None:
    text = (SPEC / "when_i_dream.toml").read_text(encoding="utf-8")
    bad = tmp_path / "w.toml"
    bad.write_text(text.replace('sources/when_i_dream.fr.txt"', 'sources/when_i\\u0000dream.fr.txt"'), encoding="utf-8")
    code, _, err = run_cli(capsys, "ambiguities", "when-i-dream", "--spec", str(bad))
    assert code == 2 and "NUL byte" in err, err


@pytest.mark.parametrize("content", ["not json", "[1, 2]", '{"game": "reveil"}'])
def test_a_results_file_of_the_wrong_kind_is_one_line(capsys, tmp_path, content) -> None:
    results = tmp_path / "r.json"
    results.write_text(content, encoding="utf-8")
    code, _, err = run_cli(capsys, "rulebook", "reveil", "--results", str(results), "--out", str(tmp_path / "b"))
    assert code == 2 and str(results) in err and len(err.strip().splitlines()) == 1, err


def test_the_option_bounds_are_the_specs_bounds() -> None:
    """The command line's bounds are the loaders' (kept apart so that ``songe --help`` loads no spec code)."""
    from songe.cli.options import HAND_LIMIT, LUCIDITY, PLAYERS
    from songe.spec import dread_draw, when_i_dream
    from songe.spec.reveil import MAX_HAND, MAX_LUCIDITY

    assert (LUCIDITY.low, LUCIDITY.high) == (1, MAX_LUCIDITY)
    assert (HAND_LIMIT.low, HAND_LIMIT.high) == (0, MAX_HAND)
    assert (PLAYERS.low, PLAYERS.high) == (2, max(dread_draw.MAX_PLAYERS, when_i_dream.MAX_PLAYERS))


@pytest.mark.parametrize("args,message", [
    (("tune", "reveil", "--target", "1e-99999"), "not a probability"),  # was: ValueError (4300 digits)
    (("check", "reveil", "--property", "\udcff"), "not UTF-8 text"),  # was: TypeError from stormpy
    (("schema", "reveil", "--out", str(SPEC / "reveil.toml")), "is a file this command reads"),  # was: replaced it
])
def test_tracebacks_found_by_the_fuzzer_are_one_line(capsys, args, message) -> None:
    with kept(SPEC / "reveil.toml"):
        code, _, err = run_cli(capsys, *args)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err


def test_a_spec_copied_without_its_texts_says_which_text(capsys, tmp_path) -> None:
    spec = tmp_path / "w.toml"
    shutil.copy(SPEC / "when_i_dream.toml", spec)
    code, _, err = run_cli(capsys, "ambiguities", "when-i-dream", "--spec", str(spec))
    assert code == 2 and "when_i_dream.fr.txt: cannot read" in err, err
