"""How fast a cluster plays (docs/cluster.md, "How fast"), measured on a loopback cluster
of worker nodes that see none of the driver's disk (tests/loopback.py). As root, from the
project's folder:

    nice -n 10 python -m tests.measure_cluster [--games 24] [--repeats 2] [--rounds 5]

1. Games per second with one and with two worker nodes (one CPU each), the same
   tournament (`--game`, `--bots`, `--games` with seat rotation), the runs alternating
   (1, 2, 2, 1, ...; the second node stopped for the one-node runs, each configuration
   warmed up first), the time counted from the driver's `run` to its end: the ratio of
   the medians, with the load average beside each run.
2. What moving a bot's files costs, per game: a `cmd:` bot with a data file of
   `--megabytes` MiB, sent to both nodes with empty caches for `--rounds` rounds (one
   task per node a round): the seconds a node spends fetching the files through Ray and
   checking their hashes, the seconds laying out the bot's folder, and the task's round
   trip seen by the driver; the first round against the later ones.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bots.spec import BotSpec
from harness.cluster.cargo import Cargo
from harness.cluster.dispatch import Dispatcher, Item, files_of
from harness.cluster.node import placed
from harness.cluster.session import ensure_ray
from harness.sandbox.bundle import BlobStore
from harness.storage.database import Store
from harness.tournaments import runner
from harness.tournaments.schedule import TournamentSpec
from harness.tournaments.service import create
from tests.loopback import NODES, Loopback, usable


def lay_out(common: None, specs: Sequence[BotSpec], store: BlobStore) -> list[float]:
    """A cluster task: each bot's folder laid out on this node; the seconds each took."""
    out = []
    for spec in specs:
        t0 = time.perf_counter()
        placed([spec], store)
        out.append(time.perf_counter() - t0)
    return out


def load() -> str:
    return "load {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())


def _alive() -> set[str]:
    """The addresses of the worker nodes (with CPUs) alive now."""
    import ray

    return {n["NodeManagerAddress"] for n in ray.nodes()
            if n.get("Alive") and (n.get("Resources") or {}).get("CPU")}


def _until(want: set[str], seconds: float = 120.0) -> None:
    """Wait until exactly the nodes `want` are alive with CPUs."""
    deadline = time.monotonic() + seconds
    while _alive() != want:
        if time.monotonic() > deadline:
            raise SystemExit(f"the cluster's worker nodes are {sorted(_alive())}, "
                             f"not {sorted(want)}")
        time.sleep(0.5)


def _tournament(folder: Path, name: str, spec: TournamentSpec, address: str) -> float:
    """Seconds to play the tournament `spec` on the cluster."""
    with Store(folder / f"{name}.sqlite") as store:
        create(store, name, spec)
        t0 = time.perf_counter()
        state = runner.run(store, name, address=address)
        seconds = time.perf_counter() - t0
        assert not state.lost and not state.pending(), name
    return seconds


def scaling(loop: Loopback, results: Path, spec: TournamentSpec, repeats: int) -> None:
    warm = TournamentSpec(**{**{f: getattr(spec, f) for f in spec.__struct_fields__},
                             "games": 4})
    rates: dict[int, list[float]] = {1: [], 2: []}
    nodes = 2
    for r in range(repeats):
        for want in (1, 2) if r % 2 == 0 else (2, 1):
            if want == 1 and nodes == 2:
                loop.stop(NODES[1])
                nodes = 1
            elif want == 2 and nodes == 1:
                loop.start_node(NODES[1])
                nodes = 2
            _until(set(NODES[:want]))
            _tournament(results, f"warm-{r}-{want}", warm, loop.address)
            seconds = _tournament(results, f"run-{r}-{want}", spec, loop.address)
            rate = spec.games / seconds  # type: ignore[operator]
            rates[want].append(rate)
            print(f"run {r + 1}, {want} worker node(s): {spec.games} games in "
                  f"{seconds:.1f} s, {rate:.2f} games/s ({load()})", flush=True)
    one, two = statistics.median(rates[1]), statistics.median(rates[2])
    print(f"medians: {one:.2f} games/s on one node, {two:.2f} on two: {two / one:.2f}x",
          flush=True)
    if nodes == 1:
        loop.start_node(NODES[1])
    _until(set(NODES))


def moving_files(loop: Loopback, authors: Path, megabytes: int, rounds: int) -> None:
    bot = authors / "big"
    bot.mkdir()
    (bot / "bot.py").write_text("import sys\n")
    (bot / "data.bin").write_bytes(os.urandom(megabytes * 1024 * 1024))
    here = os.getcwd()
    os.chdir(authors)
    try:
        cargo = Cargo()
        spec = cargo.bot(BotSpec.parse("cmd:python3 big/bot.py big/data.bin"))
    finally:
        os.chdir(here)
    pool = Dispatcher(lay_out, None, blobs=cargo.blob, address=loop.address)
    rows: dict[str, list[tuple[float, float, float]]] = {ip: [] for ip in NODES}
    for r in range(-1, rounds):  # round -1: a bot without files, so the workers are warm
        sent = spec if r >= 0 else BotSpec.parse("random")
        alive = {n.address: n for n in pool.nodes() if n.alive}  # a restarted node: anew
        before = {ip: n.file_seconds for ip, n in alive.items()}
        sent_at = time.perf_counter()
        for i in range(len(NODES)):  # one to each node (the freer one is picked)
            pool.send([Item((r, i), sent, files_of([sent]))])
        got: list[Any] = []
        while pool.busy:
            got += pool.poll(1.0)
        trip = time.perf_counter() - sent_at
        assert sorted(o.node for o in got) == sorted(NODES), [o.node for o in got]
        for o in got:
            assert not o.lost, o.lost
            if r >= 0:
                fetch = alive[o.node].file_seconds - before[o.node]
                rows[o.node].append((fetch, o.value, trip))
    pool.close()
    for ip, runs in rows.items():
        (f0, l0, t0), later = runs[0], runs[1:]
        print(f"{ip}: first game: fetch {f0 * 1000:.1f} ms, lay out {l0 * 1000:.2f} ms, "
              f"round trip {t0 * 1000:.0f} ms; later games (median of {len(later)}): "
              f"fetch {statistics.median(x[0] for x in later) * 1000:.2f} ms, lay out "
              f"{statistics.median(x[1] for x in later) * 1000:.2f} ms, round trip "
              f"{statistics.median(x[2] for x in later) * 1000:.0f} ms ({load()})",
              flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="kit")
    ap.add_argument("--module", default="tests.kitgame", help="plug-in module ('' for none)")
    ap.add_argument("--bots", default="mcts:iters=300,mcts:iters=100")
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--megabytes", type=int, default=16)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args(argv)
    if why := usable():
        raise SystemExit(f"cannot start a loopback cluster here: {why}")
    spec = TournamentSpec(game=args.game, num_players=2, bots=tuple(args.bots.split(",")),
                          seat_rotation=True, games=args.games,
                          modules=(args.module,) if args.module else ())
    base = Path(tempfile.mkdtemp(prefix="arena-ms-", dir="/tmp"))  # short: Ray's sockets
    results, authors = base / "results", base / "authors"
    results.mkdir()
    authors.mkdir()
    loop = Loopback.make(base, (results, authors))
    os.environ.update({k: v for k, v in loop.env.items() if k.startswith("RAY_")})
    try:
        loop.start_head()
        for ip in NODES:
            loop.start_node(ip)
        ensure_ray(None, loop.address)
        _until(set(NODES))
        print(f"cluster: head {loop.address} (no CPUs), worker nodes {', '.join(NODES)} "
              f"(1 CPU each, in mount namespaces); {os.cpu_count()} cores; {load()}",
              flush=True)
        scaling(loop, results, spec, args.repeats)
        moving_files(loop, authors, args.megabytes, args.rounds)
    finally:
        from harness.cluster import session

        session.shutdown()
        loop.close()
        shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
