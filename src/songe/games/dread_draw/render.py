"""Dread Draw's events as readable lines, in French and English (card names come from the card list).

>>> from songe.games.dread_draw.state import Event, EventKind, GapKind
>>> render_event(Event(EventKind.SUMMON, player=0, card="Goule", amount=3), Lang.EN)
'player 0 summons Goule (3)'
>>> render_event(Event(EventKind.SUMMON, player=0, card="Goule", amount=3), Lang.FR)
'le joueur 0 invoque Goule (3)'
>>> render_event(Event(EventKind.GAP, gap=GapKind.FIRST_SUMMON, detail=(1,)), Lang.EN)
'GAP first_summon: player 1 summons with no previous card this round'
"""

from __future__ import annotations

from songe.games.dread_draw.state import Event, EventKind, GapKind
from songe.games.plugin import Lang

_EVENTS: dict[EventKind, tuple[str, str]] = {
    EventKind.FIRST_PLAYER: ("player {p} starts", "le joueur {p} commence"),
    EventKind.SUMMON: ("player {p} summons {card} ({n})", "le joueur {p} invoque {card} ({n})"),
    EventKind.SUMMON_RESERVE: ("player {p} summons {card} ({n}) from the reserves",
                               "le joueur {p} invoque {card} ({n}) depuis ses réserves"),
    EventKind.FAIL: ("player {p} reveals {card} ({n}): not higher, eliminated",
                     "le joueur {p} révèle {card} ({n}) : pas plus fort, éliminé"),
    EventKind.ELIMINATED: ("player {p} is out of the round, the summoned cards to the discard",
                           "le joueur {p} est éliminé de la manche, ses cartes invoquées à la défausse"),
    EventKind.RESHUFFLE: ("the discard ({n} cards) is shuffled into a new draw deck",
                          "la défausse ({n} cartes) est mélangée en un nouveau Deck de Pioche"),
    EventKind.ABILITY: ("player {p} uses {card}: {action} {n}", "le joueur {p} joue {card} : {action} {n}"),
    EventKind.DECLINE: ("player {p} does not use {card} ({action} {n})",
                        "le joueur {p} ne joue pas {card} ({action} {n})"),
    EventKind.CHOOSE_NEXT: ("player {p} names player {o} to summon next",
                            "le joueur {p} désigne le joueur {o} pour invoquer ensuite"),
    EventKind.ROUND_WON: ("player {p} wins round {r} with {n} damage",
                          "le joueur {p} gagne la manche {r} avec {n} dégâts"),
    EventKind.DEFEATED: ("player {p} takes damage with an empty life deck: defeated",
                         "le joueur {p} subit des dégâts sans carte dans son Deck de Vie : vaincu"),
    EventKind.KEEP: ("player {p} puts {card} in the reserves and discards {n}",
                     "le joueur {p} place {card} dans ses réserves et en défausse {n}"),
    EventKind.GAME_WON: ("player {p} wins the game", "le joueur {p} gagne la partie"),
}

_GAPS: dict[GapKind, tuple[str, str]] = {
    GapKind.FIRST_SUMMON: ("player {0} summons with no previous card this round",
                           "le joueur {0} invoque sans carte invoquée avant lui dans la manche"),
    GapKind.NO_CARDS_TO_DRAW: ("player {0} must draw: the draw deck and the discard are empty",
                               "le joueur {0} doit piocher : le Deck de Pioche et la défausse sont vides"),
    GapKind.LIFE_GAIN_SHORT: ("player {0} gains {1} life with {2} cards in the deck",
                              "le joueur {0} gagne {1} vie avec {2} cartes dans le Deck de Pioche"),
    GapKind.TURN_CANDIDATES: (("over all players the turn would pass to player {0}, out of the round; over players "
                               "in the round, to player {1}"),
                              ("parmi tous les joueurs, le tour passerait au joueur {0}, éliminé de la manche ; "
                               "parmi ceux de la manche, au joueur {1}")),
    GapKind.DAMAGE_EXCEEDS_LIFE: (("player {0} takes {1} damage with {2} life cards (the text: draw what there is, "
                                   "stay in the game)"),
                                  ("le joueur {0} subit {1} dégâts avec {2} cartes de vie (le texte : piocher ce "
                                   "qu'il y a, rester dans la partie)")),
    GapKind.RESHUFFLE_WHEN: ("the draw deck runs out with {0} cards in the discard",
                             "le Deck de Pioche est épuisé, {0} cartes dans la défausse"),
    GapKind.CHOICE_AFTER_ROUND: ("the round ends with player {0} named for the next turn",
                                 "la manche se termine, le joueur {0} étant désigné pour le tour suivant"),
    GapKind.EMPTY_LIFE_DEFEAT: ("player {0} is eliminated with an empty life deck and takes 0 damage",
                                "le joueur {0} est éliminé avec un Deck de Vie vide et subit 0 dégât"),
    GapKind.NO_MOVE: ("the turn passes to player {0}, who is out of the round: no move",
                      "le tour passe au joueur {0}, éliminé de la manche : aucun coup"),
    GapKind.NO_TERMINATION: ("more than {0} summons: the game is stopped unfinished",
                             "plus de {0} invocations : la partie est arrêtée inachevée"),
}


def _lang(lang: Lang | str) -> int:
    return 1 if Lang(lang) is Lang.FR else 0


def gap_detail(kind: GapKind, detail: tuple[int, ...], lang: Lang | str = Lang.EN) -> str:
    """What a gap met says, without its id."""
    return _GAPS[kind][_lang(lang)].format(*detail)


def render_event(event: Event, lang: Lang | str = Lang.EN) -> str:
    """One line for an event; a gap reads ``GAP id: detail``."""
    if event.kind is EventKind.GAP:
        assert event.gap is not None
        word = "LACUNE" if _lang(lang) else "GAP"
        return f"{word} {event.gap.value}: {gap_detail(event.gap, event.detail, lang)}"
    text = _EVENTS[event.kind][_lang(lang)]
    return text.format(p=event.player, card=event.card, n=event.amount, o=event.other, action=event.action,
                       r=event.detail[0] if event.detail else "")
