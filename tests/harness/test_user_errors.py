"""Issue 23: every mistake a user makes gets one clear line, and nothing is lost.

Each test runs `arena` as a person would: a subprocess (kit game registered by
tests/conftest.py, no current directory on sys.path unless the CLI adds it), its exit
status, the one line on stderr, and which files exist afterwards.
"""

from __future__ import annotations

import ctypes
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
from harness.sandbox.isolate import isolation
from harness.storage.database import Store

ROOT = Path(__file__).resolve().parents[2]
#: `arena` with the test-only kit game registered; -P: the cwd is not on sys.path
ARENA = [sys.executable, "-P", "-c",
         "import sys; sys.argv[0] = 'arena'; import tests.conftest; "
         "from harness.cli.main import main; main()"]
KIT = ["--game", "kit", "--game-module", "tests.kitgame"]
SLEEPY = "python:tests.harness.test_tournament_run:SleepyBot"

BOTS = '''
import sys, time
from bots.base import Bot, RandomBot

class Broken(Bot):
    def __init__(self):
        raise RuntimeError("my bot is broken")

class Mine(RandomBot):
    pass

class Sleeper(RandomBot):
    def act(self, observation, time_left):
        time.sleep(60)
        return observation.legal_actions[0]
'''


def arena(*args: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "80"}
    return subprocess.run([*ARENA, *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)


def one_line(run: subprocess.CompletedProcess[str], code: int = 2) -> str:
    """The run failed with `code` and said why in one line on stderr, no traceback."""
    assert run.returncode == code, run.stderr
    lines = [ln for ln in run.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in run.stderr, run.stderr
    return lines[0]


@pytest.fixture()
def here(tmp_path: Path) -> Path:
    (tmp_path / "my_bots.py").write_text(BOTS)
    (tmp_path / "bad_module.py").write_text("raise ValueError('oops at import')\n")
    return tmp_path


def test_a_python_bot_that_raises_is_one_line(here: Path) -> None:
    line = one_line(arena("play", "--game", "kit", "--bots", "random,python:my_bots:Broken",
                          cwd=here))
    assert line == "error: bot my_bots:Broken failed to start: RuntimeError: my bot is broken"
    line = one_line(arena("play", "--game", "kit", "--bots", "random,python:bad_module:X",
                          cwd=here))
    assert "its module raised ValueError: oops at import" in line


def test_python_bots_are_found_in_the_current_directory(here: Path) -> None:
    rec = here / "out" / "g.json"
    run = arena("play", "--game", "kit", "--bots", "python:my_bots:Mine,random", "--record",
                str(rec), cwd=here)
    assert run.returncode == 0, run.stderr
    assert decode_json(rec.read_bytes()).bots == ["python:my_bots:Mine", "random"]


@pytest.mark.parametrize("command", [
    ["play", "--game", "kit", "--record", "{blocked}/out/g.json"],
    ["bench", "--game", "kit", "--quick", "--json", "{blocked}/out/b.json"],
    ["tournament", "run", *KIT, "--bots", "random,mcts", "--db", "{blocked}/out/a.sqlite"],
    ["tournament", "export", "t", "--to", "{blocked}/out/t.jsonl", "--db", "{db}"],
])
def test_unwritable_outputs_are_refused_before_the_work(here: Path, command: list[str]) -> None:
    blocked = here / "a-file"  # a file where a folder should be: unwritable, even for root
    blocked.write_text("")
    db = here / "t.sqlite"
    Store(db).close()
    args = [a.format(blocked=blocked, db=db) for a in command]
    line = one_line(arena(*args, cwd=here))
    assert line.startswith("error: cannot write --") and "is not a folder" in line
    assert not (here / "results").exists()


@pytest.mark.slow
def test_readers_never_create_a_database(here: Path) -> None:
    for cmd in (["tournament", "list"], ["tournament", "show", "t"], ["ladder", "show", "x"],
                ["ladders"], ["tournament", "pools"]):
        line = one_line(arena(*cmd, "--db", "typo.sqlite", cwd=here))
        assert line.startswith("error: no database at typo.sqlite")
    assert not (here / "typo.sqlite").exists()


def test_viewing_works_on_a_read_only_mount(here: Path) -> None:
    if isolation():
        pytest.skip(f"no mount namespaces here ({isolation()})")
    ro = here / "ro"
    ro.mkdir()
    with Store(ro / "a.sqlite"):
        pass
    cmd = " ".join([*map(repr, ARENA), "tournament", "list", "--db", str(ro / "a.sqlite")])
    script = f"mount --bind {ro} {ro} && mount -o remount,bind,ro {ro} && {cmd}"
    run = subprocess.run(["unshare", "--mount", "sh", "-c", script], cwd=here,
                         env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "80"},
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "tournaments in" in run.stdout


def test_entrants_that_cannot_play_are_refused_before_scheduling(here: Path) -> None:
    db = here / "new" / "a.sqlite"
    line = one_line(arena("tournament", "run", *KIT, "--bots", "random,cmd:/nonexistent/bot",
                          "--db", str(db), cwd=here))
    assert line == ("error: entrant 'cmd:/nonexistent/bot' cannot start: cannot start "
                    "'/nonexistent/bot': no such file")
    game = next(g for g in __import__("engine").list_games() if g.id != "kit").id
    line = one_line(arena("tournament", "run", *KIT, "--bots", f"random,heuristic:{game}",
                          "--db", str(db), cwd=here))
    assert line == f"error: entrant 'heuristic:{game}' plays {game}, not kit"
    assert not (here / "new").exists()


def test_specs_with_commas_and_copies_of_a_bot(here: Path) -> None:
    from bots.spec import name_copies
    from harness.play.args import entrant_specs, split_specs

    assert split_specs('random,"cmd:node bot.js --w=1,2"') == [
        "random", "cmd:node bot.js --w=1,2"]
    assert entrant_specs("random", ["cmd:node bot.js --w=1,2"])[1] == "cmd:node bot.js --w=1,2"
    assert name_copies(["random", "mcts", "random"]) == ["random#1", "mcts", "random#2"]
    rec = here / "g.json"
    run = arena("play", "--game", "kit", "--bot", "random#1", "--bot", "random#2", "--record",
                str(rec), cwd=here)
    assert run.returncode == 0, run.stderr
    assert decode_json(rec.read_bytes()).bots == ["random#1", "random#2"]


def test_a_sleeping_in_process_bot_is_stopped(here: Path) -> None:
    rec = here / "g.json"
    run = arena("play", "--game", "kit", "--bots", "python:my_bots:Sleeper,random",
                "--time-per-move", "0.1", "--record", str(rec), cwd=here, timeout=50)
    assert run.returncode == 0, run.stderr
    failure = decode_json(rec.read_bytes()).failures[0]
    assert (failure.seat, failure.kind, failure.decision) == (0, "timeout", 0)
    assert "stopped after" in failure.detail


def test_an_external_bots_stderr_reaches_the_record(here: Path) -> None:
    (here / "talker.py").write_text(
        "import sys\nprint('hello from my bot', file=sys.stderr, flush=True)\nsys.exit(3)\n")
    rec = here / "g.json"
    run = arena("play", "--game", "kit", "--bots", "random,cmd:python talker.py", "--record",
                str(rec), cwd=here)
    assert run.returncode == 0, run.stderr
    assert "hello from my bot" in decode_json(rec.read_bytes()).logs[1]
    assert "stderr of seat 1" in run.stdout and "hello from my bot" in run.stdout


def test_version(here: Path) -> None:
    run = arena("--version", cwd=here)
    assert run.returncode == 0 and run.stdout.startswith("arena ")


@pytest.mark.slow
def test_delete_and_an_sprt_run_shows_its_llr(here: Path) -> None:
    db = here / "s.sqlite"
    run = arena("tournament", "run", *KIT, "--bots", "random,random", "--sprt", "0,50,0.05,0.05",
                "--games", "4", "--name", "s", "--workers", "1", "--db", str(db), cwd=here,
                timeout=300)
    assert run.returncode == 0, run.stderr
    assert "SPRT [0, 50]: LLR " in run.stdout and "(-2.94, 2.94)" in run.stdout
    # Ray stays quiet without `arena --verbose` (tests/harness/test_terminal.py: with it)
    assert "Ray" not in run.stderr and "token" not in run.stderr.lower(), run.stderr
    with Store(db, read_only=True) as store:
        assert json.loads(store.tournament("s").spec)["bots"] == ["random#1", "random#2"]
    assert arena("tournament", "delete", "s", "--db", str(db), cwd=here).returncode == 0
    line = one_line(arena("tournament", "show", "s", "--db", str(db), cwd=here))
    assert "no tournament 's'" in line
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT count(*) FROM games").fetchone() == (0,)


def _session_pids(sid: int) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and int(
                    (entry / "stat").read_text().rsplit(")", 1)[1].split()[3]) == sid:
                pids.append(int(entry.name))
        except (OSError, IndexError, ValueError):
            continue
    return pids


def _done_games(db: Path, table: str = "games") -> int:
    """Finished games so far (of tournaments, or with `table="ladder_games"` of ladders); 0
    while the run has not yet written its schema (the file can exist a moment before its
    tables do)."""
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
            return con.execute(f"SELECT count(*) FROM {table} WHERE status='done'").fetchone()[0]
    except sqlite3.Error:
        return 0


def _interruptible() -> None:
    """In the child: Ctrl-C's default action, even when the tests themselves were started
    with SIGINT ignored (a background job of a shell), which Python would keep; and death
    with the test process, so a test killed midway leaves no `--forever` run behind."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG


@pytest.mark.slow
def test_ctrl_c_says_how_to_resume_and_stops_ray(here: Path) -> None:
    """Ctrl-C, and a SIGTERM as a supervisor (`kill`, `timeout`, systemd) sends it, stop
    the run with its games kept: one line saying how to go on, Ray's processes gone, no
    dump from Ray's own handler (SIGTERM exited 1 with a native stack on stderr). Both
    runs at once: each waits seconds for its own Ray."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "80"}
    runs = {sig: subprocess.Popen(
        [*ARENA, "tournament", "run", *KIT, "--bots", f"random,{SLEEPY}:delay=0.05",
         "--games", "16", "--name", "c", "--workers", "1", "--db", str(here / f"{sig}.sqlite")],
        cwd=here, env=env, start_new_session=True, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, text=True, preexec_fn=_interruptible)
        for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        waiting = dict(runs)
        while waiting:
            for sig, proc in list(waiting.items()):
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
                if _done_games(here / f"{sig}.sqlite") >= 1:
                    proc.send_signal(sig)
                    del waiting[sig]
            time.sleep(0.2)
        for sig, status in ((signal.SIGINT, 130), (signal.SIGTERM, 143)):
            proc = runs[sig]
            _, err = proc.communicate(timeout=120)
            assert proc.returncode == status, err
            lines = [ln for ln in err.splitlines() if ln.strip()]
            assert lines[-1].startswith("interrupted: ")
            assert "arena tournament resume c" in lines[-1]
            assert "SIGTERM" not in err and "Traceback" not in err, err
            with Store(here / f"{sig}.sqlite", read_only=True) as store:
                assert store.tournament("c").status == "incomplete"
            for _ in range(300):  # Ray's processes leave with the driver
                if not _session_pids(proc.pid):
                    break
                time.sleep(0.1)
            assert not _session_pids(proc.pid)
    finally:
        for proc in runs.values():
            for pid in _session_pids(proc.pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass


@pytest.mark.slow
def test_a_person_cannot_enter_a_tournament_or_a_ladder(tmp_path: Path) -> None:
    """`human` waits for a terminal a Ray worker does not have: refused before any game."""
    db = str(tmp_path / "h.sqlite")
    line = one_line(arena("tournament", "run", *KIT, "--bots", "human,random", "--db", db,
                          cwd=tmp_path))
    assert "person at the terminal" in line and "arena play" in line
    arena("ladder", "create", "h", *KIT, "--db", db, cwd=tmp_path)
    line = one_line(arena("ladder", "submit", "h", "human", "--as", "me", "--db", db,
                          cwd=tmp_path))
    assert "person at the terminal" in line
    with Store(Path(db), read_only=True) as store:
        assert store.tournaments() == []
