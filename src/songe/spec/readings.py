"""Readings: named meanings of an unclear sentence, applied as data overrides.

A reading option is a set of assignments to spec fields by path
(``"rules.loss_cap_scope" = "dream"``). Selecting options rewrites a copy of the
raw spec before it is validated, so a reading can only produce a spec that the
ordinary loader accepts, and the engine needs no special case per reading.
This module knows no game: the same format serves every spec.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from songe.errors import OptionError
from songe.spec.fields import Table

MAX_READINGS = 100
MAX_OPTIONS = 10


@dataclass(frozen=True)
class ReadingOption:
    """One meaning: the spec fields it sets."""

    id: str
    sets: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Reading:
    """An ambiguity of the text: its question, quotes, options and adopted default."""

    id: str
    question: str
    quotes: tuple[str, ...]
    options: tuple[ReadingOption, ...]
    default: str
    note: str
    question_fr: str = ""
    note_fr: str = ""
    stated: bool = True
    reason: str = ""
    kind: str = ""
    origin: str = "text"
    #: what changes in play between the options, in words, for the editor's dossier
    impact: str = ""
    impact_fr: str = ""
    #: the book's FAQ answer in the designer's words, for a reading no authored rule answers ("" if none)
    answer: str = ""
    answer_fr: str = ""
    #: the decision sheet's group (author, play, none); "": a measured gap decides, else play
    stake: str = ""

    def answer_in(self, lang: str) -> str:
        """The designer's FAQ answer in a language of the rulebooks ("" if none; French if the spec gives it)."""
        return self.answer_fr if lang == "fr" and self.answer_fr else self.answer

    def impact_in(self, lang: str) -> str:
        """What the options change, in a language of the rulebooks (French if the spec gives it)."""
        return self.impact_fr if lang == "fr" and self.impact_fr else self.impact

    def question_in(self, lang: str) -> str:
        """The question in a language of the rulebooks (French if the spec gives it)."""
        return self.question_fr if lang == "fr" and self.question_fr else self.question

    def note_in(self, lang: str) -> str:
        """The note on the adopted reading, in a language of the rulebooks."""
        return self.note_fr if lang == "fr" and self.note_fr else self.note

    def __post_init__(self) -> None:
        if not self.stated and not self.reason:
            raise ValueError("an unstated reading needs the reason the text does not settle it")
        ids = [o.id for o in self.options]
        if self.default not in ids:
            raise ValueError(f"default {self.default!r} is not among the options {ids}")
        if ids[0] != self.default:
            raise ValueError(f"the default {self.default!r} must be listed first")

    @property
    def option_ids(self) -> tuple[str, ...]:
        """Option ids, default first."""
        return tuple(o.id for o in self.options)

    def option(self, option_id: str) -> ReadingOption:
        """The option of that id, or an error listing the valid ones."""
        for o in self.options:
            if o.id == option_id:
                return o
        raise OptionError(f"unknown option {option_id!r} for reading {self.id!r}; valid: {', '.join(self.option_ids)}")


def parse_readings(doc: Table) -> tuple[Reading, ...]:
    """Read the ``[[readings]]`` array and check each path resolves in the raw spec."""
    out: list[Reading] = []
    seen: set[str] = set()
    for t in doc.rows("readings", "reading", required=False, max_rows=MAX_READINGS):
        t.unknown({"id", "question", "quotes", "default", "note", "options", "question_fr", "note_fr", "stated",
                   "reason", "kind", "origin", "impact", "impact_fr", "answer", "answer_fr", "stake"})
        stated = t.get("stated", bool, True, required=False)
        reason = t.get("reason", str, "", required=False)
        if not stated and not reason:
            raise t.fail("reason", "missing: stated = false needs the reason the text does not settle the question")
        rid = t.get("id", str)
        if rid in seen:
            raise t.fail("id", f"duplicate reading id {rid!r}")
        seen.add(rid)
        quotes = t.get("quotes", list)
        if not quotes or not all(isinstance(q, str) for q in quotes):
            raise t.fail("quotes", "must be a non-empty list of strings")
        options = []
        for o in t.rows("options", "option", max_rows=MAX_OPTIONS):
            o.unknown({"id", "set"})
            sets = o.get("set", dict)
            if not sets:
                raise o.fail("set", "an option must set at least one field")
            for path, value in sets.items():
                _resolve(doc.data, path, t, o.get("id", str))
                if not isinstance(value, (str, int)) or isinstance(value, bool):
                    raise o.fail("set", f"value for {path!r} must be a string or an integer, got {value!r}")
            options.append(ReadingOption(o.get("id", str), tuple(sorted(sets.items()))))
        if len(options) < 2:
            raise t.fail("options", "a reading needs at least two options")
        default = t.get("default", str)
        if default not in [o.id for o in options]:
            raise t.fail("default", f"{default!r} is not among its options ({', '.join(o.id for o in options)})")
        if options[0].id != default:
            raise t.fail("default", f"{default!r} must be the first option listed")
        for path, value in options[0].sets:
            container, key = _resolve(doc.data, path, t, default)
            current = container.get(key) if isinstance(container, dict) else container[key]
            if isinstance(current, dict):
                current = current.get("value")
            if current is not None and current != value:
                raise t.fail("default", f"option {default!r} sets {path!r} to {value!r}, but the spec says "
                                        f"{current!r}: the default reading must describe the spec as written")
        out.append(Reading(rid, t.get("question", str), tuple(quotes), tuple(options), default, t.get("note", str),
                           t.get("question_fr", str, "", required=False), t.get("note_fr", str, "", required=False),
                           stated, reason, t.get("kind", str, "", required=False),
                           t.get("origin", str, "text", required=False), t.get("impact", str, "", required=False),
                           t.get("impact_fr", str, "", required=False), t.get("answer", str, "", required=False),
                           t.get("answer_fr", str, "", required=False),
                           t.get("stake", str, "", required=False)))
    return tuple(out)


@dataclass(frozen=True)
class OpenPoint:
    """A question of the text the engine does not model: the readings in words, the adopted first.

    It is listed with the measured readings (``songe ambiguities``) so that the book settles it in words;
    ``origin`` says whether the text asks it or only invented example cards or an engine convenience do.
    """

    id: str
    kind: str
    origin: str
    quotes: tuple[str, ...]
    question: str
    question_fr: str
    readings: tuple[str, ...]
    readings_fr: tuple[str, ...]
    why_not_modelled: str
    impact: str
    impact_fr: str = ""
    #: why_not_modelled in French ("" when the spec does not word it)
    why_not_modelled_fr: str = ""
    #: why the adopted reading (the words that lean to it), in English and French ("" when the spec does not say)
    reason: str = ""
    reason_fr: str = ""
    #: the separate questions the author decides when ``question`` bundles several (empty: one decision)
    asks: tuple[str, ...] = ()
    asks_fr: tuple[str, ...] = ()
    #: the player's short question, in English and French ("": the full question heads the point)
    title: str = ""
    title_fr: str = ""
    #: the decision sheet's group (author, play, none); "": play
    stake: str = ""

    def __post_init__(self) -> None:
        if len(self.readings) < 2 or len(self.readings) != len(self.readings_fr):
            raise ValueError("an open point needs two readings or more, worded in both languages")


def parse_open_points(doc: Table, readings: tuple[Reading, ...]) -> tuple[OpenPoint, ...]:
    """Read the ``[[open_points]]`` array (already validated by the schema); ids unique among readings too."""
    seen = {r.id for r in readings}
    out = []
    for t in doc.rows("open_points", "open point", required=False, max_rows=MAX_READINGS):
        pid = t.get("id", str)
        if pid in seen:
            raise t.fail("id", f"duplicate id {pid!r} (readings and open points share one list of ids)")
        seen.add(pid)
        readings_fr = tuple(t.get("readings_fr", list))
        if len(readings_fr) != len(t.get("readings", list)):
            raise t.fail("readings_fr", "must word the same readings as 'readings', in the same order")
        out.append(OpenPoint(pid, t.get("kind", str), t.get("origin", str, "text", required=False),
                             tuple(t.get("quotes", list)), t.get("question", str), t.get("question_fr", str),
                             tuple(t.get("readings", list)), readings_fr, t.get("why_not_modelled", str),
                             t.get("impact", str), t.get("impact_fr", str, "", required=False),
                             t.get("why_not_modelled_fr", str, "", required=False),
                             t.get("reason", str, "", required=False), t.get("reason_fr", str, "", required=False),
                             tuple(t.get("asks", list, [], required=False)),
                             tuple(t.get("asks_fr", list, [], required=False)),
                             t.get("title", str, "", required=False), t.get("title_fr", str, "", required=False),
                             t.get("stake", str, "", required=False)))
    return tuple(out)


def _resolve(data: Any, path: str, where: Table, option: str) -> tuple[Any, str | int]:
    """The container and key a path names; lists are indexed by id or position."""
    parts = path.split(".")
    node = data
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if isinstance(node, list):
            match = [x for x in node if isinstance(x, dict) and x.get("id") == part]
            if match:
                key: str | int = node.index(match[0])
            elif re.fullmatch(r"[0-9]{1,4}", part) and int(part) < len(node):
                key = int(part)
            else:
                raise where.fail("options", f"option {option!r}: path {path!r} has no element {part!r}")
        elif isinstance(node, dict):
            if part not in node and not last:
                raise where.fail("options", f"option {option!r}: path {path!r} has no field {part!r}")
            key = part
        else:
            raise where.fail("options", f"option {option!r}: path {path!r} goes through a value at {part!r}")
        if last:
            return node, key
        node = node[key]
    raise AssertionError("unreachable")


def select(readings: tuple[Reading, ...], chosen: Mapping[str, str]) -> dict[str, str]:
    """Every reading's option: the chosen ones, the defaults elsewhere.

    Unknown reading ids or options raise :class:`OptionError` listing valid ones.
    """
    by_id = {r.id: r for r in readings}
    for rid, opt in chosen.items():
        if rid not in by_id:
            valid = ", ".join(by_id) or "none"
            raise OptionError(f"unknown reading {rid!r}; valid: {valid}")
        by_id[rid].option(opt)
    return {r.id: chosen.get(r.id, r.default) for r in readings}


def apply(raw: dict[str, Any], readings: tuple[Reading, ...], chosen: Mapping[str, str], file: str) -> dict[str, Any]:
    """A copy of the raw spec with the chosen options' assignments made."""
    out = copy.deepcopy(raw)
    for r in readings:
        option = r.option(chosen[r.id])
        assign(out, option.sets, Table(out, file, f"reading {r.id!r}"), option.id)
    return out


def assign(raw: dict[str, Any], sets: tuple[tuple[str, Any], ...], where: Table, label: str) -> None:
    """Make assignments by path in place (a ``{value, quote}`` table is set through its value)."""
    for path, value in sets:
        container, key = _resolve(raw, path, where, label)
        current = container.get(key) if isinstance(container, dict) else container[key]
        if isinstance(current, dict) and "value" in current:
            current["value"] = value
        else:
            container[key] = value


def parse_assignments(pairs: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``["loss_cap=whole_dream"]`` → ``{"loss_cap": "whole_dream"}``.

    >>> parse_assignments(["loss_cap=whole_dream"])
    {'loss_cap': 'whole_dream'}
    """
    out: dict[str, str] = {}
    for pair in pairs:
        rid, sep, opt = pair.partition("=")
        if not sep or not rid or not opt:
            raise OptionError(f"--reading takes ID=OPTION, got {pair!r}")
        if rid in out and out[rid] != opt:
            raise OptionError(f"reading {rid!r} given twice ({out[rid]!r} and {opt!r})")
        out[rid] = opt
    return out

