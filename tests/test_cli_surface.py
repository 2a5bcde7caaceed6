"""The whole command line fuzzed: every verb's options, read from click's own description of the commands,
with hostile values and files.

Each run must end with exit 0, 1 (a check that legitimately fails) or 2 (one line on stderr), never an
exception; its output holds no raw escape sequence; the files it was given (and the shipped specs) are
unchanged, and no temporary file is left. Half the runs are sensible (they get past the parser and print
the markup and escapes of hostile specs and card lists), half take hostile values everywhere.

CI runs a few examples per verb on tiny budgets, and only hostile games for the verbs whose real runs
take seconds; ``SONGE_FUZZ=deep`` runs many more, on every game
(``SONGE_FUZZ=deep python3 -m pytest -n 0 tests/test_cli_surface.py``).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from songe.cli.main import cli, main
from songe.cli.types import Bounded, InFile, OutDir, OutFile, Pick, Words
from songe.games.plugin import Capability
from songe.games.registry import families
from songe.spec.sources import spec_dir

DEEP = os.environ.get("SONGE_FUZZ") == "deep"
EXAMPLES = 60 if DEEP else 6
#: Verbs whose real runs take seconds even on a tiny budget: in CI they get hostile games only.
SLOW = {"prove", "rulebook", "gaps", "ambiguities", "claims", "orders", "tune", "coverage", "play", "check"}
#: Options that start processes or reach the network: only values that must be refused.
REFUSED_ONLY = {"jobs", "workers", "scheduler"}

MARKUP = "[bold red]X[/] [/] [link=http://example.invalid]k[/link]"
ESC = "\x1b]8;;http://example.invalid\x1b\\L\x1b]8;;\x1b\\ \x1b[31mR\x9b2J"
HOSTILE_TEXT = ["", " ", MARKUP, ESC, "a\x00b", "Re\u0302ve re\u0301current", "x" * 50_000, "\udcff", "[/]", "1/0",
                "-1", "normal", "a=b", "=", ",", "1e-99999"]
HOSTILE_INTS = ["-1", "0", "1", "2", str(2**63), str(2**64), "9" * 5000, "", "1e3", "0x10", "\u0663", " 2 ", "2.5"]
GAMES = sorted(families())
HOSTILE_GAMES = ["", MARKUP, ESC, "chess", "x" * 50_000, "re\u0301veil"]
ORDER = ("Refus,Chute infinie,Lieu familier,Ancrage,Visage flou,Rêve récurrent,Paralysie nocturne,"
         "Écho de peur,Prise de conscience,Souvenir réel,Rêve récurrent")
#: Values that make sense, by option, so that runs also get past the parser and print.
SENSIBLE = {"level": ["facile", "normal"], "order": [ORDER], "choices": ["none"], "agents": ["random"],
            "p_text": ["1/2"], "q_text": ["1/3"], "remember_text": ["1/2"], "target": ["1/2"],
            "lucidity_range": ["2-3"], "hand_range": ["1"], "readings": ["loss_cap=whole_dream"],
            "lead": ["O1"], "follow": ["C2"], "dream": ["Refus"], "hand": ["Ancrage"], "moves": ["pass"],
            "prop": ['Pmax=? [F "win"]'], "lang": ["en"], "policy": ["never"]}
#: A name with markup and escapes, as TOML text.
TOML_HOSTILE = (MARKUP + " " + ESC).replace("\\", "\\\\").replace("\x1b", "\\u001b").replace("\x9b", "\\u009b")


def _hostile(text: str) -> str:
    """Every name, title, question and description of a TOML text with markup and escapes appended."""
    return re.sub(r'^(name|title|question|description) = "(.*)"$', lambda m: f'{m[1]} = "{m[2]} {TOML_HOSTILE}"',
                  text, flags=re.M)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """Hostile files and folders, a working folder, and tiny budgets for the module's runs."""
    root = tmp_path_factory.mktemp("fuzz")
    inputs = root / "inputs"
    inputs.mkdir()
    shipped = spec_dir() / "reveil.toml"
    for family in ("reveil", "jekyll_hyde", "dread_draw", "when_i_dream"):
        (inputs / f"{family}_markup.toml").write_text(
            _hostile((spec_dir() / f"{family}.toml").read_text(encoding="utf-8")), encoding="utf-8")
    shutil.copytree(spec_dir() / "sources", inputs / "sources")
    examples = Path(__file__).resolve().parents[1] / "docs" / "examples"
    for name in ("dread_draw_cards.toml", "when_i_dream_game.toml"):
        (inputs / name).write_text(_hostile((examples / name).read_text(encoding="utf-8")), encoding="utf-8")
    text = shipped.read_text(encoding="utf-8")
    (inputs / "nul.toml").write_text(text.replace('name = "Réveil"', 'name = "R\\u0000"'), encoding="utf-8")
    (inputs / "binary.toml").write_bytes(b"\xff\xfe\x00garbage\x1b[31m")
    (inputs / "huge_int.toml").write_text("a = " + "9" * 100 + "\n", encoding="utf-8")
    (inputs / "list.json").write_text("[1, 2, 3]\n", encoding="utf-8")
    (inputs / "afolder").mkdir()
    (inputs / "regular").write_text("a regular file\n", encoding="utf-8")
    readonly = root / "readonly"
    readonly.mkdir()
    readonly.chmod(0o555)
    work = root / "work"
    work.mkdir()
    saved = os.environ.get("SONGE_MAX_STATES")
    os.environ["SONGE_MAX_STATES"] = "300"
    cwd = Path.cwd()
    os.chdir(work)
    try:
        yield {"root": root, "inputs": inputs, "readonly": readonly, "work": work, "shipped": shipped}
    finally:
        os.chdir(cwd)
        readonly.chmod(0o755)
        if saved is None:
            os.environ.pop("SONGE_MAX_STATES", None)
        else:
            os.environ["SONGE_MAX_STATES"] = saved


def _inputs(w: dict[str, Path]) -> list[str]:
    i = w["inputs"]
    return [str(i / n) for n in ("reveil_markup.toml", "jekyll_hyde_markup.toml", "dread_draw_markup.toml",
                                 "when_i_dream_markup.toml", "dread_draw_cards.toml", "when_i_dream_game.toml",
                                 "nul.toml", "binary.toml", "huge_int.toml", "list.json", "afolder", "regular",
                                 "missing.toml", "y" * 300 + ".toml")] + [str(w["shipped"]), "/dev/zero", ""]


def _outputs(w: dict[str, Path]) -> list[str]:
    i, work = w["inputs"], w["work"]
    return [str(i / "reveil_markup.toml"), str(w["shipped"]), str(i / "missing" / "x.out"),
            str(i / "regular" / "x.out"), str(w["readonly"] / "x.out"), str(work / ("a" * 300)),
            str(work / "out.png"), str(work / "out.json"), str(i / "afolder"), "", "a\x00b"]


def _value(p: click.Parameter, w: dict[str, Path], game: str, sensible: bool) -> st.SearchStrategy[str]:
    """Values for one option: sensible ones, and (unless ``sensible``) hostile ones too."""
    t, name = p.type, p.name or ""
    if name in REFUSED_ONLY:
        return st.sampled_from(["-1", str(2**63), "", "x" * 5000])
    i, work = w["inputs"], w["work"]
    if isinstance(t, Bounded):
        good, bad = [str(t.low), str(min(t.low + 1, t.high))], HOSTILE_INTS
    elif isinstance(t, Pick):
        good, bad = list(map(str, t.choices)), HOSTILE_TEXT[:8]
    elif isinstance(t, InFile):
        own = {"spec_file": f"{game.replace('-', '_')}_markup.toml" if game in GAMES else "list.json",
               "cards_file": "dread_draw_cards.toml", "file": "when_i_dream_game.toml"}.get(name, "list.json")
        good, bad = [str(i / own)], _inputs(w)
    elif isinstance(t, OutFile | OutDir):
        good, bad = [str(work / ("out.png" if isinstance(t, OutFile) and t.suffix else "out"))], _outputs(w)
    elif isinstance(t, Words):
        good, bad = SENSIBLE.get(name, ["1"]), HOSTILE_TEXT
    else:
        raise AssertionError(f"option {name!r} has an untyped value ({t!r}): give it a songe.cli.types type")
    return st.sampled_from(good) if sensible else st.one_of(st.sampled_from(good), st.sampled_from(bad))


def _games_for(verb: str) -> list[str]:
    """The games that have ``verb`` (every game for a verb that is not a capability)."""
    try:
        cap = Capability(verb)
    except ValueError:
        return GAMES
    return [g for g, f in families().items() if cap in f.capabilities]


@st.composite
def command_line(draw: st.DrawFn, verb: str, w: dict[str, Path]) -> tuple[list[str], list[Path]]:
    """One command line of ``verb`` and the files it reads (which no output may replace).

    A sensible line has a game with the verb, few options, values that make sense, and the spec and card
    files with markup and escapes in every name; the others take random options with hostile values.
    """
    cmd = cli.get_command(click.Context(cli), verb)
    assert cmd is not None
    argv, reads = [verb], [spec_dir()]
    sensible = draw(st.booleans(), label="sensible") and (DEEP or verb not in SLOW)
    if sensible:
        games = _games_for(verb) or GAMES
    else:
        games = HOSTILE_GAMES if verb in SLOW and not DEEP else [*GAMES, "REVEIL", *HOSTILE_GAMES]
    game = draw(st.sampled_from(games), label="GAME")
    for p in cmd.params:
        if isinstance(p, click.Argument):
            argv.append(game if p.name == "game" else draw(_value(p, w, game, sensible), label=p.name or ""))
            if isinstance(p.type, InFile):
                reads.append(Path(argv[-1]))
            continue
        assert isinstance(p, click.Option)
        if p.is_flag:
            if draw(st.booleans(), label=p.opts[-1]):
                argv.append(p.opts[-1])
            continue
        always = p.required or (sensible and p.name == "spec_file")
        if not always and draw(st.integers(0, 4 if sensible else 2), label=f"use {p.opts[-1]}"):
            continue
        for _ in range(draw(st.integers(1, 2)) if p.multiple else 1):
            argv += [p.opts[-1], draw(_value(p, w, game, sensible), label=p.opts[-1])]
            if isinstance(p.type, InFile) and argv[-1]:
                reads.append(Path(argv[-1]))
    return argv, reads


def _snapshot(paths: list[Path]) -> dict[Path, bytes]:
    """The bytes of every regular file under ``paths`` (small: specs, texts, the hostile inputs)."""
    out = {}
    for root in paths:
        try:
            if "\x00" in str(root) or not root.exists() or root.is_char_device():
                continue
        except OSError:  # a name too long to look up
            continue
        for f in sorted(root.rglob("*")) if root.is_dir() else [root]:
            if f.is_file():
                out[f] = f.read_bytes()
    return out


def _changed(before: dict[Path, bytes]) -> list[Path]:
    """Files changed since ``before``, each put back as it was (a failing run must not damage the checkout)."""
    changed = []
    for f, data in before.items():
        if not f.is_file() or hashlib.sha256(f.read_bytes()).digest() != hashlib.sha256(data).digest():
            changed.append(f)
            f.write_bytes(data)
    return changed


def run(argv: list[str]) -> tuple[int, str, str]:
    """``songe ARGV`` in this process: (exit status, stdout, stderr); an exception escaping main fails the test."""
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO("q\n")  # play: quit at the first prompt
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(argv)
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.stdin = stdin
    return code, out.getvalue(), err.getvalue()


VERBS = sorted(cli.list_commands(click.Context(cli)))


@pytest.mark.parametrize("verb", VERBS)
@settings(max_examples=EXAMPLES, deadline=None, derandomize=not DEEP,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_every_verb_survives_hostile_input(verb: str, world: dict[str, Path], data: st.DataObject) -> None:
    argv, guarded = data.draw(command_line(verb, world))
    before = _snapshot(guarded)
    try:
        code, out, err = run(argv)
    except BaseException:
        _changed(before)
        raise
    changed = _changed(before)
    if os.environ.get("SONGE_FUZZ_SHOW"):  # what the runs did: SONGE_FUZZ_SHOW=1 pytest -s
        print("run:", code, [a[:40] for a in argv], err.strip()[-150:])  # noqa: T201
    shown = repr(argv)[:300]
    assert code in (0, 1, 2), (shown, code, err[-500:])
    for stream in (out, err):
        assert "\x1b" not in stream and "\x9b" not in stream, (shown, stream[-300:])
        assert "Traceback" not in stream, (shown, stream[-2000:])
    if code == 2:
        lines = [ln for ln in err.splitlines() if ln.strip() and not ln.startswith("songe: note:")]
        assert lines and lines[-1].startswith("songe: error: "), (shown, err[-500:])
        assert len(lines[-1]) < 1000, shown
    assert not changed, f"{shown} changed an input: {changed}"
    leftovers = [p for p in world["root"].rglob(".songe-*")]
    assert not leftovers, (shown, leftovers)


@pytest.mark.parametrize("verb", VERBS)
def test_every_file_option_refuses_an_unreadable_name_in_one_line(verb: str, tmp_path: Path) -> None:
    """Each file a verb reads (options and arguments), named too long for the system or as a folder: one line,
    exit 2, before any work (a name the system cannot look up once raised OSError from the option's check)."""
    cmd = cli.get_command(click.Context(cli), verb)
    assert cmd is not None
    files = [p for p in cmd.params if isinstance(p.type, InFile)]
    for p in files:
        folder = isinstance(p.type, InFile) and p.type.folder
        for bad in (str(tmp_path / ("y" * 300 + ".toml")), str(tmp_path / "f") if folder else str(tmp_path)):
            if isinstance(p, click.Argument):
                argv = [verb] + (["reveil"] if any(q.name == "game" for q in cmd.params) else []) + [bad]
            else:
                argv = [verb, "reveil", p.opts[-1], bad]
            code, out, err = run(argv)
            lines = [ln for ln in err.splitlines() if ln.strip()]
            assert code == 2 and len(lines) == 1 and "Traceback" not in err, (argv[:3], err[-500:])
            assert len(lines[0]) < 500, lines[0]


#: Option names that mean different quantities in different verbs (so their ranges may differ).
SAME_NAME_OTHER_QUANTITY = {"--cards": "tune: cards changed in the deck; balance: cards revealed a night; "
                                       "elsewhere a card list file"}


def test_the_same_quantity_has_the_same_bounds_in_every_verb() -> None:
    """A count bounded one way in one verb and another way in the next is refused in one and taken in the
    other; a range that must differ says why in its refusal."""
    ranges: dict[str, set[tuple[int, int]]] = {}
    for verb in VERBS:
        cmd = cli.get_command(click.Context(cli), verb)
        assert cmd is not None
        for p in cmd.params:
            if isinstance(p.type, Bounded) and not p.type.why and p.opts[-1] not in SAME_NAME_OTHER_QUANTITY:
                ranges.setdefault(p.opts[-1], set()).add((p.type.low, p.type.high))
    assert {o: r for o, r in ranges.items() if len(r) > 1} == {}


def _writes_and_takes_a_game(verb: str) -> bool:
    cmd = cli.get_command(click.Context(cli), verb)
    params = cmd.params if cmd is not None else []
    return any(p.name == "game" for p in params) and any(
        isinstance(p.type, OutFile) and isinstance(p, click.Option) for p in params)


@pytest.mark.parametrize("verb", [v for v in VERBS if _writes_and_takes_a_game(v)])
def test_an_output_never_replaces_the_spec_given_as_game(verb: str, tmp_path: Path) -> None:
    """``songe graph my.toml --out my.toml`` once replaced the user's spec, exit 0: GAME naming a file is an
    input like --spec, and so are the source texts beside it."""
    spec = tmp_path / "mine.toml"
    shutil.copy(spec_dir() / "reveil.toml", spec)
    shutil.copytree(spec_dir() / "sources", tmp_path / "sources")
    text = tmp_path / "sources" / "reveil.fr.txt"
    before = {f: f.read_bytes() for f in (spec, text)}
    cmd = cli.get_command(click.Context(cli), verb)
    assert cmd is not None
    for p in cmd.params:
        if isinstance(p.type, OutFile) and isinstance(p, click.Option):
            for target in (spec, text):
                if p.type.suffix:
                    continue  # a --plot must end in .png: no spec can be named so
                code, _, err = run([verb, str(spec), p.opts[-1], str(target)])
                assert code == 2 and "is a file this command reads" in err, (verb, p.opts[-1], err[-300:])
    assert {f: f.read_bytes() for f in before} == before
