"""The build: the package as pyproject.toml declares it, plus the engine's hot modules and
the MCTS bot's search loop compiled with Cython where a C compiler is at hand (issue 41;
docs/architecture.md, "Compiled engine modules").

The same Python source is compiled (no separate .pyx): the rules live once, in the .py
files. The compiled modules go to engine/compiled/, not beside their sources, with a
manifest of the source each was built from; `engine.native` loads one only while its
source is unchanged, so an edit to an engine file takes effect at once (the edited module
runs as Python until the next `pip install -e .`). No C compiler, no Cython, or a module
that does not compile: the build goes on, and those modules run as Python.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
#: where the compiled modules and their manifest go, under the package root
COMPILED = Path("engine", "compiled")
MANIFEST = "manifest.json"

#: engine modules not worth compiling: text, tables and declarations read once, tooling
#: off the hot path (playouts and searches never call them), packages' __init__ (the
#: kernel's only gathers its modules' names: decisions, visibility, copies, generated and
#: gamestate are compiled)
COLD = frozenset({
    "__init__", "automa_data", "cython_shadow", "data", "docs", "render", "rules", "static",
    "words",
    "native", "pipes", "project", "protocol", "record", "registry", "tensor", "tensor_nodes",
    "text", "untrusted", "view",
})
#: folders of engine/ not compiled (the adapters call the engine, they are not it; the
#: conformance kit checks it)
SKIP_DIRS = frozenset({"adapters", "compiled", "testing", "__pycache__"})
#: the search's own hot loop (tree, playouts, leaves), beside the engine's modules; the
#: rule-based bots of bots/heuristic/ are compiled too (their values order a search's moves,
#: finish its playouts and value its leaves), but their win models' tables (`*_win`)
SEARCH = ("bots/mcts_tree.py", "bots/mcts_rollout.py", "bots/mcts_leaf.py")
#: Cython's directives: Python semantics throughout. Annotations do not become C types
#: (`x: float` would turn an int into a C double, `xs: list` would refuse a tuple); the few
#: C-typed locals of the hottest loops are declared where they are, with `cython.locals`
#: and `cython.declare` (engine/common/cython_shadow.py keeps them valid Python without Cython)
DIRECTIVES = {"language_level": 3, "binding": True, "annotation_typing": False}
#: hot modules left out of the build, and why (written to the manifest)
FAILED: dict[str, str] = {}


def hot_modules() -> dict[str, str]:
    """Dotted module name -> source path (relative to this folder) of every module that is
    compiled: the engine's but the `COLD` ones and the game state declarations (msgspec
    structs read by field introspection, kept as Python), the `SEARCH` ones and the
    rule-based bots'."""
    out: dict[str, str] = {}
    for path in sorted((HERE / "engine").rglob("*.py")):
        rel = path.relative_to(HERE)
        if SKIP_DIRS.intersection(rel.parts) or path.stem in COLD or path.name == "state.py":
            continue
        out[".".join(rel.with_suffix("").parts)] = rel.as_posix()
    rule_based = sorted(p.relative_to(HERE).as_posix()
                        for p in (HERE / "bots" / "heuristic").glob("*.py")
                        if p.stem != "__init__" and not p.stem.endswith("_win"))
    for path in (*SEARCH, *rule_based):
        out[path.removesuffix(".py").replace("/", ".")] = path
    return out


def source_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cythonized(extensions: list[Extension], workers: int) -> list[Extension]:
    """The extensions with their sources turned into C; a module Cython cannot compile is
    left out (it stays Python, named in `FAILED`) and the rest go on."""
    from Cython.Build import cythonize
    from Cython.Compiler.Errors import CompileError

    todo = list(extensions)
    while todo:
        try:  # modules already turned into C are not redone (build/cython keeps them)
            return cythonize(todo, compiler_directives=DIRECTIVES, quiet=True,
                             nthreads=workers, build_dir=str(Path("build", "cython")))
        except CompileError as e:
            bad = str(e.args[1] if len(e.args) > 1 else e)
            left = [ext for ext in todo if bad not in ext.sources]
            if len(left) == len(todo):
                raise
            print(f"{bad} not compiled (Cython failed): it runs as Python", file=sys.stderr)
            FAILED.update({ext.name: "Cython failed" for ext in todo if ext not in left})
            todo = left
    return []


class BuildCompiled(build_ext):
    """Cythonizes the hot modules when the build runs (not when setup.py is read), into
    engine/compiled/; a module that fails is left out, never the build."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1
        self.built: dict[str, str] = {}

    def run(self) -> None:
        if self.inplace:  # an earlier build in the tree: this one replaces it, or none does
            shutil.rmtree(HERE / COMPILED, ignore_errors=True)
        if os.environ.get("ARENA_PURE", "") not in ("", "0"):  # as engine/native.py reads it
            print("ARENA_PURE is set: the engine is not compiled", file=sys.stderr)
            return
        try:
            import Cython  # noqa: F401
        except ImportError:
            print("Cython is not installed: the engine runs as Python", file=sys.stderr)
            return
        try:
            done = {ext.name: ext for ext in cythonized(self.extensions, self.parallel or 1)}
        except Exception as e:  # noqa: BLE001 - any other Cython failure: all stays Python
            print(f"Cython failed ({e}): the engine runs as Python", file=sys.stderr)
            return
        for ext in self.extensions:  # the finalized extensions, now built from the C files
            if ext.name in done:
                ext.sources = done[ext.name].sources
        self.extensions = [ext for ext in self.extensions if ext.name in done]
        editable, self.inplace = self.inplace, False
        try:  # distutils' run (setuptools' base): into build_lib, and no copy of each
            super(build_ext, self).run()  # module beside its source as setuptools' makes
        except Exception as e:  # noqa: BLE001 - no compiler at all: the engine runs as Python
            print(f"compiling the engine failed ({e}): it runs as Python", file=sys.stderr)
        self._write_manifest(Path(self.build_lib))
        if editable:  # `pip install -e .`: the build goes into the source tree
            target = HERE / COMPILED
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(Path(self.build_lib) / COMPILED, target)

    def get_output_mapping(self) -> dict[str, str]:
        return {}  # nothing for an editable install to link: the build is in the tree

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as e:  # noqa: BLE001 - this module stays Python; the rest compile
            print(f"{ext.name} not compiled ({e}): it runs as Python", file=sys.stderr)
            FAILED[ext.name] = f"C compiler failed: {e}"[:200]
            return
        self.built[ext.name] = self.get_ext_fullpath(ext.name)

    def get_ext_fullpath(self, ext_name: str) -> str:
        """build_lib/engine/compiled/<the module's path>.so"""
        return str(Path(self.build_lib, COMPILED, self.get_ext_filename(ext_name)))

    def _describe(self) -> dict[str, object]:
        """What built the modules, for `arena bench` to print: Cython's version and
        directives, the C compiler (its first line of --version) and its command line."""
        import Cython

        cc = list(getattr(self.compiler, "compiler_so", None) or [])
        version = ""
        if cc:
            try:
                done = subprocess.run([cc[0], "--version"], capture_output=True, text=True,
                                      timeout=30, check=False)
                version = (done.stdout.strip().splitlines() or [""])[0]
            except (OSError, subprocess.SubprocessError):
                pass
        return {"cython": Cython.__version__, "directives": DIRECTIVES,
                "compiler": version, "command": " ".join(cc + FLAGS)}

    def _write_manifest(self, root: Path) -> None:
        sources = hot_modules()
        folder = root / COMPILED
        entries = {
            name: {"file": Path(path).relative_to(folder).as_posix(),
                   "sha256": source_digest(HERE / sources[name])}
            for name, path in sorted(self.built.items())
        }
        left = {name: FAILED.get(name, "not built") for name in sources if name not in entries}
        folder.mkdir(parents=True, exist_ok=True)
        (folder / MANIFEST).write_text(json.dumps(
            {"python": sys.implementation.cache_tag, "modules": entries,
             "not_compiled": left, "build": self._describe()}, indent=1) + "\n")
        print(f"compiled {len(entries)} of {len(sources)} engine modules", file=sys.stderr)


#: gcc/clang: no debug info, -O2 (less compile time than the default -O3). Not -O1: since
#: the hot loops declare C types, -O2 runs them in fewer instructions (callgrind, random
#: play of games whose sources did not change, only the kernel's settle() typed its stack
#: (engine/kernel/decisions.py):
#: Gugong 5p 35.4k -> 28.0k a decision, the Year of the Dragon 5p 22.2k -> 21.6k)
FLAGS = ["-O2", "-g0"] if os.name == "posix" else []

setup(
    ext_modules=[Extension(name, [path], optional=True, extra_compile_args=FLAGS)
                 for name, path in hot_modules().items()],
    cmdclass={"build_ext": BuildCompiled},
)
