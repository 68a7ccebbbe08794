"""`arena ladder run`: matchmaking and play on Ray; the driver alone writes the ladder's
games (it holds the ladder's lock: other ladders, tournaments and submissions go on).

Each game is chosen by matchmaking (harness/ladders/matchmaking.py) and written `pending` before
it is sent to the cluster through its one dispatcher (harness/cluster/dispatch.py), with
the entrants' manifests and their files by content (harness/cluster/cargo.py): no machine
needs the driver's disk. Its result is rated and stored in one transaction, with the node
that played it. A game the infrastructure could not play (a lost node or worker, a file
that could not be fetched, a machine that cannot sandbox bots) is sent to another node;
one that no node could play stays pending, never rated, never a bot's failure. Games
left pending by a killed run are played first by the next run (same seed, same seats),
so nothing is lost or rated twice.

The driver starts from the stored counts (entrants with their aggregates, games per seat)
and keeps its entrants, their ratings and aggregates in memory: before every match it
looks at the ladder's roster count and re-reads only the entrants that changed (bots
submitted while the ladder runs join it; replaced, retired and deleted ones leave), and
its live table is drawn from memory, never from the games. A worker sends each record
compressed. The maximum-likelihood Elo is refitted in the background every so many games
(harness/ladders/mlcache.py), and once more when the run ends.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from bots.spec import BotSpec, BotSpecError, label_of
from engine.common.rng import derive_seed
from engine.common.untrusted import visible
from harness.cluster import session
from harness.cluster.cargo import Cargo
from harness.cluster.dispatch import Dispatcher, Inline, Item, files_of
from harness.cluster.games import Played
from harness.cluster.node import Unplayed
from harness.ladders import pin
from harness.ladders.data import Doc, standings_doc
from harness.ladders.lifecycle import ladder_lock
from harness.ladders.matchmaking import Candidate, Matchmaker, seat
from harness.ladders.mlcache import Refitter, interval, refit, stale
from harness.ladders.service import LadderError, LadderTask, play_ladder_games, use_ladder
from harness.ladders.standings import cached_ml, seat_advantage, standings
from harness.sandbox.bundle import BlobStore
from harness.sandbox.isolate import require_isolation
from harness.sandbox.submission import SubmissionError
from harness.storage import ladders as ls
from harness.storage.database import Store, stamp
from harness.storage.ladder_schema import pack_record
from harness.storage.lifecycle import retire
from harness.storage.nodes import NodeLog
from harness.storage.tally import tally
from ratings.elo import Elo, Rating
from ratings.weng_lin import WengLin

#: games per run when neither --games nor --forever is given
DEFAULT_GAMES = 100


def play_ladder_batch(spec_json: str, tasks: Sequence[LadderTask], store: BlobStore | None
                      ) -> list[Played | Unplayed]:
    """A cluster task (harness/cluster/node.py): some games of a ladder
    (harness/ladders/service.py `play_ladder_games`), their records sent back compressed,
    as the database keeps them."""
    return [msgspec.structs.replace(p, record=pack_record(p.record))
            if isinstance(p, Played) and p.record else p
            for p in play_ladder_games(spec_json, tasks, store)]


class LadderState:
    """The driver's view of a ladder while it plays: started from the stored counts, its
    entrants' ratings and aggregates then kept in memory (this driver alone writes them)."""

    def __init__(self, store: Store, name: str) -> None:
        self.store = store
        self.ladder = ls.ladder(store, name)
        self.spec = self.ladder.spec
        n = self.spec.num_players
        self.entrants: dict[int, ls.Entrant] = {}
        self.played: dict[int, BotSpec | str] = {}  # run spec per entrant, or why none
        self.wl = WengLin()
        self.elo = Elo()
        self.seats = ls.seat_counts(store, self.ladder.id, n)  # played or pending, per seat
        self.seat_totals = [[0, 0.0, 0] for _ in range(n)]  # rated: games, wins, places
        for s, total in enumerate(ls.seat_totals(store, self.ladder.id)[:n]):
            self.seat_totals[s] = list(total)
        self.matchmaker = Matchmaker()
        self.roster = -1
        self.refresh()
        self.ml: dict[int, Rating] = {e.id: r for e in self.entrants.values()
                                      if (r := cached_ml(e)) is not None}
        self.ml_fitted = (self.ladder.ml_seq, self.ladder.ml_at)  # what the table shows
        self.ml_asked = self.ladder.ml_seq  # the game after which a refit was last started
        self.refitter = Refitter(store.path, self.ladder.id)
        self.done = 0
        self.started = time.monotonic()

    def scheduled(self, eid: int) -> int:
        """Games of `eid` played or pending."""
        return sum(self.seats.get(eid, ()))

    def _candidate(self, eid: int) -> Candidate:
        skill = self.wl.skill(eid)
        return Candidate(eid, skill.mu, skill.sigma, self.scheduled(eid))

    def _place(self, eid: int) -> None:
        """Put `eid` in matchmaking with its current rating and games, or take it out."""
        e = self.entrants.get(eid)
        if e is not None and e.playing:
            self.matchmaker.put(self._candidate(eid))
        else:
            self.matchmaker.remove(eid)

    def refresh(self) -> None:
        """Re-read the entrants changed since the last look (one read of the roster count
        when none did): new submissions join; replaced, retired and deleted ones leave
        (the ratings of those known stay this driver's, the one writing them)."""
        _, roster = ls.counters(self.store, self.ladder.id)
        if roster == self.roster:
            return
        changed, ids = ls.changed_entrants(self.store, self.ladder.id, self.roster)
        gone = [eid for eid in self.entrants if eid not in ids]
        for eid in gone:
            del self.entrants[eid]
            self.matchmaker.remove(eid)
        if gone:  # their pending games were cancelled: the others' counts changed
            self.seats = ls.seat_counts(self.store, self.ladder.id, self.spec.num_players)
        for e in changed:
            known = self.entrants.get(e.id)
            if known is not None:
                known.active, known.retired = e.active, e.retired
            else:
                self.entrants[e.id] = e
                self.played[e.id] = self._read(e)
                self.wl.skills[e.id] = e.skill
                self.elo.ratings[e.id] = e.elo  # type: ignore[index]
        for eid in (self.entrants if gone else [e.id for e in changed]):
            self._place(eid)
        self.roster = roster

    def _read(self, e: ls.Entrant) -> BotSpec | str:
        """What `e` plays; a run spec that no longer reads (pinned before specs were read
        once: a parameter given twice), or a snapshot whose files are gone, retires it,
        with the reason."""
        try:
            return pin.runs(e.run_spec, e.snapshot, self.spec.bot_root)
        except (BotSpecError, SubmissionError, OSError, ValueError) as err:
            what = "spec" if isinstance(err, BotSpecError) else "snapshot"
            why = f"its pinned {what} cannot be read: {err}"
            if e.playing:
                retire(self.store, e.id, why)
                e.retired = why
            return why

    def active(self) -> list[ls.Entrant]:
        """The entrants in matchmaking."""
        return [self.entrants[i] for i in sorted(self.matchmaker.cands)]

    def rng(self, idx: int) -> random.Random:
        return random.Random(derive_seed(self.spec.seed, "match", idx))

    def _count(self, seats: Sequence[int], step: int) -> None:
        for s, e in enumerate(seats):
            self.seats.setdefault(e, [0] * self.spec.num_players)[s] += step
        for e in set(seats):
            if e in self.matchmaker:
                self._place(e)

    def next_game(self) -> ls.LadderGame:
        """Matchmake one game and write it as pending."""
        rng = self.rng(ls.next_index(self.store, self.ladder.id))
        lineup = self.matchmaker.pick(self.spec.num_players, rng)
        seats = seat(lineup, self.seats, rng)
        game = ls.schedule_game(
            self.store, self.ladder.id,
            lambda i: derive_seed(self.spec.seed, "deal", i) & ((1 << 63) - 1), seats)
        self._count(game.entrants, 1)
        return game

    def run_specs(self, game: ls.LadderGame) -> tuple[BotSpec, ...] | str:
        """What the game's seats run (their files in their snapshots alone), labelled with
        the entrants' names (`name vN`), so records and replays show names, not paths; or
        why one of them cannot play."""
        out = []
        for e in game.entrants:
            played = self.played.get(e, f"entrant {e} is gone")
            if isinstance(played, str):
                return played
            out.append(played.replace(label=label_of(self.entrants[e].label)))
        return tuple(out)

    def fail(self, game: ls.LadderGame, why: str) -> None:
        """A game that could not be played: kept with the reason, not rated, not counted."""
        ls.fail_game(self.store, self.ladder.id, game.idx, why)
        self._count(game.entrants, -1)

    def finish(self, game: ls.LadderGame, p: Played, node: str | None = None) -> None:
        """Rate and store one result, played on `node` (one transaction), and count it in
        memory."""
        game.node = node
        if p.error is not None:
            self.fail(game, p.error)
            return
        game.outcome, game.scores, game.ranking, game.seconds = (
            p.outcome, p.scores, p.ranking, p.seconds)
        game.failures = [tuple(f) for f in p.failures]  # type: ignore[misc]
        before = ({e: self.wl.skill(e) for e in game.entrants},
                  {e: self.elo.rating(e) for e in game.entrants},  # type: ignore[arg-type]
                  dict(self.elo.games))
        skills = self.wl.update(game.entrants, p.ranking)
        elos = self.elo.update(game.entrants, p.ranking)  # type: ignore[arg-type]
        rated = [ls.Rated(entrant=e, mu=s.mu, sigma=s.sigma, elo=elos[e])  # type: ignore[index]
                 for e, s in skills.items()]
        game.seq = ls.finish_game(self.store, self.ladder.id, game, p.record, rated)
        if game.seq is None:  # cancelled meanwhile (an entrant was deleted): not rated
            self.wl.skills.update(before[0])
            self.elo.ratings.update(before[1])
            self.elo.games = before[2]
            return
        self._tally(game, skills, elos)  # type: ignore[arg-type]
        self.done += 1
        if stale(game.seq, self.ml_asked, interval(len(self.entrants))) and \
                self.refitter.start():
            self.ml_asked = game.seq

    def _tally(self, game: ls.LadderGame, skills: dict[Any, Any], elos: dict[Any, float]
               ) -> None:
        """Count a stored game in the entrants and seats kept in memory, as
        harness/storage/ladders.py counts it in the database."""
        assert game.ranking is not None and game.scores is not None and game.seq is not None
        t = tally(game.entrants, game.ranking, game.scores, game.outcome, game.failures)
        at = stamp()
        for eid, et in t.entrants.items():
            e = self.entrants.get(eid)
            if e is None:
                continue
            e.games += et.games
            e.wins += et.wins
            e.place_sum += et.place_sum
            e.score_sum += et.score_sum
            e.failures = {k: e.failures.get(k, 0) + et.failures.get(k, 0)
                          for k in {*e.failures, *et.failures}}
            e.mu, e.sigma, e.elo, e.last_played = skills[eid].mu, skills[eid].sigma, elos[eid], at
            if e.id in self.matchmaker:
                self._place(eid)
        for s, (won, place) in enumerate(t.seats):
            total = self.seat_totals[s]
            total[0], total[1], total[2] = total[0] + 1, total[1] + won, total[2] + place
        self.ladder.games, self.ladder.last_game = game.seq, at

    def standings_doc(self, limit: int | None = None) -> Doc:
        """The ladder's standings from memory (the live table): as `arena ladder show`
        builds them from the database, the first `limit` rows."""
        got = self.refitter.take()
        if got is not None:
            self.ml, self.ml_fitted = got[1], (got[0], stamp())
        rows = standings(list(self.entrants.values()), self.ml)
        seats = seat_advantage([(int(n), w, int(p)) for n, w, p in self.seat_totals])
        return standings_doc(self.ladder, rows, seats, self.ml_fitted, limit=limit)

    def rate(self) -> float:
        return self.done / max(1e-9, time.monotonic() - self.started)

    def close(self) -> None:
        """The run ends: wait for a refit in flight, and refit once more if games were
        rated since the last one (so `show` has a fresh fit)."""
        self.refitter.wait()
        got = self.refitter.take()
        if got is not None:
            self.ml_fitted = (got[0], stamp())
        if self.done and self.ml_fitted[0] != self.ladder.games:
            refit(self.store.path, self.ladder.id)


def run(store: Store, name: str, games: int | None = None, forever: bool = False,
        workers: int | None = None, address: str | None = None,
        seconds: float | None = None, on_update: Callable[[LadderState], None] | None = None,
        inline: bool = False, allow_unsandboxed: bool = False) -> LadderState:
    """Play `games` games (default DEFAULT_GAMES), or until stopped with `forever`, or until
    `seconds` have passed: games left pending by an interrupted run come first. Submitted
    bots are not run where they cannot be isolated, unless `allow_unsandboxed`: on a
    cluster (`address`), each node that cannot sandbox refuses them (their games go to
    the others); here, the run is refused at once."""
    if games is not None and games < 1:
        raise LadderError(f"games must be at least 1, got {games}")
    if workers is not None and workers < 1:
        raise LadderError(f"workers must be at least 1, got {workers}")
    session.check_address(address)
    key = ladder_lock(store, ls.ladder(store, name))
    try:
        state = LadderState(store, name)
        played = [state.played[e.id] for e in state.active()]
        if not (address or os.environ.get("RAY_ADDRESS")) and any(
                isinstance(p, BotSpec) and not p.kind_of.trusted for p in played):
            require_isolation(allow_unsandboxed)
        use_ladder(state.spec)
        queue = deque(ls.pending(store, state.ladder.id))
        if not queue and len(state.active()) < 2 and not forever:
            raise LadderError(
                f"ladder {name!r} has {len(state.active())} entrant(s); submit at least two "
                f"bots with `arena ladder submit {name} SPEC --as NAME`")
        files = pin.store(state.spec.bot_root)
        log = NodeLog(store, f"ladder {name}")
        strict = not allow_unsandboxed
        if inline:
            pool: Dispatcher | Inline = Inline(play_ladder_batch, state.spec.to_json(), files,
                                               strict, log.failed)
        else:
            cargo = Cargo(files)
            pool = Dispatcher(play_ladder_batch, state.spec.to_json(), blobs=cargo.blob,
                              modules=cargo.modules(state.spec.modules), strict=strict,
                              workers=workers, address=address, on_failure=log.failed)
        try:
            with pool:  # on Ctrl-C the caller shuts Ray down, which ends the games
                _loop(state, queue, None if forever else (games or DEFAULT_GAMES), seconds,
                      pool, on_update, log)
        finally:
            log.close()
        state.close()
    finally:
        store.release_driver_lock(key)
    return state


def _loop(state: LadderState, queue: deque[ls.LadderGame], target: int | None,
          seconds: float | None, pool: Dispatcher | Inline,
          on_update: Callable[[LadderState], None] | None, log: NodeLog) -> None:
    sent: dict[int, ls.LadderGame] = {}
    count, lost, waiting = 0, [], False
    deadline = None if seconds is None else time.monotonic() + seconds
    update = on_update or (lambda s: None)
    state.started = time.monotonic()
    update(state)
    while True:
        open_ = (target is None or count < target) and (
            deadline is None or time.monotonic() < deadline)
        while open_ and pool.free() > 0:
            if not queue:
                state.refresh()
                if len(state.matchmaker) < 2:
                    break
                queue.append(state.next_game())
            game = queue.popleft()
            specs = state.run_specs(game)
            if isinstance(specs, str):  # an entrant that cannot play: the game is not rated
                state.fail(game, specs)
                continue
            sent[game.idx] = game
            pool.send([Item(game.idx, (game.idx, game.seed, specs), files_of(specs))])
            count += 1
            open_ = target is None or count < target
        if not pool.busy:
            if target is None and (deadline is None or time.monotonic() < deadline):
                if not waiting:  # --forever with fewer than two entrants: wait for bots
                    waiting = True
                    print(f"waiting for a second entrant: `arena ladder submit "
                          f"{visible(state.ladder.name)} SPEC --as NAME`", file=sys.stderr)
                time.sleep(1.0)
                continue
            break
        waiting = False
        for out in pool.poll(0.5):
            game = sent.pop(out.key)
            if out.lost:  # no node could play it: it stays pending, for the next run
                lost.append(out.lost)
                continue
            state.finish(game, out.value, out.node)
        log.status(pool.status())
        update(state)
    if lost:
        print(f"warning: {len(lost)} games could not be played on the cluster (first: "
              f"{visible(lost[0])}); they stay pending and the next `arena ladder run` "
              "plays them", file=sys.stderr)
