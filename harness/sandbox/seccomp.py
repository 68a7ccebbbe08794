"""The system calls a sandboxed bot may not make: a seccomp filter, as container runtimes'
default profiles have one (Docker's, runc's), installed last before the bot starts.

The namespaces, chroot and own uid of harness/sandbox/isolate.py hide the harness's files,
processes and network, but some kernel objects have no namespace: kernel keyrings above
all (a key in the harness's session keyring, or in a uid's user keyring, is shared with
every process that has that keyring). The filter denies, with "operation not permitted"
(EPERM), the calls a game bot never needs that reach such objects or the kernel's most
exposed parts (`DENIED`, each group with why), and a few calls by their arguments
(`clone` making namespaces, `personality` beyond the standard ones, sockets of families
other than `SOCKET_FAMILIES`, the terminal ioctls that type into a terminal). `clone3`,
whose flags a filter cannot read, and calls newer than `LAST_KNOWN` answer "function not
implemented" (ENOSYS), so that C libraries fall back to older calls. A call of another
architecture's system call table (a 32-bit program on x86_64) kills the process: the
filter knows the numbers of one table only (`NUMBERS`, x86_64 and aarch64).

Run as a program (`python -I -S seccomp.py READY_FD COMMAND...`, the sandbox's last step
before the bot, stdlib only): joins a new, empty session keyring, installs the filter,
writes "ready" to READY_FD and executes COMMAND under it; if either step fails it writes
"sandbox: ..." (why) instead and the bot does not start. `--probe` checks that the filter
can be installed here and that it denies a keyring call.
"""

from __future__ import annotations

import ctypes
import errno
import os
import struct
import sys

#: what the filter denies (EPERM), grouped by why a bot has no business there
DENIED: dict[str, tuple[str, ...]] = {
    "kernel keyrings: they have no namespace, so a key reaches other bots and the harness":
        ("add_key", "request_key", "keyctl"),
    "mounts, swap, quotas and file handles: file systems are the sandbox's to set up":
        ("mount", "umount2", "pivot_root", "swapon", "swapoff", "open_tree", "move_mount",
         "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr", "open_tree_attr",
         "statmount", "listmount", "quotactl", "quotactl_fd", "name_to_handle_at",
         "open_by_handle_at", "sysfs", "ustat", "uselib", "nfsservctl"),
    "the kernel itself: modules, reboot, kexec, logs, accounting, BPF, performance "
    "counters, userfaultfd, fanotify, I/O ports":
        ("reboot", "kexec_load", "kexec_file_load", "init_module", "finit_module",
         "delete_module", "create_module", "get_kernel_syms", "query_module",
         "lookup_dcookie", "_sysctl", "syslog", "acct", "bpf", "perf_event_open",
         "userfaultfd", "fanotify_init", "iopl", "ioperm", "vhangup"),
    "namespaces: a bot stays in the ones the sandbox made": ("unshare", "setns"),
    "other processes' memory and files": ("ptrace", "process_vm_readv", "process_vm_writev",
                                          "kcmp", "pidfd_getfd", "process_madvise",
                                          "move_pages", "migrate_pages"),
    "the machine's clock and names": ("clock_settime", "clock_adjtime", "settimeofday",
                                      "adjtimex", "sethostname", "setdomainname"),
    "io_uring: its operations bypass this filter": ("io_uring_setup", "io_uring_enter",
                                                    "io_uring_register"),
}
#: system call numbers per architecture (`uname -m`)
NUMBERS: dict[str, dict[str, int]] = {
    "x86_64": {
        "ioctl": 16, "socket": 41, "clone": 56, "syslog": 103, "ptrace": 101,
        "uselib": 134, "personality": 135, "ustat": 136, "sysfs": 139, "vhangup": 153,
        "pivot_root": 155, "_sysctl": 156, "adjtimex": 159, "acct": 163,
        "settimeofday": 164, "mount": 165, "umount2": 166, "swapon": 167, "swapoff": 168,
        "reboot": 169, "sethostname": 170, "setdomainname": 171, "iopl": 172,
        "ioperm": 173, "create_module": 174, "init_module": 175, "delete_module": 176,
        "get_kernel_syms": 177, "query_module": 178, "quotactl": 179, "nfsservctl": 180,
        "lookup_dcookie": 212, "clock_settime": 227, "kexec_load": 246, "add_key": 248,
        "request_key": 249, "keyctl": 250, "migrate_pages": 256, "unshare": 272,
        "move_pages": 279, "perf_event_open": 298, "fanotify_init": 300,
        "name_to_handle_at": 303, "open_by_handle_at": 304, "clock_adjtime": 305,
        "setns": 308, "process_vm_readv": 310, "process_vm_writev": 311, "kcmp": 312,
        "finit_module": 313, "kexec_file_load": 320, "bpf": 321, "userfaultfd": 323,
    },
    "aarch64": {
        "lookup_dcookie": 18, "ioctl": 29, "umount2": 39, "mount": 40, "pivot_root": 41,
        "nfsservctl": 42, "vhangup": 58, "quotactl": 60, "acct": 89, "personality": 92,
        "unshare": 97, "kexec_load": 104, "init_module": 105, "delete_module": 106,
        "clock_settime": 112, "syslog": 116, "ptrace": 117, "reboot": 142,
        "sethostname": 161, "setdomainname": 162, "settimeofday": 170, "adjtimex": 171,
        "socket": 198, "add_key": 217, "request_key": 218, "keyctl": 219, "clone": 220,
        "swapon": 224, "swapoff": 225, "migrate_pages": 238, "move_pages": 239,
        "perf_event_open": 241, "fanotify_init": 262, "name_to_handle_at": 264,
        "open_by_handle_at": 265, "clock_adjtime": 266, "setns": 268,
        "process_vm_readv": 270, "process_vm_writev": 271, "kcmp": 272,
        "finit_module": 273, "bpf": 280, "userfaultfd": 282, "kexec_file_load": 294,
    },
}
#: numbers every architecture shares (Linux 5.1 on)
COMMON = {"io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
          "open_tree": 428, "move_mount": 429, "fsopen": 430, "fsconfig": 431,
          "fsmount": 432, "fspick": 433, "clone3": 435, "pidfd_getfd": 438,
          "process_madvise": 440, "mount_setattr": 442, "quotactl_fd": 443,
          "statmount": 457, "listmount": 458, "open_tree_attr": 467}
#: the newest system call the filter was written for (file_setattr, Linux 6.17): newer
#: ones answer ENOSYS, as on an older kernel, until someone has looked at them
LAST_KNOWN = 469
#: AUDIT_ARCH_* of each table (the `arch` a filter sees)
AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
#: `clone` flags that make namespaces (CLONE_NEWNS, CLONE_NEWCGROUP, CLONE_NEWUTS,
#: CLONE_NEWIPC, CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET)
CLONE_NAMESPACES = 0x7E020000
#: `personality` values a program may set: Linux's own, with 32-bit or 2.6 uname, and the
#: query; not ADDR_NO_RANDOMIZE or READ_IMPLIES_EXEC
PERSONALITIES = (0x0, 0x8, 0x20000, 0x20008, 0xFFFFFFFF)
#: socket families a bot may open: Unix sockets, IPv4, IPv6 (its loopback is down) and
#: netlink (libraries ask it for interfaces); not AF_VSOCK (a virtual machine's host),
#: AF_ALG (the kernel's crypto, a frequent source of bugs) or rarer families
SOCKET_FAMILIES = (1, 2, 10, 16)
#: ioctls that push input into a terminal (TIOCSTI) or act on the console (TIOCLINUX)
TERMINAL_IOCTLS = (0x5412, 0x541C)

# classic BPF (linux/filter.h, linux/seccomp.h)
_LD_ABS_W, _JEQ, _JGT, _JSET, _RET = 0x20, 0x15, 0x25, 0x45, 0x06
_KILL_PROCESS, _ALLOW, _ERRNO = 0x80000000, 0x7FFF0000, 0x00050000
_NR, _ARCH, _ARG0, _ARG1 = 0, 4, 16, 24  # offsets in struct seccomp_data (low 32 bits)
_PR_SET_NO_NEW_PRIVS, _PR_SET_SECCOMP, _SECCOMP_MODE_FILTER = 38, 22, 2
_KEYCTL_JOIN_SESSION_KEYRING = 1


class SeccompError(OSError):
    """The filter cannot be made or installed here."""


def machine() -> str:
    return os.uname().machine


def numbers(arch: str) -> dict[str, int]:
    """Name -> number of every call the filter names, on `arch`."""
    if arch not in NUMBERS:
        raise SeccompError(errno.ENOSYS, f"no seccomp filter for {arch} (only for "
                                         f"{', '.join(NUMBERS)})")
    return {**NUMBERS[arch], **COMMON}


def denied_names() -> list[str]:
    return [name for names in DENIED.values() for name in names]


def _errno(code: int) -> int:
    return _ERRNO | code


def rules(arch: str) -> list[tuple[int, int, int, int]]:
    """The filter for `arch` as classic BPF instructions (code, jt, jf, k)."""
    nr = numbers(arch)
    ret = [(_RET, 0, 0, _ALLOW)]
    out = [(_LD_ABS_W, 0, 0, _ARCH), (_JEQ, 1, 0, AUDIT_ARCH[arch]), (_RET, 0, 0, _KILL_PROCESS),
           (_LD_ABS_W, 0, 0, _NR), (_JGT, 0, 1, LAST_KNOWN),
           (_RET, 0, 0, _errno(errno.ENOSYS))]
    for number in sorted({nr[n] for n in denied_names() if n in nr}):
        out += [(_JEQ, 0, 1, number), (_RET, 0, 0, _errno(errno.EPERM))]
    out += [(_JEQ, 0, 1, nr["clone3"]), (_RET, 0, 0, _errno(errno.ENOSYS))]

    def by_argument(call: str, offset: int, block: list[tuple[int, int, int, int]]) -> None:
        body = [(_LD_ABS_W, 0, 0, offset), *block]  # decides: never falls through
        out.extend([(_JEQ, 0, len(body), nr[call]), *body])

    by_argument("clone", _ARG0, [(_JSET, 0, 1, CLONE_NAMESPACES),
                                 (_RET, 0, 0, _errno(errno.EPERM)), *ret])
    allowed = [step for value in PERSONALITIES for step in ((_JEQ, 0, 1, value), *ret)]
    by_argument("personality", _ARG0, [*allowed, (_RET, 0, 0, _errno(errno.EPERM))])
    allowed = [step for family in SOCKET_FAMILIES for step in ((_JEQ, 0, 1, family), *ret)]
    by_argument("socket", _ARG0, [*allowed, (_RET, 0, 0, _errno(errno.EAFNOSUPPORT))])
    refused = [step for code in TERMINAL_IOCTLS
               for step in ((_JEQ, 0, 1, code), (_RET, 0, 0, _errno(errno.EPERM)))]
    by_argument("ioctl", _ARG1, [*refused, *ret])
    return out + ret


def program(arch: str) -> bytes:
    """The filter for `arch` as the kernel reads it (struct sock_filter[])."""
    return b"".join(struct.pack("=HBBI", *step) for step in rules(arch))


class _Fprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def _check(result: int, what: str) -> None:
    if result < 0:
        code = ctypes.get_errno()
        raise SeccompError(code, f"{what}: {os.strerror(code)}")


def join_new_session_keyring() -> None:
    """Give this process (and what it starts) a new, empty session keyring of its own,
    in place of the one it inherited; nothing to do where the kernel has no keyrings."""
    keyctl = numbers(machine())["keyctl"]
    result = _libc().syscall(keyctl, _KEYCTL_JOIN_SESSION_KEYRING, None)
    if result < 0 and ctypes.get_errno() == errno.ENOSYS:
        return
    _check(result, "cannot join a new session keyring")


def install() -> None:
    """Install the filter in this process for good (it passes to every program it
    executes and every child), with no new privileges; SeccompError if it cannot be."""
    code = program(machine())
    buf = ctypes.create_string_buffer(code, len(code))
    prog = _Fprog(len(code) // 8, ctypes.addressof(buf))
    libc = _libc()
    _check(libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "cannot set no_new_privs")
    _check(libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(prog), 0, 0),
           "cannot install the seccomp filter")


def probe() -> None:
    """Install the filter in this process and check that a keyring call is refused
    (SeccompError if not): for a throwaway process."""
    install()
    result = _libc().syscall(numbers(machine())["keyctl"], 0, -3, 0)  # @u's id
    if result >= 0 or ctypes.get_errno() != errno.EPERM:
        raise SeccompError(errno.EINVAL, "the seccomp filter does not deny keyctl here")


def main(argv: list[str]) -> int:
    if argv[1:] == ["--probe"]:
        try:
            probe()
        except OSError as e:
            print(e.strerror, file=sys.stderr)
            return 1
        return 0
    ready, command = int(argv[1]), argv[2:]
    try:
        join_new_session_keyring()
        install()
    except OSError as e:
        os.write(ready, f"sandbox: {e.strerror}\n".encode())
        return 125
    os.write(ready, b"ready\n")
    os.close(ready)
    try:
        os.execvp(command[0], command)
    except OSError as e:
        print(f"sandbox: cannot start {command[0]}: {e.strerror}", file=sys.stderr)
    return 127


if __name__ == "__main__":
    sys.exit(main(sys.argv))
