"""Small helpers for tests: replaying orders, and running the command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from songe.cli.main import main
from songe.engine.interface import Outcome
from songe.games.reveil import PASS, EventKind, ReveilGame
from songe.games.reveil.trace import Branch, parse_choices, parse_order, replay
from songe.games.reveil.wording import line
from songe.spec.reveil import ReveilSpec, load


def never(state, legal):
    return PASS


def run(order: str, choices: str = "", *, spec: ReveilSpec | None = None, lucidity: int = 6,
        hand_limit: int = 3, readings: dict | None = None, seed: int | None = None) -> list[Branch]:
    """Replay an order with given choices, then never playing."""
    spec = spec or load(readings=readings or {})
    game = ReveilGame(spec, lucidity, hand_limit)
    return replay(game, parse_order(game, order), never, parse_choices(game, choices or None), seed)


def lines(branch: Branch, spec: ReveilSpec | None = None, chains: bool = False) -> list[str]:
    """The branch's events as text, indented by chain depth (chain start/end markers only if asked)."""
    spec = spec or load()
    marks = (EventKind.CHAIN_START, EventKind.CHAIN_END)
    return ["  " * s.event.depth + line(s.event, spec, "en") for s in branch.steps
            if s.event and (chains or s.event.kind not in marks)]


WIN, LOSS = Outcome.WIN, Outcome.LOSS


def songe(*args: str) -> subprocess.CompletedProcess:
    """The command line in a fresh process (exit status, stdout, stderr)."""
    return subprocess.run([sys.executable, "-m", "songe.cli.main", *args], capture_output=True, text=True)


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    """The command line in this process: (exit status, stdout, stderr)."""
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        assert isinstance(exc.code, int)
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


#: A dream of a designer's own (the tutorial's): "if you hold no thought, lose 1 more".
VERTIGE = '''[[cards]]
id = "vertige"
name = "Vertige"
kind = "dream"
intensity = 2
copies = 1
quote = "Vertige 2 Si tu n’as aucune Pensée en main, perds 1 Lucidité supplémentaire."
effects = [
  { when = "effect", if = "hand == 0", do = "extra_loss 1", quote = "Si tu n’as aucune Pensée en main, perds 1 Lucidité supplémentaire." },
]

'''


def with_vertige(text: str) -> str:
    """A Réveil spec's text with :data:`VERTIGE` before its first thought."""
    return text.replace('[[cards]]\nid = "prise_de_conscience"', VERTIGE + '[[cards]]\nid = "prise_de_conscience"', 1)


def new_spec(capsys, path: Path) -> Path:
    """``songe new reveil PATH``: a designer's starting spec."""
    assert run_cli(capsys, "new", "reveil", str(path))[0] == 0
    return path
