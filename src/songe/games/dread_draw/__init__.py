"""Dread Draw: an incomplete text run on user card lists; agents, simulation, and its gaps."""
