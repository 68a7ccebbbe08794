"""Schemas 4 and 5 -> 6, the data, in place: every ladder's games counted into the aggregates
(harness/storage/tally.py), the index of each entrant's games filled, the records
compressed into their own table; then the old inline record column dropped.

It goes in batches of BATCH games, one transaction each, and each ladder's progress (the
next game to count, `ladders.migrated`) is written in the same transaction as the batch,
so a kill at any moment loses nothing, counts nothing twice, and the next open of the
database goes on where it stopped. Two processes opening it at once take turns by batch.
The tables and columns come first, in one transaction (ladder_schema.upgrade), and the
schema number becomes 6 in the last one.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

from harness.storage.ladder_schema import columns, pack_record
from harness.storage.tally import FAIL_WINDOW, EntrantTally, add, kinds_of, tally

#: games counted per transaction (a schema-4 record is about 11 KB: some 11 MB a batch)
BATCH = 1000


def remaining(db: sqlite3.Connection) -> int:
    """Games still to be counted, over every ladder."""
    return int(db.execute(
        "SELECT count(*) FROM ladder_games g JOIN ladders l ON l.id=g.ladder_id "
        "WHERE l.migrated IS NOT NULL AND g.idx>=l.migrated").fetchone()[0])


def step(db: sqlite3.Connection, batch: int | None = None) -> bool:
    """Inside the caller's transaction: count the next batch of games (default BATCH) of
    the first ladder not yet migrated (or close that ladder); False when every ladder is
    done."""
    row = db.execute("SELECT id, migrated FROM ladders WHERE migrated IS NOT NULL "
                     "ORDER BY id LIMIT 1").fetchone()
    if row is None:
        return False
    lid, start = row
    inline = "record" in columns(db, "ladder_games")
    games = db.execute(
        "SELECT idx, status, entrants, ranking, scores, failures, outcome, node, "
        f"{'record' if inline else 'NULL'} FROM ladder_games WHERE ladder_id=? AND idx>=? "
        "ORDER BY idx LIMIT ?", (lid, start, batch or BATCH)).fetchall()
    if not games:
        _close(db, lid)
        return True
    _count(db, lid, games)
    last = games[-1][0]
    if inline:
        db.execute("UPDATE ladder_games SET record=NULL WHERE ladder_id=? AND idx>=? AND "
                   "idx<=?", (lid, start, last))
    db.execute("UPDATE ladders SET migrated=? WHERE id=?", (last + 1, lid))
    return True


def _count(db: sqlite3.Connection, lid: int, games: Sequence[Sequence[object]]) -> None:
    """Add one batch of games (idx, status, entrants, ranking, scores, failures, outcome,
    node, record) to ladder `lid`'s aggregates, index and records."""
    known = {i for (i,) in db.execute("SELECT id FROM entrants WHERE ladder_id=?", (lid,))}
    per_entrant: dict[int, EntrantTally] = {}
    per_seat: dict[int, list[float]] = {}
    pairs: dict[tuple[int, int], list[float]] = {}
    seats: dict[tuple[int, int], int] = {}
    nodes: dict[str, int] = {}
    entries = []
    inline = [(idx, bytes(rec)) for idx, *_, rec in games if rec is not None]  # type: ignore[arg-type]
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:  # zlib lets go of the GIL
        records = [(lid, idx, packed) for (idx, _), packed in
                   zip(inline, pool.map(pack_record, [r for _, r in inline]), strict=True)]
    for idx, status, seats_json, ranking, scores, failures, outcome, node, _ in games:
        who: list[int] = json.loads(str(seats_json))
        entries += [(lid, e, idx) for e in set(who) if e in known]
        if status in ("pending", "done"):
            for s, e in enumerate(who):
                if e in known:
                    seats[(e, s)] = seats.get((e, s), 0) + 1
        if status != "done" or not ranking:
            continue
        nodes[str(node or "")] = nodes.get(str(node or ""), 0) + 1
        t = tally(who, json.loads(str(ranking)), json.loads(str(scores)),
                  None if outcome is None else str(outcome),
                  json.loads(str(failures)) if failures else [])
        for e, et in t.entrants.items():
            if e in known:
                add(per_entrant.setdefault(e, EntrantTally()), et)
        for s, (won, place) in enumerate(t.seats):
            total = per_seat.setdefault(s, [0, 0.0, 0])
            total[0] += 1
            total[1] += won
            total[2] += place
        for key, (score, n) in t.pairs.items():
            total = pairs.setdefault(key, [0.0, 0])
            total[0] += score
            total[1] += n
    db.executemany("INSERT OR REPLACE INTO ladder_records (ladder_id, idx, record) "
                   "VALUES (?, ?, ?)", records)
    db.executemany("INSERT OR IGNORE INTO ladder_entries (ladder_id, entrant_id, idx) "
                   "VALUES (?, ?, ?)", entries)
    db.executemany("INSERT INTO entrant_seats (ladder_id, entrant_id, seat, games) "
                   "VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET games=games+excluded.games",
                   [(lid, e, s, n) for (e, s), n in seats.items()])
    db.executemany(
        "INSERT INTO ladder_seats (ladder_id, seat, games, wins, place_sum) VALUES "
        "(?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET games=games+excluded.games, "
        "wins=wins+excluded.wins, place_sum=place_sum+excluded.place_sum",
        [(lid, s, n, w, p) for s, (n, w, p) in per_seat.items()])
    db.executemany(
        "INSERT INTO ladder_pairs (ladder_id, a, b, score, games) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT DO UPDATE SET score=score+excluded.score, games=games+excluded.games",
        [(lid, a, b, s, n) for (a, b), (s, n) in pairs.items()])
    db.executemany("INSERT INTO ladder_nodes (ladder_id, node, games) VALUES (?, ?, ?) "
                   "ON CONFLICT DO UPDATE SET games=games+excluded.games",
                   [(lid, node, n) for node, n in nodes.items()])
    for e, et in per_entrant.items():
        (old,) = db.execute("SELECT failures FROM entrants WHERE id=?", (e,)).fetchone()
        failures = json.loads(old)
        for kind, n in et.failures.items():
            failures[kind] = failures.get(kind, 0) + n
        db.execute("UPDATE entrants SET wins=wins+?, place_sum=place_sum+?, "
                   "score_sum=score_sum+?, failures=? WHERE id=?",
                   (et.wins, et.place_sum, et.score_sum, json.dumps(failures, sort_keys=True),
                    e))


def _close(db: sqlite3.Connection, lid: int) -> None:
    """Ladder `lid` is counted: its rated games and last game, each entrant's recent
    failures (automatic retirement's window), and it is done."""
    (seq,) = db.execute("SELECT coalesce(max(seq), 0) FROM ladder_games WHERE ladder_id=?",
                        (lid,)).fetchone()
    last = db.execute("SELECT finished FROM ladder_games WHERE ladder_id=? AND seq=?",
                      (lid, seq)).fetchone()
    for eid, since in db.execute("SELECT id, counted_from FROM entrants WHERE ladder_id=?",
                                 (lid,)).fetchall():
        recent = []
        for (s,) in db.execute("SELECT seq FROM ladder_history WHERE ladder_id=? AND "
                               "entrant_id=? AND seq>? ORDER BY seq DESC LIMIT ?",
                               (lid, eid, since, FAIL_WINDOW)).fetchall():
            got = db.execute("SELECT entrants, failures FROM ladder_games WHERE ladder_id=? "
                             "AND seq=?", (lid, s)).fetchone()
            if got is not None:
                recent.append(kinds_of(eid, json.loads(got[0]), json.loads(got[1] or "[]")))
        db.execute("UPDATE entrants SET recent=? WHERE id=?", (json.dumps(recent), eid))
    db.execute("UPDATE ladders SET games=?, last_game=?, migrated=NULL, changes=changes+1 "
               "WHERE id=?", (seq, last[0] if last else None, lid))


def drop_inline_records(db: sqlite3.Connection) -> None:
    """Inside the last transaction: the schema-4 column of inline records goes (every
    record was moved to `ladder_records` by then)."""
    if "record" in columns(db, "ladder_games"):
        db.execute("ALTER TABLE ladder_games DROP COLUMN record")
