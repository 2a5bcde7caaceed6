"""Réveil's worked examples, replayed by the engine and told in French and English.

Each ``[[examples]]`` entry of the spec (a deck order and the thoughts played) is
replayed, then told in the sentences of :mod:`songe.games.reveil.wording` from the
start of the game to the end of the first turn with a chained dream (or of the first
turn, when none chains): the text's own « Exemple de tour », and the illustrations the
spec adds (a chained dream). A publisher's example, not a log: the situation when the
first card is turned, then a few steps (a card turned, a thought played or not, the
first dream resumed, a card's effect), each step's consequences in the same sentence
group; a card's row is told by what it does, never by quoting the card. The text's own
example is told once: by the book's rule that rewrites it (the replay pins it).
"""

from __future__ import annotations

import re
from dataclasses import replace

from songe.games.reveil.machine import ReveilGame
from songe.games.reveil.state import Event, EventKind
from songe.games.reveil.trace import Branch, parse_choices, parse_order, replay
from songe.games.reveil.wording import PHRASES, Register, phrase, tell
from songe.games.worked import WorkedExample
from songe.spec import glossary
from songe.spec.reveil import ReveilSpec, Verb
from songe.spec.reveil import WorkedExample as ExampleSpec

#: The title of the text's own example, per language.
_TITLE = {"fr": "Exemple de tour", "en": "Example of a turn"}


def _told(branch: Branch) -> list:
    """The events from the start to the end of the first turn with a chained dream (else the first turn)."""
    events = [s.event for s in branch.steps if s.event is not None]
    turns: list[list] = [[]]
    for e in events:
        if e.kind is EventKind.REVEAL and e.depth == 1 and any(x.kind is EventKind.REVEAL for x in turns[-1]):
            turns.append([])
        turns[-1].append(e)
    chained = next((k for k, t in enumerate(turns) if any(e.depth > 1 for e in t)), 0)
    return [e for t in turns[:chained + 1] for e in t]


def _replayed(spec: ReveilSpec, ex: ExampleSpec) -> Branch:
    level = spec.level(ex.level)
    game = ReveilGame(spec, level.lucidity, level.hand_limit)
    (branch,) = replay(game, parse_order(game, list(ex.order)), lambda s, legal: -1, parse_choices(game, list(ex.choices)))
    return branch


#: Events that open a step: a card turned at the start of a turn, a thought played or not.
_OPENS = (EventKind.PLAY, EventKind.PASS)


def _lower(text: str, names: set[str]) -> str:
    """A sentence continued after « Effet de X : »: its first letter in lower case, unless it starts a card's name."""
    return text if any(text.startswith(n) for n in names) else text[:1].lower() + text[1:]


def _steps(events: list[Event], spec: ReveilSpec, lang: str, order: tuple[str, ...] = ()) -> tuple[str, tuple[str, ...]]:
    """The situation when the first card is turned, then the steps (each a few sentences); given the deck's
    ``order``, a game won before its last card resolves names that card (a victory never hides how it came)."""
    situation, steps, _ = told_steps(events, spec, lang, order)
    return situation, steps


def told_steps(events: list[Event], spec: ReveilSpec, lang: str, order: tuple[str, ...] = ()
               ) -> tuple[str, tuple[str, ...], tuple[int, ...]]:
    """:func:`_steps`, with the index of the event each step begins at (so that a told game can start at any
    step with the state there, see :func:`state_at`)."""
    names = {c.name for c in spec.cards}
    first = next(k for k, e in enumerate(events) if e.kind is EventKind.REVEAL)
    hand = [e.card for e in events[:first] if e.kind is EventKind.TO_HAND and e.card]
    held = phrase("and", spec, lang).join(hand) if hand else phrase("empty", spec, lang)
    resource = glossary.of(spec)["lucidity"]
    situation = phrase("start", spec, lang, count=resource.count(events[first].lucidity, lang), hand=held)
    steps: list[list[str]] = []
    subject, prefix = None, ""
    held_n = len(hand)
    resuming: str | None = None  # the first dream, told as resumed at the next thing that is its own
    open_: list[str] = []  # the dreams being resolved, outermost first
    resumed_step: int | None = None  # the step that resumes the first dream (its effect joins it)
    again: str | None = None  # a chained dream named as the dream it interrupts: told as « le second »
    resumed_again: str | None = None  # the first copy, resumed after its second: its discard told as « le premier »
    held_ever = False
    extra = 0  # a loss an effect adds, told when the loss step counts it
    begun: list[int] = []  # the event each step begins at
    at = first
    for k, e in enumerate(events[first:], first):
        begun += [at] * (len(steps) - len(begun))  # the steps the event before opened
        at = k
        held_n += {EventKind.TO_HAND: 1, EventKind.PLAY: -1, EventKind.REMOVE: -1}.get(e.kind, 0)
        held_ever = held_ever or e.kind is EventKind.TO_HAND
        if resuming is not None and e.card in (resuming, None):
            steps.append([phrase("resume_first", spec, lang, first=_nth("first", resuming, spec, lang))
                          if resuming == again else phrase("resume", spec, lang, card=resuming)])
            resumed_again = resuming if resuming == again else None
            subject, resuming, again, resumed_step = None, None, None, len(steps)  # a thought's row waiting for the chained dream's end
            # (a thought's gain after the dream) stays in the chained dream's step
        if e.kind is EventKind.REVEAL and e.card:
            if e.depth > 1 and e.card in open_:
                again = e.card
                steps[-1].append(phrase("chained_again", spec, lang, card=_nth("second", e.card, spec, lang),
                                        n=e.amount, first=_nth("first", e.card, spec, lang)))
                open_.append(e.card)
                continue
            open_.append(e.card)
        elif e.kind is EventKind.DISCARD and e.card in open_:
            open_.remove(e.card)
        if again is not None and e.depth > 1 and e.card == again:  # the second one, in its own resolution
            e = replace(e, card=_nth("second", again, spec, lang))
        elif e.kind is EventKind.DISCARD and resumed_again is not None and e.card == resumed_again:
            e, resumed_again = replace(e, card=_nth("first", resumed_again, spec, lang)), None
        if e.kind is EventKind.ROW:
            row = next(c for c in spec.cards if c.name == e.card).effects[e.amount or 0]
            if row.verb is Verb.EXTRA_LOSS:  # told apart from the loss step, which then says it counts it
                extra = row.action.amount or 0
                steps.append([phrase("extra_loss", spec, lang, card=e.card, count=resource.count(extra, lang))])
                subject, prefix = e.card, ""
                continue
            if e.card != subject:  # another card's row: its effect, told by what follows
                subject, prefix = e.card, phrase("effect_of", spec, lang, card=e.card)
                just_resumed = resumed_step == len(steps) and len(steps[-1]) == 1
                if resuming is None and not just_resumed:
                    steps.append([])
            continue
        if e.kind is EventKind.CHAIN_END:
            resuming = e.card
            continue
        if e.kind is EventKind.LOSS and not e.amount:
            text: str | None = phrase("no_loss", spec, lang, luc=e.lucidity)
        elif e.kind is EventKind.VICTORY and (left := _unturned(events, order)):
            text = phrase("won_unturned", spec, lang, card=left, count=resource.count(e.lucidity, lang))
        elif e.kind is EventKind.LOSS and extra:
            text = phrase("loss_with_extra", spec, lang, count=resource.count(e.amount or 0, lang),
                          extra=extra, luc=e.lucidity)
            extra = 0
        elif e.kind is EventKind.PASS and held_n == 0:  # « plus de » only once a thought was held
            held_ever = held_ever or any(x.kind is EventKind.TO_HAND for x in events[:first])
            text = phrase("none_left" if held_ever else "none_held", spec, lang, card=e.card)
        elif e.kind is EventKind.INTENSITY and prefix and e.card == subject:  # « Effet de X : son Intensité… »
            text = phrase("own_intensity", spec, lang, n=e.amount)
        else:
            text = tell(e, spec, lang, Register.SENTENCE)
        if text is None:
            continue
        if (e.kind is EventKind.REVEAL and e.depth == 1) or e.kind in _OPENS:
            steps.append([])
            subject = e.card if e.kind is EventKind.PLAY else None
        if prefix:
            text, prefix = prefix + _lower(text, names), ""
        steps[-1].append(text[:1].upper() + text[1:])
    begun += [at] * (len(steps) - len(begun))
    kept = [k for k, s in enumerate(steps) if s]
    return situation, tuple(elided(" ".join(steps[k]), spec, lang) for k in kept), tuple(begun[k] for k in kept)


def state_at(events: list[Event], k: int) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
    """The state before event ``k``: the resource left, the thoughts in hand, the dreams discarded (in order)."""
    hand: list[str] = []
    discard: list[str] = []
    for e in events[:k]:
        if e.kind is EventKind.TO_HAND and e.card:
            hand.append(e.card)
        elif e.kind in (EventKind.PLAY, EventKind.REMOVE) and e.card in hand:
            hand.remove(e.card)
        elif e.kind is EventKind.DISCARD and e.card:
            discard.append(e.card)
    start = next((e.lucidity for e in events if e.kind is EventKind.REVEAL), 0)
    return (events[k - 1].lucidity if k else start), tuple(hand), tuple(discard)


def _unturned(events: list[Event], order: tuple[str, ...]) -> str:
    """The last card of ``order`` when no event of the game brought it out (turned, drawn or lost), else ""."""
    seen = [e.card for e in events if e.kind in (EventKind.REVEAL, EventKind.TO_HAND, EventKind.HAND_FULL)]
    return order[-1] if order and len(seen) < len(order) and seen.count(order[-1]) < order.count(order[-1]) else ""


def elided(text: str, spec: ReveilSpec, lang: str) -> str:
    """French « de » before a card's name that starts with a vowel, elided (« d’ » and the name).

    >>> from songe.spec.reveil import load
    >>> spec = load()
    >>> name = next(c.name for c in spec.cards if c.name[0] in "AEIOUÉ")
    >>> elided(f"Effet de {name}", spec, "fr") == f"Effet d’{name}", elided(f"Effet de {name}", spec, "en")
    (True, 'Effet de ...')
    """
    if lang != "fr":
        return text
    for name in {c.name for c in spec.cards if c.name[:1].lower() in "aeiouyàâéèêëîïôöùûü"}:
        text = re.sub(rf"\b([Dd])e {re.escape(name)}", rf"\1’{name}", text)
    return text


def _nth(which: str, card: str, spec: ReveilSpec, lang: str) -> str:
    """« le premier … », « le second … » (two copies of one card) (the article after the gender of the game's dream)."""
    feminine = lang == "fr" and glossary.of(spec)["dream"].gender("fr").value == "f"
    key = "fr_f" if feminine else glossary.lang_code(lang)
    return glossary.fill(glossary.of(spec), PHRASES[which][key], glossary.lang_code(lang), card=card)


def worked_example(spec: ReveilSpec, ex: ExampleSpec) -> WorkedExample:
    """One example of the spec, replayed and told: the situation, then a few steps."""
    events = _told(_replayed(spec, ex))
    told = {lang: _steps(events, spec, lang) for lang in ("fr", "en")}
    titles = tuple(ex.title) if ex.origin == "illustration" else tuple(_TITLE.items())
    replayed = tuple(f"{e.kind.value} {e.card or '-'} {'-' if e.amount is None else e.amount} depth {e.depth} "
                     f"lucidity {e.lucidity}" for e in events)
    return WorkedExample(ex.id, titles, tuple((lang, steps) for lang, (_, steps) in told.items()), replayed,
                         situations=tuple((lang, situation) for lang, (situation, _) in told.items()),
                         printed=ex.origin == "illustration")


def worked_examples(spec: ReveilSpec) -> tuple[WorkedExample, ...]:
    """Every worked example of the spec, in the spec's order (the text's own first, as written)."""
    return tuple(worked_example(spec, ex) for ex in spec.examples)
