"""The sandbox every untrusted bot runs in (what it holds: README, "What a submitted bot can
and cannot reach").

A sandboxed bot is an external program (`cmd:`, or a Python bot behind
bots/sandbox_runner.py) started by `unshare` in new mount, network, PID, IPC and UTS
namespaces, then `chroot` into a fresh tmpfs root that holds only the system directories
(/usr, /etc, /lib..., read-only), what its runtime needs (read-only), a private /tmp (a
size- and inode-capped tmpfs) and /bot, its working directory: the bot's own folder, read
as harness/sandbox/submission.py says and laid out as harness/sandbox/bundle.py keeps it
(its files where they were in the folder it was submitted from), read-only, with no
capabilities, no new privileges and a scrubbed environment. The harness's home, results,
database and other bots' files are simply not there; the network namespace has no
interface but a down loopback. What has no namespace is closed another way: the bot gets a
new, empty session keyring and runs under a seccomp filter (harness/sandbox/seccomp.py:
keyring calls and what container runtimes deny), /proc's machine-wide files
(`PROC_MASKED`) show empty, and a uid that owns kernel keys is not handed to a bot
(`bot_uid`). rlimits (bots.external.Limits) cap each process; a control group per bot
(harness/sandbox/cgroups.py) caps memory, processes and CPU of all its processes together;
the harness caps time and output.

Two ways to make the namespaces (`mode()`):
- as root: the bot then runs as a uid of its own that no account uses;
- without root, inside an unprivileged user namespace: the bot is the namespace's root
  without capabilities, and this user outside it; there is no cgroup then (limits per
  process, one warning line).
Where neither works, or the seccomp filter cannot be installed, bots run unisolated (one
warning line listing what they can reach, and the match record says so), and ladders
refuse submitted bots unless their operator passes --allow-unsandboxed
(`require_isolation`); inside `required()` (a ladder's games on a cluster's node) such a
bot is not started at all. A sandbox that cannot be set up before the bot's program
starts (its filter, its mounts) is this machine's failure, never the bot's
(bots.external.InfrastructureError).
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import functools
import itertools
import os
import pwd
import re
import select
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import engine
from bots.advice import program_problem
from bots.base import Bot
from bots.external import (
    BotViolation,
    ExternalBot,
    ExternalBotError,
    HarnessFault,
    InfrastructureError,
    Limits,
    exit_reason,
    set_rlimits,
)
from bots.registry import make_bot
from bots.spec import BotSpec
from engine.common.project import PROJECT
from engine.common.untrusted import visible
from engine.protocol import Action, Observation
from harness.sandbox import bundle, cgroups, seccomp, submission

#: uids of sandboxed bots: UID_BASE + 64 * harness pid + slot (unique among live bots;
#: a slot whose uid owns kernel keys is skipped, `bot_uid`)
UID_BASE = 1_800_000_000
SLOTS = 64
#: what a sandboxed bot sees besides its runtime (its files are in /bot, its cwd; the
#: system folders as they are, read-only)
VIEW = ("/bot", "/tmp", *submission.SYSTEM_FOLDERS, "/dev", "/proc")
#: files of /proc that show the whole machine, not the bot's namespaces: kernel keys (every
#: uid's key names), kernel memory, timers and scheduling; the sandbox shows them empty
PROC_MASKED = ("keys", "key-users", "kcore", "timer_list", "sched_debug", "latency_stats")

_SCRIPT = r"""
set -eu
umask 022  # the folders made here are the bot's way to its runtime, whatever the harness's
R=$SBX_ROOT U=$SBX_UID
mount --make-rprivate /
mount -t tmpfs -o size=1m,mode=755 sandbox "$R"
mkdir "$R/bot" "$R/tmp" "$R/dev" "$R/proc"
for d in $SBX_SYSTEM; do
  if [ -L "$d" ]; then ln -s "$(readlink "$d")" "$R$d"
  elif [ -d "$d" ]; then
    mkdir "$R$d"; mount --rbind "$d" "$R$d"
    mount -o remount,bind,ro "$R$d" 2>/dev/null || true
  fi
done
for f in null zero full random urandom; do
  touch "$R/dev/$f"; mount --bind "/dev/$f" "$R/dev/$f"
done
ln -s /proc/self/fd "$R/dev/fd"
mount -t proc -o nosuid,nodev proc "$R/proc"
for f in $SBX_MASKED; do  # what /proc shows of the whole machine: empty
  if [ -e "$R/proc/$f" ]; then mount --bind /dev/null "$R/proc/$f"; fi
done
mount -t tmpfs -o "size=$SBX_SIZE,nr_inodes=$SBX_INODES,mode=1777,nosuid,nodev" sandbox-tmp "$R/tmp"
mount --rbind "$SBX_BOT" "$R/bot"
mount -o remount,bind,ro,nosuid,nodev "$R/bot"
printf '%s\n' "$SBX_BINDS" | while IFS= read -r p; do
  if [ -d "$p" ]; then mkdir -p "$R$p"
  elif [ -n "$p" ]; then mkdir -p "$R$(dirname "$p")"; touch "$R$p"
  fi
  if [ -n "$p" ]; then
    mount --rbind "$p" "$R$p"; mount -o remount,bind,ro "$R$p" 2>/dev/null || true
  fi
done
exec 3<&0
# the last step before the bot: a new session keyring and the seccomp filter (seccomp.py)
set -- "$SBX_PYTHON" -I -S -B "$SBX_SECCOMP" "$SBX_READY" chroot "$R" /usr/bin/setpriv "$@"
if [ "$U" = 0 ]; then  # a user namespace: the bot stays its root, without capabilities
  set -- prlimit --nproc="$SBX_NPROC:$SBX_NPROC" "$@"
fi
"$@" <&3 3<&- &
exec 3<&-
wait $!
"""

#: the file in a sandbox's directory whose lock its harness holds while the bot runs
LOCK = "owner.lock"

_slots = itertools.count()
#: submitted bots must be isolated here: where they cannot be, a game is refused
#: (InfrastructureError) instead of run unisolated (`required`)
_required = False
_warned = False
_warned_cgroup = False
_swept = False


def _in_child(limits: Limits, group: cgroups.Cgroup | None, as_root: bool) -> None:
    """Before exec of the sandbox: the bot's cgroup, the rlimits (the process limit counts
    the bot's own uid as root; in a user namespace, the script sets it inside), and death
    with the harness (its Ray worker killed, say), which takes the bot's whole PID namespace
    with it."""
    if group is not None:
        group.enter()
    set_rlimits(limits, processes=as_root)
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG


def key_owners() -> set[int]:
    """The uids that own kernel keys now (/proc/key-users; none where the kernel has no
    keyrings)."""
    try:
        text = Path("/proc/key-users").read_text()
    except OSError:
        return set()
    return {int(line.split(":")[0]) for line in text.splitlines() if line.strip()}


def bot_uid() -> int:
    """A uid for the next sandboxed bot of this process: its next slot, skipping a uid that
    owns kernel keys (a key in its user keyring would pass to the bot that gets it next)."""
    owners = key_owners()
    for _ in range(SLOTS):
        uid = UID_BASE + SLOTS * os.getpid() + next(_slots) % SLOTS
        if uid not in owners:
            return uid
    raise ExternalBotError(f"cannot sandbox a bot: all {SLOTS} sandbox uids of this process "
                           "own kernel keys")


def _hold(folder: Path) -> int:
    """Lock `folder` as a live sandbox's for as long as the returned fd stays open (a
    file lock, which holds across PID namespaces and for processes sharing /tmp)."""
    fd = os.open(folder / LOCK, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
                 | os.O_CLOEXEC, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    return fd


def _open_own(name: str | Path, want: int, flags: int, dir_fd: int | None = None) -> int | None:
    """An fd of `name` if it is of file type `want` (stat.S_IFDIR, S_IFREG), this user's
    and writable by nobody else; None for anything else (a link, a FIFO, another user's).
    Opened without following a link or blocking, so that nothing another local user puts in
    a shared temporary folder can redirect or stall the opener."""
    try:
        fd = os.open(name, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=dir_fd)
    except OSError:
        return None
    st = os.fstat(fd)
    if stat.S_IFMT(st.st_mode) != want or st.st_uid != os.geteuid() or st.st_mode & 0o022:
        os.close(fd)
        return None
    return fd


def sweep() -> None:
    """Remove the directories of sandboxes whose harness is gone: their lock is free
    (done once per process before its first sandbox). A directory without its lock yet is
    being made, unless it is older than a minute. Only this user's own directories, as
    mkdtemp makes them, with a regular file as lock, are considered: anything else in the
    shared temporary folder that matches the name is left alone."""
    global _swept
    _swept = True
    tmp = Path(tempfile.gettempdir())
    for d in tmp.glob("arena-sandbox-*-*"):
        folder = _open_own(d, stat.S_IFDIR, os.O_RDONLY | os.O_DIRECTORY)
        if folder is None:
            continue
        try:
            if os.fstat(folder).st_mode & 0o077:
                continue
            lock = _open_own(LOCK, stat.S_IFREG, os.O_RDONLY, dir_fd=folder)
            if lock is None:
                try:
                    os.stat(LOCK, dir_fd=folder, follow_symlinks=False)
                except FileNotFoundError:  # not locked yet: being made, or left half made
                    if time.time() - os.fstat(folder).st_mtime > 60:
                        bundle.remove_tree(d)
                continue
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                bundle.remove_tree(d)
            except OSError:  # held: a live sandbox, whichever namespace its harness is in
                pass
            finally:
                os.close(lock)
        finally:
            os.close(folder)
    cgroups.sweep([n for n in cgroups.stale("arena-sandbox-") if not (tmp / n).exists()])


#: how a sandbox starts, per mode: namespaces made as root, or in a user namespace
UNSHARE = {"root": ["unshare"],
           "user": ["unshare", "--user", "--map-root-user"]}
NAMESPACES = ["--mount", "--net", "--pid", "--ipc", "--uts", "--fork", "--kill-child"]
#: what an unisolated bot can reach (the warning, and what `--allow-unsandboxed` accepts)
EXPOSED = ("it runs as this user, so it can read and write this user's files (the home "
           "folder, ~/.ray and its token, results/ and the database, other bots' files), "
           "use the network, see the harness's processes and their environment "
           "(/proc/<pid>/environ, tokens), signal them, start processes without a limit "
           "and leave some running after the game")


@functools.cache
def _probe() -> tuple[str, str]:
    """('root' or 'user', "") when bots can be isolated here, else ("", why not): 'root'
    makes the namespaces and gives each bot a uid of its own; 'user' makes the same
    namespaces inside an unprivileged user namespace (the bot is this user outside it)."""
    for tool in ("unshare", "chroot", "setpriv", "mount", "env", "prlimit"):
        if shutil.which(tool) is None:
            return "", f"{tool} is not installed"
    mode = "root" if os.geteuid() == 0 else "user"
    with tempfile.TemporaryDirectory(prefix="arena-probe-") as where:
        try:
            probe = subprocess.run([*UNSHARE[mode], *NAMESPACES, "mount", "-t", "tmpfs",
                                    "probe", where], capture_output=True, timeout=10)
        except (OSError, subprocess.TimeoutExpired) as e:
            return "", f"unshare does not work here ({e})"
    if probe.returncode != 0:
        err = probe.stderr.decode(errors="replace").strip().splitlines()
        what = "namespaces" if mode == "root" else "unprivileged user namespaces"
        return "", f"cannot create {what} here ({err[-1] if err else probe.returncode})"
    try:
        probe = subprocess.run([sys.executable, "-I", "-S", "-B", seccomp.__file__, "--probe"],
                               capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as e:
        return "", f"cannot check the seccomp filter here ({e})"
    if probe.returncode != 0:
        err = probe.stderr.decode(errors="replace").strip().splitlines()
        return "", (f"cannot install the sandbox's seccomp filter here "
                    f"({err[-1] if err else probe.returncode})")
    return mode, ""


def mode() -> str:
    """'root', 'user' (see _probe) or "" when bots cannot be isolated here."""
    return _probe()[0]


def isolation() -> str:
    """"" when bots can be isolated here, else why not."""
    return _probe()[1]


@contextlib.contextmanager
def required(must: bool = True) -> Iterator[None]:
    """Inside: a bot that cannot be isolated here is not started unisolated but refused
    with an InfrastructureError (a ladder's games on a machine that cannot sandbox: played
    elsewhere, never charged to the bot)."""
    global _required
    before, _required = _required, must
    try:
        yield
    finally:
        _required = before


def require_isolation(allow_unsandboxed: bool) -> None:
    """For ladders: refuse to run submitted bots unisolated unless the operator allows it
    (one line saying why and what would be exposed); allowed, warn once."""
    reason = isolation()
    if not reason:
        return
    if not allow_unsandboxed:
        raise ExternalBotError(f"cannot sandbox submitted bots here: {reason}; run as root "
                               "or where unprivileged user namespaces are allowed, or pass "
                               f"--allow-unsandboxed to accept that {EXPOSED}")
    warn_once(reason)


def warn_cgroup_once(reason: str) -> None:
    global _warned_cgroup
    if not _warned_cgroup:
        _warned_cgroup = True
        print(f"warning: sandbox: no cgroup per bot ({reason}); memory, CPU time and "
              "processes are limited per process only, and a bot's tmpfs and memfd pages "
              "are not counted", file=sys.stderr)


def warn_once(reason: str) -> None:
    global _warned
    if not _warned:
        _warned = True
        print(f"warning: sandbox: {reason}; untrusted bots are not isolated: {EXPOSED}",
              file=sys.stderr)


@contextlib.contextmanager
def _writing() -> Iterator[None]:
    """The bot's files were read and checked: a failure to write them into the sandbox's
    folder (the harness's temporary folder full, say) is the harness's, not the bot's."""
    try:
        yield
    except OSError as e:
        raise HarnessFault(f"cannot copy the bot's files into its sandbox: "
                           f"{e.strerror or e} (the harness's temporary folder)") from None


def _under(path: str, roots: list[str] | tuple[str, ...]) -> bool:
    return any(path == r or path.startswith(r.rstrip("/") + "/") for r in roots)


def runtime_path(name: str) -> str | None:
    """The program a command line's first word `name` (no '/') runs: `python` and
    `python3` are the harness's own interpreter, others are looked up on PATH."""
    return sys.executable if name in ("python", "python3") else shutil.which(name)


def homes() -> set[str]:
    """Every account's home folder, and this process's ("/" and the system folders that
    service accounts name as theirs are not homes)."""
    found = {str(Path.home()), os.environ.get("HOME", "/")}
    try:
        found.update(p.pw_dir for p in pwd.getpwall())
    except OSError:
        pass
    return {os.path.realpath(h) for h in found if h} - {"/"}


def _holds_private(folder: str) -> bool:
    """Whether `folder` is or holds a home folder or the harness's files (its project,
    current and temporary folders)."""
    keep = [*homes(), os.path.realpath(os.getcwd()), str(PROJECT),
            os.path.realpath(tempfile.gettempdir())]
    return any(_under(k, [folder]) for k in keep)


def _sensitive(folder: str) -> bool:
    """Whether binding `folder` into a sandbox could show more than a runtime: it is or
    holds a home folder or the harness's files, or lies in a dot-folder of a home
    (~/.local, ~/.config)."""
    return _holds_private(folder) or any(
        _under(folder, [h]) and any(part.startswith(".") for part in
                                    os.path.relpath(folder, h).split("/"))
        for h in homes())


def _links(path: str) -> list[str]:
    """`path` and every link on the way to the file it names (a venv's `python` ->
    the base installation's `python3.11`)."""
    chain = [os.path.abspath(path)]
    while os.path.islink(chain[-1]) and len(chain) < 40:
        chain.append(os.path.normpath(os.path.join(os.path.dirname(chain[-1]),
                                                   os.readlink(chain[-1]))))
    return chain


def _python_parts() -> list[str]:
    """What the interpreter needs of its installation: its program (and the links to it),
    standard library, extension modules, site-packages, shared library and pyvenv.cfg."""
    paths = sysconfig.get_paths()
    found = [*_links(sys.executable), *(paths[k] for k in ("stdlib", "platstdlib", "purelib",
                                                            "platlib")),
             *(p for p in sys.path if os.path.isabs(p)), os.path.join(sys.prefix, "pyvenv.cfg")]
    if sysconfig.get_config_var("Py_ENABLE_SHARED"):
        libdir = sysconfig.get_config_var("LIBDIR") or ""
        found += [os.path.join(libdir, sysconfig.get_config_var(v) or "")
                  for v in ("LDLIBRARY", "INSTSONAME")]
    return [os.path.normpath(p) for p in found if os.path.exists(p)]


def python_binds() -> list[str]:
    """The harness's Python installation, read-only, only where a runtime would be: each of
    its prefixes whole when it is a folder of its own (/opt/python3.11, a venv outside any
    home); in a home (~/.pyenv/versions/3.11.7, a venv in ~) or around the harness's files,
    only the interpreter's own parts in it (`_python_parts`), never the home. A prefix in
    a system folder is there already."""
    parts = _python_parts()
    binds: list[str] = []
    for prefix in sorted({os.path.realpath(p) for p in (sys.base_prefix, sys.prefix,
                                                        sys.base_exec_prefix, sys.exec_prefix)}):
        if _under(prefix, submission.SYSTEM_FOLDERS):
            continue
        if _holds_private(prefix) or any(_under(prefix, [h]) for h in homes()):
            binds += [p for p in parts if _under(p, [prefix])]
        else:
            binds.append(prefix)
    ordered = sorted(set(binds), key=lambda b: (b.count("/"), b))
    return [b for i, b in enumerate(ordered) if not _under(b, ordered[:i])]


class SandboxedBot(ExternalBot):
    """An untrusted bot program in the sandbox; `command` as for `cmd:`, or
    `SandboxedBot.python(spec)` for an in-process bot spec run through the runner."""

    def __init__(self, command: str, framing: str = "json", limits: Limits | None = None,
                 default_timeout: float = 30.0, python_spec: str | None = None,
                 root: str | None = None) -> None:
        super().__init__(command or "python", default_timeout=default_timeout,
                         framing=framing, limits=limits)
        self.python_spec = python_spec
        #: a pinned or shipped bot's folder, laid out on this machine (its spec names files
        #: there alone; "" for one without files); None: read the files the spec names now
        self.root = root
        if python_spec is not None:
            self.name = python_spec
        self.notes: list[str] = []
        self.isolated = False
        self.dir: Path | None = None
        self.binds: list[str] = []
        self._ready: int | None = None  # read end of the sandbox's "bot starts" pipe
        self._lock: int | None = None  # holds self.dir against sweep() while it exists
        self.group: cgroups.Cgroup | None = None  # its control group, while it runs

    @classmethod
    def python(cls, spec: str, limits: Limits | None = None, default_timeout: float = 30.0,
               root: str | None = None) -> SandboxedBot:
        return cls("", limits=limits, default_timeout=default_timeout, python_spec=spec,
                   root=root)

    @classmethod
    def of(cls, spec: BotSpec, limits: Limits | None = None) -> SandboxedBot:
        """The sandboxed bot of an untrusted spec: its program, or its Python bot through
        the runner."""
        framing = spec.kind_of.program
        if framing:
            return cls(spec.target, framing=framing, limits=limits, root=spec.root)
        return cls.python(spec.text, limits=limits, root=spec.root)

    # -- preparing the bot's folder -------------------------------------------------------

    def _bind_runtime(self, exe: str) -> None:
        """Bind what the runtime `exe` needs, read-only: the harness's Python installation,
        or the runtime's own installation folder (two levels above the program), or, where
        that folder would be a home folder, a dot-folder in one (~/.local), or hold the
        harness's files, the program file alone. Never a home folder."""
        real = os.path.realpath(exe)
        if _under(real, submission.SYSTEM_FOLDERS) or _under(real, self.binds):
            return
        if real == os.path.realpath(sys.executable):
            self.binds += python_binds()
            return
        prefix = str(Path(real).parent.parent)
        self.binds.append(real if _sensitive(prefix) else prefix)

    def _folder(self, spec: BotSpec, runtimes: tuple[str, ...] = ()
                ) -> tuple[BotSpec, str, str]:
        """The spec as it plays, the folder its words name files in, and the bot's folder
        as it runs on this machine: its laid-out folder when it has one (a private copy
        when the bot runs unisolated: it could change a shared one), else the files the
        spec names read now (as a submission: harness/sandbox/bundle.py) and laid out in
        this sandbox's own folder, keeping their paths in the folder they came from."""
        assert self.dir is not None
        own = self.dir / "bot"
        if self.root is None:
            got = bundle.gather(spec, runtimes=runtimes, base=self.cwd)
            with _writing():
                folder = str(bundle.lay_out(got.files, own))
            return got.spec, folder, folder
        if not self.root:
            with _writing():
                own.mkdir(mode=0o555)
            return spec, str(own), str(own)
        if self.isolated:
            return spec, self.root, self.root
        with _writing():
            shutil.copytree(self.root, own)
        return spec, self.root, str(own)

    def _command_argv(self) -> tuple[list[str], str]:
        """The command line as the sandbox runs it from the bot's folder (its program by
        its path there, its other files relative to it) and that folder on this
        machine."""
        runtimes = (*submission.RUNTIME_FOLDERS, os.path.realpath(sys.executable))
        spec, named, folder = self._folder(BotSpec(kind="cmd", target=shlex.join(self.argv)),
                                           runtimes)
        argv = spec.argv
        cmd = submission.parse_command(argv, named, (*runtimes, sys.executable),
                                       submission.members(folder))
        if cmd.runtime is not None:
            exe = cmd.runtime
            if "/" not in exe:
                found = runtime_path(exe)
                if found is None:
                    raise InfrastructureError(f"cannot start {visible(exe)!r}: not found on "
                                              "PATH on this machine")
                argv[0] = found
            elif not os.path.isabs(exe):
                argv[0] = os.path.join(self.cwd or os.getcwd(), exe)
            self._bind_runtime(argv[0])
        here = "/bot" if self.isolated else folder
        for i, rel in cmd.files.items():
            argv[i] = f"{here}/{rel}" if i == 0 else rel
        if cmd.runtime is None and 0 in cmd.files:  # the program itself: it must run here
            name = visible(os.path.basename(self.argv[0]))
            path = os.path.join(folder, cmd.files[0])
            with open(path, "rb") as f:
                head = f.read(65536)
            problem = program_problem(name, head, os.stat(path).st_mode)
            if problem is not None:
                raise submission.SubmissionError(f"cannot start {name}: {problem}", kind="crash")
        return argv, folder

    def _python_argv(self) -> tuple[list[str], list[str], str]:
        """The runner's command line, its module path (beside the bot's folder, seen at
        /bot) and the bot's folder on this machine (its top-level module)."""
        self.binds += python_binds()
        roots = [str(PROJECT / "engine"), str(PROJECT / "bots")]
        paths = [str(PROJECT)]
        game_module = engine.get_game(self.game_id).observation_type.__module__
        top = game_module.split(".")[0]
        loaded = getattr(sys.modules.get(top), "__file__", None)
        if top not in ("engine", "bots") and loaded:  # where it was imported from here
            where = os.path.realpath(loaded)
            if os.path.basename(where) == "__init__.py":
                where = os.path.dirname(where)
            roots.append(where)
            paths.append(os.path.dirname(where))
        self.binds += [r for r in roots if not _under(r, self.binds)]
        spec = BotSpec.parse(self.python_spec or "")
        if self.root is None and spec.kind_of.brings == "module":
            where = submission.module_path(spec.module, None, self.cwd)
            if where is None or _under(os.path.realpath(where), self.binds):
                self.root = ""  # the project's own module: there already
        _, _, folder = self._folder(spec)
        argv = [sys.executable, "-s", "-B", "-m", "bots.sandbox_runner",
                "--module", game_module, self.python_spec or ""]
        return argv, paths, folder

    # -- starting and stopping ------------------------------------------------------------

    def _start(self) -> subprocess.Popen[bytes]:
        reason = isolation()
        self.isolated = not reason
        self.notes = []
        if reason:
            if _required:
                raise InfrastructureError(f"this machine cannot sandbox bots ({reason}); it "
                                          "plays no submitted bot")
            warn_once(reason)
            self.notes = [f"{self.name}: not isolated ({reason}): ran as this user, "
                          "with network access"]
        if not _swept:
            sweep()
        try:
            self.dir = Path(tempfile.mkdtemp(prefix=f"arena-sandbox-{os.getpid()}-"))
            self._lock = _hold(self.dir)
        except OSError as e:
            self._remove_dir()
            raise HarnessFault(f"cannot make the bot's sandbox folder: {e.strerror} (the "
                               "harness's temporary folder)") from None
        self.binds = []
        try:
            paths: list[str] = []
            if self.python_spec is not None:
                argv, paths, folder = self._python_argv()
            else:
                argv, folder = self._command_argv()
        except submission.SubmissionError as e:
            self._remove_dir()
            raise BotViolation(e.kind, str(e)) from None
        except BaseException:
            self._remove_dir()
            raise
        try:  # the bot's files were read and checked: the folders made now are the harness's
            (self.dir / ("root" if self.isolated else "home")).mkdir()
        except OSError as e:
            self._remove_dir()
            raise HarnessFault(f"cannot make the bot's sandbox folder: {e.strerror} (the "
                               "harness's temporary folder)") from None
        try:
            if self.isolated:
                env = [f"PYTHONPATH={':'.join([*paths, '/bot'])}"] if paths else []
                return self._start_isolated(argv, env, folder)
            return self._start_unisolated(argv, paths, folder)
        except BaseException:
            self._remove_dir()
            raise

    def _start_unisolated(self, argv: list[str], paths: list[str],
                          folder: str) -> subprocess.Popen[bytes]:
        """The bot as this user, from a private copy of its folder (a shared one it could
        change), with a writable home of its own."""
        assert self.dir is not None
        home = self.dir / "home"  # made in `_start`
        env = {"HOME": str(home), "TMPDIR": str(home), "LANG": "C.UTF-8",
               "PATH": "/usr/local/bin:/usr/bin:/bin"}
        if paths:
            env["PYTHONPATH"] = ":".join([*paths, folder])
        limits = self.limits
        return self._popen(argv, env=env, cwd=folder, preexec_fn=lambda: set_rlimits(limits))

    def _start_isolated(self, argv: list[str], env_extra: list[str],
                        folder: str) -> subprocess.Popen[bytes]:
        if "=" in argv[0] or any("\n" in b for b in [*self.binds, folder]):
            raise ExternalBotError(f"cannot sandbox {shlex.join(argv)!r}")
        assert self.dir is not None
        root = self.dir / "root"  # made in `_start`
        as_root = mode() == "root"
        uid = bot_uid() if as_root else 0
        read_end, write_end = os.pipe()  # seccomp.py writes "ready" when the bot starts
        env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "SBX_ROOT": str(root),
               "SBX_BOT": folder, "SBX_UID": str(uid),
               "SBX_SIZE": str(self.limits.file_bytes), "SBX_BINDS": "\n".join(self.binds),
               "SBX_INODES": str(self.limits.inodes), "SBX_NPROC": str(self.limits.processes),
               "SBX_READY": str(write_end), "SBX_SYSTEM": " ".join(submission.SYSTEM_FOLDERS),
               "SBX_MASKED": " ".join(PROC_MASKED),
               "SBX_PYTHON": sys.executable, "SBX_SECCOMP": seccomp.__file__}
        bot_env = ["HOME=/tmp", "TMPDIR=/tmp", "LANG=C.UTF-8",
                   "PATH=/usr/local/bin:/usr/bin:/bin", *env_extra]
        ids = ["--reuid", str(uid), "--regid", str(uid), "--clear-groups"] if as_root else []
        setpriv = [*ids, "--no-new-privs", "--inh-caps=-all", "--bounding-set=-all", "--",
                   "/usr/bin/env", "-i", "-C", "/bot", *bot_env, *argv]
        cmd = [*UNSHARE[mode()], *NAMESPACES, "sh", "-c", _SCRIPT, "arena-sandbox", *setpriv]
        limits, group = self.limits, self._cgroup()
        try:
            proc = self._popen(cmd, env=env, cwd="/", pass_fds=(write_end,),
                               preexec_fn=lambda: _in_child(limits, group, as_root))
        except BaseException:
            os.close(read_end)
            raise
        finally:
            os.close(write_end)
        self._ready = read_end
        return proc

    def _cgroup(self) -> cgroups.Cgroup | None:
        """The bot's own control group, or None (with a warning and a note) without one."""
        assert self.dir is not None
        reason = cgroups.why_not()
        if not reason:
            try:
                self.group = cgroups.Cgroup.create(self.dir.name, self.limits)
                return self.group
            except OSError as e:
                reason = f"cannot make a cgroup ({e})"
        warn_cgroup_once(reason)
        self.notes.append(f"{self.name}: no cgroup ({reason}): memory, processes and CPU "
                          "limited per process only")
        return None

    def _check_cpu(self) -> None:
        """All the bot's processes together within `Limits.cpu_seconds` (its cgroup)."""
        used = self.group.cpu_seconds() if self.group is not None else 0.0
        if used > self.limits.cpu_seconds:
            self._kill()
            raise BotViolation("timeout", f"CPU time limit for the game: {used:.1f} s used by "
                                          f"all its processes (at most "
                                          f"{self.limits.cpu_seconds} s)")

    def act(self, observation: Observation, time_left: float | None) -> Action:
        self._check_cpu()
        action = super().act(observation, time_left)
        self._check_cpu()
        return action

    def _await_sandbox(self) -> None:
        """Wait until the sandbox is set up and the bot program starts, so that its first
        decision is not charged for the sandbox's start."""
        if self._ready is None:
            return
        fd, self._ready = self._ready, None
        try:
            readable, _, _ = select.select([fd], [], [], self.default_timeout)
            said = os.read(fd, 1024) if readable else b""
        finally:
            os.close(fd)
        if said.startswith(b"sandbox: "):  # the filter or keyring step failed: no bot
            self._kill()
            raise InfrastructureError(f"cannot sandbox the bot on this machine: "
                                      f"{visible(said[9:].decode(errors='replace').strip())}")
        if said != b"ready\n":  # the sandbox failed before the bot's program started
            self._reap()
            lines = [ln.strip() for ln in self.stderr_text().splitlines() if ln.strip()]
            raise InfrastructureError("the sandbox could not be set up on this machine ("
                                      + (visible(lines[-1])[:300] if lines else
                                         "no word from it") + ")")

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        super().reset(game_id, num_players, seat, seed)
        self._await_sandbox()
        if self.python_spec is not None:  # the runner says when the bot is loaded
            ready = self._receive(time.monotonic() + self.default_timeout,
                                  "the Python bot did not load in time")
            if ready != b'{"type":"ready"}':
                raise ExternalBotError(f"the Python bot runner answered {ready[:200]!r}")

    def exit_status(self) -> int:
        status = super().exit_status()
        if self.isolated and 128 < status < 160:  # the sandbox's shell reports 128 + signal
            return 128 - status
        return status

    def exit_reason(self, status: int, stderr: str) -> tuple[str, str]:
        """As bots.external.exit_reason; a missing file outside the bot's view is a
        forbidden reach outside the sandbox, and so is death by SIGSYS (the filter's)."""
        kind, detail = exit_reason(status, stderr)
        if re.search(r"No module named '(engine|bots)[.']", stderr) and self.python_spec is None:
            stem = next((Path(a).stem for a in self.argv[1:] if a.endswith(".py")), "my_bot")
            detail += (f" (this project's packages are not there for a cmd: program; a "
                       f"bots.Bot subclass runs as python:{stem}:YourClass, with --isolate "
                       "to sandbox it)")
        if status == -signal.SIGSYS:  # the seccomp filter's answer to another architecture
            return "forbidden", (f"{detail} (a system call the sandbox does not allow: one "
                                 "of another architecture's table)")
        if self.group is not None and self.group.oom_killed():
            return "memory", (f"killed by the memory limit of {self.limits.memory_bytes} "
                              "bytes for all its processes")
        if kind == "crash" and self.isolated:
            m = re.search(r"no such file or directory\W+(?:\w+ )?'(/[^']*)'", stderr[-2000:],
                          re.I)
            if m and not _under(m.group(1), [*VIEW, *self.binds]):
                return "forbidden", f"{detail} (outside its sandbox)"
        return kind, detail

    def _remove_dir(self) -> None:
        if self.dir is not None:
            bundle.remove_tree(self.dir)
            self.dir = None
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    def close(self) -> None:
        try:
            super().close()
        finally:
            if self._ready is not None:
                os.close(self._ready)
                self._ready = None
            if self.group is not None:
                self.group.remove()
                self.group = None
            self._remove_dir()


def make_player(spec: str | BotSpec, isolate: bool = False, limits: Limits | None = None) -> Bot:
    """The bot for `spec` as the harness runs it (bots.registry.make_bot, the sandbox as
    its wrapper): programs (`cmd:`) always in the sandbox; with `isolate`, every kind that
    is not trusted (`python:`, `policy:`, plug-ins) too, through the runner; trusted kinds
    in-process. A copy number (`spec#2`) and a label are not part of the bot."""
    spec = BotSpec.read(spec)
    boxed = isolate or bool(spec.kind_of.program)
    return make_bot(spec, (lambda s: SandboxedBot.of(s, limits)) if boxed else None)
