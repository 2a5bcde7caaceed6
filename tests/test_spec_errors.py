"""A malformed or inconsistent spec gives one line naming file, place and field; never a traceback."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from songe.errors import SpecError
from songe.spec.reveil import default_path, load

ORIGINAL = default_path().read_text(encoding="utf-8")


def broken(tmp_path: Path, old: str, new: str) -> Path:
    assert old in ORIGINAL, old
    p = tmp_path / "reveil.toml"
    p.write_text(ORIGINAL.replace(old, new, 1), encoding="utf-8")
    (tmp_path / "sources").mkdir(exist_ok=True)
    return p


CASES = [
    ("unknown action", 'do = "extra_loss 1"', 'do = "explode 1"',
      r"card 'chute_infinie', row 0, field 'do': unknown action 'explode'"),
    ("unknown condition word", 'if = "hand >= 1"', 'if = "mana >= 1"',
      r"card 'visage_flou', row 0, field 'if': unknown condition word 'mana'"),
    ("condition syntax", 'if = "hand >= 1"', 'if = "hand >= "',
      r"card 'visage_flou', row 0, field 'if': 'hand >= ': expected a number"),
    ("missing field", 'name = "Refus"\n', "", r"card 'refus', field 'name': missing"),
    ("negative count", 'copies = 2', 'copies = -1',
      r"card 'reve_recurrent', field 'copies': must be between 0 and 10, got -1"),
    ("unknown card in condition", "discard[reve_recurrent]", "discard[reve_inconnu]",
      r"condition names card 'reve_inconnu', which is not in the spec"),
    ("default not an option", 'default = "intensity_only"', 'default = "tout"',
      r"reading 'loss_cap', field 'default': 'tout' is not among its options"),
    ("unknown rule value", 'value = "remove_from_game"', 'value = "discard"',
      r"rule 'full_hand', field 'value': unknown value 'discard'; valid: remove_from_game, keep"),
    ("rule disagrees with its reading", 'value = "each_step"', 'value = "net"',
      r"reading 'intensity_floor', field 'default': option 'each_step' sets 'rules.intensity_floor' to 'each_step', "
     r"but the spec says 'net'"),
    ("typo in a field name", 'intensity = 4', 'intensty = 4', r"card 'chute_infinie', field 'intensty': unknown field"),
    ("trigger of the wrong kind", '{ when = "play", do = "cancel"', '{ when = "effect", do = "cancel"',
      r"card 'refus', row 0, field 'when': 'effect' is not a trigger of a thought"),
    ("amount out of bounds", 'do = "draw 2"', 'do = "draw 500"',
      r"card 'refus', row 1, field 'do': amount of 'draw' must be non-zero"),
    ("toml syntax", '[setup]', '[setup', r"TOML syntax error"),
    ("bad reading path", '"rules.loss_cap_scope" = "intensity"', '"rules.nope.deeper" = "intensity"',
      r"reading 'loss_cap', field 'options': option 'intensity_only': path 'rules.nope.deeper' "
     r"has no field 'nope'"),
    ("step missing", '[[steps]]\nid = "discard"', '[[steps]]\nid = "loss"', r"field 'steps': each step exactly once"),
    ("deck too large", 'copies = 2', 'copies = 10', None),
]


@pytest.mark.parametrize("old,new,message", [c[1:] for c in CASES if c[3]], ids=[c[0] for c in CASES if c[3]])
def test_spec_error_names_place(tmp_path: Path, old: str, new: str, message: str) -> None:
    path = broken(tmp_path, old, new)
    with pytest.raises(SpecError) as err:
        load(path)
    text = str(err.value)
    assert text.startswith(str(path)), text
    assert re.search(message, text), text
    assert "\n" not in text


def test_cli_prints_one_line_and_exits_2(tmp_path: Path) -> None:
    path = broken(tmp_path, 'do = "extra_loss 1"', 'do = "explode 1"')
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "solve", "reveil", "--spec", str(path)],
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert "unknown action 'explode'" in r.stderr and str(path) in r.stderr


def test_not_a_file(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="cannot read"):
        load(tmp_path / "absent.toml")


def test_oversized_deck_is_refused(tmp_path: Path) -> None:
    text = ORIGINAL
    for n in ("1", "2"):
        text = text.replace(f"copies = {n}\n", "copies = 10\n")
    p = tmp_path / "big.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError, match="the deck has 100 cards; at most 40"):
        load(p)
