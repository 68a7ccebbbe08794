"""The rule map's reading (harness/rulemap) and `arena rules coverage`, on a checkout made
in a temporary folder for the test-only kit game: items of every form, markers in every
place they may and may not be, the generated section and the command's exit status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.cli import rules as rules_cli
from harness.cli.main import main
from harness.rulemap.items import page_problems, parse_items
from harness.rulemap.mapping import build_map, is_current, write_section
from harness.rulemap.marks import read_marks

PAGE = """# Kit — rules reference

## 1. Turns

- **§1.1a** On your turn take one
  card from the row.
- **§1.1b** Then pass [decision: the rulebook says nothing of a second card].
  - a sub-list is not the item's text
- An ordinary list item is no rule item.

| id | value |
|---|---|
| **§D1.x** | 3 | the row holds 3 cards [reconstructed: shown only in a picture] |
"""

TESTS = '''
import pytest
from pytest import mark


@pytest.mark.rule("kit", "1.1a", "§D1.x")
def test_take():
    pass


@pytest.mark.rule("kit", "1.1b")
class TestPass:
    def test_pass(self):
        pass

    @mark.rule("kit", "1.1a")
    def test_again(self):
        pass
'''


def checkout(tmp_path: Path, page: str = PAGE, tests: str = TESTS) -> Path:
    (tmp_path / "docs" / "rules").mkdir(parents=True)
    (tmp_path / "docs" / "rules" / "kit.md").write_text(page)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_kit.py").write_text(tests)
    return tmp_path


def test_items_list_rows_continuations_and_decisions():
    items = parse_items(PAGE)
    assert [it.id for it in items] == ["1.1a", "1.1b", "D1.x"]
    assert items[0].text == "On your turn take one card from the row."
    assert items[0].section == "1. Turns" and items[0].line == 5
    assert items[1].decisions == (("decision", "the rulebook says nothing of a second card"),)
    assert "sub-list" not in items[1].text
    assert items[2].decisions == (("reconstructed", "shown only in a picture"),)
    assert page_problems(items) == []


def test_repeated_ids_and_reasonless_decisions_are_problems():
    items = parse_items("- **§2a** one [reconstructed]\n- **§2a** two\n")
    assert page_problems(items) == [
        "§2a (line 1) is marked [reconstructed] without its reason ([reconstructed: why])",
        "§2a (line 2) repeats the id of line 1"]


def test_markers_on_functions_classes_and_methods(tmp_path):
    marks, problems = read_marks(checkout(tmp_path))
    assert problems == []
    got = sorted((m.item, m.test.split("::", 1)[1]) for m in marks)
    assert got == [("1.1a", "TestPass::test_again"), ("1.1a", "test_take"),
                   ("1.1b", "TestPass::test_again"), ("1.1b", "TestPass::test_pass"),
                   ("D1.x", "test_take")]


def test_markers_that_cannot_be_read_are_reported(tmp_path):
    bad = '''
import pytest
ITEM = "1.1a"
pytestmark = pytest.mark.rule("kit", "1.1a")

@pytest.mark.rule("kit", ITEM)
def test_computed():
    pass

@pytest.mark.rule("kit")
def test_no_item():
    pass

@pytest.mark.rule("kit", "1.1b")
def helper():
    pass

def test_other(rule):
    rule("a", "b")  # a fixture or a parameter named rule is no marker
'''
    _, problems = read_marks(checkout(tmp_path, tests=bad))
    assert [p.split(":", 2)[1] for p in problems] == ["6", "10", "4", "14"]
    assert "string literals" in problems[0] and "not a decorator" in problems[2]


def test_the_map_its_gaps_and_its_section(tmp_path):
    root = checkout(tmp_path, tests=TESTS.replace('"1.1b")\nclass', '"1.1c")\nclass'))
    rm = build_map("kit", root)
    assert rm.tests["1.1a"] == ["tests/test_kit.py::TestPass::test_again",
                                "tests/test_kit.py::test_take"]
    assert rm.gaps() == [
        "§1.1b (1. Turns) has no test",
        "tests/test_kit.py::TestPass::test_pass (line 11) names §1.1c, which kit.md does not "
        "declare",
        "tests/test_kit.py::TestPass::test_again (line 11) names §1.1c, which kit.md does not "
        "declare"]
    assert not is_current(rm)
    assert write_section(rm) and is_current(rm) and not write_section(rm)
    text = rm.page.read_text()
    assert text.startswith(PAGE.rstrip("\n") + "\n\n<!-- rule-map: begin")
    assert "| §1.1b | **none** | decision: the rulebook says nothing of a second card |" in text
    assert "| §D1.x | `tests/test_kit.py`: `test_take` | reconstructed: shown only in a " \
           "picture |" in text
    assert [it.id for it in build_map("kit", root).items] == ["1.1a", "1.1b", "D1.x"]


def run(capsys, monkeypatch, root: Path, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(rules_cli, "ROOT", root)
    with pytest.raises(SystemExit) as exc:
        main(["rules", "coverage", *args])
    captured = capsys.readouterr()
    return int(exc.value.code or 0), captured.out, captured.err


def test_the_command_writes_the_section_then_passes(capsys, monkeypatch, tmp_path):
    root = checkout(tmp_path)
    code, out, err = run(capsys, monkeypatch, root, "kit")
    assert code == 1 and "3 rule items, 3 with a test" in out and "out of date" in out, err
    code, out, _ = run(capsys, monkeypatch, root, "kit", "--write")
    assert code == 0 and "rewritten" in out
    code, out, _ = run(capsys, monkeypatch, root, "kit", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["section_current"] and doc["gaps"] == []
    assert doc["marker_problems"] == []
    assert doc["items"][2] == {"id": "D1.x", "section": "1. Turns",
                               "text": "3 | the row holds 3 cards [reconstructed: shown "
                                       "only in a picture]",
                               "decisions": [{"kind": "reconstructed",
                                              "why": "shown only in a picture"}],
                               "tests": ["tests/test_kit.py::test_take"]}
    code, out, _ = run(capsys, monkeypatch, root)  # every game with a page: only kit here
    assert code == 0 and "kit" in out and "complete" in out


def test_a_page_without_items_is_not_enforced_but_fails_the_command(capsys, monkeypatch,
                                                                   tmp_path):
    root = checkout(tmp_path, page="# Kit\n\n- rules in prose only\n", tests="")
    code, out, _ = run(capsys, monkeypatch, root, "kit")
    assert code == 1 and "declares no rule items yet" in out
    code, _, err = run(capsys, monkeypatch, root, "kit", "--write")
    assert code == 2 and "declares no rule items" in err and len(err.splitlines()) == 1


def test_unknown_game_and_missing_page_are_one_line(capsys, monkeypatch, tmp_path):
    root = checkout(tmp_path)
    code, _, err = run(capsys, monkeypatch, root, "nosuchgame")
    assert code == 2 and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, monkeypatch, root, "gugong")
    assert code == 2 and "no rules reference" in err and len(err.strip().splitlines()) == 1
