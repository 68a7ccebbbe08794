"""The compiled engine modules (engine/native.py, setup.py; issue 41): a build is used only
where its source is unchanged, a broken or foreign manifest costs nothing but speed, and
the engine as Python plays exactly what the compiled one does."""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

from engine import native
from engine.registry import BUILTIN
from tests import fingerprints as fp

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str, **env: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, env=dict(os.environ, **env), check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _package(tmp_path: Path) -> tuple[Path, str]:
    pkg = tmp_path / "nativepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "mod.py").write_text("X = 1\n")
    return pkg, hashlib.sha256(b"X = 1\n").hexdigest()


def test_an_edited_source_runs_as_python_and_is_named_stale(tmp_path):
    pkg, digest = _package(tmp_path)
    (tmp_path / "mod.so").write_bytes(b"not a real build")
    before = list(native.STATUS.stale)
    edited = native.CompiledFinder(tmp_path, {"nativepkg.mod": {
        "file": "mod.so", "sha256": hashlib.sha256(b"X = 0\n").hexdigest()}})
    assert edited.find_spec("nativepkg.mod", [str(pkg)]) is None
    assert native.STATUS.stale[len(before):] == ["nativepkg.mod"]
    # the source as built, but the build itself is gone: Python again
    gone = native.CompiledFinder(tmp_path, {"nativepkg.mod": {
        "file": "missing.so", "sha256": digest}})
    broken = list(native.STATUS.broken)
    assert gone.find_spec("nativepkg.mod", [str(pkg)]) is None
    assert native.STATUS.stale[len(before):] == ["nativepkg.mod"]  # not named edited
    assert native.STATUS.broken[len(broken):] == ["nativepkg.mod"]  # but gone
    native.STATUS.broken[:] = broken
    # a module the manifest does not name is not the finder's business
    assert edited.find_spec("nativepkg.other", [str(pkg)]) is None
    native.STATUS.stale[:] = before


def test_an_unchanged_source_with_its_build_gets_the_build(tmp_path):
    pkg, digest = _package(tmp_path)
    (tmp_path / "mod.so").write_bytes(b"")
    finder = native.CompiledFinder(tmp_path, {"nativepkg.mod": {"file": "mod.so",
                                                                "sha256": digest}})
    before = list(native.STATUS.loaded)
    spec = finder.find_spec("nativepkg.mod", [str(pkg)])
    assert spec is not None and spec.origin == str(tmp_path / "mod.so")
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    native.STATUS.loaded[:] = before


def test_a_build_that_will_not_load_leaves_its_module_to_its_source(tmp_path, monkeypatch):
    """A damaged build file (or one for another build of this Python): the import does not
    fail; the module runs from its source and the status names it."""
    import importlib

    pkg, digest = _package(tmp_path)
    (tmp_path / "mod.so").write_bytes(b"not a shared object")
    finder = native.CompiledFinder(tmp_path, {"nativepkg.mod": {"file": "mod.so",
                                                                "sha256": digest}})
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "meta_path", [finder, *sys.meta_path])
    monkeypatch.setattr(native, "STATUS", native.Status(available=1))
    for name in ("nativepkg", "nativepkg.mod"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    mod = importlib.import_module("nativepkg.mod")
    assert mod.X == 1 and mod.__file__ == str(pkg / "mod.py")
    assert not native.is_compiled(mod)
    assert native.STATUS.loaded == [] and native.STATUS.broken == ["nativepkg.mod"]
    assert native.STATUS.describe().endswith(
        "; 1 whose build is gone or would not load run as Python")
    for name in ("nativepkg", "nativepkg.mod"):
        sys.modules.pop(name, None)


def test_a_missing_corrupt_or_foreign_manifest_is_one_reason(tmp_path):
    path = tmp_path / "manifest.json"
    modules, why = native.read_manifest(path)
    assert modules == {} and "not compiled at install" in why
    path.write_text("{not json")
    assert native.read_manifest(path) == ({}, f"unreadable build manifest {path}")
    path.write_text(json.dumps({"python": "cpython-27", "modules": {"a": {}}}))
    modules, why = native.read_manifest(path)
    assert modules == {} and why.startswith("compiled for cpython-27, this is cpython-3")
    tag = sys.implementation.cache_tag
    path.write_text(json.dumps({"python": tag, "modules": {}}))  # every module failed
    assert native.read_manifest(path) == ({}, "the install compiled no module: no C compiler?")
    path.write_text(json.dumps({"python": tag, "modules": {"a.b": {"file": "x", "sha256": "y"}}}))
    assert native.read_manifest(path) == ({"a.b": {"file": "x", "sha256": "y"}}, "")


def test_the_manifest_says_what_built_it_and_what_it_left_as_python(tmp_path):
    path = tmp_path / "manifest.json"
    build = {"cython": "3.3.1", "directives": {"annotation_typing": False},
             "compiler": "gcc (Debian 12.2.0-14) 12.2.0", "command": "gcc -fPIC -O2 -g0"}
    path.write_text(json.dumps({"python": sys.implementation.cache_tag,
                                "modules": {"a.b": {"file": "x", "sha256": "y"}},
                                "not_compiled": {"a.c": "Cython failed"}, "build": build}))
    assert native.read_build(path) == (build, {"a.c": "Cython failed"})
    status = native.Status(available=1, loaded=["a.b"], build=build,
                           not_compiled={"a.c": "Cython failed"})
    assert status.builder() == ("built by Cython 3.3.1 and gcc (Debian 12.2.0-14) 12.2.0: "
                                "gcc -fPIC -O2 -g0")
    assert status.modules() == {"a.b": "compiled",
                                "a.c": "Python: not compiled at install (Cython failed)"}
    assert status.describe() == ("engine: 1 of 2 hot modules compiled (Cython); 1 the "
                                 "install could not compile run as Python")
    path.write_text("{}")  # a manifest from before builds were described: nothing said
    assert native.read_build(path) == ({}, {}) and native.Status().builder() == ""


def test_the_installed_build_is_used_exactly_where_its_source_is_unchanged():
    """Every module of the install's manifest, imported in a fresh process: compiled if
    and only if its source reads as it did at the build."""
    out = json.loads(_run(
        "import json, sys\n"
        "from engine import native\n"
        "native.report()\n"
        "print(json.dumps({'off': native.STATUS.off, 'compiled': sorted(\n"
        "    m for m, v in sys.modules.items()\n"
        "    if m.split('.')[0] in ('engine', 'bots') and native.is_compiled(v))}))",
        ARENA_PURE=""))  # the installed build, even where the suite runs as Python
    modules, why = native.read_manifest(native.MANIFEST)
    if not modules:  # no compiler at install: everything is Python, and says why
        assert out["off"] == why and out["compiled"] == []
        return
    unchanged = sorted(
        name for name, entry in modules.items()
        if hashlib.sha256((ROOT / (name.replace(".", "/") + ".py")).read_bytes()).hexdigest()
        == entry["sha256"])
    assert out["off"] == ""
    assert out["compiled"] == unchanged


def test_arena_pure_plays_the_recorded_games_as_python():
    """ARENA_PURE=1: no compiled module, and the seeded games' fingerprints as recorded
    (the compiled engine is checked against the same record by test_fingerprints)."""
    cases = [c for c in fp.cases() if c[1] == 2 and not c[2]]
    assert {c[0] for c in cases} == set(BUILTIN)  # every game, with its MCTS game
    out = json.loads(_run(
        "import json, sys\n"
        "from engine import native\n"
        "from tests import fingerprints\n"
        "cases = [c for c in fingerprints.cases() if c[1] == 2 and not c[2]]\n"
        "got = fingerprints.compute(cases)\n"
        "print(json.dumps({'off': native.STATUS.off, 'pure': native.STATUS.pure, 'got': got,\n"
        "    'compiled': [m for m, v in sys.modules.items()\n"
        "                 if m.split('.')[0] in ('engine', 'bots') and native.is_compiled(v)]}))",
    ARENA_PURE="1"))
    assert out["off"] == "ARENA_PURE is set" and out["compiled"] == []
    assert out["pure"] is True
    recorded = json.loads(fp.PATH.read_text(encoding="utf-8"))
    assert out["got"] == {fp.key(*c): recorded[fp.key(*c)] for c in cases}

