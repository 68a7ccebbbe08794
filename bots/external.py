"""External bots: any program speaking the bot protocol on stdin/stdout (`cmd:<command line>`).

The protocol is documented in docs/bot-protocol.md: one JSON object per line (or, with
`cmd-msgpack:`, MessagePack frames: a 4-byte big-endian length, then the body).

harness -> bot                                              bot -> harness
{"type": "reset", "protocol": 1, "game": id,                (nothing)
 "num_players": n, "seat": p, "seed": s, "static": {...}}
{"type": "act", "observation": {...}, "time_left": t}       one answer: the chosen action
                                                            as its tagged object, e.g.
                                                            {"type": "Pass"}, or
                                                            {"index": i} into legal_actions
{"type": "close"}                                           (exit)

This module runs the program and holds the harness side to its limits: every read and
write has a deadline, an answer longer than `Limits.line_bytes` or a game's output beyond
`Limits.game_bytes` is an output flood, stderr is kept in a bounded log, and a program
that exits is classified by `exit_reason` (crash, memory, forbidden, timeout). Untrusted
programs also need isolation: harness/sandbox/isolate.py runs them through this class.
"""

from __future__ import annotations

import functools
import os
import re
import resource
import select
import shlex
import signal
import subprocess
import time
from typing import Any, NoReturn

import msgspec

import engine
from bots import advice
from bots.base import Bot, BotTimeout, MalformedOutput
from bots.spec import BotSpecError, command_argv
from engine.common.untrusted import error_line
from engine.protocol import Action, ArenaError, IllegalActionError, Observation

#: the protocol version sent in `reset`
PROTOCOL_VERSION = 1
FRAMINGS = ("json", "msgpack")


@functools.cache
def static_data(game_id: str) -> dict[str, Any]:
    """The game's static data (engine Game.static_data), as sent in `reset`."""
    make = engine.get_game(game_id).static_data
    return dict(make()) if make is not None else {}


class ExternalBotError(ArenaError):
    """The external program could not be started."""


class InfrastructureError(ArenaError):
    """A game this machine could not play through no fault of its bots: a sandbox that
    could not be set up before the bot's program started, a machine that cannot sandbox
    bots where they must be, a runtime or a bot file missing here. Such a game is played
    again elsewhere or stays to be played, and is never recorded against a bot."""


class HarnessFault(InfrastructureError):
    """The harness could not run a bot for a reason of its own (its temporary folder full,
    a sandbox it cannot make): never recorded as the bot's failure; the game stops (on a
    cluster it is played on another node)."""


class BotViolation(Exception):
    """A failure the harness records with its `kind` (crash, memory, forbidden, timeout,
    output flood)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind


class Limits(msgspec.Struct, frozen=True, kw_only=True):
    """What an external program may use. Process limits are rlimits of the program;
    the rest are enforced by the harness while it talks to it."""

    memory_bytes: int = 2 * 1024**3  #: address space (RLIMIT_AS); per bot in a cgroup
    cpu_seconds: int = 600  #: CPU time for the whole game (RLIMIT_CPU; per bot in a cgroup)
    processes: int = 32  #: processes and threads (RLIMIT_NPROC; sandboxed bots only)
    cpu_cores: float = 1.0  #: CPU share of all its processes together (sandbox with cgroup)
    inodes: int = 50_000  #: files and folders in each of its tmpfs folders (sandbox)
    open_files: int = 256  #: RLIMIT_NOFILE
    file_bytes: int = 64 * 1024**2  #: largest file it may write (RLIMIT_FSIZE)
    line_bytes: int = 1024**2  #: longest answer
    game_bytes: int = 16 * 1024**2  #: all answers of one game together
    log_bytes: int = 8 * 1024  #: stderr kept (its end)
    game_seconds: float | None = 1800.0  #: wall-clock time for all its answers in one game


def set_rlimits(limits: Limits, processes: bool = False) -> None:
    """Apply `limits` to the calling process (a child before exec), each no higher than the
    limit the harness itself runs under (a process without CAP_SYS_RESOURCE cannot raise
    a hard limit: an operator's `ulimit -v` would otherwise stop every bot from starting,
    a failure of the harness charged to the bot)."""
    wanted = [(resource.RLIMIT_AS, limits.memory_bytes, limits.memory_bytes),
              (resource.RLIMIT_NOFILE, limits.open_files, limits.open_files),
              (resource.RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes),
              (resource.RLIMIT_CORE, 0, 0),
              (resource.RLIMIT_CPU, limits.cpu_seconds, limits.cpu_seconds + 1)]
    if processes:
        wanted.append((resource.RLIMIT_NPROC, limits.processes, limits.processes))
    for res, soft, hard in wanted:
        ceiling = resource.getrlimit(res)[1]
        if ceiling != resource.RLIM_INFINITY:
            hard = min(hard, ceiling)
        resource.setrlimit(res, (min(soft, hard), hard))


_MEMORY = re.compile(r"memoryerror|out of memory|cannot allocate memory|bad_alloc|enomem"
                     r"|allocation failed|failed to reserve", re.I)
_FILES = re.compile(r"file too large|efbig|no space left|enospc|disk quota", re.I)
_PROCS = re.compile(r"resource temporarily unavailable|eagain|blockingioerror"
                    r"|cannot fork|fork failed", re.I)
_ACCESS = re.compile(r"permission denied|permissionerror|operation not permitted|eacces|eperm"
                     r"|network is unreachable|enetunreach|read-only file system", re.I)


def exit_reason(status: int, stderr: str) -> tuple[str, str]:
    """(kind, detail) for a program that exited: from its status (negative: killed by that
    signal) and its stderr's error line (`error_line`)."""
    lines = [s.strip() for s in stderr.splitlines() if s.strip()]
    last = error_line(lines)[:300]
    how = f"killed by {signal.Signals(-status).name}" if status < 0 else f"exited ({status})"
    if status == -signal.SIGXCPU:
        return "timeout", f"{how}: CPU time limit for the game"
    if status == -signal.SIGXFSZ:
        return "forbidden", f"{how}: file size limit"
    if (cannot := advice.exit_advice(status, lines)) is not None:
        return cannot[0], f"{how}: {cannot[1]}"
    for text in ([last], lines[-8:]):
        joined = "\n".join(text)
        for kind, pattern, what in (("memory", _MEMORY, "memory limit"),
                                    ("forbidden", _FILES, "file size limit"),
                                    ("forbidden", _PROCS, "process limit"),
                                    ("forbidden", _ACCESS, "access denied")):
            if pattern.search(joined):
                return kind, f"{how}, {what}: {last}"
    return "crash", f"{how}{': ' + last if last else ''}"


#: file endings of programs run by an interpreter (`node bot.js`, `java -jar bot.jar`)
SCRIPT_SUFFIXES = (".js", ".mjs", ".cjs", ".ts", ".py", ".rb", ".pl", ".lua", ".sh", ".jar",
                   ".php", ".R")
#: options whose value is program text or a module name, not a file
CODE_OPTIONS = ("-c", "-e", "-m", "-p", "--eval", "--print")


def missing_file(argv: list[str], cwd: str | None = None) -> str | None:
    """Why the command line `argv` cannot start, found without running it: its program is
    a path that is not a file, or the script it names (the first argument not starting with
    `-`, when it holds a `/` or ends like a script, and is not the value of `-c`, `-e`,
    `-m`) does not exist. None when nothing is missing."""
    if not argv:
        return None
    command = shlex.join(argv)
    here = cwd or os.getcwd()
    exe, *args = argv
    if "/" in exe and not os.path.isfile(os.path.join(here, exe)):
        return f"cannot start {exe!r}: no such file"
    if "/" in exe and (problem := advice.file_problem(os.path.join(here, exe), exe)):
        return f"cannot start {exe!r}: {problem}"
    pos = next((i for i, a in enumerate(args) if not a.startswith("-")), None)
    script = args[pos] if pos is not None else ""
    if pos and args[pos - 1] in CODE_OPTIONS or not re.fullmatch(r"[\w./~+-]+", script):
        return None  # program text (`python -c ...`) or a module, not a file
    if ("/" in script or script.endswith(SCRIPT_SUFFIXES)) \
            and not os.path.exists(os.path.join(here, os.path.expanduser(script))):
        return f"cannot start {command!r}: no such file {script!r}"
    return None


class ExternalBot(Bot):
    """A bot program in a subprocess; started at `reset`, stopped at `close`."""

    def __init__(self, command: str, default_timeout: float = 30.0, cwd: str | None = None,
                 framing: str = "json", limits: Limits | None = None) -> None:
        try:
            self.argv = command_argv("cmd", command)
        except BotSpecError as e:
            raise ExternalBotError(str(e)) from None
        if framing not in FRAMINGS:
            raise ExternalBotError(f"framing must be one of {FRAMINGS}, not {framing!r}")
        self.name = f"cmd:{command}" if framing == "json" else f"cmd-msgpack:{command}"
        self.default_timeout = default_timeout
        self.cwd = cwd
        self.framing = framing
        self.limits = limits or Limits()
        self.proc: subprocess.Popen[bytes] | None = None
        self.game_id = ""
        self.log = b""  #: the end of the program's stderr (at most limits.log_bytes)
        self.log_dropped = 0  #: stderr bytes dropped from the front of `log`
        self._buf = bytearray()
        self._read = 0  # answer bytes this game
        self._spent = 0.0  # seconds waited for answers this game
        self._enc: Any = msgspec.json.Encoder() if framing == "json" else msgspec.msgpack.Encoder()
        self._dec: Any = msgspec.json.Decoder() if framing == "json" else msgspec.msgpack.Decoder()

    # -- process --------------------------------------------------------------------------

    def _start(self) -> subprocess.Popen[bytes]:
        """Start the program (subclasses start it elsewhere, e.g. in a sandbox)."""
        env = {k: os.environ[k] for k in ("PATH", "HOME", "LANG") if k in os.environ}
        limits = self.limits
        return self._popen(self.argv, env=env, cwd=self.cwd,
                           preexec_fn=lambda: set_rlimits(limits))

    def _popen(self, argv: list[str], **kw: Any) -> subprocess.Popen[bytes]:
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, start_new_session=True, **kw)
        except OSError as e:
            why = advice.file_problem(argv[0]) if os.path.isfile(argv[0]) else None
            raise ExternalBotError(f"cannot start {argv[0]!r}: {why or e.strerror}") from None
        for f in (proc.stdin, proc.stdout, proc.stderr):
            assert f is not None
            os.set_blocking(f.fileno(), False)
        return proc

    def exit_status(self) -> int:
        """The program's exit status (negative: the signal that killed it)."""
        assert self.proc is not None
        return self.proc.returncode

    def exit_reason(self, status: int, stderr: str) -> tuple[str, str]:
        return exit_reason(status, stderr)

    def _reap(self) -> None:
        """Give the program a moment to end (else kill it) and keep the rest of its
        stderr."""
        assert self.proc is not None
        try:
            self.proc.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            self._kill()
        self._drain_stderr()

    def _gone(self) -> NoReturn:
        """The program closed its output: wait for it and raise what became of it."""
        self._reap()
        status, said, where = self.exit_status(), self.stderr_text(), ""
        unread = self._unread_stdout()  # a runtime's own error goes there (a JVM's)
        if unread.strip() and (not said.strip() or advice.exit_advice(
                status, [s.strip() for s in unread.splitlines() if s.strip()])):
            said, where = unread, " (written to stdout)"
        kind, detail = self.exit_reason(status, said)
        raise BotViolation(kind, f"bot program {detail}{where}")

    def _unread_stdout(self) -> str:
        """What the program wrote to stdout and nobody read (at most 64 KiB)."""
        assert self.proc is not None and self.proc.stdout is not None
        data = bytes(self._buf)
        try:
            data += os.read(self.proc.stdout.fileno(), 65536)
        except OSError:
            pass
        return data.decode("utf-8", "replace")

    # -- stderr log -----------------------------------------------------------------------

    def _keep_log(self, chunk: bytes) -> None:
        log = self.log + chunk
        cap = self.limits.log_bytes
        if len(log) > cap:
            self.log_dropped += len(log) - cap
            log = log[-cap:]
        self.log = log

    def _drain_stderr(self) -> None:
        if self.proc is None or self.proc.stderr is None or self.proc.stderr.closed:
            return
        fd = self.proc.stderr.fileno()
        for _ in range(64):  # at most 4 MiB per call; the rest stays in the pipe
            try:
                chunk = os.read(fd, 65536)
            except (BlockingIOError, OSError):
                return
            if not chunk:
                return
            self._keep_log(chunk)

    def stderr_text(self) -> str:
        """The kept end of the program's stderr."""
        text = self.log.decode("utf-8", "replace")
        return f"[... {self.log_dropped} bytes dropped ...]\n{text}" if self.log_dropped else text

    # -- I/O ------------------------------------------------------------------------------

    def _wait(self, deadline: float, write: bool = False) -> bool:
        """Wait until the program's output (or, with `write`, its input) is ready,
        logging stderr meanwhile. False at the deadline."""
        assert self.proc is not None and self.proc.stdout and self.proc.stdin and self.proc.stderr
        err = self.proc.stderr.fileno()
        rd = [err] if write else [self.proc.stdout.fileno(), err]
        wr = [self.proc.stdin.fileno()] if write else []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            r, w, _ = select.select(rd, wr, [], left)
            if err in r:
                try:
                    chunk: bytes | None = os.read(err, 65536)
                except BlockingIOError:
                    chunk = None
                if chunk:
                    self._keep_log(chunk)
                elif chunk is not None:  # stderr closed
                    rd.remove(err)
                if len(r) + len(w) == 1:
                    continue
            return True

    def _send(self, msg: dict[str, Any], deadline: float) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        body = self._enc.encode(msg)
        data = body + b"\n" if self.framing == "json" else len(body).to_bytes(4, "big") + body
        view, fd = memoryview(data), self.proc.stdin.fileno()
        while view:
            try:
                view = view[os.write(fd, view):]
            except BlockingIOError:
                if not self._wait(deadline, write=True):
                    self._kill()
                    raise BotTimeout("does not read its input") from None
            except (BrokenPipeError, OSError):
                self._gone()

    def _frame(self) -> bytes | None:
        """The next complete answer in the buffer, if any."""
        buf, cap = self._buf, self.limits.line_bytes
        if self.framing == "json":
            end = buf.find(b"\n")
            if end < 0:
                if len(buf) > cap:
                    self._flood(f"an answer longer than {cap} bytes")
                return None
            frame = bytes(buf[:end])
            del buf[:end + 1]
            return frame
        if len(buf) < 4:
            return None
        size = int.from_bytes(buf[:4], "big")
        if size > cap:
            if (text := advice.text_frame(bytes(buf))) is not None:
                self._kill()
                raise MalformedOutput(text)
            self._flood(f"a frame of {size} bytes (at most {cap})")
        if len(buf) < 4 + size:
            return None
        frame = bytes(buf[4:4 + size])
        del buf[:4 + size]
        return frame

    def _flood(self, what: str) -> NoReturn:
        self._kill()
        raise BotViolation("output flood", what)

    def _receive(self, deadline: float, why: str) -> bytes:
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while (frame := self._frame()) is None:
            if not self._wait(deadline):
                alive = self.proc.poll() is None
                hint = advice.timeout_hint(self.proc.pid, bytes(self._buf), self.framing) \
                    if alive else ""
                self._kill()
                raise BotTimeout(why + hint)
            try:
                chunk = os.read(fd, 1 << 20)
            except BlockingIOError:
                continue
            if not chunk:
                self._gone()
            self._read += len(chunk)
            if self._read > self.limits.game_bytes:
                self._flood(f"more than {self.limits.game_bytes} bytes of output in one game")
            self._buf += chunk
        return frame

    # -- the Bot interface ----------------------------------------------------------------

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.close()
        self.game_id = game_id
        self.log, self.log_dropped, self._read, self._spent = b"", 0, 0, 0.0
        self.proc = self._start()
        self._send({"type": "reset", "protocol": PROTOCOL_VERSION, "game": game_id,
                    "num_players": num_players, "seat": seat, "seed": seed,
                    "static": static_data(game_id)},
                   time.monotonic() + self.default_timeout)

    def act(self, observation: Observation, time_left: float | None) -> Action:
        if self.proc is None:
            raise RuntimeError("bot program is not running")
        t0 = time.monotonic()
        timeout = time_left if time_left is not None else self.default_timeout
        why = f"no answer within {timeout:.3f}s"
        game_left = None
        if self.limits.game_seconds is not None:
            game_left = self.limits.game_seconds - self._spent
            if game_left < timeout:
                timeout, why = max(game_left, 0.0), (
                    f"wall-clock limit of {self.limits.game_seconds}s for the game used up")
        deadline = t0 + timeout
        try:
            self._send({"type": "act", "observation": observation, "time_left": time_left},
                       deadline)
            answer = self._receive(deadline, why)
        finally:
            self._spent += time.monotonic() - t0
        try:
            return self.parse_answer(answer, observation)
        except MalformedOutput:
            if self._exits_soon():  # a runtime's own error on stdout (a JVM's), then exit
                self._buf[:0] = answer + b"\n"
                self._gone()
            raise

    def _exits_soon(self) -> bool:
        """Whether the program exits within a moment (after an answer that was none)."""
        assert self.proc is not None
        try:
            self.proc.wait(timeout=0.2)
        except subprocess.TimeoutExpired:
            return False
        return True

    def parse_answer(self, data: bytes, observation: Observation) -> Action:
        """An action object, or {"index": i} into the observation's legal actions."""
        try:
            value = self._dec.decode(data)
        except msgspec.DecodeError:
            raise MalformedOutput(advice.not_an_answer(data, self.framing)) from None
        except RecursionError:
            raise MalformedOutput(f"{self.framing.upper()} nested too deeply: "
                                  f"{advice.shown(data[:60])}") from None
        if isinstance(value, dict) and set(value) == {"index"}:
            i = value["index"]
            legal = observation.legal_actions
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(legal):
                raise MalformedOutput(f"index {i!r} is not a legal-action index")
            return observation.legal_actions[i]
        try:
            return engine.decode_action(self.game_id, value)
        except IllegalActionError as e:
            raise MalformedOutput(str(e)) from None
        except RecursionError:
            raise MalformedOutput("an action nested too deeply") from None

    def _kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                self.proc.kill()
            self.proc.wait()

    def close(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                self._send({"type": "close"}, time.monotonic() + 0.5)
                self.proc.wait(timeout=1.0)
            except (BotViolation, BotTimeout, subprocess.TimeoutExpired):
                pass
        self._kill()
        self._drain_stderr()
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if f is not None:
                try:
                    f.close()
                except OSError:
                    pass
        self.proc, self._buf = None, bytearray()
