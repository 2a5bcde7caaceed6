"""When I Dream's worked example: one round of a recorded game, told card by card and scored end to end.

Every answer moves a Dream card to a side of the board, the Day's story decides the
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

#: The sentences of a told night, per language, as a player would tell it: card by card, then the Day.
#: Fields: dreamer, who, n (the card's rank in the night), scores (every player's points, joined).
_SAY: dict[str, dict[str, str]] = {
    "start": {"fr": "{dreamer} est {the.dreamer}. Les autres ont reçu leur rôle en secret : {roles}.",
              "en": "{dreamer} is the {t.dreamer}. The others got their roles in secret: {roles}."},
    "right": {"fr": "Carte {n} : {dreamer} répond juste, la carte va du {t.yellow}.",
              "en": "Card {n}: {dreamer} answers right, and the card goes to the {t.yellow}."},
    "wrong": {"fr": "Carte {n} : {dreamer} se trompe, la carte va du {t.blue}.",
              "en": "Card {n}: {dreamer} answers wrong, and the card goes to the {t.blue}."},
    "pass": {"fr": "Carte {n} : {dreamer} passe, la carte va du {t.blue}.",
             "en": "Card {n}: {dreamer} passes, and the card goes to the {t.blue}."},
    "penalty": {"fr": "Carte {n} : {who} dit un mot interdit et prend la carte en pénalité ; elle ne va d’aucun côté, "
                      "et l’on prévient {dreamer} que la carte a changé.",
                "en": "Card {n}: {who} says a forbidden word and takes the card as a penalty; it goes to neither "
                      "side, and {dreamer} is warned that the card has changed."},
    "timer": {"fr": "Le sablier s’écoule pendant la carte {n} : plus personne ne parle.",
              "en": "The sand timer runs out during card {n}: nobody speaks any more."},
    "last_right": {"fr": "{dreamer} donne une dernière réponse, juste : la carte {n} va du {t.yellow}.",
                   "en": "{dreamer} gives a last answer, a right one: card {n} goes to the {t.yellow}."},
    "last_wrong": {"fr": "{dreamer} donne une dernière réponse, fausse : la carte {n} va du {t.blue}.",
                   "en": "{dreamer} gives a last answer, a wrong one: card {n} goes to the {t.blue}."},
    "last_none": {"fr": "{dreamer} ne donne pas de dernière réponse : la carte {n} reste sans effet.",
                  "en": "{dreamer} gives no last answer: card {n} has no effect."},
    "remembered": {"fr": "{The.day} : {dreamer} raconte son rêve et y cite toutes les cartes du {t.yellow}.",
                   "en": "{The.day}: {dreamer} tells the dream and names in it every card of the {t.yellow}."},
    "forgot": {"fr": "{The.day} : {dreamer} raconte son rêve mais oublie une carte du {t.yellow}.",
               "en": "{The.day}: {dreamer} tells the dream but forgets a card of the {t.yellow}."},
    "board": {"fr": "Sur {the.board}, {y} du {t.yellow} et {b} du {t.blue}. Points de la {t.round} : {scores}.",
              "en": "On the {t.board}, {y} on the {t.yellow} and {b} on the {t.blue}. Points for the {t.round}: "
                    "{scores}."},
    "score": {"fr": "{player} ({role}) {points}", "en": "{player} ({role}) {points}"},
    "bonus": {"fr": "{player} ({role}) {base} + {bonus} de bonus = {points}",
              "en": "{player} ({role}) {base} + {bonus} bonus = {points}"},
    "penalties": {"fr": "{who} perdra en plus {points} en fin de partie pour sa pénalité.",
                  "en": "{who} will also lose {points} at the end of the game for the penalty."},
    "title": {"fr": "Une {t.round} racontée pas à pas", "en": "A {t.round} told step by step"},
}
_JOIN = {"fr": " ; ", "en": "; "}


def _say(spec: WhenIDreamSpec, key: str, lang: str, **values: object) -> str:
    return glossary.fill(glossary.of(spec), _SAY[key][lang], lang, **values)


def _key(e: Event, spec: WhenIDreamSpec) -> str | None:
    if e.kind is Kind.LAST:
        return f"last_{e.answer}"
    if e.kind is Kind.PASS and spec.dreamer_pass is not DreamerPass.BLUE:
        return None  # refused by the record check under the other reading
    return e.kind.value


def _told(spec: WhenIDreamSpec, rnd: Round, lang: str) -> tuple[str, ...]:
    """The night in one language: the roles, each card's fate, the Day's story, the board and everyone's points."""
    g = glossary.of(spec)
    points = round_scores(spec, rnd)
    roles = ", ".join(f"{p} ({g[r].name(lang)})" for p, r in rnd.roles)
    said = [_say(spec, "start", lang, dreamer=rnd.dreamer, roles=roles)]
    card = 1  # the card in play: every event but the timer and the last answer takes it off the Bed
    for e in rnd.events:
        key = _key(e, spec)
        if key:
            said.append(_say(spec, key, lang, dreamer=rnd.dreamer, who=e.who, n=card))
        if e.kind not in (Kind.TIMER, Kind.LAST):
            card += 1
    b = board(spec, rnd)
    said.append(_say(spec, "remembered" if rnd.remembered_all else "forgot", lang, dreamer=rnd.dreamer))
    base, got = dreamer_score(spec, b, False), points[rnd.dreamer]
    dreamer = {"player": rnd.dreamer, "role": g["dreamer"].name(lang), "points": g["point"].count(got, lang)}
    scores = [_say(spec, "bonus", lang, base=base, bonus=got - base, **dreamer) if got > base else
              _say(spec, "score", lang, **dreamer)]
    scores += [_say(spec, "score", lang, player=p, role=g[r].name(lang), points=g["point"].count(points[p], lang))
               for p, r in rnd.roles]
    said.append(_say(spec, "board", lang, y=g["dream_card"].count(b.yellow, lang),
                     b=g["dream_card"].count(b.blue, lang), scores=_JOIN[lang].join(scores)))
    for who in dict.fromkeys(e.who for e in rnd.events if e.kind is Kind.PENALTY and e.who):
        taken = sum(1 for e in rnd.events if e.kind is Kind.PENALTY and e.who == who) * spec.penalty_points
        said.append(_say(spec, "penalties", lang, who=who, points=g["point"].count(taken, lang)))
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
