"""`arena compare`: our MCTS bot against OpenSpiel's `MCTSBot` (issue #6), in one run.

1. Speed on the same positions: positions from seeded random games; OpenSpiel's
   `MCTSBot` (random rollouts) and ours (plain UCT with random rollouts,
   `bots.mcts.DEFAULTS`, and the configuration compared: by default the game's profile)
   each search every position for a fixed number of simulations; simulations per
   second = simulations / wall time of the decision.
2. Head to head at equal time per move, as a tournament (harness/eval/run.py: Ray,
   SQLite, seats swapped on each deal): ours gets `time=T`; OpenSpiel's bot
   (`openspiel:mcts`, random rollouts, on states resampled from its observation, so it
   knows what ours knows) gets as many simulations per move as it ran in T seconds in
   part 1.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

import engine
from bots.mcts import DEFAULTS, MCTSBot, spec_value
from engine.common.rng import derive_seed
from harness.play.args import UsageProblem


def openspiel_modules() -> tuple[Any, Any]:
    """OpenSpiel's MCTS module and our adapter, or one clear error."""
    try:
        from open_spiel.python.algorithms import mcts as os_mcts

        from engine.adapters import openspiel as adapter
    except ImportError as e:
        raise UsageProblem(f"arena compare needs open-spiel (pip install -e .[openspiel]): "
                           f"{e}") from None
    return os_mcts, adapter


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


@dataclass
class Speed:
    """Median simulations per second on the same positions."""

    openspiel: float
    ours_random: float
    ours: float


def speed(game_id: str, players: int, paths: list[tuple[int, list[int]]], sims: int,
          uct_c: float, ours: dict[str, Any]) -> Speed:
    """OpenSpiel's MCTSBot, our plain UCT (DEFAULTS) and `ours`, `sims` simulations each."""
    os_mcts, adapter = openspiel_modules()
    os_rates, rnd_rates, our_rates = [], [], []
    for i, (deal, path) in enumerate(paths):
        game = adapter.load_game(game_id, players=players, seed=deal)
        state = game.new_initial_state()
        for a in path:
            state.apply_action(a)
        rs = np.random.RandomState(i)
        evaluator = os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        bot = os_mcts.MCTSBot(game, uct_c, max(2, sims), evaluator, solve=False, random_state=rs)
        t0 = time.perf_counter()
        bot.step(state)
        os_rates.append(sims / (time.perf_counter() - t0))
        seat = state.current_player()
        for params, rates in ((DEFAULTS, rnd_rates), (ours, our_rates)):
            mine = MCTSBot(**(params | {"iters": sims}))
            mine.reset(game_id, players, seat, i)
            t0 = time.perf_counter()
            mine.act(state.core.observation(seat), None)
            rates.append(sims / (time.perf_counter() - t0))
    med = statistics.median
    return Speed(med(os_rates), med(rnd_rates), med(our_rates))


def spec_of(params: dict[str, Any]) -> str:
    """`mcts:k=v,...` for a parameter dict (in its order; values as `spec_value` writes
    them)."""
    return "mcts" + (":" + ",".join(f"{k}={spec_value(v)}" for k, v in params.items())
                     if params else "")


def openspiel_spec(sims: int, uct_c: float) -> str:
    return f"openspiel:mcts:sims={max(2, sims)},c={uct_c:g},evaluator=random"


HEADER = ("game", "OS sims/s", "ours random sims/s", "x", "ours sims/s", "x")


def speed_cells(game: str, sp: Speed) -> tuple[str, ...]:
    return (game, f"{sp.openspiel:.0f}", f"{sp.ours_random:.0f}",
            f"{sp.ours_random / sp.openspiel:.1f}", f"{sp.ours:.0f}",
            f"{sp.ours / sp.openspiel:.1f}")
