"""A hostile user's campaign, in the suite: mutants of the shipped specs, of the Dread Draw card
list and of the When I Dream record, sent to every verb that reads them.

Each run must end in a valid result (exit 0, or 1 for a check that failed), or in exit 2 with at
most two lines on stderr and no traceback. Valid mutants stop fast on tiny budgets
(``--max-states 2000``, a few games). The default runs a few examples per target (CI);
``HYPOTHESIS_PROFILE=deep`` runs many more.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from songe.cli.main import main
from songe.spec.sources import spec_dir

ROOT = Path(__file__).resolve().parents[1]
DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"
EXAMPLES = 400 if DEEP else 25
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=not DEEP,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

CARDS = ROOT / "docs" / "examples" / "dread_draw_cards.toml"
RECORD = ROOT / "docs" / "examples" / "when_i_dream_game.toml"
BUDGET = ("--max-states", "2000")
#: A set-up small enough for the shipped spec to solve within the budget (96 states).
SMALL = ("--level", "cauchemar", "--lucidity", "2", "--hand-limit", "0", *BUDGET)
ORDER = ",".join(["chute_infinie", "reve_recurrent", "reve_recurrent", "visage_flou", "lieu_familier",
                  "paralysie_nocturne", "echo_de_peur", "prise_de_conscience", "ancrage", "souvenir_reel", "refus"])

#: target → (base file, verbs: argv given the mutant's path)
TARGETS: dict[str, tuple[Path, list[Callable[[str], list[str]]]]] = {
    "reveil": (spec_dir() / "reveil.toml", [
        lambda f: ["solve", "reveil", "--spec", f, *SMALL, "--json"],
        lambda f: ["solve", "reveil", "--spec", f, "--level", "cauchemar", "--lucidity", "3", *BUDGET],
        lambda f: ["trace", "reveil", "--spec", f, "--order", ORDER, "--policy", "never", *SMALL],
        lambda f: ["strategies", "reveil", "--spec", f, *SMALL],
    ]),
    "jekyll_hyde": (spec_dir() / "jekyll_hyde.toml", [
        lambda f: ["trick", "jekyll-hyde", "--spec", f, "--lead", "O1", "--follow", "C2"],
        lambda f: ["simulate", "jekyll-hyde", "--spec", f, "--games", "2"],
    ]),
    "dread_draw": (spec_dir() / "dread_draw.toml", [
        lambda f: ["simulate", "dread-draw", "--spec", f, "--cards", str(CARDS), "--games", "2"],
    ]),
    "when_i_dream": (spec_dir() / "when_i_dream.toml", [
        lambda f: ["score", "when-i-dream", str(RECORD), "--spec", f],
        lambda f: ["balance", "when-i-dream", "--spec", f, "--players", "5", "--p", "1/2"],
    ]),
    "dread_draw_cards": (CARDS, [
        lambda f: ["simulate", "dread-draw", "--cards", f, "--games", "2"],
    ]),
    "when_i_dream_record": (RECORD, [
        lambda f: ["score", "when-i-dream", f],
        lambda f: ["score", "when-i-dream", f, "--json"],
    ]),
}

# ---------------------------------------------------------------- a TOML writer for mutants


def toml_value(v: Any) -> str:
    """A value as TOML (inline tables and arrays; JSON's string escapes are TOML's)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=True)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(type(v))


def to_toml(doc: dict[str, Any]) -> str:
    return "".join(f"{json.dumps(str(k))} = {toml_value(v)}\n" for k, v in doc.items())


# ---------------------------------------------------------------- mutations

HOSTILE = st.one_of(
    st.integers(-10**6, 10**6), st.sampled_from([0, -1, 10**40, 2**63]),
    st.booleans(), st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["", "[/]", "[bold]x", "³", "٣", "1/0", "-3", "lots", "hand[nope] >= 1", "discard",
                     "look_top -3", "look_top lots", "intensity +²", "x" * 5000, "Chloe\u0301", "\x00", "é",
                     "refus", "chute_infinie", "first", "none", "normal", "intensity >= 2 and (", "rules.nope"]),
    st.text(max_size=20),
    st.lists(st.integers(-3, 3), max_size=3), st.lists(st.text(max_size=3), max_size=3),
    st.just([[["deep"]]]), st.dictionaries(st.sampled_from(["id", "x", "value", "quote"]), st.integers(-2, 2),
                                           max_size=2),
)


def paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a document: keys of tables, indices of arrays."""
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths(v, prefix + (i,))
    return out


def at(doc: Any, path: tuple) -> tuple[Any, Any]:
    for key in path[:-1]:
        doc = doc[key]
    return doc, path[-1]


@st.composite
def mutants(draw: st.DrawFn, base: Path) -> tuple[str, str]:
    """(kind of mutation, the mutant's text)."""
    text = base.read_text(encoding="utf-8")
    kind = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add", "duplicate", "text"]))
    if kind == "text":  # byte-level: cut, repeat or insert characters of the file itself
        lines = text.splitlines(keepends=True)
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["cut", "repeat", "insert"]))
        if how == "cut":
            lines = lines[:i]
        elif how == "repeat":
            lines.insert(i, lines[i])
        else:
            lines.insert(i, draw(st.sampled_from(["[", "]]\n", "a = [[[[\n", "\ufeff", "x = 1\n", "= \n", "[[cards]]\n"])))
        return f"text-{how}", "".join(lines)
    doc = tomllib.loads(text)
    places = paths(doc)
    path = draw(st.sampled_from(places))
    parent, key = at(doc, path)
    if kind == "replace":
        parent[key] = draw(HOSTILE)
    elif kind == "delete":
        del parent[key]
    elif kind == "add":
        target = parent[key] if isinstance(parent[key], dict) else parent
        if isinstance(target, dict):
            target[draw(st.sampled_from(["unknown", "id", "name", "if", "copies"]))] = draw(HOSTILE)
        else:
            target.append(draw(HOSTILE))
    else:  # duplicate an entry of an array (two cards with one id, two rounds...)
        if isinstance(parent, list):
            parent.insert(key, json.loads(json.dumps(parent[key])))
        else:
            parent[key] = [parent[key], parent[key]]
    return kind, to_toml(doc)


# ---------------------------------------------------------------- the check

OUTCOMES: dict[str, int] = {}


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return code, out.getvalue(), err.getvalue()


def check_run(argv: list[str], label: str) -> str:
    """Run a verb on a mutant; the outcome's class ('ok', 'check failed', 'refused: <kind>')."""
    code, _, err = run(argv)
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert "Traceback" not in err, f"{label}: {argv}\n{err[-2000:]}"
    if code in (0, 1):
        return "ok" if code == 0 else "check failed"
    assert code == 2, f"{label}: exit {code}: {argv}\n{err[-2000:]}"
    assert 1 <= len(lines) <= 2, f"{label}: {len(lines)} lines: {argv}\n{err[-2000:]}"
    return "refused: " + classify(lines[0])


#: Words of a refusal → its class, first match wins (for the campaign's summary).
CLASSES = (("syntax", ("syntax error",)),
           ("bounds", ("nested deeper", "longer than", "larger than", "not UTF-8", "cannot read")),
           ("budget", ("--max-states",)),
           ("reading", ("reading '", "option '")),
           ("cross-reference or context", ("condition names", "needs a card", "not known yet", "is also the name",
                                           "duplicate", "is not a", "unknown level", "unknown card", "unknown role",
                                           "unknown source", "unknown hole", "share", "names must", "not a player",
                                           "permutation", "not in the spec", "must differ", "add up", "deck has",
                                           "one count per", "must be at least", "must be at most", "hands of",
                                           "each step", "must come first", "listed twice", "need")),
           ("type, range or enum", ("must be", "missing", "unknown field", "unknown value", "should", "unknown",
                                    "not valid", "takes no", "expected", "unexpected", "an action")))


def classify(line: str) -> str:
    for name, words in CLASSES:
        if any(w in line for w in words):
            return name
    return "other: " + line.split(": ")[-1][:40]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("fuzz")
    shutil.copytree(spec_dir() / "sources", d / "sources")
    return d


@pytest.fixture(autouse=True)
def _quiet_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("songe.cli.common.HEARTBEAT", (1e9, 1e9))


@pytest.mark.filterwarnings("ignore:The recursion limit will not be reset")  # the solver raises it, on purpose
@pytest.mark.parametrize("target", sorted(TARGETS))
def test_fuzz(target: str, workdir: Path) -> None:
    base, verbs = TARGETS[target]

    @FUZZ
    @given(data=st.data())
    def one(data: st.DataObject) -> None:
        kind, text = data.draw(mutants(base), label="mutant")
        path = workdir / f"{target}.toml"
        path.write_text(text, encoding="utf-8")
        verb = data.draw(st.sampled_from(verbs), label="verb")
        outcome = check_run(verb(str(path)), f"{target} ({kind})")
        OUTCOMES[f"{target}: {outcome}"] = OUTCOMES.get(f"{target}: {outcome}", 0) + 1

    one()


def test_fuzz_json_record(workdir: Path) -> None:
    """The record as JSON, mutated the same way (a JSON file goes through the JSON reader)."""
    data = tomllib.loads(RECORD.read_text(encoding="utf-8"))

    @FUZZ
    @given(path=st.sampled_from(paths(data)), value=HOSTILE)
    def one(path: tuple, value: Any) -> None:
        doc = json.loads(json.dumps(data))
        parent, key = at(doc, path)
        parent[key] = value
        f = workdir / "record.json"
        f.write_text(json.dumps(doc, ensure_ascii=False, allow_nan=True), encoding="utf-8")
        outcome = check_run(["score", "when-i-dream", str(f)], "record.json")
        OUTCOMES[f"record.json: {outcome}"] = OUTCOMES.get(f"record.json: {outcome}", 0) + 1

    one()


if __name__ == "__main__":  # pragma: no cover - `python tests/test_fuzz.py N`: a campaign with a summary
    import sys
    import time

    import songe.cli.common

    songe.cli.common.HEARTBEAT = (1e9, 1e9)
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    FUZZ = settings(FUZZ, max_examples=n, derandomize=False)  # noqa: F811
    start = time.monotonic()
    import tempfile

    wd = Path(tempfile.mkdtemp())
    shutil.copytree(spec_dir() / "sources", wd / "sources")
    for t in sorted(TARGETS):
        test_fuzz(t, wd)
    test_fuzz_json_record(wd)
    for k, v in sorted(OUTCOMES.items()):
        print(f"{v:6}  {k}")
    print(f"{sum(OUTCOMES.values())} inputs in {time.monotonic() - start:.0f} s")
