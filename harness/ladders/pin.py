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

The spec is read once (bots/spec.py): what is pinned is what is played. An uploaded bot's
files (`within`) are looked up among the archive's own members, never on the server's disk;
a command line is read again among its snapshot's files before it is stored, as the ladder
will read it (`runs`), so that a word naming a path outside is refused here, in one line.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

from bots.spec import BotSpec, BotSpecError
from harness.sandbox import submission

PROJECT = Path(__file__).resolve().parents[2]
#: what a pinned command line's runtime may be where the ladder plays it
PLAYED_RUNTIMES = (*submission.RUNTIME_FOLDERS, sys.executable,
                   os.path.realpath(sys.executable))


@dataclass(frozen=True)
class Pinned:
    spec: str  # as submitted
    run_spec: str  # what the ladder runs
    digest: str  # sha256 hex
    snapshot: str | None  # the copy of the bot's files


def runs(run_spec: str, snapshot: str | None) -> BotSpec:
    """What a pinned bot plays: its run spec, naming files in its snapshot alone."""
    return BotSpec.parse(run_spec).pinned(snapshot or "")


def _digest(spec: str, files: list[tuple[str, bytes]]) -> str:
    """sha256 of the spec and each file's name and content."""
    h = hashlib.sha256(spec.encode())
    for name, data in files:
        h.update(b"\0" + name.encode() + b"\0" + data)
    return h.hexdigest()


def _pin_cmd(text: str, bot: BotSpec, bot_root: Path, within: Path | None) -> Pinned:
    """The files a command line names (submission.parse_command), copied; with `within`,
    they are the uploaded archive's members it names (its runtime named, not a path)."""
    argv = bot.argv
    if within is None:
        cmd = submission.parse_command(argv, None, runtimes=submission.RUNTIME_FOLDERS)
    else:
        cmd = submission.parse_command(argv, str(within), None, submission.members(within))
    files = submission.read_command(cmd)
    names = {i: os.path.basename(rel) for i, rel in cmd.files.items()}
    digest = _digest(f"{bot.kind}:" + shlex.join(names.get(i, a) for i, a in enumerate(argv)),
                     [(os.path.basename(f.path), f.data) for f in files])
    snap = bot_root / f"cmd_{digest[:16]}"
    dests = [submission.snapshot_name(n, names[i]) for n, i in enumerate(sorted(cmd.files))]
    for dest, i in zip(dests, sorted(cmd.files), strict=True):
        argv[i] = str(snap / dest)
    submission.parse_command(argv, str(snap), PLAYED_RUNTIMES, set(dests))  # as played
    if not snap.is_dir():  # empty for a command without files: it names none anywhere
        submission.write(zip(dests, files, strict=True), snap)
    run = bot.replace(target=shlex.join(argv)).text if files else text
    return Pinned(text, run, digest, str(snap))


def _pin_module(text: str, bot: BotSpec, bot_root: Path, within: Path | None) -> Pinned:
    """`python:` bots and `policy:` functions: their top-level module (a package folder
    or one .py file), read as a submission and copied."""
    root = submission.module_path(bot.module, within)
    if root is None:
        where = "in the uploaded archive" if within else f"on the path (from {os.getcwd()})"
        raise BotSpecError(f"{bot.kind}: no module {bot.module!r} {where}")
    real = root.resolve()
    if real.is_relative_to(PROJECT / "bots") or real.is_relative_to(PROJECT / "engine"):
        return _pin_builtin(text)
    files = submission.read_module(root)
    digest = _digest(text, [(name, f.data) for name, f in files])
    package = f"arena_pin_{digest[:16]}"
    snap = bot_root / package
    if not snap.is_dir():
        init = submission.File("__init__.py", b"", 0o644)
        submission.write([("__init__.py", init), *files], snap)
    return Pinned(text, bot.replace(target=f"{package}.{bot.target}").text, digest, str(snap))


def _pin_builtin(spec: str) -> Pinned:
    """The project's own bots: the hash covers the spec and the project's bot sources."""
    root = PROJECT / "bots"
    files = sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return Pinned(spec, spec, _digest(spec, [(str(p.relative_to(PROJECT)), p.read_bytes())
                                             for p in files]), None)


def _read_file(path: str, within: Path | None) -> tuple[str, submission.File]:
    """(base name, file) of a file a parameter names: a member of the upload `within`
    when given, else a file of the submitting user's."""
    if within is None:
        full = Path(path)
        return full.name, submission.Reader(full.parent).add(full.name)
    rel = submission.member(str(within), submission.members(within), path)
    if rel is None:
        raise submission.SubmissionError(f"the uploaded archive holds no file {path!r}")
    return os.path.basename(rel), submission.Reader(within).add(rel)


def _pin_files(text: str, bot: BotSpec, bot_root: Path, within: Path | None) -> Pinned:
    """`mcts:...,model=PATH`: the files of the kind's file parameters (a model) read, copied
    and hashed with the spec (each file named by its base name) and the project's bot
    sources; the spec rewritten to the copies (`<parameter>.npz`: they are models)."""
    read = {k: _read_file(path, within) for k, path in bot.files.items()}
    named = bot
    for k, (name, _) in read.items():
        named = named.with_param(k, name)
    digest = _digest(_pin_builtin(named.text).digest, [(n, f.data) for n, f in read.values()])
    snap = bot_root / f"model_{digest[:16]}"
    if not snap.is_dir():
        submission.write([(f"{k}.npz", f) for k, (_, f) in read.items()], snap)
    run = bot
    for k in read:
        run = run.with_param(k, str(snap / f"{k}.npz"))
    return Pinned(text, run.text, digest, str(snap))


def pin(spec: str, bot_root: Path, within: Path | None = None) -> Pinned:
    """Hash `spec` with its files and snapshot them under `bot_root`. `within`: the folder
    an uploaded bot was unpacked in, whose members alone its spec may name."""
    text = spec.strip()
    bot = BotSpec.parse(text)
    if bot.label is not None or bot.copy is not None:
        raise BotSpecError(f"a submitted spec names one bot, without a label= or #copy "
                           f"(its name is --as): {text!r}")
    brings = bot.kind_of.brings
    if brings == "command":
        return _pin_cmd(text, bot, bot_root, within)
    if brings == "module":
        return _pin_module(text, bot, bot_root, within)
    if bot.files:
        return _pin_files(text, bot, bot_root, within)
    return _pin_builtin(text)
