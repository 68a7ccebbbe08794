"""Registers the test-only kit game so the conformance kit always has a game to check.

Many tests start Python processes (the `arena` CLI, Ray workers, sandboxed bots) that
import this repository. With PYTHONDONTWRITEBYTECODE set (this project's machines set it)
every one of them compiled those modules from source again: about 0.4-0.8 s a process.
The tests let Python keep its bytecode caches (`__pycache__/`, git-ignored) instead.
"""

import fcntl
import os
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

from engine import registry  # noqa: E402
from tests import kitgame  # noqa: E402

registry.register(kitgame.GAME)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "serial: measures time or CPU; runs while no other test of this run "
        "does (with parallel workers the others wait: tests/conftest.py)")
    config.addinivalue_line(
        "markers", "slow: takes seconds to minutes (Ray, the terminal, whole tournaments); "
        "`-m 'not slow'` leaves these out")
    config.addinivalue_line(
        "markers", "rule(game, *items): the rule items of docs/rules/<game>.md this test "
        "checks (`arena rules coverage`; tests/foundation/test_rule_map.py)")


def _lock(path: Path, mode: int) -> int:
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, mode)
    return fd


@pytest.fixture(autouse=True)
def _serial_among_workers(request: pytest.FixtureRequest,
                          tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """With parallel workers (pytest-xdist), a `serial` test runs alone: every test holds a
    shared lock of this run while it runs, a serial one an exclusive lock. The gate lets a
    waiting serial test in before the next tests (flock alone could starve it)."""
    if not hasattr(request.config, "workerinput"):  # one process: nothing runs beside
        yield
        return
    run = tmp_path_factory.getbasetemp().parent  # the run's folder, shared by its workers
    mode = fcntl.LOCK_EX if request.node.get_closest_marker("serial") else fcntl.LOCK_SH
    gate = _lock(run / "serial.gate", mode)
    try:
        held = _lock(run / "serial.lock", mode)
    finally:
        if mode == fcntl.LOCK_SH:
            os.close(gate)
    try:
        yield
    finally:
        os.close(held)
        if mode == fcntl.LOCK_EX:
            os.close(gate)


@pytest.fixture(scope="session")
def _ray_of_this_process() -> Iterator[None]:
    yield
    from harness.cluster import session

    session.shutdown()


@pytest.fixture
def local_ray(_ray_of_this_process: None) -> None:
    """An embedded Ray of 2 CPUs for tests that run tournaments in this process. Ray takes
    seconds to start: it starts once per test process (each parallel worker has its own),
    and again only after a test stopped it; it stops when the session ends."""
    from harness.cluster import session

    session.ensure_ray(2)


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port on `host` that nothing listens on now (for servers the tests start)."""
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])
