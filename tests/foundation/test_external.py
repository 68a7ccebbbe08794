"""External (cmd:) bots: the JSON-lines protocol, and failures of misbehaving programs."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

import engine
from bots import make_bot
from bots.external import ExternalBot, ExternalBotError
from harness.play.clock import TimeControl
from harness.play.match import play_match

ROOT = Path(__file__).resolve().parents[2]
PY = shlex.quote(sys.executable)


def script(tmp_path: Path, body: str) -> str:
    f = tmp_path / "bot.py"
    f.write_text("import json, sys, time\n" + body)
    return f"cmd:{PY} {shlex.quote(str(f))}"


def test_example_bot_plays_a_whole_game():
    spec = f"cmd:{PY} {shlex.quote(str(ROOT / 'examples' / 'first_legal_bot.py'))}"
    rec = play_match("kit", 2, [spec, "random"], seed=2, time_control=TimeControl(per_move=5.0))
    assert rec.outcome == "normal" and not rec.failures
    assert engine.replay(rec).is_terminal()
    # it always chose index 0 of the legal actions
    state = engine.make("kit", 2, 2)
    for m in rec.moves:
        a = engine.decode_action("kit", m.action)
        if m.seat == 0:
            assert a == state.legal_actions()[0]
        state.apply(a)


def test_bot_answering_with_an_action_object(tmp_path: Path):
    spec = script(tmp_path, (
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'act':\n"
        "        print(json.dumps(m['observation']['legal_actions'][-1]), flush=True)\n"
    ))
    rec = play_match("kit", 2, [spec, "random"], seed=1, time_control=TimeControl(per_move=5.0))
    assert rec.outcome == "normal"


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        ("for line in sys.stdin:\n    print('hello', flush=True)\n", "malformed"),
        ("for line in sys.stdin:\n    print(json.dumps({'index': 99}), flush=True)\n",
         "malformed"),
        ("for line in sys.stdin:\n    print(json.dumps({'type': 'Fly'}), flush=True)\n",
         "malformed"),
        ("for line in sys.stdin:\n    print(json.dumps({'type': 'Play', 'card': 42}),"
         " flush=True)\n", "illegal"),
        ("for line in sys.stdin:\n    time.sleep(60)\n", "timeout"),
        ("sys.exit(3)\n", "crash"),
    ],
)
def test_misbehaving_programs_are_recorded_and_replaced(tmp_path: Path, body: str, kind: str):
    # generous limit: a busy machine may take seconds to start a Python process
    limit = 2.0 if kind == "timeout" else 20.0
    rec = play_match("kit", 2, [script(tmp_path, body), "random"], seed=1,
                     time_control=TimeControl(per_move=limit))
    assert [f.kind for f in rec.failures] == [kind]
    assert rec.ranking[0] == 1 and engine.replay(rec).is_terminal()


def test_a_missing_program_is_a_clear_error():
    bot = make_bot("cmd:/nonexistent/bot --fast")
    assert isinstance(bot, ExternalBot)
    with pytest.raises(ExternalBotError, match="cannot start '/nonexistent/bot'"):
        bot.reset("kit", 2, 0, 0)


def test_a_bot_that_cannot_start_is_a_crash_and_the_game_goes_on():
    rec = play_match("kit", 2, ["random", "cmd:/nonexistent/bot"], seed=1)
    assert [(f.seat, f.kind) for f in rec.failures] == [(1, "crash")]
    assert "cannot start" in rec.failures[0].detail and rec.ranking == [0, 1]
    assert all(m.by_substitute for m in rec.moves if m.seat == 1)
