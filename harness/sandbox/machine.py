"""The machine bots run on, as a compiled bot's author must build for it
(docs/compiled-bots.md, "The machine your bot runs on"): operating system, kernel, CPU
architecture (and, on x86-64, the highest micro-architecture level its CPU has), C library,
the runtimes a `cmd:` line may name (found as the sandbox finds them, with their versions)
and the sandbox's limits. `arena ladder info` shows it for this machine, and a ladder
server answers it at GET /api/v1/platform (`arena ladder info --server URL`).

Nothing in it names a folder of the server: runtimes are given by the name a command line
uses (`node`), not by their path.
"""

from __future__ import annotations

import glob
import os
import platform
import re
import subprocess
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from bots.external import Limits
from harness.sandbox import cgroups, isolate

#: runtimes a command line may name first, with the arguments that make each say its
#: version (python3 is the harness's own interpreter: no program is run for it)
RUNTIMES: dict[str, tuple[str, ...]] = {
    "python3": (), "pypy3": ("--version",), "node": ("--version",), "deno": ("--version",),
    "bun": ("--version",), "java": ("-version",), "ruby": ("--version",),
    "perl": ("--version",), "php": ("--version",), "lua": ("-v",), "luajit": ("-v",),
    "Rscript": ("--version",), "julia": ("--version",), "dotnet": ("--version",),
    "sbcl": ("--version",), "racket": ("--version",), "guile": ("--version",),
    "ocaml": ("-version",), "bash": ("--version",),
}
#: seconds one runtime may take to say its version
VERSION_SECONDS = 10.0
#: CPU flags (/proc/cpuinfo) each x86-64 micro-architecture level adds (the psABI's levels:
#: what -march=x86-64-v2/v3/v4 may use)
X86_LEVELS = (
    ("x86-64-v2", {"cx16", "lahf_lm", "popcnt", "sse4_1", "sse4_2", "ssse3"}),
    ("x86-64-v3", {"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"}),
    ("x86-64-v4", {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"}),
)
_VERSION = re.compile(r"\d+(?:\.\d+)+")


def os_name() -> str:
    """The distribution's name (/etc/os-release's PRETTY_NAME), else the system's."""
    try:
        info = platform.freedesktop_os_release()
    except OSError:
        return platform.system()
    return info.get("PRETTY_NAME") or info.get("NAME") or platform.system()


def cpu() -> dict[str, Any]:
    """Architecture, model, cores and (x86-64) the highest micro-architecture level."""
    arch = platform.machine()
    model, flags = "", set()
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                key, _, value = line.partition(":")
                key = key.strip()
                if key in ("model name", "Model", "cpu model") and not model:
                    model = value.strip()
                elif key in ("flags", "Features") and not flags:
                    flags = set(value.split())
    except OSError:
        pass
    doc: dict[str, Any] = {"architecture": arch, "model": model, "cores": os.cpu_count()}
    if arch in ("x86_64", "amd64") and flags:
        level = "x86-64"
        for name, needs in X86_LEVELS:
            if not needs <= flags:
                break
            level = name
        doc["level"] = level
    return doc


def libc() -> dict[str, str]:
    """The C library programs are loaded with: glibc (its version), musl, or unknown."""
    if "CS_GNU_LIBC_VERSION" in os.confstr_names:
        name, _, version = (os.confstr("CS_GNU_LIBC_VERSION") or "").partition(" ")
        if name:
            return {"name": name, "version": version}
    for loader in sorted(glob.glob("/lib/ld-musl-*.so.1")):
        said = _run([loader], "")  # musl's loader says its version when run alone
        return {"name": "musl", "version": _version(said)}
    return {"name": "unknown", "version": ""}


def _run(argv: list[str], stdin: str) -> str:
    """What `argv` writes (stdout, then stderr), or "" when it cannot run in time."""
    try:
        done = subprocess.run(argv, input=stdin, capture_output=True, text=True,
                              errors="replace", timeout=VERSION_SECONDS,
                              env={"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"})
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout + "\n" + done.stderr


def _version(text: str) -> str:
    """The first version number (`1.2.3`) in `text`'s first lines that hold one."""
    for line in text.splitlines():
        if (m := _VERSION.search(line)) is not None:
            return m.group(0)
    return ""


def runtime(name: str) -> dict[str, str] | None:
    """`name` as a command line's first word finds it in the sandbox, and its version;
    None when this machine has no such runtime."""
    path = isolate.runtime_path(name)
    if path is None:
        return None
    if name == "python3":
        return {"name": name, "version": platform.python_version()}
    return {"name": name, "version": _version(_run([path, *RUNTIMES[name]], ""))}


def runtimes() -> list[dict[str, str]]:
    """Every runtime of RUNTIMES this machine has, asked for their versions at once."""
    with ThreadPoolExecutor(4) as pool:
        found = list(pool.map(runtime, RUNTIMES))
    return [r for r in found if r is not None]


def sandbox() -> dict[str, Any]:
    """How bots are contained here, and the limits each one meets (bots.external.Limits:
    what docs/bot-protocol.md, "The sandbox", lists)."""
    lim = Limits()
    isolated = bool(isolate.mode())
    return {
        "isolated": isolated,
        "limits_apply": ("per bot (a control group)" if isolated and not cgroups.why_not()
                         else "per process"),
        "memory_bytes": lim.memory_bytes, "processes": lim.processes,
        "cpu_cores": lim.cpu_cores, "cpu_seconds_per_game": lim.cpu_seconds,
        "open_files": lim.open_files, "file_bytes": lim.file_bytes,
        "folder_bytes": lim.file_bytes, "folder_files": lim.inodes,
        "answer_bytes": lim.line_bytes, "log_bytes": lim.log_bytes,
        "folders": ["/bot", "/tmp"],
        "path": "/usr/local/bin:/usr/bin:/bin",
    }


_lock = threading.Lock()
_cached: dict[str, Any] | None = None


def describe() -> dict[str, Any]:
    """This machine, as bots see it (computed once per process: the runtimes are run to
    ask their versions)."""
    global _cached
    with _lock:
        if _cached is None:
            _cached = {
                "os": os_name(), "system": platform.system(), "kernel": platform.release(),
                "cpu": cpu(), "libc": libc(), "runtimes": runtimes(), "sandbox": sandbox(),
            }
        return _cached
