"""What a speed figure depends on besides the code (`arena bench` prints it beside every
run): the CPU, the Python build, the machine's load during the run. The engine's own build
(which modules ran compiled, by which Cython and compiler flags) is engine.native's.

Two machines of the same kind can give figures far apart: a different CPU model or clock,
an interpreter built with or without profile-guided and link-time optimisation (these
speed up code run as Python more than compiled modules, so they move compiled/Python
ratios), a different Cython or compiler, or other work on the machine.
"""

from __future__ import annotations

import os
import platform
import sysconfig
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import native

#: configure options of the interpreter that change how fast it runs Python code
SPEED_OPTIONS = ("--enable-optimizations", "--with-lto", "--enable-shared")


def cpu_model(cpuinfo: Path = Path("/proc/cpuinfo")) -> str:
    """The CPU's model name and clock (Linux's cpuinfo), else what `platform` knows."""
    try:
        lines = cpuinfo.read_text(errors="replace").splitlines()
    except OSError:
        lines = []
    info: dict[str, str] = {}
    for line in lines:
        key, sep, value = line.partition(":")
        if sep and key.strip() not in info:
            info[key.strip()] = value.strip()
    name = info.get("model name") or platform.processor() or platform.machine() or "unknown"
    details = [f"family {info['cpu family']} model {info['model']}"] if (
        "cpu family" in info and "model" in info) else []
    if info.get("cpu MHz"):
        details.append(f"{float(info['cpu MHz']):,.0f} MHz")
    return name + (f" ({', '.join(details)})" if details else "")


def python_build() -> str:
    """The interpreter, its C compiler and the configure options that change its speed
    (as recorded by its build; a distribution may optimise without recording it)."""
    args = str(sysconfig.get_config_var("CONFIG_ARGS") or "")
    shared = bool(sysconfig.get_config_var("Py_ENABLE_SHARED"))
    opts = [o for o in SPEED_OPTIONS if o in args or (o == "--enable-shared" and shared)]
    missing = [o for o in SPEED_OPTIONS[:2] if o not in opts]
    parts = [platform.python_compiler(), sysconfig.get_config_var("OPT") or ""]
    if opts:
        parts.append("configure records " + " ".join(opts))
    if missing:
        parts.append("not " + " ".join(missing))
    return (f"{platform.python_implementation()} {platform.python_version()} ("
            + "; ".join(p for p in parts if p) + ")")


@dataclass
class Load:
    """The 1-minute load average sampled along a run: at the start, between its steps
    and at the end."""

    samples: list[float] = field(default_factory=list)

    def sample(self) -> None:
        try:
            self.samples.append(os.getloadavg()[0])
        except OSError:  # no load average on this system
            pass

    def describe(self) -> str:
        s = self.samples
        if not s:
            return "load average: unknown"
        cores = os.cpu_count() or 1
        return (f"load average (1 min, {cores} cores): {s[0]:.2f} at the start, "
                f"{min(s):.2f}-{max(s):.2f} during the run, {s[-1]:.2f} at the end")


def machine_lines() -> list[str]:
    """The machine in lines for a report: CPU, Python."""
    return [f"CPU: {cpu_model()}, {os.cpu_count() or 1} cores", f"Python: {python_build()}"]


def describe(load: Load) -> list[str]:
    """The machine and the load during a run in lines for a report."""
    return [*machine_lines(), load.describe()]


def engine_build() -> dict[str, Any]:
    """How this process's engine runs (engine.native, after importing every module of the
    build): its line, what built it, and how each hot module runs ("compiled" or
    "Python: why")."""
    line = native.report()
    status = native.status()
    return {"line": line, "builder": status.builder(), "modules": status.modules()}


def engine_lines(build: dict[str, Any]) -> list[str]:
    """`engine_build()` (of this or another checkout) as lines: the build's line, what
    built it, and the hot modules that ran as Python, each with why."""
    lines = [str(build.get("line", "engine: build unknown"))]
    if build.get("builder"):
        lines.append(str(build["builder"]))
    python = {m: str(how).removeprefix("Python: ") for m, how in
              dict(build.get("modules") or {}).items() if how != "compiled"}
    if python:
        lines.append("ran as Python: " + ", ".join(f"{m} ({why})" for m, why in python.items()))
    return lines
