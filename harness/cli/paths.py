"""Output paths checked before any work: a file the command will write must be creatable,
and nothing (no folder) is created for a run that is then refused."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from harness.play.args import UsageProblem
from harness.storage.database import DEFAULT_DB

#: the arena database option of every command: `--db`, else ARENA_DB, else DEFAULT_DB
#: (harness/storage/database.py `default_db`: never relative to the current folder)
DbOpt = Annotated[Path, typer.Option("--db", envvar="ARENA_DB", show_default=str(DEFAULT_DB),
                                     help="SQLite database (default: ARENA_DB, else this "
                                     "checkout's results/arena.sqlite)")]


def _first_existing(path: Path) -> Path:
    p = path
    while not p.exists() and p != p.parent:
        p = p.parent
    return p


def check_output(path: Path, option: str) -> None:
    """Raise one clear UsageProblem if `path` (a file to be written, its folders made as
    needed) cannot be written. Creates nothing."""
    path = Path(os.path.abspath(path))
    if path.is_dir():
        raise UsageProblem(f"{option} {path} is a folder; give a file name")
    if path.exists():
        if not os.access(path, os.W_OK) or not _opens(path):
            raise UsageProblem(f"cannot write {option} {path}: permission denied")
        return
    _check_base(_first_existing(path.parent), path, option)


def check_folder(path: Path, option: str) -> None:
    """As check_output, for a folder the command will write files into."""
    path = Path(os.path.abspath(path))
    if path.exists() and not path.is_dir():
        raise UsageProblem(f"cannot write {option} {path}: it is not a folder")
    _check_base(_first_existing(path), path, option)


def _check_base(base: Path, path: Path, option: str) -> None:
    """`base`, the nearest existing folder of `path`, takes new files."""
    if not base.is_dir():
        raise UsageProblem(f"cannot write {option} {path}: {base} is not a folder")
    if not os.access(base, os.W_OK | os.X_OK) or _read_only(base) or not _takes_files(base):
        raise UsageProblem(f"cannot write {option} {path}: {base} is not writable")


def _opens(path: Path) -> bool:
    """An existing file opens for writing (appending: its content is untouched)."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_APPEND))
    except OSError:
        return False
    return True


def _takes_files(folder: Path) -> bool:
    """A file can be made in `folder` (tried, then removed): kernel file systems such as
    /sys and /proc refuse even root, whatever os.access says."""
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".arena-check-"):
            return True
    except OSError:
        return False


def _read_only(folder: Path) -> bool:
    """A read-only file system (os.access says yes to root even there)."""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def make_parent(path: Path, option: str) -> None:
    """Create the folders of an output file (after check_output), one clear error if not."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageProblem(f"cannot write {option} {path}: {e.strerror}") from None
