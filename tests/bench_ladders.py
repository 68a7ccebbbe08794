"""Ladders that ran for months, built in minutes, and what reading and running them costs.

`build` writes a synthetic ladder in the product's own rows as the schema-4 code wrote them
(so the same database measures the code from before the aggregates, then migrates): E entrants
(`random`, which any checkout can run), GAMES_PER_ENTRANT games each, two players, results
drawn from hidden strengths, Weng-Lin and online Elo applied game by game as the runner
does, a rating-history row per entrant and game, and real records (games of
year_of_the_dragon played once, about 11 KB each, repeated). Bulk inserts, not play.

`measure` runs the issue's measurements against the code of a checkout (`--code ROOT`:
this one, or an export of an older commit), each in a process of that code: `ladder run`'s
start (LadderState), the driver's loop per game with play taken away (a pool answering at
once with a real result; the run adds these games to the ladder; wall time, and the CPU
time of the driver's process, which a busy machine inflates less), the same loop with the
live table drawn to a terminal, `ladder show --json` and `ladder show` (time, peak
memory), the server's standings with N clients at once and a game's record over HTTP
(and, with the aggregates, every other read, the first time and again), and the file's size.
`play` runs `ladder run` with real games on Ray (two workers, the entrants are `random`),
without and then with the live table, twice each. `migrate` times the migration of a
schema-4 ladder in place.

    python -m tests.bench_ladders build DB --entrants 100
    python -m tests.bench_ladders measure DB --code ROOT [--clients 8] [--loop 200]
    python -m tests.bench_ladders play DB --code ROOT [--games 300] [--inline]
    python -m tests.bench_ladders migrate DB --code ROOT

Not part of the test suite (minutes to an hour, gigabytes of disk): run under `nice`, and
say the load beside the figures. Figures of this work: docs/ladders.md.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

NAME = "bench"
GAMES_PER_ENTRANT = 2000
CHUNK = 20_000  # games per transaction while building
RECORDS = 32  # distinct real records, repeated

#: the ladder tables as schema 4 had them (the tournaments' tables are unchanged)
LADDERS_4 = """
CREATE TABLE ladders (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, spec TEXT NOT NULL,
    created TEXT NOT NULL, owner TEXT NOT NULL DEFAULT '');
CREATE TABLE entrants (id INTEGER PRIMARY KEY, ladder_id INTEGER NOT NULL REFERENCES ladders(id),
    name TEXT NOT NULL, version INTEGER NOT NULL, spec TEXT NOT NULL, run_spec TEXT NOT NULL,
    hash TEXT NOT NULL, snapshot TEXT, active INTEGER NOT NULL DEFAULT 1,
    submitted TEXT NOT NULL, report TEXT, mu REAL NOT NULL, sigma REAL NOT NULL,
    elo REAL NOT NULL, games INTEGER NOT NULL DEFAULT 0, last_played TEXT,
    author TEXT NOT NULL DEFAULT '', retired TEXT, counted_from INTEGER NOT NULL DEFAULT 0,
    UNIQUE (ladder_id, name, version));
CREATE TABLE ladder_games (ladder_id INTEGER NOT NULL REFERENCES ladders(id),
    idx INTEGER NOT NULL, seed INTEGER NOT NULL, entrants TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending', outcome TEXT, scores TEXT, ranking TEXT,
    failures TEXT, seconds REAL, error TEXT, seq INTEGER, finished TEXT, record BLOB,
    PRIMARY KEY (ladder_id, idx));
CREATE INDEX ladder_games_by_status ON ladder_games (ladder_id, status);
CREATE TABLE ladder_history (ladder_id INTEGER NOT NULL, seq INTEGER NOT NULL,
    entrant_id INTEGER NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL, elo REAL NOT NULL,
    PRIMARY KEY (ladder_id, seq, entrant_id));
CREATE INDEX ladder_games_by_seq ON ladder_games (ladder_id, seq);
CREATE INDEX ladder_history_by_entrant ON ladder_history (ladder_id, entrant_id, seq);
CREATE TABLE authors (name TEXT PRIMARY KEY, token_hash TEXT, created TEXT NOT NULL,
    changed TEXT NOT NULL);
CREATE TABLE submissions (id INTEGER PRIMARY KEY, author TEXT NOT NULL, ladder TEXT NOT NULL,
    name TEXT NOT NULL, spec TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'queued',
    detail TEXT NOT NULL DEFAULT '', result TEXT, created TEXT NOT NULL, finished TEXT);
CREATE INDEX submissions_by_author ON submissions (author, created);
"""


def _stamp(t: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(t))


def real_records(n: int = RECORDS) -> list[bytes]:
    """Records of real two-player games (random bots), as a ladder stores them."""
    from engine.record import encode_json
    from harness.play.match import play_game

    return [encode_json(play_game("year_of_the_dragon", 2, ["random", "random"], seed, {},
                                  None, None)) for seed in range(n)]


def build(db: Path, entrants: int, per_entrant: int = GAMES_PER_ENTRANT, seed: int = 1) -> None:
    """A schema-4 database holding ladder NAME with `entrants` bots and `entrants *
    per_entrant / 2` rated games."""
    from harness.storage.database import SCHEMA
    from ratings.elo import Elo
    from ratings.weng_lin import WengLin

    if db.exists():
        raise SystemExit(f"{db} exists; remove it first")
    records = real_records()
    rng = random.Random(seed)
    strength = [rng.gauss(0, 150) for _ in range(entrants)]
    con = sqlite3.connect(db, isolation_level=None)
    con.execute("PRAGMA journal_mode=OFF")
    con.execute("PRAGMA synchronous=OFF")
    con.executescript(SCHEMA + LADDERS_4 + "PRAGMA user_version=4;")
    start = time.time() - 86400 * 30
    spec = {"game": "year_of_the_dragon", "num_players": 2, "options": {},
            "time_per_move": 1.0, "clock": None, "modules": [], "bot_root": "", "seed": seed}
    con.execute("INSERT INTO ladders (id, name, spec, created, owner) VALUES (1, ?, ?, ?, ?)",
                (NAME, json.dumps(spec), _stamp(start), "bench"))
    wl, elo = WengLin(), Elo()
    games = [0] * entrants
    total = entrants * per_entrant // 2
    t0 = time.monotonic()
    for first in range(0, total, CHUNK):
        rows, hist = [], []
        for idx in range(first, min(total, first + CHUNK)):
            a = rng.randrange(entrants)
            b = (a + 1 + rng.randrange(entrants - 1)) % entrants
            seats = [a + 1, b + 1]
            won = rng.random() < 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
            ranking = [0, 1] if won else [1, 0]
            scores = [rng.randrange(40, 90), rng.randrange(10, 60)]
            scores = scores if won else scores[::-1]
            failures = [[ranking.index(1), "timeout"]] if rng.random() < 0.005 else []
            skills = wl.update(seats, ranking)
            elos = elo.update(seats, ranking)  # type: ignore[arg-type]
            for s in seats:
                games[s - 1] += 1
            at = _stamp(start + idx)
            rows.append((1, idx, rng.getrandbits(62), json.dumps(seats), "done", "normal",
                         json.dumps(scores), json.dumps(ranking), json.dumps(failures), 0.2,
                         None, idx + 1, at, records[idx % len(records)]))
            hist += [(1, idx + 1, e, skills[e].mu, skills[e].sigma, elos[e])  # type: ignore[index]
                     for e in seats]
        con.execute("BEGIN")
        con.executemany("INSERT INTO ladder_games (ladder_id, idx, seed, entrants, status, "
                        "outcome, scores, ranking, failures, seconds, error, seq, finished, "
                        "record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        con.executemany("INSERT INTO ladder_history VALUES (?, ?, ?, ?, ?, ?)", hist)
        con.execute("COMMIT")
        done = min(total, first + CHUNK)
        print(f"\r{done} of {total} games, {time.monotonic() - t0:.0f} s", end="",
              file=sys.stderr, flush=True)
    print(file=sys.stderr)
    last = _stamp(start + total)
    con.executemany(
        "INSERT INTO entrants (id, ladder_id, name, version, spec, run_spec, hash, submitted, "
        "report, mu, sigma, elo, games, last_played, author) VALUES "
        "(?, 1, ?, 1, 'random', 'random', ?, ?, 'bench', ?, ?, ?, ?, ?, 'bench')",
        [(i + 1, f"bot{i:04d}", f"hash{i}", _stamp(start), wl.skill(i + 1).mu,
          wl.skill(i + 1).sigma, elo.rating(i + 1), games[i], last)  # type: ignore[arg-type]
         for i in range(entrants)])
    con.execute("PRAGMA journal_mode=WAL")
    con.close()


# --- measuring, each in a process of the measured code ---------------------------------------
SHOW_STATE = """
import json, resource, sys, time
from harness.storage.database import Store
from harness.ladders.runner import LadderState
t = time.perf_counter()
with Store(sys.argv[1]) as store:
    state = LadderState(store, sys.argv[2])
print(json.dumps({"seconds": time.perf_counter() - t,
                  "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

#: the live table of `ladder run` drawn to a terminal of 120 x 40 held in memory (the code
#: before the aggregates took the store too)
OPEN_LIVE = """
import inspect, io
from rich.console import Console

def open_live(store, name):
    from harness.views import ladders as views
    console = Console(file=io.StringIO(), force_terminal=True, width=120, height=40)
    params = inspect.signature(views.live_standings).parameters
    args = (store, name) if "store" in params else (name,)
    return views.live_standings(*args, console=console)
"""

LOOP = OPEN_LIVE + """
import inspect, io, json, random, sys, time
from rich.console import Console
from harness.ladders import runner as lr
from harness.storage.database import Store
from harness.cluster.games import Played
try:
    from harness.storage.ladder_schema import pack_record
except ImportError:  # before the aggregates a worker sent the record as it is
    pack_record = lambda r: r
db, name, games, live = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "live"
record = pack_record(open(sys.argv[5], "rb").read())
# the wall time at each submit and wait; the CPU time (this process: every thread) at the
# first game and the last (a call of its clock is a system call: 2 ms on a busy machine)
seen, cpu = [], []

class Pool:
    # answers every game at once with a real result: the driver's own work alone
    parallel = 1
    def __init__(self):
        self.rng, self.out, self.n = random.Random(5), [], 0
    def submit(self, spec_json, tasks):
        seen.append(time.perf_counter())
        self.n += 1
        if self.n in (1, games):
            cpu.append(time.process_time())
        ranking = [0, 1] if self.rng.random() < 0.5 else [1, 0]
        self.out.append((self.n, [Played(t[0], None, "normal", [50, 40], ranking, [], 0.2,
                                         record) for t in tasks]))
        return self.n
    def wait(self, keys, timeout):
        out, self.out = self.out, []
        seen.append(time.perf_counter())
        return out

if hasattr(lr, "InlinePool"):  # before the cluster's dispatcher
    lr.InlinePool = Pool  # the run's own loop, its pool answering at once
else:  # the dispatcher's Inline: its task body answers each game at once
    pool = Pool()
    def answer(spec_json, tasks, store):
        pool.submit(spec_json, tasks)
        return pool.out.pop()[1]
    lr.play_ladder_batch = answer
with Store(db) as store:
    update = None
    if live:
        cm = open_live(store, name)
        update = cm.__enter__()
    state = lr.run(store, name, games=games, inline=True, on_update=update)
    if live:
        cm.__exit__(None, None, None)
wall = seen[-1] - seen[0]
print(json.dumps({"games": state.done, "seconds": wall, "ms_per_game": 1000 * wall / games,
                  "cpu_ms_per_game": 1000 * (cpu[-1] - cpu[0]) / (games - 1)}))
"""


PLAY = OPEN_LIVE + """
import inspect, io, json, sys, time
from rich.console import Console
from harness.ladders import runner as lr
from harness.storage.database import Store
db, name, games, live = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "live"
inline = sys.argv[5:] == ["inline"]  # played in this process: the table shares its thread
seen = []

def note(state):
    seen.append((time.perf_counter(), state.done))

with Store(db) as store:
    update = note
    if live:
        cm = open_live(store, name)
        draw = cm.__enter__()
        update = lambda state: (note(state), draw(state))
    lr.run(store, name, games=games, workers=2, on_update=update, inline=inline,
           allow_unsandboxed=inline)
    if live:
        cm.__exit__(None, None, None)
(t0, d0), (t1, d1) = seen[0], seen[-1]
print(json.dumps({"games": d1 - d0, "seconds": t1 - t0, "per_s": (d1 - d0) / (t1 - t0)}))
"""


def _run(code: Path, args: list[str], timeout: float = 7200) -> str:
    """Run `python ARGS` on the code of checkout `code` (niced); its output."""
    env = {**os.environ, "PYTHONPATH": str(code), "ARENA_DB": "/nonexistent"}
    proc = subprocess.Popen([sys.executable, *args], cwd=code, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: os.nice(10))
    out, err = proc.communicate(timeout=timeout)
    if proc.returncode:
        raise SystemExit(f"{args[:3]} failed: {err.decode()[-2000:]}")
    return out.decode()


def _cli(code: Path, *args: str) -> tuple[float, float, float]:
    """An `arena` command's seconds, peak memory and CPU seconds (a process of its own,
    so the peak is its own: RUSAGE_CHILDREN only grows, hence a fresh interpreter measures
    it; the CPU time, which a busy machine inflates less than the wall time)."""
    probe = ("import os, resource, subprocess, sys, time, json; t = time.perf_counter(); "
             "subprocess.run([sys.executable, '-m', 'harness.cli', *sys.argv[1:]], check=True, "
             "stdout=subprocess.DEVNULL); u = resource.getrusage(resource.RUSAGE_CHILDREN); "
             "print(json.dumps([time.perf_counter() - t, u.ru_maxrss / 1024, "
             "u.ru_utime + u.ru_stime]))")
    seconds, mb, cpu = json.loads(_run(code, ["-c", probe, *args]))
    return seconds, mb, cpu


def _server(code: Path, db: Path, port: int) -> subprocess.Popen[bytes]:
    import httpx

    env = {**os.environ, "PYTHONPATH": str(code)}
    proc = subprocess.Popen([sys.executable, "-m", "harness.cli", "ladder", "serve", "--db",
                             str(db), "--port", str(port)], cwd=code, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            preexec_fn=lambda: os.nice(10))
    for _ in range(600):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/v1/submissions/1", timeout=5)
            return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def _cpu(pid: int) -> float:
    """CPU seconds (user and system) process `pid` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return math.nan


def _get(url: str, timeout: float = 3600) -> float:
    import httpx

    t = time.perf_counter()
    r = httpx.get(url, timeout=timeout)
    r.raise_for_status()
    return time.perf_counter() - t


def serve(code: Path, db: Path, clients: int, requests: int, paged: bool,
          games: int) -> dict[str, Any]:
    """The server: standings with `clients` at once (`requests` each), a game's record,
    and with the aggregates every other read, cold (the first) and warm."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = _server(code, db, port)
    base = f"http://127.0.0.1:{port}/api/v1"
    out: dict[str, Any] = {}
    try:
        times: list[float] = []
        lock = threading.Lock()

        def client() -> None:
            for _ in range(requests):
                took = _get(f"{base}/ladders/{NAME}")
                with lock:
                    times.append(took)

        t, cpu = time.perf_counter(), _cpu(proc.pid)
        threads = [threading.Thread(target=client) for _ in range(clients)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        wall = time.perf_counter() - t
        out["standings"] = {"clients": clients, "p50": statistics.median(times),
                            "max": max(times), "per_s": len(times) / wall,
                            "cpu_per_request": (_cpu(proc.pid) - cpu) / len(times)}
        out["record"] = statistics.median(_get(f"{base}/ladders/{NAME}/games/{i}")
                                          for i in (17, games // 2, games - 1))
        if paged:
            for what, path in (("ladders", "/ladders"),
                               ("standings page 2", f"/ladders/{NAME}?offset=100&limit=100"),
                               ("history of a bot", f"/ladders/{NAME}/history?bot=bot0001"),
                               ("history, top 10", f"/ladders/{NAME}/history"),
                               ("a bot's games", f"/ladders/{NAME}/games?bot=bot0001"),
                               ("older games", f"/ladders/{NAME}/games?bot=bot0001&before=500")):
                cpu = _cpu(proc.pid)
                cold = _get(base + path)
                spent = _cpu(proc.pid) - cpu
                out[what] = {"cold": cold, "cold_cpu": spent, "warm": _get(base + path)}
        out["server_mb"] = _peak_mb(proc.pid)
    finally:
        proc.terminate()
        proc.wait(30)
    return out


def measure(db: Path, code: Path, clients: int, requests: int, loop: int,
            live: int) -> dict[str, Any]:
    with sqlite3.connect(db) as con:
        schema = con.execute("PRAGMA user_version").fetchone()[0]
        paged = bool(con.execute("SELECT 1 FROM sqlite_master WHERE name='ladder_records'")
                     .fetchall())  # the aggregates' schema: the paged reads
        games = con.execute("SELECT count(*) FROM ladder_games").fetchone()[0]
        entrants = con.execute("SELECT count(*) FROM entrants").fetchone()[0]
    out: dict[str, Any] = {"code": str(code), "schema": schema, "games": games,
                           "entrants": entrants, "load": os.getloadavg()[0]}
    record = db.with_suffix(".record.json")
    record.write_bytes(real_records(1)[0])
    steps: list[tuple[str, Callable[[], Any]]] = [
        ("run_start", lambda: json.loads(_run(code, ["-c", SHOW_STATE, str(db), NAME]))),
        ("loop", lambda: json.loads(_run(code, ["-c", LOOP, str(db), NAME, str(loop),
                                                 "plain", str(record)]))),
        *[(f"loop_{how}", lambda how=how: json.loads(_run(code, [
            "-c", LOOP, str(db), NAME, str(live), how, str(record)])))
          for how in (("plain", "live") if live else ())],
        ("show_json", lambda: _cli(code, "ladder", "show", NAME, "--json", "--db", str(db))),
        ("show", lambda: _cli(code, "ladder", "show", NAME, "--db", str(db))),
        ("serve", lambda: serve(code, db, clients, requests, paged, games)),
    ]
    for what, step in steps:
        try:
            out[what] = step()
        except (SystemExit, Exception) as e:  # noqa: BLE001 - a step that fails is reported
            out[what] = {"failed": str(e)[-300:]}
        print(json.dumps({what: out[what]}), file=sys.stderr, flush=True)
    record.unlink()
    out["file_mb"] = sum(p.stat().st_size for p in db.parent.glob(db.name + "*")
                         if p.is_file()) / 1024**2
    out["load_after"] = os.getloadavg()[0]
    return out


def play(db: Path, code: Path, games: int, inline: bool = False) -> dict[str, Any]:
    """`ladder run` playing real games on Ray (two workers; `inline`: in its own process,
    the live table drawn on the thread that plays), without and with the live table drawn
    to a terminal: games per second, from its first game to its last."""
    out: dict[str, Any] = {"load": os.getloadavg()[0]}
    for how in ("plain", "live", "plain", "live"):
        got = json.loads(_run(code, ["-c", PLAY, str(db), NAME, str(games), how,
                                     *(["inline"] if inline else [])]))
        out.setdefault(how, []).append(got)
    out["load_after"] = os.getloadavg()[0]
    return out


def migrate(db: Path, code: Path) -> dict[str, Any]:
    probe = ("import json, resource, sys, time; from harness.storage.database import Store; "
             "t = time.perf_counter(); Store(sys.argv[1]).close(); print(json.dumps("
             "[time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss "
             "/ 1024]))")
    before = db.stat().st_size / 1024**2
    seconds, mb = json.loads(_run(code, ["-c", probe, str(db)]))
    return {"seconds": seconds, "mb": mb, "file_mb_before": before,
            "file_mb_after": db.stat().st_size / 1024**2, "load": os.getloadavg()[0]}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="what", required=True)
    b = sub.add_parser("build")
    b.add_argument("db", type=Path)
    b.add_argument("--entrants", type=int, required=True)
    b.add_argument("--games-per-entrant", type=int, default=GAMES_PER_ENTRANT)
    m = sub.add_parser("measure")
    m.add_argument("db", type=Path)
    m.add_argument("--code", type=Path, required=True)
    m.add_argument("--clients", type=int, default=8)
    m.add_argument("--requests", type=int, default=4)
    m.add_argument("--loop", type=int, default=200)
    m.add_argument("--live", type=int, default=0, help="games of the loop with and without "
                   "the live table")
    r = sub.add_parser("play")
    r.add_argument("db", type=Path)
    r.add_argument("--code", type=Path, required=True)
    r.add_argument("--games", type=int, default=300)
    r.add_argument("--inline", action="store_true", help="play in the driver's process")
    g = sub.add_parser("migrate")
    g.add_argument("db", type=Path)
    g.add_argument("--code", type=Path, required=True)
    a = p.parse_args()
    if a.what == "build":
        t = time.perf_counter()
        build(a.db, a.entrants, a.games_per_entrant)
        print(json.dumps({"built": str(a.db), "seconds": time.perf_counter() - t,
                          "file_mb": a.db.stat().st_size / 1024**2}))
    elif a.what == "measure":
        print(json.dumps(measure(a.db, a.code.resolve(), a.clients, a.requests, a.loop,
                                 a.live)))
    elif a.what == "play":
        print(json.dumps(play(a.db, a.code.resolve(), a.games, a.inline)))
    else:
        print(json.dumps(migrate(a.db, a.code.resolve())))


if __name__ == "__main__":
    main()
