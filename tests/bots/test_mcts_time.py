"""A timed MCTS search does not start an iteration it cannot finish before its deadline
(a late answer is a timeout: the game is lost). Sleep-based, so a loaded machine only
makes the margin larger."""

from __future__ import annotations

import time

import pytest

import engine
from bots import mcts
from bots.mcts_rollout import Rollout

SLOW = 0.095


def test_the_last_iteration_ends_before_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Rollout.__call__

    def slow(self: Rollout, state: engine.State) -> list[float]:
        time.sleep(SLOW)
        return real(self, state)

    monkeypatch.setattr(Rollout, "__call__", slow)
    state = engine.make("kit", 2, 5)
    bot = mcts.MCTSBot(time=0.5)
    bot.reset("kit", 2, state.current_player(), 1)
    obs = state.observation(state.current_player())
    assert len(obs.legal_actions) > 1
    t0 = time.perf_counter()
    bot.act(obs, 0.5)
    used = time.perf_counter() - t0
    deadline = 0.5 * (1 - mcts.MARGIN_FRACTION) - mcts.MARGIN_SECONDS
    assert bot.stats.iterations >= 2
    # without the rule an iteration started just before the deadline ends up to SLOW later
    assert used < deadline + 0.02
