"""Pinning a submitted bot: what exactly a ladder entrant runs.

The content hash covers the spec and every file of the bot; the files are kept in the
ladder's content-addressed store (`<bot folder>/blobs/<sha256>`, harness/sandbox/bundle.py)
and the entrant's snapshot is their manifest (`<bot folder>/<kind>_<hash>/.manifest.json`:
each file's path in the bot's folder, sha256 and mode). The ladder plays the snapshot, on
any machine: the manifest and the files travel with each game (harness/cluster/), so
editing the original later changes nothing until it is submitted again (a new version).

Files are read as harness/sandbox/submission.py says (regular files under the bot's own
folder, no symlinks, at most 64 MiB; a refusal names the file and leaves nothing behind),
and keep their paths relative to the folder the bot was submitted from
(harness/sandbox/bundle.py, `gather`):

- `cmd:` / `cmd-msgpack:`: the files named on the command line (the program and its
  arguments that are files); the command names them relative to the bot's folder, where
  it runs. The interpreter (`python3`, `node`, a runtime's path) is not copied.
- `python:module.path:Class` and `policy:module:function`: the top-level module (a .py
  file or a package folder), imported from the bot's folder where it plays.
- The project's own bots (`random`, `heuristic:`, `mcts`) and entry-point bots run as
  installed; their hash covers the spec and the project's bot sources. An `mcts` spec with
  `model=PATH` (a trained model, `arena train`) also has the model file kept and hashed.

The spec is read once (bots/spec.py): what is pinned is what is played. An uploaded bot's
files (`within`) are looked up among the archive's own members, never on the server's disk;
a command line is read again among the snapshot's files before it is stored, as the ladder
will read it, so that a word naming a path outside is refused here, in one line.

Snapshots pinned before files kept their folders (a copy of the files in the snapshot
folder, the spec naming them there) are turned into a manifest and blobs in place the
first time they are read (`manifest`); their spec and hash stay as they were.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

from bots.spec import BotSpec, BotSpecError
from engine.common.project import PROJECT
from harness.sandbox import bundle, submission
from harness.sandbox.bundle import BlobStore, Manifest

#: what a pinned command line's runtime may be where the ladder plays it
PLAYED_RUNTIMES = (*submission.RUNTIME_FOLDERS, sys.executable,
                   os.path.realpath(sys.executable))
#: a snapshot's manifest file (a name no bot file of an older snapshot could have)
MANIFEST = ".manifest.json"


@dataclass(frozen=True)
class Pinned:
    spec: str  # as submitted
    run_spec: str  # what the ladder runs
    digest: str  # sha256 hex
    snapshot: str | None  # the folder of the bot's manifest


def store(bot_root: str | os.PathLike[str]) -> BlobStore:
    """The content-addressed store of a ladder's bot files."""
    return BlobStore(bot_root)


def manifest(snapshot: str | os.PathLike[str], bot_root: str | os.PathLike[str]) -> Manifest:
    """The manifest of a snapshot; an older snapshot (its files copied into it) has its
    files put into the ladder's store (in `bot_root`) and, when it lies there (the
    ladder's own), is turned into a manifest in place: the manifest is written, then the
    copies are removed (a `python:` snapshot's files keep its package's name)."""
    snap = Path(snapshot)
    try:
        return Manifest.from_json((snap / MANIFEST).read_bytes())
    except FileNotFoundError:
        pass
    reader = submission.Reader(snap)
    try:
        reader.add_tree()
    except submission.SubmissionError:
        if (snap / MANIFEST).is_file():  # another process turned it meanwhile
            return Manifest.from_json((snap / MANIFEST).read_bytes())
        raise
    prefix = f"{snap.name}/" if snap.name.startswith("arena_pin_") else ""
    made, blobs = Manifest.of((prefix + f.path, f) for f in reader.files)
    files = store(bot_root)
    for d, data in blobs.items():
        files.put(data, d)
    if submission.inside(os.path.realpath(bot_root), os.path.realpath(snap)) is None:
        return made  # not the ladder's own folder: read, never changed
    _write_manifest(snap, made)
    for f in reader.files:
        (snap / f.path).unlink(missing_ok=True)
    for here, dirs, _ in os.walk(snap, topdown=False):
        for d in dirs:
            try:
                os.rmdir(os.path.join(here, d))
            except OSError:
                pass
    return made


def _write_manifest(snap: Path, made: Manifest) -> None:
    snap.mkdir(parents=True, exist_ok=True)
    tmp = snap / f"{MANIFEST}.{os.getpid()}"
    tmp.write_bytes(made.to_json())
    os.replace(tmp, snap / MANIFEST)


def runs(run_spec: str, snapshot: str | None, bot_root: str | os.PathLike[str]) -> BotSpec:
    """What a pinned bot plays: its run spec, naming files in its snapshot alone, with
    the snapshot's manifest (its files in the ladder's store, in `bot_root`)."""
    spec = BotSpec.parse(run_spec).pinned(snapshot or "")
    return spec.replace(manifest=manifest(snapshot, bot_root).entries) if snapshot else spec


def _digest(spec: str, files: list[tuple[str, bytes]]) -> str:
    """sha256 of the spec and each file's name and content."""
    h = hashlib.sha256(spec.encode())
    for name, data in files:
        h.update(b"\0" + name.encode() + b"\0" + data)
    return h.hexdigest()


def _keep(bot_root: Path, prefix: str, digest: str, files: bundle.Gathered) -> str:
    """Store the files and write the snapshot's manifest; the snapshot's folder."""
    made, blobs = Manifest.of(files.files)
    kept = store(bot_root)
    for d, data in blobs.items():
        kept.put(data, d)
    snap = bot_root / f"{prefix}_{digest[:16]}"
    if not (snap / MANIFEST).is_file():
        _write_manifest(snap, made)
    return str(snap)


def _pin_cmd(text: str, bot: BotSpec, bot_root: Path, within: Path | None) -> Pinned:
    """The files a command line names, kept under their paths in the bot's folder; with
    `within`, the uploaded archive's members it names (its runtime named, not a path)."""
    got = bundle.gather(bot, within, submission.RUNTIME_FOLDERS)
    words = got.spec.argv
    paths = {f.path for _, f in got.files}
    # as played: among the bot's own files, its runtime a system one (or named)
    submission.parse_command(words, got.folder, PLAYED_RUNTIMES, paths)
    if not got.files:
        return Pinned(text, text, _digest(f"{bot.kind}:" + shlex.join(words), []), None)
    named = [w[2:] if i == 0 and w.startswith("./") and w[2:] in paths else w
             for i, w in enumerate(words)]
    digest = _digest(f"{bot.kind}:" + shlex.join(named),
                     [(name, f.data) for name, f in got.files])
    snap = _keep(bot_root, "cmd", digest, got)
    return Pinned(text, got.spec.text, digest, snap)


def _pin_module(text: str, bot: BotSpec, bot_root: Path, within: Path | None) -> Pinned:
    """`python:` bots and `policy:` functions: their top-level module (a package folder
    or one .py file), read as a submission and kept under its own name."""
    got = bundle.gather(bot, within)
    if not got.files:  # the project's own module
        return _pin_builtin(text)
    digest = _digest(text, [(name, f.data) for name, f in got.files])
    return Pinned(text, text, digest, _keep(bot_root, bot.kind, digest, got))


def _pin_builtin(spec: str) -> Pinned:
    """The project's own bots: the hash covers the spec and the project's bot sources."""
    root = PROJECT / "bots"
    files = sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return Pinned(spec, spec, _digest(spec, [(str(p.relative_to(PROJECT)), p.read_bytes())
                                             for p in files]), None)


def _pin_files(text: str, bot: BotSpec, bot_root: Path, within: Path | None) -> Pinned:
    """`mcts:...,model=PATH`: the files of the kind's file parameters (a model) read, kept
    and hashed with the spec (naming them in the bot's folder) and the project's bot
    sources."""
    got = bundle.gather(bot, within)
    digest = _digest(_pin_builtin(got.spec.text).digest,
                     [(name, f.data) for name, f in got.files])
    return Pinned(text, got.spec.text, digest, _keep(bot_root, "model", digest, got))


def pin(spec: str, bot_root: Path, within: Path | None = None) -> Pinned:
    """Hash `spec` with its files and keep them under `bot_root`. `within`: the folder
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


def forget_unused(bot_root: Path) -> int:
    """After snapshots were removed: drop the ladder's stored files (and laid-out folders)
    that no snapshot under `bot_root` lists any more (those stored in the last minutes
    stay: a bot being pinned now); how many files went."""
    keep = []
    for snap in bot_root.glob(f"*/{MANIFEST}"):
        try:
            keep.append(Manifest.from_json(snap.read_bytes()))
        except (OSError, ValueError):
            return 0  # a manifest that cannot be read: keep everything
    if any(p.name != MANIFEST and p.parent.name not in ("blobs", "trees")
           for p in bot_root.glob("*/*")):
        return 0  # an older snapshot not turned into a manifest yet: its files are its own
    return store(bot_root).forget(keep)
