"""Errors a bot author can act on (issue 35, item 5): a failure names the error line of the
bot's stderr (not a runtime's version line), the screen shows the head and the tail of the
log (where Node puts file:line), and a cmd: program that imports this project is pointed to
`python:`."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from engine.common.untrusted import excerpt
from harness.cli.main import main
from harness.play.clock import TimeControl
from harness.play.match import play_match
from tests.sandbox.conftest import LIMITS

needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def _play(spec: str) -> tuple[str, str]:
    rec = play_match("kit", 2, [spec, "random"], seed=1,
                     time_control=TimeControl(per_move=5.0), limits=LIMITS)
    assert rec.failures and rec.failures[0].seat == 0
    return rec.failures[0].detail, rec.logs[0]


@needs_node
def test_a_syntax_error_names_the_error_and_its_place(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]):
    bot = tmp_path / "bad.js"
    bot.write_text("// a bot\nconst x = ;\n")
    detail, log = _play(f"cmd:node {bot}")
    assert "SyntaxError: Unexpected token" in detail and "Node.js v" not in detail
    shown = excerpt(log, tail_lines=3)
    assert any("bad.js:2" in line for line in shown)  # the head: file and line
    assert any("SyntaxError" in line for line in shown)
    with pytest.raises(SystemExit):
        main(["play", "--game", "kit", "--bots", f"cmd:node {bot},random", "--seed", "1"])
    out = capsys.readouterr().out
    assert "bad.js:2" in out and "SyntaxError: Unexpected token" in out


@needs_node
def test_a_missing_module_is_named(tmp_path: Path) -> None:
    bot = tmp_path / "bot.js"
    bot.write_text("require('left-pad');\n")
    detail, _ = _play(f"cmd:node {bot}")
    assert "Cannot find module 'left-pad'" in detail


def test_a_bot_class_run_as_a_program_is_pointed_to_python(tmp_path: Path) -> None:
    bot = tmp_path / "my_bot.py"
    bot.write_text("from bots import Bot\n\nclass MyBot(Bot):\n    pass\n")
    detail, _ = _play(f"cmd:{sys.executable} {bot}")
    assert "No module named 'bots'" in detail and "python:my_bot:YourClass" in detail


def test_the_excerpt_keeps_head_and_tail() -> None:
    log = "\n".join(f"line {i}" for i in range(100))
    shown = excerpt(log, head=2, tail_lines=3)
    assert shown == ["line 0", "line 1", "[... 95 lines ...]", "line 97", "line 98", "line 99"]
    assert excerpt("a\x1b[2Kb") == ["a\\x1b[2Kb"]
