"""A replayed game told turn by turn, in French or English, like the rulebook's « Exemple de tour ».

Used to show a witness as a short example a player can follow: the situation
at the first turn where two readings part (Lucidité and hand), then each
reading's turns from there to the end, one sentence per event.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from songe.engine.explore import Line
from songe.games.reveil.render import row_en
from songe.games.reveil.state import Event, EventKind
from songe.games.reveil.trace import branch
from songe.spec.reveil import ReveilSpec

LANGS = ("fr", "en")

_WORDS = {
    "fr": {"start": "Tu as {l} Lucidité et {hand} en main.", "empty": "aucune Pensée", "and": " et ",
           "reading": "Lecture {r}", "branch": " (branche de probabilité {p})", "given": " (choix imposé)"},
    "en": {"start": "You have {l} Lucidité and {hand} in hand.", "empty": "no thought", "and": " and ",
           "reading": "Reading {r}", "branch": " (branch of probability {p})", "given": " (imposed choice)"},
}


def sentence(event: Event, spec: ReveilSpec, lang: str) -> str | None:
    """One event as a sentence of the example (None for the chain markers, which the sentences imply).

    >>> from songe.spec.reveil import load
    >>> sentence(Event(EventKind.LOSS, load().cards[0].name, 1, 2, 5), load(), "fr")
    'Tu perds 1 Lucidité (il t’en reste 5).'
    """
    k, c, n, luc = event.kind, event.card, event.amount, event.lucidity
    fr = lang == "fr"
    if k is EventKind.REVEAL:
        if event.depth > 1:
            return (f"Tu pioches un Rêve, {c} (Intensité {n}) : il se résout en chaîne." if fr else
                    f"You draw a dream, {c} (intensity {n}): it resolves as a chain.")
        return f"Tu retournes {c} (Intensité {n})." if fr else f"You reveal {c} (intensity {n})."
    if k is EventKind.TO_HAND:
        return f"{c} va dans ta main." if fr else f"{c} goes to your hand."
    if k is EventKind.HAND_FULL:
        return (f"{c} arrive main pleine : elle est retirée du jeu." if fr else
                f"{c} comes with a full hand: it leaves the game.")
    if k is EventKind.PLAY:
        return f"Tu joues {c}." if fr else f"You play {c}."
    if k is EventKind.PASS:
        return f"Tu ne joues pas de Pensée contre {c}." if fr else f"You play no thought against {c}."
    if k is EventKind.ROW:
        row = next(card for card in spec.cards if card.name == c).effects[n or 0]
        return f"{c} : « {row.quote} »" if fr else f"{c}: {row_en(row, spec)}"
    if k is EventKind.INTENSITY:
        return (f"L’Intensité en cours de {c} passe à {n}." if fr else
                f"The current intensity of {c} becomes {n}.")
    if k is EventKind.SKIP_EFFECT:
        return f"L’effet de {c} ne s’applique pas." if fr else f"The effect of {c} does not apply."
    if k is EventKind.LOSS:
        return f"Tu perds {n} Lucidité (il t’en reste {luc})." if fr else f"You lose {n} Lucidité ({luc} left)."
    if k is EventKind.GAIN:
        return f"Tu gagnes {n} Lucidité (tu en as {luc})." if fr else f"You gain {n} Lucidité ({luc} now)."
    if k is EventKind.DRAW_NOTHING:
        return "La pioche ne donne rien." if fr else "The draw gives nothing."
    if k is EventKind.REMOVE:
        return f"{c} est retirée de ta main au hasard." if fr else f"{c} is removed from your hand at random."
    if k is EventKind.DISCARD:
        return f"{c} part à la défausse." if fr else f"{c} goes to the discard."
    if k is EventKind.DEFEAT:
        return f"Défaite : ta Lucidité est à {luc}." if fr else f"Defeat: your Lucidité is at {luc}."
    if k is EventKind.VICTORY:
        return f"Victoire avec {luc} Lucidité." if fr else f"Victory with {luc} Lucidité."
    return None


#: What later turns keep, once the first turn where the readings part has been told in full.
_BRIEF = (EventKind.PLAY, EventKind.LOSS, EventKind.GAIN, EventKind.DEFEAT, EventKind.VICTORY)


def _turns(line: Line, spec: ReveilSpec, lang: str, imposed: int
           ) -> list[tuple[tuple[int, tuple[str, ...]], list[tuple[Event, str]]]]:
    """Each turn (from one top-level reveal to the next): Lucidité and hand at its start, its events and sentences."""
    hand: Counter[str] = Counter()
    turns: list[tuple[tuple[int, tuple[str, ...]], list[tuple[Event, str]]]] = []
    decisions, given = 0, False
    for step in branch(line).steps:
        e = step.event
        if e is None:
            decisions += 1
            given = decisions <= imposed
            continue
        if e.kind is EventKind.REVEAL and e.depth == 1:
            turns.append(((e.lucidity, tuple(sorted(hand.elements()))), []))
        if e.kind is EventKind.TO_HAND:
            hand[e.card] += 1  # type: ignore[index]
        elif e.kind in (EventKind.PLAY, EventKind.REMOVE):
            hand[e.card] -= 1  # type: ignore[index]
        text = sentence(e, spec, lang)
        if text and e.kind in (EventKind.PLAY, EventKind.PASS) and given:
            text, given = text[:-1] + _WORDS[lang]["given"] + ".", False
        if text and turns:
            turns[-1][1].append((e, text))
    return turns


def example(lines: Mapping[str, Sequence[Line]], spec: ReveilSpec, lang: str, imposed: int = 0) -> str:
    """Two readings' replays of one game as a short example: the first turn where they part, then the rest in brief.

    ``lines`` maps each reading to its replayed lines (the first line of each
    is told, with its probability when random removals split the game);
    the first ``imposed`` decisions are marked as imposed.
    """
    words = _WORDS[lang]
    told = {label: _turns(ls[0], spec, lang, imposed) for label, ls in lines.items()}
    first = 0
    columns = [[(start, tuple(t for _, t in said)) for start, said in turns] for turns in told.values()]
    while all(first < len(t) for t in columns) and len({t[first] for t in columns}) == 1:
        first += 1
    out = []
    for label, turns in told.items():
        if not turns[first:]:
            continue
        (luc, hand), _ = turns[first]
        held = words["and"].join(hand) if hand else words["empty"]
        p = branch(lines[label][0]).probability
        prob = words["branch"].format(p=f"{p.numerator}/{p.denominator}") if len(lines[label]) > 1 else ""
        body = " ".join(text for k, (_, said) in enumerate(turns[first:]) for e, text in said
                        if k == 0 or e.kind in _BRIEF or (e.kind is EventKind.REVEAL and e.depth == 1))
        out.append(f"{words['reading'].format(r=label)}{prob} — {words['start'].format(l=luc, hand=held)} {body}")
    return "\n".join(out)
