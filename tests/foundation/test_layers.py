"""The package rules of docs/architecture.md ("Module map"), read from the source with ast,
so an import inside a function counts as much as one at the top of a module:

- Typer only under harness/cli (services raise ArenaError; the CLI turns it into one line);
- Rich (and Textual, plotext) only under harness/views, and in the listed exceptions;
- ratings/ is pure maths: no sqlite3, no Rich, no Typer, nothing of harness/;
- harness/storage draws nothing and parses no command line: no Rich, no Typer; and the
  SQL of harness/ is there alone;
- engine/ and bots/ never import harness/ or ratings/ (the layers point one way).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "bots", "harness", "ratings")
DISPLAY = ("rich", "textual", "plotext")

#: modules outside harness/views that may import Rich, each with its reason
RICH_ALLOWED = {
    "engine/protocol.py": "the State contract: render_text() returns a rich Text",
    "engine/common/text.py": "the shared pieces of the games' renders (seat styles, tables)",
    "engine/common/untrusted.py": "escapes hostile text for Rich markup before any screen",
    "engine/common/view.py": "a state as a person sees it, generic over the render contract "
                             "(used by bots/human.py, which may not import harness)",
    "engine/games/": "every game renders itself with rich Text (render_text): part of the "
                     "engine contract",
    "bots/human.py": "the human bot draws the board for the person at the terminal",
}


def sources() -> Iterator[tuple[str, ast.Module]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(), str(path))


def imported(tree: ast.Module) -> set[str]:
    """Every module a file imports, at any depth (inside functions and classes too)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def top(module: str) -> str:
    return module.split(".", 1)[0]


SOURCES = list(sources())
IMPORTS = [(path, imported(tree)) for path, tree in SOURCES]


def offenders(rule: Callable[[str, str], bool]) -> list[str]:
    """`path: [modules]` for every file importing a module that breaks `rule`."""
    return [f"{path}: {sorted(bad)}" for path, mods in IMPORTS
            if (bad := {m for m in mods if rule(path, m)})]


def test_the_rules_see_every_package() -> None:
    seen = {path.split("/", 1)[0] for path, _ in SOURCES}
    assert seen == set(PACKAGES)
    assert any(p.startswith("harness/cli/") for p, _ in SOURCES)
    assert any(p.startswith("harness/views/") for p, _ in SOURCES)


def test_typer_only_in_the_cli() -> None:
    assert offenders(lambda path, m: top(m) in ("typer", "click")
                     and not path.startswith("harness/cli/")) == []


def test_rich_only_in_views_and_the_listed_exceptions() -> None:
    def allowed(path: str) -> bool:
        return path.startswith("harness/views/") or any(
            path == p or (p.endswith("/") and path.startswith(p)) for p in RICH_ALLOWED)

    assert offenders(lambda path, m: top(m) in DISPLAY and not allowed(path)) == []


@pytest.mark.parametrize("path", sorted(RICH_ALLOWED))
def test_each_rich_exception_is_still_needed(path: str) -> None:
    """An exception nobody uses any more is taken off the list."""
    assert any((p == path or (path.endswith("/") and p.startswith(path)))
               and any(top(m) == "rich" for m in mods) for p, mods in IMPORTS)


def test_rating_maths_is_pure() -> None:
    assert offenders(lambda path, m: path.startswith("ratings/") and top(m) in (
        "sqlite3", "typer", "click", "harness", "ray", *DISPLAY)) == []


def test_storage_draws_nothing() -> None:
    assert offenders(lambda path, m: path.startswith("harness/storage/")
                     and top(m) in ("typer", "click", *DISPLAY)) == []


def test_sql_only_in_storage() -> None:
    """No sqlite3 and no SQL statement in harness/ outside harness/storage."""
    assert offenders(lambda path, m: top(m) == "sqlite3" and path.startswith("harness/")
                     and not path.startswith("harness/storage/")) == []
    sql = re.compile(r"\s*(SELECT|INSERT|UPDATE|DELETE|CREATE TABLE)\b")
    found = [f"{path}:{node.lineno}" for path, tree in SOURCES
             if path.startswith("harness/") and not path.startswith("harness/storage/")
             for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and sql.match(node.value)]
    assert found == []


def test_engine_and_bots_never_import_upward() -> None:
    assert offenders(lambda path, m: path.startswith(("engine/", "bots/"))
                     and top(m) in ("harness", "ratings", "ladders")) == []
