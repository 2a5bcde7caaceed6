"""The figures drawn from the spec and the one-page player aid, checked as a reader sees them.

A figure follows its spec: a copy with reordered steps, a longer track or a bigger Life Deck draws a
different figure, and the spec's words are in its SVG and in the PDF's text. The aid is rendered and
measured: one page, each column inked down to within a quarter of the foot of the column area, type
never under 9 pt, every line authored for the aid (no pointer to a section it does not have).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from songe.cli.common import load_game_spec
from songe.errors import SpecError
from songe.rulebook import aid as aid_module
from songe.rulebook import books, drawings
from songe.rulebook.aid_pdf import FIGURE_TOP, MIN_SIZE
from songe.rulebook.document import FigureBlock, Heading, Para, TableBlock
from songe.rulebook.figure import Box, Tone, to_svg, to_typst
from songe.rulebook.pdf import write_pdf
from songe.rulebook.typography import dress
from songe.spec import glossary
from songe.spec.book import book_dir
from songe.spec.reveil import Step
from songe.spec.sources import spec_dir
from songe.spec.words import load_words

typst = pytest.importorskip("typst")
ROOT = Path(__file__).resolve().parents[1]
RESULTS = json.loads((ROOT / "docs" / "results" / "reveil.json").read_text(encoding="utf-8"))
GAMES = ("reveil", "jekyll-hyde", "when-i-dream", "dread-draw")
needs_poppler = pytest.mark.skipif(not shutil.which("pdftotext") or not shutil.which("pdftoppm"),
                                   reason="poppler-utils (pdftotext, pdftoppm) not installed")


def _figures(game: str, lang: str, spec=None):
    spec = spec or load_game_spec(game, None, ())
    return [f for _, f in drawings.figures(game, spec, lang, books.COMPOSED[game])]


def _copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = (spec_dir() / name).read_text(encoding="utf-8")
    assert old in text, old
    out = tmp_path / name
    out.write_text(text.replace(old, new, 1), encoding="utf-8")
    return out


def _pdf_text(fig, tmp_path: Path) -> str:
    src = tmp_path / "fig.typ"
    src.write_text('#set page(paper: "a4")\n' + to_typst(fig, 480), encoding="utf-8")
    (tmp_path / "fig.pdf").write_bytes(typst.compile(str(src)))
    return subprocess.run(["pdftotext", str(tmp_path / "fig.pdf"), "-"], capture_output=True, text=True,
                          check=True).stdout


def _flat(text: str) -> str:
    return re.sub(r"[\s\u00a0\u202f]+", " ", text)


def test_reveil_figure_follows_the_spec_step_order(tmp_path: Path) -> None:
    from songe.spec.reveil import load

    text = (spec_dir() / "reveil.toml").read_text(encoding="utf-8")
    thought = text[text.index('[[steps]]\nid = "thought"'):text.index('[[steps]]\nid = "effect"')]
    effect = text[text.index('[[steps]]\nid = "effect"'):text.index('[[steps]]\nid = "loss"')]
    (tmp_path / "reveil.toml").write_text(text.replace(thought + effect, effect + thought), encoding="utf-8")
    words = load_words(book_dir() / "reveil.figures.toml")

    def label(n: int, step: str) -> str:
        return dress(f"{n}. {words.get('steps.' + step, 'fr', {'loss_cap': '2', 'defeat_at': '0'})}", "fr")

    shipped = [i.label for i in _figures("reveil", "fr")[0].items if isinstance(i, Box)]
    swapped = [i.label for i in _figures("reveil", "fr", load(tmp_path / "reveil.toml"))[0].items
               if isinstance(i, Box)]
    assert shipped[1:3] == [label(2, "thought"), label(3, "effect")]
    assert swapped[1:3] == [label(2, "effect"), label(3, "thought")]


def test_reveils_chained_dream_goes_back_into_each_step_that_drew() -> None:
    """After a chained dream, play resumes where the first dream was left: the way back from the end of a
    resolution enters every box of a step at which a card draws, and no other."""
    from songe.games.reveil.figures import STEP_H, TOP, drawing_steps
    from songe.rulebook.figure import Arrow

    spec = load_game_spec("reveil", None, ())
    (fig,) = _figures("reveil", "fr")
    boxes = [i for i in fig.items if isinstance(i, Box)][:len(spec.steps)]
    back = [i for i in fig.items if isinstance(i, Arrow) and not i.dashed and i.points[-1][1] == TOP + STEP_H
            and any(TOP + STEP_H < y < TOP + STEP_H + 30 for _, y in i.points)]  # along the track under the row
    entered = {k for i in back for k, b in enumerate(boxes) if b.x < i.points[-1][0] < b.x + b.w}
    drawing = {k for k, s in enumerate(spec.steps) if s in drawing_steps(spec)}
    assert len(drawing) >= 2 and entered == drawing, (entered, drawing)


def test_jekyll_hyde_track_follows_the_spec_length(tmp_path: Path) -> None:
    from songe.spec.jekyll_hyde import load

    spec = load(_copy(tmp_path, "jekyll_hyde.toml", "spaces = 11", "spaces = 13"))
    track = _figures("jekyll-hyde", "en", spec)[0]
    spaces = [i for i in track.items if isinstance(i, Box) and i.tone in (Tone.SIDE_A, Tone.SIDE_B) and i.label]
    assert len(spaces) == 13 and sum(i.tone is Tone.SIDE_A for i in spaces) == spec.jekyll_side
    assert spaces[0].label == "12" and "13" in track.caption
    shipped = _figures("jekyll-hyde", "en")[0]
    assert to_svg(track) != to_svg(shipped) and ">12<" in to_svg(track) and ">12<" not in to_svg(shipped)


def test_dread_draw_area_follows_the_life_deck(tmp_path: Path) -> None:
    from songe.spec.dread_draw import load

    spec = load(_copy(tmp_path, "dread_draw.toml", "cards = 10", "cards = 14"))
    # the number and what it counts are held together by a no-break space (the book's typography)
    assert "14\u00a0cards" in " ".join(_figures("dread-draw", "en", spec)[0].texts())
    assert "10\u00a0cards" in " ".join(_figures("dread-draw", "en")[0].texts())


def test_when_i_dream_board_follows_the_example(tmp_path: Path) -> None:
    from songe.spec.when_i_dream import load

    path = _copy(tmp_path, "when_i_dream.toml", 'id = "round_score"\nyellow = 3', 'id = "round_score"\nyellow = 5')
    cards = [i for i in _figures("when-i-dream", "fr", load(path))[0].items if isinstance(i, Box) and i.tone is Tone.CARD]
    shipped = [i for i in _figures("when-i-dream", "fr")[0].items if isinstance(i, Box) and i.tone is Tone.CARD]
    assert len(cards) == len(shipped) + 2


def _word(spec: Any, fr: str, lang: str) -> str:
    """A French game term as the glossary writes it in ``lang`` (an English figure says Pride, not Orgueil)."""
    return next((t.name(lang) for t in glossary.of(spec) if t.name("fr") == fr), fr)


@needs_poppler
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_figures_carry_the_spec_words_in_svg_and_pdf(game: str, lang: str, tmp_path: Path) -> None:
    spec = load_game_spec(game, None, ())
    # Réveil: the steps the player takes are numbered as the book numbers them (its text's « Étape 5 »); the end
    # of a resolution (the defeat check) is drawn, unnumbered
    from_spec = {"reveil": lambda: [f"{sum(s is not Step.END for s in spec.steps)}.", str(spec.rules.loss_cap),
                                    str(spec.rules.defeat_at)],
                 "jekyll-hyde": lambda: [_word(spec, spec.suits[0].name, lang), _word(spec, spec.suits[1].name, lang),
                                str(spec.spaces - 1)],
                 "when-i-dream": lambda: [r.name for r in spec.roles] if lang == "fr" else [],
                 "dread-draw": lambda: [str(spec.life_cards)]}[game]()
    printed, drawn = "", ""
    for fig in _figures(game, lang, spec):
        svg, text = to_svg(fig), _flat(_pdf_text(fig, tmp_path))
        printed, drawn = printed + text, drawn + svg
        for label in fig.texts():
            assert all(w in text for w in _flat(label).split()), (label, text[:200])
            assert all(w.replace("&", "&amp;").replace("<", "&lt;") in svg for w in label.split()), label
    if game == "reveil":
        assert f"{len(spec.steps)}." not in printed, "the defeat check is not a numbered step"
    for word in from_spec:
        assert word in printed and word in drawn, word


def test_a_figure_label_is_never_markup(tmp_path: Path) -> None:
    from songe.rulebook.figure import Figure

    fig = Figure(100, 50, (Box(0, 0, 100, 50, '#let x = 1 $a$ <b> & "c" \\ [d]'),), "<script>")
    assert "<script>" not in to_svg(fig) and "&lt;b&gt;" in to_svg(fig)
    (tmp_path / "x.typ").write_text(to_typst(fig, 200), encoding="utf-8")
    assert typst.compile(str(tmp_path / "x.typ")).startswith(b"%PDF")


@pytest.mark.parametrize("game", ["reveil", "dread-draw", "when-i-dream"])
def test_each_book_places_its_figures_on_its_page(game: str, tmp_path: Path) -> None:
    spec = load_game_spec(game, None, ())
    doc = books.document(game, spec, RESULTS, "fr")
    placed = [b for b in doc.blocks if isinstance(b, FigureBlock)]
    assert placed and all(f.figure.caption for f in placed)
    page = books.write_rst(doc, game, tmp_path).read_text(encoding="utf-8")
    assert page.count("<svg ") == len(placed) and ".. raw:: html" in page


# ---------------------------------------------------------------- the player aid


def _aid(game: str, lang: str, tmp_path: Path, readings: tuple[str, ...] = ()) -> tuple[Path, object]:
    spec = load_game_spec(game, None, readings)
    doc = aid_module.document(game, spec, RESULTS, lang)
    return write_pdf(doc, tmp_path / f"{game}.{lang}.aid.pdf", aid=True), doc


def _columns_fill(png: Path, figure_top: float | None) -> tuple[float, float]:
    """How far down each column's ink reaches, as a share of the column area: from the title band's last
    row across the gutter down to the figure's top (as laid out, in points) or the bottom margin."""
    from PIL import Image

    im = Image.open(png).convert("L")
    w, h = im.size
    grey = im.tobytes()
    ink = lambda x, y: grey[y * w + x] < 160  # noqa: E731
    cm = w / 21.0
    # the middle of the 0.7 cm gutter: a column's table border, 0.35 cm from the middle, is not across it
    left, right, gutter = int(1.2 * cm), int(w - 1.2 * cm), (int(w / 2 - 0.2 * cm), int(w / 2 + 0.2 * cm))
    bottom = int(figure_top / 842 * h) if figure_top is not None else int(h - 1.1 * cm)
    top = max(y for y in range(bottom) if any(ink(x, y) for x in range(*gutter)))
    out = []
    for x0, x1 in ((left, gutter[0]), (gutter[1], right)):
        rows = [y for y in range(top + 1, bottom) if any(ink(x, y) for x in range(x0, x1))]
        out.append((rows[-1] - top) / (bottom - top) if rows else 0.0)
    return out[0], out[1]


def _figure_top(pdf: Path) -> float | None:
    found = json.loads(typst.query(str(pdf.with_suffix(".typ")), f"<{FIGURE_TOP}>", field="value"))
    return float(found[0]) if found else None


@needs_poppler
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_aid_is_one_full_page_of_readable_type(game: str, lang: str, tmp_path: Path) -> None:
    pdf, doc = _aid(game, lang, tmp_path)
    subprocess.run(["pdftoppm", "-r", "40", "-gray", "-png", str(pdf), str(tmp_path / "aid")], check=True)
    pages = sorted(tmp_path.glob("aid-*.png"))
    assert len(pages) == 1, "the player aid must fit one page"
    fill = _columns_fill(pages[0], _figure_top(pdf))
    assert min(fill) >= 0.75, f"a column is more than a quarter empty: {fill}"
    sizes = [float(s) for s in re.findall(r"size: ([\d.]+)pt", pdf.with_suffix(".typ").read_text(encoding="utf-8"))]
    assert sizes and min(sizes) >= MIN_SIZE, min(sizes)
    blocks = doc.blocks  # type: ignore[attr-defined]
    assert any(isinstance(b, Para) and b.number == "1." for b in blocks), "no numbered sequence"
    assert any(isinstance(b, TableBlock) for b in blocks) and any(isinstance(b, FigureBlock) for b in blocks)
    text = _flat(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout)
    headings = [b.text for b in blocks if isinstance(b, Heading)]
    assert all(_flat(h) in text for h in headings)
    for t in doc.texts():  # type: ignore[attr-defined]
        assert not aid_module.SECTION_REF.search(t), t


def test_the_aid_follows_the_readings(tmp_path: Path) -> None:
    spec = load_game_spec("reveil", None, ())
    base = " ".join(aid_module.document("reveil", spec, RESULTS, "fr").texts())
    other = load_game_spec("reveil", None, ("victory_condition=last_card_reached",))
    changed = " ".join(aid_module.document("reveil", other, RESULTS, "fr").texts())
    assert base != changed and "atteins la dernière carte" in changed and "atteins la dernière carte" not in base


def test_the_aid_refuses_a_pointer_to_a_section_it_lacks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(book_dir(), tmp_path / "rulebook")
    aid = tmp_path / "rulebook" / "dread_draw.aid.toml"
    aid.write_text(aid.read_text(encoding="utf-8").replace("Tirez au hasard qui joue le premier tour.",
                                                           "Tirez au hasard qui joue (voir 4.7)."), encoding="utf-8")
    monkeypatch.setattr("songe.spec.aid.book_dir", lambda: tmp_path / "rulebook")
    with pytest.raises(SpecError, match="points to a section"):
        aid_module.document("dread-draw", load_game_spec("dread-draw", None, ()), None, "fr")


@needs_poppler
def test_the_fill_measure_sees_a_half_empty_column(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same aid with its type held well below its fitted size (7 pt: its text fills the page near the 9 pt
    floor) leaves its columns short: the measure must say so."""
    monkeypatch.setattr("songe.rulebook.aid_pdf.MIN_SIZE", 7.0)
    monkeypatch.setattr("songe.rulebook.aid_pdf.MAX_SIZE", 7.0)
    pdf, _ = _aid("jekyll-hyde", "fr", tmp_path)
    subprocess.run(["pdftoppm", "-r", "40", "-gray", "-png", str(pdf), str(tmp_path / "aid")], check=True)
    assert min(_columns_fill(sorted(tmp_path.glob("aid-*.png"))[0], _figure_top(pdf))) < 0.75


def test_the_aid_refuses_a_line_for_a_reading_the_game_lacks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(book_dir(), tmp_path / "rulebook")
    aid = tmp_path / "rulebook" / "reveil.aid.toml"
    aid.write_text(aid.read_text(encoding="utf-8").replace('when = ["victory_condition=deck_empty"]',
                                                           'when = ["victory_condition=deck_emtpy"]'), encoding="utf-8")
    monkeypatch.setattr("songe.spec.aid.book_dir", lambda: tmp_path / "rulebook")
    with pytest.raises(SpecError, match="victory_condition=deck_emtpy"):
        aid_module.document("reveil", load_game_spec("reveil", None, ()), RESULTS, "fr")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_reveils_aid_and_book_give_each_card_one_wording(lang: str) -> None:
    """A card's effect reads the same in the book's card tables and on the aid (one wording per card)."""
    spec = load_game_spec("reveil", None, ())

    def cells(doc) -> dict[str, str]:  # card name (the French name at first use aside) -> its effect
        return {re.sub(r" \(.*\)$", "", r[0]): r[-1] for b in doc.blocks
                if isinstance(b, TableBlock) and ("Effet" in b.header or "Effect" in b.header) for r in b.rows}

    book, aid = cells(books.document("reveil", spec, RESULTS, lang)), cells(aid_module.document("reveil", spec,
                                                                                                RESULTS, lang))
    assert len(book) == len({c.name for c in spec.cards}) and aid == book
