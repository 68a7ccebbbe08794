"""Tournaments on an embedded local Ray (one per module), on the test-only kit game.

The kit game is registered in Ray workers through the tournament's game modules
(`modules=("tests.kitgame",)`, the CLI's `--game-module`); the test bots below are
loaded in workers by their `python:` specs.
"""

from __future__ import annotations

import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

import engine
from bots.base import Bot, RandomBot
from engine.protocol import Action, Observation
from engine.record import MatchRecord, decode_json
from harness.cli.main import main
from harness.cluster import dispatch
from harness.eval.run import eval_spec
from harness.storage.database import Store
from harness.tournaments import runner
from harness.tournaments.schedule import TournamentError, TournamentSpec
from harness.tournaments.service import create, show_data
from harness.views.tournaments import final_table
from tests.loopback import kill_session

ROOT = Path(__file__).resolve().parents[2]
HERE = "tests.harness.test_tournament_run"
PASSER = f"python:{HERE}:PassBot"
CRASHER = f"python:{HERE}:CrashBot"
SLEEPY = f"python:{HERE}:SleepyBot"


class PassBot(Bot):
    """Always passes when it may: a reliably weak kit-game player."""

    name = "pass"

    def act(self, observation: Observation, time_left: float | None) -> Action:
        legal = observation.legal_actions
        return next((a for a in legal if type(a).__name__ in ("Pass", "Keep")), legal[0])


class CrashBot(Bot):
    name = "crash"

    def act(self, observation: Observation, time_left: float | None) -> Action:
        raise RuntimeError("boom")


class ExitBot(Bot):
    """Kills its own process: the Ray worker dies on every try."""

    name = "exit"

    def act(self, observation: Observation, time_left: float | None) -> Action:
        os._exit(3)


class SleepyBot(RandomBot):
    """A random bot that sleeps before each decision, so a tournament lasts long enough
    to be killed midway."""

    name = "sleepy"

    def __init__(self, delay: float = 0.01) -> None:
        super().__init__()
        self.delay = delay

    def act(self, observation: Observation, time_left: float | None) -> Action:
        time.sleep(self.delay)
        return super().act(observation, time_left)


#: an embedded Ray of 2 CPUs, one per test process (tests/conftest.py)
pytestmark = [pytest.mark.usefixtures("local_ray"), pytest.mark.slow]


def _spec(**kw: object) -> TournamentSpec:
    base: dict[str, object] = {"game": "kit", "num_players": 2,
                               "bots": ("random", PASSER), "modules": ("tests.kitgame",)}
    return TournamentSpec(**{**base, **kw})  # type: ignore[arg-type]


def _play(path: Path, spec: TournamentSpec, workers: int = 2, name: str = "t") -> Store:
    """Play on this module's 2-CPU Ray; one worker = tasks that reserve both CPUs."""
    store = Store(path)
    create(store, name, spec)
    runner.run(store, name, workers, task_cpus=2.0 / workers)
    return store


def _table(store: Store, name: str = "t") -> str:
    console = Console(record=True, width=200, file=io.StringIO())
    title, caption, stats = show_data(store, name)
    console.print(final_table(title, stats, caption, width=console.width))
    return console.export_text()


def _moves(rec: MatchRecord) -> tuple[object, ...]:
    """A record without its timings."""
    return (rec.config, rec.bots, [(m.seat, m.action) for m in rec.moves], rec.scores,
            rec.ranking, rec.outcome, rec.final_digest, [f.kind for f in rec.failures])


def test_every_scheduled_game_is_played_once_and_its_record_replays(tmp_path: Path) -> None:
    spec = _spec(num_players=3, bots=("random", PASSER, "mcts:iters=8"), seat_rotation=True,
                 games=12)
    with _play(tmp_path / "a.sqlite", spec) as store:
        t = store.tournament("t")
        assert t.status == "finished"
        rows = store.games(t.id)
        assert len(rows) == 12 and {r.status for r in rows} == {"done"}
        records = [decode_json(r) for r in store.records(t.id)]
        assert len(records) == 12
        for row, rec in zip(rows, records, strict=True):
            assert rec.bots == row.bots and rec.config.seed == row.seed
            assert engine.digest(engine.replay(rec)) == rec.final_digest
        ladder = store.pool_ratings(t.pool)
        assert {b: n for b, (_, n) in ladder.items()} == {"random": 12, PASSER: 12,
                                                          "mcts:iters=8": 12}
        ml = store.pool_table(t.pool)
        assert all(row[3] is not None for row in ml)


def test_results_do_not_depend_on_the_number_of_workers(tmp_path: Path) -> None:
    spec = _spec(bots=("random", PASSER, "python:bots.base:RandomBot"), games=30, seed=3)
    with _play(tmp_path / "one.sqlite", spec, workers=1) as one, \
            _play(tmp_path / "two.sqlite", spec, workers=2) as two:
        assert _table(one) == _table(two)
        recs = [[_moves(decode_json(r)) for r in s.records(s.tournament("t").id)]
                for s in (one, two)]
        assert recs[0] == recs[1]


def test_sprt_stops_on_a_verdict_and_counts_only_the_blocks_before_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = _spec(sprt="0,50,0.05,0.05", seat_rotation=True, games=400)
    tasks: list[list[int]] = []  # the games of each task sent
    send = runner.Dispatcher.send
    monkeypatch.setattr(runner.Dispatcher, "send", lambda self, items: (
        tasks.append([i.key for i in items]), send(self, items))[1])
    with _play(tmp_path / "s.sqlite", spec) as store:
        t = store.tournament("t")
        # one deal a task: the test reads each block as soon as it is played, and a verdict
        # stops the run within the blocks in flight, not a 32-game batch later
        block_of = {r.idx: r.block for r in store.games(t.id)}
        assert tasks and all(len({block_of[k] for k in task}) == 1 for task in tasks)
        assert all(len(task) == 2 for task in tasks)  # 2 seats: each deal's two games
        assert t.verdict == "H1" and t.stop_block is not None
        rows = store.games(t.id)
        # games past the stop were cancelled, or already played and kept but not counted
        assert {r.status for r in rows if r.block >= t.stop_block} <= {"cancelled", "done"}
        assert all(r.status == "done" for r in rows if r.block < t.stop_block)
        assert not any(r.status == "pending" for r in rows)
        text = _table(store)
        assert f"{2 * t.stop_block} games counted" in text
        assert "SPRT after" in text and "is stronger than" in text


def test_sprt_at_more_players_tests_the_bot_against_the_copies_of_its_opponent(
        tmp_path: Path) -> None:
    """`arena eval --sprt` at 3 players: each deal from every seat of the bot, the test on
    the bot's pairwise scores against the two copies of the opponent."""
    spec = eval_spec("kit", 3, "random", PASSER, 300, sprt="0,50,0.05,0.05",
                     modules=("tests.kitgame",))
    with _play(tmp_path / "s3.sqlite", spec) as store:
        t = store.tournament("t")
        assert t.verdict == "H1" and t.stop_block is not None
        counted = [r for r in store.games(t.id) if r.block < t.stop_block]
        assert len(counted) == 3 * t.stop_block
        assert all(r.bots.count(PASSER) == 2 for r in counted)


class _HeldPool(dispatch.Closing):
    """A dispatcher that plays each task at once in this process, except the tasks of the
    blocks from `hold` on: those stay in flight until the pool is closed."""

    hold = 10 ** 9

    def __init__(self, fn: object, common: tuple[str, dict], **_: object) -> None:
        self.spec_json = common[0]
        self.ready: list[dispatch.Outcome] = []
        self.held: list[list[dispatch.Item]] = []
        self.closed, self.polls = False, 0

    @property
    def busy(self) -> bool:
        return bool(self.ready or self.held)

    def free(self) -> int:
        return 2

    def send(self, items: list[dispatch.Item]) -> None:
        if min(i.args[0] for i in items) // 2 >= self.hold:  # 2 games a deal: idx // 2
            self.held.append(items)
            return
        played = runner.play_batch(self.spec_json, [i.args for i in items])
        self.ready += [dispatch.Outcome(i.key, p, "here")
                       for i, p in zip(items, played, strict=True)]

    def poll(self, timeout: float) -> list[dispatch.Outcome]:
        self.polls += 1
        assert self.polls < 1000, "the run kept waiting for games past its verdict"
        out, self.ready = self.ready, []
        return out

    def status(self) -> dict:
        return {}

    def close(self, cancel: bool = True) -> None:
        self.closed, self.held = True, []


def test_a_verdict_stops_the_games_in_flight_past_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the SPRT decides, the games still in flight (all past the stop) are stopped,
    not waited for: with games of 0.234 s of CPU a move, waiting cost minutes."""
    spec = _spec(sprt="0,50,0.05,0.05", seat_rotation=True, games=400)
    monkeypatch.setattr(runner, "Dispatcher", _HeldPool)
    with Store(tmp_path / "free.sqlite") as free:
        create(free, "t", spec)
        stop = runner.run(free, "t").stop_block  # where the verdict falls on these deals
    assert stop is not None and stop > 1
    monkeypatch.setattr(_HeldPool, "hold", stop)  # the deals from the stop on never finish
    pools: list[_HeldPool] = []
    monkeypatch.setattr(runner, "Dispatcher", lambda *a, **k: pools.append(_HeldPool(*a, **k))
                        or pools[-1])
    with Store(tmp_path / "held.sqlite") as held:
        create(held, "t", spec)
        state = runner.run(held, "t")
        assert (state.stop_block, state.verdict) == (stop, "H1")
        assert pools[0].closed
        rows = held.games(held.tournament("t").id)
        assert all(r.status == "done" for r in rows if r.block < stop)
        assert {r.status for r in rows if r.block >= stop} == {"cancelled"}


def test_a_resumed_sprt_run_sends_one_block_a_task_even_when_part_of_it_was_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = _spec(sprt="0,50,0.05,0.05", seat_rotation=True, games=400)
    with Store(tmp_path / "part.sqlite") as store:
        create(store, "t", spec)
        state = runner.RunState(store, store.tournament("t"))
        first = state.pending()[0]  # one game of the first deal played before a kill
        for played in runner.play_batch(spec.to_json(), [(first.idx, first.seed,
                                                          tuple(first.bots))]):
            state.finish(played)
        tasks: list[list[int]] = []
        send = runner.Dispatcher.send
        monkeypatch.setattr(runner.Dispatcher, "send", lambda self, items: (
            tasks.append([i.key for i in items]), send(self, items))[1])
        runner.run(store, "t", 2)
        block_of = {r.idx: r.block for r in store.games(store.tournament("t").id)}
        assert tasks[0] == [first.idx + 1]  # the rest of the first deal alone
        assert all(len({block_of[k] for k in task}) == 1 for task in tasks)


def test_an_interrupted_sprt_run_stops_at_the_same_block(tmp_path: Path) -> None:
    spec = _spec(sprt="0,50,0.05,0.05", seat_rotation=True, games=400)
    with _play(tmp_path / "whole.sqlite", spec) as whole, Store(tmp_path / "part.sqlite") as part:
        create(part, "t", spec)
        state = runner.RunState(part, part.tournament("t"))
        # an interrupted run may have finished later blocks before earlier ones
        early = [(r.idx, r.seed, tuple(r.bots)) for r in state.pending() if r.block in (1, 3)]
        for played in runner.play_batch(spec.to_json(), early):
            state.finish(played)
        runner.run(part, "t", 2)
        a, b = whole.tournament("t"), part.tournament("t")
        assert (a.stop_block, a.verdict) == (b.stop_block, b.verdict)
        assert _table(whole) == _table(part)


def test_bot_failures_are_classified_and_counted_per_bot(tmp_path: Path) -> None:
    with _play(tmp_path / "f.sqlite", _spec(bots=("random", CRASHER), games=4)) as store:
        rows = store.games(store.tournament("t").id)
        assert {r.outcome for r in rows} == {"crash"}
        text = _table(store)
        crash_line = next(line for line in text.splitlines() if "CrashBot" in line)
        assert "crash 4" in crash_line


def test_cli_run_show_list_and_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "cli.sqlite")

    def arena(*args: str) -> str:
        with pytest.raises(SystemExit) as exit_:
            main(list(args))
        assert exit_.value.code == 0, capsys.readouterr().err
        return capsys.readouterr().out

    run = arena("tournament", "run", "--game", "kit", "--game-module", "tests.kitgame",
                "--bots", f"random,{PASSER}", "--games", "6", "--seat-rotation",
                "--option", "unused=true", "--name", "c", "--db", db, "--workers", "2")
    assert "6 games scheduled" in run and "6 games counted" in run
    shown = arena("tournament", "show", "c", "--db", db)
    assert "seat" in shown and "Elo" in shown and "random" in shown
    assert "c" in arena("tournament", "list", "--db", db)
    pools = " ".join(arena("tournament", "pools", "--game", "kit", "--db", db).split())
    assert "rating pool kit, 2 players (" in pools and "unused=True" in pools
    assert "Elo (ML)" in pools
    # machines get JSON and CSV, never a terminal table to parse
    doc = json.loads(arena("tournament", "show", "c", "--db", db, "--json"))
    assert {r["bot"] for r in doc["standings"]} == {"random", PASSER}
    assert sum(r["games"] for r in doc["standings"]) == 12
    assert all(r["elo_low"] <= r["elo"] <= r["elo_high"] for r in doc["standings"])
    csv_rows = arena("tournament", "show", "c", "--db", db, "--csv").splitlines()
    assert csv_rows[0].startswith("bot,games,wins,win_rate") and len(csv_rows) == 3
    listed = json.loads(arena("tournament", "list", "--db", db, "--json"))
    assert listed[0]["name"] == "c" and listed[0]["done"] == listed[0]["games"] == 6
    rated = json.loads(arena("tournament", "pools", "--db", db, "--json"))
    assert {r["bot"] for r in rated} == {"random", PASSER} and rated[0]["pool"].startswith("kit/")
    arena("tournament", "export", "c", "--to", str(tmp_path / "c.jsonl"), "--db", db)
    lines = (tmp_path / "c.jsonl").read_text().splitlines()
    assert len(lines) == 6
    assert json.loads(lines[0])["config"]["options"] == {"unused": True}


def _done(db: Path) -> int:
    try:
        with sqlite3.connect(db) as con:
            return con.execute("SELECT count(*) FROM games WHERE status='done'").fetchone()[0]
    except sqlite3.Error:
        return 0




#: games of the killed tournament (about 0.1 s each): enough to kill it midway
GAMES = 36


def test_kill_9_midway_then_resume_gives_the_uninterrupted_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import ray

    spec = _spec(bots=("random", f"{SLEEPY}:delay=0.01"), seat_rotation=True, games=GAMES,
                 seed=11)
    db = tmp_path / "killed.sqlite"
    address = ray.get_runtime_context().gcs_address  # the driver joins this module's Ray
    proc = subprocess.Popen(
        [sys.executable, "-m", "harness.cli", "tournament", "run", "--game", "kit",
         "--game-module", "tests.kitgame", "--players", "2",
         "--bots", ",".join(spec.bots), "--games", str(GAMES), "--seat-rotation", "--seed", "11",
         "--name", "t", "--workers", "1", "--db", str(db), "--address", address],
        cwd=ROOT, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while _done(db) < 4:
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        assert time.monotonic() < deadline, "the tournament did not start within 120 s"
        time.sleep(0.1)
    kill_session(proc.pid)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    killed_at = _done(db)
    assert 4 <= killed_at < GAMES
    time.sleep(1.0)  # let Ray notice the dead driver and drop its tasks

    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_:  # `arena tournament resume`, on this module's Ray
        main(["tournament", "resume", "t", "--db", str(db), "--workers", "2"])
    assert exit_.value.code == 0
    assert f"{GAMES - killed_at} games left to play" in capsys.readouterr().out

    with Store(db) as store, _play(tmp_path / "whole.sqlite", spec) as whole:
        assert _table(store) == _table(whole)
        got = [_moves(decode_json(r)) for r in store.records(store.tournament("t").id)]
        want = [_moves(decode_json(r)) for r in whole.records(whole.tournament("t").id)]
        assert got == want  # none lost, none twice, same games
        ladder = {b: n for b, (_, n) in store.pool_ratings(store.tournament("t").pool).items()}
        assert ladder == {b: GAMES for b in spec.bots}


def test_a_tournament_under_a_game_clock(tmp_path: Path) -> None:
    with _play(tmp_path / "c.sqlite", _spec(games=4, clock="5+0.1")) as store:
        rows = store.games(store.tournament("t").id)
        assert [r.status for r in rows] == ["done"] * 4 and all(not r.failures for r in rows)
        assert "clock 5+0.1" in _table(store)


def test_demo_plays_a_ladder_on_the_first_real_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from harness.cli.demo import run_demo
    from harness.storage import ladders as ls

    real = [g.id for g in engine.list_games() if g.id != "kit"]
    if not real:
        pytest.skip("no real game has landed yet")
    db = tmp_path / "demo.sqlite"
    name = run_demo(db, workers=2, budget=0.5)  # the smallest demo: a few games
    out = " ".join(capsys.readouterr().out.split())
    assert f"demo ladder {name}" in out and "submit random as random: registered" in out
    assert "rating (mu) after each game" in out and "seat advantage" in out
    with Store(db) as store:
        lad = ls.ladder(store, name)
        assert lad.spec.game == real[0]
        assert {e.name for e in ls.entrants(store, lad.id)} >= {"random", "mcts", "mcts-trained"}
        games = ls.games(store, lad.id)
        assert games and {g.status for g in games} == {"done"}


def test_games_whose_worker_keeps_dying_stay_pending_for_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dispatch, "ATTEMPTS", 2)  # one retry is enough to see it happen
    monkeypatch.setattr(dispatch, "REST_SECONDS", 0.5)  # this machine's one node rests less
    store = Store(tmp_path / "x.sqlite")
    create(store, "t", _spec(bots=("random", f"python:{HERE}:ExitBot"), games=1))
    with store, pytest.raises(TournamentError, match="1 games could not be played.*resume t"):
        runner.run(store, "t", 2)
    with Store(tmp_path / "x.sqlite") as again:
        t = again.tournament("t")
        assert t.status == "incomplete"
        assert [r.status for r in again.games(t.id)] == ["pending"]
