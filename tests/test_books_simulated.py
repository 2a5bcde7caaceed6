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
from test_books import SAMPLED

from songe.cli.main import cli
from songe.games.jekyll_hyde.readings_impact import IMPACT_GAMES
from songe.rulebook import books
from songe.rulebook.document import Document, Heading, Lines, Para
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
    asked = [re.compile(re.sub(r"\\\{.*?\\\}", ".+", re.escape(dress(r.title.in_lang(doc.lang), doc.lang))))
             for r in books.book_of(SPEC.id, SPEC).rules  # a {placeholder} of the title stands for the words it gives
             if r.block == "faq_answer" and reading_id in r.readings and r.title is not None]

    def heads(k: int) -> bool:  # the point's numbered title: the players' question, the full one, or its start
        b = doc.blocks[k]
        title = re.sub(r"^(\d+\. |Point \d+ — )", "", b.text) if isinstance(b, Heading) else ""
        return isinstance(b, Heading) and b.level == 2 and (any(a.fullmatch(title) for a in asked)
                                                             or question.startswith(title))

    start = next(k for k in range(len(doc.blocks) - 1) if heads(k))
    end = next((k for k, b in enumerate(doc.blocks) if k > start and isinstance(b, Heading)), len(doc.blocks))
    return " ".join(t for b in doc.blocks[start + 1:end] if not isinstance(b, Lines)
                    for t in Document("", doc.lang, (b,)).texts())


def _expected(a: dict[str, Any], here: str, lang: str) -> tuple[list[str], list[str]]:
    """The percentages (the book's rate, then the other reading's, when some game ends otherwise) and the signed
    differences with their margins (the marker's left out when it never moves) the CLI's JSON gives for one
    reading, in the book's order."""
    rows = {r["option"]: r for r in a["readings"]}
    rates, diffs = [], []
    for option, d in a["differences"].items():
        flip = here != a["adopted"]
        if flip and option != here or not d["games_ending_differently"]:
            continue
        other = a["adopted"] if flip else option
        rates += [_pct(rows[here]["hyde_win_rate"], lang), _pct(rows[other]["hyde_win_rate"], lang)]
        for key, scale in (("hyde_win_rate_difference_95", 100), ("marker_difference_95", 1)):
            m, lo, hi = d[key]
            if key == "marker_difference_95" and m == lo == hi == 0:
                continue  # « le marqueur final ne change pas »
            diffs += [_pts(-m, lang, scale), _pts(-hi, lang, scale), _pts(-lo, lang, scale)] if flip else \
                [_pts(m, lang, scale), _pts(lo, lang, scale), _pts(hi, lang, scale)]
    return rates, diffs


def _check_book(docs: dict[str, Document], out: dict[str, Any], here: dict[str, str] | None = None) -> None:
    """Every reading's answer shows exactly the CLI's figures: the two rates, each difference with its 95 % margin,
    the sample size; the method, said once, gives the clarified rules' rate no interval of its own but the bound
    on a change no game shows; every percentage of the whole book is one of the CLI's."""
    here = here or {}
    n = out["games"]
    for lang, doc in docs.items():
        claim = next(a for a in out["ambiguities"] if a["setup"] == "standard" and a["agents"] == out["agents"])
        base = next(r for r in claim["readings"] if r["default"])
        every = {_pct(base["hyde_win_rate"], lang)} | {_pct(x, lang) for x in base["hyde_win_rate_95"]}
        every.add(_pct(zero_bound(n), lang))  # the method's bound, once
        for a in out["ambiguities"]:
            text = _answer(doc, a["id"])
            option = here.get(a["id"], a["adopted"])
            pcts, diffs = _expected(a, option, lang)
            assert PERCENT[lang].findall(text) == pcts, (lang, a["id"])
            assert SIGNED[lang].findall(text) == [d.replace("-", "−") for d in diffs], (lang, a["id"])  # the page's minus
            every |= set(pcts)
            match = a["setup"] == "expert"
            size = (f"{number(n, lang)}\u00a0{'matchs simulés' if match else 'parties simulées'}" if lang == "fr" else
                    f"{number(n, lang)}\u00a0simulated {'matches' if match else 'games'}")  # never split at a line end
            assert size in text, (lang, a["id"])
            margin = "(marge\u00a0: " if lang == "fr" else "(margin: "
            assert text.count(margin) == len(diffs) // 3, (lang, a["id"])  # each difference with its margin
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
    interval is owed. Jekyll vs Hyde's player's book prints one simulated figure, Mr Hyde's share of the dossier's run,
    to the unit and with its count (no interval: a player's figure), and no other."""
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
        spec = load_game_spec(game, None, ())
        doc = make(game, spec, results, lang)
        text = " ".join(doc.texts())
        share = []
        if game == "jekyll-hyde":  # the one simulated figure: the dossier's run's share, with its count
            from songe.games.jekyll_hyde.book import measured
            out = measured(spec)
            rate = next(row["hyde_win_rate"] for a in out["ambiguities"] if a["setup"] == "standard"
                        for row in a["readings"] if row["default"])
            share = [whole_percent(rate, lang)]
            said = [m.group(0) for m in SAMPLED.finditer(text)]
            assert len(said) == 1 and number(out["games"], lang) in said[0] and share[0] in said[0], said
            text = SAMPLED.sub("", text)
        assert not re.search(r"simul|échantillon|sampl|interval", text, re.IGNORECASE), (game, lang)
        shown = set(ANY_PERCENT[lang].findall(text))
        assert shown <= {f(v, lang) for v in exact for f in (percent, whole_percent)}, (game, lang, shown)
        assert bool(shown) == (game == "reveil")


def test_the_french_lint_wants_a_non_breaking_space_before_percent() -> None:
    from songe.rulebook.typography import lint

    assert lint("intervalle à 95 % : 40,00\u00a0%", "fr") and not lint("intervalle à 95\u00a0%\u00a0: 40,00\u00a0%", "fr")


def _sections(doc: Document) -> dict[str, str]:
    """The dossier's text by numbered section title (« 2. Points ouverts » → its text)."""
    out: dict[str, list[str]] = {}
    title = ""
    for b in doc.blocks:
        if isinstance(b, Heading) and b.level == 1:
            title = re.sub(r"^\d+\. ", "", b.text)
            out[title] = []
        elif title:
            out[title] += Document("", doc.lang, (b,)).texts()
    return {k: " ".join(v) for k, v in out.items()}


def test_the_french_dossier_speaks_as_an_editor(default) -> None:
    """Faults a reader found once and that must not come back: a software register (« le programme », « la
    spec », a command) anywhere but the technical note, the statistician's words repeated point by point, a
    straw-man reading of « le plus rapidement », a § 2 lead that says « le calcul » of simulated figures."""
    doc = default[0]["fr"]
    parts = _sections(doc)
    note = next(k for k in parts if k.startswith("Note technique"))
    body = " ".join(v for k, v in parts.items() if k != note)
    for word in (r"\bprogramme\b", r"\bmoteur\b", r"\bspec\b", r"\bréglage\b", r"\bsonge\b", r"--games", "gloutons",
                 "apparié", "partie par partie", "chronomètre", r"\bcalcul ne\b", r"Non chiffré"):
        assert not re.search(word, body), word
    assert "songe ambiguities jekyll-hyde" in parts[note]
    points = parts["Points ouverts"]
    assert points.count("Comment les effets sont mesurés") == 1 and points.count("marge à 95") == 1
    assert "Les nombres entre crochets" in points  # the [n] numbering explained where it first appears


def test_every_quote_of_an_open_point_carries_its_sentence_number(default) -> None:
    """A quote that runs over two source sentences is numbered « [61–62] », never left bare."""
    doc = default[0]["fr"]
    quotes = [t for b in doc.blocks if isinstance(b, Para) and not b.label
              for t in Document("", "fr", (b,)).texts() if re.sub(r"^\[[\d–]+\] ", "", t).startswith("«")]
    assert quotes and all(re.match(r"\[\d+(–\d+)?\] «", q) for q in quotes), [q for q in quotes if not q.startswith("[")]
    assert any(re.match(r"\[\d+–\d+\]", q) for q in quotes)


def test_the_authors_list_signs_each_gap_and_says_whose_share(default) -> None:
    """Each measured question of the author's list gives both readings' rates (Mr Hyde's wins, or the matches won
    by the player who is Jekyll first), the difference with its sign and margin, or says that no game ends
    otherwise; a gap real only on the final marker says so."""
    doc = default[0]["fr"]
    lines = [t for t in _sections(doc)["À faire valider par l’auteur"].split("Réponse")
             if re.search(r"Écart mesuré|Aucun écart", t)]
    # a precision with no effect on play is a line of its own, its gap said by its group's title
    assert len(lines) == sum(r.origin == "text" and r.stake != "none" for r in SPEC.readings)
    for t in lines:
        gap = t[re.search(r"Écart mesuré|Aucun écart", t).start():]  # type: ignore[union-attr]
        assert re.search(r"(Mr\u00a0Hyde|le joueur qui joue le Dr\u00a0Jekyll dans la première partie) gagne [\d,]+\s%"
                         r" des (parties|matchs), [\d,]+\s% avec l’autre lecture \([+−]\d+,\d+\spoints?, marge\s"
                         r"[+−]\d+,\d+ à\s[+−]\d+,\d+\)", gap) or "aucune des" in gap, gap
    assert any("sur le marqueur final, un écart réel" in t for t in lines)


def test_a_point_the_texts_words_settle_says_why_it_is_not_the_authors(default) -> None:
    """A measured point the text's own words settle says so, and why its figures are not a question for the
    author, rather than the either-or of a point no card of the text raises."""
    doc = default[0]["fr"]
    points = _sections(doc)["Points ouverts"]
    settled = [r for r in SPEC.readings if r.origin == "engine" and r.stated]
    assert settled
    assert points.count("Les mots du texte tranchent déjà cette question") == len(settled)
    assert "ou aucune de ses cartes ne crée la situation" not in points
    assert "n’y figurent pas\u00a0: les mots du texte les tranchent déjà" in _sections(doc)["À faire valider par l’auteur"]


def test_each_effect_said_in_words_is_a_sentence(default) -> None:
    """An « Effet » said in words is a full sentence, not a fragment (« Aucun sur les chances », « Seulement … »)."""
    doc = default[0]["fr"]
    effects = [b.text for b in doc.blocks if isinstance(b, Para) and b.label.startswith("Effet")]
    assert effects
    assert not [e for e in effects if re.match(r"(Aucun|Seulement|Toutes|Non chiffré)\b", e)]


def test_a_point_the_faq_answers_says_where(default) -> None:
    """A point out of the model that the book's FAQ answers sends the editor to that question, as a reading's
    point sends them to its rule."""
    doc = default[0]["fr"]
    answered = {p.id for p in SPEC.open_points} & {x for r in books.book_of(SPEC.id, SPEC).rules
                                                   if r.block == "faq_answer" for x in r.readings}
    assert answered
    where = [b.text for b in doc.blocks if isinstance(b, Para) and b.label.startswith("Dans le livre")]
    assert len(where) == len(SPEC.readings) + len(answered)


def test_the_intro_promises_no_example_a_point_does_not_tell(default) -> None:
    """Jekyll vs Hyde's points tell no game where the readings part: the dossier's intro does not promise one."""
    doc = default[0]["fr"]
    told = any(isinstance(b, Para) and b.label.startswith("Exemple") for b in doc.blocks)
    assert ("un exemple" in doc.blocks[0].text) == told
