"""Dread Draw's events as readable lines, in French and English: one wording per language.

Card names come from the card list; the game's terms (player, Life deck, draw deck,
reserves, damage, round) from the spec's glossary, so a re-themed spec prints its own words.

>>> from songe.games.dread_draw.state import Event, EventKind, GapKind
>>> from songe.spec.dread_draw import load
>>> spec = load()
>>> render_event(Event(EventKind.SUMMON, player=0, card="Goule", amount=3), spec, Lang.EN)
'player 0 summons Goule (3)'
>>> render_event(Event(EventKind.SUMMON, player=0, card="Goule", amount=3), spec, Lang.FR)
'le joueur 0 invoque Goule (3)'
>>> render_event(Event(EventKind.GAP, gap=GapKind.FIRST_SUMMON, detail=(1,)), spec, Lang.EN)
'GAP first_summon: player 1 summons with no previous card this round'
"""

from __future__ import annotations

from songe.games.dread_draw.state import Event, EventKind, GapKind
from songe.games.plugin import Lang
from songe.spec import glossary
from songe.spec.dread_draw import DreadDrawSpec

_EVENTS: dict[EventKind, tuple[str, str]] = {
    EventKind.FIRST_PLAYER: ("{t.player} {p} starts", "{the.player} {p} commence"),
    EventKind.SUMMON: ("{t.player} {p} summons {card} ({n})", "{the.player} {p} invoque {card} ({n})"),
    EventKind.SUMMON_RESERVE: ("{t.player} {p} summons {card} ({n}) from the {t.reserves}",
                               "{the.player} {p} invoque {card} ({n}) depuis ses {t.reserves}"),
    EventKind.FAIL: ("{t.player} {p} reveals {card} ({n}): not higher, eliminated",
                     "{the.player} {p} révèle {card} ({n}) : pas plus fort, éliminé"),
    EventKind.ELIMINATED: ("{t.player} {p} is out of the {t.round}, the summoned {pl.card} to the {t.discard}",
                           "{the.player} {p} est éliminé de {the.round}, ses {pl.card} invoquées à {the.discard}"),
    EventKind.RESHUFFLE: ("the {t.discard} ({n} {pl.card}) is shuffled into a new {t.draw_deck}",
                          "{the.discard} ({n} {pl.card}) est mélangée en {a.draw_deck}"),
    EventKind.ABILITY: ("{t.player} {p} uses {card}: {action}", "{the.player} {p} joue {card} : {action}"),
    EventKind.DECLINE: ("{t.player} {p} does not use {card} ({action})",
                        "{the.player} {p} ne joue pas {card} ({action})"),
    EventKind.CHOOSE_NEXT: ("{t.player} {p} names {t.player} {o} to summon next",
                            "{the.player} {p} désigne {the.player} {o} pour invoquer ensuite"),
    EventKind.ROUND_WON: ("{t.player} {p} wins {t.round} {r} with {n} {t.damage}",
                          "{the.player} {p} gagne {the.round} {r} avec {n} {pl.damage}"),
    EventKind.DEFEATED: ("{t.player} {p} takes {t.damage} with an empty {t.life_deck}: defeated",
                         "{the.player} {p} subit des {pl.damage} sans {t.card} dans son {t.life_deck} : vaincu"),
    EventKind.KEEP: ("{t.player} {p} puts {card} in the {t.reserves} and discards {n}",
                     "{the.player} {p} place {card} dans ses {t.reserves} et en défausse {n}"),
    EventKind.GAME_WON: ("{t.player} {p} wins the game", "{the.player} {p} gagne la partie"),
}

#: An ability's action in words, by the card list's verb (``{n}``: its amount).
_ACTIONS: dict[str, tuple[str, str]] = {
    "gain_life": ("gain {count} of life", "gagner {count} de vie"),
    "look_top": ("look at the top {count} of the {t.draw_deck}", "regarder {count} du dessus {of.draw_deck}"),
    "choose_next": ("name who summons next", "désigner qui invoque ensuite"),
}

_GAPS: dict[GapKind, tuple[str, str]] = {
    GapKind.FIRST_SUMMON: ("{t.player} {d0} summons with no previous {t.card} this {t.round}",
                           "{the.player} {d0} invoque sans {t.card} invoquée avant lui dans {the.round}"),
    GapKind.NO_CARDS_TO_DRAW: ("{t.player} {d0} must draw: the {t.draw_deck} and the {t.discard} are empty",
                               "{the.player} {d0} doit piocher : {the.draw_deck} et {the.discard} sont vides"),
    GapKind.LIFE_GAIN_SHORT: ("{t.player} {d0} gains {d1} life with {d2} {pl.card} in the {t.draw_deck}",
                              "{the.player} {d0} gagne {d1} vie avec {d2} {pl.card} dans {the.draw_deck}"),
    GapKind.TURN_CANDIDATES: (("over all {pl.player} the turn would pass to {t.player} {d0}, out of the {t.round}; over {pl.player} "
                               "in the {t.round}, to {t.player} {d1}"),
                              ("parmi tous les {pl.player}, le tour passerait {to.player} {d0}, éliminé de {the.round} ; "
                               "parmi ceux de {the.round}, {to.player} {d1}")),
    GapKind.DAMAGE_EXCEEDS_LIFE: (("{t.player} {d0} takes {d1} {t.damage} with {d2} {pl.card} in the {t.life_deck} (the text: draw what there is, "
                                   "stay in the game)"),
                                  ("{the.player} {d0} subit {d1} {pl.damage} avec {d2} {pl.card} dans son {t.life_deck} (le texte : piocher ce "
                                   "qu'il y a, rester dans la partie)")),
    GapKind.RESHUFFLE_WHEN: ("the {t.draw_deck} runs out with {d0} {pl.card} in the {t.discard}",
                             "{the.draw_deck} est épuisé, {d0} {pl.card} dans {the.discard}"),
    GapKind.CHOICE_AFTER_ROUND: ("the {t.round} ends with {t.player} {d0} named for the next turn",
                                 "{The.round} se termine, {the.player} {d0} étant désigné pour le tour suivant"),
    GapKind.NO_MOVE: ("the turn passes to {t.player} {d0}, who is out of the {t.round}: no move",
                      "le tour passe {to.player} {d0}, éliminé de {the.round} : aucun coup"),
    GapKind.NO_TERMINATION: ("more than {d0} summons: the game is stopped unfinished",
                             "plus de {d0} invocations : la partie est arrêtée inachevée"),
}


def _lang(lang: Lang | str) -> int:
    return 1 if Lang(lang) is Lang.FR else 0


def gap_detail(kind: GapKind, detail: tuple[int, ...], spec: DreadDrawSpec, lang: Lang | str = Lang.EN) -> str:
    """What a gap met says, without its id."""
    values = {f"d{i}": x for i, x in enumerate(detail)}
    return glossary.fill(glossary.of(spec), _GAPS[kind][_lang(lang)], Lang(lang).value, **values)


def render_event(event: Event, spec: DreadDrawSpec, lang: Lang | str = Lang.EN) -> str:
    """One line for an event; a gap reads ``GAP id: detail``."""
    if event.kind is EventKind.GAP:
        assert event.gap is not None
        word = "LACUNE" if _lang(lang) else "GAP"
        return f"{word} {event.gap.value}: {gap_detail(event.gap, event.detail, spec, lang)}"
    text = _EVENTS[event.kind][_lang(lang)]
    return glossary.fill(glossary.of(spec), text, Lang(lang).value, p=event.player, card=event.card, n=event.amount,
                         o=event.other, action=_action(event, spec, lang), r=event.detail[0] if event.detail else "")


def _action(event: Event, spec: DreadDrawSpec, lang: Lang | str) -> str:
    """An ability's action in words (a verb this module does not know is printed as the card list gives it)."""
    if event.action is None:
        return ""
    words = _ACTIONS.get(event.action)
    if words is None:
        return f"{event.action} {event.amount}"
    g, code = glossary.of(spec), Lang(lang).value
    return glossary.fill(g, words[_lang(lang)], code, count=g["card"].count(event.amount or 0, code))
