"""Tournaments on the terminal: the run's progress bar with live standings and SPRT line,
the final table, the list of tournaments and a rating pool's table, each drawn from the
data it is handed (built by harness/tournaments/service.py, standings.py and runner.py;
the commands that run and fetch: harness/cli/tournament.py)."""

from __future__ import annotations

import datetime
import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from rich.console import Console, Group
from rich.live import Live
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from bots.spec import display_name
from engine.common.untrusted import markup, text, visible
from harness.tournaments.standings import BotStats, LiveDoc, LiveRow, SprtStatus
from harness.views.console import out
from harness.views.fit import Col, fit_table
from ratings.elo import Rating


@contextmanager
def live_run(name: str, console: Console = out) -> Iterator[Callable[[LiveDoc], None]]:
    """`arena tournament run`: a progress bar (games, this run's rate, elapsed time, time
    left) with the live standings and the SPRT line under it, drawn from the documents it
    is handed (harness/tournaments/standings.py, `LiveDoc`): the bar at each one, the rest
    at most twice a second. When the block ends the bar alone stays, at the last document;
    an exception (Ctrl-C) leaves the screen as it was last drawn."""
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TextColumn("{task.fields[rate]:.1f} games/s"), TimeElapsedColumn(),
        TextColumn("ETA {task.fields[eta]}"), console=console,
    )
    shown_name = markup(name)  # the description column is markup
    task = progress.add_task(f"{shown_name} (starting Ray)", total=None, rate=0.0,
                             eta=eta_text(None))
    shown = {"at": 0.0}
    with Live(progress, console=console, refresh_per_second=4) as live:
        def update(doc: LiveDoc) -> None:
            progress.update(task, description=shown_name, completed=doc.done, total=doc.total,
                            rate=doc.rate, eta=eta_text(doc.eta))
            now = time.monotonic()
            if now - shown["at"] >= 0.5:
                shown["at"] = now
                parts = [progress, live_table(doc.standings)]
                if doc.sprt is not None:
                    parts.append(sprt_line(doc.sprt))
                live.update(Group(*parts))

        yield update
        live.update(progress)


def eta_text(seconds: float | None) -> str:
    """Time left as H:MM:SS (`-:--:--` while there is no rate to go by)."""
    if seconds is None:
        return "-:--:--"
    return str(datetime.timedelta(seconds=round(seconds)))


def sprt_line(sprt: SprtStatus) -> str:
    """The SPRT's log-likelihood ratio and its bounds, as chess testing tools show it."""
    verdict = f" -> {sprt.verdict}" if sprt.verdict else ""
    return (f"SPRT [{sprt.elo0:g}, {sprt.elo1:g}]: LLR {sprt.llr:.2f} ({sprt.lower:.2f}, "
            f"{sprt.upper:.2f}) after {sprt.blocks} blocks{verdict}")


def tournament_list(rows: Sequence[Mapping[str, Any]], db: str, width: int | None = None
                    ) -> Table:
    """`arena tournament list`: every tournament with its progress, from the rows of
    harness/tournaments/service.py `tournament_rows`."""
    cols = [Col("name", "left", "bold cyan", keep=9), Col("game", "left", keep=8),
            Col("players", keep=5), Col("bots", "left", keep=1), Col("games", keep=7),
            Col("status", "left", keep=6), Col("created", "left", keep=2)]
    cells = [[text(str(r["name"])), r["game"], r["players"],
              text(", ".join(r["bots"])),  # type: ignore[arg-type]
              f"{r['done']}/{r['games']}", r["status"], r["created"]]
             for r in rows]
    return fit_table(cols, cells, width=width or out.width, title=f"tournaments in {db}")


def final_table(title: str, stats: Sequence[BotStats], caption: str = "",
                width: int | None = None) -> Table:
    """`arena tournament show`: games, wins (win rate), average place and score, win rate
    by seat (seat 0 first), failures, maximum-likelihood Elo with its 95% interval. A
    narrow terminal gets fewer columns (harness/views/fit.py), never cut numbers. The caption is
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


def live_table(rows: Sequence[LiveRow]) -> Table:
    """The table under the progress bar: online Elo, updated after every game."""
    t = Table(title="standings (live)")
    t.add_column("bot", style="bold cyan")
    for col in ("games", "wins", "avg place", "Elo (online)"):
        t.add_column(col, justify="right")
    for r in rows:
        t.add_row(text(display_name(r.bot)), str(r.games), f"{r.wins:g}", f"{r.avg_place:.2f}",
                  f"{r.elo:.0f}")
    return t


def pool_table(pool: str, rows: Sequence[tuple[str, float, int, float | None,
                                               float | None, float | None]],
               width: int | None = None) -> Table:
    """One rating pool (`arena tournament pools`): online Elo and the maximum-likelihood
    Elo with its interval."""
    cols = [Col("bot", "left", "bold cyan", keep=9), Col("games", keep=5),
            Col("Elo (online)", keep=6), Col("Elo (ML) [95%]", keep=8)]
    cells = []
    for bot, elo, n, ml, lo, hi in rows:
        mls = "-" if ml is None or lo is None or hi is None else Rating(ml, lo, hi).text()
        cells.append([text(bot), n, f"{elo:.0f}", mls])
    return fit_table(cols, cells, width=width or Console().width,
                     title=f"rating pool {pool_title(pool)}")


def pool_title(key: str) -> str:
    """A rating pool's key (`game/2p/{options json}`) as words."""
    game, _, rest = key.partition("/")
    players, _, opts = rest.partition("/")
    try:
        parsed = json.loads(opts) if opts else {}
    except ValueError:
        return key
    words = ", ".join(f"{k}={v}" for k, v in sorted(parsed.items()))
    return f"{game}, {players.replace('p', ' players')}" + (f" ({words})" if words else "")
