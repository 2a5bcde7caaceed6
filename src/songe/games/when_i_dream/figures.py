"""When I Dream's figure, computed from its spec: the board's two sides with the cards of the spec's
fullest worked example (the one that scores the most roles), and under each side the roles that score
from it with their points in that example.

A role scores from the yellow side when its score is ``yellow``, from the blue when it is ``blue``; a
role scored by cases (the Sandman's) compares both and stands under the middle.
"""

from __future__ import annotations

from songe.games.when_i_dream.record import RecordError
from songe.games.when_i_dream.scoring import Board, role_score, sandman_case
from songe.games.when_i_dream.worked import board_words, example_record
from songe.rulebook.figure import Anchor, Box, Figure, Label, Tone
from songe.rulebook.typography import number
from songe.spec.book import Section
from songe.spec.when_i_dream import SandmanRule, WhenIDreamSpec
from songe.spec.words import Words, words_of

WIDTH, MARGIN, CARD_W, CARD_H, SIDE_H = 500.0, 6.0, 62.0, 30.0, 52.0
#: The example key under which the spec gives the Dreamer's points (the spec's ``[dreamer]`` table).
DREAMER = "dreamer"


def _card_names(spec: WhenIDreamSpec, yellow: int, blue: int, lang: str) -> dict[str, list[str]]:
    """The cards' words of the book's worked round when its board is the example's (the figure then shows the
    round the book tells); else each card by its number."""
    numbered = {"yellow": [number(c + 1, lang) for c in range(yellow)],
                "blue": [number(c + 1, lang) for c in range(blue)]}
    try:
        rnd = example_record(spec).rounds[0]
    except RecordError:  # a reading the shipped record breaks (a pass when the Dreamer may not pass)
        return numbered
    named = board_words(spec, rnd, words_of(spec.file, "example"), lang)
    if len(named["yellow"]) == yellow and len(named["blue"]) == blue and all(named["yellow"] + named["blue"]):
        return named
    return numbered


def _why_sandman(spec: WhenIDreamSpec, yellow: int, blue: int, lang: str) -> str:
    """Why the Sandman scores what the figure shows: the example's words for the case that fits the board
    (the worked example's), or "" when no case scores it (no rule, or an empty board that scores nothing)."""
    b = Board(yellow, blue)
    case = sandman_case(spec, b)
    sandman = next((r.id for r in spec.roles if r.score is None), None)
    if case is None or sandman is None or spec.sandman_rule is SandmanRule.NONE or not role_score(spec, sandman, b):
        return ""
    return words_of(spec.file, "example").get(f"sandman_case.{case + 1}", lang)


def board(spec: WhenIDreamSpec, lang: str, w: Words) -> Figure:
    """The two halves of the board, the example's cards dealt on each, the scoring roles beneath."""
    ex = max(spec.examples, key=lambda e: len(e.expected))
    half = (WIDTH - 2 * MARGIN - 10) / 2
    names = _card_names(spec, ex.yellow, ex.blue, lang)

    def pts(n: int | None) -> str:
        if n is None:
            return ""
        return w.get("board.one_point" if n == 1 else "board.many_points", lang, {"n": number(n, lang)})

    why = _why_sandman(spec, ex.yellow, ex.blue, lang)

    def role_line(name: str, n: int | None, key: str) -> str:
        if key == "board.sandman" and not why:
            key = "board.points"
        return w.get(key, lang, {"role": name, "points": pts(n), "why": why}) if n is not None else name

    items: list[Box | Label] = []
    lines: dict[str, list[str]] = {"yellow": [], "blue": [], "both": []}
    dreamer = w.get("board.dreamer", lang)
    side_of: dict[tuple[str | int, ...], str] = {("yellow",): "yellow", ("blue",): "blue"}
    lines[side_of.get(spec.dreamer_score.terms, "both")].append(
        role_line(dreamer, ex.expected.get(DREAMER), "board.bonus" if ex.remembered_all else "board.points"))
    for r in spec.roles:
        name = w.term("roles", r.id, r.name, lang)
        side = side_of.get(r.score.terms, "both") if r.score is not None else "both"
        lines[side].append(role_line(name, ex.expected.get(r.id), "board.points" if side != "both" else "board.sandman"))
    top, row, below = 4.0, 11.0, 12.0
    for k, (side, tone, count) in enumerate((("yellow", Tone.ACCENT, ex.yellow), ("blue", Tone.SIDE_A, ex.blue))):
        x = MARGIN + k * (half + 10)
        items.append(Box(x, top, half, SIDE_H, "", tone))
        items.append(Label(x + half / 2, top + 14, w.get(f"board.{side}", lang), bold=True))
        step = min(CARD_W + 8, (half - 20) / max(1, count))
        x0 = x + (half - (count - 1) * step - CARD_W) / 2
        for c in range(count):
            items.append(Box(x0 + c * step, top + 18, CARD_W, CARD_H, names[side][c], Tone.CARD))
        # each side's roles on one line centred under it: stacked lines of unequal length looked misaligned
        lines[side] = [w.get("board.join", lang).join(lines[side])] if lines[side] else []
        for j, line in enumerate(lines[side]):
            items.append(Label(x + half / 2, top + SIDE_H + below + j * row, line, Anchor.MIDDLE))
    # A role that compares both sides is centred under the whole board, on a row of its own below both columns
    # (beside one column's lines it would start under the other side and look like one of its roles).
    first = max(len(lines["yellow"]), len(lines["blue"]))
    for j, line in enumerate(lines["both"]):
        items.append(Label(WIDTH / 2, top + SIDE_H + below + (first + j) * row + (2 if first else 0), line, Anchor.MIDDLE))
    rows = first + len(lines["both"])
    height = top + SIDE_H + below + (rows - 1) * row + (2 if first and lines["both"] else 0) + 5
    ctx = {"yellow": number(ex.yellow, lang), "blue": number(ex.blue, lang)}
    return Figure(WIDTH, height, tuple(items), w.get("board.caption", lang, ctx))


def figures(spec: WhenIDreamSpec, lang: str, words: Words) -> list[tuple[Section, Figure]]:
    """The board closes the turn, after the Day's scoring."""
    return [(Section.TURN, board(spec, lang, words))]
