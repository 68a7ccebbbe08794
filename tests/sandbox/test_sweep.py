"""Sandbox folders belong to their harness for the game's life: a harness in another PID
namespace, which cannot see this one's processes, leaves them be; what another local user
puts in the shared temporary folder under a sandbox's name is neither waited on, followed
nor removed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from harness.sandbox.isolate import LOCK, SandboxedBot
from tests.sandbox.conftest import LIMITS, hostile, needs_isolation

ROOT = Path(__file__).resolve().parents[2]
SWEEP = "from harness.sandbox import isolate; isolate.sweep()"


@needs_isolation
def test_a_harness_in_another_pid_namespace_keeps_off_a_live_sandbox(tmp_path: Path) -> None:
    bot = SandboxedBot(hostile(tmp_path, "pass").removeprefix("cmd:"), limits=LIMITS)
    bot.reset("kit", 2, 0, 1)
    try:
        assert bot.dir is not None and bot.dir.exists()
        live = bot.dir
        # this process's pid does not exist in a new PID namespace with its own /proc
        subprocess.run(["unshare", "--pid", "--fork", "--mount-proc", sys.executable, "-c",
                        SWEEP], cwd=ROOT, check=True, timeout=60)
        assert live.exists() and (live / LOCK).exists()
    finally:
        bot.close()
    assert not live.exists()


def test_a_folder_whose_owner_is_gone_is_swept(tmp_path: Path) -> None:
    gone = Path(tempfile.mkdtemp(prefix="arena-sandbox-999999999-"))
    (gone / LOCK).touch()  # its lock is free: no process holds it
    subprocess.run([sys.executable, "-c", SWEEP], cwd=ROOT, check=True, timeout=60)
    assert not gone.exists()


def _planted(kind: str, owner: int) -> Path:
    """A folder named as a sandbox's, put in the shared temporary folder by the local user
    `owner`: its lock a FIFO, or old and without a lock."""
    where = Path(tempfile.mkdtemp(prefix="arena-sandbox-1-"))
    if kind == "fifo":
        os.mkfifo(where / LOCK)
        os.chown(where / LOCK, owner, owner)
    else:
        (where / "precious").write_text("x")
        os.utime(where, (time.time() - 3600, time.time() - 3600))
    os.chown(where, owner, owner)
    return where


@pytest.mark.skipif(os.geteuid() != 0, reason="plants files as another user")
def test_what_another_local_user_plants_under_a_sandbox_name_is_left_alone(
        tmp_path: Path) -> None:
    fifos = [_planted("fifo", 65534), _planted("fifo", 0)]  # another user's, this user's
    old = _planted("old, no lock", 65534)  # another user's folder, old enough to sweep
    victim = tmp_path / "victim"
    victim.mkdir(mode=0o700)
    (victim / LOCK).touch()  # a free lock: it would be swept, were a link followed
    (victim / "precious").write_text("x")
    link = Path(tempfile.mktemp(prefix="arena-sandbox-1-"))
    link.symlink_to(victim)
    lock_link = Path(tempfile.mkdtemp(prefix="arena-sandbox-1-"))
    (lock_link / LOCK).symlink_to(victim / LOCK)
    try:
        start = time.monotonic()
        subprocess.run([sys.executable, "-c", SWEEP], cwd=ROOT, check=True, timeout=20)
        assert time.monotonic() - start < 10  # no open waited for a FIFO's other end
        assert all((f / LOCK).exists() for f in fifos)
        assert (old / "precious").exists()
        assert (victim / "precious").exists() and (lock_link / LOCK).is_symlink()
    finally:
        link.unlink()
        for f in (*fifos, old, lock_link):
            shutil.rmtree(f)
