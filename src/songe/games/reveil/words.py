"""Strategies and positions of Réveil told in French and English, with the spec's card names.

>>> from songe.spec.reveil import load
>>> from songe.spec.expr import parse_condition
>>> spec = load()
>>> dream = next(c for c in spec.cards if c.kind is CardKind.DREAM)
>>> thought = next(c for c in spec.cards if c.kind is CardKind.THOUGHT)
>>> rule = StrategyRule(parse_condition("lucidity <= 2"), dream.id, thought.id, ())
>>> rule_words(rule, spec, "fr") == f"Contre {dream.name}, si ta Lucidité est de 2 ou moins : joue {thought.name}."
True
>>> rule_words(rule, spec, "en") == f"Against {dream.name}, if your Lucidité is 2 or less: play {thought.name}."
True
"""

from __future__ import annotations

from songe.games.reveil.state import State
from songe.spec.expr import And, CmpOp, Compare, Condition, Flag, Not, Num, Or, Var
from songe.spec.reveil import CardKind, ReveilSpec, Strategy, StrategyRule

_TERMS = {"fr": {"intensity": "l’Intensité en cours", "printed": "son Intensité imprimée",
                 "hand": "le nombre de Pensées en main", "lucidity": "ta Lucidité",
                 "deck": "le nombre de cartes restant dans le paquet",
                 "previous": "l’Intensité imprimée du rêve précédent", "lost": "la Lucidité perdue"},
          "en": {"intensity": "the current intensity", "printed": "its printed intensity",
                 "hand": "the number of thoughts in hand", "lucidity": "your Lucidité",
                 "deck": "the number of cards left in the deck",
                 "previous": "the previous dream’s printed intensity", "lost": "the Lucidité lost"}}
_OPS = {"fr": {CmpOp.GE: "est de {} ou plus", CmpOp.LE: "est de {} ou moins", CmpOp.GT: "est de plus de {}",
               CmpOp.LT: "est de moins de {}", CmpOp.EQ: "est de {}", CmpOp.NE: "n’est pas de {}"},
        "en": {CmpOp.GE: "is {} or more", CmpOp.LE: "is {} or less", CmpOp.GT: "is more than {}",
               CmpOp.LT: "is less than {}", CmpOp.EQ: "is {}", CmpOp.NE: "is not {}"}}


def _term(t: Num | Var, spec: ReveilSpec, lang: str) -> str:
    if isinstance(t, Num):
        return str(t.value)
    if t.key is not None:
        name = spec.card(t.key).name
        where = {"discard": "dans la défausse", "deck": "dans le paquet"}.get(t.name, "en main") if lang == "fr" \
            else {"discard": "in the discard", "deck": "in the deck"}.get(t.name, "in hand")
        return f"le nombre de {name} {where}" if lang == "fr" else f"the number of {name} {where}"
    return _TERMS[lang].get(t.name, t.name)


def condition_words(cond: Condition, spec: ReveilSpec, lang: str) -> str:
    """A strategy's condition as a player would check it."""
    fr = lang == "fr"
    if isinstance(cond, Compare) and isinstance(cond.left, Var) and cond.left.key is not None \
            and isinstance(cond.right, Num) and cond.right.value in (0, 1) and cond.op in (CmpOp.EQ, CmpOp.GE):
        name = spec.card(cond.left.key).name
        present = cond.op is CmpOp.GE or cond.right.value == 1
        if cond.left.name == "discard":
            if present:
                return f"{name} est déjà dans la défausse" if fr else f"{name} is already in the discard"
            return f"{name} n’est pas encore dans la défausse" if fr else f"{name} is not in the discard yet"
        if cond.left.name == "deck":
            if present:
                return f"{name} est encore dans le paquet" if fr else f"{name} is still in the deck"
            return f"{name} n’est plus dans le paquet" if fr else f"{name} is no longer in the deck"
        if cond.left.name == "hand":
            if present:
                return f"tu as {name} en main" if fr else f"you hold {name}"
            return f"tu n’as pas {name} en main" if fr else f"you do not hold {name}"
    if isinstance(cond, Compare):
        right = _term(cond.right, spec, lang)
        return f"{_term(cond.left, spec, lang)} {_OPS[lang][cond.op].format(right)}"
    if isinstance(cond, Flag):
        return "une Pensée a été jouée contre lui" if fr else "a thought was played against it"
    if isinstance(cond, Not):
        inner = condition_words(cond.item, spec, lang)
        return f"non ({inner})" if fr else f"not ({inner})"
    joiner = (" et " if fr else " and ") if isinstance(cond, And) else (" ou " if fr else " or ")
    assert isinstance(cond, (And, Or))
    return joiner.join(condition_words(c, spec, lang) for c in cond.items)


def _play(rule: StrategyRule, spec: ReveilSpec, lang: str) -> str:
    fr = lang == "fr"
    if rule.play == "none":
        return "ne joue aucune Pensée" if fr else "play no thought"
    if rule.play != "first":
        return f"joue {spec.card(rule.play).name}" if fr else f"play {spec.card(rule.play).name}"
    order = ", ".join(c.name for c in spec.cards if c.kind is CardKind.THOUGHT and c.id not in rule.excluded)
    if fr:
        return f"joue la première Pensée que tu as parmi {order} (dans cet ordre)"
    return f"play the first thought you hold among {order} (in that order)"


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
        return ["Ne joue jamais de Pensée." if fr else "Never play a thought."]
    if any(r.play == "first" and r.dream is None and r.condition is None and not r.excluded for r in strategy.rules):
        return lines
    return [*lines, "Sinon, ne joue aucune Pensée." if fr else "Otherwise, play no thought."]


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
    if fr:
        return (f"Tu as {hand} en main, {state.lucidity} Lucidité ; {dream} arrive"
                f"{' en chaîne' if chained else ''} (Intensité en cours {frame.intensity}) ; "
                f"défausse : {seen or 'vide'} ; {left} carte{'s' * (left > 1)} dans le paquet")
    return (f"You hold {hand}, {state.lucidity} Lucidité; {dream} comes{' chained' if chained else ''} "
            f"(current intensity {frame.intensity}); discard: {seen or 'empty'}; "
            f"{left} card{'s' * (left != 1)} left in the deck")


def departure_words(state: State, played: int, best: int, spec: ReveilSpec, lang: str) -> str:
    """A position where a strategy departs from optimal play, told as a player would hear it."""
    where, theirs, ours = situation(state, spec, lang), move_words(played, spec, lang), move_words(best, spec, lang)
    if lang == "fr":
        return f"{where}. La stratégie dit de {theirs}, le meilleur jeu de {ours}."
    return f"{where}. The strategy says {theirs}; best play says {ours}."


def move_words(action: int, spec: ReveilSpec, lang: str) -> str:
    """A decision as words: the thought played, or none."""
    if action < 0:
        return "ne jouer aucune Pensée" if lang == "fr" else "play no thought"
    return (f"jouer {spec.cards[action].name}" if lang == "fr" else f"play {spec.cards[action].name}")
