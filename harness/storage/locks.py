"""Driver locks: one writer per ladder and per tournament Elo ladder, not per database.

A lock is an exclusive `flock` on a small file in the folder `<database>.locks/` beside
the database; the kernel drops it when its process dies (even by `kill -9`), so a killed
driver never leaves a stale lock. The file holds the holder's pid and what it locks.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import os
import stat
from pathlib import Path
from typing import TextIO


class LockBusy(Exception):
    """Another live process holds the lock; `holder` is its pid (or 'unknown')."""

    def __init__(self, holder: str) -> None:
        super().__init__(holder)
        self.holder = holder


def lock_path(db: Path, key: str) -> Path:
    """The lock file of `key` (e.g. 'ladder 3') for database `db`."""
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    return db.with_name(db.name + ".locks") / f"{digest}.lock"


def acquire(db: Path, key: str) -> TextIO:
    """Hold the lock of `key` (release: close the returned file), or raise LockBusy; an
    OSError when the lock folder is not this user's (or root's) alone: whoever else may
    write in it could swap a lock file for a link to a file of ours, which opening it
    would truncate, or for a file of its own, so that two drivers both hold "the" lock.
    The lock file itself is opened without following a link or blocking on a FIFO."""
    path = lock_path(db, key)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    folder = os.lstat(path.parent)
    if (not stat.S_ISDIR(folder.st_mode) or folder.st_uid not in (os.geteuid(), 0)
            or folder.st_mode & 0o022):
        raise OSError(errno.EPERM, f"its lock folder {path.parent} is not this user's alone "
                                   "(another user may write in it)")
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC,
                 0o600)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(errno.EPERM, f"its lock file {path} is not a regular file")
    f = os.fdopen(fd, "r+")
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        f.seek(0)
        holder = f.read().split(" ")[0].strip() or "unknown"
        f.close()
        raise LockBusy(holder) from None
    f.seek(0)
    f.truncate()
    f.write(f"{os.getpid()} {key}")
    f.flush()
    return f
