"""Discovered misreadings turned into ``[[readings]]`` rows a designer pastes into the spec.

``songe ambiguities --discover --draft FILE`` writes one row per kept misreading
that is a question of the text rather than a figure moved by one: when a
condition is read (at reveal, at the end of the dream), whether « if you did not
play » counts the dreams a card was chained from, whether a count includes the
card in play. The first option is the spec as written (the paths' current
values), the second the misreading; the question is drafted in both languages
from the glossary, for the designer to reword and settle. The book's FAQ asks it, so it quotes what the books print:
the card's own ``text`` in that language when the card has one; else the French one quotes the designer's sentence
and the English one words the row in the glossary's English; the English question, its quote included, has the
English book's names and capitals (a quotation is printed as written), and it cites the spec's French sentence as its
source. Once pasted, the
reading is measured by ``songe ambiguities``, asked in the book's FAQ and argued
in the dossier, and discovery no longer perturbs the field it governs.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from songe.analysis.discover import Finding, Kind, Mutation
from songe.spec import glossary
from songe.spec.reveil import ReveilSpec, Row

#: The misreadings that are questions of wording (a threshold moved by one or two steps swapped are sensitivity).
DRAFTED = (Kind.TIMING, Kind.FRAME, Kind.COUNT)

#: (question, its French, the other option's id) by the misreading's kind and the value it sets.
_ASK = {
    ("timing", "reveal"): ("{card}: is “{quote}” read when the {t.dream} is revealed, before {the.thought} "
                           "played against it, or when its effect applies?",
                           "{card} : « {quote} » se lit-il quand {the.dream} est {agree.dream:retourné|retournée}, "
                           "avant {the.thought} {agree.thought:joué|jouée} contre {agree.dream:lui|elle}, ou quand "
                           "son effet s’applique ?", "at_reveal"),
    ("timing", "live"): ("{card}: is “{quote}” read when its effect applies, or when the {t.dream} was revealed?",
                         "{card} : « {quote} » se lit-il quand son effet s’applique, ou quand {the.dream} a été "
                         "{agree.dream:retourné|retournée} ?", "at_effect"),
    ("timing", "end"): ("{card}: is “{quote}” read when its effect applies, or at the end of the {t.dream}, just "
                        "before the loss?",
                        "{card} : « {quote} » se lit-il quand son effet s’applique, ou à la fin {of.dream}, juste "
                        "avant la perte ?", "at_end"),
    ("frame", "chain"): ("{card}: in “{quote}”, does {a.thought} played against the {t.dream} it was chained from "
                         "count too?",
                         "{card} : dans « {quote} », {a.thought} {agree.thought:joué|jouée} contre {the.dream} dont "
                         "{agree.dream:il|elle} est {agree.dream:issu|issue} en chaîne compte-t-{agree.thought:il|elle}"
                         " aussi ?", "chained_too"),
    ("count", ""): ("{card}: in “{quote}”, does the count include this {t.card} itself?",
                    "{card} : dans « {quote} », le compte inclut-il cette {t.card} elle-même ?", "counts_itself"),
}


def current(spec: ReveilSpec, path: str) -> str | int:
    """The value the spec as written gives a path a misreading sets (a row's ``at`` or ``frame`` left out in
    the file is its default, read from the loaded row)."""
    parts = path.split(".")
    if parts[0] == "cards":
        row = spec.card(parts[1]).effects[int(parts[3])]
        values: dict[str, str | int] = {"at": row.at.value, "frame": row.frame.value, "if": str(row.condition)}
        return values[parts[4]]
    node: Any = spec.raw
    for part in parts:
        node = node[part]
    return node["value"] if isinstance(node, dict) else node


def _toml(value: str | int) -> str:
    return json.dumps(value, ensure_ascii=False)


def _row(spec: ReveilSpec, f: Finding, at: Mapping[str, str], base: str, word_row: Callable[[Row, str], str],
         capitals: Callable[[str], str]) -> str:
    m: Mutation = f.mutation
    value = str(m.sets[0][1])
    en, fr, other = _ASK[(m.kind.value, "" if m.kind is Kind.COUNT else value)]
    _, card_id, _, index, _ = m.sets[0][0].split(".")
    card, g = spec.card(card_id), glossary.of(spec)
    name_en = g[card_id].name("en") if card_id in g else card.name
    own = dict(card.text)  # the card's printed words, when the designer gave them
    said_en = capitals(own.get("en") or word_row(card.effects[int(index)], "en")).rstrip(".")
    question = capitals(glossary.fill(g, en, "en", card=name_en, quote=said_en)) + f" (source: « {m.quote.rstrip('.')} »)"
    question_fr = glossary.fill(g, fr, "fr", card=card.name, quote=own.get("fr", m.quote).rstrip("."))
    impact = f"{float(f.impact or 0):+.4f}"
    plain = unicodedata.normalize("NFKD", f"{card.name}_{other}").encode("ascii", "ignore").decode()
    rid = re.sub(r"[^a-z0-9]+", "_", plain.lower()).strip("_")
    written = ", ".join(f"{_toml(p)} = {_toml(current(spec, p))}" for p, _ in m.sets)
    misread = ", ".join(f"{_toml(p)} = {_toml(v)}" for p, v in m.sets)
    note = (f"Found by songe ambiguities --discover at {at['en']}: the other reading moves the optimal win "
            f"probability by {impact} (from {base}). The first option is the spec as written; say here why it "
            "is the one adopted (or make the other the first, with the row edited to match).")
    note_fr = (f"Trouvé par songe ambiguities --discover ({at['fr']}) : l’autre lecture change la "
               f"probabilité de gagner en jouant au mieux de {impact} (depuis {base}). La première option est la "
               "spec telle qu’écrite ; dire ici pourquoi elle est retenue.")
    return "\n".join([
        "[[readings]]",
        f"id = {_toml(rid)}",
        f"kind = {_toml('timing' if m.kind is Kind.TIMING else 'scope')}",
        f"question = {_toml(question)}",
        f"question_fr = {_toml(question_fr)}",
        f"quotes = [{_toml(m.quote)}]",
        'default = "as_written"',
        f"note = {_toml(note)}",
        f"note_fr = {_toml(note_fr)}",
        "options = [",
        f'  {{ id = "as_written", set = {{ {written} }} }},',
        f"  {{ id = {_toml(other)}, set = {{ {misread} }} }},",
        "]",
    ]) + "\n"


def draft(spec: ReveilSpec, found: Iterable[Finding], at: Mapping[str, str], base: str,
          word_row: Callable[[Row, str], str], capitals: Callable[[str], str] = str) -> str:
    """The ``[[readings]]`` rows of the kept misreadings that are questions of wording, largest impact first.

    ``at`` names the set-up measured, by language (its level and any override of it: a figure measured with a
    hand of 1 is not the level's); ``word_row(row, lang)`` words an effect row as the book does (the family's
    drafting, passed in: this layer imports no game family); ``capitals(text)`` gives an English text the
    English book's card names and capitals (the books layer's, passed in too).
    """
    rows = [_row(spec, f, at, base, word_row, capitals) for f in found if f.impact and f.mutation.kind in DRAFTED
            and all(isinstance(v, str | int) for _, v in f.mutation.sets)]
    head = (f"# Readings drafted by songe ambiguities --discover from {spec.file} ({at['en']}), largest impact "
            "first.\n# Paste the ones your text leaves open at the end of the spec; reword "
            "each question,\n# then `songe ambiguities` measures them and the book and dossier answer them.\n")
    return head + "\n" + "\n".join(rows)
