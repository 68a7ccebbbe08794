"""Compiled engine modules (issue 41): the install compiles the engine's hot modules with
Cython (setup.py) into engine/compiled/, with a manifest of the source each was built
from. This module's finder, installed when it is imported (first of all, by
`engine/__init__.py`), loads the compiled build of a module only while its source file still
reads as it did at the build: an edited module runs as Python until the next
`pip install -e .`, never as a stale build. `ARENA_PURE=1` runs everything as Python.

The compiled code is the same source, so rules, results and seeded replays are identical
either way (tests/foundation/test_native.py plays seeded games both ways)."""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

#: the compiled modules and their manifest (written by setup.py)
COMPILED = Path(__file__).with_name("compiled")
MANIFEST = COMPILED / "manifest.json"
#: set (to anything but empty or 0) to run every engine module as Python
PURE_ENV = "ARENA_PURE"


@dataclass
class Status:
    """What the finder found: the modules it loaded compiled, the ones it left as Python
    because their source changed since the build, and why nothing was compiled, if so."""

    available: int = 0
    loaded: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    #: builds that are gone or would not load (a damaged file, another build of Python):
    #: run as Python
    broken: list[str] = field(default_factory=list)
    off: str = ""
    #: whether Python was asked for (`ARENA_PURE`), rather than the only choice
    pure: bool = False
    #: what built the modules (the manifest's "build": Cython's version and directives,
    #: the C compiler and its command line), empty if nothing was built or it is not known
    build: dict[str, Any] = field(default_factory=dict)
    #: hot modules the install did not compile, and why (Cython or the C compiler failed)
    not_compiled: dict[str, str] = field(default_factory=dict)

    def describe(self) -> str:
        """One line for reports (`arena bench`)."""
        if self.off:
            return f"engine: Python ({self.off})"
        hot = self.available + len(self.not_compiled)
        line = f"engine: {len(self.loaded)} of {hot} hot modules compiled (Cython)"
        if self.stale:
            line += (f"; {len(self.stale)} edited since the build run as Python "
                     "(pip install -e . compiles them again)")
        if self.broken:
            line += f"; {len(self.broken)} whose build is gone or would not load run as Python"
        if self.not_compiled:
            line += f"; {len(self.not_compiled)} the install could not compile run as Python"
        return line

    def builder(self) -> str:
        """What built the modules, in one line: "Cython 3.3.0, gcc ...: <command line>"."""
        b = self.build
        if not b:
            return ""
        return (f"built by Cython {b.get('cython', '?')} and {b.get('compiler') or 'a C compiler'}"
                f": {b.get('command', '')}".strip())

    def modules(self) -> dict[str, str]:
        """Every hot module of the build this process imported or could not compile, and
        how it runs: "compiled", or "Python" with the reason."""
        out = {name: "compiled" for name in self.loaded}
        out.update({name: "Python: edited since the build" for name in self.stale})
        out.update({name: "Python: its build is gone or would not load" for name in self.broken})
        out.update({name: f"Python: not compiled at install ({why})"
                    for name, why in self.not_compiled.items()})
        return dict(sorted(out.items()))


STATUS = Status()


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled build of a manifest module whose source is unchanged."""

    def __init__(self, root: Path, modules: dict[str, dict[str, str]]) -> None:
        self.root = root
        self.modules = modules

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        entry = self.modules.get(fullname)
        if entry is None or not path:
            return None
        source = Path(path[0], fullname.rpartition(".")[2] + ".py")
        built = self.root / entry["file"]
        try:
            same = hashlib.sha256(source.read_bytes()).hexdigest() == entry["sha256"]
        except OSError:
            same = False
        if not same:
            STATUS.stale.append(fullname)
            return None
        if not built.is_file():  # the manifest names a build that is gone
            STATUS.broken.append(fullname)
            return None
        loader = BuiltLoader(fullname, str(built), str(source))
        spec = importlib.util.spec_from_file_location(fullname, built, loader=loader)
        if spec is not None:
            STATUS.loaded.append(fullname)
        return spec


class BuiltLoader(importlib.machinery.ExtensionFileLoader):
    """Loads a build; one that will not load (a damaged file, a build for another Python
    of the same version tag) leaves its module to its source instead of failing the
    import."""

    def __init__(self, name: str, path: str, source: str) -> None:
        super().__init__(name, path)
        self.source: importlib.machinery.SourceFileLoader | None = None
        self._source_path = source

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        try:
            return super().create_module(spec)
        except ImportError:
            self.source = importlib.machinery.SourceFileLoader(self.name, self._source_path)
            spec.origin = self._source_path
            STATUS.loaded.remove(self.name)
            STATUS.broken.append(self.name)
            return None

    def exec_module(self, module: ModuleType) -> None:
        if self.source is not None:
            self.source.exec_module(module)
        else:
            super().exec_module(module)


def read_manifest(path: Path) -> tuple[dict[str, dict[str, str]], str]:
    """The manifest's modules, or none and why (missing, unreadable, another Python)."""
    try:
        data = json.loads(path.read_text())
        modules = data["modules"]
        tag = data["python"]
    except FileNotFoundError:
        return {}, "not compiled at install: no C compiler or Cython, or ARENA_PURE was set"
    except (OSError, ValueError, KeyError, TypeError):
        return {}, f"unreadable build manifest {path}"
    if tag != sys.implementation.cache_tag:
        return {}, f"compiled for {tag}, this is {sys.implementation.cache_tag}"
    if not isinstance(modules, dict):
        return {}, f"unreadable build manifest {path}"
    if not modules:
        return {}, "the install compiled no module: no C compiler?"
    return modules, ""


def read_build(path: Path) -> tuple[dict[str, Any], dict[str, str]]:
    """The manifest's description of the build and its modules left as Python (empty
    where a manifest from before they were recorded, or none, says nothing)."""
    try:
        data = json.loads(path.read_text())
        build, left = data.get("build", {}), data.get("not_compiled", {})
    except (OSError, ValueError, AttributeError):
        return {}, {}
    if not isinstance(build, dict) or not isinstance(left, dict):
        return {}, {}
    return build, {str(k): str(v) for k, v in left.items()}


def install(manifest: Path = MANIFEST) -> Status:
    """Put the finder first on `sys.meta_path` (once); the status of the build."""
    if any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        return STATUS
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        STATUS.off, STATUS.pure = f"{PURE_ENV} is set", True
        return STATUS
    modules, why = read_manifest(manifest)
    STATUS.build, STATUS.not_compiled = read_build(manifest)
    STATUS.available = len(modules)
    if not modules:
        STATUS.off = why
        return STATUS
    sys.meta_path.insert(0, CompiledFinder(manifest.parent, modules))
    return STATUS


def status() -> Status:
    """What the finder loaded so far in this process."""
    return STATUS


def report() -> str:
    """The build in one line, after importing every module it holds (`arena bench`)."""
    for name in list(_finder_modules()):
        try:
            importlib.import_module(name)
        except ImportError:  # a module of the build that this source tree no longer has
            continue
    return STATUS.describe()


def _finder_modules() -> dict[str, dict[str, str]]:
    for f in sys.meta_path:
        if isinstance(f, CompiledFinder):
            return f.modules
    return {}


def is_compiled(module: ModuleType) -> bool:
    """Whether `module` runs from a compiled build."""
    loader = getattr(module, "__loader__", None)
    return (isinstance(loader, importlib.machinery.ExtensionFileLoader)
            and getattr(loader, "source", None) is None)


install()
