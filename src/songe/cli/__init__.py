"""The command line, ``songe VERB GAME``.

Run as the program (the ``songe`` script, ``python -m songe.cli.main``; ``python -m
songe`` installs it itself), Ctrl-C is handled from the first import of songe's on
(:mod:`songe.cli.interrupt`): an interrupt while the verbs load is one line too.
Imported as a library, it leaves the caller's handler alone.
"""

import os
import sys

#: What ``sys.argv[0]`` is while the program imports this package: ``-m`` (``python -m songe.cli.main``) or the
#: installed script (``songe``; on Windows its launcher's ``songe.exe`` or ``songe-script.py``).
_PROGRAM = {"-m", "songe", "songe.exe", "songe-script.py", "songe-script.pyw"}

if sys.argv and os.path.basename(sys.argv[0]).lower() in _PROGRAM:
    from songe.cli.interrupt import install

    install()
