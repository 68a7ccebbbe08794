"""Games between two bots for training: `arena eval`'s tournaments (harness/eval/run.py:
`eval_spec`, `prepare`, `summarise`, played by `harness.tournaments.runner`, SPRT and all),
stored in the run's own database, so a killed run resumes them game by game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from harness.eval.run import EvalRow, eval_spec, prepare, summarise
from harness.storage.database import Store
from harness.tournaments import runner


def measure(store: Store, game: str, players: int, bot: str, opponent: str, games: int, *,
            seed: int, options: dict[str, Any], time_per_move: float | None,
            sprt: str | None, workers: int | None, address: str | None,
            on_update: Callable[[int, int], None]) -> EvalRow:
    """`bot` against `players - 1` copies of `opponent`, seats rotated, at least `games`
    games (with `sprt`, 2 players: stopped once decided); `on_update(done, total)`."""
    spec = eval_spec(game, players, bot, opponent, games, seed=seed,
                     time_per_move=time_per_move, sprt=sprt if players == 2 else None,
                     options=options)
    name, _ = prepare(store, spec)
    runner.run(store, name, workers, address, lambda s: on_update(s.done, s.total))
    return summarise(store, name)
