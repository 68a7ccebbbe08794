"""Pinning a submitted bot: what exactly a ladder entrant runs.

The content hash covers the spec and every file of the bot; the files are copied into
a snapshot under the ladder's bot folder, and the ladder runs the snapshot, so editing
the original later changes nothing until it is submitted again (as a new version).

Files are read as harness/sandbox/submission.py says (regular files under the bot's own folder,
no symlinks, at most 64 MiB; a refusal names the file and leaves nothing behind).

- `cmd:` / `cmd-msgpack:`: the files named on the command line (the program and its
  arguments that are files) are copied; the command is rewritten to the copies. The
  interpreter (`python3`, `node`, a runtime's path) is not copied.
- `python:module.path:Class` and `policy:module:function`: the top-level module (a .py
  file or a package folder) is copied into a package of its own, `arena_pin_<hash>`, and
  the spec rewritten to import from it (inside a package, import its own modules
  relatively).
- The project's own bots (`random`, `heuristic:`, `mcts`) and entry-point bots run as
  installed; their hash covers the spec and the project's bot sources. An `mcts` spec with
  `model=PATH` (a trained model, `arena train`) also has the model file copied (read like
  any bot file) and hashed, and the spec rewritten to the copy.
"""

from __future__ import annotations

import hashlib
import os
import shlex
from dataclasses import dataclass
from pathlib import Path

from bots.registry import BotSpecError, parse_params
from harness.sandbox import submission

PROJECT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Pinned:
    spec: str  # as submitted
    run_spec: str  # what the ladder runs
    digest: str  # sha256 hex
    snapshot: str | None  # the copy of the bot's files


def _digest(spec: str, files: list[tuple[str, bytes]]) -> str:
    """sha256 of the spec and each file's name and content."""
    h = hashlib.sha256(spec.encode())
    for name, data in files:
        h.update(b"\0" + name.encode() + b"\0" + data)
    return h.hexdigest()


def command_words(kind: str, rest: str) -> list[str]:
    """The words of a `cmd:` spec's command line (BotSpecError if it has none or cannot be
    parsed)."""
    try:
        argv = shlex.split(rest)
    except ValueError as e:
        raise BotSpecError(f"{kind}: cannot parse the command line ({e})") from None
    if not argv:
        raise BotSpecError(f"{kind}: needs a command line, e.g. {kind}:./my_bot.sh")
    return argv


def _pin_cmd(spec: str, kind: str, rest: str, bot_root: Path, within: Path | None) -> Pinned:
    """The files a command line names (submission.parse_command), copied; with `within`,
    its words are read from that folder and its files must lie in it."""
    argv = command_words(kind, rest)
    cwd = None if within is None else str(within)
    cmd = submission.parse_command(argv, cwd, runtimes=submission.RUNTIME_FOLDERS)
    if within is not None and cmd.folder is not None and cmd.folder != cwd and submission.inside(
            within, cmd.folder) is None:
        raise submission.SubmissionError("the command line names files outside the uploaded "
                                         "archive; name the archive's files (e.g. bot.py)")
    files = submission.read_command(cmd)
    names = {i: os.path.basename(rel) for i, rel in cmd.files.items()}
    digest = _digest(f"{kind}:" + shlex.join(names.get(i, a) for i, a in enumerate(argv)),
                     [(os.path.basename(f.path), f.data) for f in files])
    if not files:
        return Pinned(spec, spec, digest, None)
    snap = bot_root / f"cmd_{digest[:16]}"
    dests = [submission.snapshot_name(n, names[i]) for n, i in enumerate(sorted(cmd.files))]
    if not snap.is_dir():
        submission.write(zip(dests, files, strict=True), snap)
    for dest, i in zip(dests, sorted(cmd.files), strict=True):
        argv[i] = str(snap / dest)
    return Pinned(spec, f"{kind}:{shlex.join(argv)}", digest, str(snap))


def _pin_module(spec: str, kind: str, rest: str, bot_root: Path,
                within: Path | None) -> Pinned:
    """`python:` bots and `policy:` functions: their top-level module (a package folder
    or one .py file), read as a submission and copied."""
    target, _, params = rest.partition(":")
    top = target.split(".")[0]
    root = submission.module_path(top, within) if top else None
    if root is None:
        where = "in the uploaded archive" if within else f"on the path (from {os.getcwd()})"
        raise BotSpecError(f"{kind}: no module {top!r} {where}")
    real = root.resolve()
    if real.is_relative_to(PROJECT / "bots") or real.is_relative_to(PROJECT / "engine"):
        return _pin_builtin(spec)
    files = submission.read_module(root)
    digest = _digest(spec, [(name, f.data) for name, f in files])
    package = f"arena_pin_{digest[:16]}"
    snap = bot_root / package
    if not snap.is_dir():
        init = submission.File("__init__.py", b"", 0o644)
        submission.write([("__init__.py", init), *files], snap)
    return Pinned(spec, f"{kind}:{package}.{rest}", digest, str(snap))


def _pin_builtin(spec: str) -> Pinned:
    """The project's own bots: the hash covers the spec and the project's bot sources."""
    root = PROJECT / "bots"
    files = sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return Pinned(spec, spec, _digest(spec, [(str(p.relative_to(PROJECT)), p.read_bytes())
                                             for p in files]), None)


def _pin_model(spec: str, rest: str, bot_root: Path, within: Path | None) -> Pinned:
    """`mcts:...,model=PATH`: the model file read (under `within` when given), copied and
    hashed with the spec (the file named by its base name) and the project's bot sources."""
    pieces = [p.strip() for p in rest.split(",")]
    at = next(i for i, p in enumerate(pieces) if p.partition("=")[0].strip() == "model")
    path = Path(pieces[at].partition("=")[2].strip())
    full = (within / path) if within is not None and not path.is_absolute() else path
    if within is not None and submission.inside(within, full) is None:
        raise submission.SubmissionError(f"model {path} lies outside the uploaded archive")
    model = submission.Reader(full.parent).add(full.name)
    named = ",".join(pieces[:at] + [f"model={full.name}"] + pieces[at + 1:])
    digest = _digest(_pin_builtin(f"mcts:{named}").digest, [(full.name, model.data)])
    snap = bot_root / f"model_{digest[:16]}"
    if not snap.is_dir():
        submission.write([("model.npz", model)], snap)
    run = ",".join(pieces[:at] + [f"model={snap / 'model.npz'}"] + pieces[at + 1:])
    return Pinned(spec, f"mcts:{run}", digest, str(snap))


def pin(spec: str, bot_root: Path, within: Path | None = None) -> Pinned:
    """Hash `spec` with its files and snapshot them under `bot_root`. `within`: the folder
    an uploaded bot was unpacked in, where its files are looked for (and only there)."""
    spec = spec.strip()
    kind, _, rest = spec.partition(":")
    if kind in ("cmd", "cmd-msgpack"):
        return _pin_cmd(spec, kind, rest, bot_root, within)
    if kind in ("python", "policy"):
        return _pin_module(spec, kind, rest, bot_root, within)
    if kind == "mcts" and isinstance(parse_params(rest).get("model"), str):
        return _pin_model(spec, rest, bot_root, within)
    return _pin_builtin(spec)
