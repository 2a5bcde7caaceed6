"""Control characters made visible, with nothing but the standard library.

:mod:`songe.cli.output` prints through this, and so does the error line of
:mod:`songe.cli.main`, which must work when Rich itself is the package missing.

>>> visible("a\\x1b[31mb\\x9b\\u202e")
'a\\\\x1b[31mb\\\\x9b\\\\u202e'
>>> visible("line\\n\\ttab")
'line\\n\\ttab'
"""

from __future__ import annotations

import re

#: C0 controls but newline and tab, DEL, C1 controls, lone surrogates (undecodable bytes of an argument),
#: and the bidirectional overrides and isolates that reorder what a terminal shows.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")


def _show(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def visible(text: object) -> str:
    """``text`` with every control character written as its escape (``\\x1b``), newline and tab kept."""
    return _CONTROL.sub(_show, str(text))
