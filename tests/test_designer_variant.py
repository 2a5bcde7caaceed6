"""A designer's variant (quotes marked as their own by ``songe new``) prints nothing stale and nothing wrong.

Its dossier leaves out the shipped game's sentences about cards the variant left out (with a note), sets the
designer's rewritten quotes in place of the sentences they replace, and shows each option of a pasted drafted reading
in its own words; a new card's own wording (``text``) is what the books print, under the spec's title; lint finds the
figures and claims copied from the shipped game that no longer hold; a renamed term takes its own French
determiners (« ton Énergie »).

The figures do not matter here: every level is cut to a resource of 2 and a hand of 1, to keep the solves fast.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import run_cli, with_vertige

from songe.cli.new import draft
from songe.games.reveil.draft import restate
from songe.games.reveil.lint import cheap, missed_targets
from songe.games.reveil.spec_figures import figures
from songe.rulebook import books
from songe.rulebook.document import QA, Block, Document, Heading, Lines, Para, TableBlock, to_rst
from songe.spec.fields import read_toml
from songe.spec.reveil import ReveilSpec, load

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "spec" / "reveil.toml"
OLD_ROW = 'do = "draw 1", quote = "Si tu as joué une Pensée contre ce Rêve, pioche 1 carte."'
NEW_QUOTE = "Si tu as joué une Pensée contre ce Rêve, Intensité -1."
VERTIGE_QUOTE = 'quote = "Vertige 2 Si tu n’as aucune Pensée en main, perds 1 Lucidité supplémentaire."\n'
#: Vertige's own book wording, in the designer's words.
VERTIGE_TEXT = ('text = { fr = "Sans Pensée en main à son effet, perds 1 Lucidité de plus.", '
                'en = "No thought in hand at its effect: lose 1 more Lucidity." }\n')
#: Vertige's reading as ``songe ambiguities --discover --draft`` writes it, pasted into the spec, with the
#: designer's own FAQ answer.
DRAFTED = """
[[readings]]
id = "vertige_at_reveal"
kind = "timing"
question = "Vertigo: is its condition read when the dream is revealed, or when its effect applies?"
question_fr = "Vertige : sa condition se lit-elle quand le Rêve est retourné, ou quand son effet s’applique ?"
quotes = ["Si tu n’as aucune Pensée en main, perds 1 Lucidité supplémentaire."]
default = "as_written"
note = "A thought played against the dream has left the hand when the effect applies: the hand is read then."
note_fr = "Une Pensée jouée contre le Rêve a quitté la main quand l’effet s’applique : la main est lue à ce moment."
answer = "When its effect applies: a thought you played against it no longer counts."
answer_fr = "Quand son effet s’applique : une Pensée jouée contre lui ne compte plus."
options = [
  { id = "as_written", set = { "cards.vertige.effects.0.at" = "live" } },
  { id = "at_reveal", set = { "cards.vertige.effects.0.at" = "reveal" } },
]
"""


def _drafted(tmp_path: Path) -> Path:
    """The shipped spec as ``songe new`` drafts it, written in tmp_path."""
    path = tmp_path / "variant.toml"
    path.write_text(draft(SPEC.read_text(encoding="utf-8"), "variant", "Variant", None, "reveil.toml"), encoding="utf-8")
    return path


def _variant(tmp_path: Path, extra: str = "") -> Path:
    """The shipped spec as ``songe new`` drafts it, Visage flou left out, Lieu familier rewritten."""
    text = _drafted(tmp_path).read_text(encoding="utf-8")
    text = re.sub(r'\[\[cards\]\]\nid = "visage_flou"\n.*?(?=\n\[\[cards\]\])', "", text, flags=re.S)
    text = text.replace(OLD_ROW, f'do = "intensity -1", quote = "{NEW_QUOTE}"').replace(
        'quote = "Lieu familier 1 Si tu as joué une Pensée contre ce Rêve, pioche 1 carte."',
        f'quote = "Lieu familier 1 {NEW_QUOTE}"')
    text = with_vertige(text).replace(VERTIGE_QUOTE, VERTIGE_QUOTE + VERTIGE_TEXT)
    text = re.sub(r"(?m)^lucidity = \d+$", "lucidity = 2", re.sub(r"(?m)^hand_limit = \d+$", "hand_limit = 1", text))
    path = tmp_path / "variant.toml"
    path.write_text(text + extra, encoding="utf-8")
    return path


def _table_cells(doc) -> list[str]:
    """Every cell of the dossier's tables, its typographic spaces as plain ones."""
    return [re.sub(r"[\u00a0\u202f]", " ", cell) for b in doc.blocks if isinstance(b, TableBlock)
            for row in b.rows for cell in row]


@pytest.fixture(scope="module")
def variant(tmp_path_factory) -> tuple[ReveilSpec, dict]:
    """The variant (its drafted reading pasted) and its figures, solved once."""
    spec = load(_variant(tmp_path_factory.mktemp("variant"), DRAFTED))
    return spec, figures(spec)


@pytest.fixture(scope="module")
def dossiers(variant) -> dict[str, Document]:
    """The variant's dossier in each language."""
    return {lang: books.dossier("reveil", variant[0], variant[1], lang) for lang in ("fr", "en")}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_new_cards_own_wording_is_what_the_book_prints(variant, dossiers, lang: str) -> None:
    own = ("Sans Pensée en main à son effet, perds 1 Lucidité de plus." if lang == "fr" else
           "No thought in hand at its effect: lose 1 more Lucidity.")
    book = books.document("reveil", variant[0], variant[1], lang)
    assert book.title.startswith("Variant — ")  # the spec's title, never the shipped game's
    cells = _table_cells(book)
    said = " ".join(re.sub(r"[\u00a0\u202f]", " ", b.text) for b in book.blocks if isinstance(b, Para))
    # the variant wins far less than the one game in two its copied claim announces: the book says so
    assert ("moins que l’« environ une partie sur deux »" if lang == "fr" else "fewer than the one game in two") in said
    assert any(c.casefold() == own.casefold() for c in cells)  # the English book capitalises its terms
    reread = [line for b in dossiers[lang].blocks if isinstance(b, Lines) for line in b.lines]
    assert reread and not any(line.startswith("Vertig") for line in reread)  # the designer's words: not redrafted


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dossier_of_a_variant_sets_its_own_text_beside_the_clarified_rules(dossiers, lang: str) -> None:
    cells = _table_cells(dossiers[lang])
    assert not any("Visage flou 1" in c or "retire-en une" in c or "remove one" in c for c in cells)  # a card left out
    old = ("contre ce Rêve, pioche 1 carte", "against this dream, draw 1 card")
    assert not any(o in c for c in cells for o in old)  # the rewritten card's old effect, as source or as rule
    own = "texte de l’auteur" if lang == "fr" else "author’s text"
    assert any(f"[60, {own}] Lieu familier 1 Si tu as joué une Pensée contre ce Rêve, Intensité −1." in c
               for c in cells)
    notes = [b.text for b in dossiers[lang].blocks if isinstance(b, Para)]
    assert any("[59]" in t and "[61]" not in t for t in notes)  # left out, said in one line


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_pasted_drafted_reading_shows_each_options_own_wording(dossiers, lang: str) -> None:
    labels = ("Lecture retenue", "Autre lecture") if lang == "fr" else ("Adopted reading", "Other reading")
    said = {b.label.split("\u00a0")[0].rstrip(": "): b.text for b in _point(dossiers[lang])
            if isinstance(b, Para) and b.label}
    adopted, other = (said[k] for k in labels)
    assert "Vertig" in adopted and "Vertig" in other and adopted != other  # each option worded, not « nothing »
    assert "(la règle n’en dit rien)" not in (adopted, other) and "(the rules say nothing of it)" not in (adopted, other)


def _point(doc: Document) -> list[Block]:
    """The blocks of the drafted reading's open point, from its heading to the next."""
    at = next(i for i, b in enumerate(doc.blocks) if isinstance(b, Heading) and "Vertig" in b.text)
    end = next(i for i in range(at + 1, len(doc.blocks)) if isinstance(doc.blocks[i], Heading))
    return list(doc.blocks[at:end])


def test_new_takes_the_games_title(tmp_path: Path, capsys) -> None:
    for args, title in (((), "Nuit blanche"), (("--title", "Vertiges"), "Vertiges")):
        out = tmp_path / f"{len(args)}" / "nuit_blanche.toml"
        out.parent.mkdir()
        code, stdout, _ = run_cli(capsys, "new", "reveil", str(out), *args)
        assert code == 0 and stdout.startswith(f"{out}: {title}, drafted from reveil")
        assert read_toml(out)["game"]["name"] == title


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_designers_game_is_no_clarified_edition_and_its_faq_says_the_designers_answer(variant, lang: str) -> None:
    """The book of a designer's own game (quotes marked own by ``songe new``) claims no clarified original (title,
    edition line, the original's coloured backs), and the FAQ answers the pasted reading in the designer's
    ``answer``, not the drafted card text."""
    book = books.document("reveil", variant[0], variant[1], lang)
    text = re.sub(r"[\u00a0\u202f]", " ", to_rst(book))
    assert book.title == ("Variant — règle du jeu" if lang == "fr" else "Variant — rules of play")
    found = re.search(r".{0,80}(?:clarified|clarifiée|original|d’origine).{0,80}", text, flags=re.I)
    assert not found, found
    answers = [b.answer for b in book.blocks if isinstance(b, QA)]
    own = ("Quand son effet s’applique : une Pensée jouée contre lui ne compte plus." if lang == "fr" else
           "When its effect applies: a Thought you played against it no longer counts.")
    assert own in [re.sub(r"[\u00a0\u202f]", " ", a) for a in answers], answers


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_book_of_the_variant_prints_a_card_it_left_out(variant, dossiers, lang: str) -> None:
    """Visage flou is left out: the open point arguing about it is left out of both books (said in the dossier
    and by lint), and the authored FAQ answer naming it is printed without the clause that names it."""
    book = to_rst(books.document("reveil", variant[0], variant[1], lang))
    assert "Visage flou" not in book and "Blurred Face" not in book
    assert ("ce qui reste dans le paquet. Les chances" if lang == "fr" else
            "what is left in the deck. The win rates") in re.sub(r"[\u00a0\u202f]", " ", book)  # the rest of it
    said = [re.sub(r"[\u00a0\u202f]", " ", b.text) for b in dossiers[lang].blocks if isinstance(b, Para)]
    assert any("counting_cards" in t and "Visage flou" in t for t in said)  # left out, said in one line
    point = [str(f) for f in cheap(str(variant[0].file), dict(variant[0].raw), ROOT) if "open point" in str(f)]
    assert len(point) == 1 and "'counting_cards'" in point[0] and "'Visage flou'" in point[0]


def test_lint_finds_the_set_ups_and_a_levels_inherited_figures(tmp_path: Path) -> None:
    """« Prends 6 jetons de Lucidité » and « limite ta main à 2 Pensées », copied from the shipped game, no longer
    hold once the set-up starts with 7 and the hardest level's hand holds 1."""
    path = _drafted(tmp_path)
    text = path.read_text(encoding="utf-8").replace("[setup]\nlucidity = 6", "[setup]\nlucidity = 7").replace(
        'id = "cauchemar"\nlucidity = 5\nhand_limit = 2', 'id = "cauchemar"\nlucidity = 5\nhand_limit = 1')
    path.write_text(text, encoding="utf-8")
    found = [str(f) for f in cheap(str(path), read_toml(path), tmp_path)]
    assert any("setup, field 'quote'" in f and "says 6 Lucidité, but the set-up starts with 7" in f for f in found)
    assert any("levels['cauchemar']" in f and "says 2 Pensées, but level 'cauchemar''s hand holds 1" in f
               for f in found), found


def test_lint_finds_an_inherited_win_rate_claim_the_variant_misses(tmp_path: Path) -> None:
    """« tu gagnes environ une partie sur deux », copied from the shipped game: flagged in a designer's spec whose
    solved value is far from it, never in a published text's (a claim to measure, not a stale copy)."""
    path = _drafted(tmp_path)
    far, near = {"normal": Fraction(4, 5)}, {"normal": Fraction(11, 20)}
    found = [str(f) for f in missed_targets(load(path), far)]
    assert len(found) == 1 and "claim 'about_one_in_two'" in found[0] and "wins 0.8000" in found[0]
    assert not list(missed_targets(load(path), near)) and not list(missed_targets(load(), far))


@pytest.mark.parametrize(("word", "gender", "said"), [
    ("Énergie", "f", "Si ton Énergie tient, vérifie l’Énergie et la perte d’Énergie."),
    ("Calme", "m", "Si ton Calme tient, vérifie le Calme et la perte de Calme."),
    ("Sérénité", "f", "Si ta Sérénité tient, vérifie la Sérénité et la perte de Sérénité.")])
def test_a_renamed_resource_takes_its_own_determiners(tmp_path: Path, word: str, gender: str, said: str) -> None:
    """The shipped book's « ta Lucidité » becomes « ton Énergie » (French: « ton » and « l’ » before a vowel, even
    for a feminine word), « ton Calme », « ta Sérénité »: from the glossary's gender and elision."""
    path = _drafted(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace(
        'fr = { word = "Lucidité", plural = "Lucidité", gender = "f" }',
        f'fr = {{ word = "{word}", plural = "{word}", gender = "{gender}" }}'), encoding="utf-8")
    assert restate(load(path), "Si ta Lucidité tient, vérifie la Lucidité et la perte de Lucidité.", "fr") == said


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dossier_of_a_designers_game_gives_no_reason_about_an_original(dossiers, lang: str) -> None:
    """The claim's authored reason (« La règle d'origine annonçait « environ une partie sur deux » … ») and the
    other reasons and rules about the shipped game's original are printed without what they say of it: the designer's
    game has no original (the book's ``original`` words)."""
    rows = [row for b in dossiers[lang].blocks if isinstance(b, TableBlock) for row in b.rows if len(row) == 3]
    claim = next(row for row in rows if row[0].startswith("[77"))
    assert claim[2] == ("La règle dit le chiffre calculé." if lang == "fr" else "The rules state the computed figure.")
    stale = ("l’original", "règle d’origine", "phrase d’origine", "the original rules", "the original,",
             "the original allowed", "original sentence")
    assert not [c for row in rows for c in row[1:] if any(s in c for s in stale)]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dossiers_commands_name_the_designers_spec_file(variant, dossiers, lang: str) -> None:
    """« Pour les recalculer : songe solve reveil … » would give the shipped game's figures: the technical note names
    the spec's file as it was given."""
    said = re.sub(r"[\u00a0\u202f]", " ", " ".join(b.text for b in dossiers[lang].blocks if isinstance(b, Para)))
    assert f"songe solve {variant[0].file} " in said and f"songe rulebook {variant[0].file} --write-results" in said
    assert "songe solve reveil" not in said and "songe tune reveil" not in said


def test_the_english_dossiers_texts_to_re_read_say_the_english_books_terms(dossiers) -> None:
    """The « to review » lists print each text as the English book does: « Lucidity », never the French
    « Lucidité » (the book's glossary restatement; a quotation of the French source stays as it is)."""
    lines = [re.sub(r"“[^”]*”", "", line) for b in dossiers["en"].blocks if isinstance(b, Lines) for line in b.lines]
    assert any("Lucidity" in line for line in lines)
    assert not [line for line in lines if "Lucidité" in line or "Pensée" in line]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dossier_of_a_designers_game_speaks_of_its_authors_text(dossiers, lang: str) -> None:
    """A designer's own game clarifies no original: the dossier's intro, claims, columns and coverage speak of the
    author's text, and the coverage counts the sentences it left out as left out (never « aucune n'est perdue »
    right after listing them)."""
    text = re.sub(r"[\u00a0\u202f]", " ", to_rst(dossiers[lang]))
    found = re.search(r".{0,60}(?:texte d’origine|règle d’origine|règle clarifiée|original text|original rules|"
                      r"clarified rule|jeu d’origine|original game).{0,60}", text, flags=re.I)
    assert not found, found
    cover = next(b.text for b in dossiers[lang].blocks if isinstance(b, Para)
                 and b.text.startswith(("Sur les", "Of the")))
    assert ("laissées de côté" if lang == "fr" else "left out") in cover and "[59]" in cover
    assert ("aucune n’est perdue" if lang == "fr" else "none is lost") not in cover


def test_lint_finds_a_chosen_witness_naming_a_card_the_deck_no_longer_has(variant) -> None:
    """The shipped game's ``[[witnesses]]`` deal Visage flou, which the variant left out: one line a witness."""
    found = [f for f in cheap(str(variant[0].file), dict(variant[0].raw), ROOT) if f.entry.startswith("witness ")]
    assert [f.value for f in found] == ["visage_flou", "visage_flou"], found
    assert all("no longer has" in f.problem for f in found)
    assert not [f for f in cheap(str(SPEC), read_toml(SPEC), ROOT) if "witness " in str(f)]


def test_the_english_dossier_names_what_it_asks_to_review_in_english(dossiers) -> None:
    """Its « to review » lines give the cards the glossary's English names, as the English book prints them: the
    card left out, the card whose effect changed, the head of a redrafted card's line."""
    reread = [line for b in dossiers["en"].blocks if isinstance(b, Lines) for line in b.lines]
    assert any(line.startswith("names Blurred Face, not in the spec") for line in reread), reread
    assert any(line.startswith("describes Familiar Place, whose effect the spec changed") for line in reread), reread
    assert any(line.startswith("Familiar Place — ") for line in reread), reread
    heads = [line.split(" — ")[0] for line in reread]
    assert not any(name in head for head in heads for name in ("Visage flou", "Lieu familier")), heads
