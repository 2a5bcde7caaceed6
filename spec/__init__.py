"""The game specs and their rule texts, installed with songe as ``songe.specdata``.

Nothing here is code: the file exists so that an installed songe finds the
specs as package data (``importlib.resources``).
"""
