"""Scoring: board sides from events, round scores per role, game totals and ranking."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from songe.games.when_i_dream.record import Kind, Record, Round
from songe.spec.expr import evaluate
from songe.spec.when_i_dream import (
    BlueMentions,
    DreamerPass,
    EmptyMemoryBonus,
    SandmanEmptyBoard,
    SandmanRule,
    WhenIDreamSpec,
    board_words,
)


@dataclass(frozen=True)
class Board:
    """Cards on each side of the board after a night."""

    yellow: int
    blue: int


def board(spec: WhenIDreamSpec, rnd: Round) -> Board:
    """Yellow and blue counts: right answers yellow, wrong (and passes, per reading) blue."""
    yellow = blue = 0
    for e in rnd.events:
        if e.kind is Kind.RIGHT or (e.kind is Kind.LAST and e.answer == "right"):
            yellow += 1
        elif e.kind is Kind.WRONG or (e.kind is Kind.LAST and e.answer == "wrong"):
            blue += 1
        elif e.kind is Kind.PASS and spec.dreamer_pass is DreamerPass.BLUE:
            blue += 1
    return Board(yellow, blue)


def role_score(spec: WhenIDreamSpec, role_id: str, b: Board) -> int:
    """What one player of that role scores on that board."""
    role = spec.role(role_id)
    if role.score is not None:
        return role.score.value(b.yellow, b.blue)
    if spec.sandman_rule is SandmanRule.NONE:
        return 0
    if b.yellow == b.blue == 0 and spec.sandman_empty_board is SandmanEmptyBoard.NO_POINTS:
        return 0  # reading sandman_empty_board: the text does not say whether 0 = 0 is the 'autant' case
    case = sandman_case(spec, b)
    return spec.sandman_cases[case].score.value(b.yellow, b.blue) if case is not None else 0


def sandman_case(spec: WhenIDreamSpec, b: Board) -> int | None:
    """The index of the spec's Sandman case that fits that board (None if none does), for the score and for a
    worked example that says why."""
    words = board_words(b.yellow, b.blue)
    return next((k for k, case in enumerate(spec.sandman_cases)
                 if evaluate(case.condition, lambda name, key: words[name])), None)


def dreamer_score(spec: WhenIDreamSpec, b: Board, remembered_all: bool, mentioned_blue: bool = False) -> int:
    """The dreamer's points, memory bonus included (readings empty_memory_bonus when yellow is empty,
    blue_mentions when the narration also named a card of the blue side)."""
    bonus = remembered_all and (b.yellow > 0 or spec.empty_memory_bonus is EmptyMemoryBonus.BONUS)
    bonus = bonus and not (mentioned_blue and spec.blue_mentions is BlueMentions.COST_BONUS)
    return spec.dreamer_score.value(b.yellow, b.blue) + (spec.dreamer_bonus if bonus else 0)


def round_scores(spec: WhenIDreamSpec, rnd: Round) -> dict[str, int]:
    """Every player's points for one round (penalties are counted at the end of the game)."""
    b = board(spec, rnd)
    scores = {player: role_score(spec, role, b) for player, role in rnd.roles}
    scores[rnd.dreamer] = dreamer_score(spec, b, rnd.remembered_all, rnd.mentioned_blue)
    return scores


@dataclass(frozen=True)
class Standing:
    """A player's result: points, penalties, total and rank (tied players share a rank)."""

    player: str
    points: int
    penalties: int
    total: int
    rank: int


def standings(spec: WhenIDreamSpec, record: Record) -> list[Standing]:
    """Totals (points minus penalties) and the ranking with its tie-breaks."""
    points: dict[str, int] = {p: 0 for p in record.players}
    penalties: dict[str, int] = {p: 0 for p in record.players}
    for rnd in record.rounds:
        for p, s in round_scores(spec, rnd).items():
            points[p] += s
        for e in rnd.events:
            if e.kind is Kind.PENALTY and e.who:
                penalties[e.who] += 1
    total = {p: points[p] - spec.penalty_points * penalties[p] for p in record.players}
    key: Mapping[str, tuple[int, int]] = {p: (-total[p], penalties[p]) for p in record.players}
    order = sorted(record.players, key=lambda p: (key[p], record.players.index(p)))
    out = []
    for p in order:
        rank = 1 + sum(1 for q in record.players if key[q] < key[p])
        out.append(Standing(p, points[p], penalties[p], total[p], rank))
    return out
