"""Claims: each measured with a verdict; the verdict logic on a spec where the answers are known."""

from __future__ import annotations

from pathlib import Path

from songe.analysis.claims import Verdict, _verdict, check
from songe.games.reveil.exact import KIT
from songe.spec.reveil import default_path, load


def small_copy(tmp_path: Path, extra: dict[str, str] | None = None) -> Path:
    """The shipped spec with tiny levels (so every variant solves in a second)."""
    text = default_path().read_text(encoding="utf-8")
    for old, new in [("lucidity = 7\nhand_limit = 3", "lucidity = 3\nhand_limit = 1"),
                     ("id = \"normal\"\nlucidity = 6\nhand_limit = 3", "id = \"normal\"\nlucidity = 2\nhand_limit = 1"),
                     ("lucidity = 5\nhand_limit = 3", "lucidity = 1\nhand_limit = 1"),
                     ("lucidity = 5\nhand_limit = 2", "lucidity = 1\nhand_limit = 0")] + list((extra or {}).items()):
        assert old in text, old
        text = text.replace(old, new, 1)
    p = tmp_path / "reveil.toml"
    p.write_text(text, encoding="utf-8")
    (tmp_path / "sources").symlink_to(default_path().parent / "sources")
    return p


def test_claims_on_a_spec_with_known_answers(tmp_path: Path) -> None:
    found = {c.spec.id: c for c in check(load(small_copy(tmp_path)), KIT)}
    assert set(found) == {"about_one_in_two", "difficulty_ladder", "deck_counts"}
    assert found["about_one_in_two"].verdict is Verdict.FAILS  # with 2 Lucidité, far from one in two
    assert found["deck_counts"].verdict is Verdict.HOLDS
    assert "defaults:" in found["difficulty_ladder"].measured
    j = found["about_one_in_two"].as_json()
    assert set(j) >= {"id", "quote", "claim", "measured", "verdict"}


def test_counts_claim_fails_when_the_list_changes(tmp_path: Path) -> None:
    spec = load(small_copy(tmp_path, {"copies = 2": "copies = 1"}))
    counts = next(c for c in check(spec, KIT) if c.spec.id == "deck_counts")
    assert counts.verdict is Verdict.FAILS and "6 dreams" in counts.measured


def test_verdict_logic() -> None:
    assert _verdict({"defaults": True, "x=y": True}) == (Verdict.HOLDS, ())
    assert _verdict({"defaults": False, "x=y": False}) == (Verdict.FAILS, ())
    assert _verdict({"defaults": False, "x=y": True}) == (Verdict.ONLY_UNDER, ("x=y",))
