"""`arena tournament ...`: the commands only; they call harness/tournaments/service.py
(schedule, delete, table data), harness/tournaments/scaling.py and the runner, and hand
what they give to harness/views/tournaments.py (live run, tables). See docs/tournaments.md.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import msgspec
import typer

from bots.spec import name_copies
from engine.common.untrusted import markup, visible
from harness.cli.output import CsvOpt, JsonOpt, emit_csv, emit_json, machine_format
from harness.cli.paths import DbOpt, check_output, make_parent
from harness.cluster import session
from harness.play.args import entrant_specs, parse_options, split_specs
from harness.play.clock import TimeControl
from harness.play.contest import load_modules
from harness.storage.database import DEFAULT_DB, Store
from harness.tournaments import runner
from harness.tournaments.scaling import measure_scaling
from harness.tournaments.schedule import TournamentSpec, pool_key
from harness.tournaments.schedule import validate as validate_spec
from harness.tournaments.service import (
    check_workers,
    create,
    delete,
    node_rows,
    show_data,
    tournament_rows,
)
from harness.views.console import out
from harness.views.nodes import nodes_table
from harness.views.tournaments import (
    final_table,
    live_run,
    pool_table,
    sprt_line,
    tournament_list,
)

app = typer.Typer(help="Ray-distributed tournaments stored in SQLite.", no_args_is_help=True,
                  rich_markup_mode=None)

WorkersOpt = Annotated[int | None, typer.Option(help="Ray workers (embedded Ray: CPUs to use)",
                                                min=1)]
AddressOpt = Annotated[str | None, typer.Option(
    help="join this Ray cluster (default: RAY_ADDRESS, else an embedded local Ray)")]
ModuleOpt = Annotated[list[str] | None, typer.Option(
    "--game-module", help="import in the driver and every worker; registers its GAME")]


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


def play(store: Store, name: str, workers: int | None, address: str | None, db: Path) -> None:
    """Play the pending games of `name` on Ray with the live display (each update of the
    runner handed to it as the tournament's live document), then the SPRT line and the
    final table; Ctrl-C: `interrupted`."""
    with interrupted(store, name, db), live_run(name) as show:
        state = runner.run(store, name, workers, address, lambda s: show(s.live_doc()))
        doc = state.live_doc()
        show(doc)
    if doc.sprt is not None:
        out.print(sprt_line(doc.sprt), highlight=False)
    out.line()
    print_table(store, name)


def print_table(store: Store, name: str) -> None:
    """The final table of tournament `name` (`arena tournament show`)."""
    title, caption, stats = show_data(store, name)
    out.print(final_table(title, stats, caption, width=out.width))


class Format(StrEnum):
    round_robin = "round-robin"
    gauntlet = "gauntlet"


@app.command("run")
def run_cmd(
    game: Annotated[str, typer.Option("--game", "-g", help="game id (see `arena games`)")],
    bots: Annotated[str | None, typer.Option(
        help="comma-separated bot specs (the entrants); quote a spec holding a comma: "
             "'random,\"cmd:node bot.js --w=1,2\"'; a spec given twice enters two copies "
             "(random#1, random#2)")] = None,
    bot: Annotated[list[str] | None, typer.Option(
        "--bot", help="one entrant's spec, taken whole (repeat for each bot)")] = None,
    players: Annotated[int, typer.Option("--players", "-n", help="players per game")] = 2,
    games: Annotated[int | None, typer.Option(help="at least this many games", min=1)] = None,
    sprt: Annotated[str | None, typer.Option(help="elo0,elo1,alpha,beta: stop on a verdict "
                                             "between the first two bots")] = None,
    fmt: Annotated[Format, typer.Option("--format")] = Format.round_robin,
    seat_rotation: Annotated[bool, typer.Option(help="every seat permutation per deal")] = False,
    time_per_move: Annotated[float | None, typer.Option(help="seconds per decision")] = None,
    clock: Annotated[str | None, typer.Option(
        help="game clock per seat with increment per decision, e.g. 60+0.5")] = None,
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
    check_workers(workers)
    TimeControl.of(time_per_move, clock)
    session.check_address(address)
    check_output(db, "--db")
    spec = TournamentSpec(
        game=game, num_players=players, bots=tuple(name_copies(entrant_specs(bots, bot))),
        format=fmt.value, seat_rotation=seat_rotation, games=games, sprt=sprt,
        time_per_move=time_per_move, clock=clock, options=parse_options(option), seed=seed,
        modules=tuple(game_module or ()), isolate=isolate,
    )
    validate_spec(spec)  # every entrant checked once; nothing written for a refused run
    name = name or f"{game}-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}"
    with Store(db) as store:
        runner.lock_tournaments(store, pool_key(spec))  # before scheduling: if busy, nothing
        count = create(store, name, spec, validated=True)
        out.print(f"tournament [bold]{markup(name)}[/]: {count} games scheduled in "
                  f"{markup(str(db))}")
        play(store, name, workers, address, db)


@app.command("resume", short_help='Play the unfinished games of a tournament.')
def resume_cmd(name: Annotated[str, typer.Argument(help="tournament name")],
               workers: WorkersOpt = None, address: AddressOpt = None,
               db: DbOpt = DEFAULT_DB) -> None:
    """Play exactly the games of NAME that have not finished (after a kill, say)."""
    session.check_address(address)
    with Store(db, read_only=True) as reader:  # an unknown database or name: no file made
        reader.tournament(name)
    with Store(db) as store:
        t = store.tournament(name)
        runner.lock_tournaments(store, t.pool)
        load_modules(TournamentSpec.from_json(t.spec).modules)
        left = len(store.games(t.id, "pending"))
        out.print(f"tournament [bold]{markup(name)}[/]: {left} games left to play")
        play(store, name, workers, address, db)


@app.command("delete", short_help='Remove a tournament with its games and records.')
def delete_cmd(name: Annotated[str, typer.Argument(help="tournament name")],
               db: DbOpt = DEFAULT_DB) -> None:
    """Remove NAME with its games and records (not while a run of this database is on)."""
    with Store(db, read_only=True) as reader:
        reader.tournament(name)
    with Store(db) as store:
        runner.lock_tournaments(store, store.tournament(name).pool)
        n = delete(store, name)
    out.print(f"tournament [bold]{markup(name)}[/] deleted from {markup(str(db))} "
              f"({n} games played)")


@app.command("show", short_help='Standings of a tournament, with Elo and intervals.')
def show_cmd(name: Annotated[str, typer.Argument(help="tournament name")],
             as_json: JsonOpt = False, as_csv: CsvOpt = False,
             db: DbOpt = DEFAULT_DB) -> None:
    """Final table: games, wins, places, scores, win rate by seat, failures, Elo [95%]."""
    fmt = machine_format(as_json, as_csv)
    with Store(db, read_only=True) as store:
        nodes = node_rows(store, name)
        if fmt is None:
            print_table(store, name)
            if nodes:
                out.print(nodes_table(nodes, f"{name}: nodes of the cluster"))
            return
        title, caption, stats = show_data(store, name)
    rows = [s.as_json() for s in stats]
    if fmt == "csv":
        emit_csv(rows)
    else:
        emit_json({"tournament": name, "title": title, "summary": caption, "standings": rows,
                   "nodes": [msgspec.to_builtins(n) for n in nodes]})


@app.command("list")
def list_cmd(as_json: JsonOpt = False, as_csv: CsvOpt = False, db: DbOpt = DEFAULT_DB) -> None:
    """Tournaments in the database."""
    fmt = machine_format(as_json, as_csv)
    with Store(db, read_only=True) as store:
        if fmt is None:
            out.print(tournament_list(tournament_rows(store), str(db)))
            return
        rows = tournament_rows(store)
    emit_json(rows) if fmt == "json" else emit_csv(rows)


@app.command("pools", short_help='Rating pools across tournaments: Elo per bot.')
def pool_cmd(game: Annotated[str | None, typer.Option("--game", "-g", help="only this game")]
             = None, as_json: JsonOpt = False, as_csv: CsvOpt = False,
             db: DbOpt = DEFAULT_DB) -> None:
    """Rating pools (one per game, player count and options, shared by every tournament of
    that set-up): online and ML Elo per bot."""
    fmt = machine_format(as_json, as_csv)
    with Store(db, read_only=True) as store:
        keys = [k for k in store.pools() if game is None or k.split("/")[0] == game]
        tables = {k: store.pool_table(k) for k in keys}
    if fmt is not None:
        rows = [{"pool": k, "bot": bot, "elo": elo, "games": n, "ml_elo": ml,
                 "ml_low": lo, "ml_high": hi}
                for k, t in tables.items() for bot, elo, n, ml, lo, hi in t]
        emit_json(rows) if fmt == "json" else emit_csv(rows)
        return
    if not keys:
        out.print(f"no rating pool{f' for {markup(game)}' if game else ''} in {db} yet")
    for key, t in tables.items():
        out.print(pool_table(key, t))


@app.command("export", short_help='Write match records as JSON lines.')
def export_cmd(name: Annotated[str, typer.Argument(help="tournament name")],
               to: Annotated[Path, typer.Option("--to", help="JSON-lines file to write")],
               db: DbOpt = DEFAULT_DB) -> None:
    """Write the match records of NAME, one JSON object per line, in schedule order."""
    check_output(to, "--to")
    with Store(db, read_only=True) as store:
        t = store.tournament(name)
        make_parent(to, "--to")
        n = 0
        with to.open("wb") as f:
            for rec in store.records(t.id):
                f.write(rec + b"\n")
                n += 1
    out.print(f"{n} records written to {to}")


@app.command("scaling", short_help='Same tournament on 1 and 2 Ray workers.')
def scaling_cmd(
    game: Annotated[str, typer.Option("--game", "-g")],
    games: Annotated[int, typer.Option(help="games per run", min=1)] = 200,
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
