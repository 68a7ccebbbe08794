"""Control groups per sandboxed bot: its memory, processes and CPU, all processes together.

rlimits count one process at a time, and not the pages a bot keeps in memfd files, in its
tmpfs folders or as kernel objects (millions of empty files). A control group counts all
of them for every process the bot starts: `memory` (every page charged to the group, swap
included where the kernel counts it), `pids` (processes and threads), `cpu` (a quota of
`Limits.cpu_cores` cores, so a bot that forks spinning processes slows only itself) and
the CPU seconds of all its processes, which the harness holds to `Limits.cpu_seconds`.

Both kinds of cgroup file system are supported: version 1 (one hierarchy per controller
under /sys/fs/cgroup/<controller>) and version 2 (one unified hierarchy); groups are made
below the harness's own group in each hierarchy. `why_not()` says in one line when
neither can be used (no root, controllers not mounted or not delegated).
"""

from __future__ import annotations

import functools
import os
import signal
import time
from pathlib import Path

from bots.external import Limits

#: what a bot's group needs, per cgroup version
V1_CONTROLLERS = ("memory", "pids", "cpu", "cpuacct")
V2_CONTROLLERS = ("memory", "pids", "cpu")
PERIOD_US = 100_000


def _mounts() -> tuple[dict[str, Path], Path | None]:
    """Version 1 controller -> its hierarchy's folder for this process; the version 2
    folder of this process (None when not mounted)."""
    own = {}
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        for c in controllers.split(",") if controllers else [""]:
            own[c] = path
    v1: dict[str, Path] = {}
    v2 = None
    for line in Path("/proc/self/mountinfo").read_text().splitlines():
        fields = line.split()
        sep = fields.index("-")
        root, point, fstype, opts = fields[3], fields[4], fields[sep + 1], fields[sep + 3]
        if fstype == "cgroup":
            for c in opts.split(","):
                if c in V1_CONTROLLERS and c in own and c not in v1:
                    v1[c] = Path(point, os.path.relpath(own[c], root))
        elif fstype == "cgroup2" and v2 is None and "" in own:
            v2 = Path(point, os.path.relpath(own[""], root))
    return v1, v2


@functools.cache
def _layout() -> tuple[int, dict[str, Path]] | str:
    """(version, controller -> parent folder) where bots' groups can be made, or why not."""
    if os.geteuid() != 0:
        return "the harness does not run as root"
    try:
        v1, v2 = _mounts()
    except (OSError, ValueError) as e:
        return f"cannot read this process's cgroups ({e})"
    if all(c in v1 for c in V1_CONTROLLERS):
        if all(os.access(v1[c], os.W_OK) for c in V1_CONTROLLERS):
            return 1, {c: v1[c] for c in V1_CONTROLLERS}
    if v2 is not None:
        try:
            have = (v2 / "cgroup.controllers").read_text().split()
            missing = [c for c in V2_CONTROLLERS if c not in have]
            if not missing:
                enabled = (v2 / "cgroup.subtree_control").read_text().split()
                want = " ".join(f"+{c}" for c in V2_CONTROLLERS if c not in enabled)
                if want:
                    (v2 / "cgroup.subtree_control").write_text(want)
                return 2, {c: v2 for c in V2_CONTROLLERS}
        except OSError as e:
            return (f"cgroup v2 at {v2} cannot delegate {', '.join(V2_CONTROLLERS)} "
                    f"({e.strerror})")
        return (f"neither cgroup v1 ({', '.join(c for c in V1_CONTROLLERS if c not in v1)} "
                f"not mounted) nor v2 ({', '.join(missing)} not available at {v2}) has "
                "the memory, pids and cpu controllers")
    return "no cgroup file system is mounted with the memory, pids and cpu controllers"


def why_not() -> str:
    """"" when bots can get a control group each here, else why not (one line)."""
    layout = _layout()
    return layout if isinstance(layout, str) else ""


class Cgroup:
    """One bot's control group (made by `create`, removed by `remove`)."""

    def __init__(self, version: int, dirs: dict[str, Path]) -> None:
        self.version = version
        self.dirs = dirs  # controller -> this group's folder

    @classmethod
    def create(cls, name: str, limits: Limits) -> Cgroup:
        """A new group `name` with `limits`; OSError if it cannot be made."""
        layout = _layout()
        if isinstance(layout, str):
            raise OSError(layout)
        version, parents = layout
        dirs = {c: p / name for c, p in parents.items()}
        group = cls(version, dirs)
        try:
            for d in dict.fromkeys(dirs.values()):
                d.mkdir()
            group._limit(limits)
        except OSError:
            group.remove()
            raise
        return group

    def _write(self, controller: str, file: str, value: str) -> None:
        (self.dirs[controller] / file).write_text(value)

    def _limit(self, limits: Limits) -> None:
        quota = max(1000, int(limits.cpu_cores * PERIOD_US))
        if self.version == 1:
            self._write("memory", "memory.limit_in_bytes", str(limits.memory_bytes))
            if (self.dirs["memory"] / "memory.memsw.limit_in_bytes").exists():
                self._write("memory", "memory.memsw.limit_in_bytes", str(limits.memory_bytes))
            self._write("pids", "pids.max", str(limits.processes))
            self._write("cpu", "cpu.cfs_period_us", str(PERIOD_US))
            self._write("cpu", "cpu.cfs_quota_us", str(quota))
        else:
            self._write("memory", "memory.max", str(limits.memory_bytes))
            if (self.dirs["memory"] / "memory.swap.max").exists():
                self._write("memory", "memory.swap.max", "0")
            self._write("pids", "pids.max", str(limits.processes))
            self._write("cpu", "cpu.max", f"{quota} {PERIOD_US}")

    def enter(self) -> None:
        """Move the calling process into the group (a child, before it runs the bot)."""
        pid = str(os.getpid())
        for d in dict.fromkeys(self.dirs.values()):
            (d / "cgroup.procs").write_text(pid)

    def cpu_seconds(self) -> float:
        """CPU seconds used by all the group's processes so far."""
        try:
            if self.version == 1:
                return int((self.dirs["cpuacct"] / "cpuacct.usage").read_text()) / 1e9
            for line in (self.dirs["cpu"] / "cpu.stat").read_text().splitlines():
                if line.startswith("usage_usec "):
                    return int(line.split()[1]) / 1e6
        except (OSError, ValueError):
            pass
        return 0.0

    def oom_killed(self) -> bool:
        """Whether the memory limit killed one of its processes."""
        name = "memory.oom_control" if self.version == 1 else "memory.events"
        try:
            for line in (self.dirs["memory"] / name).read_text().splitlines():
                key, _, value = line.partition(" ")
                if key == "oom_kill" and int(value) > 0:
                    return True
        except (OSError, ValueError):
            pass
        return False

    def pids(self) -> list[int]:
        try:
            return [int(p) for p in (self.dirs["pids"] / "cgroup.procs").read_text().split()]
        except (OSError, ValueError):
            return []

    def remove(self) -> None:
        """Kill what is left in the group and remove it (its folders in every hierarchy)."""
        deadline = time.monotonic() + 2.0
        for d in dict.fromkeys(self.dirs.values()):
            while d.exists():
                if self.version == 2 and (d / "cgroup.kill").exists():
                    try:
                        (d / "cgroup.kill").write_text("1")
                    except OSError:
                        pass
                for pid in self.pids():
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except OSError:
                        pass
                try:
                    d.rmdir()
                except FileNotFoundError:
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        break
                    time.sleep(0.01)


def sweep(names: list[str]) -> None:
    """Remove the groups `names` (of sandboxes whose harness is gone) where they are empty:
    never kill, since a harness that shares these groups but not this /tmp may own one."""
    layout = _layout()
    if isinstance(layout, str):
        return
    for name in names:
        for p in dict.fromkeys(layout[1].values()):
            try:
                (p / name).rmdir()
            except OSError:
                pass


def stale(prefix: str) -> list[str]:
    """Names of groups starting with `prefix` below the harness's own groups."""
    layout = _layout()
    if isinstance(layout, str):
        return []
    parents = dict.fromkeys(layout[1].values())
    found: set[str] = set()
    for p in parents:
        try:
            found.update(d.name for d in p.iterdir() if d.name.startswith(prefix) and d.is_dir())
        except OSError:
            pass
    return sorted(found)
