"""Weng-Lin ratings (the `openskill` library's Plackett-Luce model): the main rating of a
ladder. N-player free-for-all, ties (equal places) allowed, each rating a mean `mu` with
an uncertainty `sigma`; defaults mu 25, sigma 25/3, beta 25/6, tau 25/300 (openskill's).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from ratings.elo import Z95

MU = 25.0
SIGMA = MU / 3
#: a rating is provisional until it has this many games (sigma alone is no guide: a bot that
#: wins nearly every game keeps a wide sigma, as its results are no surprise to the model)
PROVISIONAL_GAMES = 20


@dataclass(frozen=True)
class Skill:
    """One entrant's Weng-Lin rating."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def low(self) -> float:
        return self.mu - Z95 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + Z95 * self.sigma

    @property
    def conservative(self) -> float:
        """mu - 3 sigma (openskill's ordinal): what the standings sort by."""
        return self.mu - 3.0 * self.sigma

    def text(self) -> str:
        return f"{self.mu:.1f} [{self.low:.1f}, {self.high:.1f}]"


def provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES


class WengLin:
    """Online Weng-Lin ratings, one update per game."""

    def __init__(self, skills: Mapping[int | str, Skill] | None = None, tau: float | None = None
                 ) -> None:
        self.model = PlackettLuce() if tau is None else PlackettLuce(tau=tau)
        self.skills: dict[int | str, Skill] = dict(skills or {})

    def skill(self, who: int | str) -> Skill:
        return self.skills.get(who, Skill())

    def update(self, seats: Sequence[int | str], ranking: Sequence[int]
               ) -> dict[int | str, Skill]:
        """Rate one game: `seats[i]` held seat i and finished at place `ranking[i]` (0 =
        first; equal places tie). An entrant holding several seats gets the mean of its
        seats' new ratings. Returns the new skill of every entrant of the game."""
        teams = [[self.model.rating(mu=self.skill(w).mu, sigma=self.skill(w).sigma)]
                 for w in seats]
        rated = self.model.rate(teams, ranks=[float(r) for r in ranking])
        new: dict[int | str, list[Skill]] = {}
        for w, (r,) in zip(seats, rated, strict=True):
            new.setdefault(w, []).append(Skill(r.mu, r.sigma))
        for w, got in new.items():
            self.skills[w] = Skill(sum(s.mu for s in got) / len(got),
                                   sum(s.sigma for s in got) / len(got))
        return {w: self.skills[w] for w in new}
