"""When I Dream: recorded rounds, scoring, game totals and ranking, and role balance."""
