"""Tournament services behind `arena tournament ...`: scheduling into the database, the
run with its live display, and the final table (commands: harness/tournament.py)."""

from __future__ import annotations

import datetime
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import typer
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

from engine.common.untrusted import markup, text, visible
from harness import tournament_runner as runner
from harness.tournament_schedule import TournamentError, TournamentSpec, ladder_key, schedule
from harness.tournament_schedule import validate as validate_spec
from ladders.fit import Col, fit_table
from ladders.ratings import ml_ratings
from ladders.sprt import Sprt
from ladders.standings import (
    BotStats,
    all_pairs,
    counted,
    final_table,
    live_table,
    outcome_counts,
    standings,
)
from ladders.store import Store

out = Console()


def check_workers(workers: int | None) -> None:
    if workers is not None and workers < 1:
        raise TournamentError(f"--workers must be at least 1, got {workers}")


def create(store: Store, name: str, spec: TournamentSpec, validated: bool = False) -> int:
    """Validate `spec` (unless the caller did) and write it with its whole schedule;
    returns the game count."""
    if not validated:
        validate_spec(spec)
    games = schedule(spec)
    store.create(name, spec.to_json(), ladder_key(spec), games)
    return len(games)


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


@contextmanager
def interrupted(store: Store, name: str, db: Path) -> Iterator[None]:
    """Ctrl-C: one line saying how to go on (the runner has marked the tournament
    incomplete and stopped Ray), exit status 130."""
    try:
        yield
    except KeyboardInterrupt:
        t = store.tournament(name)
        left = len(store.games(t.id, "pending"))
        shown = visible(name)
        print(f"interrupted: {left} games of {shown} left; `arena tournament resume {shown} "
              f"--db {db}` plays them", file=sys.stderr)
        raise typer.Exit(130) from None


def delete(store: Store, name: str) -> int:
    """Remove tournament `name`; returns how many of its games had been played. Its ladder
    keeps the online Elo of games already rated; bots left without a game there are
    dropped, and the maximum-likelihood Elo is recomputed from the games that remain."""
    t = store.tournament(name)
    played = sum(1 for r in store.games(t.id) if r.status == "done")
    store.delete(t.id)
    games = store.ladder_games(t.ladder)
    still = {b for g in games for b in g.bots}
    store.drop_ratings(t.ladder, [b for b in store.ladder(t.ladder) if b not in still])
    store.set_ml(t.ladder, {b: (r.elo, r.low, r.high)
                            for b, r in ml_ratings(all_pairs(games)).items()})
    return played


def show_data(store: Store, name: str) -> tuple[str, str, list[BotStats]]:
    """Title, caption and standings of tournament `name` (`arena tournament show`)."""
    t = store.tournament(name)
    spec = TournamentSpec.from_json(t.spec)
    rows = store.games(t.id)
    used = counted(rows, t.stop_block)
    stats = standings(used, spec.num_players, spec.bots)
    outcomes = ", ".join(f"{k} {n}" for k, n in sorted(outcome_counts(used).items()))
    errors = sum(1 for r in rows if r.status == "error")
    pending = sum(1 for r in rows if r.status == "pending")
    caption = f"{len(used)} games counted ({outcomes or 'none'}); status {t.status}"
    caption += f"; {errors} engine errors" if errors else ""
    caption += f"; {pending} games still to play" if pending else ""
    if spec.sprt and t.verdict:
        s = Sprt.parse(spec.sprt)
        better = f"{spec.bots[0]} is stronger than {spec.bots[1]} by {s.elo1:g} Elo"
        worse = f"{spec.bots[0]} is at most {s.elo0:g} Elo stronger than {spec.bots[1]}"
        caption += f"; SPRT after {t.stop_block} blocks: {better if t.verdict == 'H1' else worse}"
    elif spec.sprt:
        caption += "; SPRT: no verdict yet"
    style = ", seat rotation" if spec.seat_rotation else ""
    clock = f", clock {spec.clock}" if spec.clock else ""
    title = (f"{name}: {spec.game}, {spec.num_players} players, {spec.format}{style}{clock}, "
             f"seed {spec.seed}")
    return title, caption, stats


def show_table(store: Store, name: str, console: Console = out) -> Table:
    """Print (and return) the final table of tournament `name`."""
    title, caption, stats = show_data(store, name)
    table = final_table(title, stats, caption, width=console.width)
    console.print(table)
    return table


def tournament_rows(store: Store) -> list[dict[str, object]]:
    """`arena tournament list --json/--csv`: one row per tournament."""
    out_rows: list[dict[str, object]] = []
    for t in store.tournaments():
        spec = TournamentSpec.from_json(t.spec)
        rows = store.games(t.id)
        out_rows.append({"name": t.name, "game": spec.game, "players": spec.num_players,
                         "bots": list(spec.bots),
                         "done": sum(1 for r in rows if r.status == "done"),
                         "games": len(rows), "status": t.status, "created": t.created})
    return out_rows


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
