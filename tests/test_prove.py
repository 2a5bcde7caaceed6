"""The proof layer: every obligation proved, every mutant refuted, and both failure modes reported."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from songe.prove import Mutant, Obligation, Status, obligations, run
from songe.spec.reveil import default_path, load

SPEC = load()
REPORTS = {o.id: run(o, SPEC) for o in obligations("reveil")}


@pytest.mark.parametrize("oid", sorted(REPORTS))
def test_obligation_proved_and_mutant_refuted(oid: str) -> None:
    r = REPORTS[oid]
    assert r.status is Status.PROVED, r.verdict.counterexample
    assert not r.mutant_verdict.holds and r.mutant_verdict.counterexample


def test_the_issue_s_obligations_are_all_there() -> None:
    assert {"reveil.card_counts", "reveil.intensity_floor", "reveil.loss_bound_intensity_only",
            "reveil.loss_bound_whole_dream", "reveil.chain_isolation", "reveil.hand_limit",
            "reveil.never_play_loses"} <= set(REPORTS)


def test_a_false_property_is_refuted_with_its_rule() -> None:
    counts = next(o for o in obligations("reveil") if o.id == "reveil.card_counts")
    one = counts.mutant.apply(SPEC)
    r = run(counts, one)
    assert r.status is Status.REFUTED
    found = r.verdict.counterexample
    assert found is not None
    assert found["rule"] == "Liste des cartes"
    assert found["copies[reve_recurrent]"] == 1


def test_a_mutant_that_changes_nothing_makes_the_obligation_vacuous() -> None:
    counts = next(o for o in obligations("reveil") if o.id == "reveil.card_counts")
    harmless = Obligation(counts.id, counts.game, counts.statement, counts.check,
                          Mutant("harmless", "raise the loss cap", sets=(("rules.loss_cap", 3),)))
    assert run(harmless, SPEC).status is Status.VACUOUS


def test_cli_prove_json_and_exit_1_on_a_broken_spec(tmp_path: Path) -> None:
    text = default_path().read_text(encoding="utf-8").replace("copies = 2", "copies = 1", 1)
    p = tmp_path / "reveil.toml"
    p.write_text(text, encoding="utf-8")
    (tmp_path / "sources").symlink_to(default_path().parent / "sources")
    r = subprocess.run([sys.executable, "-m", "songe.cli.main", "prove", "reveil", "--spec", str(p), "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 1, r.stderr
    by_id = {o["id"]: o for o in json.loads(r.stdout)["obligations"]}
    assert by_id["reveil.card_counts"]["status"] == "refuted"
    assert by_id["reveil.loss_bound_whole_dream"]["status"] == "proved"
    assert set(by_id["reveil.hand_limit"]) >= {"id", "game", "statement", "status", "counterexample", "mutant",
                                                "mutant_refuted", "seconds"}


def test_the_counts_statement_says_the_checked_specs_own_numbers() -> None:
    """The card_counts statement is worded from the spec checked, not the shipped file: a copy with one more
    copy of a card states its own counts and names the card."""
    import copy

    from songe.spec.reveil import from_raw

    counts = next(o for o in obligations("reveil") if o.id == "reveil.card_counts")
    raw = copy.deepcopy(dict(SPEC.raw))
    card = raw["cards"][0]
    card["copies"] = 2
    card["quote"] = card["quote"].replace(card["name"], f"{card['name']} (×2)", 1)
    raw["stated"] = {**raw["stated"], "dreams": raw["stated"]["dreams"] + 1, "total": raw["stated"]["total"] + 1}
    spec = from_raw(raw, SPEC.file, {}, SPEC.base_dir)
    report = run(counts, spec)
    assert report.status is Status.PROVED
    said = report.as_json()["statement"]
    assert f"{raw['stated']['dreams']} dreams" in said and f"{raw['stated']['total']} cards" in said
    assert f"{card['name']} ×2" in said and said != run(counts, SPEC).as_json()["statement"]


def test_a_search_stopped_by_its_budget_is_unknown_not_refuted(monkeypatch, capsys) -> None:
    import songe.proofs.reveil_chain as chain
    from songe.cli.main import main

    monkeypatch.setattr(chain, "MAX_STATES", 50)
    r = run(next(o for o in obligations("reveil") if o.id == "reveil.chain_isolation"), SPEC)
    assert r.status is Status.UNKNOWN
    assert r.verdict.stopped and "50 states" in r.verdict.stopped and r.verdict.counterexample is None
    assert r.as_json()["mutant_refuted"] is None  # the mutant's walk stopped too: not counted as refuted
    monkeypatch.setattr("songe.cli.prove.obligations", lambda game: [r.obligation])
    with pytest.raises(SystemExit) as stop:
        main(["prove", "reveil"])
    assert stop.value.code == 1
    out = capsys.readouterr().out
    assert "unknown" in out and "the search stopped" in out and "refuted:" not in out
