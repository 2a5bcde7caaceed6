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
from dataclasses import dataclass, replace
from fractions import Fraction

from songe.rulebook.document import Block, Heading, Para
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
    #: the sheet's group: "author" (only the author can settle it), "play" (the choice changes play), "none" (a
    #: precision with no effect on play: one line, accepted unless the author objects)
    stake: str = "play"
    #: an outside fact the point bears on, or what the author is asked to send for it, in one line ("" if none)
    note: str = ""


#: The decision sheet's groups, in the order an author settles them.
STAKES = ("author", "play", "none")


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
        # a measured nothing (an exact zero) is a precision; unmeasured, a choice unless the spec says otherwise
        stake = r.stake or ("none" if m == 0 and significant(r.id) is None else "play")
        out.append(((m or Fraction(0)) - (1 if chance else 0),
                    Item(title(r), answer(r), gap, numbers[r.id], stake=stake)))
    return out


def point_items(points_: Sequence[OpenPoint], numbers: dict[str, int], title: Callable[[OpenPoint], str],
                answer: Callable[[OpenPoint], str], lang: str) -> list[Item]:
    """The points out of the model that the text itself raises (not the invented example cards' own): the
    point's short question and the edition's answer in a line."""
    return [Item(title(p), answer(p), number=numbers[p.id], asks=p.asks_fr if lang == "fr" else p.asks,
                 stake=p.stake or "play") for p in points_ if p.origin == "text"]


def fact_items(found: Sequence[OutsideFact], standing: Mapping[Standing, str], w: Words, lang: str,
               items: Sequence[Item] = (), numbers: Mapping[str, int] | None = None) -> list[Item]:
    """The outside facts that are not confirmed by several sources, and what the author is asked for, as
    questions only the author can settle: a fact no source gives is a request (room for the answer, no
    decision to sign), not a proposal. A fact that bears on a point of ``items`` (its ``point``, numbered by
    ``numbers``) is asked in that point's entry, which it moves among the author's questions: never twice."""
    out, merged = [], {i.number: i for i in items}
    for f in found:
        if not f.ask and f.standing is Standing.CONFIRMED:
            continue
        where = "" if f.sources.strip() in {"", "—", "-"} else (" ; " if lang == "fr" else "; ") + f.sources
        value = f.value[:1].upper() + f.value[1:]  # a proposal opens as a sentence does, as the readings' do
        told = standing[f.standing][:1].upper() + standing[f.standing][1:]  # the sources' own parentheses: none here
        told += "" if not where else (" : " if lang == "fr" else ": ") + f.sources
        said = f.ask or f"{w['fact'].format(fact=f.fact)} — {_said(value)} {told}"
        n = (numbers or {}).get(f.point, 0)
        if n in merged:
            old = merged[n]
            merged[n] = replace(old, stake="author", note=f"{old.note} {said}".strip())
        elif f.ask:
            out.append(Item(f.ask, "", stake="author"))
        else:
            out.append(Item(w["fact"].format(fact=f.fact), f"{value} — {standing[f.standing]}{where}", stake="author"))
    return [merged.get(i.number, i) for i in items] + out


def groups_said(items: Sequence[Item], w: Words) -> str:
    """The lead's sentence on the sheet's order, naming only the groups that follow (none when one group)."""
    present = [stake for stake in STAKES if any(i.stake == stake for i in items)]
    return w[f"order_{len(present)}"].format(*(w[f"said_{s}"] for s in present)) if len(present) > 1 else ""


def items_blocks(items: Sequence[Item], w: Words, lang: str) -> list[Block]:
    """The decision sheet, ordered for an author: first what only the author can settle, then the choices that
    change play (each with its proposal, its gap and one answer field), then the precisions with no effect on
    play, a line each under one shared answer; each point under the number the open points give it (one
    numbering), a question that is no point under its own « Q1 »."""
    out: list[Block] = [Para(dress(w["lead"], lang))]
    asked = 0
    for stake in STAKES:
        group = [i for i in items if i.stake == stake]
        if not group:
            continue
        out.append(Heading(dress(w[f"group_{stake}"], lang), 2))
        if stake == "none":  # compact: the question and the proposal on one line each, one answer for all
            out += [Para(dress(f"{i.question} → {_said(i.proposal)}", lang), label=_number(i, w, lang), keep=True)
                    for i in group]
            out.append(Para(dress(w["accepted"] + w["room"] * 2, lang), label=dress(w["answer"], lang)))
            continue
        for item in group:  # each line but the answer's kept with the next: an entry never ends a page without it
            if not item.number:
                asked += 1
            label = _number(item, w, lang) or dress(w["ask_label"].format(n=asked), lang)
            out.append(Para(dress(item.question, lang), label=label, keep=True))
            if item.proposal:  # a request (a fact to send us) proposes nothing: only room for the answer
                out.append(Para(dress(_said(item.proposal), lang), label=dress(w["proposal"], lang), keep=True))
            if item.gap:  # a sentence of its own: a capital and a full stop
                out.append(Para(dress(_said(item.gap[:1].upper() + item.gap[1:]), lang), keep=True))
            if item.note:
                out.append(Para(dress(_said(item.note), lang), keep=True))
            # one answer field, wide enough to write in: agree, or write another answer
            room = (w["agree"] if item.proposal else "") + w["room"] * (2 if item.proposal else 3)
            # a bundled question: each part decided on its own line, but a part that only restates the title is
            # the title's own answer (one line for the title, then the parts that ask something else)
            parts = [a for a in item.asks if not restates(a, item.question)]
            if not parts or len(parts) < len(item.asks):
                out.append(Para(dress(room, lang), label=dress(w["answer"], lang), keep=bool(parts)))
            for j, ask in enumerate(parts):
                out.append(Para(dress(ask, lang), label=f"{chr(ord('a') + j)}) ", keep=True))
                out.append(Para(dress(room, lang), label=dress(w["answer"], lang)))
    return out


def restates(text: str, title: str) -> bool:
    """Whether a question only says its title again: the title holds it, or it holds most of the title's words
    (those of four letters or more), so that printing it under the title would say the same thing twice.

    >>> restates("Peut-on compter les cartes d'un Deck de Vie, le sien ?", "Peut-on compter les cartes d'un Deck ?")
    True
    >>> restates("Peut-on parcourir la défausse ?", "Les réserves sont-elles visibles de tous ?")
    False
    """
    if _letters(text) in _letters(title):
        return True
    words = [x for x in re.findall(r"\w+", title.casefold()) if len(x) >= 4]
    mine = set(re.findall(r"\w+", text.casefold()))
    return bool(words) and sum(x in mine for x in words) >= RESTATED * len(words)


#: The share of a title's words a question must repeat to be only the title again.
RESTATED = Fraction(3, 5)


def _letters(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


def _number(item: Item, w: Words, lang: str) -> str:
    """An entry's label: its point's number (« Point 3 — »), or "" for a question that is no point."""
    return dress(w["point_label"].format(n=item.number), lang) if item.number else ""


def _said(text: str) -> str:
    """A line of the sheet as a sentence: it ends with a full stop when it has no end of its own."""
    return text + ("" if text.endswith((".", "!", "?", "…")) else ".")


def points(m: Fraction, lang: str) -> str:
    """A difference of probabilities in percentage points, in words (French: singular below 2)."""
    n = decimal(m * 100, lang)
    return f"{n} {'point' if lang == 'fr' and m * 100 < 2 else 'points'}"
