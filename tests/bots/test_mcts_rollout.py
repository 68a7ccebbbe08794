"""The `ordered` playout: the rest of the turn by the rule-based bot's cheap move values."""

from __future__ import annotations

import random

import engine
from bots.mcts import MCTSBot
from bots.mcts_rollout import Playout, heuristic_bots


def test_ordered_playout_finishes_the_turn_by_the_best_action_values() -> None:
    state = engine.make("dragon_castle", 2, 3)
    bots = heuristic_bots("dragon_castle", 2, 0)
    assert bots is not None
    seat = state.current_player()
    expected = state.clone()
    while not expected.is_terminal() and expected.current_player() == seat:
        obs = expected.observation(seat)
        vals = bots[seat].action_values(obs)
        best = max(range(len(vals)), key=vals.__getitem__)
        expected.apply(obs.legal_actions[best])
    playout = Playout("ordered", random.Random(0), max_steps=10**6, depth=0, bots=bots)
    values = playout(state)
    assert engine.digest(state) == engine.digest(expected)
    assert playout.steps >= 1 and len(values) == 2 and all(0 <= v <= 1 for v in values)


def test_ordered_falls_back_to_random_without_a_rule_based_bot() -> None:
    bot = MCTSBot(iters=20, rollout="ordered")
    state = engine.make("kit", 2, 1)
    bot.reset("kit", 2, state.current_player(), 0)
    assert bot.act(state.observation(state.current_player()), None) in state.legal_actions()
