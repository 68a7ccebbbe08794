"""The tests' oracle for a ladder's aggregates: everything schema 6 keeps as games finish,
counted again from the games themselves, the slow way the standings were once computed;
and the same figures as the database holds them."""

from __future__ import annotations

import sqlite3
from collections import Counter
from typing import Any

import pytest

from harness.storage import ladders as ls
from harness.storage.database import Store
from harness.storage.ladder_schema import unpack_record
from ratings.elo import first_share, pairwise


def recount(store: Store, lid: int) -> dict[str, Any]:
    """Per entrant, per seat, per pair, per entrant and seat, each entrant's games and
    recent failures, from every game of the ladder."""
    lad = next(x for x in ls.ladders(store) if x.id == lid)
    n = lad.spec.num_players
    entrants = {e.id: e for e in ls.entrants(store, lid)}
    games = ls.games(store, lid)
    per: dict[int, list[Any]] = {e: [0, 0.0, 0, 0.0, Counter()] for e in entrants}
    seats = [[0, 0.0, 0] for _ in range(n)]
    pairs: dict[tuple[int, int], list[float]] = {}
    seat_counts: dict[int, list[int]] = {}
    entries: dict[int, set[int]] = {}
    done = [g for g in games if g.status == "done"]
    for g in games:
        for e in set(g.entrants) & set(entrants):
            entries.setdefault(e, set()).add(g.idx)
        if g.status in ("pending", "done"):
            for s, e in enumerate(g.entrants):
                if e in entrants:
                    seat_counts.setdefault(e, [0] * n)[s] += 1
    for g in done:
        assert g.ranking is not None and g.scores is not None
        for s, e in enumerate(g.entrants):
            won = first_share(g.ranking, s, g.outcome)
            seats[s][0] += 1
            seats[s][1] += won
            seats[s][2] += g.ranking[s]
            if e in per:
                row = per[e]
                row[0] += 1
                row[1] += won
                row[2] += g.ranking[s]
                row[3] += g.scores[s]
        for s, kind in g.failures:
            if g.entrants[s] in per:
                per[g.entrants[s]][4][kind] += 1
        for a, b, x in pairwise([str(e) for e in g.entrants], g.ranking):
            lo, hi = sorted((int(a), int(b)))
            got = pairs.setdefault((lo, hi), [0.0, 0])
            got[0] += x if int(a) == lo else 1.0 - x
            got[1] += 1
    by_seq = {g.seq: g for g in done}
    recent = {}
    for e in entrants.values():
        mine = sorted((s for s, eid, *_ in ls.history(store, lid) if eid == e.id
                       and s > e.counted_from), reverse=True)[:10]
        recent[e.id] = [sorted({k for s, k in by_seq[q].failures
                                if by_seq[q].entrants[s] == e.id}) for q in mine]
    return {
        "entrants": {e: (r[0], pytest.approx(r[1]), r[2], pytest.approx(r[3]), dict(r[4]))
                     for e, r in per.items()},
        "seats": [(t[0], pytest.approx(t[1]), t[2]) for t in seats if t[0]],
        "pairs": {k: (pytest.approx(v[0]), v[1]) for k, v in sorted(pairs.items())},
        "seat_counts": {e: c for e, c in seat_counts.items() if any(c)},
        "entries": entries,
        "recent": recent,
        "games": len(done),
        "last_game": max(done, key=lambda g: g.seq or 0).finished if done else None,
        "nodes": dict(Counter(g.node or "" for g in done)),
    }


def stored(store: Store, lid: int) -> dict[str, Any]:
    """The same figures, as the database keeps them."""
    lad = next(x for x in ls.ladders(store) if x.id == lid)
    entrants = ls.entrants(store, lid)
    entries: dict[int, set[int]] = {}
    for e, idx in store.query("SELECT entrant_id, idx FROM ladder_entries WHERE ladder_id=?",
                              (lid,)):
        entries.setdefault(e, set()).add(idx)
    return {
        "entrants": {e.id: (e.games, e.wins, e.place_sum, e.score_sum, e.failures)
                     for e in entrants},
        "seats": [(n, w, p) for n, w, p in ls.seat_totals(store, lid)],
        "pairs": {(a, b): (s, n) for a, b, s, n in sorted(ls.pair_totals(store, lid))},
        "seat_counts": {e: c for e, c in ls.seat_counts(store, lid, lad.spec.num_players)
                        .items() if any(c)},
        "entries": entries,
        "recent": {e.id: e.recent for e in entrants},
        "games": lad.games,
        "last_game": lad.last_game,
        "nodes": ls.node_totals(store, lid),
    }


def check(store: Store, lid: int) -> None:
    """The stored aggregates equal a recount from the games."""
    want, got = recount(store, lid), stored(store, lid)
    for key in want:
        assert got[key] == want[key], key


def raw(path: str) -> dict[str, Any]:
    """Every ladder row of a database of any schema as plain tuples (records unpacked),
    for comparing a database before and after its migration."""
    con = sqlite3.connect(path)
    cols = [r[1] for r in con.execute("PRAGMA table_info(ladder_games)")]
    keep = [c for c in cols if c not in ("record", "node")]  # the node: apart (schema 5 on)
    games = {(r[0], r[1]): r for r in con.execute(
        f"SELECT {', '.join(keep)} FROM ladder_games ORDER BY ladder_id, idx")}
    played = [c for c in (r[1] for r in con.execute("PRAGMA table_info(games)")) if c != "node"]
    if "record" in cols:
        records = {(lid, idx): bytes(rec) for lid, idx, rec in con.execute(
            "SELECT ladder_id, idx, record FROM ladder_games WHERE record IS NOT NULL")}
    else:
        records = {(lid, idx): unpack_record(bytes(rec)) for lid, idx, rec in con.execute(
            "SELECT ladder_id, idx, record FROM ladder_records")}
    base = ("id, ladder_id, name, version, spec, run_spec, hash, snapshot, active, submitted, "
            "report, mu, sigma, elo, games, last_played, author, retired, counted_from")
    out = {
        "games": games, "records": records,
        "entrants": con.execute(f"SELECT {base} FROM entrants ORDER BY id").fetchall(),
        "history": con.execute("SELECT * FROM ladder_history ORDER BY ladder_id, seq, "
                               "entrant_id").fetchall(),
        "ladders": con.execute("SELECT id, name, spec, created, owner FROM ladders "
                               "ORDER BY id").fetchall(),
        "tournaments": con.execute("SELECT * FROM tournaments").fetchall(),
        "tournament_games": con.execute(f"SELECT {', '.join(played)} FROM games").fetchall(),
        "tournament_records": con.execute("SELECT * FROM records").fetchall(),
        "authors": con.execute("SELECT * FROM authors").fetchall(),
    }
    if "node" in cols:  # what a database of schema 5 or later says played each game
        out["nodes"] = {(lid, idx): node for lid, idx, node in con.execute(
            "SELECT ladder_id, idx, node FROM ladder_games")}
        out["node_failures"] = con.execute("SELECT * FROM node_failures ORDER BY id").fetchall()
    con.close()
    return out
