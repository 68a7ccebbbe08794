"""Standings from stored games, and the Rich tables that show them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.table import Table

from bots.registry import display_name
from engine.common.untrusted import text, visible
from ladders.fit import Col, fit_table
from ladders.ratings import BASE, Pair, Rating, first_share, ml_ratings, pairwise
from ladders.store import GameRow


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


def final_table(title: str, stats: Sequence[BotStats], caption: str = "",
                width: int | None = None) -> Table:
    """`arena tournament show`: games, wins (win rate), average place and score, win rate
    by seat (seat 0 first), failures, maximum-likelihood Elo with its 95% interval. A
    narrow terminal gets fewer columns (`ladders.fit`), never cut numbers. The caption is
    one line (a line break in it, from a bot spec, is shown as an escape)."""
    cols = [Col("bot", "left", "bold cyan", keep=9), Col("games", keep=4),
            Col("wins", keep=6), Col("place", keep=3), Col("score", keep=2),
            Col("seat win%", keep=1), Col("failures", "left", keep=5),
            Col("Elo ±95%", keep=8)]
    rows = []
    for s in stats:
        seats = "/".join(f"{100 * w / g:.0f}" if g else "-"
                         for w, g in zip(s.seat_wins, s.seat_games, strict=True))
        fails = ", ".join(f"{k} {n}" for k, n in sorted(s.failures.items())) or "-"
        rows.append([text(display_name(s.bot)), s.games, f"{s.wins:g} ({100 * s.win_rate:.0f}%)",
                     f"{s.avg_place:.2f}", f"{s.avg_score:.1f}", seats, fails,
                     s.elo.short() if s.elo else "-"])
    return fit_table(cols, rows, width=width or Console().width, title=title,
                     caption=visible(caption) or None, collapse_padding=True)


def live_table(stats: Sequence[BotStats], elo: Mapping[str, float]) -> Table:
    """The table under the progress bar: online Elo, updated after every game."""
    t = Table(title="standings (live)")
    t.add_column("bot", style="bold cyan")
    for col in ("games", "wins", "avg place", "Elo (online)"):
        t.add_column(col, justify="right")
    for s in sorted(stats, key=lambda s: (-elo.get(s.bot, BASE), s.bot)):
        t.add_row(text(display_name(s.bot)), str(s.games), f"{s.wins:g}", f"{s.avg_place:.2f}",
                  f"{elo.get(s.bot, BASE):.0f}")
    return t


def ladder_table(ladder: str, rows: Sequence[tuple[str, float, int, float | None,
                                                   float | None, float | None]],
                 width: int | None = None) -> Table:
    """One ladder: online Elo and the maximum-likelihood Elo with its interval."""
    cols = [Col("bot", "left", "bold cyan", keep=9), Col("games", keep=5),
            Col("Elo (online)", keep=6), Col("Elo (ML) [95%]", keep=8)]
    cells = []
    for bot, elo, n, ml, lo, hi in rows:
        mls = "-" if ml is None or lo is None or hi is None else Rating(ml, lo, hi).text()
        cells.append([text(bot), n, f"{elo:.0f}", mls])
    return fit_table(cols, cells, width=width or Console().width,
                     title=f"ladder {ladder_title(ladder)}")


def ladder_title(key: str) -> str:
    """A tournament ladder's key (`game/2p/{options json}`) as words."""
    import json

    game, _, rest = key.partition("/")
    players, _, opts = rest.partition("/")
    try:
        parsed = json.loads(opts) if opts else {}
    except ValueError:
        return key
    words = ", ".join(f"{k}={v}" for k, v in sorted(parsed.items()))
    return f"{game}, {players.replace('p', ' players')}" + (f" ({words})" if words else "")
