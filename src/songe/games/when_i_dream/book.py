"""What When I Dream's clarified book computes: the role cards per player count, from the spec's table,
and the sub-headings of a round's phases.

That table is an outside fact (FACTS.md: one source only), so the book says so
in one short phrase above it, and the dossier lists its source. A round is split
into phases the texts name (the Night, the Day): a book rule with no text and
``block = "heading_<term>"`` is a sub-heading naming that glossary term.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from songe.games.when_i_dream.record import RecordError
from songe.games.when_i_dream.versions import witness
from songe.games.when_i_dream.worked import tell_round
from songe.rulebook.books import generic_facts
from songe.rulebook.compose import GameFacts
from songe.rulebook.document import Block, Heading, Para, TableBlock
from songe.rulebook.typography import dress, number
from songe.spec import glossary


def roles_table(spec: Any, lang: str) -> list[Block]:
    """The role cards dealt per player count (the spec's table, from the published game)."""
    g = glossary.of(spec)
    header = ("Joueurs" if lang == "fr" else "Players",) + tuple(g[r.id].name(lang) for r in spec.roles)
    rows = tuple((number(n, lang),) + tuple(number(counts.get(r.id, 0), lang) for r in spec.roles)
                 for n, counts in sorted(spec.table.items()))
    return [TableBlock("", header, rows)]


def headings(spec: Any, lang: str) -> dict[str, Callable[[], list[Block]]]:
    """A sub-heading per glossary term, « La Nuit » / "The Night", for the rules that split a round by phase."""
    g = glossary.of(spec)

    def heading(key: str) -> Callable[[], list[Block]]:
        return lambda: [Heading(dress(glossary.fill(g, "{The." + key + "}", lang), lang), 2)]
    return {f"heading_{t.id}": heading(t.id) for t in g.terms}


#: The dossier's words for the differences between the two texts (generic words, no game term).
_DIFF = {"fr": {"short": "Texte court : ",
                "catalogue": "Catalogue : ", "silent": "(il n’en dit rien)", "changes": "En jeu : ",
                "rule": "Une règle", "number": "Un nombre", "condition": "Une condition",
                "silence": "Un texte se tait", "wording": "Les mots seulement"},
         "en": {"short": "Short text: ",
                "catalogue": "Catalogue: ", "silent": "(it says nothing)", "changes": "In play: ",
                "rule": "A rule", "number": "A number", "condition": "A condition",
                "silence": "One text is silent", "wording": "Only the words"}}


def differences(spec: Any, lang: str) -> list[Block]:
    """The dossier's list of the differences between the two texts: each numbered, what differs in substance
    in bold before the note with the adopted answer, then each text's sentence (or its silence) and what changes
    in play, each on a line of its own under its bold label."""
    w, fr = _DIFF[lang], lang == "fr"
    out: list[Block] = []
    for k, d in enumerate(spec.differences, 1):
        note = d.get("note_fr") or d["note"] if fr else d["note"]
        changes = d.get("changes_fr") or d["changes"] if fr else d["changes"]
        kind = w[d["substance"]] if d["substance"] else ""
        out.append(Para(dress(note, lang), label=dress(f"{k}. {kind} : " if fr else f"{k}. {kind}: ", lang)))
        out += [Para(dress((f"« {d[side]} »" if fr else f"“{d[side]}”") if d[side] else w["silent"], lang),
                     label=dress(w[side], lang)) for side in ("short", "catalogue")]
        out.append(Para(dress(changes, lang), label=dress(w["changes"], lang)))
    return out


#: How the dossier's example goes on under the other reading (generic words, no game term).
_OTHER = {"fr": {"then": "Avec l’autre lecture, la manche se termine autrement. {said}",
                 "refused": "L’autre lecture ne permet pas cette manche."},
          "en": {"then": "With the other reading, the round ends differently. {said}",
                 "refused": "The other reading does not allow this round."}}


def told_witness(spec: Any, reading: str, option: str, lang: str) -> str:
    """The shortest round that the adopted readings and ``option`` score apart, told as the book's example is
    (the Night, the Day, everyone's points), then what changes under the other reading ("" if none is found)."""
    other = spec.with_readings(dict(spec.chosen) | {reading: option})
    found, _ = witness(spec, other, ("adopted", option))
    if found is None:
        return ""
    said = tell_round(spec, found.round, lang)
    try:
        then = tell_round(other, found.round, lang)
    except RecordError:
        return " ".join((*said, _OTHER[lang]["refused"]))
    changed = " ".join(x for x in then if x not in said)
    return " ".join((*said, _OTHER[lang]["then"].format(said=changed)))


def facts(spec: Any, results: Mapping[str, Any] | None, lang: str, games: int | None = None) -> GameFacts:
    """The spec's settings as placeholders, the role table and the phases' sub-headings; for the dossier, the
    differences between the two texts and, for each reading, a round where it changes the scores."""
    blocks: dict[str, Callable[[], list[Block]]] = {"roles": lambda: roles_table(spec, lang), **headings(spec, lang)}
    out = dataclasses.replace(generic_facts(spec, lang), blocks=blocks,
                              editor={"differences": lambda: differences(spec, lang)},
                              witness=lambda reading, option: told_witness(spec, reading, option, lang))
    return out
