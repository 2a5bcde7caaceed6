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
from songe.games.when_i_dream.scoring import round_scores
from songe.games.when_i_dream.versions import witness
from songe.games.when_i_dream.worked import named_record, tell_round
from songe.rulebook.books import generic_facts
from songe.rulebook.compose import GameFacts
from songe.rulebook.document import Block, Heading, Para, TableBlock
from songe.rulebook.typography import dress, number, unruled
from songe.spec import glossary
from songe.spec.words import words_of


def roles_table(spec: Any, lang: str, across: bool = True) -> list[Block]:
    """The role cards dealt per player count (the spec's table, from the published game). ``across``: a row per
    role and a column per count (the book's page: seven counts in four lines, not eight); else a row per count
    (the aid's narrow column, where eight columns would not fit)."""
    g = glossary.of(spec)
    counts = sorted(spec.table.items())
    players = "Joueurs" if lang == "fr" else "Players"
    if not across:
        header = (players,) + tuple(g[r.id].name(lang) for r in spec.roles)
        return [TableBlock("", header, tuple((number(n, lang),) + tuple(number(c.get(r.id, 0), lang)
                                                                       for r in spec.roles) for n, c in counts))]
    header = (players,) + tuple(number(n, lang) for n, _ in counts)
    rows = tuple((g[r.id].name(lang),) + tuple(number(c.get(r.id, 0), lang) for _, c in counts) for r in spec.roles)
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


#: What the dossier's bracketed numbers refer to: the sentences of each text, numbered in order.
_LEGEND = {"fr": "Les numéros entre crochets renvoient aux phrases des deux textes d’origine, numérotées dans "
                 "l’ordre de chacun : [12] est la phrase nᵒ 12 du texte court, [C-12] la phrase nᵒ 12 du catalogue.",
           "en": "The numbers in brackets refer to the sentences of the two original texts, each numbered in order: "
                 "[12] is sentence 12 of the short text, [C-12] sentence 12 of the catalogue."}


def legend(lang: str) -> list[Block]:
    """The key to the dossier's sentence numbers, said where they first appear."""
    return [Para(dress(_LEGEND[lang], lang))]


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
        out += [Para(dress((f"« {unruled(d[side])} »" if fr else f"“{unruled(d[side])}”") if d[side] else w["silent"], lang),
                     label=dress(w[side], lang)) for side in ("short", "catalogue")]
        out.append(Para(dress(changes, lang), label=dress(w["changes"], lang)))
    return out


#: How the dossier's example shows where the readings part and what changes (generic words, no game term); a
#: move the other reading refuses is said by the example words' ``refused.<reading>`` (else ``refused``).
_OTHER = {"fr": {"part": "Avec la lecture retenue\t{said}", "other": "Avec l’autre lecture\t{said}",
                 "refused": "Avec l’autre lecture\t{said}", "no": "ce coup n’est pas permis ; la carte se joue autrement.",
                 "change": "Ce qui change\t{changes}.", "arrow": "{player} ({role}) {a} au lieu de {b}",
                 "cast": "Les exemples de ces points se jouent tous à la même table. {start}"},
          "en": {"part": "With the adopted reading\t{said}", "other": "With the other reading\t{said}",
                 "refused": "With the other reading\t{said}", "no": "this move is not allowed; the card is played another way.",
                 "change": "What changes\t{changes}.", "arrow": "{player} ({role}) {a} instead of {b}",
                 "cast": "The examples of these points are all played at the same table. {start}"}}


def _refused_at(other: Any, data: dict[str, Any]) -> int:
    """The first event of a witness round that ``other``'s readings refuse (the round cut just after it)."""
    events = data["rounds"][0]["events"]
    for i in range(len(events)):
        cut = [*events[:i + 1], *([] if "timer" in events[:i + 1] else ["timer"])]
        try:
            named_record(other, {**data, "rounds": [{**data["rounds"][0], "events": cut}]})
        except RecordError:
            return i
    return len(events)


def _changes(spec: Any, other: Any, data: dict[str, Any], lang: str) -> str:
    """Each player whose round score the other reading changes: « Ana (Rêveur) 2 points au lieu de 0 point »."""
    g = glossary.of(spec)
    mine, theirs = (named_record(s, data).rounds[0] for s in (spec, other))
    a, b = round_scores(spec, mine), round_scores(other, theirs)
    roles = {mine.dreamer: "dreamer", **dict(mine.roles)}
    return (" ; " if lang == "fr" else "; ").join(
        _OTHER[lang]["arrow"].format(player=p, role=g[roles[p]].name(lang), a=g["point"].count(b[p], lang),
                                     b=g["point"].count(a[p], lang)) for p in a if a[p] != b[p])


def told_witness(spec: Any, reading: str, option: str, lang: str) -> tuple[str, list[str]]:
    """The shortest round with at least one card that the adopted readings and ``option`` score apart (the
    shortest of all when none has a card), told as the book tells its example: the table's opening sentence
    apart (the dossier says it once when every example shares it), then the cards up to where the readings part,
    each reading's telling from there, one line each, and the players whose points change (no lines if none is
    found)."""
    other = spec.with_readings(dict(spec.chosen) | {reading: option})
    found, _ = witness(spec, other, ("adopted", option), shortest=1)
    if found is None:
        found, _ = witness(spec, other, ("adopted", option))
    if found is None:
        return "", []
    w, said = _OTHER[lang], tell_round(spec, found.round, lang)
    try:
        then = tell_round(other, found.round, lang)
    except RecordError:
        k = 1 + _refused_at(other, found.round)  # the round's opening line, then a line per event
        words = words_of(spec.file, "example")
        no = words.get(f"refused.{reading}", lang) if f"refused.{reading}" in words.one else w["no"]
        return said[0], [" ".join(said[1:k + 1]), w["refused"].format(said=no)]
    k = next(i for i, (x, y) in enumerate(zip(said, then, strict=False)) if x != y)
    return said[0], [" ".join(said[1:k]), w["part"].format(said=" ".join(x for x in said[k:] if x not in then)),
                     w["other"].format(said=" ".join(x for x in then[k:] if x not in said)),
                     w["change"].format(changes=_changes(spec, other, found.round, lang))]


def _examples(spec: Any, lang: str) -> tuple[Callable[[str, str], str], Callable[[], list[Block]]]:
    """The dossier's witness of each reading, and its legend: the opening sentence (who dreams, the roles, who
    speaks first) said once in the legend when every example shares it, else at the head of each example."""
    told: dict[tuple[str, str], tuple[str, list[str]]] = {}

    def all_told() -> dict[tuple[str, str], tuple[str, list[str]]]:
        if not told:
            chosen = dict(spec.chosen)
            for r in spec.readings:
                for o in (x for x in r.option_ids if x != chosen.get(r.id, r.default)):
                    told[(r.id, o)] = told_witness(spec, r.id, o, lang)
        return told

    def shared() -> str:
        starts = {start for start, lines in all_told().values() if lines}
        return starts.pop() if len(starts) == 1 else ""

    def one(reading: str, option: str) -> str:
        start, lines = all_told().get((reading, option)) or told_witness(spec, reading, option, lang)
        if not lines:
            return ""
        head = lines[0] if shared() == start and lines[0] else " ".join(x for x in (start, lines[0]) if x)
        return "\n".join((head, *lines[1:]))

    def key() -> list[Block]:
        start = shared()
        return [*legend(lang), *([Para(dress(_OTHER[lang]["cast"].format(start=start), lang))] if start else [])]
    return one, key


def facts(spec: Any, results: Mapping[str, Any] | None, lang: str, games: int | None = None) -> GameFacts:
    """The spec's settings as placeholders, the role table and the phases' sub-headings; for the dossier, the
    differences between the two texts and, for each reading, a round where it changes the scores."""
    blocks: dict[str, Callable[[], list[Block]]] = {"roles": lambda: roles_table(spec, lang),
                                                    "roles_by_count": lambda: roles_table(spec, lang, across=False),
                                                    **headings(spec, lang)}
    witnessed, key = _examples(spec, lang)
    out = dataclasses.replace(generic_facts(spec, lang), blocks=blocks,
                              editor={"differences": lambda: differences(spec, lang), "legend": key},
                              witness=witnessed)
    return out
