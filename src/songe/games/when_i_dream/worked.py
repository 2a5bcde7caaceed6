"""When I Dream's worked example: one round of a recorded game, told card by card and scored end to end.

Every answer moves a Dream card to a side of the board, the Day's story decides the
dreamer's bonus, and the scoring (:mod:`songe.games.when_i_dream.scoring`) gives each
player's points; the words come from this module's templates and the spec's glossary.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from songe.games.when_i_dream.record import Event, Kind, Record, Round, check, load_record
from songe.games.when_i_dream.scoring import board, dreamer_score, round_scores, sandman_case
from songe.games.worked import WorkedExample
from songe.rulebook.typography import listed
from songe.spec import glossary
from songe.spec.sources import spec_dir
from songe.spec.when_i_dream import DreamerPass, WhenIDreamSpec
from songe.spec.words import Words, words_of

#: The sentences of a told night, per language, as a player would tell it: card by card, then the Day.
#: Fields: dreamer, who, next (the player after who), n (the card's rank in the night), card (the card and its
#: clues), answer (the Dreamer's words, quoted), scores (every player's points, joined).
_SAY: dict[str, dict[str, str]] = {
    "start": {"fr": "{dreamer} est {the.dreamer}. Les autres ont reçu leur rôle en secret : {roles}. {first}, "
                    "à sa gauche, donne le premier mot.",
              "en": "{dreamer} is the {t.dreamer}. The others have received their roles in secret: {roles}. {first} sits on "
                    "{dreamer}’s left and gives the first word."},
    "card": {"fr": "Carte {n}.", "en": "Card {n}."},
    "card_words": {"fr": "Carte {n}, {word} : {clues}.", "en": "Card {n}, {word}: {clues}."},
    "answer": {"fr": " « {answer} »", "en": " “{answer}”"},
    "right": {"fr": "{card} {dreamer} répond{answer} : c’est juste, la carte va du {t.yellow}.",
              "en": "{card} {dreamer} answers{answer}: right, and the card goes to the {t.yellow}."},
    "wrong": {"fr": "{card} {dreamer} répond{answer} : c’est faux, la carte va du {t.blue} ; personne ne le lui dit.",
              "en": "{card} {dreamer} answers{answer}: wrong, and the card goes to the {t.blue}; nobody tells {dreamer}."},
    "pass": {"fr": "{card} {dreamer} dit « Je passe » : la carte va du {t.blue}.",
             "en": "{card} {dreamer} says “Pass”: the card goes to the {t.blue}."},
    "penalty": {"fr": "{card} Mot interdit : {who} prend la carte en pénalité ; elle ne va d’aucun côté. On prévient "
                      "{dreamer} que la carte a changé, et {next} donne le premier mot sur la nouvelle carte.",
                "en": "{card} Forbidden word: {who} takes the card as a penalty; it goes to neither side. "
                      "{dreamer} is told that the card has changed, and {next} gives the first word on the new card."},
    "timer": {"fr": "{card} Le sablier est écoulé : les autres joueurs se taisent.",
              "en": "{card} The sand timer runs out: the other players stop giving clues."},
    "last_right": {"fr": "{dreamer} donne une dernière réponse, juste : la carte {n} va du {t.yellow}.",
                   "en": "{dreamer} gives a last answer, a right one: card {n} goes to the {t.yellow}."},
    "last_wrong": {"fr": "{dreamer} donne une dernière réponse, fausse : la carte {n} va du {t.blue}.",
                   "en": "{dreamer} gives a last answer, a wrong one: card {n} goes to the {t.blue}."},
    "last_none": {"fr": "{dreamer} ne donne pas de dernière réponse : la carte {n} reste dans le Lit, sans effet.",
                  "en": "{dreamer} gives no last answer: card {n} stays in the Bed, with no effect."},
    "story": {"fr": " : {story}", "en": ": {story}"},
    "remembered": {"fr": "{The.day}, {dreamer} raconte son rêve{story} Toutes les cartes du {t.yellow} y sont "
                         "citées : le bonus est acquis.",
                   "en": "{The.day}: {dreamer} tells the dream{story} Every card on the {t.yellow} is mentioned: the "
                         "bonus is earned."},
    "empty": {"fr": "{The.day}, {dreamer} raconte son rêve{story} Aucune carte n’est du {t.yellow} : pas de bonus.",
              "en": "{The.day}: {dreamer} tells the dream{story} No card is on the {t.yellow}: no bonus."},
    "empty_bonus": {"fr": "{The.day}, {dreamer} raconte son rêve{story} Aucune carte n’est du {t.yellow}, et il n’en "
                          "manque donc aucune : le bonus est acquis.",
                    "en": "{The.day}: {dreamer} tells the dream{story} No card is on the {t.yellow}, so none is "
                          "missing: the bonus is earned."},
    "blue_kept": {"fr": "{The.day}, {dreamer} raconte son rêve{story} Toutes les cartes du {t.yellow} y sont citées, "
                        "et au moins une du {t.blue} : le bonus est acquis.",
                  "en": "{The.day}: {dreamer} tells the dream{story} Every card on the {t.yellow} is mentioned, and at least "
                        "one on the {t.blue} too: the bonus is earned."},
    "blue_named": {"fr": "{The.day}, {dreamer} raconte son rêve en citant toutes ses réponses, sans savoir lesquelles "
                         "étaient justes{story} Toutes celles du {t.yellow} ({yellow}) y sont : le bonus est acquis ; "
                         "citer {blue}, ses réponses aux cartes {blue_cards} du {t.blue}, ne lui coûte rien.",
                   "en": "{The.day}: {dreamer} tells the dream, mentioning every answer without knowing which were "
                         "right{story} Every word on the {t.yellow} ({yellow}) is in it, so the bonus is earned; "
                         "mentioning {blue} (the answers to {blue_cards}, on the {t.blue}) costs nothing."},
    "blue_lost": {"fr": "{The.day}, {dreamer} raconte son rêve{story} Toutes les cartes du {t.yellow} y sont citées, "
                        "mais aussi au moins une du {t.blue} : pas de bonus.",
                  "en": "{The.day}: {dreamer} tells the dream{story} Every card on the {t.yellow} is mentioned, but at least "
                        "one on the {t.blue} too: no bonus."},
    "forgot": {"fr": "{The.day}, {dreamer} raconte son rêve{story} Une carte du {t.yellow} y manque : pas de bonus.",
               "en": "{The.day}: {dreamer} tells the dream{story} A card on the {t.yellow} is missing: no bonus."},
    "board": {"fr": "{The.board} compte {y} du {t.yellow} et {b} du {t.blue}. Points de la {t.round} : {scores}.",
              "en": "The {t.board} shows {y} on the {t.yellow} and {b} on the {t.blue}. Points for the {t.round}: "
                    "{scores}."},
    "score": {"fr": "{player} ({role}) {points}", "en": "{player} ({role}) {points}"},
    "because": {"fr": "{player} ({role}) {points} ({why})", "en": "{player} ({role}) {points} ({why})"},
    "bonus": {"fr": "{player} ({role}) {base} + {bonus} de bonus = {points}",
              "en": "{player} ({role}) {base} + {bonus} bonus = {points}"},
    "penalties": {"fr": "{who} perdra en plus {points} en fin de partie pour sa pénalité.",
                  "en": "{who} will also lose {points} at the end of the game for the penalty."},
    "title": {"fr": "Carte par carte", "en": "Card by card"},
}
_JOIN = {"fr": " ; ", "en": "; "}
#: The last link of a list of words (« PIZZA et PION »).
def _say(spec: WhenIDreamSpec, key: str, lang: str, **values: object) -> str:
    return glossary.say(spec, _SAY, key, lang, **values)


def _key(e: Event, spec: WhenIDreamSpec) -> str | None:
    if e.kind is Kind.LAST:
        return f"last_{e.answer}"
    if e.kind is Kind.PASS and spec.dreamer_pass is not DreamerPass.BLUE:
        return None  # refused by the record check under the other reading
    return e.kind.value


def _word(words: Words | None, key: str, lang: str) -> str:
    """The example's word for ``key`` in ``lang`` ("" when the example file gives none)."""
    return words.get(key, lang) if words is not None and f"{key}" in words.one else ""


def _card(spec: WhenIDreamSpec, words: Words | None, n: int, lang: str) -> tuple[str, str]:
    """The card's opening (« Carte 2, LUNE : Ben « nuit »… ») and the Dreamer's quoted answer, from the words."""
    word, clues, answer = (_word(words, f"card.{n}.{k}", lang) for k in ("word", "clues", "answer"))
    card = _say(spec, "card_words", lang, n=n, word=word, clues=clues) if word else _say(spec, "card", lang, n=n)
    return card, _say(spec, "answer", lang, answer=answer) if answer else ""


def board_words(spec: WhenIDreamSpec, rnd: Round, words: Words, lang: str) -> dict[str, list[str]]:
    """The example's words of the cards that end on each side of the board (``yellow``, ``blue``), in play order:
    the card's rank in the night is counted as the told night counts it."""
    sides: dict[str, list[str]] = {"yellow": [], "blue": []}
    n = 1
    for e in rnd.events:
        fate = e.answer if e.kind is Kind.LAST else e.kind.value
        side = {"right": "yellow", "wrong": "blue", "pass": "blue"}.get(fate or "")
        if side:
            sides[side].append(_word(words, f"card.{n}.word", lang))
        if e.kind not in (Kind.TIMER, Kind.LAST):
            n += 1
    return sides


def _answers(rnd: Round, words: Words | None, lang: str) -> dict[str, list[str]]:
    """The Dreamer's answers as the story names them (« PIZZA »), by the side their card went to, in play order,
    and (under ``<side>_cards``) the words of the cards they answered, so that an answer is never taken for its
    card; a card the example gives no answer for is left out."""
    sides: dict[str, list[str]] = {"yellow": [], "blue": [], "yellow_cards": [], "blue_cards": []}
    n = 1
    for e in rnd.events:
        side = {"right": "yellow", "wrong": "blue"}.get((e.answer if e.kind is Kind.LAST else e.kind.value) or "")
        said = _word(words, f"card.{n}.answer", lang).rstrip(" !?\u00a0\u202f").upper()
        if side and said:
            sides[side].append(said)
            sides[f"{side}_cards"].append(_word(words, f"card.{n}.word", lang))
        if e.kind not in (Kind.TIMER, Kind.LAST):
            n += 1
    return sides


def _told(spec: WhenIDreamSpec, rec: Record, rnd: Round, lang: str, words: Words | None) -> tuple[str, ...]:
    """The night in one language: the roles, each card with its clues and fate, the Day's story, the board and
    everyone's points (a Sandman's with the case that gives them)."""
    g = glossary.of(spec)

    def name(player: str) -> str:
        return _word(words, f"names.{player}", lang) or player

    def left_of(player: str) -> str:
        return name(rec.players[(rec.players.index(player) + 1) % len(rec.players)])

    points = round_scores(spec, rnd)
    dreamer = name(rnd.dreamer)
    roles = ", ".join(f"{name(p)} ({g[r].name(lang)})" for p, r in rnd.roles)
    said = [_say(spec, "start", lang, dreamer=dreamer, roles=roles, first=left_of(rnd.dreamer))]
    n = 1  # the card in play: every event but the timer and the last answer takes it off the Bed
    for e in rnd.events:
        key = _key(e, spec)
        if key:
            card, answer = _card(spec, words, n, lang)
            said.append(_say(spec, key, lang, dreamer=dreamer, who=name(e.who or ""), n=n, card=card, answer=answer,
                             next=left_of(e.who) if e.who else ""))
        if e.kind not in (Kind.TIMER, Kind.LAST):
            n += 1
    if rnd.events and rnd.events[-1].kind is Kind.TIMER:  # no last answer recorded: said, not left to be inferred
        said.append(_say(spec, "last_none", lang, dreamer=dreamer, n=n))
    b = board(spec, rnd)
    story = _word(words, "story.text", lang)
    base, got = dreamer_score(spec, b, False), points[rnd.dreamer]
    key, named = _story_key(rnd, b.yellow, got > base), _answers(rnd, words, lang)
    if key == "blue_kept" and story and named["yellow"] and named["blue"]:  # the story's words show what it named
        key = "blue_named"
    said.append(_say(spec, key, lang, dreamer=dreamer, yellow=listed(named["yellow"], lang),
                     blue=listed(named["blue"], lang), blue_cards=listed(named["blue_cards"], lang),
                     story=_say(spec, "story", lang, story=story) if story else "."))
    mine = {"player": dreamer, "role": g["dreamer"].name(lang), "points": g["point"].count(got, lang)}
    scores = [_say(spec, "bonus", lang, base=base, bonus=got - base, **mine) if got > base else
              _say(spec, "score", lang, **mine)]
    case = sandman_case(spec, b)
    why = _word(words, f"sandman_case.{case + 1}", lang) if case is not None else ""
    for p, r in rnd.roles:
        one = {"player": name(p), "role": g[r].name(lang), "points": g["point"].count(points[p], lang)}
        sandman = spec.role(r).score is None and why
        scores.append(_say(spec, "because", lang, why=why, **one) if sandman else _say(spec, "score", lang, **one))
    said.append(_say(spec, "board", lang, y=g["dream_card"].count(b.yellow, lang),
                     b=g["dream_card"].count(b.blue, lang), scores=_JOIN[lang].join(scores)))
    for who in dict.fromkeys(e.who for e in rnd.events if e.kind is Kind.PENALTY and e.who):
        taken = sum(1 for e in rnd.events if e.kind is Kind.PENALTY and e.who == who) * spec.penalty_points
        said.append(_say(spec, "penalties", lang, who=name(who), points=g["point"].count(taken, lang)))
    return tuple(said)


def _story_key(rnd: Round, yellow: int, bonus: bool) -> str:
    """Which sentence tells the Day: what the story named (every Yellow card, none to name, a Blue one too) and
    whether the bonus followed, as the scoring under the readings gave it."""
    if not rnd.remembered_all:
        return "forgot"
    if not yellow:
        return "empty_bonus" if bonus else "empty"
    if rnd.mentioned_blue:
        return "blue_kept" if bonus else "blue_lost"
    return "remembered"


def night(spec: WhenIDreamSpec, rec: Record, number: int = 1, words: Words | None = None) -> WorkedExample:
    """One round of a record told event by event (dressed with the example's words when given), then the board
    and every player's points."""
    rnd = rec.rounds[number - 1]
    b, points = board(spec, rnd), round_scores(spec, rnd)
    titles = tuple((lang, _say(spec, "title", lang)) for lang in ("fr", "en"))
    replayed = (*(str(e) for e in rnd.events), f"board yellow {b.yellow} blue {b.blue}",
                *(f"{p} {n}" for p, n in points.items()))
    return WorkedExample(f"night_{number}", titles,
                         tuple((lang, _told(spec, rec, rnd, lang, words)) for lang in ("fr", "en")), replayed)


def example_record(spec: WhenIDreamSpec, path: Path | str | None = None) -> Record:
    """The recorded game the book's example is taken from (default: the shipped example record)."""
    p = Path(path) if path is not None else spec_dir().parent / "docs" / "examples" / "when_i_dream_game.toml"
    return check(load_record(p), spec, str(p))


def worked_examples(spec: WhenIDreamSpec, record: Record | None = None) -> tuple[WorkedExample, ...]:
    """The first night of the example record, told with the example's words (the shipped record only) and scored."""
    rec = record if record is not None else example_record(spec)
    return (night(spec, rec, 1, words_of(spec.file, "example") if record is None else None),)


def named_record(spec: WhenIDreamSpec, data: dict[str, Any]) -> Record:
    """Record data (a witness of a reading) checked under ``spec``, its players renamed after the example
    record's (raises RecordError when the spec's readings refuse the round)."""
    names = dict(zip(data["players"], example_record(spec).players, strict=False))
    rounds = [{**r, "dreamer": names[r["dreamer"]], "roles": {names[p]: x for p, x in r["roles"].items()}}
              for r in data["rounds"]]
    return check({**data, "players": [names[p] for p in data["players"]], "rounds": rounds}, spec)


def tell_round(spec: WhenIDreamSpec, data: dict[str, Any], lang: str) -> tuple[str, ...]:
    """A round given as record data (a witness of a reading), told as the book tells its example, its players
    named after the example record's and each card dressed with the example's words for its fate (raises
    RecordError when the spec's readings refuse the round)."""
    rec = named_record(spec, data)
    return _told(spec, rec, rec.rounds[0], lang, _dressed(rec.rounds[0], words_of(spec.file, "example")))


def _dressed(rnd: Round, words: Words) -> Words:
    """The example's words for a witness round: the players' names, and each card's word, clues and answer
    taken from ``witness.<fate>.<k>`` (the k-th card of that fate: right, wrong, pass, penalty, timer), so that
    an editor reads the word and the clues, not « Carte 1 »; a fate the file does not dress stays bare. The
    example's own cards are another night's: their answers would not match the witness's fates."""
    one = {k: v for k, v in words.one.items() if k.startswith("names.")}
    seen: dict[str, int] = {}
    n = 1
    for e in rnd.events:
        if e.kind is not Kind.LAST:  # a last answer is on the card the timer stopped: already dressed
            fate = e.kind.value
            seen[fate] = seen.get(fate, 0) + 1
            for part in ("word", "clues", "answer"):
                key = f"witness.{fate}.{seen[fate]}.{part}"
                if key in words.one:
                    one[f"card.{n}.{part}"] = words.one[key]
        if e.kind not in (Kind.TIMER, Kind.LAST):
            n += 1
    return dataclasses.replace(words, one=one)
