"""Everything the Sphinx docs generate at build time: rulebooks, the set-up commands, one API page per module."""

from __future__ import annotations

import pkgutil
from pathlib import Path
from typing import Any

import songe
from songe.games.registry import family_book
from songe.rulebook import aid, books
from songe.rulebook.results import read
from songe.spec.dread_draw import load as load_dd
from songe.spec.jekyll_hyde import load as load_jh
from songe.spec.reveil import load as load_reveil
from songe.spec.when_i_dream import load as load_wid

LANGS = ("fr", "en")
#: Rulebook pages by game id.
GAMES = ("reveil", "when-i-dream", "jekyll-hyde", "dread-draw")


def rulebook(game: str, lang: str, out: Path, results: Path | None = None, spec=None, fmt: str = "rst",
             dossier: bool = False) -> Path:
    """Write one game's book in one language (under ``spec``'s readings if given), as a page or a PDF.

    ``dossier``: the editor's dossier instead of the player's book (``<game>.dossier.<lang>``).
    """
    spec, data, name = _inputs(game, results, spec)
    if fmt == "aid":
        from songe.rulebook.pdf import write_pdf

        return write_pdf(aid.document(game, spec, data, lang), pdf_path(out, name, lang, "aid"), aid=True)
    doc = (books.dossier if dossier else books.document)(game, spec, data, lang)
    kind = "dossier" if dossier else ""
    if fmt == "pdf":
        from songe.rulebook.pdf import write_pdf

        return write_pdf(doc, pdf_path(out, name, lang, kind))
    return books.write_rst(doc, name, out, kind)


def pdf_path(out: Path, name: str, lang: str, kind: str = "") -> Path:
    """Where a PDF is written: ``<name>.<lang>.pdf``, the dossier ``<name>.dossier.<lang>.pdf``, the aid
    ``<name>.<lang>.aid.pdf``.

    >>> [pdf_path(Path("out"), "reveil", "fr", k).name for k in ("", "dossier", "aid")]
    ['reveil.fr.pdf', 'reveil.dossier.fr.pdf', 'reveil.fr.aid.pdf']
    """
    return out / (f"{name}.{lang}.aid.pdf" if kind == "aid" else f"{name}{'.' + kind if kind else ''}.{lang}.pdf")


def _inputs(game: str, results: Path | None, spec: Any = None) -> tuple[Any, Any, str]:
    """The spec (the shipped one by default), the figures the family's book needs, and the files' stem."""
    spec = spec or {"reveil": load_reveil, "when-i-dream": load_wid, "dread-draw": load_dd, "jekyll-hyde": load_jh}[game]()
    data = None
    compute = getattr(family_book(game), "results", None)  # a family whose figures take minutes to solve
    if compute is not None:
        data = read(results) if results is not None and results.exists() else compute(spec)
    name = str(getattr(spec, "id", "") or game).replace("-", "_")  # a designer's game: its files take its own id
    return spec, data, name


def _all_formats(game: str, lang: str, out: Path, results: Path) -> tuple[str, str, list[str]]:
    """One game's book and dossier in one language, each composed once and written as a page and a PDF, and its
    aid: (the book page's stem, the dossier page's stem, the downloads' names)."""
    from songe.rulebook.pdf import write_pdf

    spec, data, name = _inputs(game, results)
    book, file = books.document(game, spec, data, lang), books.dossier(game, spec, data, lang)
    downloads = [write_pdf(book, pdf_path(out, name, lang)).name,
                 write_pdf(aid.document(game, spec, data, lang), pdf_path(out, name, lang, "aid"), aid=True).name,
                 write_pdf(file, pdf_path(out, name, lang, "dossier")).name]
    return books.write_rst(book, name, out).stem, books.write_rst(file, name, out, "dossier").stem, downloads


def setup_commands(readme: Path) -> str:
    """The README's first code block (the two set-up commands), as an RST code block."""
    block = readme.read_text(encoding="utf-8").split("```")[1].split("\n", 1)[1]
    return ".. code-block:: sh\n\n" + "".join(f"   {line}\n" for line in block.strip().splitlines()) + "\n"


def api_pages(out: Path) -> list[str]:
    """One page per package, every module of it on the page (autodoc), so the reference never misses one.

    A page per module made about 300 pages, and the theme draws the whole navigation tree on every page: the
    build spent most of its time there. Returns the pages' names (the package names).
    """
    out.mkdir(parents=True, exist_ok=True)
    names = sorted(m.name for m in pkgutil.walk_packages(songe.__path__, "songe.")
                   if not m.name.startswith(("songe.specdata", "songe.proofs")))
    # The input-format declarations are documented as what they publish, JSON Schemas (guide/schemas.rst and
    # docs/schemas/): autodoc of their pydantic fields would print regex patterns that docutils reads as links.
    names = [n for n in names if not n.startswith("songe.spec.schemas")]
    packages = {n for n in names if any(m.startswith(f"{n}.") for m in names)} | {"songe"}
    groups: dict[str, list[str]] = {}
    for name in names:
        home = name if name in packages else name.rsplit(".", 1)[0]
        groups.setdefault(home, []).append(name)
    pages = {f"{home.replace('.', '-')}.rst" for home in groups}
    for stale in out.glob("*.rst"):  # a module renamed or removed since the last build
        if stale.name not in pages:
            stale.unlink()
    for home, members in sorted(groups.items()):
        page = f"{home}\n{'=' * len(home)}\n\n" + "".join(
            f"{m}\n{'-' * len(m)}\n\n.. automodule:: {m}\n   :members:\n\n" for m in members)
        (out / f"{home.replace('.', '-')}.rst").write_text(page, encoding="utf-8")
    return sorted(groups)


def generate(docs: Path) -> None:
    """Write docs/_generated: set-up commands, rulebooks (all games, both languages), API pages."""
    gen = docs / "_generated"
    gen.mkdir(exist_ok=True)
    (gen / "setup_commands.rst").write_text(setup_commands(docs.parent / "README.md"), encoding="utf-8")
    pages, dossiers, downloads = [], [], []
    results = docs / "results" / "reveil.json"
    for game in GAMES:
        for lang in LANGS:  # the page, and beside it the printed book, its one-page aid and the printed dossier
            page, file, printed = _all_formats(game, lang, gen / "rulebooks", results)
            pages.append(page)
            dossiers.append(file)
            downloads += printed
    (gen / "rulebooks.rst").write_text(
        "Clarified rulebooks\n===================\n\nThe player's books:\n\n.. toctree::\n   :maxdepth: 1\n\n"
        + "".join(f"   rulebooks/{p}\n" for p in pages)
        + "\nThe editor's dossiers (why each rule says what it says, measured):\n\n.. toctree::\n   :maxdepth: 1\n\n"
        + "".join(f"   rulebooks/{p}\n" for p in dossiers)
        + "\nPrint and play\n--------------\n\n"
        + "".join(f"* :download:`{d} <rulebooks/{d}>`\n" for d in downloads), encoding="utf-8")
    names = api_pages(gen / "api")
    (gen / "api.rst").write_text("API reference\n=============\n\n.. toctree::\n   :maxdepth: 1\n\n"
                                 + "".join(f"   api/{n.replace('.', '-')}\n" for n in names), encoding="utf-8")



