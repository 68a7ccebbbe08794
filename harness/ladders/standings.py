"""A submission ladder's standings from the aggregates its entrants keep (schema 6:
harness/storage/tally.py): each entrant's record, the maximum-likelihood Elo beside
Weng-Lin, and the seat advantage. Nothing here reads games: a standings read costs the
entrants it shows (drawn by harness/views/ladders.py, built into documents by
harness/ladders/data.py).

The maximum-likelihood Elo is a fit over every pair of entrants that met: cheap for a few
hundred entrants, seconds for thousands. A ladder caches it (refreshed by its running
driver every ML_EVERY games, in the background, and by the server when it is stale); a
read fits afresh only when the cache is stale and the fit cheap (ML_INLINE entrants).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from harness.storage.ladders import Entrant
from ratings.elo import Rating, ml_from_arrays
from ratings.weng_lin import Skill, provisional

#: rated games between two refits of a ladder's cached maximum-likelihood Elo
ML_EVERY = 100
#: a read fits the maximum-likelihood Elo itself when the cache is stale and at most this
#: many entrants met (a fit of 200 takes some 10 ms; of 1,000, about a second)
ML_INLINE = 200


@dataclass
class Standing:
    """One entrant (bot version) of a ladder, whose row holds its record, and its
    maximum-likelihood Elo."""

    entrant: Entrant
    ml: Rating | None = None

    @property
    def games(self) -> int:
        return self.entrant.games

    @property
    def wins(self) -> float:
        return self.entrant.wins

    @property
    def skill(self) -> Skill:
        return self.entrant.skill

    @property
    def provisional(self) -> bool:
        return provisional(self.games)

    def as_json(self, rank: int) -> dict[str, Any]:
        e, s = self.entrant, self.skill
        n = max(1, self.games)
        return {
            "rank": rank, "bot": e.name, "version": e.version, "active": e.active,
            "state": e.state.partition(":")[0], "retired": e.retired, "author": e.author,
            "spec": e.spec, "hash": e.hash, "mu": s.mu, "sigma": s.sigma,
            "interval": [s.low, s.high], "games": self.games, "win_rate": self.wins / n,
            "avg_place": 1 + e.place_sum / n if self.games else None,
            "avg_score": e.score_sum / n if self.games else None,
            "failures": dict(sorted(e.failures.items())), "elo": e.elo,
            "ml_elo": None if self.ml is None else [self.ml.elo, self.ml.low, self.ml.high],
            "last_played": e.last_played, "provisional": self.provisional,
        }


def cached_ml(e: Entrant) -> Rating | None:
    """The maximum-likelihood Elo cached in entrant `e`'s row, if any."""
    if e.ml_elo is None or e.ml_low is None or e.ml_high is None:
        return None
    return Rating(e.ml_elo, e.ml_low, e.ml_high)


def fit_ml(pairs: np.ndarray) -> dict[int, Rating]:
    """The maximum-likelihood Elo of every entrant in the pair totals a ladder keeps (an
    array of harness/storage/ladders.py's PAIR_ROW: entrants a and b, a's score, games)."""
    ids, index = np.unique(np.concatenate([pairs["a"], pairs["b"]]), return_inverse=True)
    fitted = ml_from_arrays(index[:len(pairs)], index[len(pairs):], pairs["score"],
                            pairs["games"], len(ids))
    return {int(e): r for e, r in zip(ids, fitted, strict=True)}


def standings(entrants: Sequence[Entrant], ml: dict[int, Rating] | None = None
              ) -> list[Standing]:
    """Every entrant's record, best first: those playing by mu - 3 sigma (the conservative
    rating), then retired ones, then replaced versions. `ml`: a fresh maximum-likelihood
    fit (default: the one cached with the entrants)."""
    rows = [Standing(e, cached_ml(e) if ml is None else ml.get(e.id)) for e in entrants]
    return sorted(rows, key=lambda r: (not r.entrant.playing, not r.entrant.active,
                                       -r.skill.conservative, r.entrant.id))


def seat_advantage(totals: Sequence[tuple[int, float, int]]) -> list[tuple[float, float]]:
    """Per seat: share of first place and average place (1 = first), from the per-seat
    totals (rated games, first-place shares, places summed) a ladder keeps."""
    return [(w / n, 1 + p / n) for n, w, p in totals if n]
