"""Sandbox folders belong to their harness for the game's life (issue 34, item 8): a
harness in another PID namespace, which cannot see this one's processes, leaves them be."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from harness.sandbox.isolate import LOCK, SandboxedBot
from tests.sandbox.conftest import LIMITS, hostile, needs_isolation

ROOT = Path(__file__).resolve().parents[2]
SWEEP = "import harness.sandbox.isolate as s; s.sweep()"


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
