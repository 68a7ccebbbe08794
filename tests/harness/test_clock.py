"""Game clocks with an increment (`--clock 60+0.5`) for tournaments and ladders."""

from __future__ import annotations

import importlib
import time

import pytest

from bots.base import RandomBot
from engine.protocol import Action, Observation
from harness.play.clock import Clock, ClockError, TimeControl
from harness.play.match import play_game

HERE = "python:tests.harness.test_clock"


class SlowBot(RandomBot):
    """A random bot that takes `delay` seconds per decision and notes its time left."""

    seen: list[float | None] = []

    def __init__(self, delay: float = 0.05) -> None:
        super().__init__()
        self.delay = delay

    def act(self, observation: Observation, time_left: float | None) -> Action:
        SlowBot.seen.append(time_left)
        time.sleep(self.delay)
        return super().act(observation, time_left)


def test_parse_and_mistakes() -> None:
    assert Clock.parse("60+0.5") == Clock(60.0, 0.5)
    assert Clock.parse("5") == Clock(5.0, 0.0) and str(Clock(60, 0.5)) == "60+0.5"
    for bad in ("x", "1+y", "0+1", "5+-1"):
        with pytest.raises(ClockError):
            Clock.parse(bad)
    with pytest.raises(ClockError, match="not both"):
        TimeControl.of(1.0, "5+1")
    with pytest.raises(ClockError, match="must be positive"):
        TimeControl.of(0.0)


def test_the_clock_runs_down_and_the_increment_refills_it() -> None:
    spec_module = importlib.import_module(HERE.split(":")[1])  # the class the spec loads
    spec_module.SlowBot.seen = seen = []
    rec = play_game("kit", 2, [f"{HERE}:SlowBot:delay=0.01", "random"], 1, clock="5+0.1")
    assert rec.failures == [] and rec.outcome == "normal"
    assert len(seen) >= 3 and None not in seen
    assert seen[0] == 5.0  # the whole clock, then less than 0.1 back per decision
    assert all(t < 5.0 + 0.1 * k for k, t in enumerate(seen) if k)


def test_a_bot_whose_clock_runs_out_loses_on_time() -> None:
    rec = play_game("kit", 2, ["random", f"{HERE}:SlowBot:delay=0.06"], 2, clock="0.15")
    (fail,) = rec.failures
    assert (fail.seat, fail.kind) == (1, "timeout") and "game clock ran out" in fail.detail
    assert rec.ranking[1] == 1 and rec.bots[1].startswith(HERE)


def test_arena_play_reads_its_time_per_move_as_one_control(
        capsys: pytest.CaptureFixture[str]) -> None:
    from harness.cli.main import main

    with pytest.raises(SystemExit) as e:
        main(["play", "--game", "kit", "--time-per-move", "0"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.startswith("error:") and len(err.splitlines()) == 1
    assert "time_per_move must be positive" in err
    with pytest.raises(SystemExit) as e:
        main(["play", "--game", "kit", "--bots", f"{HERE}:SlowBot:delay=0.2,random",
              "--time-per-move", "0.02"])
    out = " ".join(capsys.readouterr().out.split())
    assert (e.value.code or 0) == 0 and "timeout at decision 0" in out
    assert "0.02s allowed" in out
