"""When I Dream's worked example: one night of a recorded game, told and scored end to end.

Every answer moves a Dream card to a side of the board, the narration decides the
dreamer's bonus, and the scoring (:mod:`songe.games.when_i_dream.scoring`) gives each
player's points; the words come from this module's templates and the spec's glossary.
"""

from __future__ import annotations

from pathlib import Path

from songe.games.when_i_dream.record import Event, Kind, Record, Round, check, load_record
from songe.games.when_i_dream.scoring import board, dreamer_score, round_scores
from songe.games.worked import WorkedExample
from songe.spec import glossary
from songe.spec.sources import spec_dir
from songe.spec.when_i_dream import DreamerPass, WhenIDreamSpec

#: The sentences of a told night, per language. Fields: dreamer, who, y and b (the board after it).
_SAY: dict[str, dict[str, str]] = {
    "start": {"fr": "{dreamer} est {the.dreamer} de cette {t.round}. Les rôles : {roles}.",
              "en": "{dreamer} is the {t.dreamer} this {t.round}. The roles: {roles}."},
    "right": {"fr": "{dreamer} répond juste : {the.dream_card} va du {t.yellow} ({y} – {b}).",
              "en": "{dreamer} answers right: the {t.dream_card} goes to the {t.yellow} ({y}–{b})."},
    "wrong": {"fr": "{dreamer} se trompe : {the.dream_card} va du {t.blue} ({y} – {b}).",
              "en": "{dreamer} answers wrong: the {t.dream_card} goes to the {t.blue} ({y}–{b})."},
    "pass": {"fr": "{dreamer} passe : {the.dream_card} va du {t.blue} ({y} – {b}).",
             "en": "{dreamer} passes: the {t.dream_card} goes to the {t.blue} ({y}–{b})."},
    "penalty": {"fr": "{who} dit un mot interdit et prend {the.dream_card} en pénalité : elle ne va d’aucun côté.",
                "en": "{who} says a forbidden word and takes the {t.dream_card} as a penalty: it goes to neither side."},
    "timer": {"fr": "Le sablier est écoulé : plus personne ne parle.", "en": "The timer runs out: nobody speaks any more."},
    "last_right": {"fr": "Dernière réponse de {dreamer} : juste, {the.dream_card} va du {t.yellow} ({y} – {b}).",
                   "en": "{dreamer}’s last answer is right: the {t.dream_card} goes to the {t.yellow} ({y}–{b})."},
    "last_wrong": {"fr": "Dernière réponse de {dreamer} : fausse, {the.dream_card} va du {t.blue} ({y} – {b}).",
                   "en": "{dreamer}’s last answer is wrong: the {t.dream_card} goes to the {t.blue} ({y}–{b})."},
    "last_none": {"fr": "{dreamer} ne donne pas de dernière réponse.", "en": "{dreamer} gives no last answer."},
    "remembered": {"fr": "Au réveil, {dreamer} raconte son rêve et cite toutes les cartes du {t.yellow}.",
                   "en": "Waking up, {dreamer} tells the dream and names every card of the {t.yellow}."},
    "forgot": {"fr": "Au réveil, {dreamer} raconte son rêve mais oublie une carte du {t.yellow}.",
               "en": "Waking up, {dreamer} tells the dream but forgets a card of the {t.yellow}."},
    "board": {"fr": "Sur {the.board} : {y} du {t.yellow}, {b} du {t.blue}.",
              "en": "On the {t.board}: {y} on the {t.yellow}, {b} on the {t.blue}."},
    "score": {"fr": "{player} ({role}) : {points}.", "en": "{player} ({role}): {points}."},
    "bonus": {"fr": "{player} ({role}) : {base} + {bonus} de bonus = {points}.",
              "en": "{player} ({role}): {base} + {bonus} bonus = {points}."},
    "title": {"fr": "Une {t.round} complète, marquée", "en": "A whole {t.round}, scored"},
}


def _say(spec: WhenIDreamSpec, key: str, lang: str, **values: object) -> str:
    return glossary.fill(glossary.of(spec), _SAY[key][lang], lang, **values)


def _key(e: Event, spec: WhenIDreamSpec) -> str | None:
    if e.kind is Kind.LAST:
        return f"last_{e.answer}"
    if e.kind is Kind.PASS and spec.dreamer_pass is not DreamerPass.BLUE:
        return None  # refused by the record check under the other reading
    return e.kind.value


def _told(spec: WhenIDreamSpec, rnd: Round, lang: str) -> tuple[str, ...]:
    """The night in one language: the roles, each event with the board after it, the narration, the points."""
    g = glossary.of(spec)
    points = round_scores(spec, rnd)
    roles = ", ".join(f"{p} ({g[r].name(lang)})" for p, r in rnd.roles)
    said = [_say(spec, "start", lang, dreamer=rnd.dreamer, roles=roles)]
    for k, e in enumerate(rnd.events):
        key = _key(e, spec)
        so_far = board(spec, Round(rnd.dreamer, rnd.roles, rnd.events[:k + 1], rnd.remembered_all))
        if key:
            said.append(_say(spec, key, lang, dreamer=rnd.dreamer, who=e.who, y=so_far.yellow, b=so_far.blue))
    b = board(spec, rnd)
    said.append(_say(spec, "remembered" if rnd.remembered_all else "forgot", lang, dreamer=rnd.dreamer))
    said.append(_say(spec, "board", lang, y=g["dream_card"].count(b.yellow, lang), b=g["dream_card"].count(b.blue, lang)))
    base, got = dreamer_score(spec, b, False), points[rnd.dreamer]
    dreamer = {"player": rnd.dreamer, "role": g["dreamer"].name(lang), "points": g["point"].count(got, lang)}
    said.append(_say(spec, "bonus", lang, base=base, bonus=got - base, **dreamer) if got > base else
                _say(spec, "score", lang, **dreamer))
    said += [_say(spec, "score", lang, player=p, role=g[r].name(lang), points=g["point"].count(points[p], lang))
             for p, r in rnd.roles]
    return tuple(said)


def night(spec: WhenIDreamSpec, rnd: Round, number: int = 1) -> WorkedExample:
    """One round of a record told event by event, then the board and every player's points."""
    b, points = board(spec, rnd), round_scores(spec, rnd)
    titles = tuple((lang, _say(spec, "title", lang)) for lang in ("fr", "en"))
    replayed = (*(str(e) for e in rnd.events), f"board yellow {b.yellow} blue {b.blue}",
                *(f"{p} {n}" for p, n in points.items()))
    return WorkedExample(f"night_{number}", titles, tuple((lang, _told(spec, rnd, lang)) for lang in ("fr", "en")),
                         replayed)


def example_record(spec: WhenIDreamSpec, path: Path | str | None = None) -> Record:
    """The recorded game the book's example is taken from (default: the shipped example record)."""
    p = Path(path) if path is not None else spec_dir().parent / "docs" / "examples" / "when_i_dream_game.toml"
    return check(load_record(p), spec, str(p))


def worked_examples(spec: WhenIDreamSpec, record: Record | None = None) -> tuple[WorkedExample, ...]:
    """The first night of the example record, told and scored."""
    rec = record if record is not None else example_record(spec)
    return (night(spec, rec.rounds[0], 1),)
