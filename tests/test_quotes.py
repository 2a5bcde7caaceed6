"""Every quote in every spec stands verbatim in its source text."""

from __future__ import annotations

from pathlib import Path

import pytest

from songe.spec.reveil import load
from songe.spec.sources import fold, quote_found

SPEC = load()


def _source() -> Path:
    assert SPEC.source is not None, "the shipped spec names its source text"
    return SPEC.source


SOURCE = _source()


@pytest.mark.parametrize("where,quote", SPEC.quotes(), ids=[w for w, _ in SPEC.quotes()])
def test_quote_is_verbatim(where: str, quote: str) -> None:
    assert quote_found(quote, SOURCE), f"{where}: not in {SOURCE.name}: {quote!r}"


def test_a_changed_quote_is_caught() -> None:
    quote = SPEC.cards[0].effects[0].quote
    assert not quote_found(quote.replace("1 Lucidité", "2 Lucidité"), SOURCE)
    assert not quote_found("", SOURCE)


def test_sources_are_the_shared_texts() -> None:
    """The copies in spec/sources are the texts the project encodes (when shared/ is beside the checkout)."""
    shared = Path(__file__).resolve().parents[2] / "shared" / "rules" / SOURCE.name
    if not shared.exists():
        pytest.skip("../shared is not beside this checkout")
    assert fold(shared.read_text(encoding="utf-8")) == fold(SOURCE.read_text(encoding="utf-8"))
