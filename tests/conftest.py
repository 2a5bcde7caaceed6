"""Shared fixtures: the shipped spec, and solved values cached for the session.

Each (readings, set-up, policy) is solved once per test session and shared,
through ``make_solver`` (the fast exact path where the game offers one).
The pinned figures (test_goldens.py) run first, so a semantic change fails early.
"""

from __future__ import annotations

import os
import tempfile
from fractions import Fraction
from functools import cache

import pytest

from songe.games.reveil import ReveilGame
from songe.solve.expectimax import first_action, make_solver
from songe.spec.reveil import ReveilSpec, load

#: One memo folder (songe.memo) per test run, shared by its workers and the commands they start: each run
#: computes every kept result afresh, once, and never reads a user's own cache.
os.environ["SONGE_CACHE_DIR"] = os.path.join(
    tempfile.gettempdir(), f"songe-tests-{os.environ.get('PYTEST_XDIST_TESTRUNUID') or os.getpid()}")


@pytest.fixture(scope="session")
def spec() -> ReveilSpec:
    return load()


@cache
def solved(readings: tuple[tuple[str, str], ...] = (), lucidity: int = 6, hand_limit: int = 3,
           policy: str = "optimal") -> tuple[Fraction, int]:
    """(value, states) of the shipped Réveil under readings and a set-up."""
    game = ReveilGame(load(readings=dict(readings)), lucidity, hand_limit)
    res = make_solver(game, first_action if policy == "never" else None).solve()
    return res.value, res.states


#: The files that take the longest (``pytest --durations``), longest first. The workers take whole files
#: (``--dist loadfile``) in this order, so no long file is left to run alone at the end.
LONGEST = ("test_docs_build.py", "test_interop_storm_pmax.py", "test_designer.py", "test_rulebook.py",
           "test_tutorial.py", "test_ambiguities.py", "test_interop_storm.py", "test_books_simulated.py",
           "test_books_browser.py", "test_jekyll_hyde.py", "test_cli_rules.py", "test_books_print.py")


def pytest_collection_modifyitems(session, config, items) -> None:
    """Run the goldens first (they take seconds and catch a change of the engines' semantics), then the
    longest files."""
    def rank(item) -> tuple[int, int]:
        name = item.path.name
        return (0, 0) if name == "test_goldens.py" else (1, LONGEST.index(name)) if name in LONGEST else (2, 0)

    items.sort(key=rank)
