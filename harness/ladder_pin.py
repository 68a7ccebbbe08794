"""Pinning a submitted bot: what exactly a ladder entrant runs.

The content hash covers the spec and every file of the bot; the files are copied into
a snapshot under the ladder's bot folder, and the ladder runs the snapshot, so editing
the original later changes nothing until it is submitted again (as a new version).

- `cmd:` / `cmd-msgpack:`: the files named on the command line (the program and its
  arguments that are files) are copied; the command is rewritten to the copies.
- `python:module.path:Class` and `policy:module:function`: the top-level module (a .py
  file or a package folder) is copied into a package of its own, `arena_pin_<hash>`, and
  the spec rewritten to import from it (inside a package, import its own modules
  relatively).
- The project's own bots (`random`, `heuristic:`, `mcts`) and entry-point bots run as
  installed; their hash covers the spec and the project's bot sources.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import os
import shlex
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from bots.registry import BotSpecError

PROJECT = Path(__file__).resolve().parents[1]
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/etc", "/opt")


@dataclass(frozen=True)
class Pinned:
    spec: str  # as submitted
    run_spec: str  # what the ladder runs
    digest: str  # sha256 hex
    snapshot: str | None  # the copy of the bot's files


def _files(root: Path) -> list[Path]:
    if root.is_file():
        return [root]
    return sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                  and ".git" not in p.parts)


def _hash(spec: str, roots: list[Path]) -> str:
    h = hashlib.sha256(spec.encode())
    for root in roots:
        for f in _files(root):
            rel = f.relative_to(root.parent) if root.is_dir() else Path(f.name)
            h.update(b"\0" + str(rel).encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


def _is_system(path: Path) -> bool:
    real = os.path.realpath(path)
    return real == os.path.realpath(sys.executable) or any(
        real == s or real.startswith(s + "/") for s in SYSTEM)


def _pin_cmd(spec: str, kind: str, rest: str, bot_root: Path) -> Pinned:
    try:
        argv = shlex.split(rest)
    except ValueError as e:
        raise BotSpecError(f"{kind}: cannot parse the command line ({e})") from None
    if not argv:
        raise BotSpecError(f"{kind}: needs a command line, e.g. {kind}:./my_bot.sh")
    files = [i for i, a in enumerate(argv)
             if not a.startswith("-") and Path(a).is_file() and not _is_system(Path(a))]
    if argv[0].startswith((".", "/")) and 0 not in files:
        raise BotSpecError(f"{kind}: no program {argv[0]!r} (from {os.getcwd()})")
    roots = [Path(argv[i]).resolve() for i in files]
    digest = _hash(f"{kind}:" + shlex.join(Path(a).name if i in files else a
                                           for i, a in enumerate(argv)), roots)
    if not files:
        return Pinned(spec, spec, digest, None)
    snap = bot_root / f"cmd_{digest[:16]}"
    snap.mkdir(parents=True, exist_ok=True)
    for i, src in zip(files, roots, strict=True):
        dest = snap / f"{files.index(i)}-{src.name}"
        shutil.copy2(src, dest)
        argv[i] = str(dest)
    return Pinned(spec, f"{kind}:{shlex.join(argv)}", digest, str(snap))


def _module_root(top: str) -> Path | None:
    """Where top-level module `top` is (found without running any of its code)."""
    found = importlib.machinery.PathFinder.find_spec(top, [os.getcwd(), *sys.path])
    if found is None:
        return None
    if found.submodule_search_locations:
        return Path(list(found.submodule_search_locations)[0]).resolve()
    return Path(found.origin).resolve() if found.origin else None


def _pin_module(spec: str, kind: str, rest: str, bot_root: Path) -> Pinned:
    """`python:` bots and `policy:` functions: their top-level module, copied."""
    target, _, params = rest.partition(":")
    module = target
    top = module.split(".")[0]
    root = _module_root(top) if top else None
    if root is None:
        raise BotSpecError(f"{kind}: no module {top!r} on the path (from {os.getcwd()})")
    if root.is_relative_to(PROJECT / "bots") or root.is_relative_to(PROJECT / "engine"):
        return _pin_builtin(spec)
    digest = _hash(spec, [root])
    package = f"arena_pin_{digest[:16]}"
    snap = bot_root / package
    if not snap.exists():
        tmp = bot_root / f".{package}.tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        (tmp / "__init__.py").write_text("")
        if root.is_dir():
            shutil.copytree(root, tmp / root.name,
                            ignore=shutil.ignore_patterns("__pycache__", ".git"))
        else:
            shutil.copy2(root, tmp / root.name)
        tmp.rename(snap)
    return Pinned(spec, f"{kind}:{package}.{rest}", digest, str(snap))


def _pin_builtin(spec: str) -> Pinned:
    return Pinned(spec, spec, _hash(spec, [PROJECT / "bots"]), None)


def pin(spec: str, bot_root: Path) -> Pinned:
    """Hash `spec` with its files and snapshot them under `bot_root`."""
    spec = spec.strip()
    kind, _, rest = spec.partition(":")
    if kind in ("cmd", "cmd-msgpack"):
        return _pin_cmd(spec, kind, rest, bot_root)
    if kind in ("python", "policy"):
        return _pin_module(spec, kind, rest, bot_root)
    return _pin_builtin(spec)
