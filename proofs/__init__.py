"""Proof obligations, one module per property family (shipped as ``songe.proofs``).

Each module lists its obligations in ``OBLIGATIONS``; ``songe prove`` runs them
all, each also against its mutant (see :mod:`songe.prove`).
"""
