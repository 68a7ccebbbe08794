"""The starter kits of examples/starter: each kit bot plays one game against random through
the sandbox, legally (no failure of any kind), in a few seconds."""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path

import pytest

from harness.play.match import play_match

STARTER = Path(__file__).resolve().parents[2] / "examples" / "starter"
PY = shlex.quote(sys.executable)

needs_node = pytest.mark.skipif(shutil.which("node") is None,
                                reason="node is not installed (the JavaScript kit needs it)")


def spec(runtime: str, bot: str, *kit: str) -> str:
    """A `cmd:` spec naming the bot and the kit files it brings into the sandbox."""
    return f"cmd:{runtime} " + " ".join(shlex.quote(str(STARTER / f)) for f in (bot, *kit))


def check(game: str, bot_spec: str) -> None:
    rec = play_match(game, 2, [bot_spec, "random"], seed=1, time_per_move=5.0)
    assert rec.outcome == "normal" and not rec.failures, (rec.failures, rec.logs)


@needs_node
def test_dragon_castle_js_bot_plays_legally() -> None:
    check("dragon_castle", spec("node", "dragon_castle_bot.js", "kit.js",
                                "kit_dragon_castle.js"))


def test_rotunda_python_bot_plays_legally() -> None:
    check("rotunda", spec(PY, "rotunda_bot.py", "kit.py", "kit_rotunda.py"))
