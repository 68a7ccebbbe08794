"""`arena tournament ...` and `arena demo`: Ray tournaments stored in SQLite.

See docs/tournaments.md. Scheduling lives in `harness.tournament_schedule`, playing in
`harness.tournament_runner`, storage and ratings in `ladders`.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
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

import engine
from bots.registry import BotSpecError, make_bot
from harness import tournament_runner as runner
from harness.args import parse_options, split_specs
from harness.match import play_match
from harness.tournament_schedule import (
    TournamentError,
    TournamentSpec,
    ladder_key,
    load_modules,
    schedule,
    validate,
)
from ladders.sprt import Sprt
from ladders.standings import (
    counted,
    final_table,
    ladder_table,
    live_table,
    outcome_counts,
    standings,
)
from ladders.store import DEFAULT_DB, Store

app = typer.Typer(help="Ray-distributed tournaments stored in SQLite.", no_args_is_help=True)
out = Console()

DbOpt = Annotated[Path, typer.Option("--db", help="SQLite database")]
WorkersOpt = Annotated[int | None, typer.Option(help="Ray workers (embedded Ray: CPUs to use)")]
AddressOpt = Annotated[str | None, typer.Option(
    help="join this Ray cluster (default: RAY_ADDRESS, else an embedded local Ray)")]
ModuleOpt = Annotated[list[str] | None, typer.Option(
    "--game-module", help="import in the driver and every worker; registers its GAME")]


class Format(StrEnum):
    round_robin = "round-robin"
    gauntlet = "gauntlet"


def _check_workers(workers: int | None) -> None:
    if workers is not None and workers < 1:
        raise TournamentError(f"--workers must be at least 1, got {workers}")


def create(store: Store, name: str, spec: TournamentSpec) -> int:
    """Validate `spec` and write it with its whole schedule; returns the game count."""
    validate(spec)
    games = schedule(spec)
    store.create(name, spec.to_json(), ladder_key(spec), games)
    return len(games)


def play(store: Store, name: str, workers: int | None, address: str | None,
         console: Console = out) -> None:
    """Run the pending games with a progress bar and live standings, then show the table."""
    _check_workers(workers)
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
    title = (f"{name}: {spec.game}, {spec.num_players} players, {spec.format}{style}, "
             f"seed {spec.seed}")
    table = final_table(title, stats, caption)
    console.print(table)
    return table


@app.command("run")
def run_cmd(
    game: Annotated[str, typer.Option("--game", "-g", help="game id (see `arena games`)")],
    bots: Annotated[str, typer.Option(help="comma-separated bot specs (the entrants)")],
    players: Annotated[int, typer.Option("--players", "-n", help="players per game")] = 2,
    games: Annotated[int | None, typer.Option(help="at least this many games")] = None,
    sprt: Annotated[str | None, typer.Option(help="elo0,elo1,alpha,beta: stop on a verdict "
                                             "between the first two bots")] = None,
    fmt: Annotated[Format, typer.Option("--format")] = Format.round_robin,
    seat_rotation: Annotated[bool, typer.Option(help="every seat permutation per deal")] = False,
    time_per_move: Annotated[float | None, typer.Option(help="seconds per decision")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="name=value")] = None,
    workers: WorkersOpt = None,
    address: AddressOpt = None,
    db: DbOpt = DEFAULT_DB,
    name: Annotated[str | None, typer.Option(help="tournament name (default: game-time)")] = None,
    seed: Annotated[int, typer.Option(help="tournament seed")] = 0,
    game_module: ModuleOpt = None,
    isolate: Annotated[bool, typer.Option(help="run every bot that is not the project's own "
                                          "(python:, entry points) in the sandbox")] = False,
) -> None:
    """Schedule a tournament in the database, then play it on Ray."""
    _check_workers(workers)
    runner.check_address(address)
    spec = TournamentSpec(
        game=game, num_players=players, bots=tuple(split_specs(bots)),
        format=fmt.value, seat_rotation=seat_rotation, games=games, sprt=sprt,
        time_per_move=time_per_move, options=parse_options(option), seed=seed,
        modules=tuple(game_module or ()), isolate=isolate,
    )
    name = name or f"{game}-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}"
    with Store(db) as store:
        store.acquire_driver_lock()  # before scheduling: a locked database changes nothing
        count = create(store, name, spec)
        out.print(f"tournament [bold]{name}[/]: {count} games scheduled in {db}")
        play(store, name, workers, address)


@app.command("resume")
def resume_cmd(name: Annotated[str, typer.Argument(help="tournament name")],
               workers: WorkersOpt = None, address: AddressOpt = None,
               db: DbOpt = DEFAULT_DB) -> None:
    """Play exactly the games of NAME that have not finished (after a kill, say)."""
    runner.check_address(address)
    with Store(db) as store:
        store.acquire_driver_lock()
        t = store.tournament(name)
        load_modules(TournamentSpec.from_json(t.spec).modules)
        left = len(store.games(t.id, "pending"))
        out.print(f"tournament [bold]{name}[/]: {left} games left to play")
        play(store, name, workers, address)


@app.command("show")
def show_cmd(name: Annotated[str, typer.Argument(help="tournament name")],
             db: DbOpt = DEFAULT_DB) -> None:
    """Final table: games, wins, places, scores, win rate by seat, failures, Elo [95%]."""
    with Store(db) as store:
        show_table(store, name)


@app.command("list")
def list_cmd(db: DbOpt = DEFAULT_DB) -> None:
    """Tournaments in the database."""
    with Store(db) as store:
        table = Table(title=f"tournaments in {db}")
        for col in ("name", "game", "players", "bots", "games", "status", "created"):
            table.add_column(col)
        for t in store.tournaments():
            spec = TournamentSpec.from_json(t.spec)
            rows = store.games(t.id)
            done = sum(1 for r in rows if r.status == "done")
            table.add_row(t.name, spec.game, str(spec.num_players), ", ".join(spec.bots),
                          f"{done}/{len(rows)}", t.status, t.created)
        out.print(table)


@app.command("ladder")
def ladder_cmd(game: Annotated[str | None, typer.Option("--game", "-g", help="only this game")]
               = None, db: DbOpt = DEFAULT_DB) -> None:
    """Ladders (one per game, player count and options): online and ML Elo per bot."""
    with Store(db) as store:
        keys = [k for k in store.ladders() if game is None or k.split("/")[0] == game]
        if not keys:
            out.print(f"no ladder{f' for {game}' if game else ''} in {db} yet")
        for key in keys:
            out.print(ladder_table(key, store.ladder_table(key)))


@app.command("export")
def export_cmd(name: Annotated[str, typer.Argument(help="tournament name")],
               to: Annotated[Path, typer.Option("--to", help="JSON-lines file to write")],
               db: DbOpt = DEFAULT_DB) -> None:
    """Write the match records of NAME, one JSON object per line, in schedule order."""
    with Store(db) as store:
        t = store.tournament(name)
        to.parent.mkdir(parents=True, exist_ok=True)
        n = 0
        with to.open("wb") as f:
            for rec in store.records(t.id):
                f.write(rec + b"\n")
                n += 1
    out.print(f"{n} records written to {to}")


@app.command("scaling")
def scaling_cmd(
    game: Annotated[str, typer.Option("--game", "-g")],
    games: Annotated[int, typer.Option(help="games per run")] = 200,
    players: Annotated[int, typer.Option("--players", "-n")] = 2,
    bots: Annotated[str, typer.Option(help="entrants")] = "random,python:bots.base:RandomBot",
    repeats: Annotated[int, typer.Option(help="runs per worker count (alternating)")] = 5,
    seed: Annotated[int, typer.Option()] = 0,
    game_module: ModuleOpt = None,
) -> None:
    """Play the same tournament on 1 and on 2 Ray workers in one run; print the speed-up
    (how it is measured: `measure_scaling`)."""
    spec = TournamentSpec(game=game, num_players=players, games=games, seed=seed,
                          bots=tuple(split_specs(bots)), modules=tuple(game_module or ()))

    def report(r: int, w: int, run_s: float, played: float) -> None:
        out.print(f"run {r + 1}, {w} worker(s): {games} games in {run_s:.2f} s "
                  f"(inside games {played:.2f} s; load average {os.getloadavg()[0]:.1f})")

    seconds = measure_scaling(spec, repeats, report)
    med = {w: statistics.median(v) for w, v in seconds.items()}
    best = {w: min(v) for w, v in seconds.items()}
    out.print(f"median: 1 worker {med[1]:.2f} s, 2 workers {med[2]:.2f} s; "
              f"speed-up [bold]{med[1] / med[2]:.2f}x[/] (best runs: {best[1] / best[2]:.2f}x)")


def measure_scaling(
    spec: TournamentSpec, repeats: int,
    report: Callable[[int, int, float, float], None] | None = None,
) -> dict[int, list[float]]:
    """Seconds per run of the same tournament on 1 and on 2 workers, `repeats` runs each.

    One embedded Ray with 2 CPUs, two workers warmed up before every run; "1 worker"
    runs tasks that reserve both CPUs, so one game batch runs at a time. Runs alternate
    (1, 2, then 2, 1, ...); the time counted is the whole `run` (Ray tasks, one
    transaction per game). `report(run, workers, seconds, seconds inside games)`."""
    import ray

    validate(spec)
    runner.ensure_ray(2)
    warm = runner.remote(ray, runner.warm_up)
    seconds: dict[int, list[float]] = {1: [], 2: []}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(repeats):
            for w in (1, 2) if r % 2 == 0 else (2, 1):
                for hold in (0.5, 1.0, 2.0, 4.0, 8.0):  # Ray retires idle workers:
                    pids = ray.get([warm.remote(spec.to_json(), hold) for _ in range(2)])
                    if len(set(pids)) == 2:  # two are running again
                        break
                with Store(Path(tmp) / f"r{r}w{w}.sqlite") as store:
                    create(store, "scaling", spec)
                    t0 = time.perf_counter()
                    state = runner.run(store, "scaling", 2, task_cpus=2.0 / w)
                    seconds[w].append(time.perf_counter() - t0)
                    played = store.game_seconds(state.t.id)
                if report:
                    report(r, w, seconds[w][-1], played)
    return seconds


def demo(db: Path = DEFAULT_DB, workers: int = 2, budget: float = 30.0) -> None:
    """`arena demo`: a local Ray tournament of random vs heuristic on the first real game."""
    ids = [g.id for g in engine.games() if g.id != "kit"]
    if not ids:
        raise TournamentError("no game is registered yet (engine.games() is empty); "
                              "`arena demo` needs at least one game under engine/games")
    game = engine.get_game(ids[0])
    bots = ["random"]
    for candidate in (f"heuristic:{game.id}", "mcts:iters=50"):
        try:
            make_bot(candidate).close()
        except BotSpecError:
            continue
        bots.append(candidate)
        break
    if len(bots) < 2:
        raise TournamentError(f"`arena demo` found no second bot for {game.id}")
    n = max(2, game.min_players)
    play_match(game.id, n, (bots * n)[:n], seed=0)  # imports everything
    t0 = time.perf_counter()  # then size the demo to about `budget` seconds of play here
    for seed in (1, 2, 3):
        play_match(game.id, n, (bots * n)[:n], seed=seed)
    per_game = max(1e-3, (time.perf_counter() - t0) / 3)
    count = max(10, min(1000, int(budget * workers / per_game)))
    spec = TournamentSpec(game=game.id, num_players=n, bots=tuple(bots), seat_rotation=True,
                          games=count)
    name = f"demo-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}"
    with Store(db) as store:
        total = create(store, name, spec)
        out.print(f"demo [bold]{name}[/]: {game.name}, {n} players, {' vs '.join(bots)}, "
                  f"{total} games with seat rotation on {workers} local Ray workers; "
                  f"results in {db}")
        play(store, name, workers, None)
    out.print(f"again: arena tournament show {name} --db {db}")
