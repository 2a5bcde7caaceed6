"""The printed books checked as a reader sees them: every page rendered, no text outside the page's
text area (no overflow, no cut table), and the odds on the page equal to the results file."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from songe.cli.common import load_game_spec
from songe.rulebook import aid, aid_pdf, books
from songe.rulebook.pdf import to_typst, write_pdf
from songe.rulebook.typography import whole_percent

typst = pytest.importorskip("typst")
ROOT = Path(__file__).resolve().parents[1]
RESULTS = json.loads((ROOT / "docs" / "results" / "reveil.json").read_text(encoding="utf-8"))
GAMES = ("reveil", "dread-draw", "jekyll-hyde", "when-i-dream")
MARGIN_X = 1.8 / 2.54 * 72  # the page's side margins in points (see songe.rulebook.pdf)
AID_MARGIN_X = aid_pdf.MARGIN_X / 2.54 * 72  # the player aid's (songe.rulebook.aid_pdf)
MARGIN_Y = 1.5 / 2.54 * 72
needs_poppler = pytest.mark.skipif(not shutil.which("pdftotext") or not shutil.which("pdftoppm"),
                                   reason="poppler-utils (pdftotext, pdftoppm) not installed")


KINDS = {"book": books.document, "aid": aid.document, "dossier": books.dossier}
#: What poppler (22.12 here) prints for the ``/MarkInfo << /Marked true /Suspects false >>`` Typst writes in a tagged
#: PDF: its Catalog::getMarkInfo reports any ``Suspects`` but ``true`` as a wrong type, though ``false`` is the
#: boolean ISO 32000 asks for. A false alarm of poppler's about a valid file, not a fault of songe's PDFs.
POPPLER_FALSE_ALARM = "Syntax Error: Suspects object is wrong type (boolean)"


def poppler_faults(stderr: str, pdf: Path) -> list[str]:
    """What poppler said on stderr about a PDF, but for :data:`POPPLER_FALSE_ALARM` when the file does say
    ``/Suspects false`` (so a real malformed entry is still reported)."""
    said = [line for line in stderr.splitlines() if line.strip()]
    if re.search(rb"/MarkInfo\s*<<[^>]*/Suspects\s+false", pdf.read_bytes()):
        said = [line for line in said if line != POPPLER_FALSE_ALARM]
    return said


def _pdf(game: str, lang: str, out: Path, kind: str = "book") -> Path:
    spec = load_game_spec(game, None, ())
    doc = KINDS[kind](game, spec, RESULTS, lang)
    return write_pdf(doc, out / f"{game}.{lang}.{kind}.pdf", aid=kind == "aid")


def _words(pdf: Path) -> list[tuple[int, float, float, float, str, float, float]]:
    """(page, page width, xMin, xMax, word, yMax, page height) for every word pdftotext finds."""
    html = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    out, page, width, height = [], 0, 0.0, 0.0
    for line in html.splitlines():
        if m := re.search(r'<page width="([\d.]+)" height="([\d.]+)"', line):
            page, width, height = page + 1, float(m.group(1)), float(m.group(2))
        elif m := re.search(r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="([\d.]+)">(.*)</word>', line):
            out.append((page, width, float(m.group(1)), float(m.group(2)), m.group(4), float(m.group(3)), height))
    return out


def last_page_fill(words: list[tuple[int, float, float, float, str, float, float]]) -> float:
    """How far down its text area the last page's text reaches (the page number at its foot not counted)."""
    last = max(w[0] for w in words)
    body = [w for w in words if w[0] == last and w[5] < w[6] - MARGIN_Y]
    height = words[-1][6]
    return (max((w[5] for w in body), default=MARGIN_Y) - MARGIN_Y) / (height - 2 * MARGIN_Y)


def test_typst_source_never_reads_a_rule_as_markup() -> None:
    from songe.rulebook.document import Document, Para

    src = to_typst(Document("t", "fr", (Para('#let x = 1 $a$ *b* "c" \\ [d]', "1.1"),)))
    pdf = typst.compile(src.encode("utf-8"))
    assert pdf.startswith(b"%PDF")


@needs_poppler
@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_text_leaves_the_page_text_area(game: str, lang: str, kind: str, tmp_path: Path) -> None:
    aid = kind == "aid"
    pdf = _pdf(game, lang, tmp_path, kind)
    words = _words(pdf)
    assert words, "no text read back from the PDF"
    margin = AID_MARGIN_X if aid else MARGIN_X
    outside = [(p, w, round(a), round(b)) for p, width, a, b, w, *_ in words
               if a < margin - 2 or b > width - margin + 2]
    assert outside == [], outside[:5]
    drawn = subprocess.run(["pdftoppm", "-r", "40", "-png", str(pdf), str(tmp_path / "page")], check=True,
                           capture_output=True, text=True)
    assert poppler_faults(drawn.stderr, pdf) == []  # poppler finds nothing malformed in the file
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) == max(p for p, *_ in words) and all(p.stat().st_size > 1000 for p in pages)
    if aid:
        assert len(pages) == 1, "the player aid must fit on one page"
    elif len(pages) > 1:
        assert last_page_fill(words) >= 0.25, f"the last of {len(pages)} pages is under a quarter full"


def test_poppler_faults_keep_all_but_the_known_false_alarm(tmp_path: Path) -> None:
    pdf = tmp_path / "x.pdf"
    pdf.write_bytes(b"%PDF-1.7\n1 0 obj\n<</Type/Catalog/MarkInfo<</Marked true/Suspects false>>>>\nendobj\n")
    assert poppler_faults(f"{POPPLER_FALSE_ALARM}\n", pdf) == []
    assert poppler_faults("Syntax Error: bad xref\n", pdf) == ["Syntax Error: bad xref"]
    pdf.write_bytes(b"%PDF-1.7\n1 0 obj\n<</Type/Catalog/MarkInfo<</Marked true/Suspects 3>>>>\nendobj\n")
    assert poppler_faults(f"{POPPLER_FALSE_ALARM}\n", pdf) == [POPPLER_FALSE_ALARM]  # a real wrong type stays


def test_a_near_empty_last_page_is_seen(tmp_path: Path) -> None:
    """The measure itself: one line past a full page is a last page under a quarter full."""
    from songe.rulebook.document import Document, Para

    doc = Document("t", "en", tuple(Para("word " * 120) for _ in range(9)) + (Para("One more line."),))
    pdf = tmp_path / "t.pdf"
    pdf.write_bytes(typst.compile(to_typst(doc).encode("utf-8")))
    words = _words(pdf)
    assert max(w[0] for w in words) == 2 and last_page_fill(words) < 0.25


@needs_poppler
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_odds_on_the_printed_page_are_the_results_file(lang: str, tmp_path: Path) -> None:
    pdf = _pdf("reveil", lang, tmp_path)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    flat = re.sub(r"[\s\u00a0\u202f]+", " ", text)
    for level, value in RESULTS["variants"]["defaults"].items():
        assert re.sub(r"[\s\u00a0\u202f]+", " ", whole_percent(value, lang)) in flat, level
