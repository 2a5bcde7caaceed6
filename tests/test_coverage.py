"""Every sentence of the five source texts accounted for, checked against the specs' quotes."""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from songe.analysis.contradictions import contradictions, words
from songe.analysis.coverage import coverage, ref_kind, spec_quotes
from songe.analysis.coverage_draft import draft
from songe.errors import SpecError
from songe.games.registry import families
from songe.spec.inventory import inventory_dir, load, load_game
from songe.spec.sentences import TableLayout, UnitKind, split
from songe.spec.sources import fold, spec_dir

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((spec_dir() / "sources").glob("*.fr.txt"))


GAMES = list(families())


def _spec_path(game: str) -> Path:
    return spec_dir() / families()[game].spec_file


def _spec(game: str):
    return families()[game].load_spec(_spec_path(game), {})


def _coverage(game: str, folder: Path | None = None):
    return coverage(game, load_game(game, folder), _spec(game))


def test_the_five_texts_each_have_an_inventory_and_are_the_shared_texts() -> None:
    assert len(SOURCES) == 5
    inventoried = {load(p).source.name for p in inventory_dir().glob("*.toml")}
    assert inventoried == {p.name for p in SOURCES}
    shared = ROOT.parent.parent / "shared" / "rules"
    if not shared.is_dir():
        pytest.skip("../shared is not beside this checkout")
    for p in SOURCES:
        assert (shared / p.name).read_bytes() == p.read_bytes(), p.name


@pytest.mark.parametrize("game", GAMES)
def test_every_sentence_is_accounted_for(game: str) -> None:
    cov = _coverage(game)
    for t in cov.texts:
        bad = [(s.entry.id, s.dispositions, s.problems) for s in t.sentences if not s.accounted]
        assert not bad, f"{t.inventory.text_id}: {bad[:5]}"
        assert t.accounted == t.total > 0
    assert cov.complete


@pytest.mark.parametrize("game", GAMES)
def test_every_spec_quote_falls_on_an_inventory_sentence(game: str) -> None:
    cov = _coverage(game)
    assert not cov.unmapped, [(q.ref, q.text) for q in cov.unmapped]
    quoted = {r for t in cov.texts for s in t.sentences for r in s.quoted_by}
    assert quoted == {q.ref for q in spec_quotes(_spec(game))}


@pytest.mark.parametrize("game", GAMES)
def test_every_encodes_reference_is_a_spec_entry_and_every_example_a_real_test(game: str) -> None:
    refs = {q.ref for q in spec_quotes(_spec(game))}
    for inv in load_game(game):
        for e in inv.entries:
            assert set(e.encodes) <= refs, (e.id, set(e.encodes) - refs)
            for ex in e.example:
                path, _, name = ex.partition("::")
                tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
                assert name in {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}, (e.id, ex)


@pytest.mark.parametrize("path", sorted(inventory_dir().glob("*.toml")), ids=lambda p: p.stem)
def test_shipped_inventories_are_their_own_draft(path: Path) -> None:
    """Regenerating a file changes nothing: encodes is what the quotes give, and no decision was lost."""
    game = load(path).game
    assert draft(path, _spec(game)) == path.read_text(encoding="utf-8")


# ------------------------------------------------------------ mutations

def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "inventory"
    shutil.copytree(inventory_dir(), folder)
    for p in folder.glob("*.toml"):  # sources stay where they are
        p.write_text(p.read_text(encoding="utf-8").replace('source = "../sources/',
                                                           f'source = "{spec_dir().as_posix()}/sources/'),
                     encoding="utf-8")
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_deleting_a_disposition_fails_coverage(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder / "reveil.fr.toml", 'text = "REVEIL"\nflavour = "the title"\n', 'text = "REVEIL"\n')
    cov = _coverage("reveil", folder)
    (t,) = cov.texts
    assert not cov.complete and t.accounted == t.total - 1
    assert [s.entry.id for s in t.sentences if not s.accounted] == ["reveil.fr:1"]
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "coverage", "reveil", "--inventory", str(folder)],
                       capture_output=True, text=True)
    assert r.returncode == 1 and "!! reveil.fr:1 " in r.stdout


def test_an_encodes_list_that_disagrees_with_the_quotes_fails(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder / "reveil.fr.toml", 'encodes = ["level \'normal\'"]', 'encodes = ["level \'facile\'"]')
    (t,) = _coverage("reveil", folder).texts
    (bad,) = [s for s in t.sentences if not s.accounted]
    assert bad.entry.id == "reveil.fr:5" and "level 'facile'" in bad.problems[0]


def test_flavour_on_a_quoted_sentence_and_a_dangling_same_as_fail(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder / "reveil.fr.toml", 'encodes = ["level \'normal\'"]', 'encodes = ["level \'normal\'"]\nflavour = "x"')
    _edit(folder / "reveil.fr.toml", 'same_as = ["reveil.fr:26"]', 'same_as = ["reveil.fr:999"]')
    (t,) = _coverage("reveil", folder).texts
    assert {s.entry.id for s in t.sentences if not s.accounted} == {"reveil.fr:5", "reveil.fr:6"}


def test_a_changed_source_is_caught_not_renumbered(tmp_path: Path) -> None:
    text = (spec_dir() / "sources" / "reveil.fr.txt").read_text(encoding="utf-8")
    src = tmp_path / "reveil.fr.txt"
    src.write_text(text.replace("Tu es piégé dans un rêve.", "Tu es piégé. Dans un rêve."), encoding="utf-8")
    inv = tmp_path / "reveil.fr.toml"
    inv.write_text((inventory_dir() / "reveil.fr.toml").read_text(encoding="utf-8")
                   .replace('source = "../sources/reveil.fr.txt"', 'source = "reveil.fr.txt"'), encoding="utf-8")
    with pytest.raises(SpecError, match=r"sentence 'reveil.fr:4'.*Tu es piégé\."):
        load(inv)


# ------------------------------------------------------------ the splitter

def test_splitter_rules() -> None:
    text = ("Titre\n1. Placez le plateau. Puis Dr. Jekyll joue.\nNuit: 1. Distribution des rôles.\n"
            "A\nB\nx\n1\nSi rien.\nOCR).Chaque mot. Fin… Suite\nLabel : |\nvaleur |\n|\n")
    units = split("t", text, abbreviations=("Dr.",), tables=(TableLayout(4, 2, 1),))
    assert [(u.id, u.kind, u.text) for u in units] == [
        ("t:1", UnitKind.HEADING, "Titre"),
        ("t:2", UnitKind.ITEM, "1. Placez le plateau."),
        ("t:3", UnitKind.SENTENCE, "Puis Dr. Jekyll joue."),
        ("t:4", UnitKind.SENTENCE, "Nuit: 1. Distribution des rôles."),
        ("t:5", UnitKind.ROW, "A B"),
        ("t:6", UnitKind.ROW, "x 1"),
        ("t:7", UnitKind.SENTENCE, "Si rien."),
        ("t:8", UnitKind.SENTENCE, "OCR)."),
        ("t:9", UnitKind.SENTENCE, "Chaque mot."),
        ("t:10", UnitKind.SENTENCE, "Fin…"),
        ("t:11", UnitKind.SENTENCE, "Suite"),
        ("t:12", UnitKind.FIELD, "Label : | valeur |"),
    ]
    with pytest.raises(ValueError, match="runs past the end"):
        split("t", "a\nb\n", tables=(TableLayout(2, 2, 1),))


_SENTENCE = st.from_regex(r"[A-Z][a-zé]{1,6}( [a-zé]{1,6}){0,4}[.!?]", fullmatch=True)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(_SENTENCE, min_size=1, max_size=4), min_size=1, max_size=6))
def test_units_cover_the_text_in_order(paragraphs: list[list[str]]) -> None:
    text = "\n".join(" ".join(p) for p in paragraphs)
    units = split("t", text)
    assert [u.text for u in units] == [s for p in paragraphs for s in p]
    assert " ".join(u.text for u in units) == fold(text)


# ------------------------------------------------------------ contradictions

def test_when_i_dream_contradictions_are_found_with_both_quotes() -> None:
    found = {(c.a, c.b): c for c in contradictions(_coverage("when-i-dream"))}
    timer = found[("when_i_dream.catalogue.fr:31", "when_i_dream.fr:16")]
    # « Lorsque tout le monde est prêt »: a difference of the two texts, recorded (a held-out reader's list)
    assert timer.quote_b == "Retournez le Sablier." and "prêt" in timer.only_a
    assert timer.settled_by[0] == "difference 'timer_start'"
    bonus = found[("when_i_dream.catalogue.fr:67", "when_i_dream.fr:38")]
    assert bonus.settled_by == ("reading 'empty_memory_bonus'",) and "narration" in bonus.only_a
    # A pair whose words agree once the OCR fixes are applied is no contradiction.
    assert ("when_i_dream.catalogue.fr:82", "when_i_dream.fr:42") not in found
    assert words("ils marquent I point", {"I point": "1 point"}) == ["ils", "marquent", "1", "point"]


def test_contradictions_come_from_the_inventory(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    pair = ("when_i_dream.catalogue.fr:34", "when_i_dream.fr:18")
    (c,) = [c for c in contradictions(_coverage("when-i-dream", folder)) if (c.a, c.b) == pair]
    assert c.substance == "wording" and not c.open and not c.settled_by and "interrompe" in c.why
    _edit(folder / "when_i_dream.catalogue.fr.toml", "wording = \"the round of clues", "note = \"the round of clues")
    (c,) = [c for c in contradictions(_coverage("when-i-dream", folder)) if (c.a, c.b) == pair]
    assert c.open and not c.substance  # without its wording mark, the pair is open again
    _edit(folder / "when_i_dream.catalogue.fr.toml", 'same_as = ["when_i_dream.fr:18"]', 'flavour = "x"')
    _edit(folder / "when_i_dream.catalogue.fr.toml", "note = \"the round of clues", "wording = \"the round of clues")
    with pytest.raises(SpecError, match="it needs 'same_as'"):
        _coverage("when-i-dream", folder)
    _edit(folder / "when_i_dream.catalogue.fr.toml", "wording = \"the round of clues", "note = \"the round of clues")
    found = {(c.a, c.b) for c in contradictions(_coverage("when-i-dream", folder))}
    assert pair not in found
    # Inside one text, a restatement that states a number its targets do not is reported.
    _edit(folder / "reveil.fr.toml", 'same_as = ["reveil.fr:91", "reveil.fr:92", "reveil.fr:93"]',
          'same_as = ["reveil.fr:91"]')
    (c,) = [c for c in contradictions(_coverage("reveil", folder)) if c.a == "reveil.fr:10"]
    assert c.numbers_differ and {"11", "4"} <= set(c.only_a)


# ------------------------------------------------------------ the command

def test_coverage_cli_json_and_errors(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "coverage", "when-i-dream", "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["complete"] and [t["text"] for t in out["texts"]] == ["when_i_dream.catalogue.fr", "when_i_dream.fr"]
    assert all(t["percent"] == "100%" and sum(t["counts"].values()) == t["total"] for t in out["texts"])
    assert out["contradictions"]
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "coverage", "nope"], capture_output=True, text=True)
    assert r.returncode == 2 and "unknown game 'nope'" in r.stderr and "Traceback" not in r.stderr
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "coverage", "reveil", "--draft", str(tmp_path)],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "exists" in r.stderr
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "coverage", "reveil", "--draft",
                        str(tmp_path / "new")], capture_output=True, text=True)
    assert r.returncode == 0
    assert (tmp_path / "new" / "reveil.fr.toml").read_text() == (inventory_dir() / "reveil.fr.toml").read_text()


def test_ref_kinds() -> None:
    assert [ref_kind(r) for r in ("example 'x'", "hole 'y'", "game, truncated", "reading 'z'")] == [
        "example", "hole", "encodes", "encodes"]


@pytest.mark.parametrize("old,new,message", [
    ('same_as = ["reveil.fr:26"]', 'same_as = ["reveil.fr:0"]', "is not the id of another sentence"),
    ('same_as = ["reveil.fr:26"]', 'same_as = ["reveil.fr:6"]', "is not the id of another sentence"),
    ('text = "REVEIL"\n', 'text = "REVEIL"\nexample = ["test_x"]\n', "is not a test as"),
    ('text = "REVEIL"\n', 'text = "REVEIL"\ncolour = "x"\n', "unknown field"),
    ('id = "reveil.fr:2"', 'id = "reveil.fr:3"', "entry #2 must be 'reveil.fr:2'"),
])
def test_bad_inventory_entries_name_file_sentence_and_field(tmp_path: Path, old: str, new: str, message: str) -> None:
    folder = _copy(tmp_path)
    _edit(folder / "reveil.fr.toml", old, new)
    with pytest.raises(SpecError, match=re.escape(message)):
        load(folder / "reveil.fr.toml")
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "coverage", "reveil", "--inventory", str(folder)],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "reveil.fr.toml" in r.stderr and "Traceback" not in r.stderr


def _raw_quotes(node: object, key: str = "") -> list[str]:
    """Every string under a key ending in 'quote' or 'quotes', anywhere in a raw TOML document."""
    if isinstance(node, dict):
        return [q for k, v in node.items() for q in _raw_quotes(v, k)]
    if isinstance(node, list):
        return [q for v in node for q in _raw_quotes(v, key)]
    return [node] if isinstance(node, str) and node and key.endswith(("quote", "quotes")) else []


@pytest.mark.parametrize("game", GAMES)
def test_every_quote_field_of_the_spec_file_is_checked(game: str) -> None:
    """A grep of the file's quote fields finds nothing that ``quotes()`` (and so coverage) misses."""
    import tomllib

    raw = tomllib.loads(_spec_path(game).read_text(encoding="utf-8"))
    seen = {fold(q.text) for q in spec_quotes(_spec(game))}
    found = _raw_quotes(raw)
    assert found and not [q for q in found if fold(q) not in seen]


def test_a_restatement_inside_one_text_says_what_differs_and_what_settles_it() -> None:
    """Issue 24: Dread Draw's overview of damage says less than its Deck de Vie section: a difference of
    rule settled by the stated rule; Jekyll vs Hyde's two statements of the first player differ in wording."""
    dd = {(c.a, c.b): c for c in contradictions(_coverage("dread-draw"))}
    c = dd["dread_draw.fr:10", "dread_draw.fr:30+dread_draw.fr:32"]
    assert c.substance == "rule" and c.settled_by == ("stated",) and "take_damage" in c.why and not c.open
    assert dd["dread_draw.fr:11", "dread_draw.fr:34"].settled_by == ("reading 'empty_life_defeat'",)
    jh = {(c.a, c.b): c for c in contradictions(_coverage("jekyll-hyde"))}
    assert jh["jekyll_vs_hyde.fr:35", "jekyll_vs_hyde.fr:19"].substance == "wording"
