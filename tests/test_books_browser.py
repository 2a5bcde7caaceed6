"""The rulebooks' web pages checked as a reader sees them, in headless Chromium.

Every book (four games, French and English) is built once by Sphinx with the site's own theme and style,
opened at a phone's and a desktop's width, and measured in the laid-out page (tests/reader_view.js): no
table cut, no text past the edge of its box, no sideways scrolling. A full-page PNG of each view is taken
(into pytest's temporary folder) and must not be blank. The figures on Réveil's page must be the results
file's (docs/results/reveil.json, written by ``songe rulebook reveil --write-results`` and recomputed by
tests/test_rulebook.py) and the cached ``songe tune reveil --json`` (docs/results/reveil_tune.json); every
table must be the composed book's, cell for cell.

The browser is the system's Chromium driven over a pipe (tests/cdp.py). Without it the tests skip, and fail
where a browser is required: ``CI`` or ``SONGE_REQUIRE_BROWSER`` set (``.ci/run`` installs it).
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest
from cdp import Browser, find

from songe.cli.common import load_game_spec
from songe.games.reveil.book import level_name
from songe.rulebook import books
from songe.rulebook.build import GAMES, LANGS, rulebook
from songe.rulebook.document import Document, TableBlock, to_rst
from songe.rulebook.typography import fraction, number, odds, percent, whole_percent
from songe.spec.sources import spec_dir

ROOT = Path(__file__).resolve().parents[1]
RESULTS_FILE = ROOT / "docs" / "results" / "reveil.json"
RESULTS = json.loads(RESULTS_FILE.read_text(encoding="utf-8"))
TUNE = json.loads((ROOT / "docs" / "results" / "reveil_tune.json").read_text(encoding="utf-8"))
STRATEGIES = json.loads((ROOT / "docs" / "results" / "reveil_strategies.json").read_text(encoding="utf-8"))
ADVICE = STRATEGIES["advice"]
PROBE = (Path(__file__).parent / "reader_view.js").read_text(encoding="utf-8")
#: (width, height, mobile) in CSS pixels: a small common phone, and a desktop window.
VIEWPORTS = {"phone": (360, 740, True), "desktop": (1280, 900, False)}
PAGES = [(game, lang) for game in GAMES for lang in LANGS]
#: The two documents of each game: the player's book and the editor's dossier.
KINDS = ("book", "dossier")
TRUE = {"1", "true", "yes"}


def _required() -> bool:
    return any(os.environ.get(v, "").strip().lower() in TRUE for v in ("CI", "SONGE_REQUIRE_BROWSER"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    exe = find()
    if exe is None:
        why = "no headless Chromium found (apt-get install chromium fonts-liberation, or set SONGE_CHROMIUM)"
        if _required():
            pytest.fail(f"{why}; it is required here (CI or SONGE_REQUIRE_BROWSER is set)", pytrace=False)
        pytest.skip(why)
    with Browser(exe) as b:
        yield b


def _site_settings() -> str:
    """docs/conf.py's settings that are plain values (theme, static files, CSS…), as a conf.py.

    Read with ``ast``, not executed: the real conf.py regenerates every book, PDF and API page on import.
    """
    out = []
    for node in ast.parse((ROOT / "docs" / "conf.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                out.append(f"{node.targets[0].id} = {ast.literal_eval(node.value)!r}")
            except ValueError:
                continue
    return "\n".join(out) + "\n"


#: A table no phone can show whole: eight columns of exact odds (the proof that a cut table is caught).
TOO_WIDE = Document("Too wide", "en", (TableBlock("", tuple(f"Level {k}" for k in range(8)),
                                                  ((odds("9504977/13305600", "en"),) * 8,)),))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every book's page, built once by Sphinx with the site's theme and style, and one too-wide page."""
    src = tmp_path_factory.mktemp("site-src")
    out = tmp_path_factory.mktemp("site")
    pages = [rulebook(game, lang, src, RESULTS_FILE, dossier=kind == "dossier").stem
             for game, lang in PAGES for kind in KINDS]
    (src / "too_wide.rst").write_text(to_rst(TOO_WIDE), encoding="utf-8")
    if (ROOT / "docs" / "_static").is_dir():
        shutil.copytree(ROOT / "docs" / "_static", src / "_static")
    (src / "conf.py").write_text(_site_settings(), encoding="utf-8")
    (src / "index.rst").write_text("Books\n=====\n\n.. toctree::\n\n" + "".join(f"   {p}\n" for p in pages + ["too_wide"]),
                                   encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(src), str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-3000:]
    return out


@dataclass(frozen=True)
class View:
    """One page as the browser laid it out at one width."""

    faults: list[str]
    tables: list[list[list[str]]]
    text: str
    #: the page's full height in CSS pixels, and its screenshot (the whole page, not the window)
    height: int
    png: Path


_TABLES = ("[...(document.querySelector('[role=main]') || document.body).querySelectorAll('table')]"
           ".map(t => [...t.rows].map(r => [...r.cells].map(c => c.innerText)))")
_TEXT = "(document.querySelector('[role=main]') || document.body).innerText"


def _look(b: Browser, page: Path, viewport: str, shots: Path) -> View:
    width, height, mobile = VIEWPORTS[viewport]
    b.open(page, width, height, mobile)
    measured = b.evaluate(PROBE), b.evaluate(_TABLES), b.evaluate(_TEXT), b.evaluate("document.documentElement.scrollHeight")
    return View(*measured, b.screenshot(shots / f"{page.stem}.{viewport}.png"))


@pytest.fixture(scope="module")
def look(browser: Browser, site: Path, tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, str], View]:
    """``look(page, viewport)``: the page (a file stem of the site) laid out at that width, once per module."""
    shots = tmp_path_factory.mktemp("screenshots")
    seen: dict[tuple[str, str], View] = {}

    def view(page: str, viewport: str) -> View:
        if (page, viewport) not in seen:
            seen[page, viewport] = _look(browser, site / f"{page}.html", viewport, shots)
        return seen[page, viewport]

    return view


def _stem(game: str, lang: str, kind: str = "book") -> str:
    return f"{game.replace('-', '_')}{'.dossier' if kind == 'dossier' else ''}.{lang}"


def _blank(view: View) -> str:
    """Why a view's screenshot is not the page ('' if it is): not the whole page, or too little ink on it."""
    from PIL import Image

    png = view.png
    with Image.open(png) as im:
        if im.height != view.height:
            return f"{png}: {im.height}px high, the page {view.height}px"
        grey = im.convert("L")
        hist = grey.histogram()
        background = max(range(256), key=hist.__getitem__)
        inked = sum(n for v, n in enumerate(hist) if abs(v - background) > 64) / (grey.width * grey.height)
    return "" if inked > 0.01 else f"{png}: only {inked:.2%} of its pixels differ from the background"


# --- the probe itself: it must see a cut table and text past its box -------------------------------------

SYNTHETIC = """<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin: 0; font: 16px sans-serif; }} main {{ width: 300px; padding: 10px; }} .wrap {{ overflow-x: auto; }}
</style></head><body><main role="main"><p>A short paragraph that wraps inside its box as it should.</p>{extra}</main></body></html>"""


def test_the_probe_sees_a_cut_table_and_text_past_its_box(browser: Browser, tmp_path: Path) -> None:
    fits, wide = tmp_path / "fits.html", tmp_path / "wide.html"
    fits.write_text(SYNTHETIC.format(extra=""), encoding="utf-8")
    cells = "".join(f"<td>{n}/13305600</td>" for n in range(9504970, 9504978))
    wide.write_text(SYNTHETIC.format(extra=f'<div class="wrap"><table><tr>{cells}</tr></table></div>'
                                     f'<p>{"Unbreakable" * 12}</p>'), encoding="utf-8")
    browser.open(fits, 360, 740, mobile=True)
    assert browser.evaluate(PROBE) == []
    browser.open(wide, 360, 740, mobile=True)
    faults = browser.evaluate(PROBE)
    assert any(f.startswith("cut: <div>") and "9504970/13305600" in f for f in faults), faults
    assert any(f.startswith("text past its box: «9504977/13305600»") for f in faults), faults
    assert any(f.startswith("text past its box: «UnbreakableUnbreakable") for f in faults), faults


def test_a_too_wide_table_in_the_site_is_caught(look: Callable[[str, str], View]) -> None:
    """Through the site's theme and style: eight columns of odds do not fit a phone, and that is seen."""
    faults = look("too_wide", "phone").faults
    assert any(f.startswith("cut: <div>") for f in faults), faults
    assert any(f.startswith("<table>") for f in faults), faults


#: Families with Arial's widths: furo's font stack (Helvetica, Arial…) on most systems; a phone's Roboto or San
#: Francisco sets a line about as wide. Liberation Sans is Arial's metric twin on Linux (Debian's fonts-liberation).
ARIAL_METRICS = {"Liberation Sans", "Arimo", "Arial", "Helvetica"}


def test_the_pages_are_measured_in_a_phones_font_widths(browser: Browser, site: Path) -> None:
    browser.open(site / "reveil.fr.html", *VIEWPORTS["phone"])
    used = browser.fonts("[role=main] p")
    assert used[:1] and used[0] in ARIAL_METRICS, (
        f"the text is drawn in {used}, not a font with Arial's widths: what fits here says little about a phone "
        "(apt-get install fonts-liberation)")


# --- every book, as a reader sees it ----------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize(("game", "lang"), PAGES, ids=[_stem(g, x) for g, x in PAGES])
def test_nothing_is_cut_or_past_its_box(look: Callable[[str, str], View], game: str, lang: str, viewport: str,
                                        kind: str) -> None:
    view = look(_stem(game, lang, kind), viewport)
    assert view.faults == [], "\n".join([f"{len(view.faults)} faults at {viewport} width (see {view.png}):"]
                                        + view.faults[:12])
    assert not _blank(view), _blank(view)


def _squash(text: str) -> str:
    """Runs of ordinary white space as one space (the non-breaking ones are typography, kept)."""
    return re.sub(r"[ \t\n]+", " ", text).strip()


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("game", "lang"), PAGES, ids=[_stem(g, x) for g, x in PAGES])
def test_the_page_shows_the_books_words(look: Callable[[str, str], View], game: str, lang: str, kind: str) -> None:
    """Every table cell for cell, every other text verbatim: nothing lost or changed on the way to the page."""
    doc = (books.dossier if kind == "dossier" else books.document)(game, load_game_spec(game, None, ()), RESULTS, lang)
    view = look(_stem(game, lang, kind), "desktop")
    expected = [[list(t.header)] + [list(r) for r in t.rows] for t in doc.blocks if isinstance(t, TableBlock)]
    assert [[[_squash(c) for c in row] for row in t] for t in view.tables] == \
        [[[c or "—" for c in row] for row in t] for t in expected]
    page = _squash(view.text)
    missing = [t for b in doc.blocks if not isinstance(b, TableBlock) for t in Document("", lang, (b,)).texts()
               if t and _squash(t) not in page]
    assert missing == [], missing[:5]


# --- Réveil's figures: the results file's, as songe's JSON gives them ----------------------------------------

PCT = r"\d+(?:[.,]\d+)?[\u00a0\u202f ]?%"
FRAC = r"\d[\d\u202f\u00a0,]*/\d[\d\u202f\u00a0,]*"


def _figures() -> set[Fraction]:
    """Every exact figure songe's JSON holds for the book: each reading variant at each level, the tuned set-ups,
    the learned strategy advice's odds."""
    out = {Fraction(v) for vals in RESULTS["variants"].values() for v in vals.values()}
    out |= {Fraction(d["optimal"]) for d in RESULTS["levels"].values()}
    out |= {Fraction(v) for v in (*ADVICE["values"].values(), *ADVICE["optimal"].values())}
    out |= {Fraction(f["value"]) for row in STRATEGIES["levels"] for f in row["frontier"]}  # the dossier's frontier
    return out | {Fraction(b["value"]) for b in TUNE["best"]}


def figure_faults(text: str, tables: list[list[list[str]]], lang: str, kind: str = "book") -> list[str]:
    """Each figure on Réveil's page (its player's book or its dossier) that is not songe's (empty when all are)."""
    known = _figures()
    faults = []
    shown = {percent(f, lang) for f in known} | ({whole_percent(f, lang) for f in known} if kind == "book" else set())
    for pct in re.findall(PCT, text):  # a player's book rounds to a whole percentage, the dossier keeps two places
        if pct not in shown:
            faults.append(f"{pct!r} is no figure of the results")
    for frac in re.findall(FRAC, text):
        if frac not in {fraction(f, lang) for f in known}:
            faults.append(f"{frac!r} is no figure of the results")
    for pct, frac in re.findall(rf"({PCT}) \(({FRAC})\)", text):
        p, q = (int(re.sub(r"\D", "", x)) for x in frac.split("/"))
        if percent(Fraction(p, q), lang) != pct:
            faults.append(f"{pct!r} is not {frac!r} as a percentage")
    defaults, levels = RESULTS["variants"]["defaults"], RESULTS["levels"]
    if kind == "book":  # the levels table: each level's set-up and its exact odds, as a percentage
        # the levels table is the one with the set-up's columns (the strategy advice also has a row per level)
        # (each level named in the book's language: Facile, Easy)
        # its fifth column, when there, the strategy tips' odds (from the learned strategies' cache)
        rows = {row[0].strip(): [c.strip() for c in row] for t in tables if len(t[0]) in (4, 5) for row in t[1:]}
        tips = json.loads((spec_dir().parent / "docs" / "results" / "reveil_strategies.json")
                          .read_text(encoding="utf-8"))["advice"]["values"]
        for lv, value in defaults.items():
            name = level_name(lv, lang)
            want = [name, number(levels[lv]["lucidity"], lang), number(levels[lv]["hand_limit"], lang),
                    whole_percent(value, lang)]
            got = rows.get(name)
            if got is None or got[:4] != want or got[4:] not in ([], [whole_percent(Fraction(tips[lv]), lang)]):
                faults.append(f"level {lv}: the table shows {got}, the results give {want}")
        return faults
    best = TUNE["best"][0]  # its percentage in the prose, its exact value in the technical note's table
    cells = {c for t in tables for row in t for c in row}
    if percent(best["value"], lang) not in text or fraction(best["value"], lang) not in cells:
        faults.append(f"the proposed set-up's odds {odds(best['value'], lang)!r} are not on the page")
    here = "avec la règle de ce livre" if lang == "fr" else "under this book’s rule"
    level = "niveau" if lang == "fr" else "level"
    for lv, pct in re.findall(rf"{level} (\w+) [^:]*:[\u00a0 ]({PCT}) {here}", text):
        if pct != percent(defaults[lv], lang):
            faults.append(f"at level {lv} this book's rule shows {pct!r}, the results give {percent(defaults[lv], lang)!r}")
    return faults


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_figures_on_the_page_are_songes(look: Callable[[str, str], View], lang: str, kind: str) -> None:
    view = look(_stem("reveil", lang, kind), "desktop")
    if kind == "book":
        assert len(re.findall(PCT, view.text)) >= len(RESULTS["levels"])  # the levels table, at least
    else:
        assert len(re.findall(rf"{PCT} avec la règle de ce livre|{PCT} under this book’s rule", view.text)) >= 5
    assert figure_faults(view.text, view.tables, lang, kind) == []


def test_a_figure_that_differs_is_caught(look: Callable[[str, str], View]) -> None:
    view, dossier = look(_stem("reveil", "fr"), "desktop"), look(_stem("reveil", "fr", "dossier"), "desktop")
    normal = RESULTS["variants"]["defaults"]["normal"]
    wrong = Fraction(normal) + Fraction(1, 13305600)
    text = dossier.text.replace(fraction(normal, "fr"), fraction(wrong, "fr"), 1)
    assert any("is no figure of the results" in f for f in figure_faults(text, dossier.tables, "fr", "dossier"))
    tables = [[[c.replace(whole_percent(normal, "fr"), whole_percent(Fraction(1, 2), "fr")) for c in row] for row in t] for t in view.tables]
    assert any(f.startswith("level normal:") for f in figure_faults(view.text, tables, "fr"))
    text = dossier.text.replace(percent(normal, "fr") + " avec la règle",
                                percent(RESULTS["variants"]["defaults"]["facile"], "fr") + " avec la règle", 1)
    assert any("this book's rule shows" in f for f in figure_faults(text, dossier.tables, "fr", "dossier"))
