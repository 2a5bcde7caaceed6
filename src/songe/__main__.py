"""``python -m songe VERB GAME``: the command line, as the ``songe`` script runs it.

Ctrl-C is handled (:mod:`songe.cli.interrupt`) before the command line's own
imports, which take most of a second: an interrupt while they load is one line
and exit 130 too. Imported rather than run (the API pages import every module),
it does nothing.
"""

if __name__ == "__main__":
    from songe.cli.interrupt import install

    install()
    from songe.cli.main import main

    main()
