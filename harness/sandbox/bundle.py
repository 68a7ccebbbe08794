"""A bot's files as they travel and as the bot finds them, the same on every machine.

- **The bot's folder.** A submission keeps its folder structure relative to the folder it
  was submitted from (the current folder, or an uploaded archive's root) when its program
  or module lies there, else relative to the program's own folder
  (harness/sandbox/submission.py reads the files). `gather` reads the files a spec brings
  and rewrites the spec to name them relative to that folder: `cmd:./build/bot build/lib
  data/w.bin` brings `build/bot`, everything under `build/lib/` (a word naming a folder
  brings all of it) and `data/w.bin`, and runs as `./build/bot build/lib data/w.bin` from
  the bot's folder, so a file found next to argv[0] or a library found through
  `$ORIGIN/lib` is where it was at home. A `python:`/`policy:` bot brings its top-level module
  (`my_bot.py`, or the package folder `my_bot/`); a file parameter (`mcts:model=PATH`)
  brings its file.
- **Manifest.** The files as (path under the bot's folder, sha256, mode), sorted: what a
  pinned or shipped bot is, kept with a ladder's entrant and sent with every game.
- **BlobStore.** A content-addressed folder (`blobs/<sha256>`, each checked against its
  hash when it comes in) and the bot folders made from it (`trees/<manifest digest>/`:
  hard links, or copies, of the blobs under their paths, read-only, made once and
  shared). A ladder keeps its bots' files in one (beside the database); every machine that
  plays games keeps one as its cache (harness/cluster/node.py).
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import os
import shlex
import shutil
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import msgspec

from bots.spec import BotSpec, BotSpecError
from engine.common.project import PROJECT
from harness.sandbox import submission

#: a manifest entry: the file's '/'-separated path under the bot's folder, sha256, mode
Entry = tuple[str, str, int]
#: permission bits of the files of a bot's folder: read-only, executable kept
READ_ONLY, EXECUTABLE = 0o444, 0o555
_tmp = itertools.count()


class BlobError(OSError):
    """A blob that cannot be stored or found: its content does not match its hash, or it
    is missing (the infrastructure's failure, never the bot's)."""


def digest_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class Manifest(msgspec.Struct, frozen=True, array_like=True):
    """A bot's files: (path, sha256, mode) per file, sorted by path."""

    entries: tuple[Entry, ...] = ()

    @classmethod
    def of(cls, files: Iterable[tuple[str, submission.File]]) -> tuple[Manifest, dict[str, bytes]]:
        """The manifest of `files` (path under the bot's folder, file) and their contents by
        hash."""
        blobs: dict[str, bytes] = {}
        entries = []
        for path, f in files:
            d = digest_of(f.data)
            blobs[d] = f.data
            entries.append((path, d, EXECUTABLE if f.mode & 0o111 else READ_ONLY))
        return cls(tuple(sorted(entries))), blobs

    @property
    def digest(self) -> str:
        """sha256 of the entries: names a bot folder made from them."""
        return hashlib.sha256(msgspec.json.encode(self.entries)).hexdigest()

    @property
    def blobs(self) -> set[str]:
        return {d for _, d, _ in self.entries}

    @property
    def size(self) -> int:
        return len(self.entries)

    def to_json(self) -> bytes:
        return msgspec.json.encode(self)

    @classmethod
    def from_json(cls, data: bytes) -> Manifest:
        return msgspec.json.decode(data, type=cls)


def _write_atomic(path: Path, data: bytes, mode: int) -> None:
    """`data` into `path` through a temporary sibling renamed into place (another process
    writing the same content meanwhile is harmless)."""
    tmp = path.parent / f".{path.name}.{os.getpid()}.{next(_tmp)}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


class BlobStore:
    """A content-addressed folder of bot files (see the module docstring), private to
    whoever owns it (0700)."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)
        self.blob_dir = self.folder / "blobs"
        self.tree_dir = self.folder / "trees"

    def _ready(self) -> None:
        for d in (self.folder, self.blob_dir, self.tree_dir):
            d.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(self.folder, 0o700)

    def path(self, digest: str, executable: bool = False) -> Path:
        if len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
            raise BlobError(f"not a sha256: {digest[:80]!r}")
        return self.blob_dir / (digest + (".x" if executable else ""))

    def has(self, digest: str) -> bool:
        return self.path(digest).is_file()

    def laid_out(self, manifest_digest: str) -> bool:
        """Whether the bot folder of the manifest with this hash is made here already."""
        return (self.tree_dir / manifest_digest).is_dir()

    def put(self, data: bytes, digest: str | None = None) -> str:
        """Keep `data`; with `digest`, only if it is its hash (BlobError otherwise)."""
        found = digest_of(data)
        if digest is not None and found != digest:
            raise BlobError(f"a file's content does not match its hash {digest[:12]} "
                            f"(got {found[:12]})")
        if not self.has(found):
            self._ready()
            _write_atomic(self.path(found), data, READ_ONLY)
        return found

    def read(self, digest: str) -> bytes:
        """The blob's content, checked against its hash."""
        try:
            data = self.path(digest).read_bytes()
        except OSError as e:
            raise BlobError(f"bot file {digest[:12]} is missing ({e.strerror})") from None
        if digest_of(data) != digest:
            raise BlobError(f"bot file {digest[:12]} is damaged (its hash differs)")
        return data

    def _variant(self, digest: str, mode: int) -> Path:
        """The stored blob with `mode`'s permission bits (executable copies are kept
        beside the plain ones, so hard links never change a file's mode)."""
        plain = self.path(digest)
        if not plain.is_file():
            raise BlobError(f"bot file {digest[:12]} is not in {self.folder}")
        if mode == READ_ONLY:
            return plain
        exe = self.path(digest, executable=True)
        if not exe.is_file():
            _write_atomic(exe, plain.read_bytes(), EXECUTABLE)
        return exe

    def tree(self, manifest: Manifest) -> Path:
        """The bot folder of `manifest`, made once (hard links to the blobs where the file
        system allows, else copies), read-only; shared by every game that plays it."""
        where = self.tree_dir / manifest.digest
        if where.is_dir():
            return where
        self._ready()
        tmp = self.tree_dir / f".{manifest.digest[:16]}.{os.getpid()}.{next(_tmp)}"
        try:
            self._fill(manifest, tmp, link=True)
            try:
                tmp.rename(where)
            except OSError:
                if not where.is_dir():
                    raise
        finally:
            if tmp.exists():
                remove_tree(tmp)
        return where

    def copy(self, manifest: Manifest, dest: Path) -> Path:
        """A private copy of the bot folder of `manifest` at `dest` (a bot that runs
        unisolated could change a shared one)."""
        self._fill(manifest, dest, link=False)
        return dest

    def _fill(self, manifest: Manifest, dest: Path, link: bool) -> None:
        with _folder(dest) as place:
            for path, digest, mode in manifest.entries:
                target = place(path)
                blob = self._variant(digest, mode)
                try:
                    if not link:
                        raise OSError
                    os.link(blob, target)
                except OSError:
                    shutil.copyfile(blob, target)
                    os.chmod(target, mode)

    def forget(self, keep: Iterable[Manifest], older_than: float = 600.0) -> int:
        """Remove the blobs and bot folders of no manifest in `keep`, untouched for
        `older_than` seconds (a bot being pinned right now keeps its files); returns how
        many blobs went."""
        kept = list(keep)
        blobs = {d for m in kept for d in m.blobs}
        trees = {m.digest for m in kept}
        gone = 0
        now = time.time()
        for path in [*self.blob_dir.glob("*"), *self.tree_dir.glob("*")]:
            if path.name.split(".")[0] in (blobs if path.parent == self.blob_dir else trees):
                continue
            try:
                if now - path.lstat().st_mtime <= older_than:
                    continue
                if path.parent == self.blob_dir:
                    path.unlink()
                    gone += not path.name.endswith(".x")
                else:
                    remove_tree(path)
            except OSError:
                pass
        return gone


def remove_tree(folder: Path) -> None:
    """Remove a folder that may hold bot folders made read-only."""
    for here, dirs, _ in os.walk(folder):
        for d in dirs:
            try:
                os.chmod(os.path.join(here, d), 0o700)
            except OSError:
                pass
    try:
        os.chmod(folder, 0o700)
    except OSError:
        pass
    shutil.rmtree(folder, ignore_errors=True)


# -- what a spec brings ----------------------------------------------------------------------

class Gathered(msgspec.Struct, frozen=True):
    """A spec's files read (`gather`): the spec naming them relative to `folder`, the bot's
    folder, and each file under its path there."""

    spec: BotSpec
    folder: str
    files: tuple[tuple[str, submission.File], ...] = ()


def gather(spec: BotSpec, within: Path | None = None, runtimes: tuple[str, ...] = (),
           base: str | None = None) -> Gathered:
    """Read the files `spec` brings (a submission: harness/sandbox/submission.py), from the
    folder `base` (default: the current one), or, with `within`, among the members of an
    unpacked upload alone. `runtimes`: where a command's runtime may lie besides being
    named (system folders). The spec comes back naming its files relative to the bot's
    folder; a spec without files comes back as it is."""
    kind = spec.kind_of
    brings = kind.brings
    if brings == "command":
        return _gather_command(spec, within, runtimes, base)
    if brings == "module":
        return _gather_module(spec, within, base)
    if spec.files:
        return _gather_params(spec, within, base)
    return Gathered(spec, "")


def _gather_command(spec: BotSpec, within: Path | None, runtimes: tuple[str, ...],
                    base: str | None) -> Gathered:
    argv = spec.argv
    if within is None:
        cmd = submission.parse_command(argv, base, runtimes)
    else:
        cmd = submission.parse_command(argv, str(within), None, submission.members(within))
    read = submission.read_command(cmd)
    for i, rel in [*cmd.files.items(), *cmd.trees.items()]:
        argv[i] = f"./{rel}" if i == 0 else rel
    files = tuple(zip((f.path for f in read), read, strict=True))
    if not files:
        return Gathered(spec, "")
    return Gathered(spec.replace(target=shlex.join(argv)), cmd.folder or "", files)


def installed(path: str | os.PathLike[str]) -> bool:
    """Whether `path` is part of what every machine has installed: this project's own
    packages, or the interpreter's installation (its standard library and packages)."""
    real = os.path.realpath(path)
    roots = [str(PROJECT / p) for p in ("engine", "bots", "harness", "ratings")]
    roots += {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix)}
    return any(real == r or real.startswith(r.rstrip("/") + "/") for r in roots)


def _gather_module(spec: BotSpec, within: Path | None, base: str | None) -> Gathered:
    """A module kind's top-level module (a package folder or one .py file), from the folder
    above it; nothing for a module every machine has installed (this project's bots)."""
    root = submission.module_path(spec.module, within, base)
    if root is None:
        where = ("in the uploaded archive" if within else
                 f"on the path (from {base or os.getcwd()})")
        raise BotSpecError(f"{spec.kind}: no module {spec.module!r} {where}")
    if within is None and installed(root):
        return Gathered(spec, "")
    return Gathered(spec, str(root.parent), tuple(submission.read_module(root)))


def _gather_params(spec: BotSpec, within: Path | None, base: str | None) -> Gathered:
    """The files of the kind's file parameters (a model), each under its path relative to
    the folder it was given from when it lies there, else under its base name."""
    here = str(within) if within is not None else (base or os.getcwd())
    files: list[tuple[str, submission.File]] = []
    out = spec
    for k, path in spec.files.items():
        if within is not None:
            rel = submission.member(here, submission.members(within), path)
            if rel is None:
                raise submission.SubmissionError(f"the uploaded archive holds no file {path!r}")
        else:
            rel = submission.inside(here, os.path.join(here, path)) or ""
        if rel:
            f = submission.Reader(here).add(rel)
        else:
            full = Path(here, path)
            rel = full.name
            f = submission.Reader(full.parent).add(full.name)
        if any(r == rel for r, _ in files):
            raise BotSpecError(f"{spec.kind}: two file parameters name {rel!r}")
        files.append((rel, submission.File(rel, f.data, f.mode)))
        out = out.with_param(k, rel)
    return Gathered(out, here, tuple(files))


def shipped(gathered: Gathered) -> tuple[BotSpec, dict[str, bytes]]:
    """The spec of gathered files as it travels (its manifest with it, its root the
    folder it was read from) and the files' contents by hash."""
    manifest, blobs = Manifest.of(gathered.files)
    return gathered.spec.replace(root=gathered.folder, manifest=manifest.entries), blobs


def lay_out(files: Iterable[tuple[str, submission.File]], dest: Path) -> Path:
    """Write `files` under their paths into the new folder `dest`, read-only (as a
    BlobStore lays out a manifest); `dest`."""
    with _folder(dest) as place:
        for path, f in files:
            _write_atomic(place(path), f.data, EXECUTABLE if f.mode & 0o111 else READ_ONLY)
    return dest


@contextlib.contextmanager
def _folder(dest: Path) -> Iterator[Callable[[str], Path]]:
    """Make the bot folder `dest`: inside, `place(path)` makes the folders above `path`
    and gives where its file goes (a path leading outside is a BlobError); afterwards the
    folders are made read-only."""
    dest.mkdir(mode=0o755)
    folders = {dest}

    def place(path: str) -> Path:
        target = dest / path
        if submission.inside(dest, target) is None:
            raise BlobError(f"a bot file's path leads outside its folder: {path[:80]!r}")
        for parent in reversed(target.relative_to(dest).parents[:-1]):
            if (dest / parent) not in folders:
                (dest / parent).mkdir(mode=0o755)
                folders.add(dest / parent)
        return target

    yield place
    for folder in sorted(folders, key=lambda p: -len(p.parts)):
        os.chmod(folder, 0o555)
