"""The dossier of a designer's variant (quotes marked as their own by ``songe new``) prints nothing stale: the
shipped game's sentences about cards the variant left out are left out with a note, the designer's rewritten
quotes stand for the sentences they replace, and a drafted reading shows each option's own wording.

The figures do not matter here: every level is cut to a resource of 2 and a hand of 1, to keep the solves fast.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from songe.cli.new import draft
from songe.games.reveil.spec_figures import figures
from songe.rulebook import books
from songe.rulebook.document import Para, TableBlock
from songe.spec.reveil import load

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "spec" / "reveil.toml"
RESULTS = json.loads((ROOT / "docs" / "results" / "reveil.json").read_text(encoding="utf-8"))
OLD_ROW = 'do = "draw 1", quote = "Si tu as joué une Pensée contre ce Rêve, pioche 1 carte."'
NEW_QUOTE = "Si tu as joué une Pensée contre ce Rêve, Intensité -1."
#: A reading as ``songe ambiguities --discover --draft`` writes it, pasted into the spec.
DRAFTED = '''
[[readings]]
id = "chute_at_reveal"
kind = "timing"
question = "Chute infinie: is the condition read when the dream is revealed, or when its effect applies?"
question_fr = "Chute infinie : la condition se lit-elle quand le Rêve est retourné, ou quand son effet s’applique ?"
quotes = ["Si tu n’as pas joué de Pensée contre ce Rêve, perds 1 Lucidité supplémentaire"]
default = "as_written"
options = [
  { id = "as_written", set = { "cards.chute_infinie.effects.0.at" = "live" } },
  { id = "at_reveal", set = { "cards.chute_infinie.effects.0.at" = "reveal" } },
]
'''


def _variant(tmp_path: Path, extra: str = "") -> Path:
    """The shipped spec as ``songe new`` drafts it, Visage flou left out, Lieu familier rewritten."""
    text = draft(SPEC.read_text(encoding="utf-8"), "variant", "Variant", None, "reveil.toml")
    text = re.sub(r'\[\[cards\]\]\nid = "visage_flou"\n.*?(?=\n\[\[cards\]\])', "", text, flags=re.S)
    text = text.replace(OLD_ROW, f'do = "intensity -1", quote = "{NEW_QUOTE}"').replace(
        'quote = "Lieu familier 1 Si tu as joué une Pensée contre ce Rêve, pioche 1 carte."',
        f'quote = "Lieu familier 1 {NEW_QUOTE}"')
    text = re.sub(r"(?m)^lucidity = \d+$", "lucidity = 2", re.sub(r"(?m)^hand_limit = \d+$", "hand_limit = 1", text))
    path = tmp_path / "variant.toml"
    path.write_text(text + extra, encoding="utf-8")
    return path


def _table_cells(doc) -> list[str]:
    """Every cell of the dossier's tables, its typographic spaces as plain ones."""
    return [re.sub(r"[\u00a0\u202f]", " ", cell) for b in doc.blocks if isinstance(b, TableBlock)
            for row in b.rows for cell in row]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dossier_of_a_variant_sets_its_own_text_beside_the_clarified_rules(tmp_path: Path, lang: str) -> None:
    spec = load(_variant(tmp_path))
    dossier = books.dossier("reveil", spec, figures(spec), lang)
    cells = _table_cells(dossier)
    assert not any("Visage flou 1" in c or "retire-en une" in c or "remove one" in c for c in cells)  # a card left out
    old = ("contre ce Rêve, pioche 1 carte", "against this dream, draw 1 card")
    assert not any(o in c for c in cells for o in old)  # the rewritten card's old effect, as source or as rule
    own = "texte de l’auteur" if lang == "fr" else "author’s text"
    assert any(f"[60, {own}] Lieu familier 1 Si tu as joué une Pensée contre ce Rêve, Intensité −1." in c
               for c in cells)
    notes = [b.text for b in dossier.blocks if isinstance(b, Para)]
    assert any("[59]" in t and "[61]" not in t for t in notes)  # left out, said in one line


def test_the_shipped_dossier_pairs_its_source_sentences_as_before() -> None:
    cells = _table_cells(books.dossier("reveil", load(), RESULTS, "fr"))
    assert any(c.startswith("[59] Visage flou 1") for c in cells)
    assert not any("texte de l’auteur" in c for c in cells)
