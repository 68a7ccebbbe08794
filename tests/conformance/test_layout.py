"""The conformance kit's layout checks (docs/adding-a-game.md, "The package layout"): every
game package has the same files with the same roles, no import cycle (imports inside
functions count; `if TYPE_CHECKING:` blocks do not), its observation type generated from the
state's declarations, and no private name imported from another module."""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import msgspec
import pytest

import engine
from engine import kernel
from engine.protocol import Action
from engine.registry import BUILTIN

#: file -> its role (docs/adding-a-game.md lists the same)
LAYOUT = {
    "__init__.py": "the GAME descriptor, nothing else",
    "data.py": "rule tables: components, counts, [reconstructed] values",
    "actions.py": "Action types (what a seat answers) and action_space",
    "requests.py": "Request types (what is pending) and their union",
    "state.py": "the state: each field's type, visibility and description; the generated "
                "observation type",
    "setup.py": "new_state(num_players, seed, options): the rulebook's setup",
    "flow.py": "on_empty(s): what comes next when no decision is pending",
    "rules.py": "RULES and every handler registration",
    "words.py": "every RULES.words registration",
    "observe.py": "custom views and redraw (sample_state)",
    "render.py": "render_text and score_breakdown",
    "heuristic.py": "the cheap value of a position",
    "static.py": "static data for bot authors",
    "docs.py": "descriptions of action and request fields",
}

#: games not yet moved to the layout (issue 39); each is checked strictly once it is
NOT_YET: set[str] = set()


def _package(game_id: str) -> tuple[str, Path]:
    name = BUILTIN[game_id].rsplit(":", 1)[0]
    mod = importlib.import_module(name)
    return mod.__name__, Path(mod.__file__).parent


def _params() -> list:
    return [pytest.param(g, marks=pytest.mark.xfail(reason="not yet on the layout"))
            if g in NOT_YET else g for g in BUILTIN]


def _imports(tree: ast.AST, package: str, module: str) -> list[tuple[str, list[str], int]]:
    """(imported module, names, line) of every import, inside functions too, except under
    `if TYPE_CHECKING:`; relative imports resolved against `package`."""
    out: list[tuple[str, list[str], int]] = []

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for sub in child.orelse:
                    walk(sub)
                continue
            if isinstance(child, ast.Import):
                out.extend((a.name, [], child.lineno) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = module.split(".")[: -child.level]
                    base = ".".join(parts + ([base] if base else []))
                names = [a.name for a in child.names]
                if not child.module and child.level:  # from . import x: modules
                    out.extend((f"{base}.{n}", [], child.lineno) for n in names)
                else:
                    out.append((base, names, child.lineno))
            walk(child)

    walk(tree)
    return out


def _graph(package: str, folder: Path) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.py")):
        mod = package if path.name == "__init__.py" else f"{package}.{path.stem}"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        deps = {m for m, _, _ in _imports(tree, package, mod if path.name != "__init__.py"
                                          else f"{package}.__init__")}
        graph[mod] = {d for d in deps if d.startswith(package + ".") and d != mod}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for d in sorted(graph.get(m, ())):
            if d not in graph:
                continue
            if state.get(d) == 1:
                return path[path.index(d):] + [d]
            if not state.get(d):
                found = visit(d)
                if found:
                    return found
        state[m] = 2
        path.pop()
        return None

    for m in graph:
        if not state.get(m):
            found = visit(m)
            if found:
                return found
    return None


@pytest.mark.parametrize("game_id", _params())
def test_the_package_has_the_layout_files(game_id):
    _, folder = _package(game_id)
    missing = [f for f in LAYOUT if not (folder / f).is_file()]
    assert not missing, f"{game_id}: missing {missing} (docs/adding-a-game.md)"


@pytest.mark.parametrize("game_id", _params())
def test_no_import_cycle_counting_imports_inside_functions(game_id):
    package, folder = _package(game_id)
    cycle = _cycle(_graph(package, folder))
    assert cycle is None, f"{game_id}: import cycle {' -> '.join(cycle or [])}"


@pytest.mark.parametrize("game_id", _params())
def test_each_file_holds_its_role(game_id):
    package, _ = _package(game_id)
    game = engine.get_game(game_id)
    mods = {m: sys.modules[m] for m in sys.modules if m.startswith(package + ".")}
    state, rules = mods[f"{package}.state"], mods[f"{package}.rules"]
    # requests and actions live in their files
    for cls in _subclasses(kernel.Request):
        if cls.__module__.startswith(package + "."):
            assert cls.__module__ == f"{package}.requests", f"{cls.__name__} in {cls.__module__}"
    for cls in _subclasses(Action):
        if cls.__module__.startswith(package + "."):
            assert cls.__module__ == f"{package}.actions", f"{cls.__name__} in {cls.__module__}"
    assert game.action_space.__module__ == f"{package}.actions"
    assert game.new_state.__module__ == f"{package}.setup"
    # one registry, one flow hook, words registered for every request
    reg = game.state_type.RULES
    assert reg is rules.RULES
    assert reg.on_empty is not None and reg.on_empty.__module__ == f"{package}.flow"
    assert set(reg.texts) <= set(reg.handlers)
    # the observation type is generated from the state's declarations, pickles by name
    obs = game.observation_type
    assert obs is game.state_type.OBSERVATION
    assert obs.__module__ == state.__name__ and getattr(state, obs.__name__) is obs
    assert not getattr(game.state_type, "VISIBILITY", None), "declare visibility beside each field"
    assert set(kernel.declarations(game.state_type)) >= {
        f.name for f in msgspec.structs.fields(game.state_type)}


@pytest.mark.parametrize("game_id", _params())
def test_registrations_sit_in_their_files(game_id):
    """`RULES.on`/`automatic` only in rules.py, `RULES.words` only in words.py, and
    __init__.py holds the descriptor alone."""
    package, folder = _package(game_id)
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "RULES"):
                where = {"words": "words.py", "on": "rules.py", "automatic": "rules.py"}
                want = where.get(node.func.attr)
                assert want in (None, path.name), (
                    f"{path.name}:{node.lineno}: RULES.{node.func.attr} belongs in {want}")
    init = ast.parse((folder / "__init__.py").read_text(encoding="utf-8"))
    for node in init.body:
        ok = isinstance(node, (ast.Import, ast.ImportFrom)) or (
            isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)) or (
            isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] in (
                ["GAME"], ["__all__"]))
        assert ok, f"__init__.py:{node.lineno}: only imports and GAME belong here"


def _subclasses(cls: type) -> list[type]:
    out, todo = [], [cls]
    while todo:
        for sub in todo.pop().__subclasses__():
            out.append(sub)
            todo.append(sub)
    return out


def test_no_module_imports_a_private_name_of_another():
    root = Path(engine.__file__).parent.parent
    bad = []
    for top in ("engine", "bots", "harness", "ladders", "training"):
        for path in (root / top).rglob("*.py"):
            rel = path.relative_to(root).with_suffix("")
            mod = ".".join(rel.parts)
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for target, names, line in _imports(tree, mod.rsplit(".", 1)[0], mod):
                private = [n for n in names if n.startswith("_") and not n.startswith("__")]
                if private and target != mod:
                    bad.append(f"{rel}.py:{line} imports {private} from {target}")
    assert not bad, "\n".join(bad)
