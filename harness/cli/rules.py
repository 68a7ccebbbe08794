"""`arena rules coverage`: which tests check which rule item of each game's rules reference
(harness/rulemap; the check itself is tests/foundation/test_rule_map.py)."""

from __future__ import annotations

from typing import Annotated

import typer

import engine
from engine.common.untrusted import markup
from engine.protocol import ArenaError
from harness.cli.output import JsonOpt, emit_json
from harness.rulemap.mapping import (
    ROOT,
    RuleMap,
    build_map,
    foreign_marks,
    is_current,
    page_path,
    write_section,
)
from harness.rulemap.marks import read_marks
from harness.views.console import err, out
from harness.views.rules import show_map, show_totals

app = typer.Typer(help="The rules references' items and the tests that check them.",
                  no_args_is_help=True)


def _as_json(rm: RuleMap, current: bool) -> dict:
    return {"game": rm.game, "enforced": rm.enforced, "section_current": current,
            "items": [{"id": it.id, "section": it.section, "text": it.text,
                       "decisions": [{"kind": k, "why": w} for k, w in it.decisions],
                       "tests": rm.tests[it.id]} for it in rm.items],
            "gaps": rm.gaps()}


@app.command("coverage")
def coverage_cmd(
    game: Annotated[str | None, typer.Argument(
        help="game id (see `arena games`); without it, every game's totals")] = None,
    write: Annotated[bool, typer.Option(
        "--write", help="rewrite the generated coverage section of the game's rules page")]
    = False,
    untested: Annotated[bool, typer.Option(
        "--untested", help="list only the items without a test")] = False,
    as_json: JsonOpt = False,
) -> None:
    """List GAME's rule items (docs/rules/GAME.md) with the tests that name them, read from
    the tests' `@pytest.mark.rule` markers without running them; exit status 1 when a page
    declares no items, an item has no test, a marker names no item, or the page's coverage
    section is out of date."""
    if not (ROOT / "tests").is_dir():
        raise ArenaError(f"the rule map reads the tests of a checkout: {ROOT / 'tests'} "
                         "does not exist")
    games = [game] if game else [g.id for g in engine.list_games()]
    if game:
        engine.get_game(game)  # an unknown game: one line
    marks = read_marks(ROOT)
    maps = [build_map(g, ROOT, marks) for g in games if game or page_path(g, ROOT).is_file()]
    if write:
        if not game:
            raise ArenaError("--write rewrites one game's page: name the game")
        changed = write_section(maps[0])
        out.print(f"{maps[0].page}: coverage section "
                  + ("rewritten" if changed else "already current"), highlight=False)
    current = {rm.game: is_current(rm) for rm in maps}
    unread = marks[1] + foreign_marks([g.id for g in engine.list_games()], marks[0])
    bad = bool(unread) or any(not rm.enforced or rm.gaps() or not current[rm.game]
                              for rm in maps)
    if as_json:
        docs = [_as_json(rm, current[rm.game]) for rm in maps]
        emit_json({"games": docs, "marker_problems": unread} if not game
                  else {**docs[0], "marker_problems": unread})
    elif game:
        show_map(maps[0], untested, current[game])
    else:
        show_totals([(rm.game, len(rm.items), len(rm.items) - len(rm.untested()),
                      len(rm.untested()), len(rm.gaps()) - len(rm.untested())
                      + (0 if current[rm.game] else 1),
                      "no items yet" if not rm.enforced else
                      "complete" if not rm.gaps() and current[rm.game] else "gaps")
                     for rm in maps])
    for problem in unread:
        err.print(f"marker: {markup(problem)}", highlight=False)
    if bad:
        raise typer.Exit(1)
