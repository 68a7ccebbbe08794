"""Hostile bots in the sandbox: each game finishes, the failure is recorded with the
right reason, the other bot plays on untouched, and nothing of the bot is left behind."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

import engine
from harness.play.clock import TimeControl
from harness.play.match import play_match
from harness.sandbox.isolate import UID_BASE, SandboxedBot, sweep
from tests.sandbox.conftest import LIMITS, hostile, needs_isolation

ROOT = Path(__file__).resolve().parents[2]


def sandbox_processes() -> list[int]:
    """Live processes running as a uid of this process's sandboxes."""
    mine = range(UID_BASE + 64 * os.getpid(), UID_BASE + 64 * os.getpid() + 64)
    return [p for p in all_pids() if uid_of(p) in mine]


def play(tmp_path: Path, body: str, time_per_move: float | None = 5.0, **kw):
    # generous: a loaded machine may take a second to start a Python program
    rec = play_match("kit", 2, [hostile(tmp_path, body), "random"], seed=1,
                     time_control=TimeControl(per_move=time_per_move),
                     limits=kw.pop("limits", LIMITS), **kw)
    assert engine.replay(rec).is_terminal()  # the game finished
    assert rec.ranking[0] == 1 and len(rec.failures) == 1 and rec.failures[0].seat == 0
    assert not any(m.by_substitute for m in rec.moves if m.seat == 1)  # seat 1 untouched
    assert all(m.by_substitute for m in rec.moves[rec.failures[0].decision:] if m.seat == 0)
    return rec, rec.failures[0]


@pytest.mark.parametrize(("case", "body", "kind", "detail"), [
    ("endless loop", "while True: pass", "timeout", "no answer within"),
    ("4 GiB allocation", "x = bytearray(4 << 30)", "memory", "MemoryError"),
    ("garbage JSON", "return '{not json'", "malformed", ""),
    ("garbage line", "print('{not json', flush=True)", "malformed", "malformed JSON"),
    ("out-of-range index", "return {'index': 10 ** 6}", "malformed", "not a legal-action"),
    ("early exit", "sys.exit(0)", "crash", "exited (0)"),
    ("100 MB line without newline", "sys.stdout.write('x' * 100_000_000)\nsys.stdout.flush()",
     "output flood", "longer than"),
    ("1 GB file", "f = open('/tmp/big', 'wb')\nfor i in range(1024):\n    f.write(bytes(1 << 20))",
     "forbidden", "file size limit"),
])
def test_hostile_bot(tmp_path: Path, case: str, body: str, kind: str, detail: str):
    rec, failure = play(tmp_path, body, time_per_move=1.0 if kind == "timeout" else 5.0)
    assert failure.kind == kind, failure.detail
    assert detail in failure.detail
    assert rec.outcome == kind


def test_fork_bomb_is_stopped_and_leaves_no_process(tmp_path: Path):
    body = "while True:\n    if os.fork() == 0:\n        time.sleep(60)"
    _, failure = play(tmp_path, body)
    assert failure.kind in ("forbidden", "timeout"), failure.detail
    if failure.kind == "forbidden":
        assert "process limit" in failure.detail
    deadline = time.monotonic() + 5  # the kernel ends the PID namespace asynchronously
    while sandbox_processes() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sandbox_processes() == []


def test_the_bot_directory_is_removed_after_the_game(tmp_path: Path):
    bot = SandboxedBot(hostile(tmp_path, "pass").removeprefix("cmd:"), limits=LIMITS)
    bot.reset("kit", 2, 0, 0)
    where = bot.dir
    assert where is not None and where.exists()
    bot.close()
    assert bot.dir is None and not where.exists()


def test_cpu_seconds_per_game(tmp_path: Path):
    limits = LIMITS.__class__(**{**_fields(LIMITS), "cpu_seconds": 1})
    _, failure = play(tmp_path, "while True: pass", time_per_move=None, limits=limits)
    assert failure.kind == "timeout" and "CPU time limit" in failure.detail


def test_wall_clock_per_game(tmp_path: Path):
    limits = LIMITS.__class__(**{**_fields(LIMITS), "game_seconds": 0.3})
    _, failure = play(tmp_path, "time.sleep(0.12)", time_per_move=1.0, limits=limits)
    assert failure.kind == "timeout" and "for the game used up" in failure.detail


def test_output_per_game(tmp_path: Path):
    limits = LIMITS.__class__(**{**_fields(LIMITS), "game_bytes": 3000})
    _, failure = play(tmp_path, "sys.stdout.write(' ' * 900)", limits=limits)
    assert failure.kind == "output flood" and "in one game" in failure.detail


def test_stderr_is_kept_bounded(tmp_path: Path):
    rec = play_match("kit", 2, [hostile(tmp_path, "sys.stderr.write('e' * 100_000 + 'END')"),
                                "random"], seed=1,
                     time_control=TimeControl(per_move=5.0), limits=LIMITS)
    assert not rec.failures
    log = rec.logs[0]
    assert log.endswith("END") and "bytes dropped" in log and len(log) < LIMITS.log_bytes + 100
    assert rec.logs[1] == ""


@needs_isolation
@pytest.mark.parametrize("target", ["ray token", "database", "root home"])
def test_reading_the_harness_files_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         target: str):
    # world-readable files in a harness HOME and results folder outside /tmp (the sandbox
    # has a /tmp of its own), so that only the sandbox stands between them and the bot
    outside = Path(tempfile.mkdtemp(dir="/var/tmp"))
    try:
        home, results = outside / "home", outside / "results"
        (home / ".ray").mkdir(parents=True)
        results.mkdir()
        token, db = home / ".ray" / "auth_token", results / "arena.sqlite"
        token.write_text("SECRET-TOKEN")
        db.write_text("SECRET-DATABASE")
        for p in (outside, home, home / ".ray", results):
            p.chmod(0o755)
        monkeypatch.setenv("HOME", str(home))
        monkeypatch.chdir(outside)
        path = {"ray token": str(token), "database": str(db),
                "root home": os.path.expanduser("~root/.bashrc")}[target]
        check_unreadable(tmp_path, path)
    finally:
        shutil.rmtree(outside)


def check_unreadable(tmp_path: Path, path: str) -> None:
    body = (f"print(open({path!r}).read(), file=sys.stderr, flush=True)\n"
            f"return {{'type': 'Play', 'card': open({path!r}).read()}}")
    rec, failure = play(tmp_path, body)
    assert failure.kind == "forbidden", failure.detail
    assert "outside its sandbox" in failure.detail
    text = "".join(rec.logs) + failure.detail
    assert "SECRET" not in text


@needs_isolation
def test_connecting_to_a_local_port_fails(tmp_path: Path):
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        server.setblocking(False)
        port = server.getsockname()[1]
        _, failure = play(tmp_path, f"socket.create_connection(('127.0.0.1', {port}), 2)")
        with pytest.raises(BlockingIOError):
            server.accept()  # nobody came
    assert failure.kind == "forbidden" and "Network is unreachable" in failure.detail


@needs_isolation
def test_the_bot_runs_as_its_own_user_in_an_empty_directory(tmp_path: Path):
    # the project is out of reach; a virtualenv made inside the checkout (`python -m venv
    # v` there, as a newcomer does) holds the interpreter the bot runs on, so that one
    # folder of the checkout is there, and nothing else of it
    venv = Path(sys.prefix)
    seen = {venv.relative_to(ROOT).parts[0]} if venv.is_relative_to(ROOT) else set()
    body = (f"assert os.getuid() >= {UID_BASE} and os.getgid() == os.getuid(), os.getuid()\n"
            "assert os.getcwd() == '/bot' and sorted(os.listdir('.')) == ['bot.py']\n"
            "assert set(os.environ) <= {'HOME', 'TMPDIR', 'LANG', 'PATH', 'LC_CTYPE'}, "
            "os.environ\n"
            "assert not os.path.exists('/root/.bashrc')\n"
            f"assert not os.path.exists({str(ROOT)!r}) or "
            f"set(os.listdir({str(ROOT)!r})) <= {seen!r}, os.listdir({str(ROOT)!r})\n"
            "print('ALL-CHECKED', file=sys.stderr, flush=True)")
    rec = play_match("kit", 2, [hostile(tmp_path, body), "random"], seed=1,
                     time_control=TimeControl(per_move=5.0), limits=LIMITS)
    assert not rec.failures, rec.failures
    assert "ALL-CHECKED" in rec.logs[0] and not rec.notes


def _fields(limits):
    return {f: getattr(limits, f) for f in limits.__struct_fields__}


HARNESS = """import sys, time
from tests import kitgame
from engine import registry
registry.register(kitgame.GAME)
from harness.sandbox.isolate import SandboxedBot
bot = SandboxedBot(sys.argv[1])
bot.reset("kit", 2, 0, 0)
print(bot.dir, flush=True)
time.sleep(60)
"""


@needs_isolation
def test_a_killed_harness_takes_its_sandboxes_with_it(tmp_path: Path):
    stubborn = hostile(tmp_path, "pass").removeprefix("cmd:").replace(
        "bot.py", "stubborn.py")
    (tmp_path / "stubborn.py").write_text(
        "import signal, sys, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "sys.stdin.close()\nwhile True:\n    time.sleep(1)\n")
    harness = subprocess.Popen([sys.executable, "-c", HARNESS, stubborn], cwd=ROOT,
                               stdout=subprocess.PIPE, text=True)
    where = Path(harness.stdout.readline().strip())
    uids = range(UID_BASE + 64 * harness.pid, UID_BASE + 64 * harness.pid + 64)
    deadline = time.monotonic() + 10  # the bot takes its own uid just after the set-up
    while not any(uid_of(p) in uids for p in all_pids()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert where.exists() and any(uid_of(p) in uids for p in all_pids())
    harness.kill()
    harness.wait()
    harness.stdout.close()
    deadline = time.monotonic() + 5
    while any(uid_of(p) in uids for p in all_pids()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(uid_of(p) in uids for p in all_pids())
    sweep()  # as the next harness process does before its first sandbox
    assert not where.exists()


def all_pids() -> list[int]:
    return [int(d.name) for d in Path("/proc").iterdir() if d.name.isdigit()]


def uid_of(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/status").read_text().split("\nUid:")[1].split()[0])
    except (OSError, IndexError, ValueError):
        return -1
