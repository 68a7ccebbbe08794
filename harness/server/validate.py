"""One submission validated in a process of its own, started by the server's worker
(harness/server/jobs.py): `python -m harness.server.validate DB ID PARENT_PID
[--allow-unsandboxed] [--address HOST:PORT]`.

It runs the same `submit` as `arena ladder submit` (pin, smoke games in the sandbox,
register; with `--address HOST:PORT`, the smoke games on that Ray cluster's nodes) in the
main thread of its own process, so an in-process bot meets the hard stop of
a decision (harness/play/deadline.py works in a main thread only), and the worker can kill
the whole validation at its time budget. It dies with the server (PR_SET_PDEATHSIG; the
sandboxed bots die with it in turn). Before a snapshot can exist, the process writes its
pid and the ladder's bot folder into the submission's job file, and the snapshot's folder
once pinned, so whoever finds it killed (the worker, or the next server start) removes
what it left (`jobs.discard`).
"""

from __future__ import annotations

import ctypes
import json
import logging
import os
import signal
import sys
from pathlib import Path
from typing import Any

from engine.common.untrusted import excerpt
from engine.protocol import ArenaError
from harness.ladders.service import LOG_LINES, bot_folder, outcome, submit
from harness.server.jobs import job_file, upload_folder
from harness.server.serving import log_to_stderr
from harness.storage import authors as jobs_store
from harness.storage import ladders as ls
from harness.storage.database import Store, StoreError

log = logging.getLogger("arena.server")


def note(db: Path, jid: int, **fields: Any) -> None:
    """Add `fields` to the job file of submission `jid` (written whole, then renamed)."""
    path = job_file(db, jid)
    try:
        doc = json.loads(path.read_text())
    except (OSError, ValueError):
        doc = {}
    doc.update(fields)
    tmp = path.with_name(path.name + ".tmp")
    tmp.parent.mkdir(parents=True, exist_ok=True)  # a bot without files has no upload
    tmp.write_text(json.dumps(doc))
    tmp.replace(path)


def run(store: Store, db: Path, jid: int, allow_unsandboxed: bool,
        address: str | None = None) -> None:
    """Validate submission `jid` and record the outcome in its row."""
    job = jobs_store.job(store, jid)
    if job is None or job.state != "queued":
        return
    try:
        root = ls.ladder(store, job.ladder).spec.bot_root or str(bot_folder(store, job.ladder))
    except StoreError:
        root = ""
    note(db, jid, pid=os.getpid(), root=root)
    jobs_store.update(store, jid, "running", "pinning the bot")

    started: list[str] = []  # the smoke games' first lines, kept for the status poller

    def say(text: str) -> None:
        if text.endswith(": starting"):
            started.append(text)
        jobs_store.update(store, jid, "running", text, {"started": started})

    try:
        result = submit(store, job.ladder, job.spec, job.name, allow_unsandboxed, job.author,
                        progress=say, within=upload_folder(db, jid), address=address,
                        pinned_hook=lambda snapshot: note(db, jid, snapshot=snapshot))
    except ArenaError as e:
        jobs_store.update(store, jid, "refused", str(e), {"problems": [str(e)]})
        return
    e = result.entrant
    if e is None:
        doc: dict[str, Any] = {"problems": result.problems,
                               "log": excerpt(result.log, tail_lines=LOG_LINES),
                               "started": started}
        jobs_store.update(store, jid, "refused", result.problems[0] if result.problems
                          else "refused", doc)
        return
    if result.unchanged:
        what = f"{e.label} is unchanged (same files, hash {e.hash[:12]})"
    elif result.restored:
        what = f"{e.label} is back in matchmaking (same files as that version)"
    else:
        what = f"registered {e.label}"
    jobs_store.update(store, jid, "registered", what, outcome(result) | {"started": started})
    log.info("submission %d: %s by %s on %s", jid, what, job.author, job.ladder)


def main(argv: list[str]) -> int:
    db, jid, parent = Path(argv[0]), int(argv[1]), int(argv[2])
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the server died before the line above
        return 1
    log_to_stderr()
    try:
        with Store(db) as store:
            rest = argv[3:]
            address = rest[rest.index("--address") + 1] if "--address" in rest[:-1] else None
            run(store, db, jid, "--allow-unsandboxed" in rest, address)
    except Exception:  # the operator's log has it; the worker tells the author one line
        log.exception("submission %d failed inside the server", jid)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
