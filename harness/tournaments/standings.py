"""A tournament's standings from its stored games: counted games, pairwise results, each
bot's record (the Rich tables that show them: harness/views/tournaments.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from harness.storage.database import GameRow
from ratings.elo import Pair, Rating, first_share, ml_ratings, pairwise


@dataclass
class BotStats:
    """One bot's record in a tournament (a bot holding two seats of a game counts twice)."""

    bot: str
    num_players: int
    games: int = 0
    wins: float = 0.0  # shares of first place (1/k when k seats share it)
    place_sum: int = 0
    score_sum: float = 0.0
    seat_games: list[int] = field(default_factory=list)
    seat_wins: list[float] = field(default_factory=list)
    failures: Counter[str] = field(default_factory=Counter)
    elo: Rating | None = None

    def __post_init__(self) -> None:
        self.seat_games = self.seat_games or [0] * self.num_players
        self.seat_wins = self.seat_wins or [0.0] * self.num_players

    def as_json(self) -> dict[str, Any]:
        """The row of `arena tournament show --json/--csv`."""
        return {
            "bot": self.bot, "games": self.games, "wins": self.wins, "win_rate": self.win_rate,
            "avg_place": self.avg_place, "avg_score": self.avg_score,
            "seat_win_rate": [w / g if g else None
                              for w, g in zip(self.seat_wins, self.seat_games, strict=True)],
            "failures": dict(self.failures),
            "elo": None if self.elo is None else self.elo.elo,
            "elo_low": None if self.elo is None else self.elo.low,
            "elo_high": None if self.elo is None else self.elo.high,
        }

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def avg_place(self) -> float:
        return 1 + self.place_sum / self.games if self.games else 0.0

    @property
    def avg_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0


def counted(rows: Iterable[GameRow], stop_block: int | None = None) -> list[GameRow]:
    """Finished games that count (an SPRT stop excludes the blocks after it)."""
    return [r for r in rows if r.status == "done" and (stop_block is None or r.block < stop_block)]


def all_pairs(rows: Iterable[GameRow]) -> list[Pair]:
    return [p for r in rows if r.ranking is not None for p in pairwise(r.bots, r.ranking)]


def standings(
    rows: Sequence[GameRow], num_players: int, bots: Sequence[str] = (), with_elo: bool = True
) -> list[BotStats]:
    """Per-bot statistics (and maximum-likelihood Elo) of finished games, best first."""
    stats = {b: BotStats(b, num_players) for b in bots}
    for r in rows:
        if r.ranking is None or r.scores is None:
            continue
        for seat, bot in enumerate(r.bots):
            s = stats.setdefault(bot, BotStats(bot, num_players))
            won = first_share(r.ranking, seat, r.outcome)
            s.games += 1
            s.wins += won
            s.place_sum += r.ranking[seat]
            s.score_sum += r.scores[seat]
            s.seat_games[seat] += 1
            s.seat_wins[seat] += won
        for seat, kind in r.failures:
            stats[r.bots[seat]].failures[kind] += 1
        if r.outcome == "stall":
            for bot in set(r.bots):
                stats[bot].failures["stall"] += 1
    if with_elo:
        for bot, rating in ml_ratings(all_pairs(rows)).items():
            stats[bot].elo = rating
    return sorted(stats.values(), key=lambda s: (-(s.elo.elo if s.elo else 0.0), s.bot))


def outcome_counts(rows: Iterable[GameRow]) -> Counter[str]:
    return Counter(r.outcome or r.status for r in rows)
