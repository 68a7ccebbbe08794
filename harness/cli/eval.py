"""`arena eval` and `arena compare`: the commands only (harness/eval/run.py plays and
summarises the tournaments, harness/eval/compare.py measures against OpenSpiel).
See docs/mcts.md, "Measuring"."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

import engine
from bots.mcts import MCTSBot
from bots.spec import BotSpecError, parse_params
from engine.common.untrusted import visible
from harness.cli.paths import check_output
from harness.cluster import session
from harness.eval.compare import (
    HEADER,
    openspiel_modules,
    openspiel_spec,
    positions,
    spec_of,
    speed,
    speed_cells,
)
from harness.eval.run import HEADER as EVAL_HEADER
from harness.eval.run import (
    check_specs,
    eval_spec,
    markdown,
    opponent_spec,
    run_eval,
    spec_time,
)
from harness.play.args import UsageProblem, parse_options, split_specs
from harness.play.clock import TimeControl
from harness.play.contest import load_modules
from harness.play.entrants import EntrantError
from harness.storage.database import Store, default_db
from harness.tournaments.schedule import TournamentSpec
from harness.tournaments.service import check_workers
from harness.views.console import out
from harness.views.eval import results_table

#: results of `arena eval` / `arena compare`: ARENA_DB like every command's, else a
#: database of their own beside the default one (their games then stay out of the Elo
#: ladders of `arena tournament`); never relative to the current folder
EVAL_DB = default_db("eval.sqlite")

GameOpt = Annotated[list[str] | None, typer.Option(
    "--game", "-g", help="game id (repeat, or comma-separated; default: every game)")]
DbOpt = Annotated[Path, typer.Option(
    "--db", envvar="ARENA_DB", show_default=str(EVAL_DB),
    help="SQLite database of the games (default: ARENA_DB, else results/eval.sqlite of this "
         "checkout)")]
WorkersOpt = Annotated[int | None, typer.Option(help="Ray workers (embedded Ray: CPUs to use)",
                                                min=1)]
AddressOpt = Annotated[str | None, typer.Option(
    help="join this Ray cluster (default: RAY_ADDRESS, else an embedded local Ray)")]
SeedOpt = Annotated[int, typer.Option(help="seed of the deals")]
ModuleOpt = Annotated[list[str] | None, typer.Option(
    "--game-module", help="import in the driver and every worker; registers its GAME")]


def game_ids(games: list[str] | None) -> list[str]:
    ids = [g for text in games or [] for g in text.split(",") if g] or [
        g.id for g in engine.list_games()]
    for g in ids:
        engine.get_game(g)  # an unknown id: one clear error before anything runs
    return ids


def eval_cmd(
    game: GameOpt = None,
    players: Annotated[int, typer.Option("--players", "-n", help="players per game",
                                         min=2)] = 2,
    bot: Annotated[str, typer.Option(help="the bot measured (one spec, taken whole)")]
    = "mcts:time=0.5",
    opponents: Annotated[str, typer.Option(
        help="comma-separated opponent specs; `heuristic` = heuristic:<game>")]
    = "random,heuristic",
    games: Annotated[int, typer.Option(
        help="games per game and opponent (rounded up to whole deals: every seat of the "
             "bot on each deal)", min=1)] = 60,
    time_per_move: Annotated[float | None, typer.Option(
        help="the harness's limit per decision (default: the bot spec's time=)")] = None,
    sprt: Annotated[str | None, typer.Option(
        help="elo0,elo1,alpha,beta: stop once decided, on the bot's pairwise score against "
             "its opponent, deal by deal at any player count; --games is the cap")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="name=value")] = None,
    seed: SeedOpt = 0,
    workers: WorkersOpt = None,
    address: AddressOpt = None,
    db: DbOpt = EVAL_DB,
    game_module: ModuleOpt = None,
    as_markdown: Annotated[bool, typer.Option(
        "--markdown", help="print the results as a Markdown table (for docs)")] = False,
) -> None:
    """A bot against opponents over seeded games with its seat rotated: win share with a
    95% Wilson interval (parity 1/players), failures, search speed. Games run on Ray and
    are stored in --db; the same command again resumes an interrupted run."""
    check_workers(workers)
    check_output(db, "--db")
    session.check_address(address)
    modules = tuple(game_module or ())
    load_modules(modules)
    limit = time_per_move if time_per_move is not None else spec_time(bot)
    TimeControl.of(limit)
    opts = parse_options(option)
    specs: list[TournamentSpec] = []
    for g in game_ids(game):
        for name in split_specs(opponents):
            spec = eval_spec(g, players, bot, opponent_spec(g, name), games, seed=seed,
                             time_per_move=limit, sprt=sprt, options=opts, modules=modules)
            try:
                check_specs([spec])
            except (EntrantError, BotSpecError) as e:
                if name != "heuristic":  # a spec the user named: refused
                    raise
                typer.echo(visible(f"skipping {spec.bots[1]}: {e}"), err=True)
                continue
            specs.append(spec)
    if not specs:
        raise UsageProblem("no opponent can play these games")
    rows = []
    with Store(db) as store:
        out.print(visible(f"{bot} vs {opponents}, {players} players, at least {games} games "
                        f"each, seed {seed}, limit {limit or 'none'} s/decision, results in "
                        f"{db}"), markup=False, highlight=False)  # wrapped at words
        for spec in specs:
            rows.append(run_eval(store, spec, workers, address).cells())
    session.shutdown()
    typer.echo("")
    if as_markdown:
        typer.echo(markdown(rows))
    else:
        out.print(results_table(rows))


def compare_cmd(
    game: GameOpt = None,
    time_per_move: Annotated[float, typer.Option(help="seconds per move head to head")] = 0.5,
    games: Annotated[int, typer.Option(help="head-to-head games per game (0: speed only)")]
    = 10,
    positions_n: Annotated[int, typer.Option("--positions", help="positions for the speed "
                                             "test")] = 5,
    sims: Annotated[int, typer.Option(help="simulations per speed search")] = 200,
    ours: Annotated[str, typer.Option(help="our bot's parameters, e.g. rollout=cutoff "
                                      "(default: the game's profile)")] = "",
    uct: Annotated[float | None, typer.Option(
        help="OpenSpiel's uct_c (default 2 x our c: its returns span [-1, 1])")] = None,
    seed: SeedOpt = 0,
    workers: WorkersOpt = None,
    address: AddressOpt = None,
    db: DbOpt = EVAL_DB,
    game_module: ModuleOpt = None,
) -> None:
    """Our MCTS against OpenSpiel's MCTSBot (2 players): simulations per second on the same
    positions, then games at equal time per move (seats swapped on each deal)."""
    openspiel_modules()
    check_workers(workers)
    check_output(db, "--db")
    session.check_address(address)
    TimeControl.of(time_per_move)
    modules = tuple(game_module or ())
    load_modules(modules)
    if sims < 2 or positions_n < 1 or games < 0:
        raise UsageProblem("--sims must be at least 2, --positions at least 1, --games >= 0")
    params = parse_params(ours)
    uct_c = uct if uct is not None else 2 * MCTSBot(**params).params.c
    ids = game_ids(game)
    typer.echo(f"ours: {spec_of(params)}; OpenSpiel MCTSBot uct_c={uct_c:g}, random rollouts, "
               "states resampled from the observation")
    speeds, h2h = [], []
    with Store(db) as store:
        for g in ids:
            sp = speed(g, 2, positions(g, 2, positions_n, seed), sims, uct_c, params)
            speeds.append(speed_cells(g, sp))
            typer.echo(markdown([speeds[-1]], HEADER).splitlines()[-1])
            if games == 0:
                continue
            spec = eval_spec(g, 2, spec_of(params | {"time": time_per_move}),
                             openspiel_spec(int(sp.openspiel * time_per_move), uct_c), games,
                             seed=seed, modules=modules)
            check_specs([spec])
            h2h.append(run_eval(store, spec, workers, address).cells())
    session.shutdown()
    typer.echo("")
    typer.echo(markdown(speeds, HEADER))
    if h2h:
        typer.echo("")
        typer.echo(markdown(h2h, EVAL_HEADER))
