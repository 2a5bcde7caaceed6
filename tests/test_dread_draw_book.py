"""Dread Draw's player's book: the worked example tells a player's round and needs no Après-Coup timing, the
turn it narrates follows the book's turn rule, and the book says what the cut-off text leaves out."""

from __future__ import annotations

import pytest

from songe.games.dread_draw.narrate import Narrator, words
from songe.games.dread_draw.state import Event, EventKind
from songe.games.dread_draw.worked import example_cards, round_example, uses_apres_coup
from songe.rulebook import books
from songe.spec.dread_draw import load, load_cards

SPEC = load()
CARDS = load_cards(example_cards(), SPEC)


def _narrator(lang: str = "fr", n: int = 3) -> Narrator:
    return Narrator(SPEC, CARDS, n, lang, words())


def test_the_example_round_uses_no_apres_coup_ability_and_is_won() -> None:
    ex = round_example(SPEC)
    events = [e for e in ex.replay if "ability" in e or "decline" in e]
    assert events, "the example shows at least one ability"
    apres = [c.name for c in CARDS.cards if any(a.keyword.value == "apres_coup" for a in c.abilities)]
    assert apres and not any(name in line for line in ex.replay for name in apres)
    assert any("round_won" in e for e in ex.replay)


def test_the_apres_coup_check_sees_an_apres_coup_ability() -> None:
    card = next(c for c in CARDS.cards if any(a.keyword.value == "apres_coup" for a in c.abilities))
    ab = card.abilities[0]
    used = Event(EventKind.ABILITY, player=0, card=card.name, action=ab.action.value, amount=ab.amount)
    assert uses_apres_coup([used], CARDS)
    declined = Event(EventKind.DECLINE, player=0, card=card.name, action=ab.action.value, amount=ab.amount)
    assert uses_apres_coup([declined], CARDS)
    other = next(c for c in CARDS.cards if c.abilities and c.abilities[0].keyword.value == "invocation")
    oab = other.abilities[0]
    assert not uses_apres_coup([Event(EventKind.ABILITY, player=0, card=other.name, action=oab.action.value,
                                      amount=oab.amount)], CARDS)


def _summon(p: int, strength: int) -> Event:
    card = next(c for c in CARDS.cards if c.strength == strength)
    return Event(EventKind.SUMMON, player=p, card=card.name, amount=strength)


def test_the_narrated_turn_follows_the_turn_rule() -> None:
    """Player 0 summons a strong card; players 1 and 2 tie at 0: the turn goes to player 1, the first tied
    player on player 0's left. A round where it went to player 2 is refused, not told."""
    strong = max(c.strength for c in CARDS.cards)
    start = Event(EventKind.FIRST_PLAYER, player=0)
    told = _narrator().steps([start, _summon(0, strong), _summon(1, 1)])
    assert "le premier ex æquo à gauche du joueur\u00a01" in told[1] and "joueur\u00a02" in told[1]
    with pytest.raises(ValueError, match="turn rule names player 1"):
        _narrator().steps([start, _summon(0, strong), _summon(2, 1)])


def test_players_are_numbered_from_one_in_both_languages() -> None:
    """The engine's player 0 is the book's player 1: no « joueur 0 », and the last player is the count."""
    ex = round_example(SPEC)
    assert any("player=0" in e for e in ex.replay)
    for lang, word in (("fr", "joueur"), ("en", "player")):
        text = " ".join(ex.text(lang)).replace("\u00a0", " ")
        assert f"{word} 0" not in text.lower() and f"{word} 3" in text.lower()


@pytest.mark.parametrize("lang, missing", [
    ("fr", ("coupé", "liste des cartes", "nombre de joueurs", "Deck de Pioche", "Après-Coup")),
    ("en", ("cut off", "card list", "number of players", "Draw Deck", "Aftermath")),
])
def test_the_book_says_at_its_start_what_the_cut_off_text_leaves_out(lang: str, missing: tuple[str, ...]) -> None:
    title, intro, *_ = books.document("dread-draw", SPEC, None, lang).texts()
    for words_ in missing:
        assert words_ in intro, words_


def test_the_book_words_the_adopted_answer_of_the_out_of_model_points() -> None:
    """The open points the engine does not take as switches: reserves face up, and several Après-Coup
    abilities in the order of the row."""
    text = " ".join(books.document("dread-draw", SPEC, None, "fr").texts()).replace("\u00a0", " ")
    assert "face visible : tout le monde peut les voir" in text
    assert "dans l’ordre de l’Escalade, de gauche à droite" in text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_open_point_has_a_short_faq_answer_under_each_reading(lang: str) -> None:
    """The FAQ answers a player in one or two sentences (the book's own answer, never the whole rule),
    under every option of every reading."""
    book = books.book_of("dread-draw", SPEC)
    for reading in SPEC.readings:
        own = [r for r in book.rules if r.block == "faq_answer" and reading.id in r.readings]
        assert len(own) == 1, reading.id
        for option in reading.option_ids:
            text = own[0].text(lang, {reading.id: option})
            assert 1 <= text.count(". ") + 1 <= 2 and "«" not in text and "“" not in text, (reading.id, option)
