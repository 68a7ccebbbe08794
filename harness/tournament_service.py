"""Tournament services behind `arena tournament ...`: scheduling into the database, the
run with its live display, and the final table (commands: harness/tournament.py)."""

from __future__ import annotations

import time

from rich.console import Console, Group
from rich.live import Live
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from harness import tournament_runner as runner
from harness.tournament_schedule import TournamentError, TournamentSpec, ladder_key, schedule
from harness.tournament_schedule import validate as validate_spec
from ladders.sprt import Sprt
from ladders.standings import counted, final_table, live_table, outcome_counts, standings
from ladders.store import Store

out = Console()


def check_workers(workers: int | None) -> None:
    if workers is not None and workers < 1:
        raise TournamentError(f"--workers must be at least 1, got {workers}")


def create(store: Store, name: str, spec: TournamentSpec) -> int:
    """Validate `spec` and write it with its whole schedule; returns the game count."""
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
        TextColumn("ETA"), TimeRemainingColumn(), console=console,
    )
    task = progress.add_task(f"{name} (starting Ray)", total=None, rate=0.0)
    shown = {"at": 0.0}
    with Live(progress, console=console, refresh_per_second=4) as live:
        def update(state: runner.RunState) -> None:
            progress.update(task, description=name, completed=state.done, total=state.total,
                            rate=state.rate())
            now = time.monotonic()
            if now - shown["at"] >= 0.5:
                shown["at"] = now
                rows = counted(state.rows.values(), state.stop_block)
                stats = standings(rows, state.spec.num_players, state.spec.bots, with_elo=False)
                live.update(Group(progress, live_table(stats, state.elo.ratings)))

        state = runner.run(store, name, workers, address, update)
        progress.update(task, description=name, completed=state.done, total=state.total,
                        rate=state.rate())
        live.update(progress)
    console.line()
    show_table(store, name, console)


def show_table(store: Store, name: str, console: Console = out) -> Table:
    """Print (and return) the final table of tournament `name`."""
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
    style = ", seat rotation" if spec.seat_rotation else ""
    clock = f", clock {spec.clock}" if spec.clock else ""
    title = (f"{name}: {spec.game}, {spec.num_players} players, {spec.format}{style}{clock}, "
             f"seed {spec.seed}")
    table = final_table(title, stats, caption)
    console.print(table)
    return table


def tournament_list(store: Store, db: str) -> Table:
    """`arena tournament list`: every tournament with its progress."""
    table = Table(title=f"tournaments in {db}")
    for col in ("name", "game", "players", "bots", "games", "status", "created"):
        table.add_column(col)
    for t in store.tournaments():
        spec = TournamentSpec.from_json(t.spec)
        rows = store.games(t.id)
        done = sum(1 for r in rows if r.status == "done")
        table.add_row(t.name, spec.game, str(spec.num_players), ", ".join(spec.bots),
                      f"{done}/{len(rows)}", t.status, t.created)
    return table
