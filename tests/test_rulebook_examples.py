"""Golden tests: the rulebook's own worked example and each point of its "Précisions".

Each test replays a deck order (top card first) with the choices the text
describes and compares what happens with what the text says happens.
"""

from __future__ import annotations

from helpers import LOSS, WIN, lines, run

REST = "Visage flou,Rêve récurrent,Paralysie nocturne,Écho de peur,Prise de conscience,Souvenir réel,Rêve récurrent"


def test_exemple_de_tour() -> None:
    """« Tu as 6 Lucidité et une Pensée Refus en main. Tu retournes Chute infinie (Intensité 4). Tu joues
    Refus : le Rêve est annulé, tu ne perds rien. Comme l'Intensité en cours est de 4 (3 ou plus), tu
    pioches 2 cartes. La première est un Rêve, Lieu familier : il se résout en chaîne, sans Pensée en main,
    tu perds 1 Lucidité. La seconde est une Pensée : elle va dans ta main. Chute infinie part à la
    défausse, puis tu retournes la carte suivante. »"""
    (b,) = run("Refus,Chute infinie,Lieu familier,Ancrage," + REST, "Refus")
    got = lines(b)
    start = got.index("  reveal Chute infinie (intensity 4)")
    assert got[start:start + 14] == [
        "  reveal Chute infinie (intensity 4)",
        "  play Refus",
        "  Refus: « Annule le Rêve : ni effet, ni perte de Lucidité (il va quand même dans la défausse). » → cancel",
        "  Refus: « Si son Intensité en cours est de 3 ou plus, pioche 2 cartes. » → draw 2",
        "    reveal Lieu familier (intensity 1)",
        "    no thought against Lieu familier",
        "    lose 1 Lucidity (Lucidity 5)",
        "    Lieu familier goes to the discard",
        "  Ancrage goes to the hand",
        "  effect of Chute infinie does not apply (ignored or cancelled)",
        "  lose 0 Lucidity (Lucidity 5)",
        "  Chute infinie goes to the discard",
        "  reveal Visage flou (intensity 1)",
        "  no thought against Visage flou",
    ]
    marked = lines(b, chains=True)
    i = marked.index("    reveal Lieu familier (intensity 1)")
    assert marked[i - 1] == "  Chute infinie is interrupted by a chained dream"
    assert marked[i + 4] == "  back to Chute infinie"


def test_ordre_de_jeu_thought_before_effect() -> None:
    """« Prise de conscience réduit l'Intensité avant que Écho de peur ne l'augmente. » After Chute infinie
    (printed 4), Écho de peur with Prise de conscience: 1 → 0 (floored) → +1 = 1: lose 1."""
    order = ("Prise de conscience,Chute infinie,Écho de peur,Refus,Ancrage,Souvenir réel,Visage flou,"
             "Lieu familier,Paralysie nocturne,Rêve récurrent,Rêve récurrent")
    b = run(order, "none,Prise de conscience")[0]  # later branches: Visage flou's draw
    got = lines(b)
    i = got.index("  reveal Écho de peur (intensity 1)")
    assert got[i + 1:i + 8] == [
        "  play Prise de conscience",
        "  Prise de conscience: « Prise de conscience Intensité -2. » → intensity -2",
        "  current intensity of Écho de peur: 0",
        "  Écho de peur: « Si le rêve précédent avait une Intensité imprimée de 3 ou plus, Intensité +1. »"
        " → intensity +1",
        "  current intensity of Écho de peur: 1",
        "  lose 1 Lucidity (Lucidity 2)",
        "  Écho de peur goes to the discard",
    ]
    # The 'net' reading lets the changes add up: 1 - 2 + 1 = 0, nothing lost.
    b = run(order, "none,Prise de conscience", readings={"intensity_floor": "net"})[0]
    assert "  lose 0 Lucidity (Lucidity 3)" in lines(b)


def test_echo_de_peur_first_turn() -> None:
    """« s'il n'y a pas eu de rêve précédent, l'effet ne se déclenche pas. »"""
    (b,) = run("Écho de peur,Chute infinie,Rêve récurrent,Rêve récurrent,Visage flou,Lieu familier,"
               "Paralysie nocturne,Prise de conscience,Ancrage,Souvenir réel,Refus")
    assert lines(b)[:4] == ["  reveal Écho de peur (intensity 1)", "  no thought against Écho de peur",
                            "  lose 1 Lucidity (Lucidity 5)", "  Écho de peur goes to the discard"]


def test_previous_dream_counts_a_dream_cancelled_by_refus() -> None:
    """« Rêve précédent : compte aussi un Rêve annulé par Refus, avec son Intensité imprimée. »"""
    b = run("Refus,Chute infinie,Ancrage,Souvenir réel,Écho de peur,Rêve récurrent,Rêve récurrent,"
            "Visage flou,Lieu familier,Paralysie nocturne,Prise de conscience", "Refus,none")[0]
    got = lines(b)
    i = got.index("  reveal Écho de peur (intensity 1)")
    assert got[i + 3:i + 5] == ["  current intensity of Écho de peur: 2", "  lose 2 Lucidity (Lucidity 4)"]


def test_recurrent_counts_only_the_discard() -> None:
    """« Rêve récurrent : seuls les Rêves de la défausse comptent, pas ceux en cours de résolution. »
    The first Rêve récurrent, still resolving, does not lower the second one chained from it; once the
    second is discarded, the first one's effect sees it."""
    (b,) = run("Souvenir réel,Rêve récurrent,Rêve récurrent,Chute infinie,Visage flou,Lieu familier,"
               "Paralysie nocturne,Écho de peur,Prise de conscience,Ancrage,Refus", "Souvenir réel")
    got = lines(b)
    assert got[:12] == [
        "Souvenir réel goes to the hand",
        "  reveal Rêve récurrent (intensity 1)",
        "  play Souvenir réel",
        "  Souvenir réel: « Souvenir réel Pioche 1 carte. » → draw 1",
        "    reveal Rêve récurrent (intensity 1)",
        "    no thought against Rêve récurrent",
        "    lose 1 Lucidity (Lucidity 5)",
        "    Rêve récurrent goes to the discard",
        "  Souvenir réel: « Si c’est un Rêve d’Intensité imprimée 2 ou moins, gagne 1 Lucidité une fois ce rêve"
        " résolu. » → gain 1",
        "  gain 1 Lucidity (Lucidity 6)",
        "  Rêve récurrent: « Si un Rêve récurrent est déjà dans la défausse, Intensité -1. » → intensity -1",
        "  current intensity of Rêve récurrent: 0",
    ]


def test_played_thought_never_returns() -> None:
    """« Pensée retirée du jeu : une Pensée jouée ou perdue ne revient jamais. »"""
    branches = run("Ancrage,Paralysie nocturne,Prise de conscience,Souvenir réel,Refus,Chute infinie,"
                   "Rêve récurrent,Rêve récurrent,Visage flou,Lieu familier,Écho de peur", "Ancrage")
    assert len(branches) == 3  # Visage flou removes one of the three thoughts left
    for b in branches:
        got = lines(b)
        assert got.count("  play Ancrage") == 1 and got.count("Ancrage goes to the hand") == 1
        assert b.outcome is LOSS  # never playing again: Chute infinie's 3 and the rest sink a 6


def test_full_hand_loses_the_new_thought() -> None:
    """« Si ta main contient déjà 3 Pensées, la nouvelle est perdue (retire-la du jeu). »"""
    b = run("Ancrage,Souvenir réel,Refus,Prise de conscience," + "Chute infinie,Rêve récurrent,Rêve récurrent,"
            "Visage flou,Lieu familier,Paralysie nocturne,Écho de peur")[0]
    assert lines(b)[:4] == ["Ancrage goes to the hand", "Souvenir réel goes to the hand", "Refus goes to the hand",
                            "Prise de conscience drawn with a full hand: removed from the game"]


def test_drawing_from_an_empty_deck_does_nothing() -> None:
    """« Si le paquet est vide, piocher ne fait rien. » Souvenir réel against Lieu familier, the last card:
    both draws find an empty deck."""
    (b,) = run("Chute infinie,Rêve récurrent,Rêve récurrent,Visage flou,Paralysie nocturne,Écho de peur,"
               "Ancrage,Souvenir réel,Refus,Prise de conscience,Lieu familier", "Souvenir réel", lucidity=20)
    got = lines(b)
    assert got[-9:] == [
        "  reveal Lieu familier (intensity 1)",
        "  play Souvenir réel",
        "  Souvenir réel: « Souvenir réel Pioche 1 carte. » → draw 1",
        "  draw: nothing happens (empty deck or no Lucidity left)",
        "  Lieu familier: « Si tu as joué une Pensée contre ce Rêve, pioche 1 carte. » → draw 1",
        "  draw: nothing happens (empty deck or no Lucidity left)",
        "  lose 1 Lucidity (Lucidity 11)",
        "  Lieu familier goes to the discard",
        "VICTORY with 11 Lucidity",
    ]
    assert "Prise de conscience drawn with a full hand: removed from the game" in got
    assert b.outcome is WIN


def test_defeat_stops_drawing() -> None:
    """« Arrête aussi de piocher si tu es à 0. » A chained dream that ends at 0 Lucidité ends the game:
    Refus's second draw never happens."""
    (b,) = run("Refus,Chute infinie,Paralysie nocturne,Ancrage,Souvenir réel,Rêve récurrent,Rêve récurrent,"
               "Visage flou,Lieu familier,Écho de peur,Prise de conscience", "Refus", lucidity=2)
    got = lines(b)
    assert got[-3:] == ["    lose 2 Lucidity (Lucidity 0)", "    Paralysie nocturne goes to the discard",
                        "    DEFEAT with 0 Lucidity"]
    assert b.outcome is LOSS and "Ancrage goes to the hand" not in got
