"""Our MCTS bot against OpenSpiel's `MCTSBot`, through the OpenSpiel adapter (issue #6).

Two measurements per game, in one run:

1. Speed on the same positions: positions from seeded random games; OpenSpiel's
   `MCTSBot` (random rollouts, `RandomRolloutEvaluator`) and ours (plain UCT with
   random rollouts, `bots.mcts.DEFAULTS`, and the `--ours` configuration: by default the game's
   profile, the game descriptor's `search_profile`) each search every position for a fixed number of
   simulations; simulations per second = simulations / wall time of the decision.
2. Head-to-head at equal time per move: OpenSpiel's bot starts with as many
   simulations per move as it ran in `--time` seconds in part 1, then its rate on its
   previous move times `--time` (so its moves take about `--time` seconds); ours
   gets `time=--time` (and may stop early once its answer is settled). Seats swap
   every game. By default OpenSpiel's bot searches a state resampled from its own
   information state (`resample_from_infostate`, same knowledge as ours); `--truth`
   lets it search the true state (hidden cards and future chance included).

    python scripts/compare_openspiel.py --games year_of_the_dragon --games-n 10 --time 0.5
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass

import numpy as np

import engine
from bots.mcts import DEFAULTS, MCTSBot
from bots.registry import parse_params
from engine.common.rng import derive_seed

try:
    from open_spiel.python.algorithms import mcts as os_mcts

    from engine.adapters import openspiel as adapter
except ImportError as e:  # the adapter or open-spiel is missing
    sys.exit(f"compare_openspiel needs the OpenSpiel adapter and open-spiel: {e}")


def positions(game_id: str, n: int, count: int, seed: int) -> list[tuple[int, list[int]]]:
    """(game seed, action-id path) of `count` non-terminal positions with a real choice."""
    out: list[tuple[int, list[int]]] = []
    k = 0
    while len(out) < count:
        deal = derive_seed(seed, "positions", k) % 2**31  # OpenSpiel parameters are C ints
        state = engine.make(game_id, n, deal)
        rng = random.Random(derive_seed(seed, "walk", k))
        path: list[int] = []
        stop = rng.randrange(5, 60)
        while not state.is_terminal() and (len(path) < stop or len(state.legal_actions()) < 2):
            action = rng.choice(state.legal_actions())
            path.append(state.action_id(action))
            state.apply(action)
        if not state.is_terminal():
            out.append((deal, path))
        k += 1
    return out


def os_state(game, path: list[int]):
    state = game.new_initial_state()
    for a in path:
        state.apply_action(a)
    return state


def os_bot(game, sims: int, uct_c: float, seed: int) -> os_mcts.MCTSBot:
    rs = np.random.RandomState(seed % 2**32)
    evaluator = os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    # two simulations at least: its first one only visits the root, the second expands it
    return os_mcts.MCTSBot(game, uct_c, max(2, sims), evaluator, solve=False, random_state=rs)


@dataclass
class Speed:
    os_rate: float
    ours_random: float
    ours: float


def speed(game_id: str, n: int, paths: list[tuple[int, list[int]]], sims: int, uct_c: float,
          ours_params: dict) -> Speed:
    os_rates, rnd_rates, our_rates = [], [], []
    for i, (deal, path) in enumerate(paths):
        game = adapter.load_game(game_id, players=n, seed=deal)
        state = os_state(game, path)
        t0 = time.perf_counter()
        os_bot(game, sims, uct_c, i).step(state)
        os_rates.append(sims / (time.perf_counter() - t0))
        seat = state.current_player()
        # DEFAULTS named in full: plain UCT with random rollouts, no game profile
        for params, rates in ((DEFAULTS, rnd_rates), (ours_params, our_rates)):
            bot = MCTSBot(**(params | {"iters": sims}))
            bot.reset(game_id, n, seat, i)
            t0 = time.perf_counter()
            bot.act(state.core.observation(seat), None)
            rates.append(sims / (time.perf_counter() - t0))
    med = statistics.median
    return Speed(med(os_rates), med(rnd_rates), med(our_rates))


def head_to_head(game_id: str, n_games: int, per_move: float, os_sims: int, uct_c: float,
                 ours_params: dict, truth: bool, seed: int) -> tuple[float, float, float]:
    """Our share of wins (ties half) and mean seconds per move (ours, OpenSpiel's)."""
    won, ours_t, os_all = 0.0, [], []
    for g in range(n_games):
        deal = derive_seed(seed, "h2h", game_id, g // 2) % 2**31
        game = adapter.load_game(game_id, players=2, seed=deal)
        seat = g % 2
        ours = MCTSBot(**(ours_params | {"time": per_move}))
        ours.reset(game_id, 2, seat, deal)
        theirs = os_bot(game, os_sims, uct_c, deal)
        os_t: list[float] = []
        sampler = random.Random(derive_seed(deal, "sampler")).random
        state = game.new_initial_state()
        while not state.is_terminal():
            p = state.current_player()
            t0 = time.perf_counter()
            if p == seat:
                core = state.core
                action = core.action_id(ours.act(core.observation(p), per_move))
                ours_t.append(time.perf_counter() - t0)
            else:
                view = state if truth else state.resample_from_infostate(p, sampler)
                action = theirs.step(view)
                os_t.append(time.perf_counter() - t0)
                # equal time: the next budget follows its rate on this move (simulations
                # get cheaper as a game goes on, so an average over the game lags behind)
                theirs.max_simulations = max(2, int(theirs.max_simulations / os_t[-1] * per_move))
            state.apply_action(action)
        os_all += os_t
        ranking = state.core.ranking()
        if ranking[seat] == 0:
            won += 1 / sum(1 for r in ranking if r == 0)
    return won / n_games, statistics.mean(ours_t), statistics.mean(os_all)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", help="comma-separated game ids (default: every game)")
    ap.add_argument("--positions", type=int, default=5, help="positions for the speed test")
    ap.add_argument("--sims", type=int, default=200, help="simulations per speed search")
    ap.add_argument("--games-n", type=int, default=10, help="head-to-head games per game")
    ap.add_argument("--time", type=float, default=0.5, help="seconds per move head to head")
    ap.add_argument("--ours", default="", help="our bot's parameters, e.g. rollout=cutoff")
    ap.add_argument("--uct", type=float, default=None,
                    help="OpenSpiel's uct_c (default 2 x our c: its returns span [-1, 1])")
    ap.add_argument("--truth", action="store_true", help="OpenSpiel's bot sees the true state")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    ours_params = parse_params(args.ours)
    uct_c = args.uct if args.uct is not None else 2 * MCTSBot(**ours_params).c
    ids = args.games.split(",") if args.games else [g.id for g in engine.games()]
    print(f"ours: mcts {ours_params or 'defaults'}; OpenSpiel MCTSBot uct_c={uct_c}, random "
          f"rollouts, {'true state' if args.truth else 'resampled information state'}")
    head = ("game", "OS sims/s", "ours random sims/s", "x", "ours sims/s", "x",
            "h2h games", "our win rate", "s/move ours", "s/move OS")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for gid in ids:
        paths = positions(gid, 2, args.positions, args.seed)
        sp = speed(gid, 2, paths, args.sims, uct_c, ours_params)
        cells = [gid, f"{sp.os_rate:.0f}", f"{sp.ours_random:.0f}",
                 f"{sp.ours_random / sp.os_rate:.1f}", f"{sp.ours:.0f}",
                 f"{sp.ours / sp.os_rate:.1f}"]
        if args.games_n > 0:
            os_sims = int(sp.os_rate * args.time)
            rate, t_ours, t_os = head_to_head(gid, args.games_n, args.time, os_sims, uct_c,
                                              ours_params, args.truth, args.seed)
            cells += [str(args.games_n), f"{rate:.1%}", f"{t_ours:.3f}", f"{t_os:.3f}"]
        else:
            cells += ["0", "-", "-", "-"]
        print("| " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
