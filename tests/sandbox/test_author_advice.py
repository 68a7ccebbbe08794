"""Mistakes a bot's author makes, met as they meet them (`arena play`, a sandboxed game),
each answered with a line that says what to do (bots/advice.py): debug text on stdout, an
answer left in the stdout buffer or without its line end, a program that is not executable,
is built for another CPU or system, or needs a loader or library this machine lacks."""

from __future__ import annotations

import os
import platform
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from bots.advice import exit_advice, not_an_answer, program_problem
from harness.cli.main import main
from harness.play.clock import TimeControl
from harness.play.match import play_match
from tests.sandbox.conftest import LIMITS, PY

X86 = platform.machine() == "x86_64"


def _failure(spec: str, time_per_move: float = 5.0) -> tuple[str, str]:
    """(kind, detail) of seat 0's failure in a game of `spec` against random."""
    rec = play_match("kit", 2, [spec, "random"], seed=1,
                     time_control=TimeControl(per_move=time_per_move),
                     limits=LIMITS)
    assert rec.failures and rec.failures[0].seat == 0, rec.failures
    return rec.failures[0].kind, rec.failures[0].detail


def _play(capsys: pytest.CaptureFixture[str], spec: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        main(["play", "--game", "kit", "--bots", f"{spec},random", "--seed", "1",
              "--time-per-move", "1"])
    got = capsys.readouterr()
    return int(done.value.code or 0), got.out, got.err


def _script(tmp_path: Path, body: str, name: str = "bot.py") -> str:
    """A cmd: spec of a Python bot answering each act as `body` does (with `msg`)."""
    f = tmp_path / name
    f.write_text("import json, sys\nfor line in sys.stdin:\n    msg = json.loads(line)\n"
                 "    if msg['type'] == 'act':\n"
                 + "".join(f"        {s}\n" for s in body.splitlines())
                 + "    elif msg['type'] == 'close':\n        break\n")
    return f"cmd:{PY} {f}"


def test_debug_text_on_stdout_says_stderr_and_shows_the_line_as_text(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = _script(tmp_path, "print('best move \\x1b[31m', len(msg), flush=True)")
    code, out, _ = _play(capsys, spec)
    flat = " ".join(out.split())  # the screen wraps long lines
    assert code == 0 and "malformed at decision 0" in flat
    assert 'text that is not JSON: "best move \\x1b[31m 3"' in flat
    assert "debug output belongs on stderr" in flat
    assert "b'" not in flat and "\x1b[31m" not in out  # no bytes literal, no raw escape


def test_a_runtime_error_on_stdout_is_the_reason(tmp_path: Path) -> None:
    """A runtime that prints its own error on stdout and exits (a JVM does) is a crash
    with that error, not debug output."""
    bot = tmp_path / "bot.py"
    bot.write_text("import sys\nprint('Error: the runtime cannot start')\nsys.exit(1)\n")
    kind, detail = _failure(f"cmd:{PY} {bot}")
    assert kind == "crash" and "Error: the runtime cannot start (written to stdout)" in detail


def test_malformed_json_and_msgpack_text_are_told_apart() -> None:
    assert "malformed JSON" in not_an_answer(b"{'index': 0}", "json")
    assert "empty line" in not_an_answer(b"", "json")
    assert 'text that is not JSON: "\\xff\\xfe"' in not_an_answer(b"\xff\xfe", "json")


def test_text_on_stdout_of_a_msgpack_bot_is_named(tmp_path: Path) -> None:
    bot = tmp_path / "bot.py"
    bot.write_text("import sys\nprint('hello from my bot', flush=True)\nsys.stdin.read()\n")
    kind, detail = _failure(f"cmd-msgpack:{PY} {bot}")
    assert kind == "malformed" and '"hello from my bot"' in detail
    assert "debug output belongs on stderr" in detail


def test_an_unflushed_answer_suggests_flushing(tmp_path: Path) -> None:
    kind, detail = _failure(_script(tmp_path, "print(json.dumps({'index': 0}))"), 0.5)
    assert kind == "timeout" and "it was waiting, not computing" in detail
    assert "flush stdout after each answer" in detail


def test_an_answer_without_its_line_end_is_shown(tmp_path: Path) -> None:
    body = "sys.stdout.write(json.dumps({'index': 0}))\nsys.stdout.flush()"
    kind, detail = _failure(_script(tmp_path, body), 0.5)
    assert kind == "timeout" and 'it wrote "{"index": 0}" without ending the line' in detail


def test_a_bot_still_computing_is_not_told_to_flush(tmp_path: Path) -> None:
    kind, detail = _failure(_script(tmp_path, "while True:\n    pass"), 0.5)
    assert kind == "timeout" and "still computing" in detail and "flush" not in detail


def _binary(tmp_path: Path, name: str, patch: dict[int, bytes] | None = None,
            mode: int = 0o755) -> Path:
    """A copy of /bin/true (an ELF program of this machine), bytes patched."""
    data = bytearray(Path("/bin/true").read_bytes())
    for at, new in (patch or {}).items():
        data[at:at + len(new)] = new
    f = tmp_path / name
    f.write_bytes(bytes(data))
    f.chmod(mode)
    return f


@pytest.mark.parametrize("case, expected", [
    ("not executable", "it is not executable (chmod +x "),
    ("arm64 binary", "it is a program for ARM64 (aarch64), and bots run on x86_64 Linux"),
    ("macOS binary", "it is a macOS program, and bots run on x86_64 Linux"),
    ("musl binary", "it needs the loader /lib/ld-musl-x86_64.so.1, which this machine"),
])
def test_a_program_that_cannot_run_here_says_why(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str, expected: str) -> None:
    if not X86:
        pytest.skip("the cases are built from this machine's x86-64 /bin/true")
    true = Path("/bin/true").read_bytes()
    loader = b"/lib64/ld-linux-x86-64.so.2"
    if case == "not executable":
        bot = _binary(tmp_path, "bot", mode=0o644)
    elif case == "arm64 binary":
        bot = _binary(tmp_path, "bot", {18: b"\xb7\x00"})
    elif case == "macOS binary":
        bot = _binary(tmp_path, "bot", {0: b"\xcf\xfa\xed\xfe"})
    else:
        if loader not in true:
            pytest.skip("/bin/true names another loader")
        musl = b"/lib/ld-musl-x86_64.so.1".ljust(len(loader), b"\0")
        bot = _binary(tmp_path, "bot", {true.index(loader): musl})
    # before the game: one line, exit 2, nothing played
    with pytest.raises(SystemExit) as done:
        main(["play", "--game", "kit", "--bots", f"cmd:{bot},random", "--seed", "1"])
    err = " ".join(capsys.readouterr().err.split())
    assert done.value.code == 2 and expected in err and "access denied" not in err
    # in the sandbox (a ladder's smoke game, a tournament): a crash with the same reason
    kind, detail = _failure(f"cmd:{bot}")
    assert kind == "crash" and expected in detail and "cannot start bot" in detail


def test_the_sandbox_reports_exec_failures_as_such() -> None:
    """What the sandbox's launcher (env), a shell or the loader print when a program
    cannot run, read back as the reason and what to do."""
    denied = exit_advice(126, ["/usr/bin/env: '/bot/bot': Permission denied"])
    assert denied == ("crash", "cannot run /bot/bot: it is not executable (chmod +x, "
                               "then try again)")
    wrong = exit_advice(126, ["./run.sh: line 2: ./bot: cannot execute binary file: "
                              "Exec format error"])
    assert wrong is not None and "exec format error, not a program for" in wrong[1]
    gone = exit_advice(127, ["/usr/bin/env: '/bot/bot': No such file or directory"])
    assert gone is not None and "loader or #! interpreter" in gone[1]
    old = exit_advice(1, ["/bot/bot: /lib/x86_64-linux-gnu/libc.so.6: version "
                          "`GLIBC_2.99' not found (required by /bot/bot)"])
    assert old is not None and "needs GLIBC_2.99, newer than this machine's" in old[1]
    jvm = exit_advice(1, ["Error occurred during initialization of VM",
                          "Could not allocate compressed class space: 1073741824 bytes"])
    assert jvm is not None and jvm[0] == "memory" and "-XX:CompressedClassSpaceSize" in jvm[1]
    ill = exit_advice(-signal.SIGILL, [])
    assert ill is not None and "-march=native" in ill[1]
    assert exit_advice(1, ["Traceback", "ValueError: no"]) is None
    assert exit_advice(126, ["PermissionError: [Errno 13] Permission denied: '/etc'"]) is None


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")
def test_a_missing_shared_library_says_link_statically(tmp_path: Path) -> None:
    (tmp_path / "foo.c").write_text("int foo(void) { return 0; }\n")
    (tmp_path / "bot.c").write_text("int foo(void);\nint main(void) { return foo(); }\n")
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", "libfoo.so", "foo.c"], cwd=tmp_path,
                   check=True)
    subprocess.run(["gcc", "-o", "bot", "bot.c", "-L.", "-lfoo", f"-Wl,-rpath,{tmp_path}"],
                   cwd=tmp_path, check=True)
    kind, detail = _failure(f"cmd:{tmp_path / 'bot'}")
    assert kind == "crash" and "libfoo.so: cannot open shared object file" in detail
    assert "a shared library this machine lacks: link it statically" in detail


def test_a_script_with_a_missing_interpreter_is_named(tmp_path: Path) -> None:
    head = b"#!/nonexistent/python3.99\nprint(1)\n"
    problem = program_problem("bot.py", head, 0o755)
    assert problem is not None and "#!/nonexistent/python3.99" in problem
    assert "#!/usr/bin/env NAME" in problem
    assert program_problem("bot.sh", b"#!/bin/sh\n", 0o755) is None
    assert os.path.exists("/bin/sh")


JAVA_BOT = """import java.io.*;
public class Bot {
  public static void main(String[] args) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
    for (String line; (line = in.readLine()) != null; ) {
      if (line.startsWith("{\\"type\\":\\"act\\"")) System.out.println("{\\"index\\":0}");
      else if (line.startsWith("{\\"type\\":\\"close\\"")) break;
    }
  }
}
"""


@pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None,
                    reason="javac is not installed")
def test_a_java_bot_needs_the_documented_memory_flags(tmp_path: Path) -> None:
    """The JVM's default reservations break the sandbox's 2 GiB address-space limit: the
    failure says which flags to give, and with them (docs/compiled-bots.md) it plays."""
    (tmp_path / "Bot.java").write_text(JAVA_BOT)
    subprocess.run(["javac", "Bot.java"], cwd=tmp_path, check=True, timeout=120)
    (tmp_path / "manifest.txt").write_text("Main-Class: Bot\n")
    subprocess.run(["jar", "cfm", "bot.jar", "manifest.txt", "Bot.class"], cwd=tmp_path,
                   check=True, timeout=120)
    jar = tmp_path / "bot.jar"
    rec = play_match("kit", 2, [f"cmd:java -jar {jar}", "random"], seed=1,
                     time_control=TimeControl(per_move=5.0))
    (fail,) = rec.failures  # the sandbox's own limits, not the tests' smaller ones
    assert fail.kind == "memory" and "-Xmx512m -XX:CompressedClassSpaceSize=64m" in fail.detail
    flags = "-Xmx512m -XX:CompressedClassSpaceSize=64m -XX:+UseSerialGC -Xlog:disable " \
            "-Xlog:all=warning:stderr"
    rec = play_match("kit", 2, [f"cmd:java {flags} -jar {jar}", "random"], seed=1,
                     time_control=TimeControl(per_move=5.0))
    assert rec.outcome == "normal" and not rec.failures, (rec.failures, rec.logs)
