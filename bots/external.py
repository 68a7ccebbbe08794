"""External bots: any program speaking JSON lines on stdin/stdout (`cmd:<command line>`).

Protocol (one JSON object per line, UTF-8):

harness -> bot                                              bot -> harness
{"type": "reset", "game": id, "num_players": n,             (nothing)
 "seat": p, "seed": s}
{"type": "act", "observation": {...}, "time_left": t}       one line: the chosen action as
                                                            its tagged JSON object, e.g.
                                                            {"type": "Pass"}, or
                                                            {"index": i} into legal_actions
{"type": "close"}                                           (exit)

The program runs in its own process session with a memory cap and only
PATH/HOME/LANG in its environment. No answer within the time limit (or within
`default_timeout` when the game has none) is a timeout: the program is killed.
"""

from __future__ import annotations

import os
import resource
import selectors
import shlex
import subprocess
import time
from typing import Any

import msgspec

import engine
from bots.base import Bot, BotTimeout, MalformedOutput
from engine.protocol import Action, ArenaError, IllegalActionError, Observation

MEMORY_LIMIT = 2 * 1024**3
_ENC = msgspec.json.Encoder()


class ExternalBotError(ArenaError):
    """The external program could not be started."""


def _limits() -> None:  # runs in the child before exec
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


class ExternalBot(Bot):
    """A bot program in a subprocess; started at `reset`, stopped at `close`."""

    def __init__(self, command: str, default_timeout: float = 30.0, cwd: str | None = None):
        self.argv = shlex.split(command)
        if not self.argv:
            raise ExternalBotError("cmd: needs a command line, e.g. cmd:./my_bot.sh")
        self.name = f"cmd:{command}"
        self.default_timeout = default_timeout
        self.cwd = cwd
        self.proc: subprocess.Popen[bytes] | None = None
        self._buf = b""
        self.game_id = ""

    def _start(self) -> subprocess.Popen[bytes]:
        env = {k: os.environ[k] for k in ("PATH", "HOME", "LANG") if k in os.environ}
        try:
            return subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, cwd=self.cwd, env=env,
                start_new_session=True, preexec_fn=_limits,
            )
        except OSError as e:
            raise ExternalBotError(f"cannot start {self.argv[0]!r}: {e.strerror}") from None

    def _send(self, msg: dict[str, Any]) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        try:
            self.proc.stdin.write(_ENC.encode(msg) + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise RuntimeError(f"bot program exited (status {self.proc.poll()})") from None

    def _read_line(self, timeout: float) -> bytes:
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buf:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    self._kill()
                    raise BotTimeout(f"no answer within {timeout:.3f}s")
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise RuntimeError(f"bot program exited (status {self.proc.wait()})")
                self._buf += chunk
        line, _, self._buf = self._buf.partition(b"\n")
        return line

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.close()
        self.game_id = game_id
        self.proc = self._start()
        self._send({"type": "reset", "game": game_id, "num_players": num_players,
                    "seat": seat, "seed": seed})

    def act(self, observation: Observation, time_left: float | None) -> Action:
        if self.proc is None or self.proc.poll() is not None:
            raise RuntimeError("bot program is not running")
        self._send({"type": "act", "observation": observation, "time_left": time_left})
        line = self._read_line(time_left if time_left is not None else self.default_timeout)
        return self.parse_answer(line, observation)

    def parse_answer(self, line: bytes, observation: Observation) -> Action:
        """An action object, or {"index": i} into the observation's legal actions."""
        try:
            data = msgspec.json.decode(line)
        except msgspec.DecodeError:
            raise MalformedOutput(f"not JSON: {line[:200]!r}") from None
        if isinstance(data, dict) and set(data) == {"index"}:
            i = data["index"]
            if not isinstance(i, int) or not 0 <= i < len(observation.legal_actions):
                raise MalformedOutput(f"index {i!r} is not a legal-action index")
            return observation.legal_actions[i]
        try:
            return engine.decode_action(self.game_id, data)
        except IllegalActionError as e:
            raise MalformedOutput(str(e)) from None

    def _kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, 9)
            except ProcessLookupError:
                pass
            self.proc.wait()

    def close(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                self._send({"type": "close"})
                self.proc.wait(timeout=1.0)
            except (RuntimeError, subprocess.TimeoutExpired):
                pass
        self._kill()
        for f in (self.proc.stdin, self.proc.stdout):
            if f is not None:
                f.close()
        self.proc, self._buf = None, b""
