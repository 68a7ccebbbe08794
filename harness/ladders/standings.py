"""A submission ladder's standings from its stored entrants and games: each entrant's
record, the maximum-likelihood Elo beside Weng-Lin, and the seat advantage (shown by
harness/views/ladders.py, served as JSON by harness/ladders/data.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from harness.storage.ladders import Entrant, LadderGame
from ratings.elo import Rating, first_share, ml_ratings, pairwise
from ratings.weng_lin import Skill, provisional


@dataclass
class Standing:
    """One entrant (bot version) of a ladder with its record."""

    entrant: Entrant
    games: int = 0
    wins: float = 0.0  # shares of first place
    place_sum: int = 0
    score_sum: float = 0.0
    failures: Counter[str] = field(default_factory=Counter)
    ml: Rating | None = None

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
            "avg_place": 1 + self.place_sum / n if self.games else None,
            "avg_score": self.score_sum / n if self.games else None,
            "failures": dict(self.failures), "elo": e.elo,
            "ml_elo": None if self.ml is None else [self.ml.elo, self.ml.low, self.ml.high],
            "last_played": e.last_played, "provisional": self.provisional,
        }


def standings(entrants: Sequence[Entrant], games: Sequence[LadderGame]) -> list[Standing]:
    """Every entrant's record, best first: those playing by mu - 3 sigma (the conservative
    rating), then retired ones, then replaced versions. Deleted entrants' seats are skipped."""
    rows = {e.id: Standing(e) for e in entrants}
    done = [g for g in games if g.status == "done" and g.ranking is not None]
    for g in done:
        assert g.ranking is not None and g.scores is not None
        for s, e in enumerate(g.entrants):
            if e not in rows:
                continue
            st = rows[e]
            st.games += 1
            st.wins += first_share(g.ranking, s, g.outcome)
            st.place_sum += g.ranking[s]
            st.score_sum += g.scores[s]
        for s, kind in g.failures:
            if g.entrants[s] in rows:
                rows[g.entrants[s]].failures[kind] += 1
    pairs = [(str(a), str(b), x) for g in done
             for a, b, x in pairwise([str(e) for e in g.entrants], g.ranking or [])]
    for eid, r in ml_ratings(pairs).items():
        if int(eid) in rows:
            rows[int(eid)].ml = r
    return sorted(rows.values(), key=lambda r: (not r.entrant.playing, not r.entrant.active,
                                                -r.skill.conservative, r.entrant.id))


def seat_advantage(games: Sequence[LadderGame], num_players: int) -> list[tuple[float, float]]:
    """Per seat: share of first place and average place (1 = first), over finished games."""
    done = [g for g in games if g.status == "done" and g.ranking is not None]
    if not done:
        return []
    out = []
    for s in range(num_players):
        wins = sum(first_share(g.ranking, s, g.outcome) for g in done)  # type: ignore[arg-type]
        place = sum(g.ranking[s] for g in done) / len(done)  # type: ignore[index]
        out.append((wins / len(done), 1 + place))
    return out
