"""Ladders of submitted bots in the arena database (tables: ladder_schema.py).

A ladder is one game set-up and time control (`LadderSpec`) with its entrants: pinned,
versioned bots, each with its Weng-Lin rating and online Elo. Its games are written
`pending` when matchmaking picks them and `done` (with record, ratings and one history row
per entrant, and any automatic retirement) in one transaction when their result arrives,
so a kill at any moment loses nothing and rates nothing twice. Retiring, reactivating and
deleting: harness/storage/lifecycle.py.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

import msgspec

from harness.storage.database import Store, StoreError
from harness.storage.lifecycle import retire_if_failing
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


class Entrant(msgspec.Struct, kw_only=True):
    """One version of a submitted bot."""

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
            "mu, sigma, elo, games, last_played, author, retired, counted_from")
_GAME = ("idx, seed, entrants, status, outcome, scores, ranking, failures, seconds, error, "
         "seq, finished, node")


def _now() -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())


def _entrant(row: Sequence[Any]) -> Entrant:
    d = dict(zip(_ENTRANT.split(", "), row, strict=True))
    d["active"] = bool(d["active"])
    return Entrant(**d)


def _game(row: Sequence[Any]) -> LadderGame:
    d = dict(zip(_GAME.split(", "), row, strict=True))
    for k in ("entrants", "scores", "ranking"):
        d[k] = json.loads(d[k]) if d[k] else None
    d["failures"] = [tuple(f) for f in json.loads(d["failures"])] if d["failures"] else []
    return LadderGame(**d)


# --- ladders ---------------------------------------------------------------------------------
_LADDER = "SELECT id, name, spec, created, owner FROM ladders"


def _ladder(row: Sequence[Any]) -> Ladder:
    lid, name, spec, created, owner = row
    return Ladder(id=lid, name=name, spec=LadderSpec.from_json(spec), created=created,
                  owner=owner)


def create_ladder(store: Store, name: str, spec: LadderSpec, owner: str = "") -> Ladder:
    with store.transaction() as db:
        if db.execute("SELECT 1 FROM ladders WHERE name=?", (name,)).fetchone():
            raise StoreError(f"ladder {name!r} already exists in {store.path}; "
                             "choose another name")
        db.execute("INSERT INTO ladders (name, spec, created, owner) VALUES (?, ?, ?, ?)",
                   (name, spec.to_json(), _now(), owner))
    return ladder(store, name)


def ladder(store: Store, name: str) -> Ladder:
    rows = store.query(f"{_LADDER} WHERE name=?", (name,))
    if not rows:
        known = ", ".join(x.name for x in ladders(store)) or "none"
        raise StoreError(f"no ladder {name!r} in {store.path}; known: {known}")
    return _ladder(rows[0])


def ladders(store: Store) -> list[Ladder]:
    return [_ladder(r) for r in store.query(f"{_LADDER} ORDER BY id")]


# --- entrants --------------------------------------------------------------------------------
def entrants(store: Store, lid: int, active_only: bool = False) -> list[Entrant]:
    """Every version of every entrant (`active_only`: those in matchmaking)."""
    sql = f"SELECT {_ENTRANT} FROM entrants WHERE ladder_id=?"
    sql += " AND active=1 AND retired IS NULL" if active_only else ""
    return [_entrant(r) for r in store.query(sql + " ORDER BY id", (lid,))]


def entrant(store: Store, eid: int) -> Entrant:
    return _entrant(store.query(f"SELECT {_ENTRANT} FROM entrants WHERE id=?", (eid,))[0])


def add_entrant(store: Store, lid: int, name: str, spec: str, run_spec: str, digest: str,
                snapshot: str | None, report: str, author: str = "") -> Entrant:
    """Register a new version of `name` (owned by `author`); earlier versions leave
    matchmaking."""
    with store.transaction() as db:
        (last,) = db.execute("SELECT coalesce(max(version), 0) FROM entrants "
                             "WHERE ladder_id=? AND name=?", (lid, name)).fetchone()
        (seq,) = db.execute("SELECT coalesce(max(seq), 0) FROM ladder_games WHERE ladder_id=?",
                            (lid,)).fetchone()
        db.execute("UPDATE entrants SET active=0 WHERE ladder_id=? AND name=?", (lid, name))
        skill = Skill()
        eid = db.execute(
            "INSERT INTO entrants (ladder_id, name, version, spec, run_spec, hash, snapshot, "
            "submitted, report, mu, sigma, elo, author, counted_from) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (lid, name, last + 1, spec, run_spec, digest, snapshot, _now(), report,
             skill.mu, skill.sigma, BASE, author, seq)).lastrowid
    assert eid is not None
    return entrant(store, eid)


# --- games -----------------------------------------------------------------------------------
def games(store: Store, lid: int, status: str | None = None) -> list[LadderGame]:
    sql, args = f"SELECT {_GAME} FROM ladder_games WHERE ladder_id=?", [lid]
    if status is not None:
        sql, args = sql + " AND status=?", [lid, status]
    return [_game(r) for r in store.query(sql + " ORDER BY idx", args)]


def next_index(store: Store, lid: int) -> int:
    """The number the ladder's next game will have."""
    (nxt,) = store.query("SELECT coalesce(max(idx), -1) + 1 FROM ladder_games "
                         "WHERE ladder_id=?", (lid,))[0]
    return int(nxt)


def schedule_game(store: Store, lid: int, seed_of: Any, seats: Sequence[int]) -> LadderGame:
    """Write one matched game as pending; `seed_of(idx)` gives its seed."""
    with store.transaction() as db:
        (idx,) = db.execute("SELECT coalesce(max(idx), -1) + 1 FROM ladder_games "
                            "WHERE ladder_id=?", (lid,)).fetchone()
        seed = seed_of(idx)
        db.execute("INSERT INTO ladder_games (ladder_id, idx, seed, entrants) VALUES (?, ?, ?, ?)",
                   (lid, idx, seed, json.dumps(list(seats))))
    return LadderGame(idx=idx, seed=seed, entrants=list(seats), status="pending")


def finish_game(store: Store, lid: int, game: LadderGame, record: bytes,
                rated: Sequence[Rated]) -> int | None:
    """Store one result with its record, the entrants' new ratings and their history rows,
    and retire an entrant that now fails too often (harness/storage/lifecycle.py): one
    transaction. Returns the game's rating sequence number, or None for a game cancelled
    meanwhile (one of its entrants was deleted): nothing is stored."""
    now = _now()
    with store.transaction() as db:
        status = db.execute("SELECT status FROM ladder_games WHERE ladder_id=? AND idx=?",
                            (lid, game.idx)).fetchone()
        if status is None or status[0] == "cancelled":
            return None
        (seq,) = db.execute("SELECT coalesce(max(seq), 0) + 1 FROM ladder_games "
                            "WHERE ladder_id=?", (lid,)).fetchone()
        cur = db.execute(
            "UPDATE ladder_games SET status='done', outcome=?, scores=?, ranking=?, failures=?, "
            "seconds=?, seq=?, finished=?, record=?, node=? "
            "WHERE ladder_id=? AND idx=? AND status='pending'",
            (game.outcome, json.dumps(game.scores), json.dumps(game.ranking),
             json.dumps([list(f) for f in game.failures]), game.seconds, seq, now, record,
             game.node, lid, game.idx))
        if cur.rowcount != 1:
            raise StoreError(f"ladder game {game.idx} is not pending")
        for r in rated:
            db.execute("UPDATE entrants SET mu=?, sigma=?, elo=?, games=games+?, last_played=? "
                       "WHERE id=?", (r.mu, r.sigma, r.elo, game.entrants.count(r.entrant),
                                      now, r.entrant))
        db.executemany("INSERT INTO ladder_history (ladder_id, seq, entrant_id, mu, sigma, elo) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       [(lid, seq, r.entrant, r.mu, r.sigma, r.elo) for r in rated])
        retire_if_failing(db, lid, {game.entrants[s] for s, _ in game.failures})
    return seq


def fail_game(store: Store, lid: int, idx: int, error: str) -> None:
    """A game the engine could not play: kept with its error, not rated."""
    with store.transaction() as db:
        db.execute("UPDATE ladder_games SET status='error', error=?, finished=? "
                   "WHERE ladder_id=? AND idx=? AND status='pending'", (error, _now(), lid, idx))


def record(store: Store, lid: int, idx: int) -> bytes | None:
    rows = store.query("SELECT record FROM ladder_games WHERE ladder_id=? AND idx=?", (lid, idx))
    return bytes(rows[0][0]) if rows and rows[0][0] is not None else None


def history(store: Store, lid: int) -> list[tuple[int, int, float, float, float]]:
    """(seq, entrant id, mu, sigma, elo) after every rated game, in rating order."""
    return [tuple(r) for r in store.query(  # type: ignore[misc]
        "SELECT seq, entrant_id, mu, sigma, elo FROM ladder_history WHERE ladder_id=? "
        "ORDER BY seq, entrant_id", (lid,))]
