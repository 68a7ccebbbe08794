"""A Ray cluster of several machines on one machine's loopback addresses, started as
docs/cluster.md starts one ("Try it on one machine"): a head that plays nothing
(`--num-cpus=0`) on 127.0.0.2 and worker nodes on 127.0.0.3, 127.0.0.4..., each in a mount
namespace of its own in which the `hidden` folders are empty tmpfs: what a second machine
sees of the driver's disk, which is nothing. Every process is a `ray start --block` in a
session of its own, stopped by signalling it (never `ray stop`, which would stop every Ray
on the machine). Needs root and util-linux's `unshare`.

Used by tests/harness/test_cluster_nodes.py (the operator's scenario) and
tests/measure_cluster.py (how fast, with one and two worker nodes).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[1]
HEAD, NODES = "127.0.0.2", ("127.0.0.3", "127.0.0.4")
PY = sys.executable


def usable() -> str:
    """Why a loopback cluster cannot be started here ("" when it can)."""
    if os.geteuid() != 0:
        return "worker nodes in mount namespaces need root"
    if shutil.which("unshare") is None:
        return "no unshare (util-linux)"
    return ""


def kill_session(sid: int) -> None:
    """SIGKILL every process left in session `sid` (one we started)."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[3]) == sid:
                    os.kill(int(entry.name), signal.SIGKILL)
            except (OSError, ProcessLookupError, ValueError, IndexError):
                continue


@dataclass
class Loopback:
    """A head and worker nodes; `base` holds their logs, caches and Ray's files (a short
    path: Ray's sockets live under it)."""

    base: Path
    hidden: tuple[Path, ...]
    env: dict[str, str]
    address: str = ""
    sessions: dict[str, subprocess.Popen[str]] = field(default_factory=dict)

    @classmethod
    def make(cls, base: Path, hidden: tuple[Path, ...]) -> Loopback:
        """Not started yet: token authentication, and a node killed is found dead in
        seconds, not a minute."""
        env = {**os.environ, "RAY_AUTH_MODE": "token", "RAY_USAGE_STATS_ENABLED": "0",
               "PYTHONPATH": str(ROOT),
               "RAY_health_check_period_ms": "1000", "RAY_health_check_timeout_ms": "1000",
               "RAY_health_check_failure_threshold": "3"}
        return cls(base, hidden, env)

    def start_head(self) -> None:
        port = free_port(HEAD)
        self.address = f"{HEAD}:{port}"
        self.sessions["head"] = _start(
            [PY, "-m", "ray.scripts.scripts", "start", "--head", f"--node-ip-address={HEAD}",
             f"--port={port}", "--num-cpus=0", "--include-dashboard=false",
             "--disable-usage-stats", f"--temp-dir={self.base / 'ray'}", "--block"],
            self.env, self.base / "head.log")

    def start_node(self, ip: str, cpus: int = 1) -> None:
        """A worker node at `ip` that sees none of the hidden folders, with its own cache
        of bot files."""
        mounts = " && ".join(f"mount -t tmpfs none {h}" for h in self.hidden)
        start = (f"{mounts} && exec {PY} -m ray.scripts.scripts start "
                 f"--address={self.address} --node-ip-address={ip} --num-cpus={cpus} "
                 f"--disable-usage-stats --block")
        env = {**self.env, "ARENA_CACHE": str(self.base / f"cache-{ip}")}
        self.sessions[ip] = _start(["unshare", "-m", "sh", "-c", start], env,
                                   self.base / f"node-{ip}.log")

    def stop(self, name: str) -> None:
        """Stop a node (or the head) as Ctrl-C in its terminal would."""
        stop_session(self.sessions.pop(name))

    def kill(self, name: str) -> None:
        """A machine that dies: its whole session, SIGKILL."""
        kill_session(self.sessions.pop(name).pid)

    def close(self) -> None:
        for name in reversed(list(self.sessions)):
            self.stop(name)
        time.sleep(0.5)


def _start(cmd: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[str]:
    """A `ray start --block` in a session of its own, once it says it started (tried
    again if it gave up: a loaded machine can make a node miss its start-up time)."""
    for _ in range(3):
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        started, ended = threading.Event(), threading.Event()

        def watch(proc: subprocess.Popen[str] = proc, started: threading.Event = started,
                  ended: threading.Event = ended) -> None:
            assert proc.stdout is not None
            with open(log, "a") as out:
                for line in proc.stdout:
                    out.write(line)
                    out.flush()
                    if "Ray runtime started" in line:
                        started.set()
            ended.set()

        threading.Thread(target=watch, daemon=True).start()
        for _ in range(2400):
            if started.wait(0.1) or ended.is_set():
                break
        if started.is_set():
            return proc
        stop_session(proc)
    raise AssertionError(f"{cmd[:8]} did not start:\n{log.read_text()[-2000:]}")


def stop_session(proc: subprocess.Popen[Any]) -> None:
    """SIGTERM a process we started in a session of its own, then SIGKILL what is left
    of that session."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pass
    kill_session(proc.pid)
