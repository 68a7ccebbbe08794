"""Every rule has its test: the rule map of each game (harness/rulemap, `arena rules
coverage`) read from docs/rules/<id>.md and the tests' `@pytest.mark.rule` markers.

A game is enforced once its rules page declares rule items (`- **§5.7b** ...`): then every
item has at least one test naming it, every marker names an item the page declares, item ids
are unique, each [reconstructed]/[decision] gives its reason, and the page's generated
coverage section is current. No per-game switch exists: declaring items is what enforces.

`PENDING` lists the games whose pages do not declare items yet. A game not in it must
declare them (so a game that was enforced cannot silently stop being); the work is done
when `PENDING` is empty. A game in it that already declares items is enforced all the same:
whoever merges its items takes it off the list.
"""

from __future__ import annotations

from functools import cache

import pytest

from engine.registry import BUILTIN
from harness.rulemap.mapping import ROOT, RuleMap, build_map, foreign_marks, is_current
from harness.rulemap.marks import Mark, read_marks

#: games whose rules pages declare no rule items yet (to be emptied)
PENDING = frozenset({"rotunda"})
GAMES = sorted(BUILTIN)


@cache
def marks() -> tuple[list[Mark], list[str]]:
    """Every test's markers (read once, when a test here first runs, not at collection)."""
    return read_marks(ROOT)


@cache
def rule_map(game: str) -> RuleMap:
    return build_map(game, ROOT, marks())


def test_no_game_opts_out() -> None:
    """Only the listed games may lack rule items, and the list names real games."""
    assert PENDING <= set(GAMES)
    assert sorted(g for g in GAMES if not rule_map(g).items and g not in PENDING) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_item_has_a_test_and_every_marker_an_item(game: str) -> None:
    """The game's gaps (none while it declares no items and no test names it)."""
    assert rule_map(game).gaps() == []


@pytest.mark.parametrize("game", GAMES)
def test_the_coverage_section_is_current(game: str) -> None:
    rm = rule_map(game)
    assert is_current(rm), (
        f"{rm.page} coverage section is out of date: run arena rules coverage {game} --write")


def test_markers_are_readable_and_name_known_games() -> None:
    found, problems = marks()
    assert problems == []
    assert foreign_marks(GAMES, found) == []
