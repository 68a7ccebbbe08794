"""Play a scheduled tournament on Ray; the driver alone writes the database.

Games go to the cluster through its one dispatcher (harness/cluster/dispatch.py) in small
batches, with their bots' files and plug-in game modules (harness/cluster/cargo.py);
results stream back and each finished game is stored in its own transaction together
with its rating pool's online Elo and the node that played it. A game is deterministic
(its seed is in the schedule), so a game played again after its node or worker was lost,
and `resume` after a kill, give the same records; games the cluster could not play stay
pending for `resume`.
"""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable, Sequence

from bots.external import InfrastructureError
from bots.spec import BotSpec
from harness.cluster import session
from harness.cluster.cargo import Cargo
from harness.cluster.dispatch import Dispatcher, Item, files_of
from harness.cluster.games import GameTask, Played, play_tasks
from harness.cluster.node import Unplayed
from harness.play.contest import load_modules
from harness.play.match import play_match
from harness.sandbox.bundle import BlobStore
from harness.storage.database import GameRow, Store, Tournament
from harness.storage.nodes import NodeLog
from harness.tournaments.schedule import TournamentError, TournamentSpec, schedule
from harness.tournaments.standings import (
    LiveDoc,
    LiveStandings,
    SprtStatus,
    all_pairs,
)
from ratings.elo import Elo, ml_ratings
from ratings.sprt import Sprt, block_score

#: games per Ray task at most; batches shrink towards the end so workers finish together
MAX_BATCH = 32


def play_games(common: tuple[str, dict[str, BotSpec]], tasks: Sequence[GameTask],
               store: BlobStore | None) -> list[Played | Unplayed]:
    """A cluster task (harness/cluster/node.py): some games of the tournament whose spec
    and shipped bots (by entrant name) are `common`."""
    spec_json, shipped = common
    spec = TournamentSpec.from_json(spec_json)
    load_modules(spec.modules)
    return play_tasks(spec.game, spec.num_players, dict(spec.options), spec.time_per_move,
                      spec.clock, spec.isolate, tasks, store, shipped)


def play_batch(spec_json: str, games: Sequence[GameTask]) -> list[Played]:
    """Play some games of the tournament here, its bots' files read where they are."""
    spec = TournamentSpec.from_json(spec_json)
    load_modules(spec.modules)
    out = play_tasks(spec.game, spec.num_players, dict(spec.options), spec.time_per_move,
                     spec.clock, spec.isolate, games)
    for p in out:
        if isinstance(p, Unplayed):
            raise InfrastructureError(p.why)
    return out  # type: ignore[return-value]


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
        self.live = LiveStandings(self.spec.num_players, self.spec.bots, self.rows.values(),
                                  self.stop_block)
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

    def rate(self) -> float:
        return (self.done - self.done_at_start) / max(1e-9, time.monotonic() - self.started)

    def eta(self) -> float | None:
        """Seconds left at this run's own average rate (games left / games a second),
        None before a game has finished; rates over the last few games swing with each
        burst of results."""
        rate, left = self.rate(), self.total - self.done
        if left <= 0:
            return 0.0
        return left / rate if rate > 0 else None

    def sprt_status(self) -> SprtStatus | None:
        """The SPRT so far (None if the tournament has none)."""
        if self.sprt is None:
            return None
        s, scores = self.sprt, self._block_scores
        return SprtStatus(s.elo0, s.elo1, s.llr(scores), s.lower, s.upper, len(scores),
                          self.verdict)

    def live_doc(self) -> LiveDoc:
        """The run as `arena tournament run` shows it while it plays."""
        return LiveDoc(self.done, self.total, self.rate(), self.eta(), self.live.rows(),
                       self.sprt_status())

    def finish(self, p: Played, node: str | None = None) -> None:
        """Store one game's result, played on `node` (results of games cancelled by an SPRT
        stop are dropped)."""
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
        self.store.finish_game(self.t.id, self.t.pool, row, p.record, p.seconds, ratings,
                               node)
        row.status = "done"
        if self.stop_block is None or row.block < self.stop_block:
            self.live.add(row)

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
                self.live.recount(self.rows.values(), self.stop_block)
                return


def lock_tournaments(store: Store, pool: str) -> str:
    """Become the one driver of the tournaments of rating pool `pool` (they share its
    online Elo); other tournaments and ladders of the database play on. Returns the key."""
    key = f"tournaments {pool}"
    store.acquire_driver_lock(key, f"a tournament of rating pool {pool!r}")
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
            cargo = Cargo()  # what the games need besides their specs, read before Ray starts
            shipped = {b: cargo.bot(BotSpec.parse(b)) for b in state.spec.bots}
            modules = cargo.modules(state.spec.modules)
            log = NodeLog(store, f"tournament {name}")
            pool = Dispatcher(play_games, (state.spec.to_json(), shipped), blobs=cargo.blob,
                              modules=modules, workers=workers, address=address,
                              task_cpus=task_cpus, on_failure=log.failed)
            store.set_status(state.t.id, "running")
            try:
                with pool:
                    _play(state, pool, shipped, on_update or (lambda s: None), log)
            except BaseException as e:  # Ctrl-C, a lost cluster: never left `running`
                store.set_status(state.t.id, "incomplete")
                if isinstance(e, KeyboardInterrupt):
                    session.shutdown()  # Ray's processes go now, not minutes later
                raise
            finally:
                log.close()
        complete = not state.pending() and not state.lost
        store.set_status(state.t.id, "finished" if complete else "incomplete")
        games = store.pool_games(state.t.pool)
        store.set_ml(state.t.pool, {b: (r.elo, r.low, r.high)
                                    for b, r in ml_ratings(all_pairs(games)).items()})
    finally:
        store.release_driver_lock(key)
    if state.lost:
        raise TournamentError(
            f"{len(state.lost)} games could not be played on the cluster (first: "
            f"{state.lost[0]}); `arena tournament resume {name}` plays them")
    return state


def _play(state: RunState, pool: Dispatcher, shipped: dict[str, BotSpec],
          on_update: Callable[[RunState], None], log: NodeLog) -> None:
    queue = deque(state.pending())
    state.started, state.done_at_start = time.monotonic(), state.done
    on_update(state)
    while pool.busy or (queue and state.stop_block is None):
        if state.stop_block is not None:
            # the SPRT decided on the blocks before stop_block, all played: the games in
            # flight are past it and would not count, so they are stopped, not waited for
            pool.close()
            break
        while queue and state.stop_block is None and (room := pool.free()) > 0:
            # guided: big batches first, one game at a time at the end; under an SPRT one
            # block (deal) a task, so the test reads each block as soon as it is played and
            # stops within a block or two of its verdict, not 32 games later
            size = min(MAX_BATCH, -(-len(queue) // max(1, room * 2)))
            if state.sprt is not None:
                # the front block's games still to play (a resumed run has played some)
                first = queue[0].block
                size = min(size, next((i for i, r in enumerate(queue) if r.block != first),
                                      len(queue)))
            chunk = [queue.popleft() for _ in range(size)]
            pool.send([Item(r.idx, (r.idx, r.seed, tuple(r.bots)),
                            files_of(shipped.get(b) for b in r.bots)) for r in chunk])
        for done in pool.poll(0.5):
            if done.lost:
                state.lost.append(done.lost)
                continue
            state.finish(done.value, done.node)
            state.check_sprt()
        log.status(pool.status())
        on_update(state)
