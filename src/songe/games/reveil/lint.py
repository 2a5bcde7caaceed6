"""What ``songe lint`` finds in a Réveil-family spec that loads but is suspicious.

Cheap checks (run before every verb on a user's spec, for its one-line hint):
stated counts the cards contradict, quotes not in the source, a missing
source, examples and strategies naming cards not in the deck (or an example
order that is no longer the deck), readings whose wording names a card of the
shipped game this deck no longer has, conditions that can never hold or always
hold (from the range each name can take in this spec), and ``at = "reveal"`` on
a condition that reads nothing a reveal snapshot keeps.

The exact checks (``songe lint`` only), solved within the state budget: readings
whose options give the same optimal win probability at every level,
conditions whose removal changes no level's optimal win probability, and a
difficulty ladder claim the levels' solved values break, and a designer's claim of a win rate the solved value
misses. The checks of the
designer's words (renamed terms, card names, stale figures) are in
:mod:`songe.games.reveil.lint_words`.
"""

from __future__ import annotations

import copy
import math
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from songe.errors import BudgetError, SpecError
from songe.games.reveil import lint_words
from songe.spec.expr import And, CmpOp, Compare, Condition, Flag, Not, Num, Or, Var, walk
from songe.spec.fields import read_toml
from songe.spec.lint import Finding, Severity, source_findings
from songe.spec.reveil import CardKind, ClaimKind, FlagScope, ReveilSpec, Timing, Trigger, Verb, default_path, from_raw

#: Names a condition with ``at = "reveal"`` takes from the snapshot (the others come from the live state whatever ``at`` says).
SNAPSHOT_NAMES = frozenset({"discard", "previous", "hand"})

Range = tuple[float, float]


def cheap(file: str, raw: dict[str, Any], base_dir: Path) -> list[Finding]:
    """Every cheap finding of a raw Réveil-family spec (it need not load: references are checked in the raw TOML)."""
    out = source_findings(file, raw, base_dir) + _dangling(file, raw) + _stale_names(file, raw) + _witnesses(file, raw)
    if any(f.problem.startswith("names card") for f in out):
        return out  # the loader would refuse it: the loaded checks cannot run
    try:
        spec = from_raw(raw, file, {}, base_dir)
    except SpecError:
        return out
    return out + loaded(spec)


def loaded(spec: ReveilSpec) -> list[Finding]:
    """The cheap checks that need the loaded spec: counts, example orders, conditions, options."""
    return (_counts(spec) + _example_orders(spec) + _absent(spec) + _conditions(spec) + _void_at(spec)
            + lint_words.findings(spec))


def _absent(spec: ReveilSpec) -> list[Finding]:
    """Strategies naming a card the spec lists with no copy: it is not in the deck, so the rule never plays."""
    gone = {c.id for c in spec.cards if c.copies == 0}
    out = []
    for s in spec.strategies:
        for k, rule in enumerate(s.rules):
            for fld, names in (("dream", [rule.dream]), ("play", [rule.play]), ("except", list(rule.excluded))):
                for name in names:
                    if name in gone:
                        out.append(Finding(spec.file, f"strategy {s.id!r}, rule {k}", fld, name,
                                           "names a card with no copy in the deck: the rule never applies as written"))
    return out


def _card_ids(raw: Mapping[str, Any]) -> set[str]:
    return {c["id"] for c in raw.get("cards", []) if isinstance(c, dict) and isinstance(c.get("id"), str)}


def _dangling(file: str, raw: Mapping[str, Any]) -> list[Finding]:
    """Examples, strategies and reading options naming a card id the deck does not have."""
    ids = _card_ids(raw)
    out = []

    def check(entry: str, field: str, names: Any) -> None:
        for name in names if isinstance(names, list) else [names]:
            if isinstance(name, str) and name not in ids and name not in ("first", "none"):
                out.append(Finding(file, entry, field, name, "names card, not in the deck"))

    for e in raw.get("examples", []):
        check(f"example {e.get('id')!r}", "order", e.get("order", []))
        check(f"example {e.get('id')!r}", "choices", e.get("choices", []))
    for s in raw.get("strategies", []):
        for k, rule in enumerate(s.get("rules", [])):
            for fld in ("dream", "play", "except"):
                if fld in rule:
                    check(f"strategy {s.get('id')!r}, rule {k}", fld, rule[fld])
    for r in raw.get("readings", []):
        for o in r.get("options", []):
            for path in o.get("set", {}):
                parts = str(path).split(".")
                if parts[0] == "cards" and len(parts) > 1:
                    check(f"reading {r.get('id')!r}, option {o.get('id')!r}", "set", parts[1])
    return out


def _witnesses(file: str, raw: Mapping[str, Any]) -> list[Finding]:
    """Chosen witnesses (``[[witnesses]]``) whose order lists cards the deck does not have, one line a witness: it
    can no longer be dealt, so the dossier quietly tells a searched game instead (the loader accepts it)."""
    ids, out = _card_ids(raw), []
    for w in raw.get("witnesses", []):
        order = w.get("order", []) if isinstance(w, dict) else []
        gone = list(dict.fromkeys(c for c in order if isinstance(c, str) and c not in ids))
        if gone:
            out.append(Finding(file, f"witness {w.get('reading')!r}", "order", ", ".join(gone),
                               "lists cards this deck no longer has: the dossier cannot deal it and tells a "
                               "searched game instead; give an order of your deck, or delete this witness"))
    return out


def _stale_names(file: str, raw: Mapping[str, Any]) -> list[Finding]:
    """Wording that names a card of the family's shipped game which this deck no longer has."""
    try:
        shipped = read_toml(default_path())
    except SpecError:
        return []
    names = {c["name"] for c in raw.get("cards", []) if isinstance(c, dict)}
    gone = sorted({c["name"] for c in shipped.get("cards", [])} - names, key=len, reverse=True)
    if not gone:
        return []
    out = []
    for table, fields in (("readings", ("question", "question_fr", "note", "note_fr")),
                          ("strategies", ("description",)), ("claims", ("note",))):
        for row in raw.get(table, []):
            for fld in fields:
                text = row.get(fld)
                hit = next((g for g in gone if isinstance(text, str) and g in text), None)
                if hit:
                    out.append(Finding(file, f"{table[:-1] if table != 'strategies' else 'strategy'} "
                                             f"{row.get('id')!r}", fld, text,
                                       f"speaks of {hit!r}, a card this deck no longer has"))
    for row in raw.get("open_points", []):  # one line a point: the books leave it out whole
        said = next(((fld, t) for fld in _POINT_FIELDS for t in _texts(row.get(fld)) if _naming(t, gone)), None)
        if said:
            out.append(Finding(file, f"open point {row.get('id')!r}", said[0], said[1],
                               f"speaks of {_naming(said[1], gone)!r}, a card this deck no longer has: the books "
                               f"leave this point out; rewrite it for your game, or delete it"))
    return out


#: The fields of an ``[[open_points]]`` table a player or an editor reads (a point naming a card the deck no
#: longer has is left out of the books whole: its question, readings and quotes argue about that card).
_POINT_FIELDS = ("question", "question_fr", "title", "title_fr", "readings", "readings_fr", "quotes", "asks",
                 "asks_fr", "reason", "reason_fr", "impact", "impact_fr", "why_not_modelled", "why_not_modelled_fr")


def _texts(value: Any) -> list[str]:
    return [value] if isinstance(value, str) else [t for t in value if isinstance(t, str)] if isinstance(value, list) else []


def _naming(text: str, gone: list[str]) -> str | None:
    """The first of the gone cards' names the text says, as a whole word (None: none)."""
    return next((g for g in gone if re.search(rf"(?<!\w){re.escape(g)}(?!\w)", text)), None)


def stale_readings(spec: ReveilSpec, kind: str = "reading") -> dict[str, str]:
    """Readings (``kind`` "open point": open points) whose wording names a shipped card this deck lacks: their
    id → the card named."""
    found = _stale_names(spec.file, dict(spec.raw))
    return {f.entry.split("'")[1]: f.problem.split("'")[1] for f in found if f.entry.startswith(kind + " ")}


def _counts(spec: ReveilSpec) -> list[Finding]:
    if spec.stated is None:
        return []
    made = Counter(c.kind for c in spec.cards for _ in range(c.copies))
    out = []
    for fld, stated, real in (("dreams", spec.stated.dreams, made[CardKind.DREAM]),
                              ("thoughts", spec.stated.thoughts, made[CardKind.THOUGHT]),
                              ("total", spec.stated.total, sum(made.values()))):
        if stated != real:
            out.append(Finding(spec.file, "stated", fld, str(stated), f"the cards make {real}"))
    return out


def _example_orders(spec: ReveilSpec) -> list[Finding]:
    deck = Counter(spec.deck)
    out = []
    for e in spec.examples:
        given = Counter(e.order)
        if given != deck:
            missing = sorted((deck - given).elements())
            extra = sorted((given - deck).elements())
            what = "; ".join(p for p in (f"missing {', '.join(missing)}" if missing else "",
                                         f"extra {', '.join(extra)}" if extra else "") if p)
            out.append(Finding(spec.file, f"example {e.id!r}", "order", ",".join(e.order),
                               f"not an order of this deck ({len(spec.deck)} cards): {what}"))
    return out


def ranges(spec: ReveilSpec, card_id: str, when: Trigger) -> Callable[[str, str | None], Range | None]:
    """The range each name can take in a row of ``card_id`` with trigger ``when``, in this spec (None: undefined).

    Generous on purpose: a condition is reported only when no state of any level can decide it otherwise.
    """
    dreams = [c.intensity or 0 for c in spec.cards if c.kind is CardKind.DREAM and c.copies > 0]
    rows = [r for c in spec.cards if c.copies > 0 for r in c.effects]
    ups = sum((r.action.amount or 0) for r in rows if r.verb is Verb.INTENSITY and (r.action.amount or 0) > 0)
    downs = sum(-(r.action.amount or 0) for r in rows if r.verb is Verb.INTENSITY and (r.action.amount or 0) < 0)
    hand = max([spec.setup.hand_limit] + [lv.hand_limit for lv in spec.levels])
    card = spec.card(card_id)
    printed: Range = ((card.intensity, card.intensity) if card.kind is CardKind.DREAM and card.intensity is not None
                      and when is Trigger.EFFECT else (min(dreams, default=0), max(dreams, default=0)))

    def of(name: str, key: str | None) -> Range | None:
        if name == "hand":
            if key is None:
                return (0, hand)
            c = spec.card(key)
            return (0, min(hand, c.copies)) if c.kind is CardKind.THOUGHT else (0, 0)
        if name == "discard" and key is not None:
            c = spec.card(key)
            return (0, c.copies) if c.kind is CardKind.DREAM else (0, 0)
        if name == "previous":
            return (min(dreams, default=0), max(dreams, default=0)) if dreams else None
        if name == "printed":
            return printed
        if name == "intensity":
            return (-downs, max(dreams, default=0) + ups)
        if name == "deck":
            return (0, len(spec.deck))
        return (-math.inf, math.inf)  # lucidity, lost: bounded by play, not by the spec
    return of


def decided(cond: Condition, of: Callable[[str, str | None], Range | None]) -> bool | None:
    """True if the condition holds in every state, False if in none, None if it depends on the state.

    >>> decided(Compare(Var("hand"), CmpOp.GE, Num(4)), lambda n, k: (0, 3))
    False
    >>> decided(Compare(Var("hand"), CmpOp.LE, Num(3)), lambda n, k: (0, 3)) is True
    True
    """
    if isinstance(cond, Flag):
        return None
    if isinstance(cond, Not):
        inner = decided(cond.item, of)
        return None if inner is None else not inner
    if isinstance(cond, (And, Or)):
        parts = [decided(i, of) for i in cond.items]
        stop = isinstance(cond, Or)  # the value that settles the whole
        if stop in parts:
            return stop
        return (not stop) if all(p is (not stop) for p in parts) else None
    return _compare(cond, of)


def _compare(cond: Compare, of: Callable[[str, str | None], Range | None]) -> bool | None:
    def span(t: Num | Var) -> Range | None:
        return (t.value, t.value) if isinstance(t, Num) else of(t.name, t.key)

    a, b = span(cond.left), span(cond.right)
    if a is None or b is None:
        return False  # an undefined side: the comparison is false (no previous dream)
    lo, hi = a[0] - b[1], a[1] - b[0]  # the range of left - right
    can = {CmpOp.GE: hi >= 0, CmpOp.GT: hi > 0, CmpOp.LE: lo <= 0, CmpOp.LT: lo < 0,
           CmpOp.EQ: lo <= 0 <= hi, CmpOp.NE: not lo == hi == 0}[cond.op]
    must = {CmpOp.GE: lo >= 0, CmpOp.GT: lo > 0, CmpOp.LE: hi <= 0, CmpOp.LT: hi < 0,
            CmpOp.EQ: lo == hi == 0, CmpOp.NE: hi < 0 or lo > 0}[cond.op]
    undefined = any(isinstance(t, Var) and t.name == "previous" for t in (cond.left, cond.right))
    return False if not can else (True if must and not undefined else None)


def _conditions(spec: ReveilSpec) -> list[Finding]:
    out = []
    for c in (c for c in spec.cards if c.copies > 0):  # a card with no copy never plays its rows
        for i, row in enumerate(c.effects):
            if row.condition is None:
                continue
            verdict = decided(row.condition, ranges(spec, c.id, row.when))
            if verdict is not None:
                out.append(Finding(spec.file, f"card {c.id!r}, row {i}", "if", str(row.condition),
                                   "can never hold in this deck: the row never applies" if verdict is False else
                                   "always holds in this deck: the condition changes nothing"))
    return out


def _reads_snapshot(cond: Condition | None) -> bool:
    return cond is not None and any(isinstance(n, Var) and n.name in SNAPSHOT_NAMES for n in walk(cond))


def _void_at(spec: ReveilSpec) -> list[Finding]:
    """``at = "reveal"`` (set in the row or by a reading's option) on a condition reading no snapshot name."""
    out = []
    for c in spec.cards:
        for i, row in enumerate(c.effects):
            if row.at is Timing.REVEAL and not _reads_snapshot(row.condition):
                out.append(Finding(spec.file, f"card {c.id!r}, row {i}", "at", "reveal",
                                   f"does nothing: the condition reads no {' or '.join(sorted(SNAPSHOT_NAMES))} "
                                   f"(only those are kept at reveal)"))
            if row.at is Timing.END and row.when not in (Trigger.PLAY, Trigger.EFFECT):
                out.append(Finding(spec.file, f"card {c.id!r}, row {i}", "at", "end",
                                   f"does nothing: the row ({row.when.value}) already applies after the loss step"))
            reads_flag = row.condition is not None and any(isinstance(n, Flag) for n in walk(row.condition))
            if row.frame is FlagScope.CHAIN and not reads_flag:
                out.append(Finding(spec.file, f"card {c.id!r}, row {i}", "frame", "chain",
                                   "does nothing: the condition reads no flag"))
    for r in spec.readings:
        for o in r.options:
            for path, value in o.sets:
                parts = path.split(".")
                if parts[0] == "cards" and parts[-1] == "at" and len(parts) == 5 and value == "reveal":
                    try:
                        row = spec.card(parts[1]).effects[int(parts[3])]
                    except (LookupError, ValueError, SpecError):
                        continue
                    if not _reads_snapshot(row.condition):
                        out.append(Finding(spec.file, f"reading {r.id!r}, option {o.id!r}", path, "reveal",
                                           "does nothing: that row's condition reads no "
                                           f"{' or '.join(sorted(SNAPSHOT_NAMES))}, so this option equals live"))
    return out


def _idle_conditions(spec: ReveilSpec, values: Callable[[ReveilSpec], dict[str, Fraction]],
                     base: dict[str, Fraction]) -> Iterator[Finding | str]:
    """Conditions whose removal (the row then always applies) changes no level's optimal win probability."""
    for c, card in enumerate(spec.raw.get("cards", [])):
        for i, row in enumerate(card.get("effects", [])):
            loaded = spec.card(card["id"])
            if "if" not in row or loaded.copies == 0:
                continue
            cond = loaded.effects[i].condition
            if cond is not None and decided(cond, ranges(spec, loaded.id, loaded.effects[i].when)) is not None:
                continue  # the cheap check already says it
            raw = copy.deepcopy(dict(spec.raw))
            del raw["cards"][c]["effects"][i]["if"]
            raw["cards"][c]["effects"][i].pop("at", None)  # a timing without a condition means nothing
            try:
                same = values(from_raw(raw, spec.file, dict(spec.chosen), spec.base_dir)) == base
            except BudgetError as exc:
                yield f"card {card['id']!r}, row {i}: condition not checked: {exc}"
                continue
            except SpecError:
                continue  # a reading sets this row's timing: the row cannot stand without its condition
            if same:
                yield Finding(spec.file, f"card {card['id']!r}, row {i}", "if", str(row["if"]),
                              "the row without this condition gives the same optimal win probability at every "
                              "level (exact): the condition changes nothing in this game")


def broken_ladders(spec: ReveilSpec, base: dict[str, Fraction]) -> Iterator[Finding]:
    """Ladder claims (each level harder than the one before) that the spec's solved values contradict."""
    for c in spec.claims:
        steps = list(zip(c.order, c.order[1:], strict=False)) if c.kind is ClaimKind.LADDER else []
        broken = [(a, b) for a, b in steps if a in base and b in base and not base[a] > base[b]]
        if broken:
            a, b = broken[0]
            yield Finding(spec.file, f"claim {c.id!r}", "order", " > ".join(c.order),
                          f"level {b!r} is not harder than {a!r} any more (optimal win probability "
                          f"{float(base[b]):.4f} against {float(base[a]):.4f}, exact): the ladder the text "
                          "states no longer holds")


def missed_targets(spec: ReveilSpec, base: dict[str, Fraction]) -> Iterator[Finding]:
    """A designer's claims of a win rate (« environ une partie sur deux ») that the spec's solved value misses: a
    sentence copied from the shipped game whose figure this game no longer gives. A published text's claims are
    facts to measure (``songe claims``), not stale copies: only a spec whose quotes are its own is checked."""
    for c in spec.claims if spec.own_quotes else ():
        if c.kind is not ClaimKind.WIN_PROBABILITY_NEAR or c.level not in base:
            continue
        assert c.target is not None and c.tolerance is not None
        if abs(base[c.level] - c.target) > c.tolerance:
            yield Finding(spec.file, f"claim {c.id!r}", "quote", c.quote,
                          f"says a win probability within {c.tolerance} of {c.target} at level {c.level!r}, but "
                          f"optimal play wins {float(base[c.level]):.4f} (exact): your text is stale")


def same_value_readings(spec: ReveilSpec, values: Callable[[ReveilSpec], dict[str, Fraction]]
                        ) -> Iterator[Finding | str]:
    """Readings whose every option gives the default's optimal win probability at every level (exact).

    ``values(spec)`` solves a spec at every level; a reading too big for the budget yields a note (str).
    """
    try:
        base = values(spec)
    except BudgetError as exc:
        yield f"readings and conditions not checked for changing nothing: the game is too big for this check ({exc})"
        return
    yield from broken_ladders(spec, base)
    yield from missed_targets(spec, base)
    yield from _idle_conditions(spec, values, base)
    for r in spec.readings:
        try:
            same = all(values(spec.with_readings({**dict(spec.chosen), r.id: o.id})) == base
                       for o in r.options if o.id != dict(spec.chosen).get(r.id, r.default))
        except BudgetError as exc:
            yield f"reading {r.id!r} not checked: {exc}"
            continue
        if same:
            yield Finding(spec.file, f"reading {r.id!r}", "options", ", ".join(o.id for o in r.options),
                          "every option gives the same optimal win probability at every level (exact): the "
                          "answer changes no figure of this game, but the books still answer the question while "
                          "your text raises it: keep the reading (delete it once your text no longer asks it)",
                          Severity.INFORMATION)
