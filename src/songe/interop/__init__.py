"""songe's games in the engines their users trust: Storm, OpenSpiel, Gymnasium, PettingZoo.

Every adapter is written once against the game interface
(:mod:`songe.engine.interface`) and imports no game family; the engines
themselves are optional dependencies, imported only when an adapter is used.
"""
