"""The games a cluster task plays on its machine (`play_tasks`), shared by tournaments and
ladders: each task item is one seeded game of one set-up, its bots laid out on this machine
(node.py, `placed`) and played by harness/play/match.py. What comes back is one `Played`
per game, or `Unplayed` when this machine failed it (the infrastructure's failure, never
the bots': docs/cluster.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from bots.external import InfrastructureError
from bots.spec import BotSpec
from engine.record import encode_json
from harness.cluster.node import Unplayed, placed
from harness.play.match import play_game, record_name
from harness.sandbox.bundle import BlobStore

GameTask = tuple[int, int, tuple[str | BotSpec, ...]]  # idx, seed, bots


class Played(msgspec.Struct, array_like=True):
    """What a Ray task sends back for one game: the summary the driver needs and the
    record as JSON (stored as is), or the engine error that stopped the game."""

    idx: int
    error: str | None = None
    outcome: str = ""
    scores: list[int] = []
    ranking: list[int] = []
    failures: list[tuple[int, str]] = []
    seconds: float = 0.0
    record: bytes = b""


def play_tasks(game: str, num_players: int, options: dict[str, Any], time_per_move: float | None,
               clock: Any, isolate: bool, tasks: Sequence[GameTask],
               store: BlobStore | None = None,
               shipped: dict[str, BotSpec] | None = None) -> list[Played | Unplayed]:
    """Play (idx, seed, bots) tasks of one set-up: an entrant named in `shipped` plays as
    its shipped spec, and a bot that brings files has them laid out from `store`
    (harness/cluster/node.py, `placed`). An engine error is kept as the game's result (it
    is deterministic), a failure of this machine (a sandbox that could not be set up, a
    bot file missing here) is Unplayed, every other outcome its record, which names the
    seats as the tasks do (not where their files were laid out)."""
    shipped = shipped or {}
    out: list[Played | Unplayed] = []
    for idx, seed, bots in tasks:
        seats = [shipped.get(b, b) if isinstance(b, str) else b for b in bots]
        try:
            rec = play_game(game, num_players, placed(seats, store), seed, dict(options),
                            time_per_move, clock, isolate)
        except InfrastructureError as e:  # this machine's failure: not the game's result
            out.append(Unplayed(str(e)))
            continue
        except Exception as e:  # an engine error: deterministic, so kept as the game's result
            out.append(Played(idx, error=f"{type(e).__name__}: {e}"))
            continue
        rec.bots = [record_name(b) for b in bots]
        out.append(Played(idx, None, rec.outcome, rec.scores, rec.ranking,
                          [(f.seat, f.kind) for f in rec.failures], rec.seconds,
                          encode_json(rec)))
    return out
