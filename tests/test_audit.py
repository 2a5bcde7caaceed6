"""The audit table of the guide: every quote stands in its text, every switch named exists."""

from __future__ import annotations

import re
from pathlib import Path

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
