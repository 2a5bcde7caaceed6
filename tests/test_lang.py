"""--lang on trace, advise and play: French or English from the same wording, by default the locale's."""

from __future__ import annotations

import pytest
from helpers import run_cli

ORDER = "Refus,Chute infinie,Lieu familier,Ancrage,Visage flou,Rêve récurrent,Paralysie nocturne,Écho de peur," \
        "Prise de conscience,Souvenir réel,Rêve récurrent"
TRACE = ("trace", "reveil", "--order", ORDER, "--choices", "Refus", "--policy", "never", "--level", "normal")


def clear_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("env,lang", [({"LANG": "fr_FR.UTF-8"}, "fr"), ({"LANG": "en_GB.UTF-8"}, "en"),
                                      ({"LANG": "fr_FR.UTF-8", "LC_ALL": "C.UTF-8"}, "en"),
                                      ({"LANG": "C", "LC_MESSAGES": "fr_CA"}, "fr"), ({}, "en")])
def test_trace_speaks_the_locale_language(env, lang, monkeypatch, capsys) -> None:
    clear_locale(monkeypatch)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code, out, err = run_cli(capsys, *TRACE)
    assert code == 0, err
    french = "tu révèles Chute infinie (Intensité 4)" in out and "tu perds 1 Lucidité (Lucidité 5)" in out
    english = "reveal Chute infinie (intensity 4)" in out and "lose 1 Lucidity (Lucidity 5)" in out
    assert (french, english) == (lang == "fr", lang == "en")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lang_overrides_the_locale(lang, monkeypatch, capsys) -> None:
    clear_locale(monkeypatch)
    monkeypatch.setenv("LANG", "en_US.UTF-8" if lang == "fr" else "fr_FR.UTF-8")
    code, out, _ = run_cli(capsys, *TRACE, "--lang", lang)
    head = out.splitlines()[0]
    assert code == 0 and head == ("Réveil, niveau normal (Lucidité 6, main 3), jeu never" if lang == "fr"
                                  else "Réveil, level normal (Lucidity 6, hand 3), never play")
    assert ("» choix : Refus (imposé ;" in out) == (lang == "fr")


def test_advise_in_french(capsys) -> None:
    code, out, err = run_cli(capsys, "advise", "reveil", "--lucidity", "4", "--hand", "Refus,Ancrage", "--seen",
                             "Paralysie nocturne,Prise de conscience", "--previous", "Paralysie nocturne",
                             "--dream", "Chute infinie", "--lang", "fr")
    assert code == 0, err
    first, *rest = out.splitlines()
    assert first.startswith("Refus") and first.endswith("← le meilleur")
    assert any(line.startswith("aucune Pensée") for line in rest)


def test_other_families_trace_in_both_languages(monkeypatch, capsys) -> None:
    clear_locale(monkeypatch)
    moves = "J: P3,O1,O2,O4,O5,C1,C2,E1,E2,E6; H: C3,O3,O6,O7,C4,C5,C6,C7,E3,E4; moves: give E1, give E4, lead P3, " \
            "name C, follow C3"
    texts = {}
    for lang in ("fr", "en"):
        code, out, err = run_cli(capsys, "trace", "jekyll-hyde", "--moves", moves, "--agents", "greedy", "--seed", "0",
                                 "--lang", lang)
        assert code == 0, err
        texts[lang] = out
    assert "Dr\u00a0Jekyll annonce Colère (C)" in texts["fr"] and "Dr\u00a0Jekyll names Wrath (C)" in texts["en"]


def test_every_event_is_worded_in_every_language_and_register() -> None:
    """Each template of the one wording fills (its fields and its glossary terms exist) for every event kind."""
    from songe.games.reveil.state import Event, EventKind
    from songe.games.reveil.wording import PHRASES, Register, phrase, tell
    from songe.spec.reveil import load

    spec = load()
    card = spec.cards[0].name
    for kind in EventKind:
        for depth in (1, 2):
            event = Event(kind, card, 0 if kind is EventKind.ROW else 2, depth, 4)
            for lang in ("fr", "en"):
                assert tell(event, spec, lang, Register.LINE)
                assert tell(event, spec, lang, Register.BOOK)
                said = tell(event, spec, lang, Register.SENTENCE)
                assert said is None if kind in (EventKind.CHAIN_START, EventKind.CHAIN_END) else said
    values = dict.fromkeys(("name", "level", "luc", "hand", "policy", "readings", "n", "p", "d", "decision", "how",
                            "options", "choices", "s", "count", "DREAM", "typed", "keys", "left", "discard",
                            "chained", "card", "text", "number", "r", "list", "setup", "first", "extra"), "x")
    for key in PHRASES:
        for lang in ("fr", "en"):
            assert "{" not in phrase(key, spec, lang, **values)


def test_a_french_line_elides_de_before_a_card_name() -> None:
    """« l’effet d’Écho de peur », « en cours d’Écho de peur »: « de » elides before a name opening on a vowel, as
    before any French word; « de Vertige » stays."""
    from songe.games.reveil.state import Event, EventKind
    from songe.games.reveil.wording import line
    from songe.spec.reveil import load

    spec = load()
    vowel = next(c.name for c in spec.cards if c.name[:1].lower() in "aeiouéè")
    other = next(c.name for c in spec.cards if c.name[:1].lower() not in "aeiouéèh")
    assert line(Event(EventKind.SKIP_EFFECT, vowel, None, 1, 4), spec, "fr").startswith(f"l’effet d’{vowel} ")
    assert f"en cours d’{vowel} :" in line(Event(EventKind.INTENSITY, vowel, 2, 1, 4), spec, "fr")
    assert line(Event(EventKind.SKIP_EFFECT, other, None, 1, 4), spec, "fr").startswith(f"l’effet de {other} ")
