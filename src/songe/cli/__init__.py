"""The command line, ``songe VERB GAME``.

Run as the program (the ``songe`` script or ``python -m songe.cli.main``), Ctrl-C is
handled from the first import on (:mod:`songe.cli.interrupt`): an interrupt while the
verbs load is one line too.
"""

import os
import sys

if sys.argv and (sys.argv[0] == "-m" or os.path.basename(sys.argv[0]) == "songe"):
    from songe.cli.interrupt import install

    install()
