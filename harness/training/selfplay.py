"""Self-play on Ray: the best bot so far in every seat, one seeded game per seed; at each
decision of the finished game every seat's numeric observation is kept with the game's
final result from that seat's view.

Games are played by the harness's own `play_match` (time limits, failures) and replayed
from their record to encode the positions. Tasks go to the cluster through its one
dispatcher (harness/cluster/dispatch.py), which sends a task whose node or worker was lost
to another; each finished task's positions are written at once
(harness/training/dataset.py)."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import msgspec
import numpy as np

import engine
from bots.base import Bot
from bots.external import InfrastructureError
from bots.mcts_leaf import rank_rewards
from bots.registry import make_bot
from bots.spec import BotSpec
from engine import tensor
from engine.common.rng import derive_seed
from engine.protocol import Action, Observation
from engine.record import MatchRecord
from harness.cluster.cargo import Cargo
from harness.cluster.dispatch import Dispatcher, Item, files_of
from harness.cluster.node import Unplayed, placed
from harness.cluster.session import ClusterError
from harness.play.clock import TimeControl
from harness.play.match import play_match
from harness.sandbox.bundle import BlobStore
from harness.training.dataset import Positions, done_seeds, write_part

#: games per Ray task (a task's positions are written together)
GAMES_PER_TASK = 2


class Searched(Bot):
    """The run's bot, keeping the searched value of each move it plays
    (`MCTSBot.last_value`) by decision: `values[decision] = (seat, value)`."""

    def __init__(self, bot: Bot, values: dict[int, tuple[int, float]]) -> None:
        self.bot, self.values = bot, values
        self.name = getattr(bot, "name", "bot")

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.bot.reset(game_id, num_players, seat, seed)

    def act(self, observation: Observation, time_left: float | None) -> Action:
        action = self.bot.act(observation, time_left)
        value = getattr(self.bot, "last_value", None)
        if value is not None:
            self.values[observation.decision] = (observation.seat, float(value))
        return action

    def close(self) -> None:
        self.bot.close()


def positions(rec: MatchRecord, lay: tensor.Layout,
              searched: dict[int, tuple[int, float]] | None = None) -> Positions:
    """Every seat's numeric observation at every decision of a finished game (but those
    where an observation does not fit the layout, counted in `misfits`), each with
    the game's result from that seat's view, the game's heuristic value of the position
    for that seat and, from `searched` (`Searched.values`), the search's value of the move
    played: for the seat that played it, and at 2 players 1 minus it for the other (the
    two seats' results add up to 1); NaN where unknown; and the action id the seat to
    move played (-1 in the other seats' rows), the move prior's target. A search values a
    leaf from every seat's view, not only the seat to move: a model that learned only from
    the seat to move would meet observations at play time it never saw (the other seat's,
    between its own turns)."""
    c = rec.config
    state = engine.make(c.game, c.num_players, c.seed, **c.options)
    action_type = engine.get_game(c.game).action_type
    result = rank_rewards(rec.ranking)
    searched = searched or {}
    rows: list[np.ndarray] = []
    values: list[float] = []
    seats: list[int] = []
    q: list[float] = []
    played: list[int] = []
    misfits = 0
    for i, mv in enumerate(rec.moves):
        by, value = searched.get(i, (-1, math.nan))
        action = msgspec.convert(mv.action, type=action_type)
        mover, played_id = state.current_player(), state.action_id(action)
        try:
            encoded = [lay.encode(state.observation(seat)) for seat in range(c.num_players)]
        except tensor.TensorOverflow:
            encoded = []  # longer than the layout holds: the decision is left out, counted
            misfits += 1
        for seat, row in enumerate(encoded):
            rows.append(row)
            values.append(float(state.heuristic(seat)))
            seats.append(seat)
            q.append(value if seat == by else
                     1.0 - value if c.num_players == 2 and by >= 0 else math.nan)
            played.append(played_id if seat == mover else -1)
        state.apply(action)
    n = len(rows)
    x = np.stack(rows) if n else np.zeros((0, lay.size), np.float32)
    return Positions(x, np.array([result[p] for p in seats], np.float32),
                     np.array(values, np.float32), np.full(n, c.seed, np.int64), [c.seed],
                     np.array(q, np.float32), np.array(played, np.int64), misfits)


def game_seeds(run_seed: int, generation: int, games: int) -> list[int]:
    """The seeds of a generation's self-play games."""
    return [derive_seed(run_seed, "selfplay", generation, i) % 2**62 for i in range(games)]


def play_games(game: str, players: int, options: dict[str, Any], spec: str | BotSpec,
               seeds: Sequence[int], time_per_move: float | None) -> Positions:
    """Self-play games of `spec` in every seat, one per seed."""
    lay = tensor.layout(game, players, **options)
    parts = []
    for seed in seeds:
        searched: dict[int, tuple[int, float]] = {}
        bots: list[Bot] = [Searched(make_bot(spec), searched) for _ in range(players)]
        rec = play_match(game, players, bots, seed=seed, options=dict(options),
                         time_control=TimeControl(per_move=time_per_move))
        parts.append(positions(rec, lay, searched))
    return Positions.joined(parts, lay.size)


Common = tuple[str, int, dict[str, Any], BotSpec, "float | None"]


def play_chunks(common: Common, chunks: Sequence[Sequence[int]],
                store: BlobStore | None) -> list[Positions | Unplayed]:
    """A cluster task (harness/cluster/node.py): the games of each chunk of seeds, the bot's
    model laid out from `store`; a model that cannot be laid out here is Unplayed."""
    game, players, options, spec, time_per_move = common
    try:
        (bot,) = placed([spec], store)
    except InfrastructureError as e:
        return [Unplayed(str(e)) for _ in chunks]
    return [play_games(game, players, options, bot, seeds, time_per_move) for seeds in chunks]


def self_play(folder: Path, game: str, players: int, options: dict[str, Any], spec: str,
              seeds: Sequence[int], time_per_move: float | None, workers: int | None,
              address: str | None, on_task: Callable[[int, int, int], None]) -> None:
    """Play the games of `seeds` not yet in `folder` on the cluster (its one dispatcher:
    harness/cluster/dispatch.py; the bot's model travels with the games), writing each
    task's positions there; `on_task(games done, games in all, positions of the task)`
    after each. Games the cluster could not play (a lost node is retried elsewhere first)
    are left for the next run, with one ClusterError."""
    have = done_seeds(folder)
    todo = [s for s in seeds if s not in have]
    done = len(seeds) - len(todo)
    on_task(done, len(seeds), 0)
    if not todo:
        return
    cargo = Cargo()
    bot = cargo.bot(BotSpec.parse(spec))
    pool = Dispatcher(play_chunks, (game, players, dict(options), bot, time_per_move),
                      blobs=cargo.blob, workers=workers, address=address)
    queue = deque(todo[i:i + GAMES_PER_TASK] for i in range(0, len(todo), GAMES_PER_TASK))
    lost: list[str] = []
    with pool:  # on Ctrl-C Ray stops with this process, which ends the tasks
        while queue or pool.busy:
            while queue and pool.free() > 0:
                chunk = queue.popleft()
                pool.send([Item(tuple(chunk), chunk, files_of([bot]))])
            for out in pool.poll(0.5):
                if out.lost:
                    lost.append(out.lost)
                    continue
                part: Positions = out.value
                write_part(folder, part)
                done += len(out.key)
                on_task(done, len(seeds), len(part))
    if lost:
        raise ClusterError(f"{len(lost)} self-play tasks could not be played on the cluster "
                           f"(first: {lost[0]}); run the same `arena train` again to play "
                           "them")
