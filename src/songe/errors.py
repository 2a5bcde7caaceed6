"""Narrow error types: each says what was wrong and where, in one line.

The CLI prints any :class:`SongeError` without a traceback and exits 2.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


class SongeError(Exception):
    """Bad input from a user: a spec, an option, an order, a move."""


class ExprError(ValueError):
    """A condition or action text that does not parse; the loader adds where."""


class SpecError(SongeError, ValueError):
    """A spec file that is malformed or inconsistent.

    >>> str(SpecError("spec/x.toml", "card 'some_card', field 'copies'", "must be >= 0, got -1"))
    "spec/x.toml: card 'some_card', field 'copies': must be >= 0, got -1"
    """

    def __init__(self, file: str, where: str, problem: str) -> None:
        self.file, self.where, self.problem = file, where, problem
        super().__init__(f"{file}: {where}: {problem}" if where else f"{file}: {problem}")


class OptionError(SongeError, ValueError):
    """An unknown level, reading, option or game; the message lists valid ones."""


class OrderError(SongeError, ValueError):
    """A deck order that is not a permutation of the deck."""


class IllegalMoveError(SongeError, ValueError):
    """An action that is not legal in the state it is applied to."""


class BudgetError(SongeError):
    """An exhaustive search that would pass its state budget (--max-states)."""

    @classmethod
    def passed(cls, max_states: int, remedy: str, search: str = "search") -> BudgetError:
        """The one wording of a search stopped at its budget, naming the option that raises it.

        >>> print(BudgetError.passed(500, "solve a smaller game"))
        the search passed 500 states (--max-states); raise the budget or solve a smaller game
        """
        return cls(f"the {search} passed {max_states:,} states (--max-states); raise the budget or {remedy}")


#: How this run's default state budget was set (the CLI fills it; a budget error's line says it), empty when
#: the user gave --max-states.
DEFAULT_BUDGET_NOTE: list[str] = []


class InputError(SpecError):
    """A file that cannot be read safely: missing, special, too big, too deep, not UTF-8, bad syntax."""

    def __init__(self, file: str, problem: str) -> None:
        super().__init__(file, "", problem)


class OutputError(SongeError, ValueError):
    """An output path that cannot be written safely (checked before the work starts)."""


@contextmanager
def budget_at(where: str) -> Iterator[None]:
    """Name the place (a level, a reading's option, a tune candidate) in a budget error raised inside.

    >>> try:
    ...     with budget_at("level normal"):
    ...         raise BudgetError.passed(500, "solve a smaller game")
    ... except BudgetError as exc:
    ...     print(exc)
    level normal: the search passed 500 states (--max-states); raise the budget or solve a smaller game
    """
    try:
        yield
    except BudgetError as exc:
        raise BudgetError(f"{where}: {exc}") from None
