"""An entrant's life on a ladder, in the database: retired (by its author, or
automatically when it keeps failing), reactivated, deleted; and deleting a whole ladder.

Automatic retirement: an entrant that failed (crash, timeout, illegal or malformed
answer, sandbox violation, memory, output flood: any failure of its own seats) in at
least FAIL_LIMIT of its last FAIL_WINDOW rated games leaves matchmaking, with the reason
stored for `show`, until its author submits again. Only games rated since it was last
(re)activated count, so a resubmitted bot starts with a clean slate.

Who may do what is the service's business (harness/ladders/lifecycle.py); these functions
only write, each in one transaction.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from harness.storage.database import Store

#: an entrant is retired when it failed in at least FAIL_LIMIT of its last FAIL_WINDOW games
FAIL_LIMIT = 6
FAIL_WINDOW = 10
AUTO = "automatically: "


def failing(eid: int, recent: Sequence[tuple[Sequence[int], Sequence[Sequence[Any]]]]
            ) -> str | None:
    """Why entrant `eid` must leave matchmaking, given (entrant per seat, [seat, kind]
    failures) of its most recent games (newest first), or None."""
    kinds: Counter[str] = Counter()
    bad = 0
    window = list(recent)[:FAIL_WINDOW]
    for seats, failures in window:
        mine = {str(kind) for seat, kind in failures if seats[seat] == eid}
        bad += bool(mine)
        kinds.update(mine)
    if bad < FAIL_LIMIT:
        return None
    what = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
    return f"{AUTO}failed in {bad} of its last {len(window)} games ({what})"


def retire_if_failing(db: sqlite3.Connection, lid: int, eids: Iterable[int]) -> None:
    """Inside a game's transaction: retire each of `eids` that now fails too often."""
    for eid in eids:
        row = db.execute("SELECT counted_from FROM entrants WHERE id=? AND retired IS NULL "
                         "AND active=1", (eid,)).fetchone()
        if row is None:
            continue
        recent = db.execute(
            "SELECT g.entrants, g.failures FROM ladder_history h JOIN ladder_games g "
            "ON g.ladder_id=h.ladder_id AND g.seq=h.seq WHERE h.ladder_id=? AND "
            "h.entrant_id=? AND h.seq>? ORDER BY h.seq DESC LIMIT ?",
            (lid, eid, row[0], FAIL_WINDOW)).fetchall()
        why = failing(eid, [(json.loads(s), json.loads(f or "[]")) for s, f in recent])
        if why is not None:
            db.execute("UPDATE entrants SET retired=? WHERE id=?", (why, eid))


def retire(store: Store, eid: int, reason: str) -> None:
    """Take entrant `eid` out of matchmaking; its games and history stay."""
    with store.transaction() as db:
        db.execute("UPDATE entrants SET retired=? WHERE id=?", (reason, eid))


def activate(store: Store, lid: int, eid: int) -> None:
    """Make entrant `eid` its name's current version, in matchmaking with the rating it
    had; the other versions of the name leave. Automatic retirement counts afresh."""
    with store.transaction() as db:
        (name,) = db.execute("SELECT name FROM entrants WHERE id=?", (eid,)).fetchone()
        (seq,) = db.execute("SELECT coalesce(max(seq), 0) FROM ladder_games WHERE ladder_id=?",
                            (lid,)).fetchone()
        db.execute("UPDATE entrants SET active=0 WHERE ladder_id=? AND name=?", (lid, name))
        db.execute("UPDATE entrants SET active=1, retired=NULL, counted_from=? WHERE id=?",
                   (seq, eid))


def delete_entrant(store: Store, lid: int, name: str) -> tuple[list[str], int]:
    """Remove every version of bot `name` with its rating history; its games that are
    still to be played are cancelled, its played games stay (others' ratings came from
    them; it shows there as deleted). Returns its snapshots no other entrant uses, and how
    many games were cancelled."""
    with store.transaction() as db:
        rows = db.execute("SELECT id, snapshot FROM entrants WHERE ladder_id=? AND name=?",
                          (lid, name)).fetchall()
        ids = {eid for eid, _ in rows}
        pending = db.execute("SELECT idx, entrants FROM ladder_games WHERE ladder_id=? AND "
                             "status='pending'", (lid,)).fetchall()
        cancel = [(lid, idx) for idx, seats in pending if ids & set(json.loads(seats))]
        db.executemany("UPDATE ladder_games SET status='cancelled' WHERE ladder_id=? AND "
                       "idx=? AND status='pending'", cancel)
        db.executemany("DELETE FROM ladder_history WHERE ladder_id=? AND entrant_id=?",
                       [(lid, eid) for eid in ids])
        db.executemany("DELETE FROM entrants WHERE id=?", [(eid,) for eid in ids])
        kept = {s for (s,) in db.execute("SELECT snapshot FROM entrants WHERE snapshot IS "
                                         "NOT NULL")}
    return sorted({s for _, s in rows if s and s not in kept}), len(cancel)


def delete_ladder(store: Store, lid: int) -> None:
    """Remove a ladder with its entrants, games, records and history."""
    with store.transaction() as db:
        for (name,) in db.execute("SELECT name FROM ladders WHERE id=?", (lid,)).fetchall():
            db.execute("DELETE FROM node_failures WHERE driver=?", (f"ladder {name}",))
            db.execute("DELETE FROM cluster_status WHERE driver=?", (f"ladder {name}",))
        for table in ("ladder_history", "ladder_games", "entrants"):
            db.execute(f"DELETE FROM {table} WHERE ladder_id=?", (lid,))  # noqa: S608
        db.execute("DELETE FROM ladders WHERE id=?", (lid,))
