"""The tests' rule markers, read from the sources with ast: no test module is imported or run.

A scenario test names the rule items it checks with the `rule` marker (registered in
tests/conftest.py), on a test function or on a test class (then on each of its tests):

    @pytest.mark.rule("gugong", "5.7b", "5.7c")
    def test_three_in_the_pool_b_places_two(): ...

Its arguments are string literals: the game id, then one or more item ids (a leading § is
allowed). A marker anywhere else (a helper function, `pytestmark`, a computed argument) is
reported rather than read wrongly; the marker is always written out as `pytest.mark.rule`
(an alias such as `rule = pytest.mark.rule` would hide it from this reading).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

NAME = "rule"


@dataclass(frozen=True)
class Mark:
    """Test `test` (pytest's node id without parameters) says it checks item `item` of
    game `game`; `line` is the marker's line."""

    game: str
    item: str
    test: str
    line: int


def _is_marker(node: ast.AST) -> bool:
    """`pytest.mark.rule(...)` (or `mark.rule(...)` after `from pytest import mark`)."""
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    if not isinstance(f, ast.Attribute) or f.attr != NAME:
        return False
    return (isinstance(f.value, ast.Attribute) and f.value.attr == "mark"
            or isinstance(f.value, ast.Name) and f.value.id == "mark")


def _args(call: ast.Call) -> list[str] | None:
    if call.keywords or len(call.args) < 2:
        return None
    vals = [a.value for a in call.args if isinstance(a, ast.Constant)]
    if len(vals) != len(call.args) or not all(isinstance(v, str) for v in vals):
        return None
    return vals


def _tests(tree: ast.Module) -> list[tuple[str, ast.AST, list[ast.expr]]]:
    """(node id suffix, node, decorators that apply) of every test function and method."""
    out: list[tuple[str, ast.AST, list[ast.expr]]] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith(
                "test"):
            out.append((node.name, node, list(node.decorator_list)))
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for sub in node.body:
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                        sub.name.startswith("test"):
                    out.append((f"{node.name}::{sub.name}", sub,
                                [*node.decorator_list, *sub.decorator_list]))
    return out


def read_file(path: Path, rel: str) -> tuple[list[Mark], list[str]]:
    """The markers of one test file (`rel`: its path as pytest names it) and the markers
    that could not be read."""
    source = path.read_text(encoding="utf-8")
    if f"mark.{NAME}" not in source:
        return [], []
    tree = ast.parse(source, str(path))
    marks: list[Mark] = []
    problems: list[str] = []
    used: set[int] = set()
    for name, _node, decorators in _tests(tree):
        for dec in decorators:
            if not _is_marker(dec):
                continue
            assert isinstance(dec, ast.Call)
            used.add(id(dec))
            args = _args(dec)
            if args is None:
                problems.append(f"{rel}:{dec.lineno}: rule marker needs string literals: "
                                "the game id, then one or more item ids")
                continue
            game, *items = args
            marks += [Mark(game, it.removeprefix("§"), f"{rel}::{name}", dec.lineno)
                      for it in items]
    for node in ast.walk(tree):
        if _is_marker(node) and id(node) not in used:
            problems.append(f"{rel}:{node.lineno}: a rule marker that is not a decorator of "
                            "a test function or test class is not read")
    return marks, problems


def read_marks(root: Path) -> tuple[list[Mark], list[str]]:
    """Every rule marker under `root`/tests, and the problems found reading them."""
    marks: list[Mark] = []
    problems: list[str] = []
    for path in sorted((root / "tests").rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        m, p = read_file(path, rel)
        marks += m
        problems += p
    return marks, problems
