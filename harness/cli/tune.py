"""`arena tune GAME`: the command (registered in harness/cli/main.py); the work is
harness/tuning/run.py, the display harness/views/tuning.py. See docs/mcts.md, "Tuning"."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

import engine
from bots.registry import BotSpecError
from bots.search_params import SearchParams
from harness.cli.paths import check_folder
from harness.cluster import session
from harness.play.args import UsageProblem, parse_options, split_specs
from harness.play.contest import load_modules
from harness.tuning.run import TuneConfig, check, tune
from harness.views import console
from harness.views.tuning import TuneView, report

#: the search's budget when none is given: seconds of CPU time per decision
CPU = 0.1
#: budget parameters, given by the command's own options, never by --params
BUDGETS = ("iters", "time", "cpu")


def budget_of(cpu: float | None, iters: int | None, time_per_move: float | None) -> str:
    """The probes' budget as a spec writes it (one of the three options, else cpu=CPU)."""
    given = [b for b in (cpu, iters, time_per_move) if b is not None]
    if len(given) > 1:
        raise UsageProblem("give one of --cpu, --iters and --time-per-move")
    if iters is not None:
        if iters < 1:
            raise UsageProblem(f"--iters must be at least 1, not {iters}")
        return f"iters={iters}"
    if time_per_move is not None:
        if time_per_move <= 0:
            raise UsageProblem(f"--time-per-move must be positive, not {time_per_move:g}")
        return f"time={time_per_move:g}"
    amount = CPU if cpu is None else cpu
    if amount <= 0:
        raise UsageProblem(f"--cpu must be positive, not {amount:g}")
    return f"cpu={amount:g}"


def tune_cmd(
    game: Annotated[str, typer.Argument(help="game id")],
    players: Annotated[int, typer.Option("--players", "-n", help="players per game")] = 2,
    params_tuned: Annotated[str | None, typer.Option(
        "--tune", help="the parameters to tune, comma-separated (default: those of the "
                       "profile with a tuning range that act in it)")] = None,
    params: Annotated[str, typer.Option(
        help="parameters every probe plays with, over the game's profile (a tuned one's "
             "start value), e.g. c=0.2,depth=10")] = "",
    opponents: Annotated[str, typer.Option(
        help="the probes' opponents, comma-separated specs (`heuristic` = heuristic:GAME); "
             "default: at 2 players the probes play each other, at more the game's profile "
             "at the same budget")] = "",
    games: Annotated[int, typer.Option(help="games in all", min=1)] = 400,
    pairs_per_step: Annotated[int, typer.Option(
        help="pairs of games per SPSA step (one perturbation); more keep more workers busy",
        min=1)] = 2,
    cpu: Annotated[float | None, typer.Option(
        help=f"search budget: seconds of CPU time per decision (default {CPU}; fair on a "
             "loaded machine)")] = None,
    iters: Annotated[int | None, typer.Option(help="search budget: iterations per decision")]
    = None,
    time_per_move: Annotated[float | None, typer.Option(
        help="search budget: seconds per decision, wall clock (the harness's limit too)")]
    = None,
    r_end: Annotated[float | None, typer.Option(
        help="SPSA learning rate at the end, in units of each parameter's step (default "
             "1/sqrt(pairs))")] = None,
    out: Annotated[Path | None, typer.Option(
        help="the run's folder (default results/tune/GAME-Np); the same command again "
             "continues the run there")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="name=value")]
    = None,
    seed: Annotated[int, typer.Option(help="seed of the perturbations and deals")] = 0,
    workers: Annotated[int | None, typer.Option(
        help="Ray workers (embedded Ray: CPUs to use)", min=1)] = None,
    address: Annotated[str | None, typer.Option(help="join this Ray cluster")] = None,
    game_module: Annotated[list[str] | None, typer.Option(
        "--game-module", help="import in the driver and every worker; registers its GAME")]
    = None,
) -> None:
    """SPSA tunes the MCTS search's parameters for a game and player count: pairs of
    probes either side of the current values play on Ray, their results move the values.
    The run is kept under --out (resumable after a kill); at the end the tuned values, the
    profile entry they would make and the SPRT to confirm them first."""
    modules = tuple(game_module or ())
    load_modules(modules)
    engine.get_game(game).check_players(players)
    if players < 2:
        raise UsageProblem("arena tune needs at least 2 players: its probes play games "
                           "against each other or opponents")
    session.check_address(address)
    if r_end is not None and r_end <= 0:
        raise UsageProblem(f"--r-end must be positive, not {r_end:g}")
    budget = budget_of(cpu, iters, time_per_move)
    try:
        given = SearchParams.parse(params)
    except (TypeError, ValueError) as e:
        raise UsageProblem(f"--params: {e}") from None
    if any(b in given for b in BUDGETS):
        raise UsageProblem("--params names no budget: give --cpu, --iters or --time-per-move")
    folder = out or Path("results/tune") / f"{game}-{players}p"
    check_folder(folder, "--out")
    cfg = TuneConfig(game=game, players=players, out=folder, tune=(), budget=budget,
                     params=given, opponents=tuple(split_specs(opponents)), games=games,
                     pairs_per_step=pairs_per_step, r_end=r_end, options=parse_options(option),
                     seed=seed, time_per_move=time_per_move, workers=workers, address=address,
                     modules=modules)
    names = ([n.strip() for n in params_tuned.split(",") if n.strip()] if params_tuned
             else cfg.searched().tunable(players))
    if not names:
        raise UsageProblem("nothing to tune: name the parameters with --tune")
    cfg.tune = tuple(dict.fromkeys(names))
    try:
        check(cfg)
    except BotSpecError as e:
        raise UsageProblem(str(e)) from None
    try:
        with TuneView() as view:
            state = tune(cfg, view)
    finally:
        session.shutdown()
    report(state, console.out)
