"""Kernel keyrings have no namespace, and the kernel has calls a bot never needs: each bot
gets a new session keyring, a seccomp filter denies keyring calls and what container
runtimes deny, and a uid with keys left behind is never handed to a later bot. Tried as a
bot would, from inside real sandboxes."""

from __future__ import annotations

import ctypes
import errno
import itertools
import os
import shlex
import shutil
import struct
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import harness.sandbox.isolate as sandbox
from bots.external import InfrastructureError
from harness.cluster.games import play_tasks
from harness.cluster.node import Unplayed
from harness.ladders import runner as ladder_runner
from harness.ladders.pin import pin
from harness.ladders.service import LadderError, create, submit
from harness.play.clock import TimeControl
from harness.play.match import play_match
from harness.sandbox import seccomp
from harness.storage import ladders as ls
from harness.storage.database import Store
from tests.sandbox.conftest import LIMITS, hostile, needs_isolation

libc = ctypes.CDLL(None, use_errno=True)
ARCH = seccomp.machine()
NR = seccomp.numbers(ARCH) if ARCH in seccomp.NUMBERS else {}
SESSION, USER, USER_SESSION = -3, -4, -5  # KEY_SPEC_* keyrings
SECRET = "arena-harness-secret"

#: the first time it acts, the bot tries the calls CALLS (name, number, arguments) and
#: prints how each ended; `READ_KEYS` prints what /proc/keys shows it
TRY = """if 'tried' not in globals():
    globals()['tried'] = True
    import ctypes, errno, subprocess, threading
    libc = ctypes.CDLL(None, use_errno=True)
    for name, nr, args in {calls}:
        ok = libc.syscall(nr, *args) >= 0
        print('CALL', name, 'ok' if ok else errno.errorcode[ctypes.get_errno()], file=sys.stderr)
    for name, family in (('vsock', 40), ('alg', 38), ('inet', 2), ('unix', 1)):
        try:
            socket.socket(family, socket.SOCK_STREAM).close()
            print('SOCKET', name, 'ok', file=sys.stderr)
        except OSError as e:
            print('SOCKET', name, errno.errorcode[e.errno], file=sys.stderr)
    t = threading.Thread(target=print, args=('THREAD ok',), kwargs={{'file': sys.stderr}})
    t.start(); t.join()
    print('SPAWN', subprocess.run(['/bin/true']).returncode, file=sys.stderr)
    print('FILTER', open('/proc/self/status').read().split('Seccomp:')[1].split()[0],
          file=sys.stderr)
    print('KEYS', open('/proc/keys').read().replace(chr(10), ' | '), file=sys.stderr, flush=True)
"""


def _calls(*names_args: tuple[str, tuple[object, ...]]) -> str:
    return repr([(name, NR[name], args) for name, args in names_args])


def _play(tmp_path: Path, *bodies: str) -> tuple[list[tuple[str, str]], list[str]]:
    specs = [hostile(tmp_path, body, f"bot{i}.py") for i, body in enumerate(bodies)]
    specs += ["random"] * (2 - len(specs))
    rec = play_match("kit", 2, specs, seed=1, time_control=TimeControl(per_move=5.0), limits=LIMITS)
    return [(f.kind, f.detail) for f in rec.failures], rec.logs


def _said(log: str, what: str) -> dict[str, str]:
    """{name: outcome} of the bot's `what` lines ("CALL keyctl EPERM")."""
    return {w[1]: w[2] for line in log.splitlines() if (w := line.split())[:1] == [what]}


@pytest.fixture
def harness_key() -> Iterator[int]:
    """A secret in this process's session keyring, as a harness started from a login or a
    service manager has one; bots inherit the session keyring."""
    if libc.syscall(NR["keyctl"], 1, None) < 0:  # KEYCTL_JOIN_SESSION_KEYRING, anonymous
        pytest.skip(f"no kernel keyrings here ({errno.errorcode[ctypes.get_errno()]})")
    key = libc.syscall(NR["add_key"], b"user", SECRET.encode(), b"payload", 7, SESSION)
    assert key > 0
    libc.syscall(NR["keyctl"], 5, key, 0x3F3F3F3F)  # KEYCTL_SETPERM: anyone may read it
    yield key
    libc.syscall(NR["keyctl"], 3, key)  # KEYCTL_REVOKE


@needs_isolation
@pytest.mark.parametrize("as_mode", ["root", "user"])
def test_keyring_and_other_denied_calls_fail_in_the_sandbox(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, harness_key: int, as_mode: str):
    if as_mode == "user":
        monkeypatch.setattr(sandbox, "_probe", lambda: ("user", ""))
    calls = _calls(
        ("keyctl", (10, SESSION, b"user", SECRET.encode(), 0)),  # KEYCTL_SEARCH the harness's
        ("add_key", (b"user", b"left-behind", b"x", 1, USER)),
        ("request_key", (b"user", SECRET.encode(), None, 0)),
        ("unshare", (0x10000000,)),  # CLONE_NEWUSER
        ("mount", (b"none", b"/tmp", b"tmpfs", 0, None)),
        ("syslog", (10, None, 0)),  # the kernel log's size: allowed to anyone, unfiltered
        ("ptrace", (0, 0, 0, 0)),  # PTRACE_TRACEME: allowed to anyone, unfiltered
        ("personality", (0x0040000,)),  # ADDR_NO_RANDOMIZE
        ("personality", (0xFFFFFFFF,)),  # the query
        ("bpf", (0, None, 0)), ("perf_event_open", (None, 0, -1, -1, 0)),
        ("userfaultfd", (0,)), ("io_uring_setup", (1, None)), ("clone3", (None, 0)))
    failures, logs = _play(tmp_path, TRY.format(calls=calls))
    assert not failures, failures
    calls_seen = _said(logs[0], "CALL")
    assert calls_seen == {"keyctl": "EPERM", "add_key": "EPERM", "request_key": "EPERM",
                          "unshare": "EPERM", "mount": "EPERM", "syslog": "EPERM",
                          "ptrace": "EPERM", "personality": "ok", "bpf": "EPERM",
                          "perf_event_open": "EPERM", "userfaultfd": "EPERM",
                          "io_uring_setup": "EPERM", "clone3": "ENOSYS"}, logs[0]
    assert _said(logs[0], "SOCKET") == {"vsock": "EAFNOSUPPORT", "alg": "EAFNOSUPPORT",
                                        "inet": "ok", "unix": "ok"}
    assert "THREAD ok" in logs[0] and "SPAWN 0" in logs[0] and "FILTER 2" in logs[0]
    assert SECRET not in logs[0] and "KEYS" in logs[0]  # the session keyring is its own


@needs_isolation
def test_two_bots_of_one_game_cannot_pass_a_message_through_keyrings(tmp_path: Path):
    message = b"arena-message-from-seat-0"
    send = _calls(("keyctl", (1, b"arena-shared")),  # join a named session keyring
                  ("add_key", (b"user", message, b"x", 1, SESSION)),
                  ("add_key", (b"user", message, b"x", 1, USER)),
                  ("add_key", (b"user", message, b"x", 1, USER_SESSION)))
    receive = _calls(("keyctl", (1, b"arena-shared")),
                     ("request_key", (b"user", message, None, 0)))
    failures, logs = _play(tmp_path, TRY.format(calls=send), TRY.format(calls=receive))
    assert not failures, failures
    assert set(_said(logs[0], "CALL").values()) == {"EPERM"}
    assert _said(logs[1], "CALL") == {"keyctl": "EPERM", "request_key": "EPERM"}
    assert message.decode() not in logs[1]


AS_UID = """import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
uid, what, key = int(sys.argv[1]), sys.argv[2], sys.argv[3]
os.setresgid(uid, uid, uid)
os.setresuid(uid, uid, uid)
if what == "add":  # into the uid's user keyring, which outlives its processes
    sys.exit(libc.syscall({add_key}, b"user", key.encode(), b"x", 1, {user}) < 0)
if what == "clear":
    sys.exit(libc.syscall({keyctl}, 7, {user}) < 0)  # KEYCTL_CLEAR
sys.exit(key not in open("/proc/keys").read())  # "seen"
"""


def _as_uid(uid: int, what: str, key: str) -> bool:
    """Run `what` ("add", "clear", "seen") about `key` as a process of `uid`: success."""
    code = AS_UID.format(add_key=NR["add_key"], keyctl=NR["keyctl"], user=USER)
    return subprocess.run([sys.executable, "-c", code, str(uid), what, key],
                          timeout=30).returncode == 0


@needs_isolation
def test_a_uid_with_keys_left_behind_is_not_handed_to_the_next_bot(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    if sandbox.mode() != "root":
        pytest.skip("bots get uids of their own only as root")
    left = "arena-left-for-the-next-bot"
    monkeypatch.setattr(sandbox, "_slots", itertools.count(7))
    uid = sandbox.UID_BASE + sandbox.SLOTS * os.getpid() + 7
    assert _as_uid(uid, "add", left)  # an earlier bot of that uid left a key
    try:
        assert _as_uid(uid, "seen", left)  # any later process of that uid would see it
        failures, logs = _play(tmp_path, "print('UID', os.getuid(), file=sys.stderr)\n"
                                         + TRY.format(calls=_calls()))
    finally:
        assert _as_uid(uid, "clear", left)
    assert not failures, failures
    assert f"UID {uid + 1}" in logs[0] and left not in logs[0]


@pytest.mark.skipif(ARCH != "x86_64" or not shutil.which("gcc"),
                    reason="a 32-bit system call from x86_64, compiled with gcc")
@needs_isolation
def test_a_system_call_of_another_architecture_kills_the_bot(tmp_path: Path):
    """i386's `int 0x80` numbers its calls differently: a filter of x86_64 numbers must not
    let them through (keyctl is 288 there), so the process is killed."""
    source = tmp_path / "bot.c"
    source.write_text(r"""#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
int main(void) {
    char line[1 << 16];
    while (fgets(line, sizeof line, stdin)) {
        if (strstr(line, "\"close\"")) return 0;
        if (!strstr(line, "\"act\"")) continue;
        long r = syscall(SYS_keyctl, 0, -3, 0);
        fprintf(stderr, "keyctl %ld %s\n", r, r < 0 ? strerror(errno) : "");
        fflush(stderr);
        __asm__ volatile ("int $0x80" : "=a"(r) : "a"(288L), "b"(0L), "c"(-3L) : "memory");
        fprintf(stderr, "int80 keyctl %ld\n", r);
        puts("{\"index\": 0}");
        fflush(stdout);
    }
    return 0;
}
""")
    program = tmp_path / "bot"
    subprocess.run(["gcc", "-O1", "-o", str(program), str(source)], check=True, timeout=60)
    rec = play_match("kit", 2, [f"cmd:{shlex.quote(str(program))}", "random"], seed=1,
                     time_control=TimeControl(per_move=5.0), limits=LIMITS)
    assert [f.kind for f in rec.failures] == ["forbidden"], rec.failures
    assert "SIGSYS" in rec.failures[0].detail and "another architecture" in rec.failures[0].detail
    assert "keyctl -1 Operation not permitted" in rec.logs[0] and "int80" not in rec.logs[0]


# -- the filter as the kernel runs it, for each architecture it knows ----------------------

def verdict(arch: str, nr: int, *args: int, audit: int | None = None) -> str:
    """What the filter of `arch` answers to system call `nr` (a classic BPF interpreter for
    the instructions a filter uses): "allow", "kill" or the errno's name."""
    data = struct.pack("=iIQ6Q", nr, seccomp.AUDIT_ARCH[arch] if audit is None else audit, 0,
                       *(list(args) + [0] * 6)[:6])
    code = seccomp.program(arch)
    steps = [struct.unpack_from("=HBBI", code, i) for i in range(0, len(code), 8)]
    pc, acc = 0, 0
    while True:
        op, jt, jf, k = steps[pc]
        if op == 0x20:
            acc = struct.unpack_from("=I", data, k)[0]
        elif op == 0x06:
            if k == 0x7FFF0000:
                return "allow"
            return "kill" if k == 0x80000000 else errno.errorcode[k & 0xFFFF]
        else:
            hit = {0x15: acc == k, 0x25: acc > k, 0x45: bool(acc & k)}[op]
            pc += jt if hit else jf
        pc += 1


@pytest.mark.parametrize("arch", sorted(seccomp.NUMBERS))
def test_the_filter_of_each_architecture_denies_the_same_calls(arch: str):
    nr = seccomp.numbers(arch)
    for name in seccomp.denied_names():
        if name in nr:
            assert verdict(arch, nr[name]) == "EPERM", name
    read = {"x86_64": 0, "aarch64": 63}[arch]
    assert verdict(arch, read) == "allow"
    assert verdict(arch, read, audit=0x40000003) == "kill"  # i386's table
    assert verdict(arch, seccomp.LAST_KNOWN + 1) == "ENOSYS"
    assert verdict(arch, 0x40000000 + nr["keyctl"]) == "ENOSYS"  # x32's numbering
    assert verdict(arch, nr["clone3"]) == "ENOSYS"
    assert verdict(arch, nr["clone"], 0x003D0F00) == "allow"  # a thread
    assert verdict(arch, nr["clone"], 0x01200011) == "allow"  # fork
    assert verdict(arch, nr["clone"], 0x10000000 | 17) == "EPERM"  # CLONE_NEWUSER
    assert verdict(arch, nr["clone"], 0x40000000 | 17) == "EPERM"  # CLONE_NEWNET
    assert verdict(arch, nr["personality"], 0xFFFFFFFF) == "allow"
    assert verdict(arch, nr["personality"], 0x0040000) == "EPERM"
    assert verdict(arch, nr["socket"], 10) == "allow"
    assert verdict(arch, nr["socket"], 40) == "EAFNOSUPPORT"
    assert verdict(arch, nr["ioctl"], 0, 0x5412) == "EPERM"  # TIOCSTI
    assert verdict(arch, nr["ioctl"], 0, 0x541B) == "allow"  # FIONREAD


def test_an_unknown_architecture_has_no_filter():
    with pytest.raises(seccomp.SeccompError, match="no seccomp filter for riscv64"):
        seccomp.program("riscv64")


def _failing_filter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """seccomp.py as it answers when prctl refuses the filter (an older kernel, a
    container runtime's own filter)."""
    failing = tmp_path / "seccomp.py"
    failing.write_text("import os, sys\n"
                       "os.write(int(sys.argv[1]), b'sandbox: cannot install the seccomp "
                       "filter: Invalid argument\\n')\nsys.exit(125)\n")
    monkeypatch.setattr(seccomp, "__file__", str(failing))


@needs_isolation
def test_a_filter_that_cannot_be_installed_means_the_bot_does_not_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    _failing_filter(tmp_path, monkeypatch)
    bot = sandbox.SandboxedBot(hostile(tmp_path, "pass").removeprefix("cmd:"), limits=LIMITS)
    with pytest.raises(InfrastructureError) as e:  # the machine's failure, not the bot's
        bot.reset("kit", 2, 0, 1)
    assert str(e.value) == ("cannot sandbox the bot on this machine: cannot install the "
                            "seccomp filter: Invalid argument")
    assert bot.proc is not None and bot.proc.poll() is not None  # nothing runs
    where = bot.dir
    bot.close()
    assert where is not None and not where.exists()


@needs_isolation
def test_a_filter_that_cannot_be_installed_is_never_charged_to_a_ladders_bot(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):
    """A node whose sandbox cannot start: its game is Unplayed (sent elsewhere by the
    dispatcher), a submission is neither registered nor refused, and a ladder's games stay
    pending: none rated, none a failure of the bot, no step towards its retirement."""
    spec = hostile(tmp_path, "pass")
    with Store(tmp_path / "l.sqlite") as store:
        lad = create(store, "sc", ls.LadderSpec(game="kit", modules=("tests.kitgame",)))
        for text, name in ((spec, "mine"), ("random", "rnd")):  # entered, as if validated
            p = pin(text, Path(lad.spec.bot_root))
            ls.add_entrant(store, lad.id, name, p.spec, p.run_spec, p.digest, p.snapshot, "")
        _failing_filter(tmp_path, monkeypatch)
        (out,) = play_tasks("kit", 2, {}, 5.0, None, True, [(0, 1, (spec, "random"))])
        assert isinstance(out, Unplayed) and "seccomp filter" in out.why
        with pytest.raises(LadderError, match="could not be validated.*nothing was regis"):
            submit(store, "sc", hostile(tmp_path, "pass", "other.py"), "other")
        capsys.readouterr()
        ladder_runner.run(store, "sc", games=3, inline=True)
        assert "3 games could not be played" in capsys.readouterr().err
        games = ls.games(store, lad.id)
        assert [(g.status, g.failures) for g in games] == [("pending", [])] * 3
        assert ls.history(store, lad.id) == []
        assert [(e.name, e.retired) for e in ls.entrants(store, lad.id)] == [
            ("mine", None), ("rnd", None)]
        monkeypatch.undo()  # the machine mended: the next run plays them first, once each
        ladder_runner.run(store, "sc", games=3, inline=True)
        after = ls.games(store, lad.id)
        assert [(g.idx, g.status, g.failures) for g in after] == [
            (g.idx, "done", []) for g in games]
        assert len({seq for seq, *_ in ls.history(store, lad.id)}) == 3
