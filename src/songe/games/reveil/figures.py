"""Réveil's figure, computed from its spec: the steps of resolving a Dream in the spec's order, and the
chained-dream loop from every step at which some card makes you draw.

The words are authored (``spec/rulebook/reveil.figures.toml``); which steps exist, their order, the loss
cap and the defeat threshold come from the spec, so a reordered copy of the spec draws a reordered figure.
"""

from __future__ import annotations

from songe.rulebook.figure import Arrow, Box, Figure, Tone
from songe.rulebook.typography import number
from songe.spec.book import Section
from songe.spec.reveil import ReveilSpec, Step, Trigger, Verb
from songe.spec.words import Words

#: The step during which a card's rows of each trigger apply (vocabulary of the procedure).
STEP_OF = {Trigger.PLAY: Step.THOUGHT, Trigger.EFFECT: Step.EFFECT, Trigger.AFTER_LOSS: Step.LOSS,
           Trigger.DRAWN_RESOLVED: Step.END}
WIDTH, MARGIN, GAP, TOP, STEP_H = 500.0, 6.0, 18.0, 6.0, 58.0


def drawing_steps(spec: ReveilSpec) -> set[Step]:
    """The steps at which some card of the spec draws (where a chained dream can start)."""
    return {STEP_OF[r.when] for c in spec.cards for r in c.effects if r.verb is Verb.DRAW}


def _label(steps: tuple[Step, ...], k: int, text: str) -> str:
    """A step's box text, numbered as the book numbers it: the end of a resolution is the defeat check the
    book states at the end of the game (5.1), not a step the player takes, so it has no number."""
    if steps[k] is Step.END:
        return text
    return f"{sum(s is not Step.END for s in steps[:k]) + 1}. {text}"


def resolution(spec: ReveilSpec, lang: str, w: Words) -> Figure:
    """The steps in a row, numbered, then the draw box below fed by each drawing step and looping back."""
    ctx = {"loss_cap": number(spec.rules.loss_cap, lang), "defeat_at": number(spec.rules.defeat_at, lang)}
    n = len(spec.steps)
    bw = (WIDTH - 2 * MARGIN - (n - 1) * GAP) / n
    tone = {Step.THOUGHT: Tone.ACCENT, Step.END: Tone.NOTE}
    boxes = [Box(MARGIN + k * (bw + GAP), TOP, bw, STEP_H, _label(spec.steps, k, w.get('steps.' + s.value, lang, ctx)),
                 tone.get(s, Tone.PLAIN)) for k, s in enumerate(spec.steps)]
    items: list[Box | Arrow] = list(boxes)
    mid = TOP + STEP_H / 2
    items += [Arrow(((a.x + a.w, mid), (b.x, mid))) for a, b in zip(boxes, boxes[1:], strict=False)]
    drawing = [k for k, s in enumerate(spec.steps) if s in drawing_steps(spec)]
    if not drawing:
        return Figure(WIDTH, TOP + STEP_H + 26, tuple(items), w.get("resolution.caption", lang), after=_after(w, lang))
    dy = TOP + STEP_H + 54
    first, last = boxes[drawing[0]], boxes[drawing[-1]]
    dx = max(first.x + 24, boxes[0].x + boxes[0].w / 2 + 40)  # room on its left for the drawn dream's box
    draw = Box(dx, dy, max(last.x + last.w - dx, 2 * bw), 34, w.get("resolution.draw", lang), Tone.HIDDEN, bold=True)
    items.append(draw)
    for k in drawing:  # each drawing step feeds the draw box, and every arrow carries its label
        b = boxes[k]
        cx = min(max(b.x + b.w / 2, draw.x + 14), draw.x + draw.w - 14)
        items.append(Arrow(((cx, b.y + b.h), (cx, dy)), w.get("resolution.down", lang), dashed=True))
    # a drawn dream is resolved in full from step 1 (the note box says so), a drawn thought goes to the hand
    start = boxes[0]
    note = Box(MARGIN, dy - 4, draw.x - MARGIN - 16, 42, w.get("resolution.chain", lang), Tone.CARD)
    items += [note, Arrow(((draw.x, dy + 17), (note.x + note.w, dy + 17))),
              Arrow(((start.x + start.w / 2, note.y), (start.x + start.w / 2, start.y + start.h)))]
    hand_x = draw.x + draw.w + 14
    if WIDTH - MARGIN - hand_x >= 60:
        items.append(Arrow(((draw.x + draw.w, dy + 17), (hand_x, dy + 17))))
        items.append(Box(hand_x, dy - 4, WIDTH - MARGIN - hand_x, 42, w.get("resolution.thought_drawn", lang), Tone.CARD))
    # the end of a chained dream goes back to the step that drew it (4.9: where you left it): the end box's way
    # out runs under the row, then up into each drawing step
    end = next((bx for bx, s in zip(boxes, spec.steps, strict=True) if s is Step.END), None)
    if end is not None:
        track = TOP + STEP_H + 16
        backs = [boxes[k].x + boxes[k].w - 10 for k in drawing]
        near = backs[-1]  # the labelled way back ends at the nearest drawing step, its label clear of the others
        items.append(Arrow(((end.x + end.w / 2, end.y + end.h), (end.x + end.w / 2, track), (near, track),
                            (near, TOP + STEP_H)), w.get("resolution.resume", lang)))
        items += [Arrow(((near, track), (bx, track), (bx, TOP + STEP_H))) for bx in backs[:-1]]
    return Figure(WIDTH, dy + 60, tuple(items), w.get("resolution.caption", lang), after=_after(w, lang))


def _after(w: Words, lang: str) -> int:
    """The sub-section of the turn the figure closes (the book's sub-heading on drawing), 0: the section's end."""
    return int(w.get("resolution.after", lang))


def figures(spec: ReveilSpec, lang: str, words: Words) -> list[tuple[Section, Figure]]:
    """Every figure of Réveil's book with the section it closes."""
    return [(Section.TURN, resolution(spec, lang, words))]
