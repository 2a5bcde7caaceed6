"""Jekyll vs Hyde: cards, trick resolution, the two-player game, agents and simulation."""
