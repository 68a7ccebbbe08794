"""Validating submissions in the background: a worker thread takes queued uploads one at a
time and runs the same `submit` as `arena ladder submit` (pin, smoke games in the sandbox,
register), writing what it is doing to the submission's row for its status URL. Given a
Ray cluster (`arena ladder serve --address`), the smoke games are played on its nodes,
the bot's files sent with them (harness/cluster/); else here."""

from __future__ import annotations

import logging
import queue
import shutil
import threading
from pathlib import Path
from typing import Any

from engine.common.untrusted import excerpt
from engine.protocol import ArenaError
from harness.ladders.service import LOG_LINES, submit
from harness.storage import authors as jobs_store
from harness.storage.database import Store

log = logging.getLogger("arena.server")


def upload_folder(db: Path, jid: int) -> Path:
    """Where submission `jid`'s archive is unpacked (removed once it is validated)."""
    return db.resolve().parent / "ladder-uploads" / str(jid)


class Worker:
    """One background thread validating queued submissions in order."""

    def __init__(self, db: Path, allow_unsandboxed: bool, address: str | None = None) -> None:
        self.db, self.allow_unsandboxed, self.address = db, allow_unsandboxed, address
        self.todo: queue.Queue[int | None] = queue.Queue()
        self.thread = threading.Thread(target=self._loop, name="arena-submissions",
                                       daemon=True)

    def start(self) -> None:
        """Start; submissions a stopped server left unfinished are refused (their uploads
        are gone with it)."""
        with Store(self.db) as store:
            for jid in jobs_store.unfinished(store):
                jobs_store.update(store, jid, "refused", "the server stopped before it was "
                                  "validated; submit it again",
                                  {"problems": ["the server stopped; submit it again"]})
                shutil.rmtree(upload_folder(self.db, jid), ignore_errors=True)
        self.thread.start()

    def add(self, jid: int) -> None:
        self.todo.put(jid)

    def stop(self) -> None:
        self.todo.put(None)

    def _loop(self) -> None:
        while (jid := self.todo.get()) is not None:
            try:
                with Store(self.db) as store:
                    self.run(store, jid)
            except Exception:  # the operator's log has it; the author sees one line
                log.exception("submission %d failed inside the server", jid)
                try:
                    with Store(self.db) as store:
                        jobs_store.update(store, jid, "refused", "internal error (the "
                                          "operator's log has it)",
                                          {"problems": ["internal error"]})
                except Exception:
                    log.exception("cannot record submission %d", jid)
            finally:
                shutil.rmtree(upload_folder(self.db, jid), ignore_errors=True)

    def run(self, store: Store, jid: int) -> None:
        """Validate submission `jid` and record the outcome."""
        job = jobs_store.job(store, jid)
        if job is None:
            return
        jobs_store.update(store, jid, "running", "pinning the bot")

        def say(text: str) -> None:
            jobs_store.update(store, jid, "running", text)

        try:
            result = submit(store, job.ladder, job.spec, job.name, self.allow_unsandboxed,
                            job.author, progress=say, within=upload_folder(self.db, jid),
                            address=self.address)
        except ArenaError as e:
            jobs_store.update(store, jid, "refused", str(e), {"problems": [str(e)]})
            return
        finally:  # pinned (copied) or refused: the upload is gone before the answer
            shutil.rmtree(upload_folder(self.db, jid), ignore_errors=True)
        e = result.entrant
        if e is None:
            doc: dict[str, Any] = {"problems": result.problems,
                                   "log": excerpt(result.log, tail_lines=LOG_LINES)}
            jobs_store.update(store, jid, "refused", result.problems[0] if result.problems
                              else "refused", doc)
            return
        if result.unchanged:
            what = f"{e.label} is unchanged (same files, hash {e.hash[:12]})"
        elif result.restored:
            what = f"{e.label} is back in matchmaking (same files as that version)"
        else:
            what = f"registered {e.label}"
        replaced = result.replaced.label if result.replaced is not None else None
        jobs_store.update(store, jid, "registered", what,
                          {"label": e.label, "version": e.version, "hash": e.hash,
                           "report": e.report, "replaced": replaced,
                           "unchanged": result.unchanged, "restored": result.restored})
        log.info("submission %d: %s by %s on %s", jid, what, job.author, job.ladder)
