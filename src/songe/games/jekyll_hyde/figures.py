"""Jekyll vs Hyde's figures, computed from its spec: the Identity track (its spaces, the two sides,
the start, the last space) and one trick laid out and resolved by the trick rules.

The track's length and Jekyll's share come from the spec's ``[track]``; the trick's two cards are the
first suit's highest card led and the second suit's lowest in reply, resolved by
:func:`~songe.games.jekyll_hyde.trick.resolve` from an empty colour order, so the figure shows what the
rules do with them (the lower card winning by its colour, under the shipped rules).
"""

from __future__ import annotations

import re

from songe.errors import SpecError
from songe.games.jekyll_hyde.trick import resolve
from songe.rulebook.figure import Anchor, Arrow, Box, Figure, Label, Tone
from songe.rulebook.typography import number
from songe.spec import glossary
from songe.spec.book import Section
from songe.spec.jekyll_hyde import JekyllHydeSpec
from songe.spec.words import Words

WIDTH, MARGIN, GAP = 500.0, 6.0, 3.0
_HEX = re.compile(r"#[0-9a-fA-F]{6}")


def track(spec: JekyllHydeSpec, lang: str, w: Words) -> Figure:
    """The spaces left to right: the last space (Hyde's end) at the left, the start at the right.

    A space is numbered by the spaces the marker has crossed to reach it (0 at the start)."""
    n = spec.spaces
    sw = (WIDTH - 2 * MARGIN - (n - 1) * GAP) / n
    y = 34.0
    items: list[Box | Arrow | Label] = []
    for i in range(n):
        crossed = n - 1 - i
        tone = Tone.SIDE_A if crossed < spec.jekyll_side else Tone.SIDE_B
        items.append(Box(MARGIN + i * (sw + GAP), y, sw, 30, number(crossed, lang), tone, bold=crossed in (0, n - 1)))
    hyde_right = MARGIN + (n - spec.jekyll_side) * (sw + GAP) - GAP
    for x0, x1, key in ((MARGIN, hyde_right, "track.hyde"), (hyde_right + GAP, WIDTH - MARGIN, "track.jekyll")):
        items.append(Label((x0 + x1) / 2, y - 10, w.get(key, lang), bold=True))
        items.append(Box(x0, y - 5, x1 - x0, 2, "", Tone.HIDDEN))  # a rule under the side's name
    below = y + 30
    items.append(Arrow(((WIDTH - MARGIN - sw / 2, below + 20), (MARGIN + sw / 2, below + 20)), w.get("track.move", lang)))
    items.append(Arrow(((WIDTH - MARGIN - sw / 2, below + 40), (WIDTH - MARGIN - sw / 2, below + 2))))
    items.append(Arrow(((MARGIN + sw / 2, below + 40), (MARGIN + sw / 2, below + 2))))
    items.append(Label(WIDTH - MARGIN, below + 52, w.get("track.start", lang), Anchor.END))
    items.append(Label(MARGIN, below + 52, w.get("track.end", lang), Anchor.START))
    ctx = {"spaces": number(n, lang), "jekyll_side": number(spec.jekyll_side, lang)}
    return Figure(WIDTH, below + 58, tuple(items), w.get("track.caption", lang, ctx))


def _paint(w: Words, colour: str) -> tuple[str, str] | None:
    """A suit's (fill, frame) in the drawing, from the figures file's ``trick.paint.<colour>`` (None: not listed)."""
    key = f"trick.paint.{colour}"
    if not w.keys("trick.paint") or key not in w.keys("trick.paint"):
        return None
    fill, _, frame = w.get(key, "fr").partition(" ")
    if not (_HEX.fullmatch(fill) and _HEX.fullmatch(frame)):
        raise SpecError(w.file, key, f"must be two #rrggbb colours (fill, frame), got {w.get(key, 'fr')!r}")
    return fill, frame


def trick(spec: JekyllHydeSpec, lang: str, w: Words) -> Figure:
    """Two cards side by side, each in its suit's colour, the winner named under it, then the colour order the
    trick leaves (weakest first)."""
    first, second = spec.suits[0], spec.suits[1]
    lead, follow = f"{first.id}{max(spec.values)}", f"{second.id}{min(spec.values)}"
    result = resolve(spec, lead, follow, ())
    names = {s.id: w.term("suits", s.id, s.name, lang) for s in spec.suits}
    terms = glossary.of(spec)
    #: a card's face says its suit's colour in words too (a page printed in grey)
    faces = {s.id: f"{names[s.id]} ({terms.translate(s.colour, lang)})" for s in spec.suits}
    paints = {s.id: _paint(w, s.colour) for s in spec.suits}

    def card_name(card: str) -> str:
        return f"{names[card[0]]} {number(int(card[1:]), lang)}"

    items: list[Box | Arrow | Label] = []
    cw, ch, y = 78.0, 96.0, 24.0
    for k, (card, key, side) in enumerate(((lead, "trick.lead", "lead"), (follow, "trick.follow", "follow"))):
        x = MARGIN + 10 + k * (cw + 34)
        won = result.winner == side
        items.append(Label(x + cw / 2, y - 8, w.get(key, lang)))
        items.append(Box(x, y, cw, ch, number(int(card[1:]), lang), Tone.CARD, sub=faces[card[0]], bold=True,
                         paint=paints[card[0]]))
        if won:
            items.append(Label(x + cw / 2, y + ch + 14, w.get("trick.wins", lang), bold=True))
    ox = MARGIN + 10 + 2 * (cw + 34) + 20
    items.append(Label(ox, y - 8, w.get("trick.order", lang), Anchor.START))
    k_w = (WIDTH - MARGIN - ox - 2 * 24) / max(1, len(result.ranking_after))
    for k, suit in enumerate(result.ranking_after):
        items.append(Box(ox + k * (k_w + 24), y + 30, k_w, 36, names[suit], Tone.PLAIN, paint=paints[suit]))
    # one scale under the boxes, weakest to strongest: arrows between them would suggest « beats »
    items.append(Label(ox, y + 84, w.get("trick.weakest", lang), Anchor.START))
    items.append(Label(WIDTH - MARGIN, y + 84, w.get("trick.strongest", lang), Anchor.END))
    items.append(Arrow(((ox + k_w * 0.8, y + 80), (WIDTH - MARGIN - k_w * 0.8, y + 80))))
    ctx = {"lead": card_name(lead), "follow": card_name(follow)}
    winner, loser = (ctx["follow"], ctx["lead"]) if result.winner == "follow" else (ctx["lead"], ctx["follow"])
    return Figure(WIDTH, y + ch + 22, tuple(items), w.get("trick.caption", lang, {"follow": winner, "lead": loser}),
                  after=int(w.get("trick.after", lang)))


def figures(spec: JekyllHydeSpec, lang: str, words: Words) -> list[tuple[Section, Figure]]:
    """The track closes the set-up; the trick closes the turn's sub-section on the suit order (its words say which)."""
    return [(Section.SETUP, track(spec, lang, words)), (Section.TURN, trick(spec, lang, words))]
