"""Starting, joining and leaving Ray: an embedded local Ray on loopback by default, or a
cluster at `--address` / RAY_ADDRESS with token authentication (docs/cluster.md)."""

from __future__ import annotations

import logging
import os
import re
import signal
import socket
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engine.common.untrusted import visible
from engine.protocol import ArenaError

#: the embedded Ray binds here: Ray replaces 127.0.0.1 by the machine's outward
#: address, another loopback address keeps its traffic on this machine
LOOPBACK = "127.0.0.2"


class ClusterError(ArenaError, ValueError):
    """Ray cannot be started or joined, or the cluster cannot play the work."""


class Terminated(KeyboardInterrupt):
    """SIGTERM (a supervisor stopping the command, `kill`, `timeout`): the command stops the
    way a Ctrl-C stops it (its games kept to resume, one line saying how, Ray stopped)."""


#: the signals that stopped this process (`Terminated`): the command's exit status is
#: then 128 + SIGTERM, not Ctrl-C's 130
stopped_by: list[int] = []


@contextmanager
def _sigterm_kept() -> Iterator[None]:
    """`ray.init` replaces the SIGTERM handler with its own: put `_terminate` back after
    it if it was there before (a command runs in `stop_on_sigterm`)."""
    main = threading.current_thread() is threading.main_thread()
    ours = main and signal.getsignal(signal.SIGTERM) is _terminate
    try:
        yield
    finally:
        if ours:
            signal.signal(signal.SIGTERM, _terminate)


def _terminate(signum: int, frame: object) -> None:
    stopped_by.append(signum)
    raise Terminated


@contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """SIGTERM raises `Terminated` in the main thread while the block runs (a command);
    the handler before it comes back after. Ray's start sets it again (`_start_ray`):
    `ray.init` sets a handler of its own that stops Ray's processes and exits with status
    1, past the command's own stop (a tournament's resume line)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGTERM, _terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def check_address(address: str | None) -> None:
    """Fail fast, with one clear error, if a `host:port` Ray address does not answer
    (ray.init itself would wait for minutes)."""
    address = address or os.environ.get("RAY_ADDRESS")
    if not address or "://" in address or address == "auto":
        return
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise ClusterError(f"Ray address {address!r} is not of the form host:port")
    try:
        socket.create_connection((host, int(port)), timeout=3.0).close()
    except OSError as e:
        raise ClusterError(f"no Ray cluster answers at {address} ({e.strerror or e})") from None


def ensure_ray(workers: int | None = None, address: str | None = None) -> int:
    """Start an embedded local Ray on loopback, or join `address` / RAY_ADDRESS.
    Returns the number of CPUs Ray offers. A Ctrl-C while Ray starts is held until it has
    started (then raised), so that Ray is never left half-started."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    # a SIGTERM is `Terminated` (stop_on_sigterm), not a crash: no stack dump from Ray's
    # native failure handler on standard error
    os.environ.setdefault("RAY_DISABLE_FAILURE_SIGNAL_HANDLER", "1")
    # before Ray reads its configuration: token authentication, as on any cluster
    os.environ.setdefault("RAY_AUTH_MODE", "token")
    import ray

    if not ray.is_initialized():
        _refresh_ray_config()
        address = address or os.environ.get("RAY_ADDRESS")
        try:
            _start_ray(ray, workers, address)
        except KeyboardInterrupt:  # pressed while Ray started: stop it cleanly now
            shutdown()
            raise
    return max(1, int(ray.cluster_resources().get("CPU", workers or 1)))


def verbose() -> bool:
    """`arena --verbose`: show Ray's own start-up lines and worker logs."""
    return os.environ.get("ARENA_VERBOSE") == "1"


def _start_ray(ray: Any, workers: int | None, address: str | None) -> None:
    level = logging.INFO if verbose() else logging.WARNING
    if not verbose():
        one_line_cluster_errors()
    with held_interrupt(), _sigterm_kept():
        if address:
            check_address(address)
            _join(ray, address)
        else:
            try:
                ray.init(address="local", num_cpus=workers or os.cpu_count() or 1,
                         include_dashboard=False, log_to_driver=verbose(),
                         _node_ip_address=LOOPBACK, logging_level=level)
            except Exception as e:  # Ray raises a bare Exception when its node times out
                shutdown()  # (an overloaded machine): no half-started Ray left behind
                raise ClusterError(f"cannot start a local Ray: {e}") from None


def one_line_cluster_errors() -> None:
    """Ray's driver prints every error the cluster publishes on standard output, a dead
    node's as the last 20 lines of its log (twice), in the middle of a live table or a
    `--json` document. Each becomes one line on standard error instead, its first
    sentence (`cluster: ...`); the driver's own record of the node's failure is in
    `arena cluster status` and `show`. `arena --verbose` keeps Ray's own output. (Ray
    offers no setting for this: its error listener calls `print_to_stdstream` of
    ray._private.worker, which is wrapped here; left alone if that changes.)"""
    try:
        from ray._private import worker
    except ImportError:  # pragma: no cover - another Ray release
        return
    printer = getattr(worker, "print_to_stdstream", None)
    if printer is None or getattr(printer, "one_line", False):
        return

    def one_line(data: dict[str, Any], ignore_prefix: bool) -> None:
        if data.get("pid") != "raylet":  # a worker's own output: as Ray prints it
            printer(data, ignore_prefix)
            return
        text = " ".join(" ".join(str(ln) for ln in data.get("lines", [])).split())
        first = re.split(r"(?<=\.)\s", text, maxsplit=1)[0]
        if first and first not in _said:
            _said.add(first)
            print(f"cluster: {visible(first[:300])}", file=sys.stderr, flush=True)

    one_line.one_line = True  # type: ignore[attr-defined]
    worker.print_to_stdstream = one_line


#: the cluster's messages shown once already (one line each)
_said: set[str] = set()


def _refresh_ray_config() -> None:
    """Make an already imported Ray see RAY_AUTH_MODE (it caches its configuration)."""
    try:
        from ray._raylet import Config

        Config.initialize("")
    except (ImportError, AttributeError):  # pragma: no cover - another Ray release
        pass


def _join(ray: Any, address: str) -> None:
    """ray.init(address) with Ray's own log lines (a refused token repeats one line
    about twenty times) kept out of the terminal; a failure is one ClusterError."""
    if verbose():
        ray.init(address=address, log_to_driver=True, logging_level=logging.INFO)
        return
    saved = os.dup(2)
    with tempfile.TemporaryFile() as log:
        os.dup2(log.fileno(), 2)
        try:
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
            return
        except Exception as e:
            failure = e
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        log.seek(0)
        said = log.read().decode("utf-8", "replace")
    shutdown()
    raise ClusterError(f"cannot join the Ray cluster at {address}: "
                       f"{_join_problem(failure, said)}") from None


def _join_problem(e: Exception, said: str) -> str:
    text = f"{type(e).__name__}: {e} {said}"
    if "auth" in text.lower() or "token" in text.lower():
        return ("its authentication token was refused; join with the cluster's token in "
                "~/.ray/auth_token (or RAY_AUTH_TOKEN / RAY_AUTH_TOKEN_PATH)")
    lines = [ln.strip() for ln in str(e).strip().splitlines() if ln.strip()]
    return lines[0][:300] if lines else type(e).__name__


@contextmanager
def held_interrupt() -> Iterator[None]:
    """Hold a Ctrl-C (SIGINT) until the block is done, then raise KeyboardInterrupt."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pressed: list[int] = []
    old = signal.signal(signal.SIGINT, lambda sig, frame: pressed.append(sig))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
    if pressed:
        raise KeyboardInterrupt


def shutdown() -> None:
    """Stop (embedded) or leave (joined) Ray now, so no Ray process lingers after us."""
    import ray

    if ray.is_initialized():
        with held_interrupt():
            try:
                ray.shutdown()
            except Exception:  # shutting down after a failure: best effort
                pass
