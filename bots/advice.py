"""What a bot's author is told when their program goes wrong, in words that say what to do
(docs/bot-protocol.md, "Failures"; docs/compiled-bots.md).

- an answer that is not JSON: the line shown as text (made visible, never a `b'...'`
  literal), and that debug output belongs on stderr (`not_an_answer`; MessagePack:
  `text_frame`);
- no answer in time while the program is alive: whether it was computing or waiting, and
  if waiting, that its answer may sit unflushed in its stdout buffer (`timeout_hint`);
- a program that cannot run here: not executable, a binary for another CPU or system, a
  loader or `#!` interpreter this machine lacks (`program_problem`, read from the file's
  first bytes before it starts), and the same failures as the program's loader or the
  sandbox's `env` report them once it has started (`exit_advice`, with a missing shared
  library, a newer glibc, an instruction this CPU lacks, a JVM over the address-space
  limit).
"""

from __future__ import annotations

import os
import platform
import re
import signal
import struct

from engine.common.untrusted import visible

#: the page for compiled bots, named in the advice
DOC = "docs/compiled-bots.md"
#: how much of a bad answer is shown
SHOWN = 100
#: ELF machine codes (e_machine) -> the name people know
ELF_MACHINES = {3: "x86 (32-bit)", 8: "MIPS", 20: "PowerPC", 21: "PowerPC 64", 22: "IBM S/390",
                40: "ARM (32-bit)", 62: "x86-64", 183: "ARM64 (aarch64)", 243: "RISC-V"}
#: ELF machine codes a host runs, by platform.machine()
RUNS = {"x86_64": {62, 3}, "amd64": {62, 3}, "aarch64": {183, 40}, "arm64": {183, 40}}
#: file magic of programs for other systems
FOREIGN = ((b"\xcf\xfa\xed\xfe", "a macOS program"), (b"\xce\xfa\xed\xfe", "a macOS program"),
           (b"\xfe\xed\xfa\xcf", "a macOS program"), (b"\xfe\xed\xfa\xce", "a macOS program"),
           (b"MZ", "a Windows program"))
PT_INTERP = 3


def shown(data: bytes) -> str:
    """The start of what a program wrote, as quoted text a screen can show: invalid UTF-8
    as \\xNN, control characters as escapes (engine/common/untrusted.py)."""
    text = data[:SHOWN].decode("utf-8", "backslashreplace")
    return f'"{visible(text)}"' + ("..." if len(data) > SHOWN else "")


def not_an_answer(data: bytes, framing: str) -> str:
    """Why a line (or frame) read as an answer is not JSON/MessagePack, and what to do."""
    if framing != "json":
        return f"not MessagePack: {shown(data)}"
    if not data.strip():
        return ("answered with an empty line (write one JSON object per answer; debug "
                "output belongs on stderr)")
    if data.lstrip()[:1] == b"{":  # meant as an answer (a runtime's "[warning]" is not)
        return (f"answered with malformed JSON: {shown(data)} (one JSON object per line, "
                'e.g. {"index": 0})')
    return (f"answered with text that is not JSON: {shown(data)} (debug output belongs on "
            "stderr: stdout carries only the answers)")


def text_frame(data: bytes) -> str | None:
    """For MessagePack framing: the 4 bytes where a frame's length belongs (`data`'s
    first) are printable text, a debug print on stdout: said so, with its line; else
    None."""
    if len(data) >= 4 and all(32 <= b < 127 for b in data[:4]):
        line = data.split(b"\n")[0]
        return (f"its output starts with text, {shown(line)}, where a "
                "4-byte frame length belongs (debug output belongs on stderr: stdout "
                "carries only the answers)")
    return None


def _tree(pid: int) -> list[str]:
    """The states (R running, S sleeping, ...) of `pid` and every process below it."""
    children: dict[int, list[int]] = {}
    states: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read().decode("ascii", "replace")
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2:].split()  # after "pid (comm) "
        if len(fields) > 1:
            states[int(entry)] = fields[0]
            children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        if p in states:
            found.append(states[p])
        todo.extend(children.get(p, []))
    return found


def timeout_hint(pid: int, pending: bytes, framing: str) -> str:
    """What to add to "no answer within Ns" for a program still alive: it wrote an answer
    without its line end (`pending`), it was waiting rather than computing (an answer left
    in its stdout buffer), or it was still computing."""
    if pending and framing == "json":
        return (f"; it wrote {shown(pending)} without ending the line: end each answer "
                "with a newline and flush stdout")
    states = _tree(pid)
    if not states:
        return ""
    if "R" in states:
        return "; it was still computing: answer within the act message's time_left"
    return ("; it was waiting, not computing: if it wrote its answer, flush stdout after "
            "each answer (stdout is a pipe, so it is buffered)")


def host_system() -> str:
    """This machine as a bot binary must match it: CPU architecture and C library."""
    libc = os.confstr("CS_GNU_LIBC_VERSION") if "CS_GNU_LIBC_VERSION" in os.confstr_names \
        else ""
    return f"{platform.machine()} Linux" + (f" with {libc}" if libc else "")


def _elf_interpreter(head: bytes) -> str | None:
    """The loader (PT_INTERP) an ELF file names, if its program headers lie in `head`."""
    wide, little = head[4] == 2, head[5] == 1
    end = "<" if little else ">"
    try:
        if wide:
            phoff, = struct.unpack_from(end + "Q", head, 32)
            phentsize, phnum = struct.unpack_from(end + "HH", head, 54)
        else:
            phoff, = struct.unpack_from(end + "I", head, 28)
            phentsize, phnum = struct.unpack_from(end + "HH", head, 42)
        for i in range(min(phnum, 256)):
            at = phoff + i * phentsize
            if struct.unpack_from(end + "I", head, at)[0] != PT_INTERP:
                continue
            if wide:
                offset, = struct.unpack_from(end + "Q", head, at + 8)
                size, = struct.unpack_from(end + "Q", head, at + 32)
            else:
                offset, = struct.unpack_from(end + "I", head, at + 4)
                size, = struct.unpack_from(end + "I", head, at + 16)
            raw = head[offset:offset + size]
            return raw.split(b"\0")[0].decode("utf-8", "replace") if raw else None
    except struct.error:
        return None
    return None


def program_problem(name: str, head: bytes, mode: int) -> str | None:
    """Why the program file `name` (its first bytes `head`, permission bits `mode`) cannot
    run on this machine, with what to do ("it is not executable (chmod +x NAME)"); None
    when nothing is seen."""
    if head.startswith(b"\x7fELF") and len(head) >= 20:
        machine = int.from_bytes(head[18:20], "little" if head[5] == 1 else "big")
        runs = RUNS.get(platform.machine().lower())
        if runs is not None and machine not in runs:
            what = ELF_MACHINES.get(machine, f"CPU type {machine}")
            return (f"it is a program for {what}, and bots run on {host_system()}: build "
                    f"it for this platform ({DOC})")
        interp = _elf_interpreter(head)
        if interp and not os.path.exists(interp):
            return (f"it needs the loader {interp}, which this machine ({host_system()}) "
                    f"does not have: link it statically ({DOC})")
    for magic, what in FOREIGN:
        if head.startswith(magic):
            return f"it is {what}, and bots run on {host_system()}: build it for Linux ({DOC})"
    if not mode & 0o100:
        return f"it is not executable (chmod +x {name})"
    if head.startswith(b"#!"):
        words = head[2:].split(b"\n")[0].decode("utf-8", "replace").split()
        if words and words[0].startswith("/") and not os.path.exists(words[0]):
            return (f"it starts with #!{words[0]}, which this machine does not have: use "
                    "#!/usr/bin/env NAME, or name the interpreter in the command "
                    "(cmd:python3 bot.py)")
    return None


def file_problem(path: str, name: str | None = None) -> str | None:
    """`program_problem` of the file at `path`, called `name` (None when it cannot be
    read)."""
    try:
        with open(path, "rb") as f:
            head = f.read(65536)
        mode = os.stat(path).st_mode
    except OSError:
        return None
    return program_problem(name or path, head, mode)


#: how an exec failure reads on stderr: env (the sandbox's launcher), a shell, the loader
_EXEC = re.compile(r"(?:^|\s)(?:\S*env|\S*sh|\S*bash|chroot): (?:line \d+: |\d+: )?'?([^':]+)'?: "
                   r"(Permission denied|Exec format error|cannot execute binary file.*"
                   r"|No such file or directory)\s*$", re.I)
#: a JVM that cannot reserve its memory within the address-space limit
_JVM = re.compile(r"could not (allocate|reserve) .*space|insufficient memory for the java "
                  r"runtime", re.I)
_LIBRARY = re.compile(r"error while loading shared libraries: ([^:]+): cannot open")
_GLIBC = re.compile(r"version `(GLIBC[^']*)' not found")


def exit_advice(status: int, lines: list[str]) -> tuple[str, str] | None:
    """(kind, what happened and what to do) for a program that could not run: an exec
    failure reported by the launcher (exit 126/127), a shared library or glibc version
    missing, an instruction this CPU lacks (SIGILL), a JVM that cannot reserve its memory;
    None for any other exit."""
    if status == -signal.SIGILL:
        return "crash", (f"killed by SIGILL: an instruction this CPU ({host_system()}) does "
                         "not have; build without -march=native, for the baseline of the "
                         f"architecture ({DOC})")
    for line in reversed(lines[-8:]):
        if _JVM.search(line):
            return "memory", (f"{visible(line)} (the JVM reserves more address space than "
                              "the sandbox's limit: start it with -Xmx512m "
                              f"-XX:CompressedClassSpaceSize=64m; {DOC})")
        if (m := _LIBRARY.search(line)) is not None:
            return "crash", (f"{visible(line)} (a shared library this machine lacks: link it "
                             f"statically; {DOC})")
        if (m := _GLIBC.search(line)) is not None:
            return "crash", (f"needs {m.group(1)}, newer than this machine's "
                             f"{host_system()}: link statically or build on an older system "
                             f"({DOC})")
        if status in (126, 127) and (m := _EXEC.search(line)) is not None:
            name, why = visible(m.group(1)), m.group(2).lower()
            if why.startswith("permission"):
                return "crash", (f"cannot run {name}: it is not executable (chmod +x, then "
                                 "try again)")
            if why.startswith("no such file"):
                return "crash", (f"cannot run {name}: it, or the loader or #! interpreter it "
                                 f"names, is not on this machine (link it statically; {DOC})")
            return "crash", (f"cannot run {name}: exec format error, not a program for "
                             f"{host_system()} ({DOC})")
    return None
