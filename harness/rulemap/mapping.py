"""A game's rule map: each rule item of docs/rules/<id>.md with the tests that name it, the
gaps, and the generated coverage section at the end of the page.

A game is enforced once its page declares rule items: then every item needs a test, every
marker must name an item of the page, ids are unique, each decision gives its reason, and
the generated section must be current (tests/foundation/test_rule_map.py). A page without
items has no map yet, and a marker naming one of its items is a gap like any other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.common.project import PROJECT
from engine.protocol import ArenaError
from harness.rulemap.items import BEGIN, END, Item, page_problems, parse_items
from harness.rulemap.marks import Mark, read_marks

#: the repository checkout this package belongs to (docs/ and tests/ beside harness/)
ROOT = PROJECT
TITLE = "## Rule coverage (generated)"
HOW = ("rule items of this page with the tests that check them, from the tests' "
       "`@pytest.mark.rule` markers; written by `arena rules coverage {game} --write`, "
       "do not edit by hand")


class NoRulesPage(ArenaError):
    """The game has no rules reference in this checkout."""


@dataclass
class RuleMap:
    """`items` in page order, `tests[item id]` (sorted node ids), the markers naming no
    item (`unknown`), and the page's other `problems` (repeated ids, reasons missing).
    Markers that cannot be read belong to no game: `read_marks` returns them apart."""

    game: str
    page: Path
    items: list[Item]
    tests: dict[str, list[str]]
    unknown: list[Mark] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def enforced(self) -> bool:
        return bool(self.items)

    def untested(self) -> list[Item]:
        return [it for it in self.items if not self.tests[it.id]]

    def gaps(self) -> list[str]:
        """Everything that fails the game's check, one line each (empty: the map is whole;
        the generated section's freshness is checked apart: `is_current`)."""
        out = [f"§{it.id} ({it.section}) has no test" for it in self.untested()]
        out += [f"{m.test} (line {m.line}) names §{m.item}, which {self.page.name} does not "
                "declare" for m in self.unknown]
        return out + self.problems


def page_path(game_id: str, root: Path = ROOT) -> Path:
    return root / "docs" / "rules" / f"{game_id}.md"


def build_map(game_id: str, root: Path = ROOT,
              marks: tuple[list[Mark], list[str]] | None = None) -> RuleMap:
    """The map of one game (`marks`: `read_marks(root)` when already read)."""
    path = page_path(game_id, root)
    if not path.is_file():
        raise NoRulesPage(f"{game_id}: no rules reference at {path}")
    items = parse_items(path.read_text(encoding="utf-8"))
    all_marks = (marks if marks is not None else read_marks(root))[0]
    tests: dict[str, list[str]] = {it.id: [] for it in items}
    unknown: list[Mark] = []
    for m in all_marks:
        if m.game != game_id:
            continue
        if m.item in tests:
            if m.test not in tests[m.item]:
                tests[m.item].append(m.test)
        else:
            unknown.append(m)
    for ts in tests.values():
        ts.sort()
    return RuleMap(game_id, path, items, tests, unknown, page_problems(items))


def foreign_marks(games: list[str], marks: list[Mark]) -> list[str]:
    """Markers naming a game that is not among `games`."""
    return [f"{m.test} (line {m.line}) names game {m.game!r}, which has no rules page"
            for m in marks if m.game not in games]


def game_tests(game_id: str) -> str:
    """The folder of a game's scenario tests, whose files the section names by file name."""
    return f"tests/games/{game_id}/"


def _tests_cell(tests: list[str], folder: str) -> str:
    """`file`: `test`, `test`; ... grouped by file (in `folder`: by its name alone)."""
    by_file: dict[str, list[str]] = {}
    for t in tests:
        path, _, name = t.partition("::")
        by_file.setdefault(path.removeprefix(folder), []).append(name)
    return "; ".join(f"`{path}`: " + ", ".join(f"`{n}`" for n in names)
                     for path, names in by_file.items()) or "**none**"


def _decision_cell(item: Item) -> str:
    return "; ".join(f"{kind}: {why}" for kind, why in item.decisions)


def section(rm: RuleMap) -> str:
    """The generated coverage section (from its BEGIN line to its END line)."""
    tested = len(rm.items) - len(rm.untested())
    folder = game_tests(rm.game)
    lines = [f"{BEGIN}: {HOW.format(game=rm.game)} -->", "", TITLE, "",
             f"{len(rm.items)} rule items, {tested} with a test. A test names the items it "
             "checks with `@pytest.mark.rule(\"" + rm.game + "\", \"<item>\")`; its file "
             f"is in `{folder}` unless a path is given. Items marked reconstructed or "
             "decision carry their reason here too.", "",
             "| Item | Tests | Decision and reason |", "|---|---|---|"]
    for it in rm.items:
        cells = [f"§{it.id}", _tests_cell(rm.tests[it.id], folder), _decision_cell(it)]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    lines += ["", END]
    return "\n".join(lines)


def with_section(text: str, rm: RuleMap) -> str:
    """The page with its generated section replaced, or added at the end."""
    new = section(rm)
    start = text.find(BEGIN)
    if start < 0:
        return text.rstrip("\n") + "\n\n" + new + "\n"
    end = text.find(END, start)
    tail = text[end + len(END):] if end >= 0 else "\n"
    return text[:start] + new + tail


def is_current(rm: RuleMap) -> bool:
    """Whether the page holds the section the items and markers give (a page without
    items must hold none)."""
    text = rm.page.read_text(encoding="utf-8")
    if not rm.items:
        return BEGIN not in text
    return with_section(text, rm) == text


def write_section(rm: RuleMap) -> bool:
    """Rewrite the page's generated section; False when it was current already."""
    if not rm.items:
        raise ArenaError(f"{rm.page.name} declares no rule items (**§id** at the start of a "
                         "list item or table row): there is no map to write")
    text = rm.page.read_text(encoding="utf-8")
    new = with_section(text, rm)
    if new == text:
        return False
    rm.page.write_text(new, encoding="utf-8")
    return True
