"""Jekyll vs Hyde's worked examples told as a player's book tells them (songe.games.jekyll_hyde.narration):
a Potion's trick in the rules' order (its effect first, then the higher value; a steal before the winner
takes the trick), the tricks the engine counted, and every game term taken from the spec's glossary."""

from __future__ import annotations

import copy
import random

import pytest

from songe.games.jekyll_hyde.narration import Teller, tell_trick
from songe.games.jekyll_hyde.state import Followed, Led, Named, RoundEnded, Stolen, TrickWon
from songe.games.jekyll_hyde.worked import _events, worked_examples
from songe.spec import jekyll_hyde
from songe.spec.fields import read_toml
from songe.spec.jekyll_hyde import Effect, load

SPEC = load()


def _steal_trick(spec: jekyll_hyde.JekyllHydeSpec) -> list[object]:
    """Dr Jekyll leads the highest Potion and names the stealing suit; Hyde follows with its lowest card; the
    Potion wins, and its winner steals two cards of the opponent's."""
    suit = next(s for s in spec.suits if s.effect is Effect.STEAL)
    potion, follow = spec.deck[-1], f"{suit.id}{min(spec.values)}"
    stolen = tuple(random.Random(0).sample([c for c in spec.deck if c not in (potion, follow)], 2))
    return [Led(0, potion), Named(0, suit.id, suit.name), Followed(1, follow),
            TrickWon(0, potion, follow, Effect.STEAL.value, (suit.id,), ""), Stolen(0, stolen)]  # type: ignore[arg-type]


@pytest.mark.parametrize("lang, marks", [
    ("fr", ("se résout avant de comparer", "Puis la plus haute valeur", "Avant de ramasser", "ramasse le pli")),
    ("en", ("its effect comes first", "Then the higher value", "Before gathering", "gathers the trick")),
])
def test_a_potions_trick_is_told_in_the_rules_order(lang: str, marks: tuple[str, ...]) -> None:
    lines = tell_trick(Teller(SPEC, lang), _steal_trick(SPEC), 0, (), last=False)
    where = [next(k for k, line in enumerate(lines) if mark in line) for mark in marks]
    assert where == sorted(where) and len(set(where)) == len(where), lines


def test_the_steal_names_the_trick_the_reading_takes() -> None:
    first = load(readings={"steal_target": "first"})
    said = " ".join(tell_trick(Teller(first, "fr"), _steal_trick(first), 0, (), last=False))
    assert "en premier" in said and "du dessus" not in said
    said = " ".join(tell_trick(Teller(SPEC, "fr"), _steal_trick(SPEC), 0, (), last=False))
    assert "du dessus de sa pile" in said and "en premier" not in said


def test_the_round_is_told_trick_by_trick_as_the_engine_played_it() -> None:
    entry = next(e for e in SPEC.raw["examples"] if e["stop"] == "round")
    events = _events(SPEC, entry)
    (end,) = [e for e in events if isinstance(e, RoundEnded)]
    told = next(w for w in worked_examples(SPEC) if w.id == entry["id"])
    for lang, wins in (("fr", "gagne le pli"), ("en", "wins the trick")):
        lines = told.text(lang)
        won = [sum(f"{Teller(SPEC, lang).side(side)} {wins}".lower() in line.lower() for line in lines)
               for side in (0, 1)]
        for x in (e for e in events if isinstance(e, Stolen)):  # a stolen trick counts for the thief
            won[x.thief], won[1 - x.thief] = won[x.thief] + 1, won[1 - x.thief] - 1
        assert tuple(won) == end.tricks and len([x for x in events if isinstance(x, TrickWon)]) == SPEC.tricks
        assert f"{max(end.tricks)}\u00a0−\u00a0{min(end.tricks)}\u00a0=\u00a0{end.difference}" in " ".join(lines)


def test_a_rethemed_spec_tells_its_examples_in_its_own_words() -> None:
    path = jekyll_hyde.default_path()
    raw = copy.deepcopy(read_toml(path))
    raw["glossary"]["trick"] = {"fr": {"word": "coup", "plural": "coups", "gender": "m"},
                                "en": {"word": "hand", "plural": "hands", "gender": "n"}}
    raw["glossary"]["orgueil"]["en"] = {"word": "Vanity", "plural": "Vanity", "gender": "n"}
    themed = jekyll_hyde.from_raw(raw, str(path), {}, path.parent)
    for shipped, renamed in zip(worked_examples(SPEC), worked_examples(themed), strict=True):
        fr, en = " ".join(renamed.text("fr")), " ".join(renamed.text("en"))
        assert " pli" not in fr and " coup" in fr and "Pli " not in fr
        assert "trick" not in en.lower() and "Pride" not in en
        assert renamed.replay == shipped.replay
    assert any("Vanity" in line for w in worked_examples(themed) for line in w.text("en"))


def test_a_waiting_steal_is_told_after_the_trick_it_takes() -> None:
    """Under the deferred reading a steal with no trick to take waits, and takes the next trick the opponent
    wins: told as waiting, then after that trick is taken."""
    deferred = load(readings={"steal_without_trick": "deferred"})
    told = tell_trick(Teller(deferred, "fr"), _steal_trick(deferred)[:-1], 0, (), last=False)
    assert "le vol attend" in told[-2] and "ramasse le pli" in told[-1]
    lead, follow = (f"{deferred.suits[1].id}{v}" for v in (min(deferred.values), max(deferred.values)))
    later = [Led(1, lead), Followed(0, follow), TrickWon(0, lead, follow, None, (deferred.suits[1].id,), ""),
             Stolen(1, (lead, follow))]
    told = tell_trick(Teller(deferred, "fr"), later, 1, (), last=False)
    assert "ramasse le pli" in told[-2] and told[-1].startswith("Le vol en attente") and "Mr" in told[-1]


def test_the_red_reset_is_told_as_each_reading_leaves_the_order() -> None:
    """The Potion trick's Wrath card first takes its rank (the « yes » reading), then the reset: no suit ranked,
    or (keep_trick) that suit at once the weakest."""
    entry = next(e for e in SPEC.raw["examples"] if e["stop"] == "trick")
    for readings, said, unsaid in (({}, "aucune couleur n'a plus de rang", "devient aussitôt"),
                                   ({"red_reset_scope": "keep_trick"}, "devient aussitôt la plus faible", "n'a plus")):
        spec = load(readings=readings)
        told = " ".join(next(w for w in worked_examples(spec) if w.id == entry["id"]).text("fr"))
        assert "cette carte prend d'abord son rang" in told and said in told and unsaid not in told, told
    no = load(readings={"potion_colour_ranks": "no"})
    told = " ".join(next(w for w in worked_examples(no) if w.id == entry["id"]).text("fr"))
    assert "prend d'abord son rang" not in told
