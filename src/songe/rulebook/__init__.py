"""Clarified rulebooks: reStructuredText generated from the specs and the analyses, for Sphinx."""
