"""A tournament's standings from its stored games: counted games, pairwise results, each
bot's record, and the live standings document of a run (the Rich tables that draw them:
harness/views/tournaments.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from harness.storage.database import GameRow
from ratings.elo import Elo, Pair, Rating, first_share, ml_ratings, pairwise


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
        add_game(stats, r, num_players)
    if with_elo:
        for bot, rating in ml_ratings(all_pairs(rows)).items():
            stats[bot].elo = rating
    return sorted(stats.values(), key=lambda s: (-(s.elo.elo if s.elo else 0.0), s.bot))


def add_game(stats: dict[str, BotStats], r: GameRow, num_players: int) -> None:
    """Count one finished game in `stats` (a bot not in it yet gets its row): each seat's
    game, share of first place, place, score and failures; a stall is a failure of every
    bot of the game."""
    if r.ranking is None or r.scores is None:
        return
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


def outcome_counts(rows: Iterable[GameRow]) -> Counter[str]:
    return Counter(r.outcome or r.status for r in rows)


class LiveRow(msgspec.Struct, frozen=True):
    """One bot in the live standings: its record so far and its online Elo in this
    tournament alone (updated after every game; the final table fits the ML Elo)."""

    bot: str
    games: int
    wins: float
    avg_place: float
    elo: float


class SprtStatus(msgspec.Struct, frozen=True):
    """The SPRT of a run so far: its bounds in Elo, the log-likelihood ratio over the
    completed blocks with the bounds that decide it, and the verdict once there is one."""

    elo0: float
    elo1: float
    llr: float
    lower: float
    upper: float
    blocks: int
    verdict: str | None = None


class LiveDoc(msgspec.Struct, frozen=True):
    """What `arena tournament run` shows while the games play: the games finished out of
    those to play, this run's rate (games a second since it started) and the time left at
    that rate (None until a game has finished), the standings best online Elo first, and
    the SPRT if the tournament has one."""

    done: int
    total: int
    rate: float
    eta: float | None
    standings: list[LiveRow]
    sprt: SprtStatus | None = None


class LiveStandings:
    """A tournament's standings while it plays, kept game by game rather than recounted
    from every stored game at each redraw: each bot's record as `standings` counts it,
    and its online Elo in this tournament alone."""

    def __init__(self, num_players: int, bots: Sequence[str], rows: Iterable[GameRow],
                 stop_block: int | None = None) -> None:
        self.num_players, self.bots = num_players, tuple(bots)
        self.recount(rows, stop_block)

    def recount(self, rows: Iterable[GameRow], stop_block: int | None = None) -> None:
        """Start again from the games that count (after an SPRT stop: the blocks before
        it)."""
        self.stats = {b: BotStats(b, self.num_players) for b in self.bots}
        self.elo = Elo()
        for r in counted(rows, stop_block):
            self.add(r)

    def add(self, r: GameRow) -> None:
        """One more finished game that counts."""
        add_game(self.stats, r, self.num_players)
        if r.ranking is not None:
            self.elo.update(r.bots, r.ranking)

    def rows(self) -> list[LiveRow]:
        """Best online Elo first (a bot without a game yet stands at the base rating)."""
        elo = self.elo.rating
        return [LiveRow(s.bot, s.games, s.wins, s.avg_place, elo(s.bot))
                for s in sorted(self.stats.values(), key=lambda s: (-elo(s.bot), s.bot))]
