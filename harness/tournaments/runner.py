"""Play a scheduled tournament on Ray; the driver alone writes the database.

Games run as Ray tasks in small batches; results stream back with `ray.wait` and each
finished game is stored in its own transaction together with its rating pool's online Elo.
A game is deterministic (its seed is in the schedule), so Ray's retries of a lost
worker, and `resume` after a kill, give the same records.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import msgspec

from bots.spec import BotSpec
from engine.record import encode_json
from harness.play.clock import play_game
from harness.play.match import play_match
from harness.storage.database import GameRow, Store, Tournament
from harness.tournaments.schedule import TournamentError, TournamentSpec, load_modules, schedule
from harness.tournaments.standings import all_pairs, counted
from ratings.elo import Elo, ml_ratings
from ratings.sprt import Sprt, block_score

#: the embedded Ray binds here: Ray replaces 127.0.0.1 by the machine's outward
#: address, another loopback address keeps its traffic on this machine
LOOPBACK = "127.0.0.2"
#: tasks in flight per worker, so a worker never waits for the driver
IN_FLIGHT_PER_WORKER = 2
#: Ray re-runs a task this many times if its worker dies
TASK_RETRIES = 3
#: games per Ray task at most; batches shrink towards the end so workers finish together
MAX_BATCH = 32

GameTask = tuple[int, int, tuple[str | BotSpec, ...]]  # idx, seed, bots


class Played(msgspec.Struct, array_like=True):
    """What a Ray task sends back for one game: the summary the driver needs and the
    record as JSON (stored as is), or the engine error that stopped the game."""

    idx: int
    error: str | None = None
    outcome: str = ""
    scores: list[int] = []
    ranking: list[int] = []
    failures: list[tuple[int, str]] = []
    seconds: float = 0.0
    record: bytes = b""


def play_tasks(game: str, num_players: int, options: dict[str, Any], time_per_move: float | None,
               clock: Any, isolate: bool, tasks: Sequence[GameTask]) -> list[Played]:
    """Play (idx, seed, bots) tasks of one set-up; an engine error is kept as the game's
    result (it is deterministic), every other outcome as its record."""
    out: list[Played] = []
    for idx, seed, bots in tasks:
        try:
            rec = play_game(game, num_players, bots, seed, dict(options), time_per_move,
                            clock, isolate)
        except Exception as e:  # an engine error: deterministic, so kept as the game's result
            out.append(Played(idx, error=f"{type(e).__name__}: {e}"))
            continue
        out.append(Played(idx, None, rec.outcome, rec.scores, rec.ranking,
                          [(f.seat, f.kind) for f in rec.failures], rec.seconds,
                          encode_json(rec)))
    return out


def play_batch(spec_json: str, games: Sequence[GameTask]) -> list[Played]:
    """Ray task body: play some games of the tournament."""
    spec = TournamentSpec.from_json(spec_json)
    load_modules(spec.modules)
    return play_tasks(spec.game, spec.num_players, dict(spec.options), spec.time_per_move,
                      spec.clock, spec.isolate, games)


def warm_up(spec_json: str, seconds: float) -> int:
    """Ray task: import everything a game needs and play one, then hold the worker for
    `seconds` so that concurrent warm-ups land on distinct workers. Returns the pid."""
    spec = TournamentSpec.from_json(spec_json)
    load_modules(spec.modules)
    game = schedule(spec)[0]
    play_match(spec.game, spec.num_players, list(game.bots), seed=game.seed,
               options=dict(spec.options), isolate=spec.isolate)
    time.sleep(seconds)
    return os.getpid()


def check_address(address: str | None) -> None:
    """Fail fast, with one clear error, if a `host:port` Ray address does not answer
    (ray.init itself would wait for minutes)."""
    address = address or os.environ.get("RAY_ADDRESS")
    if not address or "://" in address or address == "auto":
        return
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise TournamentError(f"Ray address {address!r} is not of the form host:port")
    try:
        socket.create_connection((host, int(port)), timeout=3.0).close()
    except OSError as e:
        raise TournamentError(f"no Ray cluster answers at {address} ({e.strerror or e})") from None


def ensure_ray(workers: int | None = None, address: str | None = None) -> int:
    """Start an embedded local Ray on loopback, or join `address` / RAY_ADDRESS.
    Returns the number of CPUs Ray offers. A Ctrl-C while Ray starts is held until it has
    started (then raised), so that Ray is never left half-started."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    # before Ray reads its configuration: token authentication, as on any cluster
    os.environ.setdefault("RAY_AUTH_MODE", "token")
    import ray

    if not ray.is_initialized():
        _refresh_ray_config()
        address = address or os.environ.get("RAY_ADDRESS")
        try:
            _start_ray(ray, workers, address)
        except KeyboardInterrupt:  # pressed while Ray started: stop it cleanly now
            shutdown()
            raise
    return max(1, int(ray.cluster_resources().get("CPU", workers or 1)))


def verbose() -> bool:
    """`arena --verbose`: show Ray's own start-up lines and worker logs."""
    return os.environ.get("ARENA_VERBOSE") == "1"


def _start_ray(ray: Any, workers: int | None, address: str | None) -> None:
    level = logging.INFO if verbose() else logging.WARNING
    with held_interrupt():
        if address:
            check_address(address)
            _join(ray, address)
        else:
            try:
                ray.init(address="local", num_cpus=workers or os.cpu_count() or 1,
                         include_dashboard=False, log_to_driver=verbose(),
                         _node_ip_address=LOOPBACK, logging_level=level)
            except Exception as e:  # Ray raises a bare Exception when its node times out
                shutdown()  # (an overloaded machine): no half-started Ray left behind
                raise TournamentError(f"cannot start a local Ray: {e}") from None


def _refresh_ray_config() -> None:
    """Make an already imported Ray see RAY_AUTH_MODE (it caches its configuration)."""
    try:
        from ray._raylet import Config

        Config.initialize("")
    except (ImportError, AttributeError):  # pragma: no cover - another Ray release
        pass


def _join(ray: Any, address: str) -> None:
    """ray.init(address) with Ray's own log lines (a refused token repeats one line
    about twenty times) kept out of the terminal; a failure is one TournamentError."""
    if verbose():
        ray.init(address=address, log_to_driver=True, logging_level=logging.INFO)
        return
    saved = os.dup(2)
    with tempfile.TemporaryFile() as log:
        os.dup2(log.fileno(), 2)
        try:
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
            return
        except Exception as e:
            failure = e
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        log.seek(0)
        said = log.read().decode("utf-8", "replace")
    shutdown()
    raise TournamentError(f"cannot join the Ray cluster at {address}: "
                          f"{_join_problem(failure, said)}") from None


def _join_problem(e: Exception, said: str) -> str:
    text = f"{type(e).__name__}: {e} {said}"
    if "auth" in text.lower() or "token" in text.lower():
        return ("its authentication token was refused; join with the cluster's token in "
                "~/.ray/auth_token (or RAY_AUTH_TOKEN / RAY_AUTH_TOKEN_PATH)")
    lines = [ln.strip() for ln in str(e).strip().splitlines() if ln.strip()]
    return lines[0][:300] if lines else type(e).__name__


@contextmanager
def held_interrupt() -> Iterator[None]:
    """Hold a Ctrl-C (SIGINT) until the block is done, then raise KeyboardInterrupt."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pressed: list[int] = []
    old = signal.signal(signal.SIGINT, lambda sig, frame: pressed.append(sig))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
    if pressed:
        raise KeyboardInterrupt


def shutdown() -> None:
    """Stop (embedded) or leave (joined) Ray now, so no Ray process lingers after us."""
    import ray

    if ray.is_initialized():
        with held_interrupt():
            try:
                ray.shutdown()
            except Exception:  # shutting down after a failure: best effort
                pass


class RunState:
    """The driver's view of one tournament while it plays."""

    def __init__(self, store: Store, t: Tournament) -> None:
        self.store, self.t = store, t
        self.spec = TournamentSpec.from_json(t.spec)
        self.rows = {r.idx: r for r in store.games(t.id)}
        self.sprt = Sprt.parse(self.spec.sprt) if self.spec.sprt else None
        self.stop_block, self.verdict = t.stop_block, t.verdict
        self.blocks: dict[int, list[GameRow]] = {}
        for r in self.rows.values():
            self.blocks.setdefault(r.block, []).append(r)
        self._next_block = 0  # SPRT: first block not yet in the test
        self._block_scores: list[float] = []
        pool = store.pool_ratings(t.pool)
        self.pool = Elo(ratings={b: e for b, (e, _) in pool.items()},
                        games={b: n for b, (_, n) in pool.items()})
        self.elo = Elo()  # this tournament alone, for the live table
        for r in counted(self.rows.values(), self.stop_block):
            if r.ranking is not None:
                self.elo.update(r.bots, r.ranking)
        self.started = time.monotonic()
        self.done_at_start = self.done
        self.lost: list[str] = []

    @property
    def total(self) -> int:
        return sum(1 for r in self.rows.values() if r.status != "cancelled")

    @property
    def done(self) -> int:
        return sum(1 for r in self.rows.values() if r.status in ("done", "error"))

    def pending(self) -> list[GameRow]:
        return sorted((r for r in self.rows.values() if r.status == "pending"),
                      key=lambda r: r.idx)

    @property
    def block_scores(self) -> list[float]:
        """The SPRT's per-block scores so far (bots[0] against bots[1])."""
        return list(self._block_scores)

    def rate(self) -> float:
        return (self.done - self.done_at_start) / max(1e-9, time.monotonic() - self.started)

    def finish(self, p: Played) -> None:
        """Store one game's result (results of games cancelled by an SPRT stop are dropped)."""
        row = self.rows[p.idx]
        if row.status != "pending":
            return
        if p.error is not None:
            self.store.fail_game(self.t.id, p.idx, p.error)
            row.status, row.error = "error", p.error
            return
        row.outcome, row.scores, row.ranking, row.failures = (
            p.outcome, p.scores, p.ranking, p.failures)
        self.pool.update(row.bots, p.ranking)
        ratings = {b: (self.pool.rating(b), self.pool.games[b]) for b in set(row.bots)}
        self.store.finish_game(self.t.id, self.t.pool, row, p.record, p.seconds, ratings)
        row.status = "done"
        self.elo.update(row.bots, p.ranking)

    def check_sprt(self) -> None:
        """Extend the SPRT over the completed prefix of blocks; stop at the first verdict."""
        if self.sprt is None or self.stop_block is not None:
            return
        a, b = self.spec.bots[0], self.spec.bots[1]
        while self._next_block in self.blocks:
            games = self.blocks[self._next_block]
            if any(g.status == "pending" for g in games):
                return
            score = block_score(all_pairs(g for g in games if g.status == "done"), a, b)
            if score is not None:
                self._block_scores.append(score)
            self._next_block += 1
            verdict = self.sprt.verdict(self._block_scores)
            if verdict is not None:
                self.stop_block, self.verdict = self._next_block, verdict
                self.store.stop(self.t.id, self._next_block, verdict)
                for r in self.rows.values():
                    if r.status == "pending" and r.block >= self._next_block:
                        r.status = "cancelled"
                return


_REMOTE: dict[str, Any] = {}


def remote(ray: Any, fn: Callable[..., Any]) -> Any:
    """`fn` as a Ray task (re-run up to TASK_RETRIES times if its worker dies)."""
    if fn.__name__ not in _REMOTE:
        _REMOTE[fn.__name__] = ray.remote(max_retries=TASK_RETRIES, retry_exceptions=False,
                                          num_cpus=1)(fn)
    return _REMOTE[fn.__name__]


def lock_tournaments(store: Store, pool: str) -> str:
    """Become the one driver of the tournaments of rating pool `pool` (they share its
    online Elo); other tournaments and ladders of the database play on. Returns the key."""
    key = f"tournaments {pool}"
    store.acquire_driver_lock(key, f"a tournament of Elo ladder {pool!r}")
    return key


def run(store: Store, name: str, workers: int | None = None, address: str | None = None,
        on_update: Callable[[RunState], None] | None = None,
        task_cpus: float = 1.0) -> RunState:
    """Play every pending game of tournament `name`; returns the final state.
    `task_cpus` > 1 makes each task reserve more CPUs (fewer run at once: `scaling`)."""
    key = lock_tournaments(store, store.tournament(name).pool)
    try:
        state = RunState(store, store.tournament(name))
        load_modules(state.spec.modules)
        state.check_sprt()
        if state.pending() and state.stop_block is None:
            cpus = ensure_ray(workers, address)  # a failed start or join changes nothing
            store.set_status(state.t.id, "running")
            try:
                _play(state, cpus, workers, on_update or (lambda s: None), task_cpus)
            except BaseException as e:  # Ctrl-C, a lost cluster: never left `running`
                store.set_status(state.t.id, "incomplete")
                if isinstance(e, KeyboardInterrupt):
                    shutdown()  # Ray's processes go now, not minutes later
                raise
        complete = not state.pending() and not state.lost
        store.set_status(state.t.id, "finished" if complete else "incomplete")
        games = store.pool_games(state.t.pool)
        store.set_ml(state.t.pool, {b: (r.elo, r.low, r.high)
                                    for b, r in ml_ratings(all_pairs(games)).items()})
    finally:
        store.release_driver_lock(key)
    if state.lost:
        raise TournamentError(
            f"{len(state.lost)} games could not run on Ray (first error: {state.lost[0]}); "
            f"`arena tournament resume {name}` plays them"
        )
    return state


def _play(state: RunState, cpus: int, workers: int | None,
          on_update: Callable[[RunState], None], task_cpus: float) -> None:
    import ray

    par = max(1, int(min(workers or cpus, cpus) / task_cpus))
    fn = remote(ray, play_batch).options(num_cpus=task_cpus, max_retries=TASK_RETRIES)
    queue = deque(state.pending())
    spec_json = state.spec.to_json()
    inflight: dict[Any, list[GameRow]] = {}
    state.started, state.done_at_start = time.monotonic(), state.done
    on_update(state)
    while inflight or (queue and state.stop_block is None):
        while queue and state.stop_block is None and len(inflight) < par * IN_FLIGHT_PER_WORKER:
            size = min(MAX_BATCH, -(-len(queue) // (par * 4)))  # guided: big first, 1 at the end
            chunk = [queue.popleft() for _ in range(size)]
            tasks = [(r.idx, r.seed, tuple(r.bots)) for r in chunk]
            inflight[fn.remote(spec_json, tasks)] = chunk
        ready, _ = ray.wait(list(inflight), num_returns=1, timeout=0.5)
        for ref in ready:
            chunk = inflight.pop(ref)
            try:
                results = ray.get(ref)
            except ray.exceptions.RayError as e:
                state.lost += [str(e).strip().splitlines()[-1]] * len(chunk)
                continue
            for played in results:
                state.finish(played)
                state.check_sprt()
        on_update(state)
