"""Which node of a cluster played what (the `node` column of `games` and `ladder_games`),
the infrastructure's failures by node (`node_failures`: a lost node or worker, a file that
could not be fetched, a node that cannot sandbox bots; never a bot's failure), and each
running driver's view of the cluster (`cluster_status`: its nodes and games in flight,
rewritten every few seconds while it plays, removed when it stops). The tables:
ladder_schema.py, NODES_SCHEMA."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

import msgspec

from harness.storage.database import Store

#: seconds between two rewrites of a driver's status; older than LIVE: not running
EVERY, LIVE = 2.0, 30.0


def _now() -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())


class NodeLog:
    """What one driver writes: its failures by node and its live status."""

    def __init__(self, store: Store, driver: str) -> None:
        self.store, self.driver = store, driver
        self._written = 0.0

    def failed(self, node: str, games: Sequence[Any], why: str) -> None:
        with self.store.transaction() as db:
            db.executemany("INSERT INTO node_failures (driver, game, node, reason, at) "
                           "VALUES (?, ?, ?, ?, ?)",
                           [(self.driver, g if isinstance(g, int) else None, node, why[:500],
                             _now()) for g in games or [None]])

    def status(self, doc: dict[str, Any], force: bool = False) -> None:
        """Rewrite the live status (at most every EVERY seconds unless `force`)."""
        now = time.time()
        if not force and now - self._written < EVERY:
            return
        self._written = now
        with self.store.transaction() as db:
            db.execute("INSERT INTO cluster_status (driver, updated, doc) VALUES (?, ?, ?) "
                       "ON CONFLICT (driver) DO UPDATE SET updated=excluded.updated, "
                       "doc=excluded.doc", (self.driver, now, json.dumps(doc)))

    def close(self) -> None:
        with self.store.transaction() as db:
            db.execute("DELETE FROM cluster_status WHERE driver=?", (self.driver,))


def failures(store: Store, driver: str) -> list[tuple[str, int, str]]:
    """(node, failures, the last one's reason) of a driver's infrastructure failures."""
    rows = store.query("SELECT node, count(*), max(id) FROM node_failures WHERE driver=? "
                       "GROUP BY node ORDER BY node", (driver,))
    out = []
    for node, n, last in rows:
        (reason,) = store.query("SELECT reason FROM node_failures WHERE id=?", (last,))[0]
        out.append((node, int(n), reason))
    return out


def played_by(store: Store, table: str, key: str, value: int) -> dict[str, int]:
    """Games played per node (None: before nodes were recorded) of one tournament
    (`games`, `tournament_id`) or ladder (`ladder_games`, `ladder_id`)."""
    assert (table, key) in (("games", "tournament_id"), ("ladder_games", "ladder_id"))
    rows = store.query(f"SELECT node, count(*) FROM {table} WHERE {key}=? AND status='done' "
                       "GROUP BY node", (value,))
    return {node or "": int(n) for node, n in rows}


def live(store: Store, driver: str) -> dict[str, Any] | None:
    """The driver's status if it is playing now (rewritten in the last LIVE seconds)."""
    rows = store.query("SELECT updated, doc FROM cluster_status WHERE driver=?", (driver,))
    if not rows or time.time() - rows[0][0] > LIVE:
        return None
    return dict(json.loads(rows[0][1]))


def running(store: Store) -> list[tuple[str, float, dict[str, Any]]]:
    """(driver, seconds since its last rewrite, status) of every driver that wrote one."""
    now = time.time()
    return [(d, now - t, json.loads(doc)) for d, t, doc in
            store.query("SELECT driver, updated, doc FROM cluster_status ORDER BY driver")]


class NodeRow(msgspec.Struct, kw_only=True):
    """One node as `show` reports it: games it played, games in flight there now (while
    the driver runs), the infrastructure's failures there and the last one's reason."""

    node: str
    played: int = 0
    in_flight: int = 0
    failures: int = 0
    last_failure: str = ""


def report(store: Store, driver: str, table: str, key: str, value: int) -> list[NodeRow]:
    """The nodes of one tournament or ladder (see `played_by`), with the driver's live
    status when it is playing."""
    rows: dict[str, NodeRow] = {}
    for node, n in played_by(store, table, key, value).items():
        rows.setdefault(node or "-", NodeRow(node=node or "-")).played = n
    for node, n, reason in failures(store, driver):
        row = rows.setdefault(node, NodeRow(node=node))
        row.failures, row.last_failure = n, reason
    now = live(store, driver)
    for n in (now or {}).get("nodes", []):
        row = rows.setdefault(n["address"], NodeRow(node=n["address"]))
        row.in_flight = int(n.get("in_flight", 0))
    return sorted(rows.values(), key=lambda r: r.node)
