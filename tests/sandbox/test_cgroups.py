"""Limits per bot, not per process (issue 34, items 3 and 4): memory in memfd files, in its
tmpfs or spread over processes, tmpfs inodes, CPU shares and CPU seconds of all its
processes. Each bot gets its own control group (harness/sandbox/cgroups.py)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

import engine
from bots.external import BotViolation, Limits
from harness.play.clock import TimeControl
from harness.play.match import play_match
from harness.sandbox import cgroups
from harness.sandbox.isolate import SandboxedBot
from tests.sandbox.conftest import LIMITS, hostile, needs_isolation

needs_cgroups = pytest.mark.skipif(bool(cgroups.why_not()),
                                   reason=f"no cgroups here: {cgroups.why_not()}")
MiB = 1024**2
#: 256 MiB and 2,000 files per bot (the bot's 1 GiB of files and its RLIMIT_AS of 256 MiB
#: a process do not stop what these tests hold)
TIGHT = Limits(memory_bytes=256 * MiB, cpu_seconds=3, processes=16, open_files=64,
               file_bytes=1024 * MiB, line_bytes=MiB, game_bytes=4 * MiB, log_bytes=4096,
               inodes=2000)


def _play(tmp_path: Path, body: str, limits: Limits = TIGHT,
          other: str = "random", time_per_move: float = 10.0) -> list[tuple[int, str, str]]:
    rec = play_match("kit", 2, [hostile(tmp_path, body), other], seed=1,
                     time_control=TimeControl(per_move=time_per_move), limits=limits)
    # this harness's own groups only: other test processes may run sandboxes meanwhile
    assert not cgroups.stale(f"arena-sandbox-{os.getpid()}-"), "a bot's cgroup outlived its game"
    return [(f.seat, f.kind, f.detail) for f in rec.failures]


pytestmark = [needs_isolation, needs_cgroups]


def test_memory_in_memfd_files_counts(tmp_path: Path) -> None:
    body = ("fd = os.memfd_create('hoard')\n"
            "for _ in range(512):\n"
            "    os.write(fd, b'x' * (1 << 20))\n"
            "print('HELD 512 MiB', file=sys.stderr)")
    failures = _play(tmp_path, body)
    assert failures and failures[0][:2] == (0, "memory"), failures


def test_memory_in_its_tmpfs_counts(tmp_path: Path) -> None:
    body = ("with open('/tmp/hoard', 'wb') as f:\n"
            "    for _ in range(512):\n"
            "        f.write(b'x' * (1 << 20))")
    failures = _play(tmp_path, body)
    assert failures and failures[0][:2] == (0, "memory"), failures


def test_memory_of_all_its_processes_counts(tmp_path: Path) -> None:
    body = ("pids = []\n"
            "for _ in range(4):\n"
            "    pid = os.fork()\n"
            "    if pid == 0:\n"
            "        x = bytearray(100 * (1 << 20))\n"
            "        time.sleep(5)\n"
            "        os._exit(0)\n"
            "    pids.append(pid)\n"
            "for pid in pids:\n"
            "    assert os.waitpid(pid, 0)[1] == 0, 'a child was killed'")
    failures = _play(tmp_path, body)
    assert failures and failures[0][:2] == (0, "memory"), failures


def test_files_in_its_tmpfs_are_bounded(tmp_path: Path) -> None:
    body = ("n = 0\n"
            "try:\n"
            "    while n < 100_000:\n"
            "        open(f'/tmp/{n}', 'w').close()\n"
            "        n += 1\n"
            "finally:\n"
            "    print('MADE', n, file=sys.stderr, flush=True)")
    rec = play_match("kit", 2, [hostile(tmp_path, body), "random"], seed=1,
                     time_control=TimeControl(per_move=10.0), limits=TIGHT)
    made = int(rec.logs[0].split("MADE ")[1].split()[0])
    assert made < TIGHT.inodes
    assert rec.failures and rec.failures[0].kind == "forbidden"
    assert "no space left" in rec.failures[0].detail.lower()


@pytest.mark.slow
def test_cpu_seconds_of_all_its_processes_count(tmp_path: Path) -> None:
    body = ("if not os.path.exists('/tmp/forked'):\n"
            "    open('/tmp/forked', 'w').close()\n"
            "    for _ in range(4):\n"
            "        if os.fork() == 0:\n"
            "            while True:\n"
            "                pass")
    bot = SandboxedBot(hostile(tmp_path, body).removeprefix("cmd:"), limits=TIGHT)
    state = engine.make("kit", 2, 1)
    try:
        bot.reset("kit", 2, state.current_player(), 1)
        obs = state.observation(state.current_player())
        bot.act(obs, 5.0)  # forks four spinning processes, answers at once
        deadline = time.monotonic() + 30  # one core's quota: 3 CPU seconds in 3 s, when idle
        with pytest.raises(BotViolation, match="CPU time limit") as e:
            while time.monotonic() < deadline:
                time.sleep(0.5)
                bot.act(obs, 5.0)  # each answer is quick: only the spinners use CPU
        assert e.value.kind == "timeout"
    finally:
        bot.close()


HONEST = ("t = time.process_time()\n"
          "while time.process_time() - t < 0.06:\n"
          "    pass")
HOG = ("if not os.path.exists('/tmp/forked'):\n"
       "    open('/tmp/forked', 'w').close()\n"
       "    for _ in range(12):\n"
       "        if os.fork() == 0:\n"
       "            os.setsid()  # a session each: the scheduler's autogroups do not help\n"
       "            while True:\n"
       "                pass")


@pytest.mark.serial
def test_a_cpu_hog_does_not_slow_its_opponent(tmp_path: Path) -> None:
    """The honest bot's decisions take about as long beside the hog as beside a bot that
    does nothing (a ratio in one run: a busy machine slows both alike); without a quota
    its share of the CPU would be one in thirteen."""
    limits = Limits(cpu_seconds=600, processes=32, memory_bytes=LIMITS.memory_bytes)

    def honest_times(other: str, name: str) -> list[float]:
        (tmp_path / name).mkdir()
        (tmp_path / f"{name}-other").mkdir()
        rec = play_match("kit", 2, [hostile(tmp_path / f"{name}-other", other),
                                    hostile(tmp_path / name, HONEST)],
                         seed=1, time_control=TimeControl(per_move=5.0), limits=limits)
        assert not [f for f in rec.failures if f.seat == 1], rec.failures
        return sorted(m.time for m in rec.moves if m.seat == 1 and not m.by_substitute)

    calm = honest_times("pass", "calm")
    hogged = honest_times(HOG, "hogged")
    median = calm[len(calm) // 2], hogged[len(hogged) // 2]
    assert median[1] < 2.5 * median[0] + 0.03, (calm, hogged)
