"""Analyses built on the engine and the solver: readings, witnesses, mutations, claims."""
