"""What a training run has done, in `DIR/run.json`, written after every step (to a
temporary file, renamed into place), so that a run killed at any point, even by
kill -9, continues where it stopped and never redoes a finished step.

Layout of DIR: `run.json`; `games.sqlite` (gates and curve games, `arena eval`'s
tables); `gen-NNN/selfplay/part-*.npz` (positions) and `gen-NNN/model.npz` (the model)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.protocol import ArenaError
from harness.storage.files import write_json

STATE = "run.json"
#: the settings a resumed run must share with the run on disk
FIXED = ("game", "players", "options", "seed", "budget", "params")


class RunError(ArenaError, ValueError):
    """A run folder that belongs to another run."""


def gen_dir(out: Path, gen: int) -> Path:
    return out / f"gen-{gen:03d}"


def load(out: Path, settings: dict[str, Any]) -> dict[str, Any]:
    """The run in `out` (new: `settings` with no generation done). A folder of a run with
    other settings is refused in one line."""
    path = out / STATE
    if not path.exists():
        return dict(settings, generations=[], best=0)
    state = json.loads(path.read_text())
    for k in FIXED:
        if state.get(k) != settings.get(k):
            raise RunError(f"{out} holds a run with {k}={state.get(k)!r}, not "
                           f"{settings.get(k)!r}: use another --out")
    return state


def save(out: Path, state: dict[str, Any]) -> None:
    write_json(out / STATE, state)


def generation(state: dict[str, Any], gen: int) -> dict[str, Any]:
    """The record of generation `gen` (created empty when new)."""
    gens = state["generations"]
    for g in gens:
        if g["gen"] == gen:
            return g
    g = {"gen": gen, "selfplay": None, "fit": None, "gate": None, "curve": None}
    gens.append(g)
    return g
