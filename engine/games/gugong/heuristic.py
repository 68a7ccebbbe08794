def heuristic(s, seat: int) -> float:
    return 0.5
