"""`arena train GAME`: the command (registered in harness/cli/main.py); the work is
harness/training/loop.py, the display harness/views/training.py. See docs/training.md."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

import engine
from bots.registry import make_bot
from harness.cluster import session
from harness.play.args import UsageProblem, parse_options
from harness.tournaments.service import check_workers
from harness.training.fit import TARGETS, FitConfig
from harness.training.gate import SPRT
from harness.training.loop import TrainConfig, train
from harness.views import console
from harness.views.training import TrainView, report
from ratings.sprt import Sprt


def train_cmd(
    game: Annotated[str, typer.Argument(help="game id")],
    players: Annotated[int, typer.Option("--players", "-n", help="players per game")] = 2,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="name=value")]
    = None,
    out: Annotated[Path | None, typer.Option(
        help="the run's folder (default results/train/GAME-Np); the same command again "
             "continues the run there")] = None,
    generations: Annotated[int, typer.Option(help="generations in all")] = 5,
    games_per_gen: Annotated[int, typer.Option(help="self-play games per generation")] = 40,
    workers: Annotated[int | None, typer.Option(
        help="Ray workers (embedded Ray: CPUs to use)")] = None,
    address: Annotated[str | None, typer.Option(help="join this Ray cluster")] = None,
    time_per_move: Annotated[float | None, typer.Option(
        help="search time per decision (the harness's limit too)")] = None,
    iters: Annotated[int | None, typer.Option(
        help="search iterations per decision (default 200 without --time-per-move)")] = None,
    params: Annotated[str, typer.Option(
        help="more MCTS parameters for every bot of the run, e.g. rollout=cutoff,depth=4")]
    = "",
    gate_games: Annotated[int, typer.Option(
        help="most games of a gate (the SPRT stops it earlier once decided)")] = 40,
    sprt: Annotated[str, typer.Option(help="the gate's SPRT: elo0,elo1,alpha,beta")] = SPRT,
    curve_games: Annotated[int, typer.Option(
        help="games of each generation against the starting bot (0: no curve)")] = 20,
    hidden: Annotated[str, typer.Option(help="hidden layer sizes, e.g. 32 or 64,16")] = "32",
    epochs: Annotated[int, typer.Option(help="most training epochs per fit")] = 60,
    base: Annotated[str, typer.Option(
        help="heuristic: the model learns the result's difference from the game's "
             "heuristic value (it starts from the hand-made leaf); none: the result")]
    = "heuristic",
    target: Annotated[str, typer.Option(
        help="result: fit the game's result; mixed: the mean of the result and the "
             "self-play search's value of the move played (less noisy)")] = "result",
    policy: Annotated[bool, typer.Option(
        "--policy", help="also fit a move prior (the self-play search's choices) and search "
                         "with it (mcts prior=, --prior)")] = False,
    prior: Annotated[float, typer.Option(
        help="with --policy: the weight of the prior in the search (mcts prior=)")] = 1.0,
    seed: Annotated[int, typer.Option(help="seed of the run's games")] = 0,
) -> None:
    """Self-play MCTS learns a value model, generation by generation: self-play on Ray,
    a fit (scikit-learn), a gate against the best so far (SPRT), a learning curve.
    Every generation is kept under --out; a killed run continues where it stopped."""
    engine.get_game(game).check_players(players)
    try:
        import sklearn  # noqa: F401 - the fit's library, in the `train` extra
    except ImportError:
        raise UsageProblem('arena train needs scikit-learn: pip install -e ".[train]"') from None
    check_workers(workers)
    session.check_address(address)
    if time_per_move is not None and iters is not None:
        raise UsageProblem("give --time-per-move or --iters, not both")
    if generations < 1 or games_per_gen < 1 or gate_games < 1 or curve_games < 0:
        raise UsageProblem("--generations, --games-per-gen and --gate-games must be at "
                           "least 1, --curve-games at least 0")
    Sprt.parse(sprt)
    try:
        sizes = tuple(int(h) for h in hidden.split(",") if h.strip())
    except ValueError:
        raise UsageProblem(f"--hidden {hidden!r} must be sizes like 32 or 64,16") from None
    if not sizes or min(sizes) < 1:
        raise UsageProblem(f"--hidden {hidden!r} must be sizes like 32 or 64,16")
    if base not in ("heuristic", "none"):
        raise UsageProblem(f"--base must be heuristic or none, not {base!r}")
    if target not in TARGETS:
        raise UsageProblem(f"--target must be {' or '.join(TARGETS)}, not {target!r}")
    if prior <= 0:
        raise UsageProblem(f"--prior must be positive, not {prior:g}")
    opts = parse_options(option)
    cfg = TrainConfig(game=game, players=players, options=opts,
                      out=out or Path("results/train") / f"{game}-{players}p",
                      generations=generations, games_per_gen=games_per_gen, iters=iters,
                      time_per_move=time_per_move, params=params, seed=seed,
                      gate_games=gate_games, sprt=sprt, curve_games=curve_games,
                      fit=FitConfig(hidden=sizes, max_iter=epochs, seed=seed, base=base,
                                    target=target, policy=policy), prior=prior,
                      workers=workers, address=address)
    make_bot(cfg.bot(None))  # a bad --params: one clear line before anything runs
    try:
        with TrainView() as view:
            state = train(cfg, view)
    finally:
        session.shutdown()
    report(state, console.out)
