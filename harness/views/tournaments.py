"""Tournaments on the terminal: the run's progress bar with live standings and SPRT line,
the final table, the list of tournaments and a rating pool's table (data:
harness/tournaments/service.py and harness/tournaments/standings.py)."""

from __future__ import annotations

import datetime
import json
import time
from collections.abc import Mapping, Sequence

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
from harness.storage.database import Store
from harness.tournaments import runner
from harness.tournaments.service import check_workers, show_data, tournament_rows
from harness.tournaments.standings import BotStats, counted, standings
from harness.views.console import out
from harness.views.fit import Col, fit_table
from ratings.elo import BASE, Rating


def play(store: Store, name: str, workers: int | None, address: str | None,
         console: Console = out) -> None:
    """Run the pending games with a progress bar and live standings, then show the table."""
    check_workers(workers)
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TextColumn("{task.fields[rate]:.1f} games/s"), TimeElapsedColumn(),
        TextColumn("ETA {task.fields[eta]}"), console=console,
    )
    shown_name = markup(name)  # the description column is markup
    task = progress.add_task(f"{shown_name} (starting Ray)", total=None, rate=0.0,
                             eta="-:--:--")
    shown = {"at": 0.0}
    with Live(progress, console=console, refresh_per_second=4) as live:
        def update(state: runner.RunState) -> None:
            progress.update(task, description=shown_name, completed=state.done, total=state.total,
                            rate=state.rate(), eta=eta(state))
            now = time.monotonic()
            if now - shown["at"] >= 0.5:
                shown["at"] = now
                rows = counted(state.rows.values(), state.stop_block)
                stats = standings(rows, state.spec.num_players, state.spec.bots, with_elo=False)
                parts = [progress, live_table(stats, state.elo.ratings)]
                if state.sprt is not None:
                    parts.append(sprt_line(state))
                live.update(Group(*parts))

        state = runner.run(store, name, workers, address, update)
        progress.update(task, description=shown_name, completed=state.done, total=state.total,
                        rate=state.rate(), eta=eta(state))
        live.update(progress)
    if state.sprt is not None:
        console.print(sprt_line(state), highlight=False)
    console.line()
    show_table(store, name, console)


def eta(state: runner.RunState) -> str:
    """Time left at this run's own average rate (games left / games per second), H:MM:SS;
    Rich's estimate reads only the last bursts of finished games."""
    rate, left = state.rate(), state.total - state.done
    if left <= 0:
        return "0:00:00"
    if rate <= 0:
        return "-:--:--"
    return str(datetime.timedelta(seconds=round(left / rate)))


def sprt_line(state: runner.RunState) -> str:
    """The SPRT's log-likelihood ratio and its bounds, as chess testing tools show it."""
    assert state.sprt is not None
    s, scores = state.sprt, state.block_scores
    llr = s.llr(scores)
    verdict = f" -> {state.verdict}" if state.verdict else ""
    return (f"SPRT [{s.elo0:g}, {s.elo1:g}]: LLR {llr:.2f} ({s.lower:.2f}, {s.upper:.2f}) "
            f"after {len(scores)} blocks{verdict}")


def show_table(store: Store, name: str, console: Console = out) -> Table:
    """Print (and return) the final table of tournament `name`."""
    title, caption, stats = show_data(store, name)
    table = final_table(title, stats, caption, width=console.width)
    console.print(table)
    return table


def tournament_list(store: Store, db: str, width: int | None = None) -> Table:
    """`arena tournament list`: every tournament with its progress."""
    cols = [Col("name", "left", "bold cyan", keep=9), Col("game", "left", keep=8),
            Col("players", keep=5), Col("bots", "left", keep=1), Col("games", keep=7),
            Col("status", "left", keep=6), Col("created", "left", keep=2)]
    cells = [[text(str(r["name"])), r["game"], r["players"],
              text(", ".join(r["bots"])),  # type: ignore[arg-type]
              f"{r['done']}/{r['games']}", r["status"], r["created"]]
             for r in tournament_rows(store)]
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


def pool_table(pool: str, rows: Sequence[tuple[str, float, int, float | None,
                                               float | None, float | None]],
               width: int | None = None) -> Table:
    """One rating pool (`arena tournament ladder`): online Elo and the maximum-likelihood
    Elo with its interval."""
    cols = [Col("bot", "left", "bold cyan", keep=9), Col("games", keep=5),
            Col("Elo (online)", keep=6), Col("Elo (ML) [95%]", keep=8)]
    cells = []
    for bot, elo, n, ml, lo, hi in rows:
        mls = "-" if ml is None or lo is None or hi is None else Rating(ml, lo, hi).text()
        cells.append([text(bot), n, f"{elo:.0f}", mls])
    return fit_table(cols, cells, width=width or Console().width,
                     title=f"ladder {pool_title(pool)}")


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
