"""The ambiguity catalogue of a spec, with each reading's exact impact and a witness.

The catalogue is the spec's ``[[readings]]`` (game-agnostic format: id,
quotes, question, options with the default first, and a note on the adopted
reading). For each reading this module solves every option at every level
and searches a witness between the default and each other option.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Collection, Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from songe.analysis.kit import ExactKit
from songe.analysis.values import level_values
from songe.analysis.witness import Search, find
from songe.errors import budget_at
from songe.solve.expectimax import fraction_text, make_solver
from songe.spec.readings import Reading


@dataclass(frozen=True)
class OptionImpact:
    """One option of a reading: its win probability per level."""

    option: str
    default: bool
    values: dict[str, Fraction]


@dataclass(frozen=True)
class Ambiguity:
    """A reading with its measured impact and, per other option, the witness search."""

    reading: Reading
    impacts: tuple[OptionImpact, ...]
    searches: dict[str, Search]
    witness_setup: Any

    def largest_impact(self) -> Fraction:
        """The largest change of win probability any option makes at any level."""
        base = self.impacts[0].values
        return max((abs(i.values[lv] - base[lv]) for i in self.impacts[1:] for lv in base), default=Fraction(0))

    def command(self, option: str, spec_file: str | None) -> str | None:
        """The trace command that replays the witness under an option."""
        s = self.searches.get(option)
        if s is None or s.witness is None:
            return None
        w, st = s.witness, self.witness_setup
        args = ["songe", "trace", "reveil", "--order", ",".join(w.order), "--level", st.level,
                "--lucidity", str(st.lucidity), "--hand-limit", str(st.hand_limit),
                "--policy", "optimal", "--reading", f"{self.reading.id}={option}"]
        if w.choices:
            args[11:11] = ["--choices", ",".join(w.choices)]
        if spec_file:
            args += ["--spec", spec_file]
        return shlex.join(args)

    def as_json(self, spec_file: str | None = None) -> dict[str, Any]:
        """The issue's JSON shape (plus every option's witness under ``witnesses``)."""
        first = next((o for o, s in self.searches.items() if s.witness is not None), None)
        witnesses = {}
        for option, s in self.searches.items():
            w = s.witness
            witnesses[option] = None if w is None else {
                "order": list(w.order), "choices": list(w.choices), "results": w.results,
                "win_probability": {k: fraction_text(v) for k, v in w.win.items()},
                "changes_outcome": w.changes_outcome(),
                "command": self.command(option, spec_file),
                "default_command": (self.command(option, spec_file) or "").replace(
                    f"{self.reading.id}={option}", f"{self.reading.id}={self.reading.default}")}
        return {
            "id": self.reading.id, "quotes": list(self.reading.quotes), "question": self.reading.question,
            "adopted": self.reading.default, "note": self.reading.note,
            "readings": [{"option": i.option, "default": i.default,
                          "win_probability": {lv: fraction_text(v) for lv, v in i.values.items()}}
                         for i in self.impacts],
            "largest_impact": fraction_text(self.largest_impact()),
            "witness": witnesses.get(first) if first else None,
            "witnesses": witnesses,
            "witness_note": {o: s.note() for o, s in self.searches.items()},
            "witness_level": self.witness_setup.level,
        }


def option_search(alt: Any, reading: Reading, option: str, witness_setup: Any, kit: ExactKit, base_game: Any,
                  base_solver: Any, memo: dict | None = None, max_states: int = 2_000_000) -> Search:
    """A witness that ``alt`` (the spec under ``option``) and the default play out differently at ``witness_setup``.

    ``base_solver`` (the default's, shared by every search) and ``memo`` (the
    option's, if already solved) keep anything from being solved twice.
    """
    alt_game = kit.make_game(alt, witness_setup)
    alt_solver = make_solver(alt_game, max_states=max_states, memo=memo)
    return find(base_game, alt_game, (reading.default, option), kit.deck(base_game), (base_solver, alt_solver))


def analyse(spec: Any, setups: list[Any], witness_setup: Any, kit: ExactKit,
            tick: Callable[[str], None] | None = None, max_states: int = 2_000_000,
            skip: Collection[str] = ()) -> list[Ambiguity]:
    """Every reading (but those in ``skip``): values of each option at each set-up, and witnesses against the default.

    A witness is played optimally after its imposed choices, by the solvers
    that measured the values (their memos are shared, so nothing is solved twice).
    A budget error names the reading's option and the level it stopped at.
    """
    defaults = {r.id: r.default for r in spec.readings}
    base = spec.with_readings(defaults)
    base_memos: dict[Hashable, dict] = {}
    with budget_at("the adopted readings"):
        base_values = level_values(base, setups, kit, max_states, memos=base_memos)
    base_game = kit.make_game(base, witness_setup)
    # Only the witness set-up's memo is kept for the whole catalogue (the others are let go).
    base_solver = make_solver(base_game, max_states=max_states, memo=base_memos.pop(kit.share(witness_setup), None))
    base_memos.clear()
    out = []
    for r in (r for r in spec.readings if r.id not in skip):
        impacts = [OptionImpact(r.default, True, base_values)]
        searches = {}
        for option in r.option_ids[1:]:
            if tick:
                tick(f"{r.id}={option}")
            alt = spec.with_readings(defaults | {r.id: option})
            memos: dict[Hashable, dict] = {}
            with budget_at(f"reading {r.id}={option}"):
                impacts.append(OptionImpact(option, False, level_values(alt, setups, kit, max_states, memos=memos)))
                searches[option] = option_search(alt, r, option, witness_setup, kit, base_game, base_solver,
                                                 memos.get(kit.share(witness_setup)), max_states)
        out.append(Ambiguity(r, tuple(impacts), searches, witness_setup))
    return out
