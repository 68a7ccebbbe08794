"""A ladder's cached maximum-likelihood Elo, refitted in the background: a thread with its
own database connection reads the pair totals (harness/storage/ladders.py `ml_input`),
fits them (harness/ladders/standings.py `fit_ml`) and stores the fit with the game it is
of. The ladder's running driver starts one every `interval` rated games (ML_EVERY, or one
game per entrant in a larger ladder: a fit of 1,000 entrants takes about a second); the
server starts one when a reader finds the cache twice that stale (no driver refitted it);
reads show the cache and its age meanwhile.

A fit runs on one BLAS thread (threadpoolctl): OpenBLAS's own threads spin after their work,
and in a driver on two cores they took the CPU from the loop (a refit every 100 games at
100 entrants cost 2.6 ms of CPU a game and four times the wall time; with one thread, the
whole loop costs 0.8 ms a game).
"""

from __future__ import annotations

import threading
from pathlib import Path

from threadpoolctl import threadpool_limits

from harness.ladders.standings import ML_EVERY, fit_ml
from harness.storage import ladders as ls
from harness.storage.database import Store, StoreError
from ratings.elo import Rating


def refit(db: Path, lid: int) -> tuple[int, dict[int, Rating]]:
    """Fit ladder `lid`'s maximum-likelihood Elo now and cache it; returns the game it is
    of and the fit."""
    with Store(db, create=False) as store:
        games, pairs = ls.ml_input(store, lid)
        with threadpool_limits(limits=1, user_api="blas"):
            fits = fit_ml(pairs)
        ls.set_ml(store, lid, games, {e: (r.elo, r.low, r.high) for e, r in fits.items()})
    return games, fits


def interval(entrants: int) -> int:
    """Rated games between two refits of a ladder of `entrants`."""
    return max(ML_EVERY, entrants)


def stale(games: int, fitted: int | None, every: int = ML_EVERY) -> bool:
    """Whether a cache fitted after game `fitted` is due for a refit at `games`."""
    return games > 0 and (fitted is None or games - fitted >= every)


class Refitter:
    """At most one background refit of one ladder at a time."""

    def __init__(self, db: Path, lid: int) -> None:
        self.db, self.lid = db, lid
        self.thread: threading.Thread | None = None
        self.result: tuple[int, dict[int, Rating]] | None = None
        self.error: str | None = None

    def start(self) -> bool:
        """Start a refit unless one is running; whether one was started."""
        if self.busy():
            return False
        self.thread = threading.Thread(target=self._run, name=f"ml-refit-{self.lid}",
                                       daemon=True)
        self.thread.start()
        return True

    def busy(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def _run(self) -> None:
        try:
            self.result = refit(self.db, self.lid)
        except StoreError as e:  # a busy or vanished database: the next refit tries again
            self.error = str(e)

    def take(self) -> tuple[int, dict[int, Rating]] | None:
        """The last finished refit's (game, fit), once."""
        if self.busy():
            return None
        out, self.result = self.result, None
        return out

    def wait(self) -> None:
        if self.thread is not None:
            self.thread.join()
