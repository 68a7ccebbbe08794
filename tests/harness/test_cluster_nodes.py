"""Ladders, a tournament and the ladder server on a real multi-node Ray cluster on loopback,
run as an operator runs one (docs/cluster.md): a head on 127.0.0.2 that plays nothing
(`--num-cpus=0`) and two worker nodes, 127.0.0.3 and 127.0.0.4, each started in its own
mount namespace with the results folder (database, the ladders' bot files) and the
authors' folder (their bots, a plug-in game) hidden under an empty tmpfs: what a second
machine sees of the driver's disk, which is nothing. Everything a game needs must travel
through Ray.

One cluster for the whole module, in one test (its scenarios in order; the last kills a
worker node): tests/loopback.py, started with `ray start --block` in sessions of its own
and stopped by signalling them, never `ray stop`. It takes a minute or two, too long for
the suite's budget: as root, `ARENA_CLUSTER_TESTS=1 python -m pytest
tests/harness/test_cluster_nodes.py` runs it.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from bots.trained import MODELS
from harness.ladders.pin import pin
from harness.ladders.service import create
from harness.sandbox.isolate import isolation
from harness.server import auth
from harness.storage import ladders as ls
from harness.storage.database import Store
from tests.conftest import free_port
from tests.loopback import NODES, PY, ROOT, Loopback, stop_session, usable
from tests.sandbox.conftest import FOLDER_BOT

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("ARENA_CLUSTER_TESTS") != "1",
                       reason="a minute or two: ARENA_CLUSTER_TESTS=1 runs it (docs/cluster.md)"),
    pytest.mark.skipif(bool(usable() or isolation()),
                       reason="worker nodes in mount namespaces and sandboxed bots need root"),
]

#: a `python:` bot in a package of its own, with a data file and a relative import
CORE = """import json, os
from bots.base import Bot
from . import helper

class Picky(Bot):
    def __init__(self):
        with open(os.path.join(os.path.dirname(__file__), "prefs.json")) as f:
            self.offset = json.load(f)["offset"]

    def act(self, observation, time_left):
        legal = observation.legal_actions
        return legal[helper.pick(self.offset, len(legal))]
"""
CMD = "cmd:python3 bot/main.py data/weights.txt bot"


@dataclass
class Cluster:
    base: Path
    results: Path
    authors: Path
    loop: Loopback

    @property
    def address(self) -> str:
        return self.loop.address

    @property
    def env(self) -> dict[str, str]:
        return self.loop.env

    def arena(self, *args: str, cwd: Path | None = None, code: int = 0,
              timeout: float = 600) -> subprocess.CompletedProcess[str]:
        run = subprocess.run([PY, "-m", "harness.cli", *args], cwd=cwd or self.authors,
                             env=self.env, capture_output=True, text=True, timeout=timeout)
        assert run.returncode == code, run.stdout[-3000:] + run.stderr[-3000:]
        return run

    def db(self, name: str) -> str:
        return str(self.results / name)


def _authors(folder: Path) -> None:
    (folder / "cbot" / "bot").mkdir(parents=True)
    (folder / "cbot" / "data").mkdir()
    (folder / "cbot" / "bot" / "main.py").write_text(FOLDER_BOT)
    (folder / "cbot" / "bot" / "tables.txt").write_text("T1\n")
    (folder / "cbot" / "data" / "weights.txt").write_text("3\n")
    pkg = folder / "pybot" / "mypkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "core.py").write_text(CORE)
    (pkg / "helper.py").write_text("def pick(offset, n):\n    return offset % n\n")
    (pkg / "prefs.json").write_text('{"offset": 1}')
    (folder / "model").mkdir()
    shutil.copy(MODELS / "gugong-2p.npz", folder / "model" / "m.npz")
    kit = (ROOT / "tests" / "kitgame.py").read_text()
    (folder / "plugkit.py").write_text(kit.replace('"kit"', '"plugkit"'))


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    base = Path(tempfile.mkdtemp(prefix="arena-cl-", dir="/tmp"))  # short: Ray's sockets
    results, authors = base / "results", base / "authors"
    results.mkdir()
    authors.mkdir()
    _authors(authors)
    loop = Loopback.make(base, (results, authors))
    try:
        loop.start_head()
        with ThreadPoolExecutor(len(NODES)) as pool:  # the worker nodes start together
            list(pool.map(loop.start_node, NODES))
        yield Cluster(base, results, authors, loop)
    finally:
        loop.close()
        shutil.rmtree(base, ignore_errors=True)


def _games(db: str) -> list[tuple[int, str, str, str]]:
    with sqlite3.connect(db) as con:
        return con.execute("SELECT idx, status, coalesce(failures, '[]'), coalesce(node, '') "
                           "FROM ladder_games ORDER BY idx").fetchall()


def test_an_operators_cluster_plays_everything_and_survives_a_dead_node(c: Cluster) -> None:
    _a_ladder_of_submitted_bots(c)
    _a_model_bot(c)
    _a_tournament_of_a_plug_in_game(c)
    _the_server_validates_on_the_cluster(c)
    _a_node_killed_mid_run(c)


@pytest.fixture
def c(cluster: Cluster) -> Cluster:
    return cluster


def _enter(db: str, name: str, spec: ls.LadderSpec,
           bots: list[tuple[str, str, Path | None]]) -> None:
    """A ladder and its entrants, pinned from the authors' folders (their smoke games are
    the server's scenario's)."""
    with Store(db) as store:
        lad = create(store, name, spec)
        for text, display, folder in bots:
            here = os.getcwd()
            os.chdir(folder or here)
            try:
                p = pin(text, Path(lad.spec.bot_root))
            finally:
                os.chdir(here)
            ls.add_entrant(store, lad.id, display, p.spec, p.run_spec, p.digest, p.snapshot,
                           "test")


def _a_ladder_of_submitted_bots(c: Cluster) -> None:
    """`cmd:` with files in subfolders (one found next to argv[0], a folder named whole),
    a `python:` package and `random`: every game played on the worker nodes, none with a
    failure, the bots finding their files where they were at home."""
    db = ["--db", c.db("l.sqlite")]
    _enter(c.db("l.sqlite"), "kl", ls.LadderSpec(game="kit", modules=("tests.kitgame",),
                                                 time_per_move=5.0),
           [(CMD, "cbot", c.authors / "cbot"),
            ("python:mypkg.core:Picky", "picky", c.authors / "pybot"), ("random", "rnd", None)])
    out = c.arena("ladder", "run", "kl", "--games", "8", "--address", c.address, *db)
    assert "kl: 8 games played" in out.stdout, out.stderr
    games = _games(c.db("l.sqlite"))
    assert [(s, f) for _, s, f, _ in games] == [("done", "[]")] * 8
    assert {n for *_, n in games} == set(NODES)  # both worker nodes, never the head
    logs = c.arena("ladder", "games", "kl", "--bot", "cbot", *db).stdout
    assert "table T1 weight 3 cwd /bot" in logs  # its files where they were at home
    shown = c.arena("ladder", "show", "kl", "--all", "--json", *db).stdout
    assert {n["node"] for n in json.loads(shown)["nodes"]} == set(NODES)


def _a_model_bot(c: Cluster) -> None:
    """`mcts:model=` with the model in a subfolder: the model travels with the games."""
    db = ["--db", c.db("g.sqlite")]
    _enter(c.db("g.sqlite"), "gg", ls.LadderSpec(game="gugong", num_players=2),
           [("mcts:iters=3,model=model/m.npz", "mm", c.authors), ("random", "rnd", None)])
    c.arena("ladder", "run", "gg", "--games", "2", "--address", c.address, *db)
    assert [(s, f) for _, s, f, _ in _games(c.db("g.sqlite"))] == [("done", "[]")] * 2


def _a_tournament_of_a_plug_in_game(c: Cluster) -> None:
    """A game module only the driver's folder holds: it travels by content."""
    db = ["--db", c.db("t.sqlite")]
    out = c.arena("tournament", "run", "--game", "plugkit", "--game-module", "plugkit",
                  "--bots", "random,mcts:iters=4", "--games", "4", "--name", "p",
                  "--address", c.address, *db)
    assert "4 games counted" in out.stdout, out.stderr
    doc = json.loads(c.arena("tournament", "show", "p", "--json", *db).stdout)
    assert sum(n["played"] for n in doc["nodes"]) == 4
    assert {n["node"] for n in doc["nodes"]} <= set(NODES)


def _the_server_validates_on_the_cluster(c: Cluster) -> None:
    """An upload validated by smoke games on the worker nodes, the server's own machine
    playing none."""
    db = c.db("s.sqlite")
    with Store(db) as store:
        create(store, "sv", ls.LadderSpec(game="kit", modules=("tests.kitgame",)), owner="ann")
        token = auth.add(store, "ann")
    url = f"http://127.0.0.1:{free_port()}"
    server = subprocess.Popen(
        [PY, "-m", "harness.cli", "ladder", "serve", "--db", db, "--port",
         url.rsplit(":", 1)[1], "--address", c.address], cwd=ROOT, env=c.env,
        start_new_session=True, stdout=subprocess.DEVNULL,
        stderr=open(c.base / "server.log", "wb"))  # noqa: SIM115
    try:
        env = {**c.env, "ARENA_SERVER": url, "ARENA_TOKEN": token}
        run = subprocess.run([PY, "-m", "harness.cli", "ladder", "submit", "sv", CMD, "--as",
                              "cbot"], cwd=c.authors / "cbot", env=env, capture_output=True,
                             text=True, timeout=600)
        for _ in range(100):  # the server may still be starting
            if "cannot reach the ladder server" not in run.stderr:
                break
            time.sleep(0.5)
            run = subprocess.run(run.args, cwd=c.authors / "cbot", env=env,
                                 capture_output=True, text=True, timeout=600)
        assert run.returncode == 0 and "registered cbot v1" in run.stdout, \
            run.stdout + run.stderr + (c.base / "server.log").read_text()[-2000:]
        said = (c.base / "server.log").read_text()  # the operator's log names the nodes
        assert any(f"smoke game 1 of 2 (the bot in seat 0) played on {ip}" in said
                   for ip in NODES), said[-2000:]
    finally:
        stop_session(server)


def _a_node_killed_mid_run(c: Cluster) -> None:
    """127.0.0.4 dies (its whole session, SIGKILL) while the ladder plays: its games are
    played again on 127.0.0.3; every game done once, rated once, none a bot's failure."""
    db = c.db("l.sqlite")
    before = len(_games(db))
    run = subprocess.Popen([PY, "-m", "harness.cli", "ladder", "run", "kl", "--games", "12",
                            "--address", c.address, "--db", db], cwd=c.authors, env=c.env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(600):
        if sum(1 for _, s, _, n in _games(db)[before:] if s == "done" and n == NODES[1]) >= 2:
            break
        time.sleep(0.2)
    c.loop.kill(NODES[1])
    out, err = run.communicate(timeout=600)
    assert run.returncode == 0, out + err
    assert "12 games played" in out and "could not be played" not in err, out + err
    games = _games(db)
    assert [(s, f) for _, s, f, _ in games] == [("done", "[]")] * (before + 12)
    with sqlite3.connect(db) as con:
        rated = con.execute("SELECT seq, count(*) FROM ladder_history GROUP BY seq").fetchall()
        assert len(rated) == before + 12 and {n for _, n in rated} == {2}  # once each
        failed = con.execute("SELECT node, reason FROM node_failures").fetchall()
    assert failed and {n for n, _ in failed} == {NODES[1]}, failed
    assert sum(1 for _, s, _, n in games[before:] if n == NODES[0]) >= 6
