"""Issue 38: the mistakes that escaped issue 23's promise (one line on stderr, status 2,
before any work, nothing created), Ctrl-C's 130 for ladders, and a closed pipe."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.harness.test_user_errors import (
    ARENA,
    KIT,
    ROOT,
    _done_games,
    _interruptible,
    arena,
    one_line,
)

MISSING_JS = "cmd:node /nonexistent/bot.js"


def test_a_missing_script_on_a_cmd_line_is_refused_before_any_game(tmp_path: Path) -> None:
    line = one_line(arena("play", "--game", "kit", "--bots", f"random,{MISSING_JS}", "--record",
                          str(tmp_path / "out" / "g.json"), cwd=tmp_path))
    assert line == (f"error: entrant '{MISSING_JS}' cannot start: cannot start "
                    "'node /nonexistent/bot.js': no such file '/nonexistent/bot.js'")
    db = tmp_path / "new" / "t.sqlite"
    line = one_line(arena("tournament", "run", *KIT, "--bots", f"random,{MISSING_JS}", "--db",
                          str(db), cwd=tmp_path))
    assert line.startswith(f"error: entrant '{MISSING_JS}' cannot start: ")
    assert not (tmp_path / "out").exists() and not (tmp_path / "new").exists()


def test_a_script_that_exists_still_plays(tmp_path: Path) -> None:
    run = arena("play", "--game", "kit", "--bots", "random,cmd:python examples/first_legal_bot.py",
                cwd=ROOT)
    assert run.returncode == 0, run.stderr


def test_a_heuristic_bot_of_another_game_is_one_line(tmp_path: Path) -> None:
    line = one_line(arena("play", "--game", "huang", "--bots", "random,heuristic:gugong",
                          cwd=tmp_path))
    assert line == "error: entrant 'heuristic:gugong' plays gugong, not huang"


@pytest.mark.skipif(not Path("/sys/kernel").is_dir(), reason="no /sys here")
@pytest.mark.parametrize("command", [
    ["play", "--game", "kit", "--record", "/sys/g.json"],
    ["play", "--game", "kit", "--record", "/proc/nope/g.json"],
    ["bench", "--game", "kit", "--quick", "--json", "/sys/b.json"],
    ["tournament", "export", "t", "--to", "/sys/f.jsonl", "--db", "{db}"],
])
def test_kernel_file_systems_are_refused_before_the_work(tmp_path: Path,
                                                         command: list[str]) -> None:
    args = [a.format(db=tmp_path / "t.sqlite") for a in command]
    t0 = time.monotonic()
    line = one_line(arena(*args, cwd=tmp_path))
    assert line.startswith("error: cannot write --") and "is not writable" in line
    assert time.monotonic() - t0 < 20  # no benchmark ran first
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("argv", [
    ["-m", "engine.tensor", "huang", "2"],
    [*ARENA[1:], "games"],
    [*ARENA[1:], "schema", "huang"],
])
def test_a_closed_pipe_ends_quietly(argv: list[str]) -> None:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line: every write fails
    try:
        run = subprocess.run([sys.executable, *argv], stdout=write, stderr=subprocess.PIPE,
                             text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                             timeout=120)
    finally:
        os.close(write)
    assert "Traceback" not in run.stderr and "BrokenPipe" not in run.stderr, run.stderr
    assert run.returncode in (0, 1)


def test_ctrl_c_stops_a_ladder_run_with_130(tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    for cmd in (["ladder", "create", "kl", "--game", "kit", "--game-module", "tests.kitgame"],
                ["ladder", "submit", "kl", "random", "--as", "a"],
                ["ladder", "submit", "kl", "mcts:iters=2", "--as", "b"]):
        run = arena(*cmd, "--db", str(db), cwd=tmp_path)
        assert run.returncode == 0, run.stderr
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "80"}
    proc = subprocess.Popen([*ARENA, "ladder", "run", "kl", "--forever", "--workers", "1",
                             "--db", str(db)], cwd=tmp_path, env=env, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_interruptible)
    try:
        deadline = time.monotonic() + 120
        while _done_games(db, "ladder_games") < 1:
            assert proc.poll() is None, proc.communicate()[1]
            assert time.monotonic() < deadline, "no ladder game finished in 120 s"
            time.sleep(0.2)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 130, err
        assert "stopped; games in flight stay pending" in out
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
