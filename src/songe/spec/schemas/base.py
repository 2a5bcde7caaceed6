"""The validation layer's common parts: field types, the error conversion, readings.

Every input format is declared once as pydantic v2 models (types, ranges,
enums, unknown fields refused); cross-references and the contexts in which
expressions are evaluated are checked by each document's ``after`` validator.
pydantic was chosen because it is maintained, already installed, takes the
declaration as Python types the loaders can share with mypy, and publishes a
JSON Schema from the same declaration (``songe.spec.schemas.export``).

A pydantic error becomes one :class:`~songe.errors.SpecError` line naming
the file, the place (``card 'rat'``), the field and the value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Literal, TypeVar

from annotated_types import GroupedMetadata
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    ValidationInfo,
)
from pydantic_core import PydanticCustomError

from songe.errors import SpecError

M = TypeVar("M", bound=BaseModel)

#: A lowercase identifier (card, level, reading, option ids).
Id = Annotated[StrictStr, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=60)]
#: Free text (a name, a quote, a note), bounded.
Text = Annotated[StrictStr, Field(max_length=4000)]
#: A printed name: non-empty, bounded.
Name = Annotated[StrictStr, Field(min_length=1, max_length=200)]
#: An expression of the condition language (parsed by songe.spec.expr, never evaluated as Python).
Expr = Annotated[StrictStr, Field(min_length=1, max_length=400)]
Int = StrictInt
Bool = StrictBool


@dataclass(frozen=True)
class InRange(GroupedMetadata):
    """An integer within [low, high] (a JSON Schema ``minimum``/``maximum``); the message gives both bounds.

    Written ``Annotated[Int, InRange(low, high)]`` so that mypy sees an ``int`` where pydantic sees the range.
    """

    low: int
    high: int

    def _check(self, value: int) -> int:
        if not self.low <= value <= self.high:
            raise PydanticCustomError("range", "must be between {low} and {high}", {"low": self.low, "high": self.high})
        return value

    def __iter__(self) -> Iterator[object]:
        yield AfterValidator(self._check)
        yield Field(json_schema_extra={"minimum": self.low, "maximum": self.high})


class Doc(BaseModel):
    """A table of a spec file: unknown fields are refused (a typo must not be ignored)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, validate_default=False)


#: Plural field name → how one entry is named in a message.
LABELS = {"cards": "card", "levels": "level", "readings": "reading", "options": "option", "claims": "claim",
          "examples": "example", "strategies": "strategy", "rules": "rule", "effects": "row", "steps": "step",
          "suits": "suit", "holes": "hole", "keywords": "keyword", "abilities": "ability", "roles": "role",
          "sandman_cases": "sandman case", "differences": "difference", "rows": "row", "rounds": "round",
          "events": "event", "players": "player"}


#: Arrays whose entries are named by their rank from 1 (a record's rounds and events).
ONE_BASED = {"rounds", "events"}
#: Top-level tables whose keys are entries (``[rules.loss_cap]`` is rule 'loss_cap').
DICT_LABELS = {"rules": "rule", "switches": "switch"}


def place(raw: Any, loc: Iterable[Any]) -> tuple[str, str | None]:
    """(where, field) for a pydantic location in raw data: ``(("cards", 2, "copies"))`` → ("card 'rat'", "copies")."""
    parts: list[str] = []
    field: str | None = None
    node, parent_key = raw, None
    for key in loc:
        if isinstance(key, int) and isinstance(node, list):
            item = node[key] if key < len(node) else None
            label = LABELS.get(str(parent_key), str(parent_key))
            ident = item.get("id") if isinstance(item, dict) else None
            if not isinstance(item, (dict, list)):  # an entry of a list of words or numbers
                if field is not None:
                    parts.append(f"field {field!r}")
                parts.append(f"entry {key}")
            elif isinstance(ident, str):
                parts.append(f"{label} {ident!r}")
            else:  # a record's rounds and events are counted from 1, as players say them
                parts.append(f"{label} {key + 1}" if parent_key in ONE_BASED else f"{label} #{key}")
            field = None
            node = item
        else:
            if field is not None and not parts and field in DICT_LABELS:
                parts.append(f"{DICT_LABELS[field]} {key!r}")
                field, parent_key = None, key
                node = node.get(key) if isinstance(node, dict) else None
                continue
            if field is not None:
                parts.append(f"table [{field}]" if not parts else f"field {field!r}")
            field = str(key)
            node = node.get(key) if isinstance(node, dict) else None
            parent_key = key
    return ", ".join(parts), field


#: pydantic's type errors in the words of the spec format.
TYPE_WORDS = {"bool_type": "true or false", "int_type": "an integer", "string_type": "a string",
              "list_type": "a list", "dict_type": "a table", "model_type": "a table", "model_attributes_type": "a table",
              "bool_parsing": "true or false", "int_parsing": "an integer", "int_from_float": "an integer"}


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _problem(err: Any) -> str:
    kind, msg = err["type"], err["msg"]
    if kind == "extra_forbidden":
        return "unknown field"
    if kind == "missing":
        return "missing"
    if kind == "value_error":  # a validator's own message, which shows the value
        return str(msg).removeprefix("Value error, ")
    if kind in TYPE_WORDS:
        return f"must be {TYPE_WORDS[kind]}, got {_short(err.get('input'))}"
    if kind in ("enum", "literal_error"):
        valid = re.findall(r"'([^']*)'", str((err.get("ctx") or {}).get("expected", "")))
        return f"unknown value {_short(err.get('input'))}; valid: {', '.join(valid)}"
    return f"{msg[0].lower() + msg[1:]}, got {_short(err.get('input'))}"


def validate(model: type[M], raw: Any, file: str, **context: Any) -> M:
    """Validate raw data against a format's model; the first problem is one :class:`SpecError` line."""
    try:
        return model.model_validate(raw, context={"file": file, **context})
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        raised = (err.get("ctx") or {}).get("error")
        if isinstance(raised, SpecError):  # a document validator's own located error
            raise raised from None
        loc = list(err["loc"])
        # a union's branch name or a validator's tag is not a place in the file
        loc = [k for k in loc if not (isinstance(k, str) and ("[" in k or k.startswith("function-")))]
        where, field = place(raw, loc)
        if field is not None:
            where = f"{where}, field {field!r}" if where else f"field {field!r}"
        raise SpecError(file, where, _problem(err)) from None


def fail(info: ValidationInfo, where: str, field: str | None, problem: str) -> SpecError:
    """A located error from a document validator (the file comes from the validation context)."""
    file = (info.context or {}).get("file", "spec")
    if field:
        where = f"{where}, field {field!r}" if where else f"field {field!r}"
    return SpecError(file, where, problem)


# ---------------------------------------------------------------- readings (every family)

#: The questions of the audit's pass (docs/guide/audit.rst, "The pass"), one per kind of decision.
PointKind = Literal["timing", "scope", "resources", "fate", "ties", "information", "decider", "procedure",
                    "wording"]
#: Where a question comes from: the text, invented example cards only, or an engine convenience only.
PointOrigin = Literal["text", "example_cards", "engine"]
#: What a question weighs for the author (the decision sheet's groups): only the author can settle it (an outside
#: fact, missing text), a choice that changes play, or a precision with no effect on play.
Stake = Literal["author", "play", "none"]
_STAKE = ("the decision sheet's group: author (only the author can settle it), play (the choice changes play), "
          "none (a precision with no effect on play, accepted unless the author objects); unset: a measured gap "
          "decides, else play")


class ReadingOptionDoc(Doc):
    """One meaning of an unclear sentence: the spec fields it sets, by dotted path."""

    id: Id
    set: dict[Annotated[StrictStr, Field(max_length=200)], StrictStr | StrictInt] = Field(
        min_length=1, max_length=20, description="path = value; a path goes through tables and arrays (by id or index)")


class ReadingDoc(Doc):
    """An ambiguity of the text: its question, its quotes, its options (the default first)."""

    id: Id
    question: Text
    quotes: list[Text] = Field(min_length=1, max_length=20)
    default: Id
    note: Text
    options: list[ReadingOptionDoc] = Field(min_length=2, max_length=10)
    question_fr: Text = ""
    note_fr: Text = ""
    stated: bool = Field(True, description="false: the text does not settle it (an open point, measured)")
    reason: Text = Field("", description="why the text does not settle it (required when stated = false)")
    kind: PointKind | None = Field(None, description="which question of the audit's pass it answers")
    origin: PointOrigin = Field("text", description="text: a question of the rule text; example_cards: it arises "
                                                     "only from invented example cards; engine: only from a spec copy "
                                                     "or an engine convenience")
    impact: Text = Field("", description="what changes in play between the options, in words (the editor's dossier)")
    impact_fr: Text = ""
    answer: Text = Field("", description="the book's FAQ answer, in the designer's words, for a reading no authored "
                                         "rule answers (else the card's drafted text)")
    answer_fr: Text = ""
    stake: Stake | None = Field(None, description=_STAKE)


Readings = Annotated[list[ReadingDoc], Field(max_length=100)]


class OpenPointDoc(Doc):
    """A question the text leaves open that the engine does not model (word judgement, table talk, memory):
    listed with the readings in words, so that the book can settle it in words."""

    id: Id
    kind: PointKind
    origin: PointOrigin = "text"
    quotes: list[Text] = Field(min_length=1, max_length=20)
    question: Text
    question_fr: Text
    readings: list[Text] = Field(min_length=2, max_length=10, description="the readings in words, the adopted first")
    readings_fr: list[Text] = Field(min_length=2, max_length=10)
    why_not_modelled: Text
    why_not_modelled_fr: Text = Field("", description="the same in French (the French dossier says it)")
    asks: list[Text] = Field([], max_length=5, description="when the question bundles several, each one the author "
                                                            "decides apart (the editor's list gives each a line)")
    asks_fr: list[Text] = Field([], max_length=5)
    impact: Text = Field(description="what changes in play between the readings (not measured: said in words)")
    impact_fr: Text = ""
    reason: Text = Field("", description="why the adopted reading: the words of the text that lean to it (the "
                                         "editor's dossier says it under « Pourquoi cette lecture »)")
    reason_fr: Text = ""
    title: Text = Field("", description="the player's short question, heading the dossier's point when the book has "
                                        "no FAQ answer for it (the full question then goes below)")
    title_fr: Text = ""
    stake: Stake | None = Field(None, description=_STAKE)


OpenPoints = Annotated[list[OpenPointDoc], Field(max_length=100)]


def check_reading_options(model: type[BaseModel], raw: dict[str, Any], file: str, **context: Any) -> None:
    """Validate the document under every option of every reading, so a reading that sets an
    unknown field or a bad value is refused at load, whichever option is chosen."""
    _check_options_cached(model, json.dumps(raw, sort_keys=True, ensure_ascii=False), file,
                          json.dumps(context, sort_keys=True, default=str))


@lru_cache(maxsize=64)
def _check_options_cached(model: type[BaseModel], raw_json: str, file: str, context_json: str) -> None:
    from songe.spec.fields import Table  # noqa: PLC0415
    from songe.spec.readings import assign  # noqa: PLC0415  (readings imports this module's siblings)

    raw = json.loads(raw_json)
    context = json.loads(context_json)
    for r in raw.get("readings", []) or []:
        for o in r.get("options", []) or []:
            trial = json.loads(raw_json)  # a fresh copy: parsing the text again is several times faster than deepcopy
            label = f"reading {r.get('id')!r}, option {o.get('id')!r}"
            assign(trial, tuple(o.get("set", {}).items()), Table(trial, file, label), str(o.get("id")))
            try:
                model.model_validate(trial, context={"file": file, **context})
            except ValidationError as exc:
                err = exc.errors(include_url=False)[0]
                raised = (err.get("ctx") or {}).get("error")
                if isinstance(raised, SpecError):
                    raise SpecError(file, label, f"makes the spec invalid: {raised.where}: {raised.problem}") from None
                loc = [k for k in err["loc"] if not (isinstance(k, str) and ("[" in k or k.startswith("function-")))]
                where, field = place(trial, loc)
                at = ", ".join(x for x in (where, f"field {field!r}" if field else "") if x)
                raise SpecError(file, label, f"makes {at or 'the document'} invalid: {_problem(err)}") from None
            except SpecError as exc:
                raise SpecError(file, label, f"makes the spec invalid: {exc.where}: {exc.problem}") from None
