"""``python -m songe.spec.schemas [FOLDER]``: write every format's JSON Schema (default docs/schemas)."""

import sys
from pathlib import Path

from songe.spec.schemas import write_all

if __name__ == "__main__":  # importing this module (autodoc, pkgutil) writes nothing
    for path in write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/schemas")):
        print(path)  # noqa: T201
