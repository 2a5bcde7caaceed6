"""Regression cases of issue 19: each input that once crashed, wrote where it should not, or was
silently misread, now gives one line and exit 2 (or a correct result)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from songe.cli.main import main
from songe.errors import SongeError
from songe.files import atomic_write, check_output
from songe.spec.sources import spec_dir

ROOT = Path(__file__).resolve().parents[1]
REVEIL = (spec_dir() / "reveil.toml").read_text(encoding="utf-8")
CARDS = (ROOT / "docs" / "examples" / "dread_draw_cards.toml").read_text(encoding="utf-8")
RECORD = (ROOT / "docs" / "examples" / "when_i_dream_game.toml").read_text(encoding="utf-8")


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``songe ARGS`` in this process: (exit status, stdout, stderr)."""
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def _no_heartbeat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Progress lines (stderr is not a terminal here) would make the line count depend on the machine's speed."""
    monkeypatch.setattr("songe.cli.common.HEARTBEAT", (1e9, 1e9))


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one-line message of a refused command (exit 2, no traceback)."""
    code, _, err = cli(capsys, *args)
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert code == 2, err
    assert "Traceback" not in err, err
    assert len(lines) == 1, err
    return lines[0]


def spec_copy(tmp_path: Path, old: str, new: str, name: str = "reveil.toml") -> str:
    assert old in REVEIL, old
    (tmp_path / "sources").mkdir(exist_ok=True)
    for src in (spec_dir() / "sources").iterdir():
        (tmp_path / "sources" / src.name).write_bytes(src.read_bytes())
    path = tmp_path / name
    path.write_text(REVEIL.replace(old, new, 1), encoding="utf-8")
    return str(path)


# ---------------------------------------------------------------- types the loaders never checked

@pytest.mark.parametrize("old,new,message", [
    ('order = ["facile", "normal"', 'order = [["facile"], "normal"', "claim 'difficulty_ladder', order #0: must be a string"),
    ('except = ["refus"]', 'except = [["refus"]]', "except #0: must be a string"),
    ('rules = [{ if = "intensity >= 2", play = "first" }]', 'rules = [{ if = "hand[nope] >= 1", play = "first" }]',
     "strategy 'first_at_intensity_2', rule 0, field 'if': condition names card 'nope'"),
    ('rules = [{ if = "intensity >= 2", play = "first" }]', 'rules = [{ if = "discard >= 1", play = "first" }]',
     "'discard' needs a card"),
    ('rules = [{ if = "intensity >= 2", play = "first" }]', 'rules = [{ if = "lost >= 1", play = "first" }]',
     "'lost' is not known yet in a strategy"),
    ('"rules.loss_cap_scope" = "dream"', '"bogus" = "dream"',
     "reading 'loss_cap', option 'whole_dream': makes field 'bogus' invalid: unknown field"),
    ('"rules.loss_cap_scope" = "dream"', '"rules.loss_cap_scope" = "sometimes"',
     "option 'whole_dream': makes rule 'loss_cap_scope', field 'value' invalid: unknown value 'sometimes'"),
    ('"cards.reve_recurrent.effects.0.at"', '"cards.reve_recurrent.effects.\u00b2.at"', "no element '\u00b2'"),
    ('name = "Ancrage"', 'name = "Refus"', "'Refus' is also the name of card 'ancrage'"),
    ('name = "Ancrage"', 'name = "refus"', "names must differ"),
    ('intensity -1', 'intensity -\u0663', "unexpected character"),
    ("copies = 2", "copies = 99999999999999999999999999999999999", "a number longer than 30 digits"),
])
def test_spec_refused_at_load(capsys, tmp_path, old, new, message) -> None:
    line = refused(capsys, "solve", "reveil", "--spec", spec_copy(tmp_path, old, new), "--max-states", "10")
    assert message in line and "reveil.toml" in line, line


def test_a_record_role_must_be_a_word(capsys, tmp_path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(RECORD.replace('Ben = "fee"', "Ben = { x = 1 }", 1), encoding="utf-8")
    assert "round 1, field 'roles', field 'Ben': must be a string" in refused(capsys, "score", "when-i-dream", str(path))


def test_a_record_name_in_another_unicode_form_is_the_same_player(capsys, tmp_path) -> None:
    data = tomllib.loads(RECORD)
    nfd = "Chloe\u0301"
    data["players"] = [nfd if p == "Chloé" else p for p in data["players"]]  # the roles still say "Chloé" (NFC)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code, out, err = cli(capsys, "score", "when-i-dream", str(path), "--json")
    assert code == 0, err
    assert "Chloé" in {s["player"] for s in json.loads(out)["standings"]}


@pytest.mark.parametrize("do", ["look_top -3", "look_top lots", "look_top \u00b3", "look_top 1 2", "look_top 11",
                                "look_top \u0663"])
def test_dread_draw_amounts_are_ascii_digits(capsys, tmp_path, do) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(CARDS.replace('do = "look_top 1"', f'do = "{do}"', 1), encoding="utf-8")
    line = refused(capsys, "simulate", "dread-draw", "--games", "2", "--cards", str(path))
    assert "card 'ombre', ability #0, field 'do'" in line, line


def test_dread_draw_cards_sharing_a_name_are_refused(capsys, tmp_path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(CARDS.replace('name = "Ombre"', 'name = "Rat des cryptes"', 1), encoding="utf-8")
    assert "names must differ" in refused(capsys, "simulate", "dread-draw", "--games", "2", "--cards", str(path))


# ---------------------------------------------------------------- bounded reading

def test_deep_nesting_and_long_numbers_are_refused_before_parsing(capsys, tmp_path) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 1000 + "]" * 1000 + "\n")
    assert "nested deeper than" in refused(capsys, "solve", "reveil", "--spec", str(deep))
    lines = tmp_path / "lines.toml"  # one bracket per line: not a table header, still nesting
    lines.write_text("a = [\n" + "[\n" * 1000 + "]\n" * 1001)
    assert "nested deeper than" in refused(capsys, "solve", "reveil", "--spec", str(lines))
    big = tmp_path / "big.toml"
    big.write_text("a = " + "9" * 5000 + "\n")
    assert "longer than" in refused(capsys, "solve", "reveil", "--spec", str(big))
    deep_json = tmp_path / "deep.json"
    deep_json.write_text('{"players": ' + "[" * 1000 + "]" * 1000 + "}")
    assert "nested deeper than" in refused(capsys, "score", "when-i-dream", str(deep_json))
    quoted = tmp_path / "quoted.toml"  # brackets inside strings are text, not nesting
    quoted.write_text('a = "' + "[" * 1000 + '"\n')
    assert "nested deeper" not in refused(capsys, "solve", "reveil", "--spec", str(quoted))


def test_special_files_are_refused_by_name(capsys, tmp_path) -> None:
    assert "cannot read a device" in refused(capsys, "solve", "reveil", "--spec", "/dev/zero")
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    start = time.monotonic()
    assert "cannot read a FIFO" in refused(capsys, "solve", "reveil", "--spec", str(fifo))
    assert time.monotonic() - start < 30
    assert "cannot read a FIFO" in refused(capsys, "score", "when-i-dream", str(fifo))


def test_invalid_utf8_in_a_json_record(capsys, tmp_path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b'{"players": ["\xff"]}')
    assert "not UTF-8 text" in refused(capsys, "score", "when-i-dream", str(path))


# ---------------------------------------------------------------- safe outputs

def test_graph_out_never_overwrites_the_spec_it_reads(capsys, tmp_path) -> None:
    path = spec_copy(tmp_path, "copies = 2", "copies = 2")
    before = Path(path).read_bytes()
    assert "is a file this command reads" in refused(capsys, "graph", "reveil", "--spec", path, "--out", path)
    assert Path(path).read_bytes() == before


def test_graph_out_in_a_missing_folder_fails_before_the_search(capsys, tmp_path) -> None:
    start = time.monotonic()
    line = refused(capsys, "graph", "reveil", "--out", str(tmp_path / "nope" / "g.graphml"), "--max-states", "100000000")
    assert "does not exist" in line and time.monotonic() - start < 20


def test_a_failed_write_leaves_the_old_file(tmp_path) -> None:
    path = tmp_path / "out.txt"
    path.write_text("old")

    def broken(tmp: Path) -> None:
        tmp.write_text("half")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        atomic_write(path, broken)
    assert path.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_plot_names_are_kept_and_folders_not_created(capsys, tmp_path) -> None:
    line = refused(capsys, "balance", "when-i-dream", "--plot", str(tmp_path / "chart"))
    assert "must end with '.png'" in line
    line = refused(capsys, "balance", "when-i-dream", "--plot", str(tmp_path / "new" / "chart.png"))
    assert "does not exist" in line and not (tmp_path / "new").exists()


def test_rulebook_results_must_exist(capsys, tmp_path) -> None:
    line = refused(capsys, "rulebook", "reveil", "--results", str(tmp_path / "missing.json"), "--out", str(tmp_path))
    assert "missing.json: cannot read" in line


def test_check_output_refuses_a_folder(tmp_path) -> None:
    with pytest.raises(SongeError, match="is a directory, not a file"):
        check_output(tmp_path, "--out")


# ---------------------------------------------------------------- quiet failures, ignored options

@pytest.mark.parametrize("args", [("solve", "reveil", "--bogus"), ("solve",), ("frobnicate",),
                                  ("solve", "reveil", "--max-states", "lots")])
def test_usage_errors_are_one_line(capsys, args) -> None:
    assert refused(capsys, *args).startswith("songe: error: ")


@pytest.mark.parametrize("args,named", [
    (("simulate", "jekyll-hyde", "--games", "2", "--cards", "x.toml"), "--cards"),
    (("simulate", "jekyll-hyde", "--games", "2", "--players", "3"), "--players"),
    (("simulate", "dread-draw", "--games", "2", "--jekyll", "greedy", "--cards", "docs/examples/dread_draw_cards.toml"),
     "--jekyll"),
    (("graph", "reveil", "--out", "x.graphml", "--cards", "docs/examples/dread_draw_cards.toml"), "--cards"),
    (("orders", "reveil", "--order", "Refus", "--workers", "2"), "--workers"),
])
def test_ignored_options_are_refused(capsys, monkeypatch, args, named) -> None:
    monkeypatch.chdir(ROOT)
    assert named in refused(capsys, *args)


def test_extra_choices_are_said_not_ignored(capsys) -> None:
    """Not refused (a witness replays one play under two readings, and one may end sooner), but said."""
    order = ("Refus,Chute infinie,Lieu familier,Ancrage,Visage flou,Rêve récurrent,Paralysie nocturne,"
             "Écho de peur,Prise de conscience,Souvenir réel,Rêve récurrent")
    code, out, err = cli(capsys, "trace", "reveil", "--order", order, "--choices", ",".join(["none"] * 30),
                         "--policy", "never", "--lucidity", "2", "--json")
    assert code == 0, err
    unused = json.loads(out)["unused_choices"]
    assert unused and len(unused) < 30 and unused == ["none"] * len(unused)
    assert f"--choices {', '.join(unused)}: not used" in err


def test_budget_errors_in_dask_workers_are_one_line(capsys) -> None:
    line = refused(capsys, "orders", "reveil", "--level", "cauchemar", "--workers", "1", "--max-states", "10")
    assert "--max-states" in line


def test_ctrl_c_with_workers_is_one_line() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.Popen([sys.executable, "-m", "songe.cli.main", "simulate", "jekyll-hyde", "--games", "1000000",
                             "--jobs", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(8)
    os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: every process of the group
    try:
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    lines = [ln for ln in err.splitlines() if ln.strip()]  # a progress line may come first on a slow machine
    assert lines[-1:] == ["songe: interrupted"] and "Traceback" not in err, err
    assert all(ln.startswith("songe: ") for ln in lines), err


def test_ctrl_c_while_stderr_is_silenced_still_says_so() -> None:
    """Dask's start-up points stderr at /dev/null for a moment; a Ctrl-C then must still say "interrupted"."""
    code = ("import os; from songe.cli.interrupt import install, interrupted; install(); "
            "os.dup2(os.open(os.devnull, os.O_WRONLY), 2); interrupted()")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert r.returncode == 130 and r.stderr.split() == ["songe:", "interrupted"], r.stderr


# ---------------------------------------------------------------- budgets

@pytest.mark.parametrize("verb", [("trace", "reveil", "--order", "Refus,Chute infinie"),
                                  ("advise", "reveil", "--lucidity", "6", "--dream", "Chute infinie")])
def test_verbs_that_explore_take_max_states(capsys, verb) -> None:
    line = refused(capsys, *verb, "--max-states", "5")
    assert "--max-states" in line or "not a permutation" in line


def test_the_default_budget_is_reproducible(monkeypatch) -> None:
    from songe.cli.common import default_max_states
    monkeypatch.setenv("SONGE_MAX_STATES", "12345")
    assert default_max_states() == 12345



@pytest.mark.parametrize("value", ["\u00b9\u00b2", "abc", "0", "-1", "1e3", str(2**63)])
def test_a_meaningless_budget_in_the_environment_is_refused_not_replaced(capsys, monkeypatch, value) -> None:
    monkeypatch.setenv("SONGE_MAX_STATES", value)
    line = refused(capsys, "solve", "reveil", "--level", "cauchemar", "--lucidity", "2", "--hand-limit", "0")
    assert line.startswith("songe: error: SONGE_MAX_STATES in the environment: ") and "between 1 and" in line


# ---------------------------------------------------------------- rich output

def test_user_text_is_not_markup(capsys, tmp_path) -> None:
    data = tomllib.loads(RECORD)
    text = json.dumps(data, ensure_ascii=False).replace('"Ana"', '"[/]"').replace('"Ben"', '"[bold]B"').replace('penalty Ben', 'penalty [bold]B')
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = cli(capsys, "score", "when-i-dream", str(path))
    assert code == 0, err
    assert "[/]" in out and "[bold]B" in out


def test_the_exact_fraction_folds_in_a_narrow_terminal(capsys, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "50")
    code, out, err = cli(capsys, "solve", "reveil", "--level", "cauchemar", "--lucidity", "2")
    assert code == 0, err  # other columns may shorten; the exact fraction is whole (or folded over lines)
    cells = [ln.split("│")[4].strip() for ln in out.splitlines() if ln.count("│") >= 7]
    assert "".join(cells) == "27889/2217600", out


# ---------------------------------------------------------------- the published JSON Schemas

SHIPPED = {"reveil": spec_dir() / "reveil.toml", "jekyll_hyde": spec_dir() / "jekyll_hyde.toml",
           "dread_draw": spec_dir() / "dread_draw.toml", "when_i_dream": spec_dir() / "when_i_dream.toml",
           "dread_draw_cards": ROOT / "docs" / "examples" / "dread_draw_cards.toml",
           "when_i_dream_record": ROOT / "docs" / "examples" / "when_i_dream_game.toml"}


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_committed_schema_is_up_to_date(name) -> None:
    from songe.spec.schemas import FORMATS, schema_text
    assert set(SHIPPED) == set(FORMATS)
    committed = ROOT / "docs" / "schemas" / f"{name}.schema.json"
    assert committed.read_text(encoding="utf-8") == schema_text(name), \
        "regenerate: python -m songe.spec.schemas docs/schemas"


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_files_pass_their_json_schema_and_a_mutant_fails(name) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "docs" / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
    data = tomllib.loads(SHIPPED[name].read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(data)  # what an editor checks is what songe accepts
    data["unknown_field"] = 1
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema).validate(data)


@pytest.mark.parametrize("p", ["1e-999999999", "\u0663/4", "1/0", "-1"])
def test_probability_options_are_ascii_and_bounded(capsys, p) -> None:
    assert "--p must be" in refused(capsys, "balance", "when-i-dream", "--p", p)


@pytest.mark.parametrize("args,named", [
    (("orders", "reveil", "--level", "cauchemar", "--seed", "3"), "--seed"),
    (("orders", "reveil", "--sample", "10", "--split", "1"), "--split"),
    (("rulebook", "reveil", "--jobs", "2"), "--jobs"),
    (("rulebook", "dread-draw", "--dossier", "--format", "aid"), "--dossier"),
])
def test_more_ignored_options_are_refused(capsys, args, named) -> None:
    assert named in refused(capsys, *args)


def test_the_default_budget_follows_available_memory(monkeypatch) -> None:
    from songe.cli import common
    monkeypatch.delenv("SONGE_MAX_STATES", raising=False)
    monkeypatch.setattr(common, "available_memory", lambda: 150_000_000)
    per_state = common.BYTES_PER_STATE[common.BUDGET_PATH]
    assert common.default_max_states() == int(150_000_000 * common.MEMORY_SHARE) // per_state
    monkeypatch.setattr(common, "available_memory", lambda: 10**13)
    assert common.default_max_states() == common.DEFAULT_MAX_STATES
    assert "the most it allows" in (common.budget_note() or "")


def test_a_budget_error_says_how_the_default_budget_was_set(capsys, monkeypatch) -> None:
    """Past the default budget, the line names the memory available and the measured bytes a state;
    past the user's own --max-states, it does not."""
    from songe.cli import common
    monkeypatch.delenv("SONGE_MAX_STATES", raising=False)
    monkeypatch.setattr(common, "available_memory", lambda: 40_000_000)  # 20 MB: about 14,000 states
    line = refused(capsys, "solve", "reveil", "--level", "cauchemar")
    per_state = common.BYTES_PER_STATE[common.BUDGET_PATH]
    held = int(40_000_000 * common.MEMORY_SHARE) // per_state
    assert f"passed {held:,} states" in line and f"{per_state:,} bytes a state" in line and "40 MB" in line, line
    line = refused(capsys, "solve", "reveil", "--level", "cauchemar", "--max-states", "5000")
    assert "bytes a state" not in line, line


@pytest.mark.parametrize("verb", [("solve", "--level", "normal"), ("claims",), ("ambiguities", "--level", "normal")],
                         ids=lambda v: v[0])
def test_a_spec_too_big_for_the_budget_is_refused_by_the_count(capsys, monkeypatch, tmp_path, verb) -> None:
    """Every card tripled (33): its values pass 64 bits, so the reference solver would compute them, and reach
    the budget only after minutes (benchmarks/refusal.py times it at the full default budget). The compiled
    path counts the states first: one line naming the level, the budget's measured bytes a state and the deck."""
    from songe.cli import common
    monkeypatch.delenv("SONGE_MAX_STATES", raising=False)
    monkeypatch.setattr(common, "available_memory", lambda: 40_000_000)
    spec = spec_copy(tmp_path, "copies = 2", "copies = 2")
    Path(spec).write_text(re.sub(r"(?m)^copies = (\d+)$", lambda m: f"copies = {3 * int(m.group(1))}", REVEIL),
                          encoding="utf-8")
    line = refused(capsys, verb[0], "reveil", "--spec", spec, *verb[1:])
    held = int(40_000_000 * common.MEMORY_SHARE) // common.BYTES_PER_STATE[common.BUDGET_PATH]
    assert f"level normal: the game has more than {held:,} states (--max-states), counted before solving it" in line
    assert "33-card deck" in line and "bytes a state" in line, line


def test_progress_lines_when_stderr_is_not_a_terminal(capsys, monkeypatch) -> None:
    from songe.cli import common
    monkeypatch.setattr(common, "HEARTBEAT", (0.05, 0.05))
    with common.progress("solving [/]", total=3) as advance:
        advance()
        time.sleep(0.3)
    lines = [ln for ln in capsys.readouterr().err.splitlines() if ln]
    assert lines and all(ln.startswith("songe: solving [/] (1/3), ") for ln in lines), lines


def test_importing_the_schema_writer_writes_nothing(tmp_path, monkeypatch) -> None:
    """The API pages import every module (pkgutil); the writer runs only as ``python -m``."""
    import importlib
    monkeypatch.chdir(tmp_path)
    importlib.import_module("songe.spec.schemas.__main__")
    assert list(tmp_path.iterdir()) == []


def test_an_output_in_a_missing_folder_is_one_line(tmp_path) -> None:
    with pytest.raises(SongeError, match="cannot write"):
        atomic_write(tmp_path / "missing" / "x.json", "{}")


def test_a_spec_with_markup_in_its_names_prints_tables(capsys, tmp_path) -> None:
    path = spec_copy(tmp_path, 'name = "Réveil"', 'name = "[bold]R[/]"')
    Path(path).write_text(Path(path).read_text(encoding="utf-8").replace('name = "Refus"', 'name = "[/]"', 1),
                          encoding="utf-8")
    small = ("--level", "cauchemar", "--lucidity", "2", "--hand-limit", "0", "--spec", path)
    for verb in ("solve", "strategies"):
        code, out, err = cli(capsys, verb, "reveil", *small)
        assert code == 0, err
        assert "[bold]R[/]" in out
