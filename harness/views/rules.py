"""`arena rules coverage` on the terminal: a game's rule items with their tests, or every
game's totals (harness/rulemap)."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text

from engine.common.untrusted import markup
from harness.rulemap.mapping import RuleMap, game_tests
from harness.views.console import out
from harness.views.fit import Col, fit_table


def _tests_text(tests: list[str], folder: str) -> Text:
    """The tests grouped by file: the file (its name alone in the game's `folder`), then
    each test under it, indented, so that a long name rarely folds."""
    by_file: dict[str, list[str]] = {}
    for test in tests:
        path, _, name = test.partition("::")
        by_file.setdefault(path.removeprefix(folder), []).append(name)
    text = Text()
    for path, names in by_file.items():
        if text:
            text.append("\n")
        text.append(path, "dim")
        for name in names:
            text.append("\n  " + name)
    return text


def map_table(rm: RuleMap, untested_only: bool = False) -> Table:
    """One row per item: its id, its tests (wrapped), its decision; untested items in red."""
    t = Table(box=box.SIMPLE_HEAD, pad_edge=False, expand=False)
    t.add_column("item", no_wrap=True)
    t.add_column("tests", overflow="fold")
    folder = game_tests(rm.game)
    for it in rm.items:
        tests = rm.tests[it.id]
        if untested_only and tests:
            continue
        cell = _tests_text(tests, folder) if tests else Text("none", "bold red")
        if it.decisions:
            cell.append("\n" + "; ".join(f"{k}: {w}" for k, w in it.decisions), "dim")
        t.add_row(Text(f"§{it.id}", "bold red" if not tests else ""), cell)
    return t


def show_map(rm: RuleMap, untested_only: bool, current: bool) -> None:
    if rm.items and (rm.untested() or not untested_only):
        out.print(f"rule coverage of {rm.game} ({rm.page.name})", style="bold",
                  highlight=False)
        out.print(map_table(rm, untested_only))
    tested = len(rm.items) - len(rm.untested())
    out.print(f"{rm.game}: {len(rm.items)} rule items, {tested} with a test"
              + ("" if current or not rm.items else "; the page's coverage section is out "
                 f"of date (arena rules coverage {rm.game} --write)"), highlight=False)
    if not rm.items:
        out.print(f"{rm.page.name} declares no rule items yet: the game is not enforced",
                  highlight=False)
    for gap in rm.gaps():
        out.print(f"[red]gap:[/] {markup(gap)}", highlight=False)


def show_totals(rows: list[tuple[str, int, int, int, int, str]]) -> None:
    """(game, items, tested, untested, other gaps, state) per game."""
    cols = [Col("game", "left", keep=9), Col("items", keep=5), Col("tested", keep=4),
            Col("untested", keep=6), Col("other gaps", keep=3), Col("state", "left", keep=7)]
    out.print(fit_table(cols, rows, width=out.width, title="rule coverage",
                        caption="per item: arena rules coverage GAME"))
