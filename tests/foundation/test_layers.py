"""The package rules of docs/architecture.md ("Module map"), read from the source with ast,
so an import inside a function counts as much as one at the top of a module:

- Typer only under harness/cli (services raise ArenaError; the CLI turns it into one line);
- Rich (and Textual, plotext) only under harness/views, and in the listed exceptions;
- ratings/ is pure maths: no sqlite3, no Rich, no Typer, nothing of harness/;
- harness/storage draws nothing and parses no command line: no Rich, no Typer; and the
  SQL of harness/ is there alone;
- engine/ and bots/ never import harness/ or ratings/ (the layers point one way);
- each subpackage of harness/ imports only the subpackages below it (`HARNESS_LAYERS`).
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


#: each subpackage of harness/ -> the other subpackages it may import, and why; bottom first.
#: The allowances point one way (no cycle), so each subpackage sits on a layer of its own
#: ones (docs/architecture.md, "Module map")
HARNESS_LAYERS: dict[str, tuple[tuple[str, ...], str]] = {
    "sandbox": ((), "isolates an untrusted bot's process: beneath play and the cluster, "
                "which run bots in it"),
    "storage": ((), "the database and a run's state files: every service reads and writes "
                "through it, it serves none"),
    "rulemap": ((), "reads the rules pages and the tests' markers: files only"),
    "play": (("sandbox",), "one game from bot specs; an untrusted bot plays in the sandbox"),
    "cluster": (("play", "sandbox"), "a node plays a task's games (play) with its bots' files "
                "laid out for the sandbox; no database"),
    "tournaments": (("cluster", "play", "sandbox", "storage"), "a schedule in the database, "
                    "played through the cluster's one dispatcher"),
    "ladders": (("cluster", "play", "sandbox", "storage"), "submissions pinned and played "
                "through the same dispatcher: beside tournaments, not on them"),
    "eval": (("play", "sandbox", "storage", "tournaments"), "`arena eval` is a tournament; "
             "`arena bench` times play, the sandbox and a tournament's scaling"),
    "training": (("cluster", "eval", "play", "sandbox", "storage", "tournaments"),
                 "self-play on the cluster; its gates and curves are `arena eval` tournaments"),
    "tuning": (("eval", "storage", "tournaments"), "each SPSA step is an `arena eval` "
               "tournament; its state is a run file"),
    "views": (("eval", "ladders", "play", "rulemap", "storage", "tournaments", "training"),
              "draws the documents the services build (a record's replay, standings, "
              "curves); never the CLI's or the server's"),
    "server": (("ladders", "play", "sandbox", "storage", "views"), "the ladders over HTTP, "
               "beside the CLI: ladder services, uploads checked by the sandbox's rules, "
               "web pages drawn by views/web"),
    "cli": (("cluster", "eval", "ladders", "play", "rulemap", "sandbox", "server", "storage",
             "tournaments", "training", "tuning", "views"),
            "the top: each command calls services (the server's client among them) and "
            "hands what they return to views"),
}


def sources() -> Iterator[tuple[str, ast.Module]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(), str(path))


def imported(tree: ast.Module) -> set[str]:
    """Every module a file imports, at any depth (inside functions and classes too);
    `from harness import x` counts as `harness.x`."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            if node.module == "harness":
                found.update(f"harness.{a.name}" for a in node.names)
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


def test_the_layer_table_names_every_harness_subpackage() -> None:
    folders = {p.parent.name for p in (ROOT / "harness").glob("*/__init__.py")}
    assert set(HARNESS_LAYERS) == folders
    for name, (allowed, why) in HARNESS_LAYERS.items():
        assert why and set(allowed) <= set(HARNESS_LAYERS) - {name}, name


def test_harness_subpackages_import_only_the_layers_below() -> None:
    def rule(path: str, module: str) -> bool:
        """`module` is a subpackage of harness/ that `path`'s own may not import."""
        parts, own = module.split("."), path.split("/")
        return (len(own) > 2 and own[0] == "harness" and len(parts) > 1
                and parts[0] == "harness" and parts[1] != own[1]
                and parts[1] not in HARNESS_LAYERS.get(own[1], ((), ""))[0])

    assert offenders(rule) == []


def test_the_harness_layers_point_one_way() -> None:
    """The allowances form no cycle: taking off, again and again, the subpackages that
    import nothing left takes them all."""
    left = {name: set(allowed) for name, (allowed, _) in HARNESS_LAYERS.items()}
    while left:
        bottom = {name for name, allowed in left.items() if not allowed & set(left)}
        assert bottom, f"a cycle among {sorted(left)}"
        for name in bottom:
            del left[name]
