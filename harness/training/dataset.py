"""Training positions on disk: one `.npz` part per finished self-play task, under a
generation's `selfplay/` folder, so a killed run keeps every finished game and plays
only the missing ones.

A part holds `x` (float32, one numeric observation per row, `engine.tensor`), `y` (the
game's result from that row's seat: 1 first, 0 last, `bots.mcts_leaf.rank_rewards`),
`h` (the game's heuristic value of the position for that seat, `State.heuristic`), `q`
(the self-play search's value of the move played, for that seat: NaN where there is none,
and in parts written before it was kept), `game` (the row's game seed), `seeds` (its
games), `a` (the action id the row's seat played there, `State.action_id`: -1 for the
seats not to move, and in parts written before it was kept) and `misfits` (decisions
left out because an observation did not fit the layout, `engine.tensor.TensorOverflow`;
0 in parts written before they were counted)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np


@dataclass
class Positions:
    """Rows of training positions."""

    x: np.ndarray  # float32 (rows, layout size)
    y: np.ndarray  # float32 (rows,)
    h: np.ndarray  # float32 (rows,)
    game: np.ndarray  # int64 (rows,): the game seed of each row
    seeds: list[int]  # games
    q: np.ndarray  # float32 (rows,): the searched value of the move played, NaN if unknown
    a: np.ndarray  # int64 (rows,): the action id the row's seat played, -1 if none
    misfits: int = 0  # decisions left out: an observation did not fit the layout

    @classmethod
    def empty(cls, size: int) -> Positions:
        return cls(np.zeros((0, size), np.float32), np.zeros(0, np.float32),
                   np.zeros(0, np.float32), np.zeros(0, np.int64), [],
                   np.zeros(0, np.float32), np.zeros(0, np.int64))

    @classmethod
    def joined(cls, parts: Iterable[Positions], size: int) -> Positions:
        parts = list(parts)
        if not parts:
            return cls.empty(size)
        return cls(np.concatenate([p.x for p in parts]), np.concatenate([p.y for p in parts]),
                   np.concatenate([p.h for p in parts]), np.concatenate([p.game for p in parts]),
                   [s for p in parts for s in p.seeds],
                   np.concatenate([p.q for p in parts]), np.concatenate([p.a for p in parts]),
                   sum(p.misfits for p in parts))

    def __len__(self) -> int:
        return int(self.y.shape[0])


def write_part(folder: Path, part: Positions) -> Path:
    """Save `part` in `folder` (named by its first game; written, then renamed)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"part-{min(part.seeds)}.npz"
    tmp = folder / f".{path.name}.tmp{os.getpid()}"
    with open(tmp, "wb") as f:
        np.savez(f, x=part.x, y=part.y, h=part.h, game=part.game,
                 seeds=np.array(part.seeds, np.int64), q=part.q,
                 misfits=np.array(part.misfits, np.int64), a=part.a)
    os.replace(tmp, path)
    return path


def read(folder: Path, size: int) -> Positions:
    """Every part in `folder` (none: empty)."""
    parts = []
    for path in sorted(folder.glob("part-*.npz")):
        with np.load(path, allow_pickle=False) as z:
            parts.append(Positions(z["x"], z["y"], z["h"], z["game"],
                                   [int(s) for s in z["seeds"]],
                                   z["q"] if "q" in z.files
                                   else np.full(z["y"].shape, np.nan, np.float32),
                                   z["a"] if "a" in z.files
                                   else np.full(z["y"].shape, -1, np.int64),
                                   int(z["misfits"]) if "misfits" in z.files else 0))
    return Positions.joined(parts, size)


def done_seeds(folder: Path) -> set[int]:
    """The games whose positions `folder` holds."""
    out: set[int] = set()
    for path in folder.glob("part-*.npz"):
        with np.load(path, allow_pickle=False) as z:
            out.update(int(s) for s in z["seeds"])
    return out
