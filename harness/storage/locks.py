"""Driver locks: one writer per ladder and per tournament Elo ladder, not per database.

A lock is an exclusive `flock` on a small file in the folder `<database>.locks/` beside
the database; the kernel drops it when its process dies (even by `kill -9`), so a killed
driver never leaves a stale lock. The file holds the holder's pid and what it locks.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
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
    """Hold the lock of `key` (release: close the returned file), or raise LockBusy."""
    path = lock_path(db, key)
    path.parent.mkdir(parents=True, exist_ok=True)
    f = open(path, "a+")  # noqa: SIM115 - held open for the lock's lifetime
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
