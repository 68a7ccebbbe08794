"""Ladders of submitted bots in the arena database (tables: ladder_schema.py). This module
and lifecycle.py are the ladders' storage interface: every read and write of a ladder goes
through their functions (SQLite is the embedded implementation; docs/ladders.md says when
an operator needs another and what it would take).

A ladder is one game set-up and time control (`LadderSpec`) with its entrants: pinned,
versioned bots, each with its Weng-Lin rating, online Elo and the aggregates of its rated
games (harness/storage/tally.py). Its games are written `pending` when matchmaking picks
them and `done` (with the record, ratings, one history row per entrant, the aggregates and
any automatic retirement) in one transaction when their result arrives, so a kill at any
moment loses nothing and rates nothing twice.

Reads cost what they show: standings read entrants and the per-seat totals, never games;
a game is read by its key, a bot's games and rating history through an index, a page at a
time; records are stored apart, zlib-compressed, and read only when asked for. Retiring,
reactivating and deleting: lifecycle.py.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

import msgspec
import numpy as np

from harness.storage.database import Store, StoreError, stamp
from harness.storage.ladder_schema import pack_record, unpack_record
from harness.storage.tally import FAIL_WINDOW, failing_kinds, tally
from ratings.elo import BASE
from ratings.weng_lin import Skill


class LadderSpec(msgspec.Struct, kw_only=True, frozen=True):
    """What defines a ladder (stored as JSON)."""

    game: str
    num_players: int = 2
    options: dict[str, Any] = {}
    time_per_move: float | None = None
    clock: str | None = None  # "60+0.5": a game clock with an increment per decision
    modules: tuple[str, ...] = ()  # plug-in game modules (as for tournaments)
    bot_root: str = ""  # where the snapshots of the entrants' files live
    seed: int = 0

    def to_json(self) -> str:
        return msgspec.json.encode(self).decode()

    @classmethod
    def from_json(cls, text: str) -> LadderSpec:
        return msgspec.json.decode(text, type=cls)

    def time_control(self) -> str:
        if self.clock:
            return f"clock {self.clock}"
        return f"{self.time_per_move:g} s/decision" if self.time_per_move else "none"


class Ladder(msgspec.Struct, kw_only=True):
    id: int
    name: str
    spec: LadderSpec
    created: str
    owner: str = ""  # the author who created it ('' : a ladder from before owners)
    games: int = 0  # rated games
    last_game: str | None = None
    changes: int = 0  # counts every change a reader would see
    ml_seq: int | None = None  # the cached maximum-likelihood Elo is of this game
    ml_at: str | None = None


class Entrant(msgspec.Struct, kw_only=True):
    """One version of a submitted bot, with the aggregates of its rated games."""

    id: int
    name: str
    version: int
    spec: str
    run_spec: str
    hash: str
    snapshot: str | None
    active: bool
    submitted: str
    report: str | None
    mu: float
    sigma: float
    elo: float
    games: int
    last_played: str | None
    author: str = ""  # who owns the name ('' : entered before owners)
    retired: str | None = None  # why it left matchmaking
    counted_from: int = 0  # automatic retirement counts its games rated after this seq
    wins: float = 0.0  # shares of first place
    place_sum: int = 0
    score_sum: float = 0.0
    failures: dict[str, int] = {}
    recent: list[list[str]] = []  # failure kinds per game since counted_from, newest first
    rev: int = 0
    ml_elo: float | None = None
    ml_low: float | None = None
    ml_high: float | None = None

    @property
    def label(self) -> str:
        return f"{self.name} v{self.version}"

    @property
    def playing(self) -> bool:
        """In matchmaking: the name's current version, not retired."""
        return self.active and self.retired is None

    @property
    def state(self) -> str:
        """playing, retired (with the reason) or replaced (an older version)."""
        if not self.active:
            return "replaced"
        return "playing" if self.retired is None else f"retired: {self.retired}"

    @property
    def skill(self) -> Skill:
        return Skill(self.mu, self.sigma)


class LadderGame(msgspec.Struct, kw_only=True):
    idx: int
    seed: int
    entrants: list[int]
    status: str
    outcome: str | None = None
    scores: list[int] | None = None
    ranking: list[int] | None = None
    failures: list[tuple[int, str]] = []
    seconds: float | None = None
    error: str | None = None
    seq: int | None = None
    finished: str | None = None
    node: str | None = None  # address of the node that played it


class Rated(msgspec.Struct, kw_only=True):
    """One entrant's ratings after a game."""

    entrant: int
    mu: float
    sigma: float
    elo: float


_ENTRANT = ("id, name, version, spec, run_spec, hash, snapshot, active, submitted, report, "
            "mu, sigma, elo, games, last_played, author, retired, counted_from, wins, "
            "place_sum, score_sum, failures, recent, rev, ml_elo, ml_low, ml_high")
_GAME = ("idx, seed, entrants, status, outcome, scores, ranking, failures, seconds, error, "
         "seq, finished, node")
_LADDER = ("SELECT id, name, spec, created, owner, games, last_game, changes, ml_seq, ml_at "
           "FROM ladders")


def _entrant(row: Sequence[Any]) -> Entrant:
    d = dict(zip(_ENTRANT.split(", "), row, strict=True))
    d["active"] = bool(d["active"])
    d["failures"] = json.loads(d["failures"])
    d["recent"] = json.loads(d["recent"])
    return Entrant(**d)


def _game(row: Sequence[Any]) -> LadderGame:
    d = dict(zip(_GAME.split(", "), row, strict=True))
    for k in ("entrants", "scores", "ranking"):
        d[k] = json.loads(d[k]) if d[k] else None
    d["failures"] = [tuple(f) for f in json.loads(d["failures"])] if d["failures"] else []
    return LadderGame(**d)


def _ladder(row: Sequence[Any]) -> Ladder:
    lid, name, spec, created, owner, games, last, changes, ml_seq, ml_at = row
    return Ladder(id=lid, name=name, spec=LadderSpec.from_json(spec), created=created,
                  owner=owner, games=games, last_game=last, changes=changes, ml_seq=ml_seq,
                  ml_at=ml_at)


def bump(db: sqlite3.Connection, lid: int, roster: bool = False) -> int:
    """Inside a transaction: count a change of ladder `lid` readers see (and, with
    `roster`, of its entrants); returns the roster count after it."""
    return int(db.execute("UPDATE ladders SET changes=changes+1, roster=roster+? WHERE id=? "
                          "RETURNING roster", (int(roster), lid)).fetchall()[0][0])


# --- ladders ---------------------------------------------------------------------------------
def create_ladder(store: Store, name: str, spec: LadderSpec, owner: str = "") -> Ladder:
    with store.transaction() as db:
        if db.execute("SELECT 1 FROM ladders WHERE name=?", (name,)).fetchone():
            raise StoreError(f"ladder {name!r} already exists in {store.path}; "
                             "choose another name")
        db.execute("INSERT INTO ladders (name, spec, created, owner) VALUES (?, ?, ?, ?)",
                   (name, spec.to_json(), stamp(), owner))
    return ladder(store, name)


def ladder(store: Store, name: str) -> Ladder:
    rows = store.query(f"{_LADDER} WHERE name=?", (name,))
    if not rows:
        known = ", ".join(x.name for x in ladders(store)) or "none"
        raise StoreError(f"no ladder {name!r} in {store.path}; known: {known}")
    return _ladder(rows[0])


def ladders(store: Store) -> list[Ladder]:
    return [_ladder(r) for r in store.query(f"{_LADDER} ORDER BY id")]


def counters(store: Store, lid: int) -> tuple[int, int]:
    """(changes, roster) of ladder `lid`: what a cache or a running driver compares."""
    row = store.query("SELECT changes, roster FROM ladders WHERE id=?", (lid,))
    return (int(row[0][0]), int(row[0][1])) if row else (-1, -1)


def version_of_all(store: Store) -> tuple[int, int, int]:
    """Changes to any ladder, how many there are, the newest id: a cache key of the list."""
    row = store.query("SELECT coalesce(sum(changes), 0), count(*), coalesce(max(id), 0) "
                      "FROM ladders")[0]
    return int(row[0]), int(row[1]), int(row[2])


def active_counts(store: Store) -> dict[int, int]:
    """Entrants in matchmaking per ladder id."""
    return {lid: n for lid, n in store.query(
        "SELECT ladder_id, count(*) FROM entrants WHERE active=1 AND retired IS NULL "
        "GROUP BY ladder_id")}


# --- entrants --------------------------------------------------------------------------------
def entrants(store: Store, lid: int, active_only: bool = False) -> list[Entrant]:
    """Every version of every entrant (`active_only`: those in matchmaking)."""
    sql = f"SELECT {_ENTRANT} FROM entrants WHERE ladder_id=?"
    sql += " AND active=1 AND retired IS NULL" if active_only else ""
    return [_entrant(r) for r in store.query(sql + " ORDER BY id", (lid,))]


def entrant_count(store: Store, lid: int) -> int:
    """How many entrants (every version) ladder `lid` has."""
    return int(store.query("SELECT count(*) FROM entrants WHERE ladder_id=?", (lid,))[0][0])


def entrant(store: Store, eid: int) -> Entrant:
    return _entrant(store.query(f"SELECT {_ENTRANT} FROM entrants WHERE id=?", (eid,))[0])


def entrants_by_id(store: Store, ids: Sequence[int]) -> dict[int, Entrant]:
    """The entrants of `ids` that still exist (a deleted one is missing)."""
    wanted = sorted(set(ids))
    marks = ", ".join("?" * len(wanted))
    return {e.id: e for e in map(_entrant, store.query(
        f"SELECT {_ENTRANT} FROM entrants WHERE id IN ({marks})", wanted))} if wanted else {}


def changed_entrants(store: Store, lid: int, rev: int) -> tuple[list[Entrant], set[int]]:
    """The entrants changed since roster count `rev` (submitted, replaced, retired,
    reactivated), and the ids of every entrant that exists (the others were deleted)."""
    changed = [_entrant(r) for r in store.query(
        f"SELECT {_ENTRANT} FROM entrants WHERE ladder_id=? AND rev>? ORDER BY id", (lid, rev))]
    ids = {i for (i,) in store.query("SELECT id FROM entrants WHERE ladder_id=?", (lid,))}
    return changed, ids


def add_entrant(store: Store, lid: int, name: str, spec: str, run_spec: str, digest: str,
                snapshot: str | None, report: str, author: str = "") -> Entrant:
    """Register a new version of `name` (owned by `author`); earlier versions leave
    matchmaking."""
    with store.transaction() as db:
        (last,) = db.execute("SELECT coalesce(max(version), 0) FROM entrants "
                             "WHERE ladder_id=? AND name=?", (lid, name)).fetchone()
        (seq,) = db.execute("SELECT games FROM ladders WHERE id=?", (lid,)).fetchone()
        rev = bump(db, lid, roster=True)
        db.execute("UPDATE entrants SET active=0, rev=? WHERE ladder_id=? AND name=?",
                   (rev, lid, name))
        skill = Skill()
        eid = db.execute(
            "INSERT INTO entrants (ladder_id, name, version, spec, run_spec, hash, snapshot, "
            "submitted, report, mu, sigma, elo, author, counted_from, rev) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (lid, name, last + 1, spec, run_spec, digest, snapshot, stamp(), report,
             skill.mu, skill.sigma, BASE, author, seq, rev)).lastrowid
    assert eid is not None
    return entrant(store, eid)


def seat_counts(store: Store, lid: int, num_players: int) -> dict[int, list[int]]:
    """Games played or pending per entrant and seat (matchmaking rotates seats by them)."""
    out: dict[int, list[int]] = {}
    for eid, seat, n in store.query("SELECT entrant_id, seat, games FROM entrant_seats "
                                    "WHERE ladder_id=?", (lid,)):
        if seat < num_players:
            out.setdefault(eid, [0] * num_players)[seat] = n
    return out


def seat_totals(store: Store, lid: int) -> list[tuple[int, float, int]]:
    """Per seat, in order: rated games, shares of first place, places summed (0 = first)."""
    return [(n, w, p) for _, n, w, p in store.query(
        "SELECT seat, games, wins, place_sum FROM ladder_seats WHERE ladder_id=? ORDER BY seat",
        (lid,))]


def node_totals(store: Store, lid: int) -> dict[str, int]:
    """Rated games per node that played them ('' : before nodes were recorded)."""
    return {node: int(n) for node, n in store.query(
        "SELECT node, games FROM ladder_nodes WHERE ladder_id=?", (lid,))}


def pair_totals(store: Store, lid: int) -> list[tuple[int, int, float, int]]:
    """Per pair of entrants that met (a < b): a's score against b, their games."""
    return [tuple(r) for r in store.query(  # type: ignore[misc]
        "SELECT a, b, score, games FROM ladder_pairs WHERE ladder_id=?", (lid,))]


#: the rows of `ml_input`'s array
PAIR_ROW = np.dtype([("a", np.int64), ("b", np.int64), ("score", float), ("games", float)])


def ml_input(store: Store, lid: int) -> tuple[int, np.ndarray]:
    """The rated games and the pair totals (an array of PAIR_ROW, 32 bytes a pair) of
    ladder `lid`, read as of one moment: what a maximum-likelihood fit is made of, and
    the game it is of."""
    with store.snapshot():
        (games,) = store.query("SELECT games FROM ladders WHERE id=?", (lid,))[0]
        rows = store.stream("SELECT a, b, score, games FROM ladder_pairs WHERE ladder_id=?",
                            (lid,))
        return int(games), np.fromiter(rows, dtype=PAIR_ROW)


def set_ml(store: Store, lid: int, seq: int, fits: dict[int, tuple[float, float, float]]
           ) -> None:
    """Cache the maximum-likelihood Elo (elo, low, high per entrant) fitted after game
    `seq`; entrants without a fit get none."""
    with store.transaction() as db:
        db.execute("UPDATE entrants SET ml_elo=NULL, ml_low=NULL, ml_high=NULL "
                   "WHERE ladder_id=?", (lid,))
        db.executemany("UPDATE entrants SET ml_elo=?, ml_low=?, ml_high=? WHERE id=? AND "
                       "ladder_id=?", [(e, lo, hi, eid, lid) for eid, (e, lo, hi) in fits.items()])
        db.execute("UPDATE ladders SET ml_seq=?, ml_at=? WHERE id=?", (seq, stamp(), lid))
        bump(db, lid)


# --- games -----------------------------------------------------------------------------------
def games(store: Store, lid: int, status: str | None = None) -> list[LadderGame]:
    """Every game of a ladder (`status`: those only): the whole table, for tests and
    tools; the commands and the server read pages (`games_of`, `game`, `pending`)."""
    sql, args = f"SELECT {_GAME} FROM ladder_games WHERE ladder_id=?", [lid]
    if status is not None:
        sql, args = sql + " AND status=?", [lid, status]
    return [_game(r) for r in store.query(sql + " ORDER BY idx", args)]


def pending(store: Store, lid: int) -> list[LadderGame]:
    """The games matched but not played yet (by index: a killed run leaves a few)."""
    return [_game(r) for r in store.query(
        f"SELECT {_GAME} FROM ladder_games WHERE ladder_id=? AND status='pending' ORDER BY idx",
        (lid,))]


def game(store: Store, lid: int, idx: int) -> LadderGame | None:
    rows = store.query(f"SELECT {_GAME} FROM ladder_games WHERE ladder_id=? AND idx=?",
                       (lid, idx))
    return _game(rows[0]) if rows else None


def games_of(store: Store, lid: int, eid: int, limit: int, since: int | None = None,
             before: int | None = None) -> list[LadderGame]:
    """Entrant `eid`'s played games (done or failed), newest first, at most `limit`:
    numbered above `since` and below `before` when given (an index, not the ladder)."""
    sql = (f"SELECT {', '.join('g.' + c for c in _GAME.split(', '))} FROM ladder_entries e "
           "JOIN ladder_games g ON g.ladder_id=e.ladder_id AND g.idx=e.idx "
           "WHERE e.ladder_id=? AND e.entrant_id=? AND e.idx>? AND e.idx<? "
           "AND g.status NOT IN ('pending', 'cancelled') ORDER BY e.idx DESC LIMIT ?")
    return [_game(r) for r in store.query(sql, (lid, eid, -1 if since is None else since,
                                                1 << 62 if before is None else before, limit))]


def recent_games(store: Store, lid: int, limit: int, before: int | None = None
                 ) -> list[LadderGame]:
    """A ladder's played games (done or failed), newest first, at most `limit`, numbered
    below `before` when given: read backwards along the primary key."""
    return [_game(r) for r in store.query(
        f"SELECT {_GAME} FROM ladder_games WHERE ladder_id=? AND idx<? "
        "AND status NOT IN ('pending', 'cancelled') ORDER BY idx DESC LIMIT ?",
        (lid, 1 << 62 if before is None else before, limit))]


def count_games_of(store: Store, lid: int, eid: int) -> int:
    """How many games entrant `eid` played (done or failed)."""
    (n,) = store.query("SELECT count(*) FROM ladder_entries WHERE ladder_id=? AND "
                       "entrant_id=?", (lid, eid))[0]
    skipped = store.query(  # from the few games not played (CROSS JOIN: in this order)
        "SELECT count(*) FROM ladder_games g CROSS JOIN ladder_entries e ON "
        "e.ladder_id=g.ladder_id AND e.idx=g.idx AND e.entrant_id=? WHERE g.ladder_id=? AND "
        "g.status IN ('pending', 'cancelled')", (eid, lid))[0][0]
    return int(n) - int(skipped)


def next_index(store: Store, lid: int) -> int:
    """The number the ladder's next game will have."""
    (nxt,) = store.query("SELECT coalesce(max(idx), -1) + 1 FROM ladder_games "
                         "WHERE ladder_id=?", (lid,))[0]
    return int(nxt)


def count_seats(db: sqlite3.Connection, lid: int, seats: Sequence[int], step: int = 1) -> None:
    """Inside a transaction: count (`step` 1) or uncount (-1, a game failed or cancelled) a
    game played or pending in its entrants' seats."""
    db.executemany("INSERT INTO entrant_seats (ladder_id, entrant_id, seat, games) "
                   "VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET games=games+excluded.games",
                   [(lid, e, s, step) for s, e in enumerate(seats)])


def schedule_game(store: Store, lid: int, seed_of: Callable[[int], int],
                  seats: Sequence[int]) -> LadderGame:
    """Write one matched game as pending; `seed_of(idx)` gives its seed."""
    with store.transaction() as db:
        (idx,) = db.execute("SELECT coalesce(max(idx), -1) + 1 FROM ladder_games "
                            "WHERE ladder_id=?", (lid,)).fetchone()
        seed = seed_of(idx)
        db.execute("INSERT INTO ladder_games (ladder_id, idx, seed, entrants) VALUES (?, ?, ?, ?)",
                   (lid, idx, seed, json.dumps(list(seats))))
        db.executemany("INSERT OR IGNORE INTO ladder_entries (ladder_id, entrant_id, idx) "
                       "VALUES (?, ?, ?)", [(lid, e, idx) for e in set(seats)])
        count_seats(db, lid, seats)
    return LadderGame(idx=idx, seed=seed, entrants=list(seats), status="pending")


def finish_game(store: Store, lid: int, game: LadderGame, record: bytes,
                rated: Sequence[Rated]) -> int | None:
    """Store one result with its record (`pack_record`), the entrants' new ratings, their
    history rows and the aggregates, and retire an entrant that now fails too often
    (lifecycle.py): one transaction. Returns the game's rating sequence number, or None
    for a game cancelled meanwhile (one of its entrants was deleted): nothing is stored."""
    at = stamp()
    assert game.ranking is not None and game.scores is not None
    t = tally(game.entrants, game.ranking, game.scores, game.outcome, game.failures)
    with store.transaction() as db:
        done = db.execute(
            "UPDATE ladder_games SET status='done', outcome=?, scores=?, ranking=?, failures=?, "
            "seconds=?, seq=(SELECT games + 1 FROM ladders WHERE id=?), finished=?, node=? "
            "WHERE ladder_id=? AND idx=? AND status='pending' RETURNING seq",
            (game.outcome, json.dumps(game.scores), json.dumps(game.ranking),
             json.dumps([list(f) for f in game.failures]), game.seconds, lid, at, game.node,
             lid, game.idx)).fetchall()
        if not done:
            status = db.execute("SELECT status FROM ladder_games WHERE ladder_id=? AND idx=?",
                                (lid, game.idx)).fetchone()
            if status is None or status[0] == "cancelled":
                return None
            raise StoreError(f"ladder game {game.idx} is not pending")
        seq = int(done[0][0])
        db.execute("INSERT INTO ladder_records (ladder_id, idx, record) VALUES (?, ?, ?)",
                   (lid, game.idx, pack_record(record)))
        ratings = {r.entrant: r for r in rated}
        for eid, et in t.entrants.items():
            row = db.execute("SELECT failures, recent, active, retired FROM entrants "
                             "WHERE id=?", (eid,)).fetchone()
            if row is None:  # deleted meanwhile: its games count for the others only
                continue
            failures = json.loads(row[0])
            for kind, n in et.failures.items():
                failures[kind] = failures.get(kind, 0) + n
            recent = [et.kinds, *json.loads(row[1])][:FAIL_WINDOW]
            why = failing_kinds(recent) if row[2] and row[3] is None else None
            r = ratings[eid]
            db.execute(
                "UPDATE entrants SET mu=?, sigma=?, elo=?, games=games+?, last_played=?, "
                "wins=wins+?, place_sum=place_sum+?, score_sum=score_sum+?, failures=?, "
                "recent=?, retired=coalesce(?, retired) WHERE id=?",
                (r.mu, r.sigma, r.elo, et.games, at, et.wins, et.place_sum, et.score_sum,
                 json.dumps(failures, sort_keys=True), json.dumps(recent), why, eid))
            if why is not None:
                db.execute("UPDATE entrants SET rev=? WHERE id=?", (bump(db, lid, True), eid))
        db.executemany(
            "INSERT INTO ladder_seats (ladder_id, seat, games, wins, place_sum) "
            "VALUES (?, ?, 1, ?, ?) ON CONFLICT DO UPDATE SET games=games+1, "
            "wins=wins+excluded.wins, place_sum=place_sum+excluded.place_sum",
            [(lid, s, won, place) for s, (won, place) in enumerate(t.seats)])
        db.executemany(
            "INSERT INTO ladder_pairs (ladder_id, a, b, score, games) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT DO UPDATE SET score=score+excluded.score, games=games+excluded.games",
            [(lid, a, b, s, n) for (a, b), (s, n) in t.pairs.items()])
        db.execute("INSERT INTO ladder_nodes (ladder_id, node, games) VALUES (?, ?, 1) "
                   "ON CONFLICT DO UPDATE SET games=games+1", (lid, game.node or ""))
        db.executemany("INSERT INTO ladder_history (ladder_id, seq, entrant_id, mu, sigma, elo) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       [(lid, seq, r.entrant, r.mu, r.sigma, r.elo) for r in rated])
        db.execute("UPDATE ladders SET games=?, last_game=?, changes=changes+1 WHERE id=?",
                   (seq, at, lid))
    return seq


def fail_game(store: Store, lid: int, idx: int, error: str) -> None:
    """A game the engine could not play: kept with its error, not rated."""
    with store.transaction() as db:
        row = db.execute("SELECT entrants FROM ladder_games WHERE ladder_id=? AND idx=? AND "
                         "status='pending'", (lid, idx)).fetchone()
        if row is None:
            return
        db.execute("UPDATE ladder_games SET status='error', error=?, finished=? "
                   "WHERE ladder_id=? AND idx=?", (error, stamp(), lid, idx))
        count_seats(db, lid, json.loads(row[0]), -1)
        bump(db, lid)


def record(store: Store, lid: int, idx: int) -> bytes | None:
    """A game's record (JSON), read by its key; None for a game not played."""
    rows = store.query("SELECT record FROM ladder_records WHERE ladder_id=? AND idx=?",
                       (lid, idx))
    return unpack_record(bytes(rows[0][0])) if rows else None


def history(store: Store, lid: int) -> list[tuple[int, int, float, float, float]]:
    """(seq, entrant id, mu, sigma, elo) after every rated game, in rating order: the whole
    table, for tests and tools (the commands read `history_of`)."""
    return [tuple(r) for r in store.query(  # type: ignore[misc]
        "SELECT seq, entrant_id, mu, sigma, elo FROM ladder_history WHERE ladder_id=? "
        "ORDER BY seq, entrant_id", (lid,))]


def history_of(store: Store, lid: int, eid: int, limit: int, since: int | None = None
               ) -> list[tuple[int, float, float, float]]:
    """(game, mu, sigma, elo) of entrant `eid` after each of its rated games, in the order
    they were rated (the current rating last), each game numbered as the ladder numbers it
    (the `idx` of `games_of` and of records): its latest `limit`, or the first `limit`
    rated after game `since` (a game not rated: the last rated game numbered below it).
    Through indexes, a row per point."""
    after = 0
    if since is not None:
        row = store.query("SELECT seq FROM ladder_games WHERE ladder_id=? AND idx<=? AND "
                          "seq IS NOT NULL ORDER BY idx DESC LIMIT 1", (lid, since))
        after = int(row[0][0]) if row else 0
    order = "ASC" if since is not None else "DESC"
    # the game's number looked up by its sequence number, one point at a time (as a join,
    # SQLite would carry `seq > ?` over to the games and scan them)
    rows = store.query(
        "SELECT (SELECT g.idx FROM ladder_games g WHERE g.ladder_id=h.ladder_id AND "
        "g.seq=h.seq), h.mu, h.sigma, h.elo FROM ladder_history h WHERE h.ladder_id=? AND "
        f"h.entrant_id=? AND h.seq>? ORDER BY h.seq {order} LIMIT ?", (lid, eid, after, limit))
    return [tuple(r) for r in (rows if since is not None else reversed(rows))]  # type: ignore[misc]
