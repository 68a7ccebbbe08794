"""Drive a terminal program as a person would (issue 21): a private tmux server, a window of
80 columns (or any size), keys sent with `send-keys`, the screen read with `capture-pane`.

Tests that need it skip, with the reason, only where tmux is not installed (.ci/run installs
it); each `Tmux` uses its own server socket and kills only that server.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: `arena` with the test-only kit game registered (tests/conftest.py)
ARENA = [sys.executable, "-c", "import sys; sys.argv[0] = 'arena'; import tests.conftest; "
         "from harness.cli.main import main; main()"]

needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None,
                                reason="tmux is not installed (.ci/run installs it)")


class Tmux:
    """One program in a detached tmux window of `width` x `height`."""

    def __init__(self, argv: Sequence[str], width: int = 80, height: int = 50) -> None:
        self.socket = f"arena-test-{uuid.uuid4().hex[:8]}"
        env = {"PYTHONPATH": str(ROOT), "COLUMNS": str(width), "LINES": str(height),
               "TERM": "xterm-256color"}
        command = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        command = f"cd {shlex.quote(str(ROOT))} && env {command} {shlex.join(argv)}; " \
                  "s=$?; echo '[exited]'; echo \"[status $s]\"; sleep 600"
        self._tmux("new-session", "-d", "-x", str(width), "-y", str(height), command)
        self.path = self._tmux("display-message", "-p", "#{socket_path}").strip()

    def _tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True,
                              capture_output=True, text=True,
                              env={**os.environ, "TMUX": ""}).stdout

    def keys(self, *keys: str) -> None:
        """Send keys (tmux names: "Enter", "Right", "Escape", or literal text)."""
        for k in keys:
            self._tmux("send-keys", "-t", "0", k)

    def write(self, text: str) -> None:
        """Type `text` as it is (no Enter)."""
        self._tmux("send-keys", "-t", "0", "-l", text)

    def type(self, text: str) -> None:
        """Type `text` and press Enter."""
        self.write(text)
        self._tmux("send-keys", "-t", "0", "Enter")

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", "0")

    def history(self) -> str:
        """Everything printed so far, scrolled-off lines included."""
        return self._tmux("capture-pane", "-p", "-t", "0", "-S", "-5000")

    def joined(self) -> list[str]:
        """Every line printed so far with wrapped lines joined (`-J`), trailing spaces cut:
        a line longer than the window's width is one the terminal had to wrap."""
        text = self._tmux("capture-pane", "-p", "-J", "-t", "0", "-S", "-5000")
        return [ln.rstrip() for ln in text.splitlines()]

    def wait_for(self, text: str, timeout: float = 60.0, whole: bool = False) -> str:
        """The screen (or the whole history) once it shows `text`; fails with the screen."""
        return self.wait_until(lambda seen: text in seen, repr(text), timeout, whole)

    def wait_until(self, ok: Callable[[str], bool], what: str = "the condition",
                   timeout: float = 60.0, whole: bool = False) -> str:
        """The screen (or the whole history) once `ok(screen)`; fails with the screen (a
        full-screen program draws in parts: wait for all the parts a test reads)."""
        end = time.monotonic() + timeout
        while True:
            seen = self.history() if whole else self.screen()
            if ok(seen):
                return seen
            if time.monotonic() > end:
                raise AssertionError(f"{what} did not appear; the screen:\n{seen}")
            time.sleep(0.1)

    def close(self) -> None:
        """Kill this test's own server and remove its socket file."""
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)
        if self.path:
            Path(self.path).unlink(missing_ok=True)

    def __enter__(self) -> Tmux:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
