"""Authors of a served ladder database and their submissions over HTTP, in the database
(tables `authors` and `submissions` of harness/storage/ladder_schema.py).

An author row holds only the sha256 of the author's token, never the token. A submission
row is one upload's life: queued, running (with what its smoke games are doing),
registered or refused (with the result as JSON). Who may do what: harness/server/.
"""

from __future__ import annotations

import calendar
import json
import time
from typing import Any

import msgspec

from harness.storage.database import Store, StoreError


class Author(msgspec.Struct, kw_only=True):
    name: str
    token_hash: str | None  # None: revoked
    created: str
    changed: str


class Job(msgspec.Struct, kw_only=True):
    """One submission over HTTP."""

    id: int
    author: str
    ladder: str
    name: str
    spec: str
    state: str
    detail: str
    result: dict[str, Any] | None
    created: str
    finished: str | None


def _now(at: float | None = None) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(at))


def add(store: Store, name: str, token_hash: str) -> None:
    """A new author with this token hash (StoreError if the name is taken)."""
    with store.transaction() as db:
        if db.execute("SELECT 1 FROM authors WHERE name=?", (name,)).fetchone():
            raise StoreError(f"author {name!r} already exists; `arena ladder author renew "
                             f"{name}` issues a new token")
        db.execute("INSERT INTO authors (name, token_hash, created, changed) "
                   "VALUES (?, ?, ?, ?)", (name, token_hash, _now(), _now()))


def set_token(store: Store, name: str, token_hash: str | None) -> None:
    """Replace (or with None, revoke) the token of author `name`."""
    with store.transaction() as db:
        cur = db.execute("UPDATE authors SET token_hash=?, changed=? WHERE name=?",
                         (token_hash, _now(), name))
        if cur.rowcount != 1:
            raise StoreError(f"no author {name!r}; `arena ladder author add {name}` adds one")


def authors(store: Store) -> list[Author]:
    rows = store.query("SELECT name, token_hash, created, changed FROM authors ORDER BY name")
    return [Author(name=n, token_hash=h, created=c, changed=ch) for n, h, c, ch in rows]


#: the states of a submission not finished yet: its upload arriving, waiting, validating
PENDING = ("receiving", "queued", "running")


#: submissions that spend no allowance: registered with the files of a version already
#: there (unchanged, or an older version brought back), so no smoke game was played
FREE = ("state='registered' AND (coalesce(json_extract(result, '$.unchanged'), 0) "
        "OR coalesce(json_extract(result, '$.restored'), 0))")


class OverLimit(StoreError):
    """A submission refused by a per-author limit; `limit` names which: `versions`, `hourly`
    or `uploading` (another upload of the author's still arriving); `retry_after`: seconds
    until the next submission is allowed, when known."""

    def __init__(self, limit: str, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.limit = limit
        self.retry_after = retry_after


def reserve(store: Store, author: str, ladder_id: int, ladder: str, name: str, spec: str,
            per_hour: int, versions: int, check_only: bool = False) -> int:
    """A new submission (state `receiving`: its upload is on the way), counted against the
    author's limits in the same write transaction (BEGIN IMMEDIATE), so that parallel
    requests cannot all pass one count: submissions in the last hour below `per_hour`
    (those that played no smoke game, `FREE`, not counted), stored versions on the ladder
    plus submissions not finished yet below `versions`, and no other upload of theirs
    arriving. OverLimit otherwise; its id (`check_only`: the limits only, nothing
    reserved, 0)."""
    now = time.time()
    since = _now(now - 3600)
    with store.transaction() as db:
        def count(sql: str, *args: Any) -> int:
            return int(db.execute(sql, args).fetchone()[0])

        spent = [c for (c,) in db.execute(
            f"SELECT created FROM submissions WHERE author=? AND created>=? AND NOT ({FREE}) "
            "ORDER BY created", (author, since))]
        if len(spent) >= per_hour:
            freed = _epoch(spent[len(spent) - per_hour]) + 3600  # when it leaves the hour
            wait = max(1, int(freed - now) + 1)
            raise OverLimit("hourly", f"at most {per_hour} submissions per hour (an unchanged "
                            f"resubmission is not counted); your next one is allowed in "
                            f"{_duration(wait)}, at {_now(now + wait)[11:16]} UTC", wait)
        stored = count("SELECT count(*) FROM entrants WHERE ladder_id=? AND author=?",
                       ladder_id, author)
        pending = count("SELECT count(*) FROM submissions WHERE author=? AND ladder=? AND "
                        "state IN (?, ?, ?)", author, ladder, *PENDING)
        if stored + pending >= versions:
            raise OverLimit("versions", f"you have {stored} stored versions on {ladder!r} and "
                            f"{pending} submissions not finished (the limit is {versions}); "
                            "delete an old bot first" if pending else
                            f"you have {stored} stored versions on {ladder!r} (the limit is "
                            f"{versions}); delete an old bot first")
        if count("SELECT count(*) FROM submissions WHERE author=? AND state='receiving'",
                 author):
            raise OverLimit("uploading", "another upload of yours is still arriving; one at "
                            "a time (try again in a few seconds)", 5)
        if check_only:
            return 0
        jid = db.execute("INSERT INTO submissions (author, ladder, name, spec, state, created) "
                         "VALUES (?, ?, ?, ?, 'receiving', ?)",
                         (author, ladder, name, spec, _now())).lastrowid
    assert jid is not None
    return jid


def _epoch(stamp: str) -> float:
    return calendar.timegm(time.strptime(stamp, "%Y-%m-%d %H:%M:%S"))


def _duration(seconds: int) -> str:
    """`45 s`, `14 min`, `1 h 2 min`."""
    if seconds < 60:
        return f"{seconds} s"
    minutes = -(-seconds // 60)
    if minutes <= 60:
        return f"{minutes} min"
    return f"{minutes // 60} h" + (f" {minutes % 60} min" if minutes % 60 else "")


def update(store: Store, jid: int, state: str, detail: str,
           result: dict[str, Any] | None = None) -> None:
    """Submission `jid` is now `state`; a final state (registered, refused) keeps `result`."""
    final = state in ("registered", "refused")
    with store.transaction() as db:
        db.execute("UPDATE submissions SET state=?, detail=?, result=?, finished=? WHERE id=?",
                   (state, detail, json.dumps(result) if result is not None else None,
                    _now() if final else None, jid))


def job(store: Store, jid: int) -> Job | None:
    rows = store.query("SELECT id, author, ladder, name, spec, state, detail, result, created, "
                       "finished FROM submissions WHERE id=?", (jid,))
    if not rows:
        return None
    i, author, ladder, name, spec, state, detail, result, created, finished = rows[0]
    return Job(id=i, author=author, ladder=ladder, name=name, spec=spec, state=state,
               detail=detail, result=json.loads(result) if result else None, created=created,
               finished=finished)


def unfinished(store: Store) -> list[int]:
    """Submissions arriving, queued or running (a server stopped while they waited), oldest
    first."""
    return [r[0] for r in store.query("SELECT id FROM submissions WHERE state IN (?, ?, ?) "
                                      "ORDER BY id", PENDING)]


def pending(store: Store, ladder: str) -> list[tuple[str, str]]:
    """(bot name, author) of the submissions to `ladder` not finished yet."""
    return [(n, a) for n, a in store.query(
        "SELECT name, author FROM submissions WHERE ladder=? AND state IN (?, ?, ?)",
        (ladder, *PENDING))]


def mine(store: Store, author: str, limit: int) -> list[Job]:
    """`author`'s latest `limit` submissions, newest first."""
    ids = [r[0] for r in store.query("SELECT id FROM submissions WHERE author=? "
                                     "ORDER BY id DESC LIMIT ?", (author, limit))]
    return [j for j in (job(store, i) for i in ids) if j is not None]
