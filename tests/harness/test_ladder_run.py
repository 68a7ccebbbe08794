"""`arena ladder` end to end on an embedded local Ray (one per module), on the kit game:
create -> submit (one bot refused) -> run -> show -> history -> games; kill -9 midway."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.record import decode_json
from harness.cli.main import main
from harness.storage import ladders as ls
from harness.storage.database import Store
from ratings.weng_lin import WengLin

ROOT = Path(__file__).resolve().parents[2]
BOTS = '''
from bots.base import Bot


class PassBot(Bot):
    """Passes (or keeps) whenever it may: a weak kit-game player."""

    def act(self, observation, time_left):
        legal = observation.legal_actions
        return next((a for a in legal if type(a).__name__ in ("Pass", "Keep")), legal[0])


class CrashBot(Bot):
    def act(self, observation, time_left):
        raise RuntimeError("boom: CrashBot always crashes")
'''


#: an embedded Ray of 2 CPUs, one per test process (tests/conftest.py)
pytestmark = [pytest.mark.usefixtures("local_ray"), pytest.mark.slow]


@pytest.fixture
def bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A bot module of the user's own, importable as `ladder_test_bots`."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "ladder_test_bots.py").write_text(BOTS)
    monkeypatch.syspath_prepend(str(folder))
    return "python:ladder_test_bots"


def arena(capsys: pytest.CaptureFixture[str], *args: str, code: int = 0) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(list(args))
    got = capsys.readouterr()
    assert exit_.value.code == code, got.err
    return " ".join((got.out + got.err).split())


def test_create_submit_run_show_history_games(tmp_path: Path, bots: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    db = ["--db", str(tmp_path / "l.sqlite")]
    out = arena(capsys, "ladder", "create", "kl", "--game", "kit", "--game-module",
                "tests.kitgame", "--clock", "30+1", *db)
    assert "ladder kl: kit, 2 players, time clock 30+1" in out
    assert "registered rnd v1" in arena(capsys, "ladder", "submit", "kl", "random", "--as", "rnd",
                                        *db)
    assert "registered passer v1" in arena(capsys, "ladder", "submit", "kl",
                                           f"{bots}:PassBot", "--as", "passer", *db)
    refused = arena(capsys, "ladder", "submit", "kl", f"{bots}:CrashBot", "--as", "crasher",
                    *db, code=1)
    assert "refused: crasher" in refused and "crash at decision" in refused
    assert "boom: CrashBot always crashes" in refused
    again = arena(capsys, "ladder", "submit", "kl", f"{bots}:PassBot", "--as", "passer", *db)
    assert "passer v1 is unchanged" in again

    out = arena(capsys, "ladder", "run", "kl", "--games", "8", "--workers", "2", *db)
    assert "kl: 8 games played" in out
    shown = arena(capsys, "ladder", "show", "kl", *db)
    assert "rnd v1" in shown and "passer v1" in shown and "crasher" not in shown
    assert "seat advantage" in shown and "?" in shown  # provisional after 8 games
    doc = json.loads(arena(capsys, "ladder", "show", "kl", "--json", *db))
    assert [r["bot"] for r in doc["standings"]] == ["rnd", "passer"]
    assert doc["games"] == 8 and all(r["games"] == 8 for r in doc["standings"])
    assert doc["standings"][0]["interval"][0] < doc["standings"][0]["mu"]
    plot = arena(capsys, "ladder", "history", "kl", *db)
    assert "rating (mu) after each game" in plot and "(8 games)" in plot
    assert "passer v1" in arena(capsys, "ladder", "history", "kl", "--bot", "passer", *db)
    assert "kl" in arena(capsys, "ladders", *db)

    saved = tmp_path / "games"
    listed = arena(capsys, "ladder", "games", "kl", "--bot", "passer", "--limit", "3",
                   "--save", str(saved), *db)
    assert "3 of 8 games" in listed and "arena replay" in listed
    first = sorted(saved.glob("kl-*.json"))[0]
    assert "verified" in arena(capsys, "replay", str(first), "--no-moves")


@pytest.mark.parametrize(("args", "message"), [
    (["ladder", "show", "nope"], "no ladder 'nope'"),
    (["ladder", "run", "kl", "--games", "0"], "'--games': Input should be greater"),
    (["ladder", "run", "kl", "--games", "3", "--forever"], "either --games or --forever"),
    (["ladder", "run", "kl"], "has 0 entrant(s)"),
    (["ladder", "history", "kl", "--bot", "zz"], "no bot 'zz'"),
    (["ladder", "create", "k2", "--game", "kit", "--clock", "1+x"], "must look like"),
    (["ladder", "create", "k2", "--game", "kit", "--clock", "5", "--time-per-move", "1"],
     "not both"),
    (["ladder", "create", "kl", "--game", "kit"], "already exists"),
    (["ladder", "create", "k2", "--game", "nogame"], "nogame"),
])
def test_mistakes_give_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                args: list[str], message: str) -> None:
    db = ["--db", str(tmp_path / "m.sqlite")]
    arena(capsys, "ladder", "create", "kl", "--game", "kit", *db)
    err = arena(capsys, *args, *db, code=2)
    assert err.startswith("error:") and message in err and "Traceback" not in err


def test_an_unknown_bot_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = ["--db", str(tmp_path / "u.sqlite")]
    arena(capsys, "ladder", "create", "kl", "--game", "kit", *db)
    out = arena(capsys, "ladder", "submit", "kl", "nobot", "--as", "x", *db, code=2)
    assert out.startswith("error: unknown bot 'nobot'")  # read once, before anything is pinned
    assert not (tmp_path / "ladder-bots" / "kl").exists() or not any(
        (tmp_path / "ladder-bots" / "kl").iterdir())


def _done(db: Path) -> int:
    try:
        with sqlite3.connect(db) as con:
            return con.execute("SELECT count(*) FROM ladder_games WHERE status='done'"
                               ).fetchone()[0]
    except sqlite3.Error:
        return 0


def test_kill_9_during_run_then_run_again_loses_and_duplicates_nothing(
    tmp_path: Path, bots: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import ray

    db = tmp_path / "killed.sqlite"
    dbs = ["--db", str(db)]
    arena(capsys, "ladder", "create", "kl", "--game", "kit", "--game-module", "tests.kitgame",
          *dbs)
    arena(capsys, "ladder", "submit", "kl", "random", "--as", "rnd", *dbs)
    arena(capsys, "ladder", "submit", "kl", f"{bots}:PassBot", "--as", "passer", *dbs)
    address = ray.get_runtime_context().gcs_address  # the driver joins this module's Ray
    proc = subprocess.Popen(
        [sys.executable, "-m", "harness.cli", "ladder", "run", "kl", "--games", "200",
         "--workers", "1", "--address", address, *dbs],
        cwd=ROOT, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while _done(db) < 2:
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        assert time.monotonic() < deadline, "the ladder did not start within 120 s"
        time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGKILL)  # the driver (it joined this module's Ray)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    killed_at = _done(db)
    assert 2 <= killed_at < 200
    time.sleep(1.0)  # let Ray notice the dead driver and drop its tasks

    arena(capsys, "ladder", "run", "kl", "--games", "3", "--workers", "2", *dbs)
    with Store(db) as store:
        lad = ls.ladder(store, "kl")
        games = ls.games(store, lad.id)
        entrants = {e.id: e for e in ls.entrants(store, lad.id)}
        records = [ls.record(store, lad.id, g.idx) for g in games]
        hist = ls.history(store, lad.id)
    assert [g.status for g in games] == ["done"] * len(games)  # nothing left pending
    assert len(games) == killed_at + 3  # the pending ones first, then new ones: 3 in all
    assert sorted(g.seq for g in games) == list(range(1, len(games) + 1))  # each rated once
    for g, rec in zip(games, records, strict=True):
        assert rec is not None and decode_json(rec).config.seed == g.seed
    wl = WengLin()  # replaying the results in rating order gives the stored ratings
    for g in sorted(games, key=lambda g: g.seq or 0):
        assert g.ranking is not None
        wl.update(g.entrants, g.ranking)
        assert {e for s, e, *_ in hist if s == g.seq} == set(g.entrants)
    for eid, e in entrants.items():
        assert e.mu == pytest.approx(wl.skill(eid).mu)
        assert e.sigma == pytest.approx(wl.skill(eid).sigma)
        assert e.games == sum(g.entrants.count(eid) for g in games)
