"""Authors of a served ladder database and their submissions over HTTP, in the database
(tables `authors` and `submissions` of harness/storage/ladder_schema.py).

An author row holds only the sha256 of the author's token, never the token. A submission
row is one upload's life: queued, running (with what its smoke games are doing),
registered or refused (with the result as JSON). Who may do what: harness/server/.
"""

from __future__ import annotations

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


class OverLimit(StoreError):
    """A submission refused by a per-author limit; `limit` names which: `versions`, `hourly`
    or `uploading` (another upload of the author's still arriving)."""

    def __init__(self, limit: str, message: str) -> None:
        super().__init__(message)
        self.limit = limit


def reserve(store: Store, author: str, ladder_id: int, ladder: str, name: str, spec: str,
            per_hour: int, versions: int) -> int:
    """A new submission (state `receiving`: its upload is on the way), counted against the
    author's limits in the same write transaction (BEGIN IMMEDIATE), so that parallel
    requests cannot all pass one count: submissions in the last hour below `per_hour`,
    stored versions on the ladder plus submissions not finished yet below `versions`, and
    no other upload of theirs arriving. OverLimit otherwise; its id."""
    since = _now(time.time() - 3600)
    with store.transaction() as db:
        def count(sql: str, *args: Any) -> int:
            return int(db.execute(sql, args).fetchone()[0])

        if count("SELECT count(*) FROM submissions WHERE author=? AND created>=?",
                 author, since) >= per_hour:
            raise OverLimit("hourly", f"at most {per_hour} submissions per hour; try later")
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
                            "a time")
        jid = db.execute("INSERT INTO submissions (author, ladder, name, spec, state, created) "
                         "VALUES (?, ?, ?, ?, 'receiving', ?)",
                         (author, ladder, name, spec, _now())).lastrowid
    assert jid is not None
    return jid


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


def recent(store: Store, author: str, seconds: float) -> int:
    """How many submissions `author` made in the last `seconds`."""
    since = _now(time.time() - seconds)
    return int(store.query("SELECT count(*) FROM submissions WHERE author=? AND created>=?",
                           (author, since))[0][0])
