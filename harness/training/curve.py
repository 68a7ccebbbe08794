"""The learning curve of a run: each generation's model against the starting bot (the
same search without a model), seeds and deals the same for every generation, as rows for
a table and points for a plot (harness/views/training.py draws them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from harness.storage.database import Store
from harness.training.matches import measure


def strength(store: Store, game: str, players: int, bot: str, start: str, games: int, *,
             seed: int, options: dict[str, Any], time_per_move: float | None,
             workers: int | None, address: str | None,
             on_update: Callable[[int, int], None]) -> dict[str, Any]:
    """`bot` against the starting bot over `games` games (no early stop)."""
    row = measure(store, game, players, bot, start, games, seed=seed, options=options,
                  time_per_move=time_per_move, sprt=None, workers=workers, address=address,
                  on_update=on_update)
    lo, hi = row.interval()
    return {"games": row.games, "wins": row.wins, "losses": row.losses,
            "share": round(row.share, 4), "ci": [round(lo, 4), round(hi, 4)]}


def points(generations: list[dict[str, Any]]) -> list[tuple[int, float, float, float]]:
    """(generation, share, low, high) of every generation measured; generation 0, the
    starting bot itself, is parity by definition."""
    out = []
    for g in generations:
        c = g.get("curve")
        if c and c["games"]:
            out.append((g["gen"], c["share"], c["ci"][0], c["ci"][1]))
    return out
