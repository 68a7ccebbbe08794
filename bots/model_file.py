"""A trained model as one versioned file: a NumPy `.npz` holding the weights and a JSON
header (`header`, bytes) that says what the model is for and where it came from.

The header names the game, player count and options, the numeric observation's layout
(`engine.tensor.LAYOUT_VERSION` and the layout's fingerprint and size), the generation,
its training games and positions, the fit's figures and its gate result. A model is
refused, in one line, for another game, player count or layout (`check`)."""

from __future__ import annotations

import json
import math
import os
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

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
#: the most arrays a model file holds (a net and its prior have a few dozen)
MAX_ARRAYS = 256
#: the most bytes its JSON header may take, and the most dimensions an array may have
MAX_HEADER_BYTES = 1024 * 1024
MAX_DIMENSIONS = 8
#: the longest .npy array header read (NumPy's own default limit)
MAX_NPY_HEADER = 10_000
#: the most one read of the file may take: the zip archive's central directory, read whole
#: by zipfile, is refused from its declared size above this (its arrays are read in chunks)
MAX_READ_BYTES = 1024 * 1024
#: array kinds a model file may hold: booleans, integers, floats, complex numbers, text
#: (never objects, which need pickle, nor records, whose layout nests)
KINDS = "biufcUS"


class _Bounded:
    """A model file as zipfile reads it, refusing any single read over MAX_READ_BYTES
    before it happens (a central directory of a million entries is one such read)."""

    def __init__(self, f: BinaryIO, size: int, path: str) -> None:
        self.f, self.size, self.path = f, size, path

    def read(self, n: int | None = -1) -> bytes:
        want = self.size - self.f.tell() if n is None or n < 0 else n
        if want > MAX_READ_BYTES:
            raise ModelError(f"{self.path} is not a model file: its archive asks to read "
                             f"{want:,} bytes at once (its index is at most "
                             f"{MAX_READ_BYTES:,})")
        return self.f.read(want)

    def seek(self, offset: int, whence: int = 0) -> int:
        return self.f.seek(offset, whence)

    def tell(self) -> int:
        return self.f.tell()

    def seekable(self) -> bool:
        return True


def _array(z: zipfile.ZipFile, info: zipfile.ZipInfo, budget: int, path: str) -> np.ndarray:
    """The array of member `info`, its .npy header read and checked before its data: a
    plain dtype, at most MAX_DIMENSIONS dimensions, and exactly as many bytes as the
    member holds, within `budget`."""
    with z.open(info) as member:
        version = np.lib.format.read_magic(member)
        if version not in ((1, 0), (2, 0)):
            raise ValueError(f"array format version {version}")
        read_header = (np.lib.format.read_array_header_1_0 if version == (1, 0)
                       else np.lib.format.read_array_header_2_0)
        shape, _, dtype = read_header(member, max_header_size=MAX_NPY_HEADER)
        start = member.tell()
        if (dtype.kind not in KINDS or dtype.fields is not None or dtype.subdtype is not None
                or len(shape) > MAX_DIMENSIONS):
            raise ValueError(f"array {info.filename!r} of type {dtype}, shape {shape}")
        size = math.prod(shape) * dtype.itemsize
        if size > budget:
            raise ValueError(f"array {info.filename!r} declares {size:,} bytes, more than "
                             f"the {budget:,} left for it")
        if start + size != info.file_size:
            raise ValueError(f"array {info.filename!r} declares {size:,} bytes, but the file "
                             f"holds {info.file_size - start:,} for it")
        member.seek(0)
        return np.lib.format.read_array(member, allow_pickle=False,
                                        max_header_size=MAX_NPY_HEADER)


def _read_arrays(path: str) -> dict[str, np.ndarray]:
    """Every array of the .npz file `path`, each bounded before it is read: a regular file
    (opened without blocking: a FIFO is refused, not waited on), its archive's index read
    at most MAX_READ_BYTES at once, at most MAX_ARRAYS arrays, each stored or deflated
    (zipfile decompresses a bzip2 or LZMA member whole at its first read, past the size
    its index declares: 1.6 KB of bzip2 cost 4 GB), MAX_UNPACKED_BYTES in all by their
    declared sizes (a zip bomb is refused from its index)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ModelError(f"{path} is not a model file: not a regular file")
        with zipfile.ZipFile(_Bounded(f, st.st_size, path)) as z:  # type: ignore[arg-type]
            infos = z.infolist()
            if len(infos) > MAX_ARRAYS:
                raise ModelError(f"{path} holds {len(infos):,} arrays, more than a model file "
                                 f"may ({MAX_ARRAYS})")
            packed = [i.filename for i in infos
                      if i.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)]
            if packed:  # zipfile inflates bzip2 and LZMA whole, whatever the size declared
                raise ModelError(f"{path} is not a model file: {packed[0]!r} is compressed "
                                 "with bzip2 or LZMA (numpy writes stored or deflated arrays)")
            size = sum(i.file_size for i in infos)
            if size > MAX_UNPACKED_BYTES:
                raise ModelError(f"{path} unpacks to {size:,} bytes, more than a model file "
                                 f"may hold ({MAX_UNPACKED_BYTES:,})")
            arrays: dict[str, np.ndarray] = {}
            for info in infos:
                budget = MAX_UNPACKED_BYTES - sum(a.nbytes for a in arrays.values())
                if info.filename == "header.npy":
                    budget = min(budget, MAX_HEADER_BYTES)
                arrays[info.filename.removesuffix(".npy")] = _array(z, info, budget, path)
            return arrays


def load(path: str | os.PathLike[str]) -> Model:
    """The model in `path`; a ModelError (one line) if it is not one this code reads,
    including one built to exhaust the reader (too large, too deep, too many arrays)."""
    try:
        return _load(os.fspath(path))
    except (RecursionError, MemoryError) as e:
        raise ModelError(f"{path} is not a model file this arena reads: it is too large or "
                         f"nested too deeply ({type(e).__name__})") from None


def _load(path: str) -> Model:
    try:
        arrays = _read_arrays(path)
        header = msgspec.json.decode(arrays.pop("header").tobytes(), type=Header)
    except (OSError, ValueError, KeyError, EOFError, RuntimeError, zipfile.BadZipFile,
            msgspec.DecodeError) as e:
        # RuntimeError: zipfile's "zip file version 9.9" (NotImplementedError) and
        # encrypted members; RecursionError, one too, goes on to `load`'s own line
        if isinstance(e, (ModelError, RecursionError)):
            raise
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
