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
so nothing is lost or rated twice. Entrants are re-read before every match, so bots
submitted while the ladder runs join it, and retired or deleted ones leave.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence

from bots.spec import BotSpec, BotSpecError, label_of
from engine.common.rng import derive_seed
from engine.common.untrusted import visible
from harness.cluster import session
from harness.cluster.cargo import Cargo
from harness.cluster.dispatch import Dispatcher, Inline, Item, files_of
from harness.ladders import pin
from harness.ladders.lifecycle import ladder_lock
from harness.ladders.matchmaking import Candidate, pick_lineup, seat
from harness.ladders.service import LadderError, play_ladder_games, use_ladder
from harness.sandbox.isolate import require_isolation
from harness.sandbox.submission import SubmissionError
from harness.storage import ladders as ls
from harness.storage.database import Store
from harness.storage.lifecycle import retire
from harness.storage.nodes import NodeLog
from harness.tournaments.runner import Played
from ratings.elo import Elo
from ratings.weng_lin import WengLin

#: games per run when neither --games nor --forever is given
DEFAULT_GAMES = 100


class LadderState:
    """The driver's view of a ladder while it plays."""

    def __init__(self, store: Store, name: str) -> None:
        self.store = store
        self.ladder = ls.ladder(store, name)
        self.spec = self.ladder.spec
        self.entrants: dict[int, ls.Entrant] = {}
        self.played: dict[int, BotSpec | str] = {}  # run spec per entrant, or why none
        self.wl = WengLin()
        self.elo = Elo()
        self.scheduled: dict[int, int] = {}  # games per entrant, played or pending
        self.seats: dict[int, list[int]] = {}  # games per entrant and seat
        for g in ls.games(store, self.ladder.id):
            if g.status in ("pending", "done"):
                self._count(g.entrants)
        self.refresh()
        self.done = 0
        self.started = time.monotonic()
        self.dispatcher: Dispatcher | Inline | None = None  # while it plays: nodes, in flight

    def _count(self, seats: Sequence[int]) -> None:
        for s, e in enumerate(seats):
            self.scheduled[e] = self.scheduled.get(e, 0) + 1
            self.seats.setdefault(e, [0] * self.spec.num_players)[s] += 1

    def refresh(self) -> None:
        """Re-read the entrants: new submissions join; replaced, retired and deleted ones
        leave (the ratings of those known stay this driver's, the one writing them)."""
        now = {e.id: e for e in ls.entrants(self.store, self.ladder.id)}
        for eid in [eid for eid in self.entrants if eid not in now]:
            del self.entrants[eid]
        for e in now.values():
            known = self.entrants.get(e.id)
            if known is not None:
                known.active, known.retired = e.active, e.retired
                continue
            self.entrants[e.id] = e
            self.played[e.id] = self._read(e)
            self.wl.skills[e.id] = e.skill
            self.elo.ratings[e.id] = e.elo  # type: ignore[index]

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
        return [e for e in self.entrants.values() if e.playing]

    def rng(self, idx: int) -> random.Random:
        return random.Random(derive_seed(self.spec.seed, "match", idx))

    def next_game(self) -> ls.LadderGame:
        """Matchmake one game and write it as pending."""
        rng = self.rng(ls.next_index(self.store, self.ladder.id))
        pool = [Candidate(e.id, self.wl.skill(e.id).mu, self.wl.skill(e.id).sigma,
                          self.scheduled.get(e.id, 0)) for e in self.active()]
        seats = seat(pick_lineup(pool, self.spec.num_players, rng), self.seats, rng)
        game = ls.schedule_game(
            self.store, self.ladder.id,
            lambda i: derive_seed(self.spec.seed, "deal", i) & ((1 << 63) - 1), seats)
        self._count(game.entrants)
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

    def finish(self, game: ls.LadderGame, p: Played, node: str | None = None) -> None:
        """Rate and store one result, played on `node` (one transaction)."""
        game.node = node
        if p.error is not None:
            ls.fail_game(self.store, self.ladder.id, game.idx, p.error)
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
        for e in skills:
            if e not in self.entrants:
                continue
            self.entrants[e].games += game.entrants.count(e)  # type: ignore[arg-type]
            self.entrants[e].mu, self.entrants[e].sigma = skills[e].mu, skills[e].sigma
            self.entrants[e].elo = elos[e]  # type: ignore[index]
        self.done += 1

    def rate(self) -> float:
        return self.done / max(1e-9, time.monotonic() - self.started)


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
        queue = deque(ls.games(store, state.ladder.id, "pending"))
        if not queue and len(state.active()) < 2 and not forever:
            raise LadderError(
                f"ladder {name!r} has {len(state.active())} entrant(s); submit at least two "
                f"bots with `arena ladder submit {name} SPEC --as NAME`")
        files = pin.store(state.spec.bot_root)
        log = NodeLog(store, f"ladder {name}")
        strict = not allow_unsandboxed
        if inline:
            pool: Dispatcher | Inline = Inline(play_ladder_games, state.spec.to_json(), files,
                                               strict, log.failed)
        else:
            cargo = Cargo(files)
            pool = Dispatcher(play_ladder_games, state.spec.to_json(), blobs=cargo.blob,
                              modules=cargo.modules(state.spec.modules), strict=strict,
                              workers=workers, address=address, on_failure=log.failed)
        state.dispatcher = pool
        try:
            _loop(state, queue, None if forever else (games or DEFAULT_GAMES), seconds, pool,
                  on_update, log)
        finally:
            pool.close()
            log.close()
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
                if len(state.active()) < 2:
                    break
                queue.append(state.next_game())
            game = queue.popleft()
            specs = state.run_specs(game)
            if isinstance(specs, str):  # an entrant that cannot play: the game is not rated
                ls.fail_game(state.store, state.ladder.id, game.idx, specs)
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
