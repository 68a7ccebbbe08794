"""A trained model as one versioned file: a NumPy `.npz` holding the weights and a JSON
header (`header`, bytes) that says what the model is for and where it came from.

The header names the game, player count and options, the numeric observation's layout
(`engine.tensor.LAYOUT_VERSION` and the layout's fingerprint and size), the generation,
its training games and positions, the fit's figures and its gate result. A model is
refused, in one line, for another game, player count or layout (`check`)."""

from __future__ import annotations

import json
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
import numpy as np

from bots.policy_net import PolicyNet
from bots.value_net import ValueNet
from engine.protocol import ArenaError

#: what the header's `format` says; `format_version` is raised when the file changes
FORMAT = "dynasty-arena value model"
FORMAT_VERSION = 1


class ModelError(ArenaError, ValueError):
    """A model file that cannot be read, or was trained for something else."""


class Header(msgspec.Struct, kw_only=True):
    """What a model is for and where it came from."""

    format: str = FORMAT
    format_version: int = FORMAT_VERSION
    game: str
    players: int
    options: dict[str, Any] = {}
    layout_version: int
    layout_fingerprint: str
    layout_size: int
    activation: str = "relu"
    #: "heuristic": the net's output is added to the game's `State.heuristic` of the seat
    base: str = "none"
    generation: int = 0
    #: the bot spec whose self-play games it was fitted on
    trained_on: str = ""
    training_games: int = 0
    positions: int = 0
    fit: dict[str, Any] = {}
    gate: dict[str, Any] | None = None


@dataclass
class Model:
    """A header, its value network and, when trained (`arena train --policy`), its move
    prior."""

    header: Header
    net: ValueNet
    policy: PolicyNet | None = None


def save(model: Model, path: Path) -> None:
    """Write `model` to `path` (a temporary file renamed into place: never half written)."""
    head = np.frombuffer(msgspec.json.encode(model.header), dtype=np.uint8)
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    with open(tmp, "wb") as f:
        extra = model.policy.arrays() if model.policy is not None else {}
        np.savez(f, header=head, **model.net.arrays(), **extra)
    os.replace(tmp, path)


def set_gate(path: Path, gate: dict[str, Any]) -> None:
    """Record the gate's result in the model file at `path`."""
    model = load(path)
    model.header.gate = gate
    save(model, path)


#: the most a model file may hold once unpacked (a ladder's submitted files are capped at
#: the same 64 MiB): a small compressed file must not unpack to gigabytes
MAX_UNPACKED_BYTES = 64 * 1024 * 1024


def _unpacked_size(path: str | os.PathLike[str]) -> int:
    """The bytes the arrays of .npz file `path` take once unpacked, read from its index."""
    try:
        with zipfile.ZipFile(path) as z:
            return sum(i.file_size for i in z.infolist())
    except (OSError, zipfile.BadZipFile):
        return 0  # missing, unreadable or not an archive: np.load says which


def load(path: str | os.PathLike[str]) -> Model:
    """The model in `path`; a ModelError (one line) if it is not one this code reads."""
    size = _unpacked_size(path)
    if size > MAX_UNPACKED_BYTES:
        raise ModelError(f"{path} unpacks to {size:,} bytes, more than a model file may hold "
                         f"({MAX_UNPACKED_BYTES:,})")
    try:
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
        header = msgspec.json.decode(arrays.pop("header").tobytes(), type=Header)
    except (OSError, ValueError, KeyError, msgspec.DecodeError) as e:
        raise ModelError(f"{path} is not a readable model file ({type(e).__name__}: "
                         f"{str(e).splitlines()[0] if str(e) else ''})") from None
    if header.format != FORMAT or header.format_version != FORMAT_VERSION:
        raise ModelError(f"{path} is a model file of format {header.format!r} version "
                         f"{header.format_version}; this arena reads version {FORMAT_VERSION}")
    try:
        net = ValueNet.from_arrays(arrays, header.activation)
        policy = PolicyNet.from_arrays(arrays, net.mean, net.scale, header.activation)
    except (ValueError, TypeError) as e:
        raise ModelError(f"{path} does not hold a value net this arena reads: "
                         f"{str(e).splitlines()[0] if str(e) else type(e).__name__}") from None
    return Model(header, net, policy)


def check_for(model: Model, path: str, game: str, players: int) -> None:
    """ModelError unless `model` was trained for `game` at `players` players."""
    h = model.header
    if h.game != game or h.players != players:
        raise ModelError(f"model {path} was trained for {h.game} at {h.players} players, "
                         f"not {game} at {players}")


def check_layout(model: Model, path: str, version: int, fingerprint: str) -> None:
    """ModelError unless `model` reads the numeric observation laid out as today's."""
    h = model.header
    if h.layout_version != version or h.layout_fingerprint != fingerprint:
        raise ModelError(f"model {path} was trained on observation layout "
                         f"v{h.layout_version}/{h.layout_fingerprint}, not today's "
                         f"v{version}/{fingerprint} ({h.game}, {h.players} players, options "
                         f"{json.dumps(h.options, sort_keys=True)}): train it again")
