"""The audit table of the guide: every quote stands in its text, every switch named exists."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from songe.spec import dread_draw, jekyll_hyde, reveil, when_i_dream
from songe.spec.sources import fold, spec_dir

AUDIT = Path(__file__).resolve().parents[1] / "docs" / "guide" / "audit.rst"


def _sections() -> dict[str, str]:
    text = AUDIT.read_text(encoding="utf-8")
    reveil_at, wid_at = text.index("\nRéveil ("), text.index("\nWhen I Dream (")
    jh_at, dd_at = text.index("\nJekyll vs Hyde ("), text.index("\nDread Draw (")
    return {"reveil": text[reveil_at:wid_at], "when-i-dream": text[wid_at:jh_at], "jekyll-hyde": text[jh_at:dd_at],
            "dread-draw": text[dd_at:]}


def test_every_quote_of_the_audit_stands_in_a_source_text() -> None:
    sources = " ".join(fold(p.read_text(encoding="utf-8")) for p in (spec_dir() / "sources").glob("*.fr.txt"))
    quotes = re.findall(r"« (.+?) »", AUDIT.read_text(encoding="utf-8"))
    assert len(quotes) > 40
    missing = [q for q in quotes if fold(q) not in sources]
    assert not missing, missing


def test_every_switch_of_the_audit_exists_and_every_unstated_reading_is_listed() -> None:
    sections = _sections()
    for game, spec in (("reveil", reveil.load()), ("when-i-dream", when_i_dream.load()),
                       ("jekyll-hyde", jekyll_hyde.load()), ("dread-draw", dread_draw.load())):
        readings = {r.id for r in spec.readings}
        named = set(re.findall(r"reading ``(\w+)``", sections[game]))
        assert named and named <= readings, named - readings
        assert {r.id for r in spec.readings if not r.stated} <= named
    rules = set(reveil.load().raw["rules"])
    named_rules = set(re.findall(r"``rules\.(\w+)``", sections["reveil"]))
    assert named_rules and named_rules <= rules, named_rules - rules
    wid_rules = {r["id"] for r in when_i_dream.load().raw["rules"]}
    for group in re.findall(r"rules? ((?:``\w+``(?:, )?)+)", sections["when-i-dream"]):
        assert set(re.findall(r"``(\w+)``", group)) <= wid_rules, group


def test_the_jekyll_hyde_and_dread_draw_rows_name_existing_rules() -> None:
    sections = _sections()
    for game, spec in (("jekyll-hyde", jekyll_hyde.load()), ("dread-draw", dread_draw.load())):
        rules = {r["id"] for r in spec.raw["rules"]}
        for group in re.findall(r"rules? ((?:``\w+``(?:, )?)+)", sections[game]):
            assert set(re.findall(r"``(\w+)``", group)) <= rules, group


# ------------------------------------------------------------ issue 24: no choice settled in silence

SPECS: dict[str, Callable[[], Any]] = {"reveil": reveil.load, "when-i-dream": when_i_dream.load, "jekyll-hyde": jekyll_hyde.load,
         "dread-draw": dread_draw.load}
#: Words by which a docstring or a spec comment makes a choice the text may not make.
CHOICE = re.compile(r"\b(?:read as|are read|is read|modelled as|taken as|assum(?:e|es|ed|ing))\b", re.IGNORECASE)
GAMES = Path(__file__).resolve().parents[1] / "src" / "songe" / "games"


def _rows(section: str) -> list[tuple[str, str, str]]:
    """The rows of a section's list-table as (decision, switch, text), header dropped."""
    rows = []
    for chunk in section.split("\n   * - ")[1:]:
        cells = [c.strip() for c in re.split(r"\n     - ", chunk)]
        assert len(cells) == 3, chunk
        rows.append((cells[0], cells[1], cells[2]))
    return rows[1:]


def test_no_unstated_row_is_left_without_a_switch_or_an_open_point() -> None:
    for game, section in _sections().items():
        rows = _rows(section)
        assert len(rows) >= 15, game
        for decision, switch, text in rows:
            if text.startswith("**unstated**"):
                assert re.search(r"(?:reading|point)s? ``\w+``", switch), (game, decision)
            assert switch.split(" ")[0] != "none" or not text.startswith("**unstated**"), (game, decision)


def test_every_reading_and_open_point_is_in_the_audit_and_every_point_named_exists() -> None:
    for game, section in _sections().items():
        spec = SPECS[game]()
        points = {p.id for p in spec.open_points}
        named = set(re.findall(r"points? ``(\w+)``", section)) | set(re.findall(r"``(\w+)``\)", section))
        assert points and {p for p in named if p in points} == points, (game, points - named)
        assert set(re.findall(r"point ``(\w+)``", section)) <= points
        assert {r.id for r in spec.readings} <= set(re.findall(r"reading ``(\w+)``", section)), game


def test_every_switch_and_point_is_worded_in_both_languages_with_two_readings_or_more() -> None:
    from songe.analysis.points import catalogue

    for game, load in SPECS.items():
        spec = load()
        cat = catalogue(spec)
        rows = cat["open_points"] + cat["not_of_the_text"]
        assert {r["id"] for r in rows} == {r.id for r in spec.readings} | {p.id for p in spec.open_points}
        for r in rows:
            assert r["kind"] and r["quotes"] and r["question"] and r["question_fr"], (game, r["id"])
            assert len(r["readings"]) >= 2 and r["impact"], (game, r["id"])
            if r["status"] == "out_of_model":
                assert len(r["readings_fr"]) == len(r["readings"]) and r["why_not_modelled"]
        counts = cat["point_counts"]
        assert sum(counts.values()) == len(rows)


def test_points_not_of_the_text_are_listed_apart() -> None:
    from songe.analysis.points import catalogue

    cat = catalogue(dread_draw.load())
    apart = {r["id"]: r["origin"] for r in cat["not_of_the_text"]}
    assert apart == {"choice_after_round": "example_cards"}
    assert not {r["id"] for r in cat["open_points"]} & set(apart)
    assert {r["id"] for r in catalogue(reveil.load())["not_of_the_text"]} == {"ancrage_finally", "after_loss_order"}


def test_engine_docstrings_and_spec_comments_make_no_choice_the_audit_lacks() -> None:
    """A line that says a sentence is 'read as' something (or 'modelled as', 'taken as', 'assumed') names,
    within a few lines, the reading or the open point that makes the choice, or points to the audit's stated row."""
    folders = {"reveil": "reveil", "when-i-dream": "when_i_dream", "jekyll-hyde": "jekyll_hyde",
               "dread-draw": "dread_draw"}
    checked = 0
    for game, folder in folders.items():
        spec = SPECS[game]()
        ids = {r.id for r in spec.readings} | {p.id for p in spec.open_points}
        files = [(p, p.read_text(encoding="utf-8").splitlines()) for p in (GAMES / folder).glob("*.py")]
        toml = spec_dir() / f"{folder}.toml"
        files.append((toml, [ln if ln.lstrip().startswith("#") else "" for ln in
                             toml.read_text(encoding="utf-8").splitlines()]))
        for path, lines in files:
            for i, line in enumerate(lines):
                if CHOICE.search(line):
                    checked += 1
                    window = " ".join(lines[max(0, i - 4):i + 5])
                    assert set(re.findall(r"\w+", window)) & ids or "audit.rst" in window, \
                        f"{path.name}:{i + 1}: {line.strip()}"
    assert checked >= 2
