"""The `ordered` playout: the rest of the turn by the rule-based bot's cheap move values."""

from __future__ import annotations

import random

import engine
from bots.mcts import MCTSBot
from bots.mcts_leaf import BotLeaf
from bots.mcts_rollout import CutoffRollout, OrderedRollout, heuristic_bots
from bots.seeds import Seeds


def test_ordered_playout_finishes_the_turn_by_the_best_action_values() -> None:
    state = engine.make("dragon_castle", 2, 3)
    bots = heuristic_bots("dragon_castle", 2, Seeds(0))
    assert bots is not None
    seat = state.current_player()
    expected = state.clone()
    while not expected.is_terminal() and expected.current_player() == seat:
        obs = expected.observation(seat)
        vals = bots[seat].action_values(obs)
        best = max(range(len(vals)), key=vals.__getitem__)
        expected.apply(obs.legal_actions[best])
    start = engine.digest(state)
    playout = OrderedRollout(random.Random(0), depth=0, bots=bots)
    values = playout(state)
    assert engine.digest(state) == engine.digest(expected) != start  # at least one decision
    assert len(values) == 2 and all(0 <= v <= 1 for v in values)


def test_ordered_falls_back_to_random_without_a_rule_based_bot() -> None:
    bot = MCTSBot(iters=20, rollout="ordered")
    state = engine.make("kit", 2, 1)
    bot.reset("kit", 2, state.current_player(), 0)
    assert bot.act(state.observation(state.current_player()), None) in state.legal_actions()


def test_leaf_bot_values_a_cut_playout_by_the_bots_position_values() -> None:
    """`leaf=bot`: where a playout stops before the end, the rule-based bot's
    `position_values` give the rewards, not `State.heuristic`; a finished game still
    gives its ranks."""
    from bots.heuristic.dragon_castle import HeuristicBot
    from bots.heuristic.dragon_castle_values import position_values

    state = engine.make("dragon_castle", 2, 3)
    judge = HeuristicBot()
    playout = CutoffRollout(random.Random(0), BotLeaf(judge), depth=3)
    cut = state.clone()
    values = playout(cut)
    assert not cut.is_terminal()
    assert values == position_values(cut) != [cut.heuristic(0), cut.heuristic(1)]
    assert all(0 < v < 1 for v in values)
    ended = engine.make("dragon_castle", 2, 3)
    rng = random.Random(1)
    while not ended.is_terminal():
        ended.apply_legal(rng.choice(ended.legal_actions()))
    assert playout.leaf(ended) == [1.0 - r for r in ended.ranking()]


def test_the_threat_counts_for_the_seat_about_to_take() -> None:
    """The seat to move at a turn's start is credited with its best take (`threat`), so
    of two seats with equal realms it is ahead."""
    from bots.heuristic.dragon_castle_values import position_values

    state = engine.make("dragon_castle", 2, 5)  # nobody has placed anything yet
    values = position_values(state)
    mover = state.current_player()
    assert values[mover] > 0.5 > values[1 - mover]


def test_leaf_bot_without_position_values_reads_the_games_heuristic() -> None:
    bot = MCTSBot(iters=30, rollout="cutoff", depth=2, leaf="bot")
    state = engine.make("kit", 2, 1)
    bot.reset("kit", 2, state.current_player(), 0)
    assert bot.act(state.observation(state.current_player()), None) in state.legal_actions()
