"""An entrant's life on a ladder, in the database: retired (by its author, or
automatically when it keeps failing: the rule is harness/storage/tally.py's), reactivated,
deleted; and deleting a whole ladder.

Automatic retirement happens in the transaction of the game that tipped it
(harness/storage/ladders.py `finish_game`), from the entrant's recent failures kept in its
row; only games rated since it was last (re)activated count, so a resubmitted bot starts
with a clean slate. Every change here counts in the ladder's roster, so a running driver
re-reads only the entrants that changed.

Who may do what is the service's business (harness/ladders/lifecycle.py); these functions
only write, each in one transaction.
"""

from __future__ import annotations

import json

from harness.storage.database import Store
from harness.storage.ladders import bump, count_seats

#: every table holding rows of one ladder (`ladders` itself aside)
LADDER_TABLES = ("ladder_history", "ladder_games", "ladder_records", "ladder_entries",
                 "entrant_seats", "ladder_seats", "ladder_pairs", "ladder_nodes", "entrants")


def retire(store: Store, eid: int, reason: str) -> None:
    """Take entrant `eid` out of matchmaking; its games and history stay."""
    with store.transaction() as db:
        (lid,) = db.execute("SELECT ladder_id FROM entrants WHERE id=?", (eid,)).fetchone()
        db.execute("UPDATE entrants SET retired=?, rev=? WHERE id=?",
                   (reason, bump(db, lid, roster=True), eid))


def activate(store: Store, lid: int, eid: int) -> None:
    """Make entrant `eid` its name's current version, in matchmaking with the rating it
    had; the other versions of the name leave. Automatic retirement counts afresh."""
    with store.transaction() as db:
        (name,) = db.execute("SELECT name FROM entrants WHERE id=?", (eid,)).fetchone()
        (seq,) = db.execute("SELECT games FROM ladders WHERE id=?", (lid,)).fetchone()
        rev = bump(db, lid, roster=True)
        db.execute("UPDATE entrants SET active=0, rev=? WHERE ladder_id=? AND name=?",
                   (rev, lid, name))
        db.execute("UPDATE entrants SET active=1, retired=NULL, counted_from=?, recent='[]' "
                   "WHERE id=?", (seq, eid))


def delete_entrant(store: Store, lid: int, name: str) -> tuple[list[str], int]:
    """Remove every version of bot `name` with its rating history; its games that are
    still to be played are cancelled, its played games stay (others' ratings came from
    them, and so do the pairs the maximum-likelihood Elo fits; it shows there as deleted).
    Returns its snapshots no other entrant uses, and how many games were cancelled."""
    with store.transaction() as db:
        rows = db.execute("SELECT id, snapshot FROM entrants WHERE ladder_id=? AND name=?",
                          (lid, name)).fetchall()
        ids = {eid for eid, _ in rows}
        pending = db.execute("SELECT idx, entrants FROM ladder_games WHERE ladder_id=? AND "
                             "status='pending'", (lid,)).fetchall()
        cancel = [(idx, json.loads(seats)) for idx, seats in pending
                  if ids & set(json.loads(seats))]
        for idx, seats in cancel:
            db.execute("UPDATE ladder_games SET status='cancelled' WHERE ladder_id=? AND "
                       "idx=?", (lid, idx))
            count_seats(db, lid, seats, -1)
        for table in ("ladder_history", "ladder_entries", "entrant_seats", "entrants"):
            column = "id" if table == "entrants" else "entrant_id"
            db.executemany(f"DELETE FROM {table} WHERE {column}=? AND ladder_id=?",  # noqa: S608
                           [(eid, lid) for eid in ids])
        bump(db, lid, roster=True)
        kept = {s for (s,) in db.execute("SELECT snapshot FROM entrants WHERE snapshot IS "
                                         "NOT NULL")}
    return sorted({s for _, s in rows if s and s not in kept}), len(cancel)


def delete_ladder(store: Store, lid: int) -> None:
    """Remove a ladder with its entrants, games, records, history and aggregates."""
    with store.transaction() as db:
        for (name,) in db.execute("SELECT name FROM ladders WHERE id=?", (lid,)).fetchall():
            db.execute("DELETE FROM node_failures WHERE driver=?", (f"ladder {name}",))
            db.execute("DELETE FROM cluster_status WHERE driver=?", (f"ladder {name}",))
        for table in LADDER_TABLES:
            db.execute(f"DELETE FROM {table} WHERE ladder_id=?", (lid,))  # noqa: S608
        db.execute("DELETE FROM ladders WHERE id=?", (lid,))
