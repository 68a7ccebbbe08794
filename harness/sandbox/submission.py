"""What a submitted bot brings with it: regular files under its own folder, nothing else.

The harness copies a bot's files (into a ladder's snapshot, into the sandbox's `/bot`) with
its own rights, which may be root's. So a submission is read here, and only here, under
rules that hold whatever the files are:

- The bot's folder is the folder it is submitted from (the current folder) when its
  program (the first file its command line names) lies there, else the program's own
  folder; its files keep their paths under it (harness/sandbox/bundle.py). A
  `python:`/`policy:` bot brings its top-level module (package folder or file).
- Every file is a regular file under that folder, reached without following a symlink
  (each path component is opened with O_NOFOLLOW under the one before it). A symlink, a
  device, a FIFO or socket, a path outside the folder (absolute, or through `..`) or a
  file the submitting user cannot read is refused with one line naming it. That user is
  this process's, or, for a harness run as root through sudo, the person behind it
  (SUDO_UID), whose permissions are checked on every folder and file read.
- A whole submission holds at most `MAX_FILES` files and folders, `MAX_BYTES` bytes and
  `MAX_DEPTH` levels of folders; a hard link (a file also elsewhere) is refused too.
- Files are read into memory first and written out only when all of them passed, into a
  temporary folder renamed into place: a refusal leaves nothing behind.
- A submission the harness wrote itself (an unpacked upload, a pinned bot's snapshot) is
  known by its members (`members`): the files its spec names are looked up among them,
  never on the disk, and a path outside it gets one refusal (`OUTSIDE`) whatever the path,
  so that the answer says nothing of the server's disk.
"""

from __future__ import annotations

import importlib.machinery
import os
import pwd
import re
import shutil
import stat
import sys
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from engine.common.untrusted import visible
from engine.protocol import ArenaError

#: the most files one submission may hold
MAX_FILES = 2000
#: the most bytes one submission's files may hold together
MAX_BYTES = 64 * 1024**2
#: how deep folders may nest in a submission
MAX_DEPTH = 32
#: folders never part of a submission (caches and version control)
SKIPPED = ("__pycache__", ".git")

#: the refusal of a spec that names a path outside its submission: the same words whatever
#: the path (it may or may not exist where the harness runs)
OUTSIDE = ("the bot spec names a path outside its submission; a submitted bot names its "
           "own files (e.g. bot.py) and its runtime by name (e.g. python3)")

_OPEN = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)


class SubmissionError(ArenaError):
    """A file of a submission that cannot be taken; the message names it. `kind` is the
    failure a game records: `forbidden` (what a submission may not hold), or `crash` (its
    program is not there)."""

    def __init__(self, message: str, kind: str = "forbidden") -> None:
        super().__init__(message)
        self.kind = kind


def submitter() -> tuple[int, set[int]] | None:
    """(uid, groups) of the person a submission is read for when that is not this process's
    own user: someone running the harness as root through sudo (SUDO_UID). None: this
    process's own rights apply (the kernel checks them as the files are opened)."""
    uid = os.environ.get("SUDO_UID", "")
    if os.geteuid() != 0 or not uid.isdigit() or int(uid) == 0:
        return None
    try:
        pw = pwd.getpwuid(int(uid))
        return int(uid), set(os.getgrouplist(pw.pw_name, pw.pw_gid))
    except (KeyError, OSError):
        gid = os.environ.get("SUDO_GID", "")
        return int(uid), {int(gid)} if gid.isdigit() else set()


def _may(st: os.stat_result, user: tuple[int, set[int]], bit: int) -> bool:
    """Whether `user` has the permissions `bit` (4 read, 1 search, 5 both) on a file with
    status `st`."""
    uid, groups = user
    shift = 6 if st.st_uid == uid else 3 if st.st_gid in groups else 0
    return (st.st_mode >> shift) & bit == bit


@dataclass(frozen=True)
class File:
    path: str  #: relative to the bot's folder, '/'-separated
    data: bytes
    mode: int  #: permission bits (kept: an executable stays executable)


def _shown(path: str | os.PathLike[str]) -> str:
    return visible(os.fspath(path))


def inside(folder: str | os.PathLike[str], path: str | os.PathLike[str]) -> str | None:
    """`path` (relative to the current folder, or absolute) relative to `folder`, judged
    on the names alone; None when it lies outside."""
    base = os.path.normpath(os.path.abspath(folder))
    full = os.path.normpath(os.path.abspath(path))
    if full == base or not full.startswith(base.rstrip("/") + "/"):
        return None
    return full[len(base.rstrip("/")) + 1:]


class Reader:
    """Reads one submission's files under `folder`, counting them against the caps."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = os.path.abspath(folder)
        self.user = submitter()
        self.files: list[File] = []
        self.folders = 0
        self.total = 0

    def _name(self, rel: str) -> str:
        """`rel` as the user knows it: from the current folder, or absolute."""
        full = os.path.join(self.folder, rel)
        near = os.path.relpath(full)
        return _shown(full if near.startswith("..") else near)

    def _open_folder(self) -> int:
        if self.user is not None:  # every folder down to it searchable, itself readable
            parts = self.folder.split("/")
            for i in range(1, len(parts) + 1):
                where = "/".join(parts[:i]) or "/"
                try:
                    ok = _may(os.stat(where), self.user, 1 | (4 if i == len(parts) else 0))
                except OSError:
                    ok = True  # the open below says what is wrong
                if not ok:
                    raise SubmissionError(f"cannot read the bot's folder {_shown(self.folder)}"
                                          f": its user (uid {self.user[0]}) may not open "
                                          f"{_shown(where)}")
        try:
            return os.open(self.folder, os.O_RDONLY | os.O_DIRECTORY)
        except OSError as e:
            raise SubmissionError(f"cannot read the bot's folder {_shown(self.folder)}: "
                                  f"{e.strerror}") from None

    def _check_user(self, rel: str, fd: int, bit: int) -> None:
        """The submitting user may read (4) or search (1) what `fd` is."""
        if self.user is not None and not _may(os.fstat(fd), self.user, bit):
            raise SubmissionError(f"cannot read {self._name(rel)}: its submitter "
                                  f"(uid {self.user[0]}) may not")

    def _count(self, rel: str, size: int) -> None:
        if len(self.files) + self.folders >= MAX_FILES:
            raise SubmissionError(f"the submission holds more than {MAX_FILES} files "
                                  f"(at {self._name(rel)})")
        if self.total + size > MAX_BYTES:
            raise SubmissionError(f"the submission is larger than {MAX_BYTES // 1024**2} MiB "
                                  f"(at {self._name(rel)})")

    def _open_under(self, rel: str, want_dir: bool) -> int:
        """An fd of `rel` under the folder, no component followed through a symlink."""
        fd = self._open_folder()
        parts = [p for p in rel.split("/") if p not in ("", ".")]
        try:
            for i, part in enumerate(parts):
                if part == "..":
                    raise SubmissionError(f"{self._name(rel)} is outside the bot's folder")
                last = i == len(parts) - 1
                flags = _OPEN if last and not want_dir else _OPEN | os.O_DIRECTORY
                if last and not want_dir:  # never open a device or FIFO, not even to look
                    self._regular(rel, fd, part)
                try:
                    nxt = os.open(part, flags, dir_fd=fd)
                except OSError as e:
                    raise SubmissionError(self._why(rel, fd, part, e)) from None
                os.close(fd)
                fd = nxt
                self._check_user(rel, fd, 4 if last else 1)
            return fd
        except BaseException:
            os.close(fd)
            raise

    def _regular(self, rel: str, dir_fd: int, part: str) -> None:
        try:
            st = os.lstat(part, dir_fd=dir_fd)
        except OSError as e:
            raise SubmissionError(self._why(rel, dir_fd, part, e)) from None
        if stat.S_ISLNK(st.st_mode):
            raise SubmissionError(f"{self._name(rel)} is a symlink (a submission holds regular "
                                  "files only)")
        if not stat.S_ISREG(st.st_mode):
            raise SubmissionError(f"{self._name(rel)} is not a regular file")

    def _why(self, rel: str, dir_fd: int, part: str, e: OSError) -> str:
        try:
            st = os.lstat(part, dir_fd=dir_fd)
        except OSError:
            st = None
        if st is not None and stat.S_ISLNK(st.st_mode):
            return f"{self._name(rel)} is a symlink (a submission holds regular files only)"
        if st is not None and not stat.S_ISDIR(st.st_mode) and not stat.S_ISREG(st.st_mode):
            return f"{self._name(rel)} is not a regular file"
        if e.errno is not None and e.strerror:
            return f"cannot read {self._name(rel)}: {e.strerror}"
        return f"cannot read {self._name(rel)}"

    def add(self, rel: str) -> File:
        """Read the regular file `rel` (relative to the folder)."""
        fd = self._open_under(rel, want_dir=False)
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise SubmissionError(f"{self._name(rel)} is not a regular file")
            if st.st_nlink > 1:  # the same file as one elsewhere, which may not be the author's
                raise SubmissionError(f"{self._name(rel)} is a hard link (a submission holds "
                                      "files of its own; cargo links its target/ binaries "
                                      "so): submit a copy of it (cp)")
            self._count(rel, st.st_size)
            with os.fdopen(os.dup(fd), "rb") as f:
                data = f.read(MAX_BYTES - self.total + 1)
        except OSError as e:
            raise SubmissionError(f"cannot read {self._name(rel)}: {e.strerror}") from None
        finally:
            os.close(fd)
        self._count(rel, len(data))
        self.total += len(data)
        out = File(rel, data, stat.S_IMODE(st.st_mode) & 0o755)
        self.files.append(out)
        return out

    def add_tree(self, rel: str = "") -> None:
        """Every file under the folder `rel` (the folder itself with ""), caches skipped;
        folders count against MAX_FILES too, and nest at most MAX_DEPTH deep."""
        if rel.count("/") >= MAX_DEPTH:
            raise SubmissionError(f"{self._name(rel)} lies deeper than {MAX_DEPTH} folders")
        if rel:
            self._count(rel, 0)
            self.folders += 1
        fd = self._open_under(rel, want_dir=True) if rel else self._open_folder()
        try:  # one open of the folder for its listing and every entry's kind
            for name in sorted(os.listdir(fd)):
                if name not in SKIPPED:
                    self._add_entry(f"{rel}/{name}" if rel else name, os.lstat(name, dir_fd=fd))
        finally:
            os.close(fd)

    def _add_entry(self, sub: str, st: os.stat_result) -> None:
        if stat.S_ISDIR(st.st_mode):
            self.add_tree(sub)
        elif stat.S_ISREG(st.st_mode):
            self.add(sub)
        elif stat.S_ISLNK(st.st_mode):
            raise SubmissionError(f"{self._name(sub)} is a symlink (a submission holds "
                                  "regular files only)")
        else:
            raise SubmissionError(f"{self._name(sub)} is not a regular file")


def module_path(top: str, within: Path | None, base: str | None = None) -> Path | None:
    """Where top-level module `top` is (found without running any of its code), as the
    import system names it (not resolved: a symlink stays one, and is refused): in `base`
    (default: the current folder) or on the path; with `within`, only there."""
    search = [base or os.getcwd(), *sys.path] if within is None else [str(within)]
    found = importlib.machinery.PathFinder.find_spec(top, search)
    if found is None:
        return None
    if found.submodule_search_locations:
        return Path(os.path.abspath(list(found.submodule_search_locations)[0]))
    return Path(os.path.abspath(found.origin)) if found.origin else None


def read_module(root: Path) -> list[tuple[str, File]]:
    """A Python bot's top-level module as a submission: every file of its package folder
    (named `<package>/<path>`) or its one .py file, sorted by path."""
    if root.is_dir() and not root.is_symlink():
        reader = Reader(root)
        reader.add_tree()
        files = [(f"{root.name}/{f.path}", f) for f in reader.files]
    else:
        files = [(root.name, Reader(root.parent).add(root.name))]
    return sorted(files, key=lambda nf: nf[0].split("/"))


def write(files: Iterable[tuple[str, File]], dest: Path) -> None:
    """Write `files` (name in `dest`, file) into the folder `dest`, which must not exist:
    into a temporary sibling first, renamed into place; nothing is left on failure."""
    tmp = dest.parent / f".{dest.name}.tmp{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        tmp.mkdir(parents=True)
        for name, f in files:
            target = tmp / name
            target.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW,
                         f.mode | 0o600)
            with os.fdopen(fd, "wb") as out:
                out.write(f.data)
        try:
            tmp.rename(dest)
        except OSError:
            if not dest.is_dir():  # not another process that wrote the same snapshot
                raise
    except OSError as e:
        raise SubmissionError(f"cannot write the bot's files to {_shown(dest)}: "
                              f"{e.strerror}") from None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@dataclass
class Command:
    """A `cmd:` command line read as a submission: `runtime` is argv[0] when it is an
    interpreter (a name on PATH or a runtime's path), not a file of the submission;
    `files` maps argv positions to paths under `folder`, the bot's folder, and `trees`
    those that name a folder under it (the submission brings all of it)."""

    argv: list[str]
    runtime: str | None
    folder: str | None
    files: dict[int, str]
    trees: dict[int, str] = field(default_factory=dict)


#: the system folders: a sandboxed bot sees them as they are, read-only, and a program in
#: one of them is a runtime, not a file of a submission
SYSTEM_FOLDERS = ("/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
#: where runtimes live (the system folders and /opt): a program there is not a file of the
#: submission (pinning copies nothing of it; the sandbox binds its installation)
RUNTIME_FOLDERS = (*SYSTEM_FOLDERS, "/opt")
#: program names of interpreters: such a program given by its path is a runtime, not a
#: file of the submission (`/opt/node/bin/node bot.js`)
RUNTIME_NAMES = re.compile(r"(python|pypy|node|nodejs|deno|bun|ruby|perl|php|lua|luajit|java"
                           r"|dotnet|Rscript|julia|sbcl|racket|guile|elixir|erl|escript|ocaml"
                           r"|tclsh|bash|sh|dash|zsh|awk|gawk)[0-9.\-]*")


def parse_command(argv: list[str], cwd: str | None = None,
                  runtimes: tuple[str, ...] | None = (),
                  files: Collection[str] | None = None) -> Command:
    """Which words of `argv` are the submission's files (SubmissionError if one may not
    be). With `files`, the members of the submission in the folder `cwd` (`members`), the
    words are looked up among them alone (`_parse_members`; `runtimes` None: a runtime is
    named, never given by path). Otherwise argv[0] is the runtime when it has no '/', is
    under one of `runtimes` (system folders), or is named as an interpreter
    (RUNTIME_NAMES); else it is the bot's program. Later words that name an existing path
    are files: the first of them is the program when argv[0] is a runtime. The bot's
    folder is `cwd` (the folder it is submitted from) when the program lies there, else
    the program's own folder; the other files must lie under it. Words starting with '-'
    are options and never files."""
    if files is not None:
        return _parse_members(argv, cwd or "", runtimes, files)
    runtimes = runtimes or ()
    here = cwd or os.getcwd()
    cmd = Command(list(argv), None, None, {})

    def at(word: str) -> str:
        return os.path.normpath(os.path.join(here, word))

    exe = argv[0]
    later = [i for i in range(1, len(argv))
             if not argv[i].startswith("-") and os.path.lexists(at(argv[i]))]
    if "/" not in exe:
        cmd.runtime = exe
    else:
        path = at(exe)
        if not os.path.lexists(path):
            raise SubmissionError(f"cannot start '{_shown(exe)}': no such file"
                                  + ("" if os.path.isabs(exe) else f" (from {_shown(here)})"),
                                  kind="crash")
        real = os.path.realpath(path)
        if any(real == r or real.startswith(r.rstrip("/") + "/") for r in runtimes) or (
                RUNTIME_NAMES.fullmatch(os.path.basename(path))):
            cmd.runtime = exe
        else:
            cmd.folder, cmd.files[0] = _home(here, path)
    for i in later:
        path = at(argv[i])
        folder = os.path.isdir(path) and not os.path.islink(path)
        if cmd.folder is None:
            if not folder:  # a folder before the program is no file of the bot's
                cmd.folder, cmd.files[i] = _home(here, path)
            continue
        rel = inside(cmd.folder, path)
        if rel is None:
            raise SubmissionError(f"{_shown(argv[i])} is outside the bot's folder "
                                  f"{_shown(cmd.folder)} (a submission holds the files "
                                  "under its program's folder)")
        (cmd.trees if folder else cmd.files)[i] = rel
    return cmd


def _home(here: str, program: str) -> tuple[str, str]:
    """(the bot's folder, the program's path in it): the folder it is submitted from
    (`here`) when the program lies there, so that the files keep their folders; else the
    program's own folder."""
    rel = inside(here, program)
    return (os.path.normpath(here), rel) if rel else (os.path.dirname(program),
                                                      os.path.basename(program))


def members(folder: str | os.PathLike[str]) -> frozenset[str]:
    """The files of a submission the harness wrote (an unpacked upload, a snapshot): their
    '/'-separated paths under `folder` (none when it does not exist)."""
    out = set()
    for here, _, files in os.walk(folder):  # the harness's own folder: no links in it
        rel = os.path.relpath(here, folder)
        out.update(os.path.normpath(os.path.join(rel, f)) for f in files)
    return frozenset(out)


def member(folder: str, files: Collection[str], word: str) -> str | None:
    """The member of the submission in `folder` (holding `files`) that `word` names, from
    that folder or absolute; None when it names none but lies inside; SubmissionError
    (`OUTSIDE`) when it leads outside. `folder` "": a submission without files."""
    if not folder:
        if os.path.isabs(word) or ".." in word.split("/"):
            raise SubmissionError(OUTSIDE)
        return None
    full = os.path.normpath(os.path.join(folder, word))
    rel = inside(folder, full)
    if rel is None and full != os.path.normpath(folder):
        raise SubmissionError(OUTSIDE)
    return rel if rel in files else None


def _parse_members(argv: list[str], folder: str, runtimes: tuple[str, ...] | None,
                   files: Collection[str]) -> Command:
    """`parse_command` for a submission known by its members: nothing on the disk is
    looked at. argv[0] is the runtime when it has no '/' or (with `runtimes`) lies under
    one of them or is named as an interpreter; else it, and every later word that is not
    an option, names a member or a word that is no path at all."""
    cmd = Command(list(argv), None, folder, {})
    exe, norm = argv[0], os.path.normpath(argv[0])
    if "/" not in exe or runtimes is not None and (
            any(norm == r or norm.startswith(r.rstrip("/") + "/") for r in runtimes)
            or RUNTIME_NAMES.fullmatch(os.path.basename(exe))):
        cmd.runtime = exe
    for i, word in enumerate(argv):
        if (i == 0 and cmd.runtime is not None) or (i and word.startswith("-")):
            continue
        rel = member(folder, files, word)
        if rel is not None:
            cmd.files[i] = rel
        elif i and (tree := _member_folder(folder, files, word)) is not None:
            cmd.trees[i] = tree
        elif i == 0:
            raise SubmissionError(f"cannot start '{_shown(exe)}': the submission holds no "
                                  "such file", kind="crash")
    return cmd


def _member_folder(folder: str, files: Collection[str], word: str) -> str | None:
    """The folder of the submission's members that `word` names (relative to `folder`),
    or None."""
    if not folder or os.path.isabs(word):
        return None
    rel = inside(folder, os.path.join(folder, word))
    return rel if rel and any(f.startswith(rel + "/") for f in files) else None


def read_command(cmd: Command) -> list[File]:
    """The files of a parsed command: those its words name, in their order, then those
    of the folders its words name (each file once)."""
    if cmd.folder is None or not (cmd.files or cmd.trees):
        return []
    reader = Reader(cmd.folder)
    named = {cmd.files[i] for i in cmd.files}
    out = [reader.add(cmd.files[i]) for i in sorted(cmd.files)]
    for i in sorted(cmd.trees):
        before = len(reader.files)
        reader.add_tree(cmd.trees[i])
        seen = {f.path for f in out}
        out += [f for f in reader.files[before:] if f.path not in seen and f.path not in named]
    return out
