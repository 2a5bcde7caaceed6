"""A designer's own game, end to end: ``songe new`` → ``songe lint`` → ``solve`` → ``ambiguities --discover``.

The variant is made as the issue's designer made it: 13 cards (two renamed, one
effect changed, a new dream "if no thought in hand, lose 1 more", a second copy
of a thought) and Lucidité +1 at every level. Solving runs at a small set-up
(Lucidité 2, hand limit 1) so the test takes seconds.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import run_cli

from songe.games.reveil.lint import cheap, decided, ranges
from songe.spec.expr import parse_condition
from songe.spec.fields import read_toml
from songe.spec.reveil import Trigger, default_path, load

SMALL = ("--level", "cauchemar", "--lucidity", "2", "--hand-limit", "1")
NEW_DREAM = '''[[cards]]
id = "solitude"
name = "Solitude"
kind = "dream"
intensity = 1
copies = 1
quote = "Solitude 1 Si tu n'as aucune Pensée en main, perds 1 Lucidité supplémentaire."
effects = [
  { when = "effect", if = "hand == 0", do = "extra_loss 1", quote = "Si tu n'as aucune Pensée en main, perds 1 Lucidité supplémentaire." },
]

'''


def variant(text: str) -> str:
    """The issue's 13-card variant, from a spec's text."""
    for old, new in (("chute_infinie", "grand_vide"), ('name = "Chute infinie"', 'name = "Grand vide"'),
                     ("lieu_familier", "maison_natale"), ('name = "Lieu familier"', 'name = "Maison natale"')):
        text = text.replace(old, new)  # ids everywhere (or it would not load), names only where printed
    text = text.replace('intensity = 2\ncopies = 1\nquote = "Paralysie', 'intensity = 3\ncopies = 1\nquote = "Paralysie')
    text = text.replace('[[cards]]\nid = "prise_de_conscience"', NEW_DREAM + '[[cards]]\nid = "prise_de_conscience"', 1)
    text = text.replace('id = "ancrage"\nname = "Ancrage"\nkind = "thought"\ncopies = 1',
                        'id = "ancrage"\nname = "Ancrage"\nkind = "thought"\ncopies = 2')
    return re.sub(r"^lucidity = (\d+)$", lambda m: f"lucidity = {int(m.group(1)) + 1}", text, flags=re.M)


@pytest.fixture
def new_game(tmp_path: Path, capsys) -> Path:
    out = tmp_path / "my_game.toml"
    code, stdout, _ = run_cli(capsys, "new", "reveil", str(out))
    assert code == 0 and stdout.startswith(f"{out}: ") and f"songe lint {out.name}" in stdout
    return out


def test_new_writes_a_clean_spec(new_game: Path, capsys) -> None:
    raw = read_toml(new_game)
    assert raw["game"]["quotes"] == "own" and "source" not in raw["game"]
    assert raw["game"]["id"] == "my_game" and "examples" not in raw
    spec = load(new_game)
    assert spec.own_quotes and spec.source is None and not spec.examples
    assert spec.stated is not None
    assert (spec.stated.total, spec.stated.dreams) == (len(spec.deck), sum(
        c.copies for c in spec.cards if c.kind.value == "dream"))
    code, out, err = run_cli(capsys, "lint", str(new_game), "--cheap")
    assert (code, out) == (0, f"{new_game}: no findings (cheap checks only)\n"), out  # the summary with the findings
    before = new_game.read_bytes()
    code, _, err = run_cli(capsys, "new", "reveil", str(new_game))
    assert code == 2 and "never overwrites" in err and new_game.read_bytes() == before
    shipped = default_path()  # an input of the command: refused by the output rule, naming FILE as --help does
    code, _, err = run_cli(capsys, "new", "reveil", str(shipped))
    assert code == 2 and f"FILE {str(shipped)!r}: is a file this command reads" in err, err


def test_the_variant_through_lint_solve_and_discover(new_game: Path, capsys) -> None:
    new_game.write_text(variant(new_game.read_text(encoding="utf-8")), encoding="utf-8")
    spec = load(new_game)
    assert len(spec.deck) == 13 and [lv.lucidity for lv in spec.levels] == [7, 8, 6, 6]

    code, out, _ = run_cli(capsys, "lint", str(new_game), "--cheap")
    assert code == 1
    lines = out.splitlines()
    assert f"{new_game}: stated, field 'total' = '11': the cards make 13" in lines
    assert any("reading 'loss_cap', field 'question'" in x and "Chute infinie" in x for x in lines)
    assert all(x.startswith(f"{new_game}: ") for x in lines)
    assert lines[-1] == f"{new_game}: {sum('(information)' not in x for x in lines[:-1])} faults (cheap checks only)"

    code, out, err = run_cli(capsys, "solve", str(new_game), *SMALL, "--json")
    assert code == 0, err
    assert "suspicious" in err and f"songe lint {new_game}" in err  # the one-line hint
    result = json.loads(out)["results"][0]
    assert result["lucidity"] == 2 and result["hand_limit"] == 1

    # The questions discover asks of this deck (solving each is the tutorial's and test_ambiguities' job: the
    # CLI's discover on a designer's variant runs in tests/test_tutorial.py, its ranking and witnesses are checked
    # in tests/test_ambiguities.py).
    from songe.analysis.discover import mutations

    ids = [m.id for m in mutations(spec)]
    assert any(i.startswith("threshold:solitude.0:") for i in ids)  # the new dream's own condition is asked about
    assert "timing:solitude.0:reveal" in ids  # "no thought in hand": before or after the thought just played?
    assert "timing:solitude.0:end" in ids  # ... or at the end of the dream?
    assert "frame:grand_vide.0:chain" in ids  # "if you did not play": against this dream, or the one it came from?


def test_a_spec_file_names_its_family(tmp_path: Path, new_game: Path, capsys) -> None:
    code, _, err = run_cli(capsys, "solve", "jekyll-hyde", "--spec", str(new_game))
    assert code == 2 and "is a 'reveil' spec" in err
    other = tmp_path / "other.toml"
    other.write_text(new_game.read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = run_cli(capsys, "solve", str(new_game), "--spec", str(other))
    assert code == 2 and "two spec files" in err
    bare = tmp_path / "bare.toml"
    bare.write_text(new_game.read_text(encoding="utf-8").replace('family = "reveil"\n', ""), encoding="utf-8")
    code, _, err = run_cli(capsys, "solve", str(bare))
    assert code == 2 and "no [game] family key" in err and len(err.strip().splitlines()) == 1


def test_lint_finds_void_options_and_conditions_that_never_hold(new_game: Path, capsys) -> None:
    text = new_game.read_text(encoding="utf-8")
    text = text.replace('if = "hand >= 1", do = "remove_random_thought"', 'if = "hand >= 4", do = "remove_random_thought"')
    text = text.replace('if = "thought_played", do = "draw 1"', 'if = "thought_played", do = "draw 1", at = "reveal"')
    new_game.write_text(text, encoding="utf-8")
    found = [str(f) for f in cheap(str(new_game), read_toml(new_game), new_game.parent)]
    assert any("'visage_flou', row 0, field 'if' = 'hand >= 4': can never hold" in f for f in found)
    assert any("'lieu_familier', row 0, field 'at' = 'reveal': does nothing" in f for f in found)
    assert len(found) == 2, found


def test_condition_ranges_decide_only_what_the_deck_decides() -> None:
    spec = load()
    of = ranges(spec, "visage_flou", Trigger.EFFECT)
    assert decided(parse_condition("hand >= 1"), of) is None
    assert decided(parse_condition("hand >= 4"), of) is False
    assert decided(parse_condition("hand <= 3 or thought_played"), of) is True
    assert decided(parse_condition("printed == 1"), of) is True  # Visage flou is printed 1
    assert decided(parse_condition("discard[reve_recurrent] >= 3"), of) is False
    assert decided(parse_condition("previous >= 0"), of) is None  # no previous dream at the first card


def test_quotes_not_in_the_source_and_a_missing_source(tmp_path: Path) -> None:
    shipped = load()
    raw = read_toml(Path(shipped.file))
    raw["cards"][0]["quote"] = raw["cards"][0]["quote"].replace("4", "5")
    found = cheap(shipped.file, raw, Path(shipped.file).parent)
    assert [(f.entry, f.field) for f in found] == [("cards 'chute_infinie'", "quote")]
    raw["game"]["source"] = "nowhere.txt"
    found = cheap(shipped.file, raw, Path(shipped.file).parent)
    assert [f.field for f in found] == ["source"]


def test_lint_exact_finds_a_reading_that_changes_nothing(new_game: Path, capsys) -> None:
    """On a small deck a reading of a card that cannot matter is found by solving every option."""
    text = new_game.read_text(encoding="utf-8")
    for card in ("chute_infinie", "lieu_familier", "paralysie_nocturne", "echo_de_peur", "visage_flou"):
        text = re.sub(rf'(id = "{card}"\n(?:.*\n){{3}})copies = 1', r"\1copies = 0", text)
    new_game.write_text(re.sub(r"^lucidity = \d+$", "lucidity = 1", text, flags=re.M), encoding="utf-8")
    code, out, err = run_cli(capsys, "lint", str(new_game), "--json")
    rows = json.loads(out)["findings"]
    assert code == 1, err
    void = {r["entry"] for r in rows if "the answer changes no figure of this game" in r["problem"]}
    # a question the text raises is still answered by the books: information, not a fault (lint's exit 1 is the
    # conditions' and the absent card's below)
    assert {r["severity"] for r in rows if r["entry"] in void} == {"information"}
    assert {r["severity"] for r in rows if r["entry"] not in void} == {"fault"}
    assert "reading 'previous_dream'" in void  # Écho de peur, the one card reading it, has no copy left
    assert "reading 'loss_cap'" in void  # the cap's scope matters only with an extra loss: its one card is gone
    assert "reading 'defeat_scope'" not in void  # a chained dream can still end at 0: the check tells them apart
    idle = {(r["entry"], r["value"]) for r in rows if "the condition changes nothing in this game" in r["problem"]}
    assert idle == {("card 'ancrage', row 2", "lost == 0")}  # at Lucidité 1 any loss ends the game
    decided = {(r["entry"], r["problem"].split(":")[0]) for r in rows if "in this deck" in r["problem"]}
    assert decided == {("card 'souvenir_reel', row 1", "always holds in this deck"),  # every dream left is printed 1
                       ("card 'refus', row 1", "can never hold in this deck")}
    absent = {(r["entry"], r["value"]) for r in rows if "no copy in the deck" in r["problem"]}
    assert ("strategy 'refus_for_chute', rule 0", "chute_infinie") in absent


def test_lint_bad_input_exits_2(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[game\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "lint", str(bad))
    assert code == 2 and err.startswith("songe: error:")


def test_an_example_order_error_names_the_example() -> None:
    from songe.errors import OrderError
    from songe.games.reveil.machine import ReveilGame
    from songe.games.reveil.trace import parse_order

    spec = load()
    with pytest.raises(OrderError, match="example 'x' is not a permutation"):
        parse_order(ReveilGame(spec, 6, 3), list(spec.examples[0].order[:-1]), "example 'x'")


def test_the_first_install_makes_pdfs(monkeypatch, tmp_path: Path) -> None:
    """Typst is a base dependency; without it a PDF verb says so in one line instead of a traceback."""
    import sys
    import tomllib

    from songe.errors import SongeError
    from songe.optional import INSTALL
    from songe.rulebook.document import Document
    from songe.rulebook.pdf import write_pdf

    project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert any(d.startswith("typst") for d in project["dependencies"])
    monkeypatch.setitem(sys.modules, "typst", None)
    with pytest.raises(SongeError, match="needs the Python package 'typst'") as exc:  # the CLI: one line, exit 2
        write_pdf(Document("t", "fr", ()), tmp_path / "x.pdf")
    assert "songe[" not in str(exc.value)  # no extra to install: typst comes with songe
    for hint in INSTALL.values():  # each install hint names the extra that really brings the package, or none
        extra = re.search(r"songe\[(\w+)\]", hint)
        names = [n.split("[")[0] for n in re.findall(r"[\w-]+(?:\[[\w,-]+\])?",  # a package, its extras aside
                                                       hint.rsplit("pip install", 1)[1].split("(")[0])]
        brought = project["optional-dependencies"][extra.group(1)] if extra else project["dependencies"]
        assert all(any(d.startswith(n) for d in brought) for n in names), hint


def test_every_reveil_proof_mutant_applies_to_a_renamed_deck(new_game: Path) -> None:
    """``songe prove --spec`` on a variant: each mutant picks its card by the spec's data, not a shipped id."""
    import importlib.util

    new_game.write_text(variant(new_game.read_text(encoding="utf-8")), encoding="utf-8")
    spec = load(new_game)
    found = []
    for path in sorted((Path(__file__).parents[1] / "proofs").glob("reveil_*.py")):  # this checkout's proofs
        module_spec = importlib.util.spec_from_file_location(f"_proofs_{path.stem}", path)
        assert module_spec is not None and module_spec.loader is not None
        module = importlib.util.module_from_spec(module_spec)
        module_spec.loader.exec_module(module)
        found.extend(module.OBLIGATIONS)
    assert found
    for o in found:
        base = spec.with_readings(dict(o.readings))
        mutant = o.mutant.apply(base)  # raised SpecError when a mutant named a shipped card id
        assert (mutant.raw, mutant.chosen) != (base.raw, base.chosen), o.id


def test_shipped_readings_about_a_card_the_deck_lacks_are_left_out(new_game: Path) -> None:
    from songe.games.reveil.lint import stale_readings

    assert stale_readings(load(new_game)) == {}
    new_game.write_text(variant(new_game.read_text(encoding="utf-8")), encoding="utf-8")
    assert stale_readings(load(new_game)) == {"loss_cap": "Chute infinie"}


def test_a_budget_error_names_the_level(new_game: Path, capsys) -> None:
    code, _, err = run_cli(capsys, "solve", str(new_game), "--level", "facile", "--max-states", "50")
    assert code == 2 and "level facile: the search passed 50 states" in err


def test_own_quotes_have_no_source_to_cover_and_other_families_are_refused_in_one_line(new_game: Path,
                                                                                       tmp_path: Path,
                                                                                       capsys) -> None:
    code, _, err = run_cli(capsys, "coverage", str(new_game))
    assert code == 2 and "no source text to account for" in err and err.count("\n") == 1
    code, _, err = run_cli(capsys, "new", "jekyll-hyde", str(tmp_path / "j.toml"))
    assert code == 2 and "cannot mark quotes as your own" in err and not (tmp_path / "j.toml").exists()


def test_a_hand_condition_read_at_reveal_sees_the_thought_about_to_be_played(new_game: Path) -> None:
    """``at = "reveal"`` on a hand condition keeps the hand as it was before the thought (it did nothing before)."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from helpers import lines, run

    from songe.analysis.discover import mutations
    from songe.spec import glossary

    new_game.write_text(variant(new_game.read_text(encoding="utf-8")), encoding="utf-8")
    live = load(new_game)
    at_reveal = next(m for m in mutations(live) if m.id == "timing:solitude.0:reveal").apply(live)
    order = ("prise_de_conscience,solitude,ancrage,ancrage,refus,souvenir_reel,grand_vide,reve_recurrent,"
             "reve_recurrent,visage_flou,maison_natale,paralysie_nocturne,echo_de_peur")
    said = {}
    for name, spec in (("live", live), ("reveal", at_reveal)):
        branch = run(order, "prise_de_conscience", spec=spec, lucidity=7, hand_limit=1)[0]
        said[name] = [x.strip() for x in lines(branch, spec)[:7]]
    word = glossary.of(live)["lucidity"].name("en")  # the trace speaks the glossary's English
    assert f"lose 1 {word} ({word} 6)" in said["live"]  # no thought left in hand at the effect: 1 more
    assert f"lose 0 {word} ({word} 7)" in said["reveal"]  # one thought in hand when it was revealed
    assert not any(x.startswith("Solitude:") for x in said["reveal"])


def test_a_condition_read_at_the_end_sees_the_dreams_own_effect() -> None:
    """``at = "end"`` (discover's end-of-the-dream moment) reads a thought's condition just before the loss step:
    after the dream's own effect has changed the intensity, where the row read at once saw the thought's."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from helpers import lines, run

    from songe.analysis.discover import mutations
    from songe.spec.reveil import load as load_shipped

    spec = load_shipped()
    late = next(m for m in mutations(spec) if m.id == "timing:prise_de_conscience.1:end").apply(spec)
    order = ("prise_de_conscience,chute_infinie,echo_de_peur,ancrage,refus,souvenir_reel,reve_recurrent,"
             "reve_recurrent,visage_flou,lieu_familier,paralysie_nocturne")
    said = {}
    for name, s in (("live", spec), ("end", late)):
        told = [x.strip() for x in lines(run(order, "none,prise_de_conscience", spec=s)[0], s)]
        loss = next(k for k, x in enumerate(told) if x.startswith("lose") and k > told.index("play Prise de conscience"))
        said[name] = told[:loss]
    assert "Ancrage goes to the hand" not in said["live"]  # intensity 0 after the thought: no draw
    assert said["end"][-2:] == [said["end"][-2], "Ancrage goes to the hand"]  # 1 after the echo's +1: it draws
    assert "draw 1" in said["end"][-2] and said["end"][-3] == "current intensity of Écho de peur: 1"


def test_a_flag_read_in_the_chained_frames_counts_the_outer_dreams_thought() -> None:
    """``frame = "chain"`` (discover's chained frames for "if you did not play"): a dream drawn by a thought
    played against another counts that thought as played against it too; read in its own frame, it does not."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from helpers import lines, run

    from songe.analysis.discover import mutations
    from songe.spec.reveil import load as load_shipped

    spec = load_shipped()
    chain = next(m for m in mutations(spec) if m.id == "frame:chute_infinie.0:chain").apply(spec)
    order = ("souvenir_reel,paralysie_nocturne,chute_infinie,ancrage,refus,prise_de_conscience,reve_recurrent,"
             "reve_recurrent,visage_flou,lieu_familier,echo_de_peur")
    said = {name: [x.strip() for x in lines(run(order, "souvenir_reel,none", spec=s)[0], s)][:8]
            for name, s in (("own", spec), ("chain", chain))}
    word = glossary_word(spec)
    assert said["own"][6].endswith("extra_loss 1") and said["own"][7] == f"lose 3 {word} ({word} 3)"
    assert said["chain"][6] == f"lose 2 {word} ({word} 4)"  # the chained dream's flag sees the outer thought


def glossary_word(spec) -> str:
    """The resource's English word, as the trace prints it."""
    from songe.spec import glossary

    return glossary.of(spec)["lucidity"].name("en")


def test_lint_names_an_end_or_a_chain_that_does_nothing(new_game: Path, capsys) -> None:
    """``at = "end"`` on a row that already comes after the loss, ``frame = "chain"`` on a condition without the
    flag: valid, and idle; lint says so in one line each."""
    text = new_game.read_text(encoding="utf-8")
    after = 'do = "gain 1", quote = "Si tu ne perds'
    counted = 'do = "intensity -1", at = "live", quote = "Si un Rêve récurrent'
    assert text.count(after) == 1 and text.count(counted) == 1
    text = text.replace(after, 'do = "gain 1", at = "end", quote = "Si tu ne perds')
    text = text.replace(counted, 'do = "intensity -1", frame = "chain", quote = "Si un Rêve récurrent')
    new_game.write_text(text, encoding="utf-8")
    code, out, _ = run_cli(capsys, "lint", str(new_game), "--cheap")
    assert code == 1
    assert any("field 'at' = 'end': does nothing: the row (after_loss) already applies" in x for x in out.splitlines())
    assert any("field 'frame' = 'chain': does nothing: the condition reads no flag" in x for x in out.splitlines())
