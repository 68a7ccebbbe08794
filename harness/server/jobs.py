"""Validating submissions in the background: a worker thread takes queued uploads one at a
time, the authors in turn (one author's many slow submissions delay another's by one
validation at most, not by all of theirs), and validates each in a process of its own
(harness/server/validate.py: the same `submit` as `arena ladder submit`), which writes
what it is doing to the submission's row for its status URL. A validation that runs past
its time budget is killed, and so is one running when the server stops; what a killed
validation left (its upload, a snapshot no entrant uses) is removed then, or at the next
start if the server itself was killed. Given a Ray cluster (`arena ladder serve
--address`), each validation joins it and plays its smoke games on its nodes, the bot's
files sent with them (harness/cluster/)."""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import stat
import subprocess
import sys
import threading
from collections import deque
from pathlib import Path

from harness.ladders.service import BOT_FOLDERS, LadderError
from harness.storage import authors as jobs_store
from harness.storage import ladders as ls
from harness.storage.database import Store, StoreError

log = logging.getLogger("arena.server")

#: seconds a validation (pinning and every smoke game) may take by default
VALIDATION_SECONDS = 300.0


def keep_private(db: Path) -> None:
    """Before serving `db`: its folder must be writable by its owner alone (root, or this
    user), for whoever else may write there could plant the database's write-ahead log
    (and with it any row: an author's token, a snapshot's path) or the upload and bot
    folders; then every file the server writes is this user's alone (umask 077), and the
    database, the uploads and the bots' snapshots already there are closed to others (their
    code, and the logs a record shows only to their authors). LadderError otherwise; a
    missing database is left to the store to name."""
    if not db.is_file():
        return
    folder = db.resolve().parent
    st = folder.stat()
    if st.st_uid not in (os.geteuid(), 0) or st.st_mode & 0o022:
        raise LadderError(f"cannot serve {db}: other users may write in its folder {folder}; "
                          "keep a served database in a folder of its own (chmod go-w)")
    os.umask(0o077)
    for path in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
        if path.exists() and path.stat().st_uid == os.geteuid():
            path.chmod(path.stat().st_mode & 0o700)
    for sub in (folder / BOT_FOLDERS, upload_folder(db, 0).parent):
        sub.mkdir(mode=0o700, exist_ok=True)
        st = os.lstat(sub)
        if not stat.S_ISDIR(st.st_mode) or st.st_uid not in (os.geteuid(), 0):
            raise LadderError(f"cannot serve {db}: {sub} is not this user's folder")
        sub.chmod(0o700)


def upload_folder(db: Path, jid: int) -> Path:
    """Where submission `jid`'s archive is unpacked (removed once it is validated)."""
    return db.resolve().parent / "ladder-uploads" / str(jid)


def job_file(db: Path, jid: int) -> Path:
    """What submission `jid`'s validation wrote down: its pid, bot folder and snapshot."""
    return db.resolve().parent / "ladder-uploads" / f"{jid}.job"


def discard(store: Store, db: Path, jid: int) -> None:
    """Remove what submission `jid` left: its upload, its job file, and the snapshot and
    half-written folders of a validation that did not finish (a snapshot an entrant of its
    ladder uses stays)."""
    shutil.rmtree(upload_folder(db, jid), ignore_errors=True)
    path = job_file(db, jid)
    try:
        doc = json.loads(path.read_text())
    except (OSError, ValueError):
        doc = {}
    job = jobs_store.job(store, jid)
    snapshot, root, pid = doc.get("snapshot"), doc.get("root"), doc.get("pid")
    if snapshot and job is not None and job.state != "registered":
        try:
            used = any(e.snapshot == snapshot
                       for e in ls.entrants(store, ls.ladder(store, job.ladder).id))
        except StoreError:  # the ladder is gone
            used = False
        if not used:
            shutil.rmtree(snapshot, ignore_errors=True)
    if root and isinstance(pid, int):  # submission.write's temporary folders
        for tmp in Path(root).glob(f".*.tmp{pid}"):
            shutil.rmtree(tmp, ignore_errors=True)
    path.unlink(missing_ok=True)


class Worker:
    """One background thread validating queued submissions, each in a process killed after
    `budget` seconds: each author's in the order they came, the authors in turn."""

    def __init__(self, db: Path, allow_unsandboxed: bool,
                 budget: float = VALIDATION_SECONDS, address: str | None = None) -> None:
        self.db, self.allow_unsandboxed, self.budget = db, allow_unsandboxed, budget
        self.address = address
        self.todo: dict[str, deque[int]] = {}  # author -> their queued submissions
        self.turns: deque[str] = deque()  # authors with submissions queued, next first
        self.ready = threading.Condition()
        self.thread = threading.Thread(target=self._loop, name="arena-submissions",
                                       daemon=True)
        self.current: subprocess.Popen[bytes] | None = None
        self.stopping = False

    def start(self) -> None:
        """Start; submissions a stopped server left unfinished are refused, and what their
        validations left is removed (their uploads are gone with it)."""
        with Store(self.db) as store:
            for jid in jobs_store.unfinished(store):
                jobs_store.update(store, jid, "refused", "the server stopped before it was "
                                  "validated; submit it again",
                                  {"problems": ["the server stopped; submit it again"]})
                discard(store, self.db, jid)
        self.thread.start()

    def add(self, jid: int, author: str) -> None:
        with self.ready:
            if author not in self.todo:
                self.todo[author] = deque()
                self.turns.append(author)
            self.todo[author].append(jid)
            self.ready.notify()

    def _next(self) -> int | None:
        """The next submission to validate (its author's turn), or None once stopping."""
        with self.ready:
            self.ready.wait_for(lambda: self.stopping or bool(self.turns))
            if self.stopping:
                return None
            author = self.turns.popleft()
            jid = self.todo[author].popleft()
            if self.todo[author]:
                self.turns.append(author)  # their next one after everyone else's
            else:
                del self.todo[author]
            return jid

    def stop(self) -> None:
        """Stop taking submissions; a validation under way is killed (and refused)."""
        with self.ready:
            self.stopping = True
            self.ready.notify_all()
        self._kill()

    def _kill(self) -> None:
        proc = self.current
        if proc is not None and proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def _loop(self) -> None:
        while (jid := self._next()) is not None:
            try:
                why = self._validate(jid)
                with Store(self.db) as store:
                    job = jobs_store.job(store, jid)
                    if job is not None and job.state not in ("registered", "refused"):
                        jobs_store.update(store, jid, "refused", why, {"problems": [why]})
                    discard(store, self.db, jid)
            except Exception:  # the operator's log has it
                log.exception("cannot finish submission %d", jid)

    def _validate(self, jid: int) -> str:
        """Run the validation of `jid`; what to tell its author if it did not finish."""
        argv = [sys.executable, "-m", "harness.server.validate", str(self.db), str(jid),
                str(os.getpid())] + (["--allow-unsandboxed"] if self.allow_unsandboxed else [])
        argv += ["--address", self.address] if self.address else []
        if self.stopping:
            return "the server stopped before it was validated; submit it again"
        self.current = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, start_new_session=True)
        try:
            self.current.wait(self.budget)
        except subprocess.TimeoutExpired:
            self._kill()
            self.current.wait()
            log.info("submission %d: validation stopped after %g s", jid, self.budget)
            return (f"the validation took longer than {self.budget:g} s (its smoke games "
                    "with the ladder's time control); make the bot faster")
        finally:
            code, self.current = self.current.returncode, None
        if self.stopping:
            return "the server stopped before it was validated; submit it again"
        return "internal error (the operator's log has it)" if code else "refused"
