"""Dread Draw's figure, computed from its spec: one player's area (the Life Deck of the spec's size,
face down; the reserves beside it; the row of cards summoned this round, each stronger than the one
on its left) and the shared Draw Deck and discard it summons from.

The text defines no card list, so the figure names no card: the row shows places, not cards.
"""

from __future__ import annotations

from songe.rulebook.figure import Anchor, Arrow, Box, Figure, Label, Tone
from songe.rulebook.typography import number
from songe.spec.book import Section
from songe.spec.dread_draw import DreadDrawSpec
from songe.spec.words import Words

WIDTH, MARGIN, CW, CH, GAP = 500.0, 6.0, 58.0, 80.0, 64.0
#: Cards drawn in the summoned row (places, not a count the rules fix).
ROW = 3
#: Cards drawn under the top one of a face-down pile (a pile, not a count).
PILE = 3


def area(spec: DreadDrawSpec, lang: str, w: Words) -> Figure:
    """The middle of the table above the summoned row, the player's area below it."""
    ctx = {"life_cards": number(spec.life_cards, lang)}
    y = 20 + CH * 0.75 + 30 + 30  # the area's cards
    life_right = MARGIN + 14 + CW + 10
    rx = life_right + GAP
    row_x = rx + CW + 20 + GAP
    gap = (WIDTH - MARGIN - 10 - row_x - ROW * CW) / (ROW - 1)
    items: list[Box | Arrow | Label] = [Label(row_x - 10, 20 + CH * 0.375, w.get("area.table", lang), Anchor.END,
                                              bold=True)]
    deck = Box(row_x, 20, CW, CH * 0.75, w.get("area.draw_deck", lang), Tone.HIDDEN, bold=True)
    items += [deck, Box(row_x + CW + gap, 20, CW, CH * 0.75, w.get("area.discard", lang), Tone.CARD)]
    top = y - 34
    items.append(Box(MARGIN, top, WIDTH - 2 * MARGIN, CH + 64, "", Tone.PLAIN))
    items.append(Label(MARGIN + 8, top + 14, w.get("area.yours", lang), Anchor.START, bold=True))
    for k in range(PILE - 1, -1, -1):  # the pile: cards offset up and left, the top one last
        items.append(Box(MARGIN + 14 + 3 * k, y - 3 * k, CW + 10, CH, "" if k else w.get("area.life", lang),
                         Tone.HIDDEN, sub="" if k else w.get("area.life_sub", lang, ctx), bold=True))
    mid = y + CH / 2
    items.append(Box(rx, y, CW + 20, CH, w.get("area.reserves", lang), Tone.CARD, sub=w.get("area.reserves_sub", lang),
                     bold=True))
    items.append(Arrow(((life_right + 2, mid - 8), (rx - 2, mid - 8))))
    items.append(Box(life_right + 2, mid - 4, GAP - 4, 30, w.get("area.damage", lang), Tone.NOTE))
    for k in range(ROW):
        x = row_x + k * (CW + gap)
        items.append(Box(x, y, CW, CH, w.get("area.first" if k == 0 else "area.next", lang),
                         Tone.ACCENT if k == ROW - 1 else Tone.CARD))
        if k:
            items.append(Arrow(((x - gap + 2, mid), (x - 2, mid))))
    items.append(Label((row_x + WIDTH - MARGIN - 10) / 2, y + CH + 14, w.get("area.row", lang)))
    first = row_x + CW / 2
    items.append(Arrow(((first, deck.y + deck.h + 2), (first, y - 2)), w.get("area.summon", lang), dashed=True))
    items.append(Arrow(((rx + CW + 22, mid - 8), (row_x - 2, mid - 8)), dashed=True))
    items.append(Box(rx + CW + 22, mid - 4, GAP - 4, 30, w.get("area.from_reserve", lang), Tone.NOTE))
    return Figure(WIDTH, top + CH + 70, tuple(items), w.get("area.caption", lang))


def figures(spec: DreadDrawSpec, lang: str, words: Words) -> list[tuple[Section, Figure]]:
    """The area closes the set-up."""
    return [(Section.SETUP, area(spec, lang, words))]
