"""Rule-based bots, one module per game: `heuristic:<game id>`."""
