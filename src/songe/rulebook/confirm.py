"""The dossier's list for the author, and the one-line difference between two wordings of a rule.

Every question the edition answers in the text's place goes to the author: each
reading (measured ones first, largest effect first), each point out of the model
that the text itself raises, and each outside fact no second source confirms. An
item gives the edition's proposal and leaves room for the author's answer and the
decision. Two wordings of a rule are shown by the sentences in which they differ,
so that an author reads the choice, not two near-identical paragraphs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from songe.rulebook.document import Block, Para
from songe.rulebook.typography import decimal, dress
from songe.spec.facts import OutsideFact, Standing
from songe.spec.readings import OpenPoint, Reading

#: The dossier's words (:data:`songe.rulebook.dossier.WORDS`, one language).
Words = Mapping[str, str]

@dataclass(frozen=True)
class Item:
    """One question for the author, as the decision sheet prints it: what it asks, the edition's answer in a
    line, the measured gap, and the point of the dossier that argues it in full."""

    question: str
    proposal: str
    #: the measured gap between the readings, in words ("" when not measured)
    gap: str = ""
    #: the point's number in the dossier (0: an outside fact, not a point)
    number: int = 0
    #: the separate questions the author decides, each with its own answer line, when the question bundles several
    asks: tuple[str, ...] = ()


def sentences(text: str) -> list[str]:
    """A text's sentences (an abbreviation such as « Mr. » or « Dr. » does not end one, nor does a point before
    a no-break space).

    >>> sentences("Le Dr. Jekyll entame. Puis Mr. Hyde répond ! Fin")
    ['Le Dr. Jekyll entame.', 'Puis Mr. Hyde répond !', 'Fin']
    """
    parts = re.split(r"(?<=[.!?])[ \t\n]+(?=[«A-ZÀ-ÖØ-Ý])", text.strip())
    out: list[str] = []
    for p in parts:
        if out and re.search(r"(?:^|\s)[A-Z][a-z]{0,2}\.$", out[-1]):
            out[-1] = f"{out[-1]} {p}"
        else:
            out.append(p)
    return [p for p in out if p]


def difference(a: str, b: str, nothing: str, whole: bool = False) -> tuple[str, str]:
    """The sentences in which two wordings differ, an ellipsis where shared sentences were left out; ``whole``:
    those sentences in full and nothing else, each a sentence an author can accept as it stands (``""`` for a
    side that adds none).

    >>> difference("Pose-la. Elle gagne. Fin.", "Pose-la. Elle perd. Fin.", "-")
    ('… Elle gagne. …', '… Elle perd. …')
    >>> difference("Pose-la.", "Pose-la. Puis pioche.", "(rien)")
    ('… (rien)', '… Puis pioche.')
    >>> difference("Pose-la.", "Pose-la. Puis pioche.", "(rien)", whole=True)
    ('', 'Puis pioche.')
    """
    sa, sb = sentences(a), sentences(b)
    i = 0
    while i < min(len(sa), len(sb)) and sa[i] == sb[i]:
        i += 1
    j = 0
    while j < min(len(sa), len(sb)) - i and sa[len(sa) - 1 - j] == sb[len(sb) - 1 - j]:
        j += 1
    if whole:
        return " ".join(sa[i:len(sa) - j]), " ".join(sb[i:len(sb) - j])

    wa, wb = " ".join(sa[i:len(sa) - j]).split(" "), " ".join(sb[i:len(sb) - j]).split(" ")
    head = _common(wa, wb)
    tail = _common(wa[head:][::-1], wb[head:][::-1])
    head, tail = (head - CONTEXT if head > LONG_RUN else 0), (tail - CONTEXT if tail > LONG_RUN else 0)

    def cut(s: list[str], words: list[str]) -> str:
        core = " ".join(words[head:len(words) - tail]) if words != [""] else ""
        return ("… " if i or head else "") + (core or nothing) + (" …" if j or tail else "")
    return cut(sa, wa), cut(sb, wb)


#: Within the differing sentences, a shared run of more than this many words is cut, keeping this many
#: words of context beside the difference.
LONG_RUN, CONTEXT = 8, 4


def _common(a: list[str], b: list[str]) -> int:
    """How many words two lists share at their start."""
    k = 0
    while k < min(len(a), len(b)) and a[k] == b[k]:
        k += 1
    return k


def reading_items(readings: Sequence[Reading], numbers: dict[str, int], title: Callable[[Reading], str],
                  answer: Callable[[Reading], str], magnitude: Callable[[str], Fraction | None],
                  significant: Callable[[str], bool | None], w: Words, lang: str,
                  widest: Callable[[str], str] = lambda reading_id: "",
                  said: Callable[[str], str] = lambda reading_id: "") -> list[tuple[Fraction, Item]]:
    """The readings as items, each with the gap it is ranked by: a measured gap, 0 when not measured, and
    below every real gap when chance alone could make it (« non significatif »); among several other readings,
    the gap names the one it was measured against (``widest``); ``answer``: the edition's answer in a line;
    ``said``: the game's own line on a reading's gap, when it words one."""
    out = []
    for r in (r for r in readings if r.origin == "text"):  # not the invented example cards' own questions
        m = magnitude(r.id)
        chance = significant(r.id) is False
        rest = [o for o in r.option_ids if o != r.default]
        k = rest.index(widest(r.id)) + 1 if len(rest) > 1 and widest(r.id) in rest else 0
        gap = ((w["gap_most"].format(p=points(m, lang), k=k) if k else w["gap"].format(p=points(m, lang)))
               + (w["chance"] if chance else "") if m else
               w["no_gap"] if m == 0 and significant(r.id) is None else "")  # an exact zero, not a sample's
        gap = said(r.id) or gap
        out.append(((m or Fraction(0)) - (1 if chance else 0),
                    Item(title(r), answer(r), gap, numbers[r.id])))
    return out


def point_items(points_: Sequence[OpenPoint], numbers: dict[str, int], title: Callable[[OpenPoint], str],
                answer: Callable[[OpenPoint], str], lang: str) -> list[Item]:
    """The points out of the model that the text itself raises (not the invented example cards' own): the
    point's short question and the edition's answer in a line."""
    return [Item(title(p), answer(p), number=numbers[p.id], asks=p.asks_fr if lang == "fr" else p.asks)
            for p in points_ if p.origin == "text"]


def fact_items(found: Sequence[OutsideFact], standing: Mapping[Standing, str], w: Words, lang: str) -> list[Item]:
    """The outside facts that are not confirmed by several sources, and what the author is asked for: a fact no
    source gives is a request (room for the answer, no decision to sign), not a proposal."""
    out = []
    for f in found:
        if f.ask:
            out.append(Item(f.ask, ""))
        elif f.standing is not Standing.CONFIRMED:
            where = "" if f.sources.strip() in {"", "—", "-"} else (" ; " if lang == "fr" else "; ") + f.sources
            value = f.value[:1].upper() + f.value[1:]  # a proposal opens as a sentence does, as the readings' do
            out.append(Item(w["fact"].format(fact=f.fact), f"{value} — {standing[f.standing]}{where}"))
    return out


def items_blocks(items: Sequence[Item], w: Words, lang: str) -> list[Block]:
    """The decision sheet: a lead, then each item under its point's number (the one the open points give it,
    so that a reader meets one numbering), the edition's answer in a line, the gap, and room for the author's
    answer and decision; the outside facts after the points, unnumbered."""
    out: list[Block] = [Para(dress(w["lead"], lang))]
    for item in items:  # each line but the answer's kept with the next: an entry never ends a page without its room
        label = dress(w["point_label"].format(n=item.number), lang) if item.number else ""
        out.append(Para(dress(item.question, lang), label=label, keep=True))
        if item.proposal:  # a request (a fact to send us) proposes nothing: only room for the answer
            said = item.proposal + ("" if item.proposal.endswith((".", "!", "?", "…")) else ".")
            out.append(Para(dress(said, lang), label=dress(w["proposal"], lang), keep=True))
        if item.gap:  # a sentence of its own: a capital and a full stop
            gap = item.gap[:1].upper() + item.gap[1:] + ("" if item.gap.endswith(".") else ".")
            out.append(Para(dress(gap, lang), keep=True))
        decided = f"   {w['decision']}{w['room']}" if item.proposal else ""
        for j, ask in enumerate(item.asks):  # a bundled question: each part decided on its own line
            out.append(Para(dress(ask, lang), label=f"{chr(ord('a') + j)}) ", keep=True))
            out.append(Para(dress(f"{w['room']}{decided}", lang), label=dress(w["answer"], lang)))
        if not item.asks:
            out.append(Para(dress(f"{w['room']}{decided}", lang), label=dress(w["answer"], lang)))
    return out


def points(m: Fraction, lang: str) -> str:
    """A difference of probabilities in percentage points, in words (French: singular below 2)."""
    n = decimal(m * 100, lang)
    return f"{n} {'point' if lang == 'fr' and m * 100 < 2 else 'points'}"
