"""Simulated figures in the books: each carries its sample size and 95% interval, and is the CLI's run.

Jekyll vs Hyde is the only game whose figures are simulated (Réveil's are
exact, from the results file; When I Dream and Dread Draw print none). They are
in its editor's dossier, never in the player's book; the dossier names the
command of its run; these tests run that very command (through
click's runner, ``--json`` added) and require every simulated figure of the
book, in French and in English, to be the CLI's, formatted by Babel.

The default book is built once per module at the CLI's default count (the
figures a reader sees); the other checks use a small count.
"""

from __future__ import annotations

import json
import re
import shlex
from fractions import Fraction
from typing import Any

import pytest
from click.testing import CliRunner

from songe.cli.main import cli
from songe.games.jekyll_hyde.readings_impact import IMPACT_GAMES
from songe.rulebook import books
from songe.rulebook.document import Document, Heading, Lines
from songe.rulebook.typography import dress, number, percent, signed, whole_percent
from songe.spec.jekyll_hyde import load
from songe.stats import zero_bound

LANGS = ("fr", "en")
SMALL = 24
SPEC = load()
#: A percentage, and a signed difference, as Babel writes them in each language.
PERCENT = {"fr": re.compile(r"-?\d+,\d+\u00a0%"), "en": re.compile(r"-?\d+\.\d+%")}
#: Any printed percentage: the dossier's two places (« 71,44 % »), or the player's book's whole one (« 71 % »).
ANY_PERCENT = {"fr": re.compile(r"-?\d+(?:,\d+)?\u00a0%"), "en": re.compile(r"-?\d+(?:\.\d+)?%")}
SIGNED = {"fr": re.compile(r"[+−]\d+,\d+(?!\u00a0%)\b"), "en": re.compile(r"[+−]\d+\.\d+(?!%)\b")}


def _cli_json(args: list[str]) -> dict[str, Any]:
    run = CliRunner().invoke(cli, args)
    assert run.exit_code == 0, run.output
    return json.loads(run.stdout)


def _command(doc: Document) -> list[str]:
    """The command the dossier names for its figures, once, inside its closing paragraph."""
    found = [m for t in doc.texts() for m in re.findall(r"songe ambiguities [\w-]+ --games \d+", t.replace("\u00a0", " "))]
    assert len(found) == 1, found
    return shlex.split(found[0])


def _books(games: int | None, readings: dict[str, str] | None = None) -> dict[str, Document]:
    spec = SPEC.with_readings(readings) if readings else SPEC
    return {lang: books.dossier("jekyll-hyde", spec, None, lang, games=games) for lang in LANGS}


@pytest.fixture(scope="module")
def default() -> tuple[dict[str, Document], dict[str, Any]]:
    """The books at the CLI's default count, and the CLI's JSON for the command the book names."""
    docs = _books(None)
    argv = _command(docs["fr"])
    assert argv == _command(docs["en"])
    return docs, _cli_json(argv[1:] + ["--json"])


@pytest.fixture(scope="module")
def small() -> tuple[dict[str, Document], dict[str, Any]]:
    docs = _books(SMALL)
    return docs, _cli_json(_command(docs["en"])[1:] + ["--json"])


def _pct(x: float, lang: str) -> str:
    return percent(Fraction(x), lang)


def _pts(x: float, lang: str, scale: int = 100) -> str:
    return signed(Fraction(x) * scale, lang)


def _answer(doc: Document, reading_id: str) -> str:
    reading = next(r for r in SPEC.readings if r.id == reading_id)
    question = dress(reading.question_in(doc.lang), doc.lang)
    asked = {dress(r.title.in_lang(doc.lang), doc.lang) for r in books.book_of(SPEC.id, SPEC).rules
             if r.block == "faq_answer" and reading_id in r.readings and r.title is not None}

    def heads(k: int) -> bool:  # the point's numbered title: the players' question, the full one, or its start
        b = doc.blocks[k]
        title = re.sub(r"^(\d+\. |Point \d+ — )", "", b.text) if isinstance(b, Heading) else ""
        return isinstance(b, Heading) and b.level == 2 and (title in asked or question.startswith(title))

    start = next(k for k in range(len(doc.blocks) - 1) if heads(k))
    end = next((k for k, b in enumerate(doc.blocks) if k > start and isinstance(b, Heading)), len(doc.blocks))
    return " ".join(t for b in doc.blocks[start + 1:end] if not isinstance(b, Lines)
                    for t in Document("", doc.lang, (b,)).texts())


def _bare(a: dict[str, Any], here: str, out: dict[str, Any]) -> bool:
    """Whether the dossier prints the clarified rules' rate of a point alone: its interval is the claim's, said once
    (a game's rate under the adopted reading, by the report's own players)."""
    return a["setup"] == "standard" and here == a["adopted"] and a["agents"] == out["agents"]


def _expected(a: dict[str, Any], here: str, lang: str, out: dict[str, Any]) -> tuple[list[list[str]], list[str]]:
    """The percentages (each rate with its interval, the clarified rules' alone when the claim gives its interval)
    and signed differences the CLI's JSON gives for one reading, in the book's order."""
    rows = {r["option"]: r for r in a["readings"]}
    rates, diffs = [], []
    for option in [here] + [o for o in rows if o != here]:
        r = rows[option]
        bare = option == here and _bare(a, here, out)
        rates.append([_pct(r["hyde_win_rate"], lang)] + ([] if bare else [_pct(x, lang) for x in r["hyde_win_rate_95"]]))
    for option, d in a["differences"].items():
        flip = here != a["adopted"]
        if flip and option != here:
            continue
        if d["games_ending_differently"]:
            for key, scale in (("hyde_win_rate_difference_95", 100), ("marker_difference_95", 1)):
                m, lo, hi = d[key]
                diffs += [_pts(-m, lang, scale), _pts(-hi, lang, scale), _pts(-lo, lang, scale)] if flip else \
                    [_pts(m, lang, scale), _pts(lo, lang, scale), _pts(hi, lang, scale)]
    return rates, diffs


def _check_book(docs: dict[str, Document], out: dict[str, Any], here: dict[str, str] | None = None) -> None:
    """Every reading's answer shows exactly the CLI's figures, each rate with its interval (the clarified rules' rate
    of a game with it once, in the claim) and the sample size; every percentage of the whole book is one of the
    CLI's."""
    here = here or {}
    n = out["games"]
    for lang, doc in docs.items():
        every = set()
        claim = next(a for a in out["ambiguities"] if a["setup"] == "standard" and a["agents"] == out["agents"])
        base = next(r for r in claim["readings"] if r["default"])
        every |= {_pct(base["hyde_win_rate"], lang)} | {_pct(x, lang) for x in base["hyde_win_rate_95"]}
        for a in out["ambiguities"]:
            text = _answer(doc, a["id"])
            option = here.get(a["id"], a["adopted"])
            rates, diffs = _expected(a, option, lang, out)
            pcts = [p for r in rates for p in r]
            zero = [_pct(zero_bound(n), lang)] if any(
                not d["measurable"] and not d["games_ending_differently"] for d in a["differences"].values()) else []
            assert PERCENT[lang].findall(text) == pcts + zero, (lang, a["id"])
            assert SIGNED[lang].findall(text) == [d.replace("-", "−") for d in diffs], (lang, a["id"])  # the page's minus
            every |= set(pcts + zero)
            match = a["setup"] == "expert"
            size = (f"{number(n, lang)}\u00a0{'matchs simulés' if match else 'parties simulées'}" if lang == "fr" else
                    f"{number(n, lang)}\u00a0simulated {'matches' if match else 'games'}")  # never split at a line end
            assert size in text, (lang, a["id"])
            where = "intervalle à 95\u00a0%\u00a0: " if lang == "fr" else "95% interval: "
            to = " à " if lang == "fr" else " to "
            for rate, *bounds in rates:  # each rate is followed, in its clause, by its own interval (if it has one)
                if bounds:
                    lo, hi = bounds
                    assert re.search(re.escape(rate) + r"[^()%]*\(" + re.escape(where + lo + to + hi) + r"\)", text), \
                        (lang, a["id"], rate)
        shown = {p for t in doc.texts() for p in PERCENT[lang].findall(t)}
        assert shown == every, shown ^ every


def test_the_default_book_is_the_default_cli_run(default) -> None:
    docs, out = default
    assert out["games"] == IMPACT_GAMES
    assert _command(docs["fr"]) == ["songe", "ambiguities", "jekyll-hyde", "--games", str(IMPACT_GAMES)]
    _check_book(docs, out)


def test_a_book_at_another_count_names_that_count_and_is_its_run(small) -> None:
    docs, out = small
    assert out["games"] == SMALL and _command(docs["en"])[-1] == str(SMALL)
    _check_book(docs, out)


def test_the_book_of_another_reading_shows_its_own_rate_first(small) -> None:
    _, out = small
    moved = next(a for a in out["ambiguities"] if any(d["games_ending_differently"] for d in a["differences"].values()))
    option = next(o for o, d in moved["differences"].items() if d["games_ending_differently"])
    docs = _books(SMALL, {moved["id"]: option})
    _check_book(docs, out, {moved["id"]: option})


def test_the_cli_prints_the_english_books_numbers(small) -> None:
    docs, out = small
    run = CliRunner().invoke(cli, _command(docs["en"])[1:])
    assert run.exit_code == 0, run.output
    printed = re.sub(r"\s+", " ", run.stdout)
    for a in out["ambiguities"]:
        for r in a["readings"]:
            lo, hi = r["hyde_win_rate_95"]
            assert f"{_pct(r['hyde_win_rate'], 'en')} [{_pct(lo, 'en')}, {_pct(hi, 'en')}]" in printed
        for d in a["differences"].values():
            m, lo, hi = d["hyde_win_rate_difference_95"]
            assert f"{_pts(m, 'en')} points [{_pts(lo, 'en')}, {_pts(hi, 'en')}]" in printed


@pytest.mark.parametrize("game", ["reveil", "when-i-dream", "dread-draw", "jekyll-hyde"])
def test_no_other_book_prints_a_simulated_figure(game: str) -> None:
    """Réveil's percentages, in the player's book and in the dossier, are all exact values of its results file
    (or of the cached ``songe tune`` and ``songe strategies --learn``); the other books print none: nothing sampled, so no sample size or
    interval is owed. Jekyll vs Hyde's player's book prints no simulated figure either."""
    from songe.cli.common import load_game_spec
    from songe.rulebook.results import read
    from songe.spec.sources import spec_dir

    where = spec_dir().parent / "docs" / "results"
    results = read(where / "reveil.json") if game == "reveil" else None
    exact: list[str] = []
    if results is not None:
        exact = [v for variant in results["variants"].values() for v in variant.values()]
        # the cached tune and learned strategies are no results files (read() refuses them): plain JSON
        exact += [b["value"] for b in json.loads((where / "reveil_tune.json").read_text(encoding="utf-8"))["best"]]
        learned = json.loads((where / "reveil_strategies.json").read_text(encoding="utf-8"))
        exact += [*learned["advice"]["values"].values(), *learned["advice"]["optimal"].values()]
        exact += [f["value"] for row in learned["levels"] for f in row["frontier"]]  # the dossier's frontier
    for lang, make in [(lang, make) for lang in LANGS for make in (books.document, books.dossier)
                       if make is books.document or game != "jekyll-hyde"]:
        doc = make(game, load_game_spec(game, None, ()), results, lang)
        text = " ".join(doc.texts())
        assert not re.search(r"simul|échantillon|sampl|interval", text, re.IGNORECASE), (game, lang)
        shown = set(ANY_PERCENT[lang].findall(text))
        assert shown <= {f(v, lang) for v in exact for f in (percent, whole_percent)}, (game, lang, shown)
        assert bool(shown) == (game == "reveil")


def test_the_french_lint_wants_a_non_breaking_space_before_percent() -> None:
    from songe.rulebook.typography import lint

    assert lint("intervalle à 95 % : 40,00\u00a0%", "fr") and not lint("intervalle à 95\u00a0%\u00a0: 40,00\u00a0%", "fr")
