"""Sphinx configuration: the rulebooks, API pages and set-up commands are generated at build time."""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent / "src"))

from songe.rulebook.build import generate  # noqa: E402

project = "songe"
author = "the songe developers"
extensions = ["sphinx.ext.autodoc", "sphinx_click"]
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "undoc-members": False, "no-value": True}
exclude_patterns = ["_build", "README.md", "results", "examples"]
# Several families name their records alike (State, Event, Step): type hints cannot say which one
# a bare name means, and every API page links its own module's anyway.
suppress_warnings = ["ref.python"]
html_theme = "furo"
html_static_path = ["_static"]
html_css_files = ["rulebook.css"]  # the rulebooks on a phone (tests/test_books_browser.py checks them)

generate(DOCS)
