"""Gating: a new generation plays the best bot so far (harness/training/matches.py, `arena eval
--sprt`'s machinery) and replaces it only when it wins: the SPRT accepts H1 (it is
stronger by `elo1`), or, when the game budget ends undecided, its win share's 95% Wilson
interval lies above parity."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from harness.eval.run import EvalRow
from harness.storage.database import Store
from harness.training.matches import measure

#: the SPRT of a gate (elo0, elo1, alpha, beta), as `arena eval --sprt`
SPRT = "0,50,0.05,0.05"


def decide(row: EvalRow) -> tuple[bool, str]:
    """(accepted, why) from a gate's results."""
    lo, hi = row.interval()
    parity = 1 / row.players
    if row.verdict == "H1":
        return True, "SPRT accepted H1"
    if row.verdict == "H0":
        return False, "SPRT accepted H0"
    if lo > parity:
        return True, f"CI {lo:.0%}-{hi:.0%} > {parity:.0%}"
    return False, f"CI {lo:.0%}-{hi:.0%} not > {parity:.0%}"


def gate(store: Store, game: str, players: int, candidate: str, best: str, games: int, *,
         seed: int, options: dict[str, Any], time_per_move: float | None, sprt: str | None,
         workers: int | None, address: str | None,
         on_update: Callable[[int, int], None]) -> dict[str, Any]:
    """Play the gate; its result as the model file and the run state keep it."""
    row = measure(store, game, players, candidate, best, games, seed=seed, options=options,
                  time_per_move=time_per_move, sprt=sprt, workers=workers, address=address,
                  on_update=on_update)
    accepted, why = decide(row)
    lo, hi = row.interval()
    return {"against": best, "games": row.games, "wins": row.wins, "losses": row.losses,
            "share": round(row.share, 4), "ci": [round(lo, 4), round(hi, 4)],
            "sprt": sprt if players == 2 else None, "verdict": row.verdict,
            "accepted": accepted, "why": why}
