"""Jekyll vs Hyde's worked examples told as a player's book tells them: short sentences, cards by name.

A trick is told in the order the rules give: who leads what (and the colour named with a Potion),
what the reply must be and is, then, with a Potion, its effect first and the higher value after; the
colour order's changes are said as they happen. The sentences are templates filled from the spec's
glossary and suits (no game term lives here); the facts come from the engine's events and the trick
rules, so a changed spec or reading tells its own game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from songe.games.jekyll_hyde.state import Followed, Gave, Led, Named, RoundEnded, Stolen, TrickWon
from songe.games.jekyll_hyde.trick import is_potion, suit_of, value
from songe.spec import glossary
from songe.spec.glossary import capitalise
from songe.spec.jekyll_hyde import JekyllHydeSpec, PotionColourRanks, RedResetScope

#: The sentences, per key, per language. ``{side}``/``{other}`` are sides, ``{card}``… cards by name.
_SAY: dict[str, dict[str, str]] = {
    "start": {"fr": "Début de la première {t.round} : aucune {t.colour} n'a encore de rang.",
              "en": "Start of the first {t.round}: no {t.colour} has a rank yet."},
    "gave": {"fr": "Échange, face cachée et en même temps : {side} donne {mine}, {other} donne {theirs}.",
             "en": "Exchange, face down and at the same time: {side} passes {mine}, {other} passes {theirs}."},
    "gave_green": {"fr": "Échange de l'effet {suit} : {side} donne {mine}, {other} donne {theirs}.",
                   "en": "{suit} swap: {side} passes {mine}, {other} passes {theirs}."},
    "led": {"fr": "{side} entame avec {card}.", "en": "{side} leads {card}."},
    "led_named": {"fr": "{side} entame avec {card} et annonce {suit}.", "en": "{side} leads {card} and names {suit}."},
    "follow_suit": {"fr": "{side} doit jouer {a.card} {suit} s'il en a une : il joue {card}.",
                    "en": "{side} must follow with a {suit} card if he can: he plays {card}."},
    "follow_potion": {"fr": "{side} répond par {card}, ce qu'il peut faire au lieu de jouer {a.card} {suit}.",
                      "en": "{side} plays {card}, which he may do instead of playing a {suit} card."},
    "void": {"fr": "{side} n'a {no.card} {suit}.", "en": "{side} has no {suit} {t.card}."},
    "follow_none": {"fr": "{side} n'a {no.card} {suit} : il joue {card}.",
                    "en": "{side} has no {suit} {t.card}: he plays {card}."},
    "effect": {"fr": "{A.potion} a été jouée : son effet se résout avant de comparer les cartes. {side} a joué {a.card} {suit} : "
                     "{effect}.",
               "en": "A {t.potion} was played: its effect comes first. {side} played {suit}: {effect}."},
    "effect_short": {"fr": "{T.potion_short} contre {suit} : {effect}.", "en": "{T.potion_short} against {suit}: {effect}."},
    # a round's line tells the swap where it happens, before the cards are compared
    "effect_swap": {"fr": "{T.potion_short} contre {suit}, échange : {side} donne {mine}, {other} donne {theirs}.",
                    "en": "{T.potion_short} against {suit}, a swap: {side} passes {mine}, {other} passes {theirs}."},
    "double": {"fr": "Deux {pl.potion} : elles s'annulent, aucun effet ne s'applique.",
               "en": "Two {pl.potion}: they cancel out, no effect applies."},
    "higher": {"fr": "Puis la plus haute valeur l'emporte : {hi} contre {lo}.",
               "en": "Then the higher value wins: {hi} against {lo}."},
    "tie_plus": {"fr": "Puis la plus haute valeur l'emporte : {hi} contre {lo}, une égalité que {the.potion} remporte "
                       "grâce à son « + ».",
                 "en": "Then the higher value wins: {hi} against {lo}, a tie the {t.potion_short} wins with its “+”."},
    "tie_lead": {"fr": "Puis la plus haute valeur l'emporte : {hi} contre {lo}, égalité sans « + » pour la "
                       "départager ; le premier joueur garde {the.trick}.",
                 "en": "Then the higher value wins: {hi} against {lo}, a tie with no “+” to break it; the leader "
                       "keeps the {t.trick}."},
    "same": {"fr": "Même {t.colour} : la plus haute valeur l'emporte.", "en": "Same {t.colour}: the higher value wins."},
    "stronger": {"fr": "{pl.colour} différentes : {suit} bat {weak} dans l'ordre des {pl.colour}.",
                 "en": "Different {pl.colour}: {suit} beats {weak} in the {t.colour} order."},
    "takes": {"fr": "{side} ramasse {the.trick} et entame le suivant.", "en": "{side} gathers the {t.trick} and leads the next one."},
    "takes_last": {"fr": "{side} ramasse {the.trick}.", "en": "{side} takes the {t.trick}."},
    "wins": {"fr": "{side} gagne {the.trick}.", "en": "{side} wins the {t.trick}."},
    "played": {"fr": "{side} entame avec {lead}, {other} joue {follow}.", "en": "{side} leads {lead}, {other} plays {follow}."},
    "played_named": {"fr": "{side} entame avec {lead} et annonce {suit}, {other} joue {follow}.",
                     "en": "{side} leads {lead} and names {suit}, {other} plays {follow}."},
    "steal_waits": {"fr": "{other} n'a encore {no.trick} : le vol attend le prochain qu'il gagnera.",
                    "en": "{other} has no {t.trick} yet: the steal waits for the next one they win."},
    "stolen_later": {"fr": "Le vol en attente s'applique : {side} prend ce {t.trick} {cards} à son adversaire.",
                     "en": "The waiting steal applies: {side} takes this {t.trick} {cards} from {other}."},
    "no_steal": {"fr": "{other} n'a encore {no.trick} : rien n'est volé.", "en": "{other} has no {t.trick} yet: nothing is stolen."},
    "stolen": {"fr": "Avant de ramasser {the.trick}, {side} prend à son adversaire {the.trick} du dessus de sa pile {cards}.",
               "en": "Before gathering the {t.trick}, {side} takes {other}'s most recent {t.trick} {cards}."},
    "stolen_first": {"fr": "Avant de ramasser {the.trick}, {side} prend à son adversaire {the.trick} qu'il a gagné en premier {cards}.",
                     "en": "Before gathering the {t.trick}, {side} takes {other}'s first {t.trick} {cards}."},
    # a round's line says the winner first, then the steal (the steal depends on who won)
    "stolen_then": {"fr": "Avant de le ramasser, il prend à son adversaire {the.trick} du dessus de sa pile {cards}.",
                    "en": "Before gathering it, he takes {other}'s most recent {t.trick} {cards}."},
    "stolen_first_then": {"fr": "Avant de le ramasser, il prend à son adversaire {the.trick} qu'il a gagné en premier {cards}.",
                          "en": "Before gathering it, he takes {other}'s first {t.trick} {cards}."},
    "first": {"fr": "Première {t.colour} apparue : {suit}, la plus faible {of.round}.",
              "en": "First {t.colour} to appear: {suit}, the weakest of the {t.round}."},
    "second": {"fr": "Deuxième {t.colour} apparue : {suit}, au milieu ; {strong} devient la plus forte.",
               "en": "Second {t.colour} to appear: {suit}, in the middle; {strong} becomes the strongest."},
    "numbered": {"fr": "{T.trick} {n} : {text}", "en": "{T.trick} {n}: {text}"},
    "tricks": {"fr": "Fin {of.round} : {js} a {j} {pl.trick}, {hs} {h}.",
               "en": "End of the {t.round}: {js} has {j} {pl.trick}, {hs} {h}."},
    "moves": {"fr": "{The.marker} avance de {hi}\u00a0−\u00a0{lo}\u00a0=\u00a0{d}\u00a0{spaces} vers {hyde} et s'arrête sur {the.space} marquée {m} "
                    "{of.track}.",
              "en": "The {t.marker} moves {hi}\u00a0−\u00a0{lo}\u00a0=\u00a0{d}\u00a0{spaces} towards {hyde} and stops on the {t.space} marked {m} "
                    "on the {t.track}."},
    "still": {"fr": "Il est encore côté {jekyll} : {js} entamera la {t.round} suivante.",
              "en": "It is still on {jekyll}'s side: {jekyll} will lead the next {t.round}."},
    "past": {"fr": "Il est passé côté {hyde} : {hs} entamera la {t.round} suivante.",
             "en": "It is now on {hyde}'s side: {hyde} will lead the next {t.round}."},
}

#: What each potion effect does (by the spec's effect id), said after a colon.
_EFFECT: dict[str, dict[str, str]] = {
    "steal": {"fr": "le vainqueur {of.trick} prend {a.trick} à son adversaire",
              "en": "the winner of the {t.trick} takes a {t.trick} from the opponent"},
    "exchange": {"fr": "chacun échange des {pl.card} de sa main", "en": "the players swap cards from their hands"},
    "reset": {"fr": "les jetons sont retirés et aucune {t.colour} n'a plus de rang",
              "en": "the tokens come off and no {t.colour} has a rank any more"},
    "reset_keep": {"fr": "les jetons sont retirés, puis {suit} devient aussitôt la plus faible",
                   "en": "the tokens come off, then {suit} at once becomes the weakest"},
    # said before the reset when the card of the trick first takes its rank (the « yes » reading)
    "ranked": {"fr": "cette carte prend d'abord son rang (jeton posé), puis ", "en": "that card first takes its rank (token placed), then "},
}

#: A card by name: a suit card by its suit and value, a potion by its value (``+``: it wins ties).
_CARD = {"suit": {"fr": "{suit} {v}", "en": "{suit} {v}"},
         "potion": {"fr": "{the.potion_short} {v}{plus}", "en": "{t.potion_short} {v}{plus}"},
         "lutte": {"fr": "{the.card} {suit} {v}", "en": "{suit} {v}"}}

_SIDES = ("jekyll", "hyde")


@dataclass(frozen=True)
class Teller:
    """The sentences of one spec in one language."""

    spec: JekyllHydeSpec
    lang: str

    def say(self, key: str, **values: object) -> str:
        """The sentence ``key``, filled and capitalised."""
        return capitalise(glossary.say(self.spec, _SAY, key, self.lang, **values))

    def side(self, index: int) -> str:
        """A side as the subject of a sentence (with its article where the language puts one: the glossary's ``<side>_named``
        where the language puts an article before it, else its plain name)."""
        g = glossary.of(self.spec)
        key = f"{_SIDES[index]}_named"
        return (g[key] if key in {t.id for t in g.terms} else g[_SIDES[index]]).name(self.lang)

    def plain(self, index: int) -> str:
        """A side's name after a preposition (no article)."""
        return glossary.of(self.spec)[_SIDES[index]].name(self.lang)

    def suit(self, suit_id: str) -> str:
        name = next(s.name for s in self.spec.suits if s.id == suit_id)
        return glossary.of(self.spec).translate(name, self.lang)

    def card(self, card: str, short: bool = False) -> str:
        """A card by name, as the glossary words a suit card and a potion (``short``: a suit card by its suit and value only)."""
        plus = "+" if self.spec.potion_wins_ties else ""
        if is_potion(card):
            return glossary.say(self.spec, _CARD, "potion", self.lang, v=value(card), plus=plus)
        key = "suit" if short else "lutte"
        return glossary.say(self.spec, _CARD, key, self.lang,
                            suit=self.suit(suit_of(card) or ""), v=value(card))

    def value(self, card: str) -> str:
        """A card's value as printed (a Potion's with its ``+`` when it wins ties)."""
        return f"{value(card)}{'+' if is_potion(card) and self.spec.potion_wins_ties else ''}"

    def trick(self, cards: Sequence[str]) -> str:
        """A trick's two cards, short, in parentheses."""
        return "(" + ", ".join(self.card(c, True) for c in cards) + ")"

    def cards(self, cards: Sequence[str]) -> str:
        return (" et " if self.lang == "fr" else " and ").join(self.card(c) for c in cards)


def tell_trick(t: Teller, events: Sequence[object], leader: int, ranking: tuple[str, ...], last: bool) -> list[str]:
    """One trick move by move, from its lead to its winner; ``ranking``: the colour order before it."""
    out: list[str] = []
    lead = named = None
    for e in events:
        if isinstance(e, Led):
            lead = e.card
        elif isinstance(e, Named):
            named = e.suit
            out.append(t.say("led_named", side=t.side(e.side), card=t.card(lead or ""), suit=t.suit(e.suit)))
        elif isinstance(e, Followed):
            if lead is not None and named is None:
                out.append(t.say("led", side=t.side(leader), card=t.card(lead)))
            asked = named or suit_of(lead or "")
            key = "follow_suit" if suit_of(e.card) == asked else "follow_potion" if is_potion(e.card) and named is None \
                else "follow_none"
            out.append(t.say(key, side=t.side(e.side), card=t.card(e.card), suit=t.suit(asked or "")))
    won = next(e for e in events if isinstance(e, TrickWon))
    stolen = [e for e in events if isinstance(e, Stolen)]
    return out + resolved(t, won, leader, ranking, stolen, "takes_last" if last else "takes")


def tell_trick_short(t: Teller, n: int, events: Sequence[object], leader: int, ranking: tuple[str, ...]) -> str:
    """One trick in a line: its two cards, why the second does not follow (the player has none of the suit
    asked), then how it is won (for a whole round), a swap's cards told where the swap happens."""
    won = next(e for e in events if isinstance(e, TrickWon))
    stolen = [e for e in events if isinstance(e, Stolen)]
    named = next((e.suit for e in events if isinstance(e, Named)), None)
    # after « Pli 4 : » the sentence goes on in lower case (« le Dr Jekyll entame »): filled, not capitalised
    played = glossary.say(t.spec, _SAY, "played" if named is None else "played_named", t.lang, side=t.side(leader),
                          other=t.side(1 - leader),
                   lead=t.card(won.lead, not is_potion(won.lead)), follow=t.card(won.follow, not is_potion(won.follow)),
                   suit="" if named is None else t.suit(named))
    asked = named or suit_of(won.lead)
    followed = suit_of(won.follow) == asked or (is_potion(won.follow) and named is None)
    void = [] if followed or asked is None else [t.say("void", side=t.side(1 - leader), suit=t.suit(asked))]
    swap = [e for e in events if isinstance(e, Gave) and e.green][:2]
    text = " ".join([played, *void, *resolved(t, won, leader, ranking, stolen, "wins", short=True, swap=swap)])
    return t.say("numbered", n=n, text=text)


def resolved(t: Teller, e: TrickWon, leader: int, ranking: tuple[str, ...], stolen: Sequence[Stolen],
             end: str, short: bool = False, swap: Sequence[Gave] = ()) -> list[str]:
    """How a trick is won, in the rules' order: new ranks, then (with a Potion) its effect, then the winner
    (``short``: a round's line, which leaves out the plain same-suit win, said once at the round's start, says
    the winner before a steal, and tells a swap's cards, ``swap``, as its effect)."""
    out = _appeared(t, ranking, e.ranking_after)
    pl, pf = is_potion(e.lead), is_potion(e.follow)
    if pl and pf:
        out.append(t.say("double"))
    elif pl or pf:
        other, card = (1 - leader, e.follow) if pl else (leader, e.lead)
        if e.effect is not None:
            suit = t.suit(suit_of(card) or "")
            key = "reset_keep" if e.effect == "reset" and t.spec.red_reset_scope is RedResetScope.KEEP_TRICK \
                else e.effect
            effect = glossary.say(t.spec, _EFFECT, key, t.lang, suit=suit)
            if e.effect == "reset" and t.spec.potion_colour_ranks is PotionColourRanks.YES \
                    and suit_of(card) not in ranking:
                effect = glossary.say(t.spec, _EFFECT, "ranked", t.lang) + effect
            if short and e.effect == "exchange" and len(swap) == 2:
                a, b = swap
                out.append(t.say("effect_swap", suit=t.suit(suit_of(card) or ""), side=t.side(a.side),
                                 other=t.side(b.side), mine=t.cards(a.cards), theirs=t.cards(b.cards)))
            else:
                out.append(t.say("effect_short" if short else "effect", side=capitalise(t.side(other)),
                                 suit=t.suit(suit_of(card) or ""), effect=effect))
    if pl or pf:
        hi, lo = sorted((e.lead, e.follow), key=lambda c: (value(c), is_potion(c)), reverse=True)
        key = "higher" if value(hi) != value(lo) else "tie_plus" if pl != pf and t.spec.potion_wins_ties else "tie_lead"
        out.append(t.say(key, hi=t.value(hi), lo=t.value(lo)))
    elif suit_of(e.lead) == suit_of(e.follow):
        out += [] if short else [t.say("same")]
    else:
        strong, weak = sorted((suit_of(e.lead) or "", suit_of(e.follow) or ""), key=e.ranking_after.index, reverse=True)
        out.append(t.say("stronger", suit=t.suit(strong), weak=t.suit(weak)))
    now = [x for x in stolen if x.thief == e.winner]  # this trick's steal; a waiting one takes the trick won
    first = t.spec.steal_target.value == "first"
    if short and now:  # the winner, then the steal made before gathering
        out.append(t.say(end, side=t.side(e.winner)))
    for x in now:
        key = ("stolen_first" if first else "stolen") + ("_then" if short else "")
        out.append(t.say(key, side=t.side(x.thief), other=t.side(1 - x.thief), cards=t.trick(x.trick)))
    if e.effect == "steal" and not now:
        out.append(t.say("steal_waits" if t.spec.steal_without_trick.value == "deferred" else "no_steal",
                         other=t.side(1 - e.winner)))
    if not (short and now):
        out.append(t.say(end, side=t.side(e.winner)))
    out += [t.say("stolen_later", side=t.side(x.thief), other=t.side(1 - x.thief), cards=t.trick(x.trick))
            for x in stolen if x.thief != e.winner]
    return out


def _appeared(t: Teller, before: tuple[str, ...], after: tuple[str, ...]) -> list[str]:
    """The colour order's new ranks, said as they come (none after a reset: the effect says it)."""
    if after[:len(before)] != before:
        return []
    out = []
    for k in range(len(before), min(len(after), 2)):
        out.append(t.say("first", suit=t.suit(after[0])) if k == 0 else
                   t.say("second", suit=t.suit(after[1]), strong=t.suit(after[-1])))
    return out


def tell_round_end(t: Teller, e: RoundEnded) -> list[str]:
    """The tricks counted and the marker's move (spaces numbered by those crossed, as on the track's figure)."""
    j, h = e.tricks
    g = glossary.of(t.spec)
    names = {"jekyll": t.plain(0), "hyde": t.plain(1), "js": t.side(0), "hs": t.side(1)}
    out = [t.say("tricks", j=j, h=h, **names),
           t.say("moves", hi=max(j, h), lo=min(j, h), d=e.difference, m=e.marker, last=t.spec.spaces - 1,
                 spaces=g["space"].name(t.lang, plural=e.difference != 1), **names)]
    if e.round < t.spec.rounds and e.marker < t.spec.spaces - 1:
        out.append(t.say("still" if e.marker < t.spec.jekyll_side else "past", **names))
    return out


def gave(t: Teller, pair: Sequence[Gave]) -> str:
    """Both sides' cards of one exchange, in one sentence."""
    a, b = pair
    green = next((s.id for s in t.spec.suits if s.effect.value == "exchange"), "")
    return t.say("gave_green" if a.green else "gave", side=t.side(a.side), other=t.side(b.side),
                 mine=t.cards(a.cards), theirs=t.cards(b.cards), suit=t.suit(green))
