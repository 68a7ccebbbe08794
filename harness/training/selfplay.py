"""Self-play on Ray: the best bot so far in every seat, one seeded game per seed, each
decision's numeric observation kept with the game's final result from that seat's view.

Games are played by the harness's own `play_match` (time limits, failures), each seat's
bot wrapped by a `Recorder` that encodes what it is shown. Tasks go to Ray workers as
`harness.tournament_runner` drives them (`ensure_ray`, `remote`); each finished task's
positions are written at once (harness/training/dataset.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

import engine
from bots.base import Bot
from bots.mcts_leaf import rank_rewards
from bots.registry import make_bot
from engine import tensor
from engine.common.rng import derive_seed
from engine.protocol import Action, Observation
from harness.play.match import play_match
from harness.tournaments import runner
from harness.training.dataset import Positions, done_seeds, write_part

#: games per Ray task (a task's positions are written together)
GAMES_PER_TASK = 2


class Recorder(Bot):
    """A bot that keeps the numeric observation of every decision it is asked (one with
    more than one legal action) and the game's heuristic value of it (on a state sampled
    from the observation, seeded by the decision), then lets `bot` answer."""

    def __init__(self, bot: Bot, layout: tensor.Layout) -> None:
        self.bot, self.layout = bot, layout
        self.name = getattr(bot, "name", "bot")
        self.rows: list[np.ndarray] = []
        self.values: list[float] = []

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.bot.reset(game_id, num_players, seat, seed)

    def act(self, observation: Observation, time_left: float | None) -> Action:
        if len(observation.legal_actions) > 1:
            self.rows.append(self.layout.encode(observation))
            state = engine.sample_state(observation, observation.decision)
            self.values.append(float(state.heuristic(observation.seat)))
        return self.bot.act(observation, time_left)

    def close(self) -> None:
        self.bot.close()


def game_seeds(run_seed: int, generation: int, games: int) -> list[int]:
    """The seeds of a generation's self-play games."""
    return [derive_seed(run_seed, "selfplay", generation, i) % 2**62 for i in range(games)]


def play_games(game: str, players: int, options: dict[str, Any], spec: str,
               seeds: Sequence[int], time_per_move: float | None) -> Positions:
    """Ray task body: self-play games of `spec` in every seat, one per seed."""
    lay = tensor.layout(game, players, **options)
    parts = []
    for seed in seeds:
        seats = [Recorder(make_bot(spec), lay) for _ in range(players)]
        rec = play_match(game, players, list(seats), seed=seed, options=dict(options),
                         time_per_move=time_per_move)
        result = rank_rewards(rec.ranking)
        for seat, r in enumerate(seats):
            n = len(r.rows)
            x = np.stack(r.rows) if n else np.zeros((0, lay.size), np.float32)
            parts.append(Positions(x, np.full(n, result[seat], np.float32),
                                   np.array(r.values, np.float32), np.full(n, seed, np.int64),
                                   [seed] if seat == 0 else []))
    return Positions.joined(parts, lay.size)


def self_play(folder: Path, game: str, players: int, options: dict[str, Any], spec: str,
              seeds: Sequence[int], time_per_move: float | None, workers: int | None,
              address: str | None, on_task: Callable[[int, int, int], None]) -> None:
    """Play the games of `seeds` not yet in `folder` on Ray, writing each task's positions
    there; `on_task(games done, games in all, positions of the task)` after each."""
    import ray

    have = done_seeds(folder)
    todo = [s for s in seeds if s not in have]
    done = len(seeds) - len(todo)
    on_task(done, len(seeds), 0)
    if not todo:
        return
    runner.ensure_ray(workers, address)
    fn = runner.remote(ray, play_games)
    chunks = [todo[i:i + GAMES_PER_TASK] for i in range(0, len(todo), GAMES_PER_TASK)]
    pending = {fn.remote(game, players, dict(options), spec, c, time_per_move): c
               for c in chunks}
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            chunk = pending.pop(ref)
            part: Positions = ray.get(ref)
            write_part(folder, part)
            done += len(chunk)
            on_task(done, len(seeds), len(part))
