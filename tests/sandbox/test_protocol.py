"""The bot protocol people build on: version in reset, MessagePack framing, JSON Schema
(`arena schema`), and the example bots in examples/ (Python without the project; node)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import msgspec
import pytest

import engine
from bots.external import PROTOCOL_VERSION
from harness.cli.main import main
from harness.play.clock import TimeControl
from harness.play.match import play_match
from tests.sandbox.conftest import LIMITS, PY

ROOT = Path(__file__).resolve().parents[2]

MSGPACK_BOT = """import sys, msgspec
inp, out = sys.stdin.buffer, sys.stdout.buffer
enc = msgspec.msgpack.Encoder()
while True:
    size = inp.read(4)
    if len(size) < 4:
        break
    msg = msgspec.msgpack.decode(inp.read(int.from_bytes(size, "big")))
    if msg["type"] == "reset":
        print("reset", msg, file=sys.stderr)
    elif msg["type"] == "act":
        body = enc.encode(msg["observation"]["legal_actions"][-1])
        out.write(len(body).to_bytes(4, "big") + body)
        out.flush()
    else:
        break
"""


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(list(args))
    captured = capsys.readouterr()
    return int(exc.value.code or 0), captured.out, captured.err


def test_msgpack_framing_and_protocol_version(tmp_path: Path):
    (tmp_path / "bot.py").write_text(MSGPACK_BOT)
    rec = play_match("kit", 2, [f"cmd-msgpack:{PY} {tmp_path / 'bot.py'}", "random"], seed=4,
                     time_control=TimeControl(per_move=5.0), limits=LIMITS)
    assert rec.outcome == "normal" and engine.replay(rec).is_terminal()
    assert f"'protocol': {PROTOCOL_VERSION}" in rec.logs[0]


def test_python_example_does_not_import_the_project():
    text = (ROOT / "examples" / "first_legal_bot.py").read_text()
    imports = {w.split()[1] for w in text.splitlines() if w.startswith(("import ", "from "))}
    assert imports <= {"json", "sys"}


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_javascript_example_plays_reproducibly():
    spec = f"cmd:node {ROOT / 'examples' / 'random_bot.js'}"
    a, b = (play_match("kit", 2, [spec, "random"], seed=5, time_control=TimeControl(per_move=5.0))
            for _ in range(2))
    assert a.outcome == "normal" and not a.failures, a.failures
    assert [m.action for m in a.moves] == [m.action for m in b.moves]
    assert "playing kit as seat 0 of 2" in a.logs[0]


def test_schema_describes_messages_observations_and_actions(capsys):
    code, out, _ = run_cli(capsys, "schema", "kit")
    assert code == 0
    schema = json.loads(out)
    defs = schema["$defs"]
    assert {"reset", "act", "close", "observation", "action", "answer"} <= set(defs)
    assert defs["reset"]["properties"]["protocol"] == {"const": PROTOCOL_VERSION}
    # a real observation fits its schema's properties; every action kind is in the union
    state = engine.make("kit", 2, 1)
    obs = msgspec.to_builtins(state.observation(state.current_player()))
    obs_schema = defs[defs["observation"]["$ref"].split("/")[-1]]
    assert set(obs_schema["required"]) <= set(obs) <= set(obs_schema["properties"])
    kinds = {type(a).__name__ for a in state.legal_actions()}
    assert kinds <= set(defs["action"]["discriminator"]["mapping"])


def test_schema_of_an_unknown_game_is_one_line(capsys):
    code, _, err = run_cli(capsys, "schema", "chess")
    assert code == 2 and "unknown game 'chess'" in err and "Traceback" not in err


def test_play_isolate_from_the_command_line(capsys, tmp_path: Path):
    record = tmp_path / "g.json"
    code, out, _ = run_cli(capsys, "play", "--game", "kit", "--bots",
                           "python:bots.base:RandomBot,random", "--isolate",
                           "--time-per-move", "5", "--record", str(record))
    assert code == 0 and "record written" in out
