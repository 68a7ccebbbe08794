"""`--isolate`: Python bots out of process in the sandbox, through bots/sandbox_runner.py;
the project's own bots stay in-process; tournaments pass the flag to their games."""

from __future__ import annotations

import sys
from pathlib import Path

import msgspec
import pytest

import engine
import harness.sandbox.isolate as sandbox
from engine.record import decode_json
from harness.play.clock import TimeControl
from harness.play.match import play_match
from harness.sandbox.isolate import SandboxedBot, make_player
from harness.tournaments.runner import play_batch
from harness.tournaments.schedule import TournamentSpec
from tests.sandbox.conftest import LIMITS, needs_isolation

BOT = """import os, sys
from bots import Bot

class Probe(Bot):
    name = "probe"

    def act(self, observation, time_left):
{body}
        print("uid", os.getuid(), "cwd", os.getcwd())  # print() goes to the log
        return observation.legal_actions[-1]
"""


@pytest.fixture
def user_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A user's Python bot module (`python:<name>:Probe`) whose act runs BODY first."""
    monkeypatch.syspath_prepend(str(tmp_path))
    count = iter(range(100))

    def make(body: str = "pass") -> str:
        name = f"user_bot_{next(count)}"
        (tmp_path / f"{name}.py").write_text(
            BOT.format(body="\n".join(" " * 8 + s for s in body.splitlines())))
        return f"python:{name}:Probe"

    return make


def test_only_foreign_bots_are_isolated():
    assert isinstance(make_player("python:bots.base:RandomBot", True), SandboxedBot)
    assert not isinstance(make_player("python:bots.base:RandomBot", False), SandboxedBot)
    assert not isinstance(make_player("random", True), SandboxedBot)
    assert isinstance(make_player("cmd:./bot", False), SandboxedBot)  # cmd: always


@needs_isolation
def test_a_python_bot_plays_in_the_sandbox(user_bot):
    spec = user_bot()
    rec = play_match("kit", 2, [spec, "random"], seed=3,
                     time_control=TimeControl(per_move=5.0), isolate=True,
                     limits=LIMITS)
    assert rec.outcome == "normal" and engine.replay(rec).is_terminal(), (rec.failures, rec.logs)
    assert int(rec.logs[0].split()[1]) >= sandbox.UID_BASE and "cwd /bot" in rec.logs[0]
    assert spec.split(":")[1] not in sys.modules  # never imported by the harness


@needs_isolation
@pytest.mark.parametrize(("body", "kind"), [
    ("open(os.path.expanduser('~root/.bashrc')).read()", "forbidden"),
    ("x = bytearray(4 << 30)", "memory"),
    ("raise ValueError('oops')", "crash"),
    ("return 42", "malformed"),
])
def test_a_failing_python_bot_is_recorded(user_bot, body: str, kind: str):
    rec = play_match("kit", 2, [user_bot(body), "random"], seed=3,
                     time_control=TimeControl(per_move=5.0),
                     isolate=True, limits=LIMITS)
    assert [f.kind for f in rec.failures] == [kind], rec.failures
    assert rec.ranking[0] == 1 and engine.replay(rec).is_terminal()


def test_without_isolation_the_record_says_so(monkeypatch: pytest.MonkeyPatch, capfd):
    monkeypatch.setattr(sandbox, "isolation", lambda: "testing the fallback")
    monkeypatch.setattr(sandbox, "_warned", False)
    rec = play_match("kit", 2, ["python:bots.base:RandomBot", "random"], seed=3,
                     time_control=TimeControl(per_move=5.0), isolate=True, limits=LIMITS)
    assert rec.outcome == "normal"
    assert rec.notes == ["seat 0: python:bots.base:RandomBot: not isolated (testing the "
                         "fallback): ran as this user, with network access"]
    assert capfd.readouterr().err.count("warning: sandbox: testing the fallback") == 1


@needs_isolation
def test_tournament_games_pass_isolate_on(user_bot):
    spec = TournamentSpec(game="kit", num_players=2, bots=(user_bot(), "random"),
                          modules=("tests.kitgame",), isolate=True, time_per_move=5.0)
    played = play_batch(spec.to_json(), [(0, 1, spec.bots)])[0]
    assert played.error is None and played.outcome == "normal"
    assert "cwd /bot" in decode_json(played.record).logs[0]
    old = msgspec.json.decode(spec.to_json().replace(',"isolate":true', ""),
                              type=TournamentSpec)
    assert old.isolate is False  # specs stored before the flag still load


POLICY = """import os
import numpy as np

def policy(observation, action_mask):
    print("uid", os.getuid(), "cwd", os.getcwd(), flush=True)
    with open({target!r}, "w") as f:  # outside the sandbox: must fail
        f.write("escaped")
    return int(np.flatnonzero(action_mask)[0])
"""


def test_a_policy_is_user_code_and_runs_in_the_sandbox(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch):
    """`policy:` functions are the author's code like `python:` bots (issue 34): with
    --isolate, and on ladders, they run in the sandbox, not in the harness."""
    target = tmp_path / "escaped.txt"
    (tmp_path / "user_policy.py").write_text(POLICY.format(target=str(target)))
    monkeypatch.syspath_prepend(str(tmp_path))
    assert isinstance(make_player("policy:user_policy:policy", True), SandboxedBot)
    assert not isinstance(make_player("openspiel:mcts", True), SandboxedBot)
    if sandbox.isolation():
        pytest.skip(sandbox.isolation())
    rec = play_match("kit", 2, ["policy:user_policy:policy", "random"], seed=3,
                     time_control=TimeControl(per_move=5.0), isolate=True, limits=LIMITS)
    assert not target.exists()
    # its private /tmp has no such folder: a crash on FileNotFoundError
    assert [f.kind for f in rec.failures] == ["crash"], rec.failures
    assert "No such file" in rec.failures[0].detail
    assert "cwd /bot" in rec.logs[0] and "user_policy" not in sys.modules
