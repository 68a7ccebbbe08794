"""Win rate of the MCTS bot against `random` and `heuristic:<game>`, seats swapped.

Issue #7's protocol: for each game at 2 players, 60 seeded games per opponent at
0.5 s per decision, the MCTS bot taking every seat in turn on the same seeds:

    python scripts/eval_mcts.py --games year_of_the_dragon,dragon_castle --n 60 --time 0.5

Every game goes through `harness.match.play_match` (time limit enforced, failures
recorded). A win counts 1, a first place shared with k others counts 1/(k+1). The table
shows wins/ties/losses, the win rate with a 95% Wilson interval, failures of either
side, and the search speed (simulations per second over all of the bot's searches).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass

import engine
from bots.mcts import MCTSBot
from bots.registry import BotSpecError, make_bot, parse_params
from engine.common.rng import derive_seed
from harness.match import play_match
from ladders.ratings import first_share


@dataclass(frozen=True)
class Job:
    game: str
    players: int
    opponent: str
    index: int
    seed: int
    params: dict
    time: float | None


@dataclass
class Outcome:
    share: float  # the bot's share of first place
    failures: list[str]
    iterations: int
    search_seconds: float
    decisions: int
    seconds: float


def jobs(game: str, players: int, opponent: str, n: int, seed: int, params: dict,
         per_move: float | None) -> Iterator[Job]:
    """Game i: deal `i // players`, the bot in seat `i % players`."""
    for i in range(n):
        deal = derive_seed(seed, "eval_mcts", game, players, i // players)
        yield Job(game, players, opponent, i, deal, params, per_move)


def play(job: Job) -> Outcome:
    bot = MCTSBot(**job.params)
    seat = job.index % job.players
    bots: list = [job.opponent] * job.players
    bots[seat] = bot
    rec = play_match(job.game, job.players, bots, seed=job.seed, time_per_move=job.time)
    share = first_share(rec.ranking, seat, rec.outcome)
    fails = [f"{'mcts' if f.seat == seat else 'opp'}:{f.kind}" for f in rec.failures]
    for f in rec.failures:
        print(f"{job.game} seed {job.seed} seat {f.seat} ({f.bot}) {f.kind} at decision "
              f"{f.decision}: {f.detail}", file=sys.stderr)
    return Outcome(share, fails, bot.stats.iterations, bot.stats.seconds, bot.stats.decisions,
                   rec.seconds)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (a shared first place counts 1/k)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def opponents_for(game: str, names: list[str]) -> list[str]:
    out = []
    for name in names:
        spec = f"heuristic:{game}" if name == "heuristic" else name
        try:
            make_bot(spec)
        except BotSpecError as e:
            print(f"skipping {spec}: {e}", file=sys.stderr)
            continue
        out.append(spec)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", help="comma-separated game ids (default: every game)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--opponents", default="random,heuristic",
                    help="comma-separated: random, heuristic (= heuristic:<game>), any spec")
    ap.add_argument("--n", type=int, default=60, help="games per game and opponent")
    ap.add_argument("--time", type=float, default=None,
                    help="seconds per decision (bot budget and harness limit)")
    ap.add_argument("--iters", type=int, default=None, help="iterations per decision")
    ap.add_argument("--mcts", default="", help="more bot parameters, e.g. rollout=cutoff,depth=10")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    args = ap.parse_args(argv)
    if args.time is None and args.iters is None:
        args.time = 0.5
    params = parse_params(args.mcts)
    if args.time is not None:
        params["time"] = args.time
    if args.iters is not None:
        params["iters"] = args.iters
    MCTSBot(**params)  # fail fast on bad parameters
    ids = args.games.split(",") if args.games else [g.id for g in engine.games()]
    print(f"mcts {params} vs {args.opponents}, {args.players} players, {args.n} games each, "
          f"seed {args.seed}, limit {args.time} s/decision", flush=True)
    rows = []
    for game in ids:
        for opp in opponents_for(game, args.opponents.split(",")):
            t0 = time.perf_counter()
            todo = list(jobs(game, args.players, opp, args.n, args.seed, params, args.time))
            results: list[Outcome] = []
            with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else nullcontext() as pool:
                for r in (pool.map(play, todo) if pool else map(play, todo)):
                    results.append(r)
                    won = sum(x.share for x in results)
                    print(f"\r{game} vs {opp}: {len(results)}/{len(todo)} games, "
                          f"{won:g} won", end="", file=sys.stderr, flush=True)
            print(file=sys.stderr)
            rows.append(summarise(game, opp, results, time.perf_counter() - t0))
            print(" | ".join(rows[-1]), flush=True)
    print()
    print_table(rows)
    return 0


HEADER = ("game", "opponent", "games", "W-T-L", "win rate", "95% CI", "failures", "sims/s",
          "sims/decision", "minutes")


def summarise(game: str, opp: str, results: list[Outcome], seconds: float) -> tuple[str, ...]:
    n = len(results)
    won = sum(r.share for r in results)
    wins = sum(1 for r in results if r.share == 1)
    losses = sum(1 for r in results if r.share == 0)
    lo, hi = wilson(won, n)
    fails = [f for r in results for f in r.failures]
    its = sum(r.iterations for r in results)
    secs = sum(r.search_seconds for r in results)
    decs = sum(r.decisions for r in results)
    return (game, opp, str(n), f"{wins}-{n - wins - losses}-{losses}", f"{won / n:.1%}",
            f"{lo:.0%}-{hi:.0%}", ", ".join(sorted(set(fails))) or "-",
            f"{its / secs:.0f}" if secs else "-", f"{its / decs:.0f}" if decs else "-",
            f"{seconds / 60:.1f}")


def print_table(rows: list[tuple[str, ...]]) -> None:
    """A Markdown table (readable in a terminal, pasteable into docs)."""
    widths = [max(len(r[k]) for r in [HEADER, *rows]) for k in range(len(HEADER))]
    for k, row in enumerate([HEADER, tuple("-" * w for w in widths), *rows]):
        cells = [c.ljust(w) if k == 0 or i < 2 else c.rjust(w)
                 for i, (c, w) in enumerate(zip(row, widths, strict=True))]
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    sys.exit(main())
