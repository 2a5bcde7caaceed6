"""Strategies and positions of Réveil told in French and English, with the spec's card names and the game's
words from its glossary (a re-themed spec is told in its own words).

>>> from songe.spec.reveil import load
>>> from songe.spec.expr import parse_condition
>>> spec = load()
>>> dream = next(c for c in spec.cards if c.kind is CardKind.DREAM)
>>> thought = next(c for c in spec.cards if c.kind is CardKind.THOUGHT)
>>> rule = StrategyRule(parse_condition("lucidity <= 2"), dream.id, thought.id, ())
>>> rule_words(rule, spec, "fr") == f"Contre {dream.name}, si ta Lucidité est de 2 ou moins : joue {thought.name}."
True
>>> rule_words(rule, spec, "en") == f"Against {dream.name}, if your Lucidity is 2 or less: play {thought.name}."
True
"""

from __future__ import annotations

from songe.games.reveil.state import State
from songe.spec import glossary
from songe.spec.expr import And, CmpOp, Compare, Condition, Flag, Not, Num, Or, Var
from songe.spec.reveil import CardKind, ReveilSpec, Strategy, StrategyRule

#: What a strategy's condition reads, as glossary templates (``{the.intensity}``, ``{agree.X:m|f}``).
_TERMS = {"fr": {"intensity": "{the.intensity} en cours",
                 "printed": "{the.intensity} {agree.intensity:imprimé|imprimée} {of.dream}",
                 "hand": "le nombre de {pl.thought} en {t.hand}", "lucidity": "{your.lucidity}",
                 "deck": "le nombre de {pl.card} restant dans {the.deck}",
                 "previous": "{the.intensity} {agree.intensity:imprimé|imprimée} {of.dream} "
                             "{agree.dream:précédent|précédente}",
                 "lost": "{the.lucidity} {agree.lucidity:perdu|perdue}"},
          "en": {"intensity": "the current {t.intensity}", "printed": "its printed {t.intensity}",
                 "hand": "the number of {pl.thought} in {t.hand}", "lucidity": "{your.lucidity}",
                 "deck": "the number of {pl.card} left in {the.deck}",
                 "previous": "the previous {t.dream}’s printed {t.intensity}", "lost": "{the.lucidity} lost"}}
#: Where a card is counted, by the zone a condition reads.
_ZONES = {"fr": {"discard": "dans {the.discard}", "deck": "dans {the.deck}", "hand": "en {t.hand}"},
          "en": {"discard": "in {the.discard}", "deck": "in {the.deck}", "hand": "in {t.hand}"}}


def _say(spec: ReveilSpec, lang: str, template: str, **values: object) -> str:
    """A template in the spec's words (its card names come in ``values``, never in the template)."""
    return glossary.fill(glossary.of(spec), template, lang, **values)


_OPS = {"fr": {CmpOp.GE: "est de {} ou plus", CmpOp.LE: "est de {} ou moins", CmpOp.GT: "est de plus de {}",
               CmpOp.LT: "est de moins de {}", CmpOp.EQ: "est de {}", CmpOp.NE: "n’est pas de {}"},
        "en": {CmpOp.GE: "is {} or more", CmpOp.LE: "is {} or less", CmpOp.GT: "is more than {}",
               CmpOp.LT: "is less than {}", CmpOp.EQ: "is {}", CmpOp.NE: "is not {}"}}


def _term(t: Num | Var, spec: ReveilSpec, lang: str) -> str:
    if isinstance(t, Num):
        return str(t.value)
    if t.key is not None:
        where = _ZONES[lang].get(t.name, _ZONES[lang]["hand"])
        return _say(spec, lang, ("le nombre de {name} " if lang == "fr" else "the number of {name} ") + where,
                    name=spec.card(t.key).name)
    return _say(spec, lang, _TERMS[lang][t.name]) if t.name in _TERMS[lang] else t.name


def condition_words(cond: Condition, spec: ReveilSpec, lang: str) -> str:
    """A strategy's condition as a player would check it."""
    fr = lang == "fr"
    if isinstance(cond, Compare) and isinstance(cond.left, Var) and cond.left.key is not None \
            and isinstance(cond.right, Num) and cond.right.value in (0, 1) and cond.op in (CmpOp.EQ, CmpOp.GE):
        name = spec.card(cond.left.key).name
        present = cond.op is CmpOp.GE or cond.right.value == 1
        said = {("discard", True): ("{name} est déjà dans {the.discard}", "{name} is already in {the.discard}"),
                ("discard", False): ("{name} n’est pas encore dans {the.discard}",
                                     "{name} is not in {the.discard} yet"),
                ("deck", True): ("{name} est encore dans {the.deck}", "{name} is still in {the.deck}"),
                ("deck", False): ("{name} n’est plus dans {the.deck}", "{name} is no longer in {the.deck}"),
                ("hand", True): ("tu as {name} en {t.hand}", "you hold {name}"),
                ("hand", False): ("tu n’as pas {name} en {t.hand}", "you do not hold {name}")}
        pair = said.get((cond.left.name, present))
        if pair is not None:
            return _say(spec, lang, pair[0 if fr else 1], name=name)
    if isinstance(cond, Compare):
        right = _term(cond.right, spec, lang)
        return f"{_term(cond.left, spec, lang)} {_OPS[lang][cond.op].format(right)}"
    if isinstance(cond, Flag):
        return _say(spec, lang, "{a.thought} a été {agree.thought:joué|jouée} contre {agree.dream:lui|elle}" if fr
                    else "{a.thought} was played against it")
    if isinstance(cond, Not):
        inner = condition_words(cond.item, spec, lang)
        return f"non ({inner})" if fr else f"not ({inner})"
    joiner = (" et " if fr else " and ") if isinstance(cond, And) else (" ou " if fr else " or ")
    assert isinstance(cond, (And, Or))
    return joiner.join(condition_words(c, spec, lang) for c in cond.items)


def _play(rule: StrategyRule, spec: ReveilSpec, lang: str) -> str:
    fr = lang == "fr"
    if rule.play == "none":
        return _say(spec, lang, "ne joue {no.thought}" if fr else "play {no.thought}")
    if rule.play != "first":
        return f"joue {spec.card(rule.play).name}" if fr else f"play {spec.card(rule.play).name}"
    order = ", ".join(c.name for c in spec.cards if c.kind is CardKind.THOUGHT and c.id not in rule.excluded)
    return _say(spec, lang, "joue {agree.thought:le premier|la première} {t.thought} que tu as parmi {order} "
                "(dans cet ordre)" if fr else "play the first {t.thought} you hold among {order} (in that order)",
                order=order)


def rule_words(rule: StrategyRule, spec: ReveilSpec, lang: str) -> str:
    """One rule as a sentence."""
    fr = lang == "fr"
    parts = []
    if rule.dream is not None:
        parts.append(f"Contre {spec.card(rule.dream).name}" if fr else f"Against {spec.card(rule.dream).name}")
    if rule.condition is not None:
        when = condition_words(rule.condition, spec, lang)
        parts.append((f"si {when}" if parts else f"Si {when}") if fr else (f"if {when}" if parts else f"If {when}"))
    play = _play(rule, spec, lang)
    if not parts:
        return f"{play[0].upper()}{play[1:]}."
    return ", ".join(parts) + f" : {play}." if fr else ", ".join(parts) + f": {play}."


def strategy_words(strategy: Strategy, spec: ReveilSpec, lang: str) -> list[str]:
    """The rules in order, then what happens when none applies."""
    fr = lang == "fr"
    lines = [rule_words(r, spec, lang) for r in strategy.rules]
    if not lines:
        return [_say(spec, lang, "Ne joue jamais de {t.thought}." if fr else "Never play {a.thought}.")]
    if any(r.play == "first" and r.dream is None and r.condition is None and not r.excluded for r in strategy.rules):
        return lines
    return [*lines, _say(spec, lang, "Sinon, ne joue {no.thought}." if fr else "Otherwise, play {no.thought}.")]


def situation(state: State, spec: ReveilSpec, lang: str) -> str:
    """A decision state as a player sees it: hand, Lucidité, the dream to answer, what is left."""
    fr = lang == "fr"
    held = [c.name for c, n in zip(spec.cards, state.hand, strict=True) for _ in range(n)]
    join = " et " if fr else " and "
    hand = join.join([", ".join(held[:-1]), held[-1]]) if len(held) > 1 else held[0] if held else ""
    frame = state.stack[-1]
    dream = spec.cards[frame.card].name
    left = sum(state.unseen)
    chained = len(state.stack) > 1
    seen = ", ".join(c.name + (f" ×{n}" if n > 1 else "") for c, n in zip(spec.cards, state.discard, strict=True) if n)
    g = glossary.of(spec)
    values = {"held": hand, "lucidity": g["lucidity"].count(state.lucidity, lang), "dream": dream,
              "intensity": frame.intensity, "seen": seen, "left": g["card"].count(left, lang)}
    if fr:
        return _say(spec, lang, "Tu as {held} en {t.hand}, {lucidity} ; {dream} arrive" + " en chaîne" * chained
                    + " ({T.intensity} en cours {intensity}) ; {t.discard} : "
                    + ("{seen}" if seen else "vide") + " ; {left} dans {the.deck}", **values)
    return _say(spec, lang, "You hold {held}, {lucidity}; {dream} comes" + " chained" * chained
                + " (current {t.intensity} {intensity}); {t.discard}: " + ("{seen}" if seen else "empty")
                + "; {left} left in {the.deck}", **values)


def departure_words(state: State, played: int, best: int, spec: ReveilSpec, lang: str) -> str:
    """A position where a strategy departs from optimal play, told as a player would hear it."""
    where, theirs, ours = situation(state, spec, lang), move_words(played, spec, lang), move_words(best, spec, lang)
    if lang == "fr":
        return f"{where}. La stratégie dit de {theirs}, le meilleur jeu de {ours}."
    return f"{where}. The strategy says {theirs}; best play says {ours}."


def move_words(action: int, spec: ReveilSpec, lang: str) -> str:
    """A decision as words: the thought played, or none."""
    if action < 0:
        return _say(spec, lang, "ne jouer {no.thought}" if lang == "fr" else "play {no.thought}")
    return (f"jouer {spec.cards[action].name}" if lang == "fr" else f"play {spec.cards[action].name}")
