"""Without root (issue 34, item 7): an unprivileged user namespace gives the same isolation;
where there is none, a ladder refuses submitted bots unless its operator allows them, and
the warning lists what is exposed.

The user-namespace sandbox is forced here (`sandbox._probe`), as a harness without root
gets it: the bot is this user outside its namespaces, and what it can reach is what the
namespaces and the chroot leave it."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from pathlib import Path

import pytest

import harness.sandbox.isolate as sandbox
from bots.external import ExternalBotError
from harness.cli.main import main
from harness.ladders.runner import run
from harness.ladders.service import create, submit
from harness.play.clock import TimeControl
from harness.play.match import play_match
from harness.storage import ladders as ls
from harness.storage.database import Store
from tests.sandbox.conftest import LIMITS, hostile

SECRET = "token-in-the-harness-environment-77"


def _userns_works() -> bool:
    try:
        return subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "--pid",
                               "--net", "--fork", "true"], capture_output=True,
                              timeout=10).returncode == 0
    except OSError:
        return False


needs_userns = pytest.mark.skipif(not _userns_works(), reason="no user namespaces here")


@pytest.fixture
def user_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "_probe", lambda: ("user", ""))


@pytest.fixture
def no_isolation(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "_probe", lambda: ("", "unprivileged user namespaces are off"))


def _play(tmp_path: Path, body: str) -> tuple[list[tuple[str, str]], str]:
    rec = play_match("kit", 2, [hostile(tmp_path, body), "random"], seed=1,
                     time_control=TimeControl(per_move=5.0),
                     limits=LIMITS)
    return [(f.kind, f.detail) for f in rec.failures], "".join(rec.logs)


@needs_userns
def test_kill_minus_one_reaches_only_the_bot(tmp_path: Path, user_mode: None) -> None:
    body = ("import signal\n"
            "try:\n"
            "    os.kill(-1, signal.SIGKILL)\n"
            "except ProcessLookupError:\n"
            "    print('NO-ONE-TO-KILL', file=sys.stderr)")
    failures, logs = _play(tmp_path, body)  # this process, the harness, is still here
    assert not failures and "NO-ONE-TO-KILL" in logs


@needs_userns
def test_the_harness_environment_is_out_of_reach(tmp_path: Path, user_mode: None,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAY_TEST_TOKEN", SECRET)
    body = ("seen = []\n"
            f"for p in ({os.getpid()}, {os.getppid()}, 1, 2):\n"
            "    try:\n"
            "        seen.append(open(f'/proc/{p}/environ').read())\n"
            "    except OSError:\n"
            "        pass\n"
            f"print('ENV', '{SECRET}' in ''.join(seen) or '{SECRET}' in str(os.environ), "
            f"file=sys.stderr)\n"
            f"print('HOME', os.path.exists({str(Path.home() / '.bashrc')!r}) or "
            f"os.path.exists({str(Path.home() / '.ray')!r}), file=sys.stderr)")
    failures, logs = _play(tmp_path, body)
    assert not failures, failures
    assert "ENV False" in logs and "HOME False" in logs


@needs_userns
def test_no_network_and_bounded_processes(tmp_path: Path, user_mode: None) -> None:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    body = ("try:\n"
            f"    socket.create_connection(('127.0.0.1', {port}), timeout=1)\n"
            "    print('NET reached', file=sys.stderr)\n"
            "except OSError as e:\n"
            "    print('NET', e, file=sys.stderr)\n"
            "n = 0\n"
            "try:\n"
            "    for _ in range(200):\n"
            "        if os.fork() == 0:\n"
            "            time.sleep(3)\n"
            "            os._exit(0)\n"
            "        n += 1\n"
            "except OSError:\n"
            "    pass\n"
            "print('FORKED', n, file=sys.stderr, flush=True)")
    try:
        failures, logs = _play(tmp_path, body)
    finally:
        server.close()
    assert "NET reached" not in logs and "NET " in logs
    assert int(logs.split("FORKED ")[1].split()[0]) < LIMITS.processes


@needs_userns
def test_a_daemon_does_not_outlive_the_game(tmp_path: Path, user_mode: None) -> None:
    mark = f"{time.time() % 1000:.6f}"
    body = ("if os.fork() == 0:\n"
            "    os.setsid()\n"
            "    if os.fork() == 0:\n"
            f"        os.execv('/bin/sleep', ['sleep', '{mark}'])\n"
            "    os._exit(0)\n"
            "time.sleep(0.2)")
    _play(tmp_path, body)
    time.sleep(0.2)
    left = []
    for d in Path("/proc").iterdir():
        try:
            if d.name.isdigit() and mark in (d / "cmdline").read_bytes().decode(errors="replace"):
                left.append(d.name)
        except OSError:
            pass
    assert not left


def _ladder(store: Store) -> None:
    create(store, "lad", ls.LadderSpec(game="kit", num_players=2, modules=("tests.kitgame",),
                                       seed=3))


def test_a_ladder_refuses_submitted_bots_it_cannot_isolate(tmp_path: Path,
                                                           no_isolation: None) -> None:
    spec = hostile(tmp_path, "pass")
    with Store(tmp_path / "a.sqlite") as store:
        _ladder(store)
        with pytest.raises(ExternalBotError, match="--allow-unsandboxed") as e:
            submit(store, "lad", spec, "mine")
        assert "environ" in str(e.value) and "network" in str(e.value)
        assert submit(store, "lad", "random", "r").entrant is not None  # the project's own
        assert [x.name for x in ls.entrants(store, 1)] == ["r"]
        sub = submit(store, "lad", spec, "mine", allow_unsandboxed=True)
        assert sub.entrant is not None, sub.problems
        with pytest.raises(ExternalBotError, match="--allow-unsandboxed"):
            run(store, "lad", games=2, inline=True)
        assert run(store, "lad", games=2, inline=True, allow_unsandboxed=True).done == 2


def test_the_refusal_is_one_line(tmp_path: Path, no_isolation: None,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "a.sqlite")
    with Store(db) as store:
        _ladder(store)
    with pytest.raises(SystemExit) as e:
        main(["ladder", "submit", "lad", hostile(tmp_path, "pass"), "--as", "mine", "--db", db])
    err = capsys.readouterr().err.strip()
    assert e.value.code == 2 and len(err.splitlines()) == 1 and "--allow-unsandboxed" in err


@needs_userns
@pytest.mark.parametrize("as_mode", ["root", "user"])
def test_the_sandbox_init_and_its_view_of_the_host_are_out_of_reach(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, as_mode: str) -> None:
    """PID 1 of a bot's namespace is the set-up shell, outside the chroot: its root, cwd,
    environment and open files would show the host; the bot may open none of them."""
    if as_mode == "root" and sandbox.isolation():
        pytest.skip(sandbox.isolation())
    if as_mode == "user":
        monkeypatch.setattr(sandbox, "_probe", lambda: ("user", ""))
    body = ("got = []\n"
            "for p in ('/proc/1/root/etc/hostname', '/proc/1/environ', '/proc/1/cwd',\n"
            "          '/proc/1/fd/0', '/proc/1/root'):\n"
            "    try:\n"
            "        got.append(os.listdir(p) if os.path.isdir(p) else open(p).read())\n"
            "    except OSError:\n"
            "        pass\n"
            "print('REACHED', len(got), file=sys.stderr, flush=True)")
    failures, logs = _play(tmp_path, body)
    assert not failures and "REACHED 0" in logs
